// -accel-fuse-shared-input-products (graph/transforms/
// FuseSharedInputProducts.cpp): a decode step's q, k and v projections of
// one row (constant [K, N_i] weights, no activation) as one matmul by the
// weights concatenated along N, each result a slice of its columns; and
// then (MergeRopes.cpp) the rotary embeddings of q's and k's heads, two
// such slices, as one; anything else left as it is.
// RUN: accel-graph-opt -accel-fuse-shared-input-products %s | FileCheck %s

// Wq [2, 3] = rows (1 2 3) and (4 5 6), Wk [2, 1] = (7) and (8), Wv [2, 2]
// = (9 10) and (11 12): one [2, 6] whose row r is Wq's, Wk's and Wv's row
// r side by side; the slices start at columns 0, 3 and 4.
// CHECK-LABEL: func.func @qkv
// CHECK-SAME: (%[[X:.*]]: tensor<1x1x2xf32>)
// CHECK: %[[W:.*]] = arith.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00, 3.000000e+00, 7.000000e+00, 9.000000e+00, 1.000000e+01], [4.000000e+00, 5.000000e+00, 6.000000e+00, 8.000000e+00, 1.100000e+01, 1.200000e+01]]> : tensor<2x6xf32>
// CHECK-NEXT: %[[P:.*]] = accel.matmul %[[X]], %[[W]] : (tensor<1x1x2xf32>, tensor<2x6xf32>) -> tensor<1x1x6xf32>
// CHECK-NEXT: %[[Q:.*]] = accel.slice %[[P]] {starts = array<i64: 0, 0, 0>, steps = array<i64: 1, 1, 1>} : (tensor<1x1x6xf32>) -> tensor<1x1x3xf32>
// CHECK-NEXT: %[[K:.*]] = accel.slice %[[P]] {starts = array<i64: 0, 0, 3>, steps = array<i64: 1, 1, 1>} : (tensor<1x1x6xf32>) -> tensor<1x1x1xf32>
// CHECK-NEXT: %[[V:.*]] = accel.slice %[[P]] {starts = array<i64: 0, 0, 4>, steps = array<i64: 1, 1, 1>} : (tensor<1x1x6xf32>) -> tensor<1x1x2xf32>
// CHECK-NOT: accel.matmul
// CHECK: return %[[Q]], %[[K]], %[[V]]
func.func @qkv(%x: tensor<1x1x2xf32>) -> (tensor<1x1x3xf32>, tensor<1x1x1xf32>, tensor<1x1x2xf32>) {
  %wq = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %wk = arith.constant dense<[[7.0], [8.0]]> : tensor<2x1xf32>
  %wv = arith.constant dense<[[9.0, 10.0], [11.0, 12.0]]> : tensor<2x2xf32>
  %q = accel.matmul %x, %wq : (tensor<1x1x2xf32>, tensor<2x3xf32>) -> tensor<1x1x3xf32>
  %k = accel.matmul %x, %wk : (tensor<1x1x2xf32>, tensor<2x1xf32>) -> tensor<1x1x1xf32>
  %v = accel.matmul %x, %wv : (tensor<1x1x2xf32>, tensor<2x2xf32>) -> tensor<1x1x2xf32>
  return %q, %k, %v : tensor<1x1x3xf32>, tensor<1x1x1xf32>, tensor<1x1x2xf32>
}

