// -accel-fuse-activations (graph/transforms/Passes.td): activations, bias
// adds and batch norms into the matrix unit's kernels, GELU from its
// pieces. The folded batch-norm constants are worked out by hand.
// RUN: accel-graph-opt -accel-fuse-activations -canonicalize %s | FileCheck %s

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
