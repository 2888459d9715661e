// -accel-plan-memory (ConcatInPlace.cpp): a concat along a dimension with
// only 1s before it takes its buffer at its first input's definition; each
// input's producer writes into its part of it, and the concat is a view
// (no call). Otherwise a concat is a copy as before. Offsets worked out by
// hand below.
// RUN: accel-graph-opt -accel-plan-memory %s | FileCheck %s

// x: [0, 256). a (relu of x, 256 bytes) is the concat's second part: the
// concat's 512 bytes at 256, a at 256 + 256 = 512 (not over x in place).
// b, the first part, at 256; the concat, a view, at 256; y (its relu) in
// place over it.
// CHECK-LABEL: func.func @skip
// CHECK-SAME: accel.arena_bytes = 768 : i64
// CHECK: %[[A:.*]] = accel.elementwise relu %arg0 {accel.offset = 512 : i64}
// CHECK: %[[B:.*]] = accel.elementwise sigmoid %[[A]] {accel.offset = 256 : i64}
// CHECK: %[[C:.*]] = accel.concat %[[B]], %[[A]] {accel.offset = 256 : i64, accel.view, axis = 1 : i64}
// CHECK: accel.elementwise relu %[[C]] {accel.offset = 256 : i64}
func.func @skip(%x: tensor<1x4x4x4xf32>) -> tensor<1x8x4x4xf32> {
  %a = accel.elementwise relu %x : (tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %b = accel.elementwise sigmoid %a : (tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %c = accel.concat %b, %a {axis = 1 : i64} : (tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>) -> tensor<1x8x4x4xf32>
  %y = accel.elementwise relu %c : (tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  return %y : tensor<1x8x4x4xf32>
}

// Copies: a batch of 2 before the axis (the parts interleave); an input
// twice; a slice of an argument (a view); a part not on a 64-byte boundary
// (after 3 floats); a concat of a concat.
// CHECK-LABEL: func.func @copies
// CHECK-NOT: accel.concat {{.*}}accel.view
// CHECK: return
func.func @copies(%x: tensor<2x4x4x4xf32>, %s: tensor<1x3xf32>) -> (tensor<2x8x4x4xf32>, tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>, tensor<1x7xf32>) {
  %a = accel.elementwise relu %x : (tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  %b = accel.elementwise sigmoid %x : (tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  %c = accel.concat %a, %b {axis = 1 : i64} : (tensor<2x4x4x4xf32>, tensor<2x4x4x4xf32>) -> tensor<2x8x4x4xf32>
  %x1 = accel.slice %x {starts = array<i64: 0, 0, 0, 0>, ends = array<i64: 1, 4, 4, 4>, axes = array<i64: 0, 1, 2, 3>, steps = array<i64: 1, 1, 1, 1>} : (tensor<2x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %r = accel.elementwise relu %x1 : (tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %d = accel.concat %r, %r {axis = 1 : i64} : (tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>) -> tensor<1x8x4x4xf32>
  %e = accel.concat %x1, %r {axis = 1 : i64} : (tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>) -> tensor<1x8x4x4xf32>
  %t = accel.elementwise relu %s : (tensor<1x3xf32>) -> tensor<1x3xf32>
  %u = accel.elementwise relu %s : (tensor<1x3xf32>) -> tensor<1x3xf32>
  %w = accel.elementwise sigmoid %s : (tensor<1x3xf32>) -> tensor<1x3xf32>
  %v = accel.concat %t, %w {axis = 1 : i64} : (tensor<1x3xf32>, tensor<1x3xf32>) -> tensor<1x6xf32>
  %z = accel.concat %v, %u {axis = 1 : i64} : (tensor<1x6xf32>, tensor<1x3xf32>) -> tensor<1x9xf32>
  %zz = accel.slice %z {starts = array<i64: 0, 0>, ends = array<i64: 1, 7>, axes = array<i64: 0, 1>, steps = array<i64: 1, 1>} : (tensor<1x9xf32>) -> tensor<1x7xf32>
  return %c, %d, %e, %zz : tensor<2x8x4x4xf32>, tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>, tensor<1x7xf32>
}
