// The verifiers of accel.layernorm's and accel.rms_norm's result of the
// sum and the norm, [2, the input's dims] (AccelGraphDialect.cpp,
// VerifyRmsNorm.cpp): a round trip and each rule's message.
// RUN: accel-graph-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func @sum_and_norm
// CHECK: accel.rms_norm %arg0 residual %arg1, %arg2 {epsilon = 9.99999997E-7 : f32} : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> tensor<2x4x8xf32>
// CHECK: accel.layernorm %arg0 residual %arg1, %arg2 {axis = 1 : i64, epsilon = 9.99999974E-6 : f32} : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> tensor<2x4x8xf32>
func.func @sum_and_norm(%x: tensor<4x8xf32>, %h: tensor<4x8xf32>, %w: tensor<8xf32>) -> (tensor<2x4x8xf32>, tensor<2x4x8xf32>) {
  %0 = accel.rms_norm %x residual %h, %w {epsilon = 1.0e-6 : f32} : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> tensor<2x4x8xf32>
  %1 = accel.layernorm %x residual %h, %w {axis = 1 : i64, epsilon = 1.0e-5 : f32} : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> tensor<2x4x8xf32>
  return %0, %1 : tensor<2x4x8xf32>, tensor<2x4x8xf32>
}

// -----

func.func @rms_without_residual(%x: tensor<4x8xf32>, %w: tensor<8xf32>) -> tensor<2x4x8xf32> {
  // expected-error @+1 {{'accel.rms_norm' op a result of the sum and the norm must be [2, the input's dims], with a residual}}
  %0 = accel.rms_norm %x, %w {epsilon = 1.0e-6 : f32} : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<2x4x8xf32>
  return %0 : tensor<2x4x8xf32>
}

// -----

func.func @rms_three(%x: tensor<4x8xf32>, %h: tensor<4x8xf32>, %w: tensor<8xf32>) -> tensor<3x4x8xf32> {
  // expected-error @+1 {{'accel.rms_norm' op a result of the sum and the norm must be [2, the input's dims], with a residual}}
  %0 = accel.rms_norm %x residual %h, %w {epsilon = 1.0e-6 : f32} : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> tensor<3x4x8xf32>
  return %0 : tensor<3x4x8xf32>
}

// -----

func.func @layernorm_without_residual(%x: tensor<4x8xf32>, %w: tensor<8xf32>) -> tensor<2x4x8xf32> {
  // expected-error @+1 {{'accel.layernorm' op a result of the sum and the norm must be [2, the input's dims], with a residual}}
  %0 = accel.layernorm %x, %w {axis = 1 : i64, epsilon = 1.0e-5 : f32} : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<2x4x8xf32>
  return %0 : tensor<2x4x8xf32>
}

// -----

func.func @layernorm_other_dims(%x: tensor<4x8xf32>, %h: tensor<4x8xf32>, %w: tensor<8xf32>) -> tensor<2x8x4xf32> {
  // expected-error @+1 {{'accel.layernorm' op a result of the sum and the norm must be [2, the input's dims], with a residual}}
  %0 = accel.layernorm %x residual %h, %w {axis = 1 : i64, epsilon = 1.0e-5 : f32} : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> tensor<2x8x4xf32>
  return %0 : tensor<2x8x4xf32>
}
