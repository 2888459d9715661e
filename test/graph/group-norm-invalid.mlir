// accel.group_norm's verifier (VerifyGroupNorm.cpp): a round trip and
// each rule's message.
// RUN: accel-graph-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func @group_norm
// CHECK: accel.group_norm %arg0, %arg1, %arg2 {activation = #accel<activation silu>, epsilon = 9.99999974E-6 : f32, groups = 2 : i64} : (tensor<1x4x3x3xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x3x3xf32>
func.func @group_norm(%x: tensor<1x4x3x3xf32>, %s: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<1x4x3x3xf32> {
  %0 = accel.group_norm %x, %s, %b {groups = 2 : i64, epsilon = 1.0e-5 : f32, activation = #accel<activation silu>} : (tensor<1x4x3x3xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x3x3xf32>
  return %0 : tensor<1x4x3x3xf32>
}

// -----

func.func @rank1(%x: tensor<4xf32>, %s: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'accel.group_norm' op input must have rank 2 or more ([N, C, ...])}}
  %0 = accel.group_norm %x, %s, %s {groups = 1 : i64, epsilon = 1.0e-5 : f32} : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @groups(%x: tensor<1x4x3xf32>, %s: tensor<4xf32>) -> tensor<1x4x3xf32> {
  // expected-error @+1 {{'accel.group_norm' op groups (3) must divide the 4 channels}}
  %0 = accel.group_norm %x, %s, %s {groups = 3 : i64, epsilon = 1.0e-5 : f32} : (tensor<1x4x3xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x3xf32>
  return %0 : tensor<1x4x3xf32>
}

// -----

func.func @scale(%x: tensor<1x4x3xf32>, %s: tensor<4x1xf32>, %b: tensor<4xf32>) -> tensor<1x4x3xf32> {
  // expected-error @+1 {{'accel.group_norm' op scale must have shape [4]}}
  %0 = accel.group_norm %x, %s, %b {groups = 2 : i64, epsilon = 1.0e-5 : f32} : (tensor<1x4x3xf32>, tensor<4x1xf32>, tensor<4xf32>) -> tensor<1x4x3xf32>
  return %0 : tensor<1x4x3xf32>
}

// -----

func.func @shift(%x: tensor<1x4x3xf32>, %s: tensor<4xf32>, %b: tensor<2xf32>) -> tensor<1x4x3xf32> {
  // expected-error @+1 {{'accel.group_norm' op shift must have shape [4]}}
  %0 = accel.group_norm %x, %s, %b {groups = 2 : i64, epsilon = 1.0e-5 : f32} : (tensor<1x4x3xf32>, tensor<4xf32>, tensor<2xf32>) -> tensor<1x4x3xf32>
  return %0 : tensor<1x4x3xf32>
}

// -----

func.func @epsilon(%x: tensor<1x4x3xf32>, %s: tensor<4xf32>) -> tensor<1x4x3xf32> {
  // expected-error @+1 {{'accel.group_norm' op epsilon must not be negative}}
  %0 = accel.group_norm %x, %s, %s {groups = 2 : i64, epsilon = -1.0 : f32} : (tensor<1x4x3xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x3xf32>
  return %0 : tensor<1x4x3xf32>
}

// -----

func.func @result(%x: tensor<1x4x3xf32>, %s: tensor<4xf32>) -> tensor<1x4x1x3xf32> {
  // expected-error @+1 {{'accel.group_norm' op result type must be the input's}}
  %0 = accel.group_norm %x, %s, %s {groups = 2 : i64, epsilon = 1.0e-5 : f32} : (tensor<1x4x3xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x1x3xf32>
  return %0 : tensor<1x4x1x3xf32>
}

// -----

func.func @gelu_tanh(%x: tensor<1x4x3xf32>, %s: tensor<4xf32>) -> tensor<1x4x3xf32> {
  // expected-error @+1 {{'accel.group_norm' op activation must be relu, silu, or clip with act_lo <= act_hi}}
  %0 = accel.group_norm %x, %s, %s {groups = 2 : i64, epsilon = 1.0e-5 : f32, activation = #accel<activation gelu>} : (tensor<1x4x3xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x3xf32>
  return %0 : tensor<1x4x3xf32>
}

// -----

func.func @f64(%x: tensor<1x4x3xf64>, %s: tensor<4xf64>) -> tensor<1x4x3xf64> {
  // expected-error @+1 {{element type float64 is not supported by accel.group_norm (float32 only)}}
  %0 = accel.group_norm %x, %s, %s {groups = 2 : i64, epsilon = 1.0e-5 : f32} : (tensor<1x4x3xf64>, tensor<4xf64>, tensor<4xf64>) -> tensor<1x4x3xf64>
  return %0 : tensor<1x4x3xf64>
}
