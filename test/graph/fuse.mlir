// -accel-fuse: activations, bias adds and batch norms into the matrix
// unit's kernels, residual adds into layer norms, and the rest. The folded batch-norm constants are worked out by hand.
// RUN: accel-graph-opt -accel-fuse -canonicalize %s | FileCheck %s

// CHECK-LABEL: func.func @conv_relu
// CHECK-NEXT: %[[C:.*]] = accel.conv2d %arg0, %arg1 {activation = #accel<activation relu>, {{.*}}} : (tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>) -> tensor<1x3x4x4xf32>
// CHECK-NEXT: return %[[C]]
func.func @conv_relu(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x1x1xf32>) -> tensor<1x3x4x4xf32> {
  %c = accel.conv2d %x, %w {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>) -> tensor<1x3x4x4xf32>
  %r = accel.elementwise relu %c : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

// CHECK-LABEL: func.func @gemm_clip
// CHECK-NEXT: %[[G:.*]] = accel.gemm %arg0, %arg1 {act_hi = 6.000000e+00 : f32, act_lo = 0.000000e+00 : f32, activation = #accel<activation clip>}
// CHECK-NEXT: return %[[G]]
func.func @gemm_clip(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>) -> tensor<4x5xf32> {
  %g = accel.gemm %a, %b : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  %r = accel.elementwise clip %g {lo = 0.0 : f32, hi = 6.0 : f32} : (tensor<4x5xf32>) -> tensor<4x5xf32>
  return %r : tensor<4x5xf32>
}

// The exact gelu into a matmul (the library's GEMM applies it on the
// stream engine), through the reshape FuseBiasAdd leaves; not into a
// convolution, whose kernel has no exact gelu.
// CHECK-LABEL: func.func @gelu_into_matmul
// CHECK-NEXT: %[[M:.*]] = accel.matmul %arg0, %arg1 {activation = #accel<activation gelu>} : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
// CHECK-NEXT: %[[C:.*]] = accel.conv2d %arg2, %arg3 {dilations
// CHECK-NEXT: %[[G:.*]] = accel.elementwise gelu %[[C]]
// CHECK-NEXT: return %[[M]], %[[G]]
func.func @gelu_into_matmul(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>, %x: tensor<1x2x4x4xf32>, %w: tensor<3x2x1x1xf32>) -> (tensor<4x5xf32>, tensor<1x3x4x4xf32>) {
  %m = accel.matmul %a, %b : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  %g = accel.elementwise gelu %m : (tensor<4x5xf32>) -> tensor<4x5xf32>
  %c = accel.conv2d %x, %w {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>) -> tensor<1x3x4x4xf32>
  %cg = accel.elementwise gelu %c : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  return %g, %cg : tensor<4x5xf32>, tensor<1x3x4x4xf32>
}

// The matmul's result is read twice: the relu stays.
// CHECK-LABEL: func.func @two_uses
// CHECK: accel.matmul
// CHECK-NOT: activation
// CHECK: accel.elementwise relu
func.func @two_uses(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>) -> (tensor<4x5xf32>, tensor<4x5xf32>) {
  %m = accel.matmul %a, %b : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  %r = accel.elementwise relu %m : (tensor<4x5xf32>) -> tensor<4x5xf32>
  return %m, %r : tensor<4x5xf32>, tensor<4x5xf32>
}

// A bias after a 2-D matmul: a gemm with C, then the relu into it.
// CHECK-LABEL: func.func @linear_relu
// CHECK-NEXT: %[[B:.*]] = arith.constant dense<5.000000e-01> : tensor<5xf32>
// CHECK-NEXT: %[[G:.*]] = accel.gemm %arg0, %arg1, %[[B]] {activation = #accel<activation relu>}
// CHECK-NEXT: return %[[G]]
func.func @linear_relu(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>) -> tensor<4x5xf32> {
  %bias = arith.constant dense<0.5> : tensor<5xf32>
  %m = accel.matmul %a, %b : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  %s = accel.elementwise add %bias, %m : (tensor<5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
  %r = accel.elementwise relu %s : (tensor<4x5xf32>) -> tensor<4x5xf32>
  return %r : tensor<4x5xf32>
}

// batchnorm(conv): s = scale / sqrt(var + eps) = [2 / 2, 4 / 2] = [1, 2];
// w' = w s = [1, 3 x 2]; b' = (0 - mean) s + shift = [-0.5 + 1, -1 x 2 + 0].
// CHECK-LABEL: func.func @conv_batchnorm
// CHECK-DAG: %[[W:.*]] = arith.constant dense<{{\[\[\[\[}}1.000000e+00]]], {{\[\[\[}}6.000000e+00]]]]> : tensor<2x1x1x1xf32>
// CHECK-DAG: %[[B:.*]] = arith.constant dense<[5.000000e-01, -2.000000e+00]> : tensor<2xf32>
// CHECK: %[[C:.*]] = accel.conv2d %arg0, %[[W]], %[[B]]
// CHECK-NOT: accel.batchnorm
// CHECK: return %[[C]]
func.func @conv_batchnorm(%x: tensor<1x1x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %w = arith.constant dense<[[[[1.0]]], [[[3.0]]]]> : tensor<2x1x1x1xf32>
  %scale = arith.constant dense<[2.0, 4.0]> : tensor<2xf32>
  %shift = arith.constant dense<[1.0, 0.0]> : tensor<2xf32>
  %mean = arith.constant dense<[0.5, 1.0]> : tensor<2xf32>
  %var = arith.constant dense<[3.0, 3.0]> : tensor<2xf32>
  %c = accel.conv2d %x, %w {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x3x3xf32>
  %n = accel.batchnorm %c, %scale, %shift, %mean, %var {epsilon = 1.0 : f32} : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  return %n : tensor<1x2x3x3xf32>
}

// Elementwise ops in a row: one chain, the
// running value r = x, then relu, + y, z * r (swapped), exp.
// CHECK-LABEL: func.func @chain
// CHECK-NEXT: %[[C:.*]] = accel.elementwise_chain [relu, add, mul, exp] %arg0, %arg1, %arg2 {alphas = array<f32: 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00>, his = {{.*}}, los = {{.*}}, operands = array<i64: 0, 1, 2, 0>, swaps = array<i1: false, false, true, false>} : (tensor<8192xf32>, tensor<8192xf32>, tensor<1xf32>) -> tensor<8192xf32>
// CHECK-NEXT: return %[[C]]
func.func @chain(%x: tensor<8192xf32>, %y: tensor<8192xf32>, %z: tensor<1xf32>) -> tensor<8192xf32> {
  %a = accel.elementwise relu %x : (tensor<8192xf32>) -> tensor<8192xf32>
  %b = accel.elementwise add %a, %y : (tensor<8192xf32>, tensor<8192xf32>) -> tensor<8192xf32>
  %c = accel.elementwise mul %z, %b : (tensor<1xf32>, tensor<8192xf32>) -> tensor<8192xf32>
  %d = accel.elementwise exp %c : (tensor<8192xf32>) -> tensor<8192xf32>
  return %d : tensor<8192xf32>
}

// Small tensors chain too (the chain's fixed cost is below the passes
// it saves at any size): relu then exp on 16 elements.
// CHECK-LABEL: func.func @small
// CHECK-NEXT: accel.elementwise_chain [relu, exp] %arg0 {{{.*}}
// CHECK-NEXT: return
func.func @small(%x: tensor<16xf32>) -> tensor<16xf32> {
  %a = accel.elementwise relu %x : (tensor<16xf32>) -> tensor<16xf32>
  %b = accel.elementwise exp %a : (tensor<16xf32>) -> tensor<16xf32>
  return %b : tensor<16xf32>
}

// A bias after a matmul of a 3-D a by a 2-D b: a's rows through
// reshapes into one gemm, and the relu after the reshape back into it.
// CHECK-LABEL: func.func @linear_3d_relu
// CHECK-NEXT: %[[B:.*]] = arith.constant dense<5.000000e-01> : tensor<5xf32>
// CHECK-NEXT: %[[A:.*]] = accel.reshape %arg0 : (tensor<2x3x8xf32>) -> tensor<6x8xf32>
// CHECK-NEXT: %[[G:.*]] = accel.gemm %[[A]], %arg1, %[[B]] {activation = #accel<activation relu>} : (tensor<6x8xf32>, tensor<8x5xf32>, tensor<5xf32>) -> tensor<6x5xf32>
// CHECK-NEXT: %[[Y:.*]] = accel.reshape %[[G]] : (tensor<6x5xf32>) -> tensor<2x3x5xf32>
// CHECK-NEXT: return %[[Y]]
func.func @linear_3d_relu(%a: tensor<2x3x8xf32>, %b: tensor<8x5xf32>) -> tensor<2x3x5xf32> {
  %bias = arith.constant dense<0.5> : tensor<5xf32>
  %m = accel.matmul %a, %b : (tensor<2x3x8xf32>, tensor<8x5xf32>) -> tensor<2x3x5xf32>
  %s = accel.elementwise add %m, %bias : (tensor<2x3x5xf32>, tensor<5xf32>) -> tensor<2x3x5xf32>
  %r = accel.elementwise relu %s : (tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  return %r : tensor<2x3x5xf32>
}

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

// LayerNorm as PyTorch exports it before opset 17: mean, sub, pow 2,
// mean, + eps, sqrt, div, then * gamma, + beta (constants of the
// normalized shape [8]): one accel.layernorm over axis 1, epsilon 1e-5.
// CHECK-LABEL: func.func @layernorm_decomposed
// CHECK-DAG: %[[B:.*]] = arith.constant dense<2.000000e+00> : tensor<8xf32>
// CHECK-DAG: %[[G:.*]] = arith.constant dense<3.000000e+00> : tensor<8xf32>
// CHECK: %[[L:.*]] = accel.layernorm %arg0, %[[G]], %[[B]] {axis = 1 : i64, epsilon = 9.99999974E-6 : f32} : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[L]]
func.func @layernorm_decomposed(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %two = arith.constant dense<2.0> : tensor<f32>
  %eps = arith.constant dense<1.0e-5> : tensor<f32>
  %gamma = arith.constant dense<3.0> : tensor<8xf32>
  %beta = arith.constant dense<2.0> : tensor<8xf32>
  %m = accel.reduce mean %x {axes = array<i64: 1>, keepdims = true} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %d = accel.elementwise sub %x, %m : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %p = accel.elementwise pow %d, %two : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %v = accel.reduce mean %p {axes = array<i64: 1>, keepdims = true} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %ve = accel.elementwise add %v, %eps : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x1xf32>
  %s = accel.elementwise sqrt %ve : (tensor<4x1xf32>) -> tensor<4x1xf32>
  %n = accel.elementwise div %d, %s : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %g = accel.elementwise mul %n, %gamma : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %y = accel.elementwise add %beta, %g : (tensor<8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// d * d for the square, eps on the left, no gamma or beta, over the last
// two axes of three: scale ones, no shift, axis 1.
// CHECK-LABEL: func.func @layernorm_plain
// CHECK-NEXT: %[[O:.*]] = arith.constant dense<1.000000e+00> : tensor<3x4xf32>
// CHECK-NEXT: %[[L:.*]] = accel.layernorm %arg0, %[[O]] {axis = 1 : i64, epsilon = 5.000000e-01 : f32} : (tensor<2x3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: return %[[L]]
func.func @layernorm_plain(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %eps = arith.constant dense<0.5> : tensor<1xf32>
  %m = accel.reduce mean %x {axes = array<i64: 1, 2>, keepdims = true} : (tensor<2x3x4xf32>) -> tensor<2x1x1xf32>
  %d = accel.elementwise sub %x, %m : (tensor<2x3x4xf32>, tensor<2x1x1xf32>) -> tensor<2x3x4xf32>
  %p = accel.elementwise mul %d, %d : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %v = accel.reduce mean %p {axes = array<i64: 1, 2>, keepdims = true} : (tensor<2x3x4xf32>) -> tensor<2x1x1xf32>
  %ve = accel.elementwise add %eps, %v : (tensor<1xf32>, tensor<2x1x1xf32>) -> tensor<2x1x1xf32>
  %s = accel.elementwise sqrt %ve : (tensor<2x1x1xf32>) -> tensor<2x1x1xf32>
  %n = accel.elementwise div %d, %s : (tensor<2x3x4xf32>, tensor<2x1x1xf32>) -> tensor<2x3x4xf32>
  return %n : tensor<2x3x4xf32>
}

// Not LayerNorm: the means over a leading axis, and a pow of 3.
// CHECK-LABEL: func.func @not_layernorm
// CHECK-NOT: accel.layernorm
// CHECK: return
func.func @not_layernorm(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %two = arith.constant dense<2.0> : tensor<f32>
  %three = arith.constant dense<3.0> : tensor<f32>
  %eps = arith.constant dense<1.0e-5> : tensor<f32>
  %m = accel.reduce mean %x {axes = array<i64: 0>, keepdims = true} : (tensor<4x8xf32>) -> tensor<1x8xf32>
  %d = accel.elementwise sub %x, %m : (tensor<4x8xf32>, tensor<1x8xf32>) -> tensor<4x8xf32>
  %p = accel.elementwise pow %d, %two : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %v = accel.reduce mean %p {axes = array<i64: 0>, keepdims = true} : (tensor<4x8xf32>) -> tensor<1x8xf32>
  %ve = accel.elementwise add %v, %eps : (tensor<1x8xf32>, tensor<f32>) -> tensor<1x8xf32>
  %s = accel.elementwise sqrt %ve : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %n = accel.elementwise div %d, %s : (tensor<4x8xf32>, tensor<1x8xf32>) -> tensor<4x8xf32>
  %m2 = accel.reduce mean %x {axes = array<i64: 1>, keepdims = true} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %d2 = accel.elementwise sub %x, %m2 : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %p2 = accel.elementwise pow %d2, %three : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %v2 = accel.reduce mean %p2 {axes = array<i64: 1>, keepdims = true} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %ve2 = accel.elementwise add %v2, %eps : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x1xf32>
  %s2 = accel.elementwise sqrt %ve2 : (tensor<4x1xf32>) -> tensor<4x1xf32>
  %n2 = accel.elementwise div %d2, %s2 : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  return %n, %n2 : tensor<4x8xf32>, tensor<4x8xf32>
}

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

// A post-norm transformer's x = norm(x + f(x)): the add, read only by
// the norm, becomes its residual; one that something else reads, or that
// broadcasts, stays an add.
// CHECK-LABEL: func.func @residual_norm
// CHECK-NEXT: %[[L:.*]] = accel.layernorm %arg0 residual %arg1, %arg2, %arg3 {axis = 1 : i64, epsilon = 9.99999974E-6 : f32} : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[S:.*]] = accel.elementwise add %arg0, %arg1
// CHECK-NEXT: %[[M:.*]] = accel.layernorm %[[S]], %arg2 {axis = 1
// CHECK-NEXT: %[[B:.*]] = accel.elementwise add %arg0, %arg2
// CHECK-NEXT: %[[N:.*]] = accel.layernorm %[[B]], %arg2 {axis = 1
// CHECK-NEXT: return %[[L]], %[[S]], %[[M]], %[[N]]
func.func @residual_norm(%x: tensor<4x8xf32>, %f: tensor<4x8xf32>, %g: tensor<8xf32>, %b: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
  %s = accel.elementwise add %x, %f : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %l = accel.layernorm %s, %g, %b {axis = 1, epsilon = 1.0e-5 : f32} : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %s2 = accel.elementwise add %x, %f : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %m = accel.layernorm %s2, %g {axis = 1, epsilon = 1.0e-5 : f32} : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %bc = accel.elementwise add %x, %g : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %n = accel.layernorm %bc, %g {axis = 1, epsilon = 1.0e-5 : f32} : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %l, %s2, %m, %n : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
}

// GELU as PyTorch exports it before opset 20: x / 1.4142135, erf, + 1,
// times x, times 0.5; and as 0.5 x times (1 + erf(x * 0.70710677)).
// CHECK-LABEL: func.func @gelu_decomposed
// CHECK-NEXT: %[[A:.*]] = accel.elementwise gelu %arg0 : (tensor<64xf32>) -> tensor<64xf32>
// CHECK-NEXT: %[[B:.*]] = accel.elementwise gelu %arg1 : (tensor<64xf32>) -> tensor<64xf32>
// CHECK-NEXT: return %[[A]], %[[B]]
func.func @gelu_decomposed(%x: tensor<64xf32>, %z: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %sqrt2 = arith.constant dense<1.41421354> : tensor<f32>
  %rsqrt2 = arith.constant dense<0.707106769> : tensor<f32>
  %one = arith.constant dense<1.0> : tensor<f32>
  %half = arith.constant dense<0.5> : tensor<f32>
  %a = accel.elementwise div %x, %sqrt2 : (tensor<64xf32>, tensor<f32>) -> tensor<64xf32>
  %e = accel.elementwise erf %a : (tensor<64xf32>) -> tensor<64xf32>
  %p = accel.elementwise add %e, %one : (tensor<64xf32>, tensor<f32>) -> tensor<64xf32>
  %m = accel.elementwise mul %x, %p : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %y = accel.elementwise mul %m, %half : (tensor<64xf32>, tensor<f32>) -> tensor<64xf32>
  %hz = accel.elementwise mul %half, %z : (tensor<f32>, tensor<64xf32>) -> tensor<64xf32>
  %b = accel.elementwise mul %z, %rsqrt2 : (tensor<64xf32>, tensor<f32>) -> tensor<64xf32>
  %eb = accel.elementwise erf %b : (tensor<64xf32>) -> tensor<64xf32>
  %pb = accel.elementwise add %one, %eb : (tensor<f32>, tensor<64xf32>) -> tensor<64xf32>
  %w = accel.elementwise mul %hz, %pb : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  return %y, %w : tensor<64xf32>, tensor<64xf32>
}

// Not GELU: 0.4 for the half, and erf of another tensor than the factor.
// CHECK-LABEL: func.func @not_gelu
// CHECK-NOT: "gelu"
// CHECK: return
func.func @not_gelu(%x: tensor<64xf32>, %z: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %sqrt2 = arith.constant dense<1.41421354> : tensor<f32>
  %one = arith.constant dense<1.0> : tensor<f32>
  %c = arith.constant dense<0.4> : tensor<f32>
  %half = arith.constant dense<0.5> : tensor<f32>
  %a = accel.elementwise div %x, %sqrt2 : (tensor<64xf32>, tensor<f32>) -> tensor<64xf32>
  %e = accel.elementwise erf %a : (tensor<64xf32>) -> tensor<64xf32>
  %p = accel.elementwise add %e, %one : (tensor<64xf32>, tensor<f32>) -> tensor<64xf32>
  %m = accel.elementwise mul %x, %p : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %y = accel.elementwise mul %m, %c : (tensor<64xf32>, tensor<f32>) -> tensor<64xf32>
  %a2 = accel.elementwise div %z, %sqrt2 : (tensor<64xf32>, tensor<f32>) -> tensor<64xf32>
  %e2 = accel.elementwise erf %a2 : (tensor<64xf32>) -> tensor<64xf32>
  %p2 = accel.elementwise add %e2, %one : (tensor<64xf32>, tensor<f32>) -> tensor<64xf32>
  %m2 = accel.elementwise mul %x, %p2 : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %y2 = accel.elementwise mul %m2, %half : (tensor<64xf32>, tensor<f32>) -> tensor<64xf32>
  return %y, %y2 : tensor<64xf32>, tensor<64xf32>
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

// A gemm that only a layer norm reads (as its input or residual, after
// FuseResidualNorm) joins it as accel.gemm_norm: through a reshape of its
// rows (a's rows reshaped the same way) and a transpose that keeps the
// last dimension (applied to a's rows too); a [1, N] bias as [N].
// CHECK-LABEL: func.func @gemm_norm
// CHECK-NEXT: %[[A:.*]] = accel.reshape %arg1 : (tensor<32x128xf32>) -> tensor<2x16x128xf32>
// CHECK-NEXT: %[[N:.*]] = accel.gemm_norm %[[A]], %arg2 bias %arg3 residual %arg0, %arg4, %arg5 {epsilon = 9.99999974E-6 : f32} : (tensor<2x16x128xf32>, tensor<128x64xf32>, tensor<64xf32>, tensor<2x16x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<2x16x64xf32>
// CHECK-NEXT: return %[[N]]
func.func @gemm_norm(%x: tensor<2x16x64xf32>, %a: tensor<32x128xf32>, %w: tensor<128x64xf32>, %c: tensor<64xf32>, %g: tensor<64xf32>, %h: tensor<64xf32>) -> tensor<2x16x64xf32> {
  %p = accel.gemm %a, %w, %c : (tensor<32x128xf32>, tensor<128x64xf32>, tensor<64xf32>) -> tensor<32x64xf32>
  %r = accel.reshape %p : (tensor<32x64xf32>) -> tensor<2x16x64xf32>
  %s = accel.elementwise add %x, %r : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
  %l = accel.layernorm %s, %g, %h {axis = 2, epsilon = 1.0e-5 : f32} : (tensor<2x16x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<2x16x64xf32>
  return %l : tensor<2x16x64xf32>
}

// CHECK-LABEL: func.func @gemm_norm_transposed
// CHECK-NEXT: %[[R:.*]] = accel.reshape %arg1 : (tensor<32x64xf32>) -> tensor<16x2x64xf32>
// CHECK-NEXT: %[[T:.*]] = accel.transpose %[[R]] {perm = array<i64: 1, 0, 2>} : (tensor<16x2x64xf32>) -> tensor<2x16x64xf32>
// CHECK-NEXT: %[[C:.*]] = accel.reshape %arg3 : (tensor<1x64xf32>) -> tensor<64xf32>
// CHECK-NEXT: %[[N:.*]] = accel.gemm_norm %[[T]], %arg2 bias %[[C]] residual %arg0, %arg4 {epsilon = 9.99999974E-6 : f32}
// CHECK-NEXT: return %[[N]]
func.func @gemm_norm_transposed(%x: tensor<2x16x64xf32>, %a: tensor<32x64xf32>, %w: tensor<64x64xf32>, %c: tensor<1x64xf32>, %g: tensor<64xf32>) -> tensor<2x16x64xf32> {
  %p = accel.gemm %a, %w, %c : (tensor<32x64xf32>, tensor<64x64xf32>, tensor<1x64xf32>) -> tensor<32x64xf32>
  %r = accel.reshape %p : (tensor<32x64xf32>) -> tensor<16x2x64xf32>
  %t = accel.transpose %r {perm = array<i64: 1, 0, 2>} : (tensor<16x2x64xf32>) -> tensor<2x16x64xf32>
  %l = accel.layernorm %t residual %x, %g {axis = 2, epsilon = 1.0e-5 : f32} : (tensor<2x16x64xf32>, tensor<2x16x64xf32>, tensor<64xf32>) -> tensor<2x16x64xf32>
  return %l : tensor<2x16x64xf32>
}

// Not fused: a gemm with an activation (the norm would see it applied),
// one something else reads too, one whose transpose moves the last
// dimension (the norm's lines would be the gemm's columns).
// CHECK-LABEL: func.func @gemm_norm_not
// CHECK-NEXT: accel.gemm %arg1, %arg2 {activation = #accel<activation relu>}
// CHECK-NEXT: accel.layernorm %arg0 residual
// CHECK-NEXT: accel.gemm %arg1, %arg2 :
// CHECK-NEXT: accel.layernorm %arg0 residual
// CHECK-NEXT: accel.gemm %arg1, %arg2 :
// CHECK-NEXT: accel.transpose
// CHECK-NEXT: accel.transpose
// CHECK-NEXT: accel.layernorm
// CHECK-NOT: gemm_norm
func.func @gemm_norm_not(%x: tensor<16x64xf32>, %a: tensor<16x64xf32>, %w: tensor<64x64xf32>, %g: tensor<64xf32>, %g16: tensor<16xf32>) -> (tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xf32>, tensor<64x16xf32>) {
  %p = accel.gemm %a, %w {activation = #accel<activation relu>} : (tensor<16x64xf32>, tensor<64x64xf32>) -> tensor<16x64xf32>
  %l = accel.layernorm %x residual %p, %g {axis = 1, epsilon = 1.0e-5 : f32} : (tensor<16x64xf32>, tensor<16x64xf32>, tensor<64xf32>) -> tensor<16x64xf32>
  %q = accel.gemm %a, %w : (tensor<16x64xf32>, tensor<64x64xf32>) -> tensor<16x64xf32>
  %m = accel.layernorm %x residual %q, %g {axis = 1, epsilon = 1.0e-5 : f32} : (tensor<16x64xf32>, tensor<16x64xf32>, tensor<64xf32>) -> tensor<16x64xf32>
  %u = accel.gemm %a, %w : (tensor<16x64xf32>, tensor<64x64xf32>) -> tensor<16x64xf32>
  %t = accel.transpose %u {perm = array<i64: 1, 0>} : (tensor<16x64xf32>) -> tensor<64x16xf32>
  %y = accel.transpose %x {perm = array<i64: 1, 0>} : (tensor<16x64xf32>) -> tensor<64x16xf32>
  %n = accel.layernorm %y residual %t, %g16 {axis = 1, epsilon = 1.0e-5 : f32} : (tensor<64x16xf32>, tensor<64x16xf32>, tensor<16xf32>) -> tensor<64x16xf32>
  return %l, %q, %m, %n : tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xf32>, tensor<64x16xf32>
}

// A feed-forward block: a gemm (bias, relu or the exact gelu) read only by
// a gemm_norm's a, through a reshape of its rows, joins it as
// accel.mlp_norm, x the first gemm's a reshaped the same way (here a
// reshape of a reshape: x itself).
// CHECK-LABEL: func.func @mlp_norm
// CHECK-NEXT: %[[M:.*]] = accel.mlp_norm %arg0, %arg1 bias %arg2, %arg3 bias %arg4 residual %arg0, %arg5, %arg6 {activation = #accel<activation relu>, epsilon = 9.99999974E-6 : f32} : (tensor<2x16x64xf32>, tensor<64x128xf32>, tensor<128xf32>, tensor<128x64xf32>, tensor<64xf32>, tensor<2x16x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<2x16x64xf32>
// CHECK-NEXT: return %[[M]]
func.func @mlp_norm(%x: tensor<2x16x64xf32>, %w1: tensor<64x128xf32>, %b1: tensor<128xf32>, %w2: tensor<128x64xf32>, %b2: tensor<64xf32>, %g: tensor<64xf32>, %h: tensor<64xf32>) -> tensor<2x16x64xf32> {
  %r0 = accel.reshape %x : (tensor<2x16x64xf32>) -> tensor<32x64xf32>
  %p = accel.gemm %r0, %w1, %b1 {activation = #accel<activation relu>} : (tensor<32x64xf32>, tensor<64x128xf32>, tensor<128xf32>) -> tensor<32x128xf32>
  %r1 = accel.reshape %p : (tensor<32x128xf32>) -> tensor<2x16x128xf32>
  %n = accel.gemm_norm %r1, %w2 bias %b2 residual %x, %g, %h {epsilon = 1.0e-5 : f32} : (tensor<2x16x128xf32>, tensor<128x64xf32>, tensor<64xf32>, tensor<2x16x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<2x16x64xf32>
  return %n : tensor<2x16x64xf32>
}

// Not fused: a clip between the layers (the kernel has relu and gelu), a
// block whose two weights pass 256 KiB (64 x 1024 and 1024 x 64), a first
// gemm something else reads too.
// CHECK-LABEL: func.func @mlp_norm_not
// CHECK-NEXT: accel.gemm %arg0, %arg1 {{.*}}activation = #accel<activation clip>
// CHECK-NEXT: accel.gemm_norm
// CHECK-NEXT: accel.gemm %arg0, %arg2 :
// CHECK-NEXT: accel.gemm_norm
// CHECK-NEXT: accel.gemm %arg0, %arg1 :
// CHECK-NEXT: accel.gemm_norm
// CHECK-NOT: mlp_norm
func.func @mlp_norm_not(%x: tensor<16x64xf32>, %w1: tensor<64x128xf32>, %w1b: tensor<64x1024xf32>, %w2: tensor<128x64xf32>, %w2b: tensor<1024x64xf32>, %g: tensor<64xf32>) -> (tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x128xf32>) {
  %p = accel.gemm %x, %w1 {activation = #accel<activation clip>, act_lo = 0.0 : f32, act_hi = 6.0 : f32} : (tensor<16x64xf32>, tensor<64x128xf32>) -> tensor<16x128xf32>
  %n = accel.gemm_norm %p, %w2 residual %x, %g {epsilon = 1.0e-5 : f32} : (tensor<16x128xf32>, tensor<128x64xf32>, tensor<16x64xf32>, tensor<64xf32>) -> tensor<16x64xf32>
  %q = accel.gemm %x, %w1b : (tensor<16x64xf32>, tensor<64x1024xf32>) -> tensor<16x1024xf32>
  %m = accel.gemm_norm %q, %w2b residual %x, %g {epsilon = 1.0e-5 : f32} : (tensor<16x1024xf32>, tensor<1024x64xf32>, tensor<16x64xf32>, tensor<64xf32>) -> tensor<16x64xf32>
  %u = accel.gemm %x, %w1 : (tensor<16x64xf32>, tensor<64x128xf32>) -> tensor<16x128xf32>
  %o = accel.gemm_norm %u, %w2 residual %x, %g {epsilon = 1.0e-5 : f32} : (tensor<16x128xf32>, tensor<128x64xf32>, tensor<16x64xf32>, tensor<64xf32>) -> tensor<16x64xf32>
  return %n, %m, %o, %u : tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x128xf32>
}
