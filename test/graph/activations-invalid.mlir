// The float math and activation kinds' attributes: elu, celu and
// thresholded_relu need alpha, shrink alpha (its bias), lo and hi; prelu
// takes its slope as a second input; and a chain of them verifies.
// RUN: accel-graph-opt %s -split-input-file -verify-diagnostics

func.func @elu(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'accel.elementwise' op elu needs alpha}}
  %0 = accel.elementwise elu %a : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @thresholded_relu(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'accel.elementwise' op thresholded_relu needs alpha}}
  %0 = accel.elementwise thresholded_relu %a : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @shrink(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'accel.elementwise' op shrink needs alpha, lo and hi}}
  %0 = accel.elementwise shrink %a {alpha = 1.0 : f32, hi = 0.5 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @prelu_arity(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'accel.elementwise' op prelu takes 2 inputs}}
  %0 = accel.elementwise prelu %a : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @valid(%a: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = accel.elementwise prelu %a, %s : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = accel.elementwise celu %0 {alpha = 2.0 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = accel.elementwise_chain [floor, sin, shrink] %1 {alphas = array<f32: 0.0, 0.0, 0.25>, his = array<f32: 0.0, 0.0, 0.5>, los = array<f32: 0.0, 0.0, -0.5>, operands = array<i64: 0, 0, 0>, swaps = array<i1: false, false, false>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %2 : tensor<2x3xf32>
}
