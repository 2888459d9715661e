// accel.conv_transpose2d: a round trip, and each rule of its verifier
// (VerifyConvTranspose.cpp) by its message.
// RUN: accel-graph-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @valid
// CHECK: accel.conv_transpose2d %arg0, %arg1, %arg2 {dilations = array<i64: 1, 1>, group = 2 : i64, output_padding = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x4x3x3xf32>, tensor<4x3x3x3xf32>, tensor<6xf32>) -> tensor<1x6x6x6xf32>
func.func @valid(%x: tensor<1x4x3x3xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<6xf32>) -> tensor<1x6x6x6xf32> {
  %0 = accel.conv_transpose2d %x, %w, %b {dilations = array<i64: 1, 1>, group = 2 : i64, output_padding = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x4x3x3xf32>, tensor<4x3x3x3xf32>, tensor<6xf32>) -> tensor<1x6x6x6xf32>
  return %0 : tensor<1x6x6x6xf32>
}

// -----

func.func @f64(%x: tensor<1x1x3x3xf64>, %w: tensor<1x1x3x3xf64>) -> tensor<1x1x5x5xf64> {
  // expected-error @+1 {{element type float64 is not supported by accel.conv_transpose2d (float32 only)}}
  %0 = accel.conv_transpose2d %x, %w {dilations = array<i64: 1, 1>, group = 1 : i64, output_padding = array<i64: 0, 0>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x3x3xf64>, tensor<1x1x3x3xf64>) -> tensor<1x1x5x5xf64>
  return %0 : tensor<1x1x5x5xf64>
}

// -----

func.func @output_padding(%x: tensor<1x1x3x3xf32>, %w: tensor<1x1x3x3xf32>) -> tensor<1x1x9x9xf32> {
  // expected-error @+1 {{'accel.conv_transpose2d' op output_padding 2 is not below the larger of stride and dilation (2)}}
  %0 = accel.conv_transpose2d %x, %w {dilations = array<i64: 1, 1>, group = 1 : i64, output_padding = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>} : (tensor<1x1x3x3xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x9x9xf32>
  return %0 : tensor<1x1x9x9xf32>
}

// -----

func.func @group(%x: tensor<1x3x3x3xf32>, %w: tensor<3x1x3x3xf32>) -> tensor<1x2x5x5xf32> {
  // expected-error @+1 {{'accel.conv_transpose2d' op group 2 does not divide the input's 3 channels, or the weight's first dimension 3 is not them}}
  %0 = accel.conv_transpose2d %x, %w {dilations = array<i64: 1, 1>, group = 2 : i64, output_padding = array<i64: 0, 0>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x3x3x3xf32>, tensor<3x1x3x3xf32>) -> tensor<1x2x5x5xf32>
  return %0 : tensor<1x2x5x5xf32>
}

// -----

func.func @shape(%x: tensor<1x1x3x3xf32>, %w: tensor<1x2x3x3xf32>) -> tensor<1x2x6x6xf32> {
  // expected-error @+1 {{'accel.conv_transpose2d' op result shape [1x2x6x6] is not [1x2x7x7]}}
  %0 = accel.conv_transpose2d %x, %w {dilations = array<i64: 1, 1>, group = 1 : i64, output_padding = array<i64: 0, 0>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>} : (tensor<1x1x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x6x6xf32>
  return %0 : tensor<1x2x6x6xf32>
}

// -----

func.func @pads(%x: tensor<1x1x2x2xf32>, %w: tensor<1x1x2x2xf32>) -> tensor<1x1x0x3xf32> {
  // expected-error @+1 {{'accel.conv_transpose2d' op pads crop more than the output's 3 along spatial dimension 0}}
  %0 = accel.conv_transpose2d %x, %w {dilations = array<i64: 1, 1>, group = 1 : i64, output_padding = array<i64: 0, 0>, pads = array<i64: 2, 0, 2, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x2x2xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x0x3xf32>
  return %0 : tensor<1x1x0x3xf32>
}