// Eight rows (a batch of 8 decoding) still fuse; the activation's product
// stays out of the group.
// CHECK-LABEL: func.func @eight_rows
// CHECK: accel.matmul %{{.*}}, %{{.*}} : (tensor<8x2xf32>, tensor<2x5xf32>) -> tensor<8x5xf32>
// CHECK: accel.matmul %{{.*}}, %{{.*}} {activation = #accel<activation relu>}
// CHECK-NOT: accel.matmul
// CHECK: return
func.func @eight_rows(%x: tensor<8x2xf32>) -> (tensor<8x3xf32>, tensor<8x2xf32>, tensor<8x4xf32>) {
  %wa = arith.constant dense<1.0> : tensor<2x3xf32>
  %wb = arith.constant dense<2.0> : tensor<2x2xf32>
  %wc = arith.constant dense<3.0> : tensor<2x4xf32>
  %a = accel.matmul %x, %wa : (tensor<8x2xf32>, tensor<2x3xf32>) -> tensor<8x3xf32>
  %b = accel.matmul %x, %wb : (tensor<8x2xf32>, tensor<2x2xf32>) -> tensor<8x2xf32>
  %c = accel.matmul %x, %wc {activation = #accel<activation relu>} : (tensor<8x2xf32>, tensor<2x4xf32>) -> tensor<8x4xf32>
  return %a, %b, %c : tensor<8x3xf32>, tensor<8x2xf32>, tensor<8x4xf32>
}

// Left alone: nine rows (prefill's GEMMs); a weight computed at run time
// (one constant projection left, no group); products of different x.
// CHECK-LABEL: func.func @not_fused
// CHECK-NOT: accel.slice
// CHECK: return
func.func @not_fused(%x: tensor<9x2xf32>, %y: tensor<1x2xf32>, %z: tensor<1x2xf32>, %w: tensor<2x3xf32>) -> (tensor<9x3xf32>, tensor<9x3xf32>, tensor<1x3xf32>, tensor<1x3xf32>, tensor<1x3xf32>) {
  %c = arith.constant dense<1.0> : tensor<2x3xf32>
  %a = accel.matmul %x, %c : (tensor<9x2xf32>, tensor<2x3xf32>) -> tensor<9x3xf32>
  %b = accel.matmul %x, %c : (tensor<9x2xf32>, tensor<2x3xf32>) -> tensor<9x3xf32>
  %d = accel.matmul %y, %c : (tensor<1x2xf32>, tensor<2x3xf32>) -> tensor<1x3xf32>
  %e = accel.matmul %y, %w : (tensor<1x2xf32>, tensor<2x3xf32>) -> tensor<1x3xf32>
  %f = accel.matmul %z, %c : (tensor<1x2xf32>, tensor<2x3xf32>) -> tensor<1x3xf32>
  return %a, %b, %d, %e, %f : tensor<9x3xf32>, tensor<9x3xf32>, tensor<1x3xf32>, tensor<1x3xf32>, tensor<1x3xf32>
}

// RoPE over q's and k's heads, adjacent column slices of one product with
// one cos and sin (MergeRopes.cpp): one rope over the 3 + 1 heads of the
// union, its heads [0, 3) and [3, 4) the two results.
// CHECK-LABEL: func.func @ropes
// CHECK: %[[P:.*]] = accel.matmul
// CHECK: %[[U:.*]] = accel.slice %[[P]] {starts = array<i64: 0, 0, 0>, steps = array<i64: 1, 1, 1>} : (tensor<1x1x10xf32>) -> tensor<1x1x8xf32>
// CHECK-NEXT: %[[H:.*]] = accel.reshape %[[U]] : (tensor<1x1x8xf32>) -> tensor<1x1x4x2xf32>
// CHECK-NEXT: %[[T:.*]] = accel.transpose %[[H]] {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x1x4x2xf32>) -> tensor<1x4x1x2xf32>
// CHECK-NEXT: %[[R:.*]] = accel.rope %[[T]], %{{.*}}, %{{.*}} : (tensor<1x4x1x2xf32>, tensor<1x1x1x1xf32>, tensor<1x1x1x1xf32>) -> tensor<1x4x1x2xf32>
// CHECK-NEXT: %[[Q:.*]] = accel.slice %[[R]] {starts = array<i64: 0, 0, 0, 0>, steps = array<i64: 1, 1, 1, 1>} : (tensor<1x4x1x2xf32>) -> tensor<1x3x1x2xf32>
// CHECK-NEXT: %[[K:.*]] = accel.slice %[[R]] {starts = array<i64: 0, 3, 0, 0>, steps = array<i64: 1, 1, 1, 1>} : (tensor<1x4x1x2xf32>) -> tensor<1x1x1x2xf32>
// CHECK-NOT: accel.rope
// CHECK: return %[[Q]], %[[K]]
func.func @ropes(%x: tensor<1x1x2xf32>, %cos: tensor<1x1x1x1xf32>, %sin: tensor<1x1x1x1xf32>) -> (tensor<1x3x1x2xf32>, tensor<1x1x1x2xf32>, tensor<1x1x2xf32>) {
  %wq = arith.constant dense<1.0> : tensor<2x6xf32>
  %wk = arith.constant dense<2.0> : tensor<2x2xf32>
  %wv = arith.constant dense<3.0> : tensor<2x2xf32>
  %q = accel.matmul %x, %wq : (tensor<1x1x2xf32>, tensor<2x6xf32>) -> tensor<1x1x6xf32>
  %k = accel.matmul %x, %wk : (tensor<1x1x2xf32>, tensor<2x2xf32>) -> tensor<1x1x2xf32>
  %v = accel.matmul %x, %wv : (tensor<1x1x2xf32>, tensor<2x2xf32>) -> tensor<1x1x2xf32>
  %qh = accel.reshape %q : (tensor<1x1x6xf32>) -> tensor<1x1x3x2xf32>
  %qt = accel.transpose %qh {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x1x3x2xf32>) -> tensor<1x3x1x2xf32>
  %kh = accel.reshape %k : (tensor<1x1x2xf32>) -> tensor<1x1x1x2xf32>
  %kt = accel.transpose %kh {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x1x1x2xf32>) -> tensor<1x1x1x2xf32>
  %qr = accel.rope %qt, %cos, %sin : (tensor<1x3x1x2xf32>, tensor<1x1x1x1xf32>, tensor<1x1x1x1xf32>) -> tensor<1x3x1x2xf32>
  %kr = accel.rope %kt, %cos, %sin : (tensor<1x1x1x2xf32>, tensor<1x1x1x1xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x1x2xf32>
  return %qr, %kr, %v : tensor<1x3x1x2xf32>, tensor<1x1x1x2xf32>, tensor<1x1x2xf32>
}

// Left alone: ropes with different sin tables.
// CHECK-LABEL: func.func @ropes_apart
// CHECK-COUNT-2: accel.rope
// CHECK: return
func.func @ropes_apart(%x: tensor<1x1x2xf32>, %cos: tensor<1x1x1x1xf32>, %sin: tensor<1x1x1x1xf32>, %sin2: tensor<1x1x1x1xf32>) -> (tensor<1x1x1x2xf32>, tensor<1x1x1x2xf32>) {
  %wq = arith.constant dense<1.0> : tensor<2x2xf32>
  %wk = arith.constant dense<2.0> : tensor<2x2xf32>
  %q = accel.matmul %x, %wq : (tensor<1x1x2xf32>, tensor<2x2xf32>) -> tensor<1x1x2xf32>
  %k = accel.matmul %x, %wk : (tensor<1x1x2xf32>, tensor<2x2xf32>) -> tensor<1x1x2xf32>
  %qh = accel.reshape %q : (tensor<1x1x2xf32>) -> tensor<1x1x1x2xf32>
  %qt = accel.transpose %qh {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x1x1x2xf32>) -> tensor<1x1x1x2xf32>
  %kh = accel.reshape %k : (tensor<1x1x2xf32>) -> tensor<1x1x1x2xf32>
  %kt = accel.transpose %kh {perm = array<i64: 0, 2, 1, 3>} : (tensor<1x1x1x2xf32>) -> tensor<1x1x1x2xf32>
  %qr = accel.rope %qt, %cos, %sin : (tensor<1x1x1x2xf32>, tensor<1x1x1x1xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x1x2xf32>
  %kr = accel.rope %kt, %cos, %sin2 : (tensor<1x1x1x2xf32>, tensor<1x1x1x1xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x1x2xf32>
  return %qr, %kr : tensor<1x1x1x2xf32>, tensor<1x1x1x2xf32>
}
