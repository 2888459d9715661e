// -accel-plan-memory: every tensor an offset in one DRAM arena (64-byte
// aligned, first fit, dead tensors' bytes reused), reshapes in their
// input's bytes, elementwise ops in place over a dying input of the same
// shape, never over an argument. Offsets worked out by hand below.
// RUN: accel-graph-opt -accel-plan-memory %s | FileCheck %s

// x: [0, 128). h: 256 bytes at 128 (nothing free yet); x dies at the
// matmul. hb over h (h dies at the add, same shape), r over hb. y: 48
// bytes, 64 aligned, first fit into x's freed [0, 128): 0.
// Peak 384; without planning 128 + 3 x 256 + 64 = 960.
// CHECK-LABEL: func.func @mlp
// CHECK-SAME: accel.arena_bytes = 384 : i64, accel.arg_offsets = array<i64: 0>, accel.unplanned_bytes = 960 : i64
// CHECK: accel.matmul {{.*}} {accel.offset = 128 : i64}
// CHECK: accel.elementwise add {{.*}} {accel.offset = 128 : i64}
// CHECK: accel.elementwise relu {{.*}} {accel.offset = 128 : i64}
// CHECK: accel.matmul {{.*}} {accel.offset = 0 : i64}
func.func @mlp(%x: tensor<4x8xf32>) -> tensor<4x3xf32> {
  %w1 = arith.constant dense<1.0> : tensor<8x16xf32>
  %b1 = arith.constant dense<0.5> : tensor<16xf32>
  %w2 = arith.constant dense<2.0> : tensor<16x3xf32>
  %h = accel.matmul %x, %w1 : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %hb = accel.elementwise add %h, %b1 : (tensor<4x16xf32>, tensor<16xf32>) -> tensor<4x16xf32>
  %r = accel.elementwise relu %hb : (tensor<4x16xf32>) -> tensor<4x16xf32>
  %y = accel.matmul %r, %w2 : (tensor<4x16xf32>, tensor<16x3xf32>) -> tensor<4x3xf32>
  return %y : tensor<4x3xf32>
}

// a is read again by the mul, so the relu cannot take its bytes (and an
// argument never gives them up): a [0, 256), r [256, 512). t is r's bytes;
// s is in place over t (same shape [64], dies at the add), v is s's bytes,
// z in place over v (a is an argument). Peak 512; without planning four
// tensors of 256 bytes (the reshapes are views), 1024.
// CHECK-LABEL: func.func @aliases
// CHECK-SAME: accel.arena_bytes = 512 : i64, accel.arg_offsets = array<i64: 0>, accel.unplanned_bytes = 1024 : i64
// CHECK: accel.elementwise relu {{.*}} {accel.offset = 256 : i64}
// CHECK: accel.reshape {{.*}} {accel.offset = 256 : i64}
// CHECK: accel.elementwise add {{.*}} {accel.offset = 256 : i64}
// CHECK: accel.reshape {{.*}} {accel.offset = 256 : i64}
// CHECK: accel.elementwise mul {{.*}} {accel.offset = 256 : i64}
func.func @aliases(%a: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %b = arith.constant dense<1.0> : tensor<64xf32>
  %r = accel.elementwise relu %a : (tensor<4x16xf32>) -> tensor<4x16xf32>
  %t = accel.reshape %r : (tensor<4x16xf32>) -> tensor<64xf32>
  %s = accel.elementwise add %t, %b : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %v = accel.reshape %s : (tensor<64xf32>) -> tensor<4x16xf32>
  %z = accel.elementwise mul %a, %v : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  return %z : tensor<4x16xf32>
}

// A value nothing reads dies where it is made: its bytes are free for the
// next. x [0, 64); d (unread) [64, 128), then e reuses [64, 128).
// CHECK-LABEL: func.func @unread
// CHECK-SAME: accel.arena_bytes = 128 : i64
// CHECK: accel.elementwise exp {{.*}} {accel.offset = 64 : i64}
// CHECK: accel.elementwise neg {{.*}} {accel.offset = 64 : i64}
func.func @unread(%x: tensor<16xf32>) -> tensor<16xf32> {
  %d = accel.elementwise exp %x : (tensor<16xf32>) -> tensor<16xf32>
  %e = accel.elementwise neg %x : (tensor<16xf32>) -> tensor<16xf32>
  return %e : tensor<16xf32>
}

