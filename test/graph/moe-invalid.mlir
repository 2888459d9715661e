// accel.moe_route's and accel.gated_sum's verifiers (VerifyMoe.cpp):
// round trips and each rule's message.
// RUN: accel-graph-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func @moe
// CHECK: accel.moe_route %{{.*}} {k = 2 : i64} : (tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
// CHECK: accel.gated_sum %{{.*}}, %{{.*}}, %{{.*}} {columns = array<i64: -1, 3>} : (tensor<2x8x4xf32>, tensor<2x8x32xf32>, tensor<2x8x32xf32>) -> tensor<2x8x32xf32>
func.func @moe(%l: tensor<2x8x4xf32>, %a: tensor<2x8x32xf32>, %b: tensor<2x8x32xf32>) -> tensor<2x8x32xf32> {
  %g = accel.moe_route %l {k = 2 : i64} : (tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %s = accel.gated_sum %g, %a, %b {columns = array<i64: -1, 3>} : (tensor<2x8x4xf32>, tensor<2x8x32xf32>, tensor<2x8x32xf32>) -> tensor<2x8x32xf32>
  return %s : tensor<2x8x32xf32>
}

// -----

func.func @route_k(%l: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error @+1 {{'accel.moe_route' op k 5 is not 1 to 4 (the experts)}}
  %g = accel.moe_route %l {k = 5 : i64} : (tensor<8x4xf32>) -> tensor<8x4xf32>
  return %g : tensor<8x4xf32>
}

// -----

func.func @route_experts(%l: tensor<2x1025xf32>) -> tensor<2x1025xf32> {
  // expected-error @+1 {{'accel.moe_route' op has 1025 experts, at most 1024}}
  %g = accel.moe_route %l {k = 2 : i64} : (tensor<2x1025xf32>) -> tensor<2x1025xf32>
  return %g : tensor<2x1025xf32>
}

// -----

func.func @route_shape(%l: tensor<8x4xf32>) -> tensor<8x2xf32> {
  // expected-error @+1 {{'accel.moe_route' op result shape is not the logits'}}
  %g = accel.moe_route %l {k = 2 : i64} : (tensor<8x4xf32>) -> tensor<8x2xf32>
  return %g : tensor<8x2xf32>
}

// -----

func.func @route_f64(%l: tensor<8x4xf64>) -> tensor<8x4xf64> {
  // expected-error @+1 {{element type float64 is not supported by accel.moe_route (float32 only)}}
  %g = accel.moe_route %l {k = 2 : i64} : (tensor<8x4xf64>) -> tensor<8x4xf64>
  return %g : tensor<8x4xf64>
}

// -----

func.func @sum_columns(%g: tensor<8x4xf32>, %a: tensor<8x32xf32>) -> tensor<8x32xf32> {
  // expected-error @+1 {{'accel.gated_sum' op has 2 columns for 1 terms}}
  %s = accel.gated_sum %g, %a {columns = array<i64: 0, 1>} : (tensor<8x4xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
  return %s : tensor<8x32xf32>
}

// -----

func.func @sum_column(%g: tensor<8x4xf32>, %a: tensor<8x32xf32>) -> tensor<8x32xf32> {
  // expected-error @+1 {{'accel.gated_sum' op column 4 of term 0 is not -1 or a gate column}}
  %s = accel.gated_sum %g, %a {columns = array<i64: 4>} : (tensor<8x4xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
  return %s : tensor<8x32xf32>
}

// -----

func.func @sum_gates(%g: tensor<4x4xf32>, %a: tensor<8x32xf32>) -> tensor<8x32xf32> {
  // expected-error @+1 {{'accel.gated_sum' op gates must have the result's shape but the last dimension}}
  %s = accel.gated_sum %g, %a {columns = array<i64: 0>} : (tensor<4x4xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
  return %s : tensor<8x32xf32>
}

// -----

func.func @sum_term(%g: tensor<8x4xf32>, %a: tensor<8x32xf32>, %b: tensor<8x1xf32>) -> tensor<8x32xf32> {
  // expected-error @+1 {{'accel.gated_sum' op term 1 does not have the result's shape}}
  %s = accel.gated_sum %g, %a, %b {columns = array<i64: 0, -1>} : (tensor<8x4xf32>, tensor<8x32xf32>, tensor<8x1xf32>) -> tensor<8x32xf32>
  return %s : tensor<8x32xf32>
}

// -----

func.func @sum_none(%g: tensor<8x4xf32>) -> tensor<8x32xf32> {
  // expected-error @+1 {{'accel.gated_sum' op has 0 terms, expected 1 to 64}}
  %s = accel.gated_sum %g, {columns = array<i64>} : (tensor<8x4xf32>) -> tensor<8x32xf32>
  return %s : tensor<8x32xf32>
}
