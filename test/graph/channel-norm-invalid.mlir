// accel.channel_norm's verifier (VerifyChannelNorm.cpp): round trips with
// and without its scale and shift, and each rule's message.
// RUN: accel-graph-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func @channel_norm
// CHECK: accel.channel_norm %arg0 scale %arg1 shift %arg2 {epsilon = 9.99999997E-7 : f32} : (tensor<1x4x3x3xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x3x3xf32>
// CHECK: accel.channel_norm %arg0 shift %arg2 {epsilon = 0.000000e+00 : f32} : (tensor<1x4x3x3xf32>, tensor<4xf32>) -> tensor<1x4x3x3xf32>
// CHECK: accel.channel_norm %arg0 {channels_last, epsilon = 9.99999997E-7 : f32} : (tensor<1x4x3x3xf32>) -> tensor<1x3x3x4xf32>
func.func @channel_norm(%x: tensor<1x4x3x3xf32>, %s: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<1x4x3x3xf32>, tensor<1x4x3x3xf32>, tensor<1x3x3x4xf32>) {
  %0 = accel.channel_norm %x scale %s shift %b {epsilon = 1.0e-6 : f32} : (tensor<1x4x3x3xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x3x3xf32>
  %1 = accel.channel_norm %x shift %b {epsilon = 0.0 : f32} : (tensor<1x4x3x3xf32>, tensor<4xf32>) -> tensor<1x4x3x3xf32>
  %2 = accel.channel_norm %x {channels_last, epsilon = 1.0e-6 : f32} : (tensor<1x4x3x3xf32>) -> tensor<1x3x3x4xf32>
  return %0, %1, %2 : tensor<1x4x3x3xf32>, tensor<1x4x3x3xf32>, tensor<1x3x3x4xf32>
}

// -----

func.func @rank1(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'accel.channel_norm' op input must have rank 2 or more ([N, C, ...])}}
  %0 = accel.channel_norm %x {epsilon = 1.0e-5 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @too_many_channels(%x: tensor<1x1537x2xf32>) -> tensor<1x1537x2xf32> {
  // expected-error @+1 {{'accel.channel_norm' op has 1537 channels; the kernel takes at most 1536}}
  %0 = accel.channel_norm %x {epsilon = 1.0e-5 : f32} : (tensor<1x1537x2xf32>) -> tensor<1x1537x2xf32>
  return %0 : tensor<1x1537x2xf32>
}

// -----

func.func @scale_shape(%x: tensor<1x4x3xf32>, %s: tensor<3xf32>) -> tensor<1x4x3xf32> {
  // expected-error @+1 {{'accel.channel_norm' op scale must have shape [4]}}
  %0 = accel.channel_norm %x scale %s {epsilon = 1.0e-5 : f32} : (tensor<1x4x3xf32>, tensor<3xf32>) -> tensor<1x4x3xf32>
  return %0 : tensor<1x4x3xf32>
}

// -----

func.func @shift_shape(%x: tensor<1x4x3xf32>, %s: tensor<4x1xf32>) -> tensor<1x4x3xf32> {
  // expected-error @+1 {{'accel.channel_norm' op shift must have shape [4]}}
  %0 = accel.channel_norm %x shift %s {epsilon = 1.0e-5 : f32} : (tensor<1x4x3xf32>, tensor<4x1xf32>) -> tensor<1x4x3xf32>
  return %0 : tensor<1x4x3xf32>
}

// -----

func.func @negative_epsilon(%x: tensor<1x4x3xf32>) -> tensor<1x4x3xf32> {
  // expected-error @+1 {{'accel.channel_norm' op epsilon must not be negative}}
  %0 = accel.channel_norm %x {epsilon = -1.0e-5 : f32} : (tensor<1x4x3xf32>) -> tensor<1x4x3xf32>
  return %0 : tensor<1x4x3xf32>
}

// -----

func.func @result_type(%x: tensor<1x4x3xf32>) -> tensor<1x4x4xf32> {
  // expected-error @+1 {{'accel.channel_norm' op result type must be the input's}}
  %0 = accel.channel_norm %x {epsilon = 1.0e-5 : f32} : (tensor<1x4x3xf32>) -> tensor<1x4x4xf32>
  return %0 : tensor<1x4x4xf32>
}

// -----

func.func @channels_last_type(%x: tensor<1x4x3x2xf32>) -> tensor<1x4x3x2xf32> {
  // expected-error @+1 {{'accel.channel_norm' op result type must be the input's with its channels last}}
  %0 = accel.channel_norm %x {channels_last, epsilon = 1.0e-5 : f32} : (tensor<1x4x3x2xf32>) -> tensor<1x4x3x2xf32>
  return %0 : tensor<1x4x3x2xf32>
}