// Views (Views.h): a transpose and a slice whose readers take strided
// operands with unit innermost stride share their input's bytes, with the
// view's first element as offset and its strides in elements. x [0, 384)
// is [4, 2, 12]; t = transpose [1, 0, 2] is x's bytes with strides
// [12, 24, 1]; s = x[:, :, 4:10] starts 16 bytes in, strides [24, 12, 1];
// u reads t, w reads s; both results new: u [384, 768), w [768, 960).
// Without planning x, u and w: 384 + 384 + 192 = 960 (views are free).
// CHECK-LABEL: func.func @views
// CHECK-SAME: accel.unplanned_bytes = 960 : i64
// CHECK: accel.transpose {{.*}} {accel.offset = 0 : i64, accel.strides = array<i64: 12, 24, 1>, accel.view, perm = array<i64: 1, 0, 2>}
// CHECK: accel.slice {{.*}} {accel.offset = 16 : i64, accel.strides = array<i64: 24, 12, 1>, accel.view, starts = array<i64: 0, 0, 4>
// CHECK: accel.elementwise relu {{.*}} {accel.offset = 384 : i64}
// CHECK: accel.elementwise exp {{.*}} {accel.offset = 768 : i64}
func.func @views(%x: tensor<4x2x12xf32>) -> (tensor<2x4x12xf32>, tensor<4x2x6xf32>) {
  %t = accel.transpose %x {perm = array<i64: 1, 0, 2>} : (tensor<4x2x12xf32>) -> tensor<2x4x12xf32>
  %s = accel.slice %x {starts = array<i64: 0, 0, 4>, steps = array<i64: 1, 1, 1>} : (tensor<4x2x12xf32>) -> tensor<4x2x6xf32>
  %u = accel.elementwise relu %t : (tensor<2x4x12xf32>) -> tensor<2x4x12xf32>
  %w = accel.elementwise exp %s : (tensor<4x2x6xf32>) -> tensor<4x2x6xf32>
  return %u, %w : tensor<2x4x12xf32>, tensor<4x2x6xf32>
}

// Not views: a transpose that moves the innermost dimension (its reader
// would move lone floats), a function result, a reader that takes no
// strides (softmax), a reshape of a slice that strides cannot say
// ([4, 2, 6] -> [4, 12]: each row spans the gap between the slices), and
// a slice of a constant (which is not in the arena).
// CHECK-LABEL: func.func @not_views
// CHECK-NOT: accel.view
// CHECK: return
func.func @not_views(%x: tensor<4x2x12xf32>) -> (tensor<12x2x4xf32>, tensor<2x4x12xf32>, tensor<2x4x12xf32>, tensor<4x12xf32>, tensor<2x4xf32>) {
  %c = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0], [6.0, 7.0, 8.0, 9.0, 10.0]]> : tensor<2x5xf32>
  %cs = accel.slice %c {starts = array<i64: 0, 1>, steps = array<i64: 1, 1>} : (tensor<2x5xf32>) -> tensor<2x4xf32>
  %ce = accel.elementwise exp %cs : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %t = accel.transpose %x {perm = array<i64: 2, 1, 0>} : (tensor<4x2x12xf32>) -> tensor<12x2x4xf32>
  %u = accel.elementwise relu %t : (tensor<12x2x4xf32>) -> tensor<12x2x4xf32>
  %r = accel.transpose %x {perm = array<i64: 1, 0, 2>} : (tensor<4x2x12xf32>) -> tensor<2x4x12xf32>
  %q = accel.transpose %x {perm = array<i64: 1, 0, 2>} : (tensor<4x2x12xf32>) -> tensor<2x4x12xf32>
  %p = accel.softmax %q {axis = 2} : (tensor<2x4x12xf32>) -> tensor<2x4x12xf32>
  %s = accel.slice %x {starts = array<i64: 0, 0, 0>, steps = array<i64: 1, 1, 1>} : (tensor<4x2x12xf32>) -> tensor<4x2x6xf32>
  %m = accel.reshape %s : (tensor<4x2x6xf32>) -> tensor<4x12xf32>
  %e = accel.elementwise exp %m : (tensor<4x12xf32>) -> tensor<4x12xf32>
  return %u, %r, %p, %e, %ce : tensor<12x2x4xf32>, tensor<2x4x12xf32>, tensor<2x4x12xf32>, tensor<4x12xf32>, tensor<2x4xf32>
}

