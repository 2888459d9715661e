// -accel-fuse-attention (graph/transforms/Passes.td): MatMul, scale, mask,
// Softmax, MatMul as one accel.attention.
// RUN: accel-graph-opt -accel-fuse-attention -canonicalize %s | FileCheck %s

// Attention as PyTorch exports it: q divided by sqrt(16) = 4, k^T a
// transpose of a [S, BH, D] view ([1, 2, 0]), softmax, times v: one
// accel.attention with scale 1/4 and k that view transposed [1, 0, 2].
// CHECK-LABEL: func.func @attention_pytorch
// CHECK-NEXT: %[[K:.*]] = accel.transpose %arg1 {perm = array<i64: 1, 0, 2>} : (tensor<16x8x16xf32>) -> tensor<8x16x16xf32>
// CHECK-NEXT: %[[O:.*]] = accel.attention %arg0, %[[K]], %arg2 {scale = 2.500000e-01 : f32} : (tensor<8x16x16xf32>, tensor<8x16x16xf32>, tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
// CHECK-NEXT: return %[[O]]
func.func @attention_pytorch(%q: tensor<8x16x16xf32>, %kview: tensor<16x8x16xf32>, %v: tensor<8x16x16xf32>) -> tensor<8x16x16xf32> {
  %c = arith.constant dense<4.0> : tensor<f32>
  %qs = accel.elementwise div %q, %c : (tensor<8x16x16xf32>, tensor<f32>) -> tensor<8x16x16xf32>
  %kt = accel.transpose %kview {perm = array<i64: 1, 2, 0>} : (tensor<16x8x16xf32>) -> tensor<8x16x16xf32>
  %s = accel.matmul %qs, %kt : (tensor<8x16x16xf32>, tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
  %p = accel.softmax %s {axis = 2} : (tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
  %o = accel.matmul %p, %v : (tensor<8x16x16xf32>, tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
  return %o : tensor<8x16x16xf32>
}

// The scores scaled twice (mul 0.5, div 2: 0.25) and a mask added, k^T an
// argument (so k is its transpose), Sq 4 and Sk 6, softmax along axis 3.
// CHECK-LABEL: func.func @attention_mask
// CHECK-NEXT: %[[K:.*]] = accel.transpose %arg1 {perm = array<i64: 0, 1, 3, 2>} : (tensor<1x2x8x6xf32>) -> tensor<1x2x6x8xf32>
// CHECK-NEXT: %[[O:.*]] = accel.attention %arg0, %[[K]], %arg2, %arg3 {scale = 2.500000e-01 : f32} : (tensor<1x2x4x8xf32>, tensor<1x2x6x8xf32>, tensor<1x2x6x3xf32>, tensor<4x6xf32>) -> tensor<1x2x4x3xf32>
// CHECK-NEXT: return %[[O]]
func.func @attention_mask(%q: tensor<1x2x4x8xf32>, %kt: tensor<1x2x8x6xf32>, %v: tensor<1x2x6x3xf32>, %mask: tensor<4x6xf32>) -> tensor<1x2x4x3xf32> {
  %half = arith.constant dense<0.5> : tensor<1xf32>
  %two = arith.constant dense<2.0> : tensor<f32>
  %s = accel.matmul %q, %kt : (tensor<1x2x4x8xf32>, tensor<1x2x8x6xf32>) -> tensor<1x2x4x6xf32>
  %s1 = accel.elementwise mul %half, %s : (tensor<1xf32>, tensor<1x2x4x6xf32>) -> tensor<1x2x4x6xf32>
  %s2 = accel.elementwise div %s1, %two : (tensor<1x2x4x6xf32>, tensor<f32>) -> tensor<1x2x4x6xf32>
  %s3 = accel.elementwise add %mask, %s2 : (tensor<4x6xf32>, tensor<1x2x4x6xf32>) -> tensor<1x2x4x6xf32>
  %p = accel.softmax %s3 {axis = 3} : (tensor<1x2x4x6xf32>) -> tensor<1x2x4x6xf32>
  %o = accel.matmul %p, %v : (tensor<1x2x4x6xf32>, tensor<1x2x6x3xf32>) -> tensor<1x2x4x3xf32>
  return %o : tensor<1x2x4x3xf32>
}

// Not attention: the probabilities are read twice, a scale that is not a
// scalar, a constant divided by the scores, a softmax along another axis,
// and batch dimensions that broadcast (accel_attention's must be equal).
// CHECK-LABEL: func.func @not_attention
// CHECK-NOT: accel.attention
// CHECK: return
func.func @not_attention(%q: tensor<2x4x8xf32>, %kt: tensor<2x8x4xf32>, %v: tensor<2x4x3xf32>, %w: tensor<4xf32>, %kt1: tensor<8x4xf32>) -> (tensor<2x4x3xf32>, tensor<2x4x4xf32>, tensor<2x4x3xf32>, tensor<2x4x3xf32>, tensor<2x4x3xf32>, tensor<2x4x3xf32>) {
  %c = arith.constant dense<2.0> : tensor<f32>
  %s = accel.matmul %q, %kt : (tensor<2x4x8xf32>, tensor<2x8x4xf32>) -> tensor<2x4x4xf32>
  %p = accel.softmax %s {axis = 2} : (tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  %o = accel.matmul %p, %v : (tensor<2x4x4xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  %s2 = accel.matmul %q, %kt : (tensor<2x4x8xf32>, tensor<2x8x4xf32>) -> tensor<2x4x4xf32>
  %s2w = accel.elementwise mul %s2, %w : (tensor<2x4x4xf32>, tensor<4xf32>) -> tensor<2x4x4xf32>
  %p2 = accel.softmax %s2w {axis = 2} : (tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  %o2 = accel.matmul %p2, %v : (tensor<2x4x4xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  %s3 = accel.matmul %q, %kt : (tensor<2x4x8xf32>, tensor<2x8x4xf32>) -> tensor<2x4x4xf32>
  %s3c = accel.elementwise div %c, %s3 : (tensor<f32>, tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  %p3 = accel.softmax %s3c {axis = 2} : (tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  %o3 = accel.matmul %p3, %v : (tensor<2x4x4xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  %s4 = accel.matmul %q, %kt : (tensor<2x4x8xf32>, tensor<2x8x4xf32>) -> tensor<2x4x4xf32>
  %p4 = accel.softmax %s4 {axis = 1} : (tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  %o4 = accel.matmul %p4, %v : (tensor<2x4x4xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  %s5 = accel.matmul %q, %kt1 : (tensor<2x4x8xf32>, tensor<8x4xf32>) -> tensor<2x4x4xf32>
  %p5 = accel.softmax %s5 {axis = 2} : (tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  %o5 = accel.matmul %p5, %v : (tensor<2x4x4xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  return %o, %p, %o2, %o3, %o4, %o5 : tensor<2x4x3xf32>, tensor<2x4x4xf32>, tensor<2x4x3xf32>, tensor<2x4x3xf32>, tensor<2x4x3xf32>, tensor<2x4x3xf32>
}

// A softmax over a vector times a matrix: no attention (rank 1).
// CHECK-LABEL: func.func @vector_softmax
// CHECK: accel.softmax
// CHECK: accel.matmul
func.func @vector_softmax(%q: tensor<8xf32>, %kt: tensor<8x4xf32>, %v: tensor<4x3xf32>) -> tensor<3xf32> {
  %s = accel.matmul %q, %kt : (tensor<8xf32>, tensor<8x4xf32>) -> tensor<4xf32>
  %p = accel.softmax %s {axis = 0} : (tensor<4xf32>) -> tensor<4xf32>
  %o = accel.matmul %p, %v : (tensor<4xf32>, tensor<4x3xf32>) -> tensor<3xf32>
  return %o : tensor<3xf32>
}
