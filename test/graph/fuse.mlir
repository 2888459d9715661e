// -accel-fuse (graph/transforms/Passes.td): every fusion family at once, as
// accel-graphc runs them. Each family has its own file (fuse-*.mlir,
// sink-transposes.mlir); these cases need two families together.
// RUN: accel-graph-opt -accel-fuse -canonicalize %s | FileCheck %s

// The matrix unit's families run before the chains: the bias add and the
// relu go into the matmul (a gemm), and only what is left is a chain
// (-accel-fuse-chains alone would take the add and the relu too).
// CHECK-LABEL: func.func @bias_relu_then_chain
// CHECK: %[[G:.*]] = accel.gemm %arg0, %arg1, %{{.*}} {activation = #accel<activation relu>} : (tensor<4x8xf32>, tensor<8x5xf32>, tensor<5xf32>) -> tensor<4x5xf32>
// CHECK-NEXT: %[[C:.*]] = accel.elementwise_chain [exp, mul] %[[G]], %arg2 {{{.*}}operands = array<i64: 0, 1>{{.*}}} : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
// CHECK-NEXT: return %[[C]]
func.func @bias_relu_then_chain(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>, %y: tensor<4x5xf32>) -> tensor<4x5xf32> {
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<5xf32>
  %m = accel.matmul %a, %b : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  %s = accel.elementwise add %m, %c : (tensor<4x5xf32>, tensor<5xf32>) -> tensor<4x5xf32>
  %r = accel.elementwise relu %s : (tensor<4x5xf32>) -> tensor<4x5xf32>
  %e = accel.elementwise exp %r : (tensor<4x5xf32>) -> tensor<4x5xf32>
  %z = accel.elementwise mul %e, %y : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
  return %z : tensor<4x5xf32>
}

// A post-norm block, x = norm(x + W h): the add becomes the norm's
// residual (norms), and then the gemm joins the norm (gemm+norm).
// CHECK-LABEL: func.func @post_norm_block
// CHECK-NEXT: %[[N:.*]] = accel.gemm_norm %arg1, %arg2 residual %arg0, %arg3 {epsilon = 9.99999974E-6 : f32} : (tensor<16x64xf32>, tensor<64x64xf32>, tensor<16x64xf32>, tensor<64xf32>) -> tensor<16x64xf32>
// CHECK-NEXT: return %[[N]]
func.func @post_norm_block(%x: tensor<16x64xf32>, %h: tensor<16x64xf32>, %w: tensor<64x64xf32>, %g: tensor<64xf32>) -> tensor<16x64xf32> {
  %p = accel.gemm %h, %w : (tensor<16x64xf32>, tensor<64x64xf32>) -> tensor<16x64xf32>
  %s = accel.elementwise add %x, %p : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %l = accel.layernorm %s, %g {axis = 1, epsilon = 1.0e-5 : f32} : (tensor<16x64xf32>, tensor<64xf32>) -> tensor<16x64xf32>
  return %l : tensor<16x64xf32>
}
