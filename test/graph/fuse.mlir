// -accel-fuse: activations, bias adds and batch norms into the matrix
// unit's kernels. The folded batch-norm constants are worked out by hand.
// RUN: accel-graph-opt -accel-fuse -canonicalize %s | FileCheck %s

// CHECK-LABEL: func.func @conv_relu
// CHECK-NEXT: %[[C:.*]] = accel.conv2d %arg0, %arg1 {activation = "relu", {{.*}}} : (tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>) -> tensor<1x3x4x4xf32>
// CHECK-NEXT: return %[[C]]
func.func @conv_relu(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x1x1xf32>) -> tensor<1x3x4x4xf32> {
  %c = accel.conv2d %x, %w {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>) -> tensor<1x3x4x4xf32>
  %r = accel.elementwise "relu" %c : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

// CHECK-LABEL: func.func @gemm_clip
// CHECK-NEXT: %[[G:.*]] = accel.gemm %arg0, %arg1 {act_hi = 6.000000e+00 : f32, act_lo = 0.000000e+00 : f32, activation = "clip"}
// CHECK-NEXT: return %[[G]]
func.func @gemm_clip(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>) -> tensor<4x5xf32> {
  %g = accel.gemm %a, %b : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  %r = accel.elementwise "clip" %g {lo = 0.0 : f32, hi = 6.0 : f32} : (tensor<4x5xf32>) -> tensor<4x5xf32>
  return %r : tensor<4x5xf32>
}

// The matmul's result is read twice: the relu stays.
// CHECK-LABEL: func.func @two_uses
// CHECK: accel.matmul
// CHECK-NOT: activation
// CHECK: accel.elementwise "relu"
func.func @two_uses(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>) -> (tensor<4x5xf32>, tensor<4x5xf32>) {
  %m = accel.matmul %a, %b : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  %r = accel.elementwise "relu" %m : (tensor<4x5xf32>) -> tensor<4x5xf32>
  return %m, %r : tensor<4x5xf32>, tensor<4x5xf32>
}

// A bias after a 2-D matmul: a gemm with C, then the relu into it.
// CHECK-LABEL: func.func @linear_relu
// CHECK-NEXT: %[[B:.*]] = arith.constant dense<5.000000e-01> : tensor<5xf32>
// CHECK-NEXT: %[[G:.*]] = accel.gemm %arg0, %arg1, %[[B]] {activation = "relu"}
// CHECK-NEXT: return %[[G]]
func.func @linear_relu(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>) -> tensor<4x5xf32> {
  %bias = arith.constant dense<0.5> : tensor<5xf32>
  %m = accel.matmul %a, %b : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  %s = accel.elementwise "add" %bias, %m : (tensor<5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
  %r = accel.elementwise "relu" %s : (tensor<4x5xf32>) -> tensor<4x5xf32>
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

// Elementwise ops in a row on 8192 elements or more: one chain, the
// running value r = x, then relu, + y, z * r (swapped), exp.
// CHECK-LABEL: func.func @chain
// CHECK-NEXT: %[[C:.*]] = accel.elementwise_chain %arg0, %arg1, %arg2 {alphas = array<f32: 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00>, his = {{.*}}, kinds = ["relu", "add", "mul", "exp"], los = {{.*}}, operands = array<i64: 0, 1, 2, 0>, swaps = array<i1: false, false, true, false>} : (tensor<8192xf32>, tensor<8192xf32>, tensor<1xf32>) -> tensor<8192xf32>
// CHECK-NEXT: return %[[C]]
func.func @chain(%x: tensor<8192xf32>, %y: tensor<8192xf32>, %z: tensor<1xf32>) -> tensor<8192xf32> {
  %a = accel.elementwise "relu" %x : (tensor<8192xf32>) -> tensor<8192xf32>
  %b = accel.elementwise "add" %a, %y : (tensor<8192xf32>, tensor<8192xf32>) -> tensor<8192xf32>
  %c = accel.elementwise "mul" %z, %b : (tensor<1xf32>, tensor<8192xf32>) -> tensor<8192xf32>
  %d = accel.elementwise "exp" %c : (tensor<8192xf32>) -> tensor<8192xf32>
  return %d : tensor<8192xf32>
}

// Below 8192 elements the chain costs more than it saves: no chain.
// CHECK-LABEL: func.func @small
// CHECK-NOT: elementwise_chain
// CHECK: return
func.func @small(%x: tensor<4096xf32>) -> tensor<4096xf32> {
  %a = accel.elementwise "relu" %x : (tensor<4096xf32>) -> tensor<4096xf32>
  %b = accel.elementwise "exp" %a : (tensor<4096xf32>) -> tensor<4096xf32>
  return %b : tensor<4096xf32>
}
