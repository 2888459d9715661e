// Every op of the accel graph dialect parses, verifies and prints back
// (docs/graph.md); the printed form parses again to the same IR.
// RUN: accel-graph-opt %s | FileCheck %s
// RUN: accel-graph-opt %s | accel-graph-opt | FileCheck %s

// CHECK-LABEL: func.func @ops
func.func @ops(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>,
               %b: tensor<4xf32>, %a: tensor<2x5x6xf32>,
               %m: tensor<6x7xf32>) -> tensor<1x4x4x4xf32> {
  // CHECK: accel.conv2d %{{.*}}, %{{.*}}, %{{.*}} {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
  %c = accel.conv2d %x, %w, %b {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
  // CHECK: accel.pool2d max %{{.*}} {ceil_mode = true, dilations = array<i64: 1, 1>, kernel = array<i64: 3, 3>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>} : (tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32>
  %p = accel.pool2d max %c {kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, ceil_mode = true} : (tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32>
  // Batched matmul with a broadcast matrix.
  // CHECK: accel.matmul %{{.*}}, %{{.*}} : (tensor<2x5x6xf32>, tensor<6x7xf32>) -> tensor<2x5x7xf32>
  %mm = accel.matmul %a, %m : (tensor<2x5x6xf32>, tensor<6x7xf32>) -> tensor<2x5x7xf32>
  // CHECK: accel.softmax %{{.*}} {axis = 2 : i64, log = true}
  %s = accel.softmax %mm {axis = 2, log = true} : (tensor<2x5x7xf32>) -> tensor<2x5x7xf32>
  // CHECK: accel.transpose %{{.*}} {perm = array<i64: 0, 2, 1>} : (tensor<2x5x7xf32>) -> tensor<2x7x5xf32>
  %t = accel.transpose %s {perm = array<i64: 0, 2, 1>} : (tensor<2x5x7xf32>) -> tensor<2x7x5xf32>
  // CHECK: accel.reduce mean %{{.*}} {axes = array<i64: 1>, keepdims = false} : (tensor<2x7x5xf32>) -> tensor<2x5xf32>
  %red = accel.reduce mean %t {axes = array<i64: 1>, keepdims = false} : (tensor<2x7x5xf32>) -> tensor<2x5xf32>
  // CHECK: accel.reshape %{{.*}} : (tensor<2x7x5xf32>) -> tensor<70xf32>
  %r = accel.reshape %t : (tensor<2x7x5xf32>) -> tensor<70xf32>
  // CHECK: accel.elementwise clip %{{.*}} {hi = 6.000000e+00 : f32, lo = 0.000000e+00 : f32}
  %e = accel.elementwise clip %p {lo = 0.0 : f32, hi = 6.0 : f32} : (tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  return %e : tensor<1x4x4x4xf32>
}

// CHECK-LABEL: func.func @gemm
func.func @gemm(%a: tensor<5x3xf32>, %b: tensor<4x5xf32>, %c: tensor<4xf32>) -> tensor<3x4xf32> {
  // CHECK: accel.gemm %{{.*}}, %{{.*}}, %{{.*}} {alpha = 5.000000e-01 : f32, trans_a = true, trans_b = true}
  %g = accel.gemm %a, %b, %c {alpha = 0.5 : f32, trans_a = true, trans_b = true} : (tensor<5x3xf32>, tensor<4x5xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  return %g : tensor<3x4xf32>
}

// Canonicalization folds a reshape to its input's own shape, and a reshape
// of a reshape into one.
// RUN: accel-graph-opt -canonicalize %s | FileCheck %s --check-prefix=FOLD
// FOLD-LABEL: func.func @reshapes
// FOLD-NEXT:  %[[R:.*]] = accel.reshape %arg0 : (tensor<2x6xf32>) -> tensor<12xf32>
// FOLD-NEXT:  return %arg0, %[[R]]
func.func @reshapes(%x: tensor<2x6xf32>) -> (tensor<2x6xf32>, tensor<12xf32>) {
  %0 = accel.reshape %x : (tensor<2x6xf32>) -> tensor<2x6xf32>
  %1 = accel.reshape %x : (tensor<2x6xf32>) -> tensor<3x4xf32>
  %2 = accel.reshape %1 : (tensor<3x4xf32>) -> tensor<12xf32>
  return %0, %2 : tensor<2x6xf32>, tensor<12xf32>
}

// CHECK-LABEL: func.func @norms
// CHECK: accel.layernorm %{{.*}}, %{{.*}}, %{{.*}} {axis = 1 : i64, epsilon = 9.99999974E-6 : f32} : (tensor<2x3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
// CHECK: accel.layernorm %{{.*}} residual %{{.*}}, %{{.*}} {axis = 2 : i64, epsilon = 9.99999974E-6 : f32} : (tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
// CHECK: accel.batchnorm %{{.*}} {epsilon = 9.99999974E-6 : f32}
// CHECK: accel.concat %{{.*}}, %{{.*}} {axis = 1 : i64} : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x6x4xf32>
func.func @norms(%x: tensor<2x3x4xf32>, %s: tensor<3x4xf32>, %c: tensor<3xf32>, %g: tensor<4xf32>) -> tensor<2x6x4xf32> {
  %l0 = accel.layernorm %x, %s, %s {axis = 1, epsilon = 1.0e-5 : f32} : (tensor<2x3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
  %l = accel.layernorm %l0 residual %x, %g {axis = 2, epsilon = 1.0e-5 : f32} : (tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %b = accel.batchnorm %l, %c, %c, %c, %c {epsilon = 1.0e-5 : f32} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  %j = accel.concat %b, %x {axis = 1} : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x6x4xf32>
  return %j : tensor<2x6x4xf32>
}

// CHECK-LABEL: func.func @gemm_norm
// CHECK: accel.gemm_norm %{{.*}}, %{{.*}} bias %{{.*}} residual %{{.*}}, %{{.*}}, %{{.*}} {epsilon = 9.99999974E-6 : f32, trans_b = true} : (tensor<2x3x8xf32>, tensor<4x8xf32>, tensor<4xf32>, tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
// CHECK: accel.gemm_norm %{{.*}}, %{{.*}} residual %{{.*}}, %{{.*}} {epsilon = 9.99999974E-6 : f32} : (tensor<2x3x8xf32>, tensor<8x4xf32>, tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
func.func @gemm_norm(%a: tensor<2x3x8xf32>, %bt: tensor<4x8xf32>, %b: tensor<8x4xf32>, %r: tensor<2x3x4xf32>, %g: tensor<4xf32>) -> tensor<2x3x4xf32> {
  %0 = accel.gemm_norm %a, %bt bias %g residual %r, %g, %g {trans_b = true, epsilon = 1.0e-5 : f32} : (tensor<2x3x8xf32>, tensor<4x8xf32>, tensor<4xf32>, tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %1 = accel.gemm_norm %a, %b residual %0, %g {epsilon = 1.0e-5 : f32} : (tensor<2x3x8xf32>, tensor<8x4xf32>, tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  return %1 : tensor<2x3x4xf32>
}

// CHECK-LABEL: func.func @mlp_norm
// CHECK: accel.mlp_norm %{{.*}}, %{{.*}} bias %{{.*}}, %{{.*}} bias %{{.*}} residual %{{.*}}, %{{.*}}, %{{.*}} {activation = #accel<activation gelu>, epsilon = 9.99999974E-6 : f32} : (tensor<2x3x8xf32>, tensor<8x16xf32>, tensor<16xf32>, tensor<16x4xf32>, tensor<4xf32>, tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
// CHECK: accel.mlp_norm %{{.*}}, %{{.*}}, %{{.*}} residual %{{.*}}, %{{.*}} {epsilon = 9.99999974E-6 : f32} : (tensor<2x3x8xf32>, tensor<8x16xf32>, tensor<16x4xf32>, tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
func.func @mlp_norm(%x: tensor<2x3x8xf32>, %w1: tensor<8x16xf32>, %b1: tensor<16xf32>, %w2: tensor<16x4xf32>, %r: tensor<2x3x4xf32>, %g: tensor<4xf32>) -> tensor<2x3x4xf32> {
  %0 = accel.mlp_norm %x, %w1 bias %b1, %w2 bias %g residual %r, %g, %g {activation = #accel<activation gelu>, epsilon = 1.0e-5 : f32} : (tensor<2x3x8xf32>, tensor<8x16xf32>, tensor<16xf32>, tensor<16x4xf32>, tensor<4xf32>, tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %1 = accel.mlp_norm %x, %w1, %w2 residual %0, %g {epsilon = 1.0e-5 : f32} : (tensor<2x3x8xf32>, tensor<8x16xf32>, tensor<16x4xf32>, tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  return %1 : tensor<2x3x4xf32>
}

// CHECK-LABEL: func.func @slice
// CHECK: accel.slice %{{.*}} {starts = array<i64: 0, 8>, steps = array<i64: 1, 2>} : (tensor<4x16xf32>) -> tensor<4x4xf32>
func.func @slice(%x: tensor<4x16xf32>) -> tensor<4x4xf32> {
  %s = accel.slice %x {starts = array<i64: 0, 8>, steps = array<i64: 1, 2>} : (tensor<4x16xf32>) -> tensor<4x4xf32>
  return %s : tensor<4x4xf32>
}

// CHECK-LABEL: func.func @movement
// CHECK: accel.pad reflect %{{.*}} {pads = array<i64: 0, 1, 1, 1>} : (tensor<2x3xf32>) -> tensor<3x5xf32>
// CHECK: accel.pad constant %{{.*}}, %{{.*}} {pads = array<i64: 1, 0, 0, 0>} : (tensor<3x5xf32>, tensor<f32>) -> tensor<4x5xf32>
// CHECK: accel.gather %{{.*}} {axis = 1 : i64, indices = array<i64: 4, -1, 0>} : (tensor<4x5xf32>) -> tensor<4x3xf32>
// CHECK: accel.gather %{{.*}}[%{{.*}}] {axis = 0 : i64} : (tensor<4x5xf32>, tensor<2x2xi64>) -> tensor<4x5xf32>
// CHECK: accel.expand %{{.*}} : (tensor<4x3xf32>) -> tensor<2x4x3xf32>
// CHECK: accel.attention %{{.*}}, %{{.*}}, %{{.*}} {scale = 5.000000e-01 : f32} : (tensor<2x4x3xf32>, tensor<2x4x3xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
func.func @movement(%x: tensor<2x3xf32>, %v: tensor<f32>, %ids: tensor<2x2xi64>) -> tensor<2x4x3xf32> {
  %r = accel.pad reflect %x {pads = array<i64: 0, 1, 1, 1>, value = 0.0 : f32} : (tensor<2x3xf32>) -> tensor<3x5xf32>
  %c = accel.pad constant %r, %v {pads = array<i64: 1, 0, 0, 0>} : (tensor<3x5xf32>, tensor<f32>) -> tensor<4x5xf32>
  %g = accel.gather %c {axis = 1, indices = array<i64: 4, -1, 0>} : (tensor<4x5xf32>) -> tensor<4x3xf32>
  %rows = accel.gather %c[%ids] {axis = 0} : (tensor<4x5xf32>, tensor<2x2xi64>) -> tensor<4x5xf32>
  %e = accel.expand %g : (tensor<4x3xf32>) -> tensor<2x4x3xf32>
  %a = accel.attention %e, %e, %e {scale = 0.5 : f32} : (tensor<2x4x3xf32>, tensor<2x4x3xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  return %a : tensor<2x4x3xf32>
}