// A reshape of a view that strides can say ([2, 4, 12] view -> [2, 4, 3,
// 4]: the last dimension split) keeps it a view, strides [12, 24, 4, 1].
// CHECK-LABEL: func.func @view_reshape
// CHECK: accel.transpose {{.*}} {accel.offset = 0 : i64, accel.strides = array<i64: 12, 24, 1>, accel.view
// CHECK: accel.reshape {{.*}} {accel.offset = 0 : i64, accel.strides = array<i64: 12, 24, 4, 1>}
func.func @view_reshape(%x: tensor<4x2x12xf32>) -> tensor<2x4x3x4xf32> {
  %t = accel.transpose %x {perm = array<i64: 1, 0, 2>} : (tensor<4x2x12xf32>) -> tensor<2x4x12xf32>
  %r = accel.reshape %t : (tensor<2x4x12xf32>) -> tensor<2x4x3x4xf32>
  %e = accel.elementwise exp %r : (tensor<2x4x3x4xf32>) -> tensor<2x4x3x4xf32>
  return %e : tensor<2x4x3x4xf32>
}

// A layer norm takes a transposed view as its input or residual when the
// normalized dimensions stay one run: t (x's [4, 2, 12] as [2, 4, 12],
// strides [12, 24, 1]) normalized over the last axis is a view; over the
// last two ([4, 12] with strides [24, 1]: a gap after each line of 12) it
// is not, and the transpose q is computed.
// CHECK-LABEL: func.func @norm_views
// CHECK: accel.transpose {{.*}} {accel.offset = 0 : i64, accel.strides = array<i64: 12, 24, 1>, accel.view
// CHECK: accel.transpose
// CHECK-NOT: accel.view
// CHECK: accel.layernorm
// CHECK: accel.layernorm
func.func @norm_views(%x: tensor<4x2x12xf32>, %y: tensor<2x4x12xf32>) -> (tensor<2x4x12xf32>, tensor<2x4x12xf32>) {
  %g = arith.constant dense<1.0> : tensor<12xf32>
  %g2 = arith.constant dense<1.0> : tensor<4x12xf32>
  %t = accel.transpose %x {perm = array<i64: 1, 0, 2>} : (tensor<4x2x12xf32>) -> tensor<2x4x12xf32>
  %q = accel.transpose %x {perm = array<i64: 1, 0, 2>} : (tensor<4x2x12xf32>) -> tensor<2x4x12xf32>
  %l = accel.layernorm %y residual %t, %g {axis = 2, epsilon = 1.0e-5 : f32} : (tensor<2x4x12xf32>, tensor<2x4x12xf32>, tensor<12xf32>) -> tensor<2x4x12xf32>
  %m = accel.layernorm %q, %g2 {axis = 1, epsilon = 1.0e-5 : f32} : (tensor<2x4x12xf32>, tensor<4x12xf32>) -> tensor<2x4x12xf32>
  return %l, %m : tensor<2x4x12xf32>, tensor<2x4x12xf32>
}

