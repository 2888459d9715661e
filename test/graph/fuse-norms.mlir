// -accel-fuse-norms (graph/transforms/Passes.td): LayerNorm from its
// pieces, and a residual add into the layer norm that alone reads it.
// RUN: accel-graph-opt -accel-fuse-norms -canonicalize %s | FileCheck %s

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
