// -accel-sink-transposes (graph/transforms/Passes.td): a transpose of a
// gemm's rows after the gemm, where its result is only sliced.
// RUN: accel-graph-opt -accel-sink-transposes -canonicalize %s | FileCheck %s

// A transpose of a gemm's rows (PyTorch's batch-first encoder turned
// sequence-first before its q, k, v projection) goes after the gemm when
// the result is only sliced; not when something else reads it, nor when
// the transpose moves the innermost dimension.
// CHECK-LABEL: func.func @sink_transpose
// CHECK-NEXT: %[[R:.*]] = accel.reshape %arg0 : (tensor<2x4x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: %[[G:.*]] = accel.gemm %[[R]], %arg1 : (tensor<8x8xf32>, tensor<8x6xf32>) -> tensor<8x6xf32>
// CHECK-NEXT: %[[B:.*]] = accel.reshape %[[G]] : (tensor<8x6xf32>) -> tensor<2x4x6xf32>
// CHECK-NEXT: %[[T:.*]] = accel.transpose %[[B]] {perm = array<i64: 1, 0, 2>} : (tensor<2x4x6xf32>) -> tensor<4x2x6xf32>
// CHECK-NEXT: accel.slice %[[T]]
// CHECK-NEXT: accel.slice %[[T]]
// CHECK-NEXT: accel.transpose %arg0
// CHECK-NEXT: accel.reshape
// CHECK-NEXT: accel.gemm
// CHECK-NEXT: accel.reshape
// CHECK-NEXT: accel.elementwise exp
func.func @sink_transpose(%x: tensor<2x4x8xf32>, %w: tensor<8x6xf32>) -> (tensor<4x2x3xf32>, tensor<4x2x3xf32>, tensor<4x2x6xf32>) {
  %t = accel.transpose %x {perm = array<i64: 1, 0, 2>} : (tensor<2x4x8xf32>) -> tensor<4x2x8xf32>
  %r = accel.reshape %t : (tensor<4x2x8xf32>) -> tensor<8x8xf32>
  %g = accel.gemm %r, %w : (tensor<8x8xf32>, tensor<8x6xf32>) -> tensor<8x6xf32>
  %b = accel.reshape %g : (tensor<8x6xf32>) -> tensor<4x2x6xf32>
  %s0 = accel.slice %b {starts = array<i64: 0, 0, 0>, steps = array<i64: 1, 1, 1>} : (tensor<4x2x6xf32>) -> tensor<4x2x3xf32>
  %s1 = accel.slice %b {starts = array<i64: 0, 0, 3>, steps = array<i64: 1, 1, 1>} : (tensor<4x2x6xf32>) -> tensor<4x2x3xf32>
  %t2 = accel.transpose %x {perm = array<i64: 1, 0, 2>} : (tensor<2x4x8xf32>) -> tensor<4x2x8xf32>
  %r2 = accel.reshape %t2 : (tensor<4x2x8xf32>) -> tensor<8x8xf32>
  %g2 = accel.gemm %r2, %w : (tensor<8x8xf32>, tensor<8x6xf32>) -> tensor<8x6xf32>
  %b2 = accel.reshape %g2 : (tensor<8x6xf32>) -> tensor<4x2x6xf32>
  %e = accel.elementwise exp %b2 : (tensor<4x2x6xf32>) -> tensor<4x2x6xf32>
  return %s0, %s1, %e : tensor<4x2x3xf32>, tensor<4x2x3xf32>, tensor<4x2x6xf32>
}