// A transpose whose input only it reads, made by attention or a layer
// norm (kernels that write any strides), is that op's transposed store:
// the producer writes [2, 4, 3] with strides [3, 6, 1] (the transpose's
// [4, 2, 3] row-major, its dims put back), the transpose is a view of
// the same bytes with no code. Not so: a layer norm over its last two
// dims (its lines would not be one run), a transpose that moves the
// innermost dimension, and a result read twice.
// CHECK-LABEL: func.func @stored_transposes
// CHECK: %[[A:.*]] = accel.attention {{.*}} {accel.offset = [[OA:[0-9]+]] : i64, accel.strides = array<i64: 3, 6, 1>, scale
// CHECK-NEXT: accel.transpose %[[A]] {accel.offset = [[OA]] : i64, accel.view, perm
// CHECK-NEXT: %[[L:.*]] = accel.layernorm {{.*}} {accel.offset = [[OL:[0-9]+]] : i64, accel.strides = array<i64: 3, 6, 1>, axis = 2
// CHECK-NEXT: accel.transpose %[[L]] {accel.offset = [[OL]] : i64, accel.view, perm
// CHECK-NEXT: accel.layernorm {{.*}} {accel.offset = {{[0-9]+}} : i64, axis = 1
// CHECK-NEXT: accel.transpose {{.*}} {accel.offset = {{[0-9]+}} : i64, perm
// CHECK-NEXT: accel.attention {{.*}} {accel.offset = {{[0-9]+}} : i64, scale
// CHECK-NEXT: accel.transpose {{.*}} {accel.offset = {{[0-9]+}} : i64, perm = array<i64: 0, 2, 1>}
// CHECK-NEXT: accel.attention {{.*}} {accel.offset = {{[0-9]+}} : i64, scale
// CHECK-NEXT: accel.transpose {{.*}} {accel.offset = {{[0-9]+}} : i64, perm
func.func @stored_transposes(%q: tensor<2x4x3xf32>, %g: tensor<3xf32>, %g2: tensor<4x3xf32>) -> (tensor<4x2x3xf32>, tensor<4x2x3xf32>, tensor<4x2x3xf32>, tensor<2x3x4xf32>, tensor<4x2x3xf32>, tensor<2x4x3xf32>) {
  %a = accel.attention %q, %q, %q {scale = 1.0 : f32} : (tensor<2x4x3xf32>, tensor<2x4x3xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  %at = accel.transpose %a {perm = array<i64: 1, 0, 2>} : (tensor<2x4x3xf32>) -> tensor<4x2x3xf32>
  %l = accel.layernorm %q, %g {axis = 2, epsilon = 1.0e-5 : f32} : (tensor<2x4x3xf32>, tensor<3xf32>) -> tensor<2x4x3xf32>
  %lt = accel.transpose %l {perm = array<i64: 1, 0, 2>} : (tensor<2x4x3xf32>) -> tensor<4x2x3xf32>
  %m = accel.layernorm %q, %g2 {axis = 1, epsilon = 1.0e-5 : f32} : (tensor<2x4x3xf32>, tensor<4x3xf32>) -> tensor<2x4x3xf32>
  %mt = accel.transpose %m {perm = array<i64: 1, 0, 2>} : (tensor<2x4x3xf32>) -> tensor<4x2x3xf32>
  %b = accel.attention %q, %q, %q {scale = 1.0 : f32} : (tensor<2x4x3xf32>, tensor<2x4x3xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  %bt = accel.transpose %b {perm = array<i64: 0, 2, 1>} : (tensor<2x4x3xf32>) -> tensor<2x3x4xf32>
  %c = accel.attention %q, %q, %q {scale = 1.0 : f32} : (tensor<2x4x3xf32>, tensor<2x4x3xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  %ct = accel.transpose %c {perm = array<i64: 1, 0, 2>} : (tensor<2x4x3xf32>) -> tensor<4x2x3xf32>
  return %at, %lt, %mt, %bt, %ct, %c : tensor<4x2x3xf32>, tensor<4x2x3xf32>, tensor<4x2x3xf32>, tensor<2x3x4xf32>, tensor<4x2x3xf32>, tensor<2x4x3xf32>
}

// A view through a transpose its producer stores: %at is first a view of
// the attention's result, whose reshape needs a finer shape that the
// gemm_norm's transpose cannot pass on, so it becomes the attention's
// transposed store; the transpose after the reshape is then a view of
// plain bytes (strides [6, 12, 1]), not a copy.
// CHECK-LABEL: func.func @view_after_stored
// CHECK: %[[A:.*]] = accel.attention {{.*}} {accel.offset = [[O:[0-9]+]] : i64, accel.strides = array<i64: 3, 12, 1>, scale
// CHECK-NEXT: %[[T:.*]] = accel.transpose %[[A]] {accel.offset = [[O]] : i64, accel.view, perm
// CHECK-NEXT: %[[R:.*]] = accel.reshape %[[T]] {accel.offset = [[O]] : i64}
// CHECK-NEXT: %[[V:.*]] = accel.transpose %[[R]] {accel.offset = [[O]] : i64, accel.strides = array<i64: 6, 12, 1>, accel.view, perm
// CHECK-NEXT: accel.gemm_norm %[[V]]
func.func @view_after_stored(%q: tensor<4x2x3xf32>, %w: tensor<6x6xf32>, %x: tensor<2x2x6xf32>, %g: tensor<6xf32>) -> tensor<2x2x6xf32> {
  %a = accel.attention %q, %q, %q {scale = 1.0 : f32} : (tensor<4x2x3xf32>, tensor<4x2x3xf32>, tensor<4x2x3xf32>) -> tensor<4x2x3xf32>
  %at = accel.transpose %a {perm = array<i64: 1, 0, 2>} : (tensor<4x2x3xf32>) -> tensor<2x4x3xf32>
  %r = accel.reshape %at : (tensor<2x4x3xf32>) -> tensor<2x2x6xf32>
  %t = accel.transpose %r {perm = array<i64: 1, 0, 2>} : (tensor<2x2x6xf32>) -> tensor<2x2x6xf32>
  %n = accel.gemm_norm %t, %w residual %x, %g {epsilon = 1.0e-5 : f32} : (tensor<2x2x6xf32>, tensor<6x6xf32>, tensor<2x2x6xf32>, tensor<6xf32>) -> tensor<2x2x6xf32>
  return %n : tensor<2x2x6xf32>
}
