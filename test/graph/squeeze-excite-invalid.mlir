// accel.squeeze_excite's verifier (VerifySqueezeExcite.cpp): a round trip
// and each rule's message.
// RUN: accel-graph-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func @se
// CHECK: accel.squeeze_excite %arg0, %arg1 bias %arg2, %arg3 {activation = #accel<activation silu>} : (tensor<2x8x3x3xf32>, tensor<2x8x1x1xf32>, tensor<2xf32>, tensor<8x2x1x1xf32>) -> tensor<2x8x3x3xf32>
func.func @se(%x: tensor<2x8x3x3xf32>, %w1: tensor<2x8x1x1xf32>, %b1: tensor<2xf32>, %w2: tensor<8x2x1x1xf32>) -> tensor<2x8x3x3xf32> {
  %0 = accel.squeeze_excite %x, %w1 bias %b1, %w2 {activation = #accel<activation silu>} : (tensor<2x8x3x3xf32>, tensor<2x8x1x1xf32>, tensor<2xf32>, tensor<8x2x1x1xf32>) -> tensor<2x8x3x3xf32>
  return %0 : tensor<2x8x3x3xf32>
}

// -----

func.func @rank(%x: tensor<8x9xf32>, %w1: tensor<2x8x1x1xf32>, %w2: tensor<8x2x1x1xf32>) -> tensor<8x9xf32> {
  // expected-error @+1 {{'accel.squeeze_excite' op input must have rank 4 (NCHW)}}
  %0 = accel.squeeze_excite %x, %w1, %w2 : (tensor<8x9xf32>, tensor<2x8x1x1xf32>, tensor<8x2x1x1xf32>) -> tensor<8x9xf32>
  return %0 : tensor<8x9xf32>
}

// -----

func.func @w1(%x: tensor<1x8x3x3xf32>, %w1: tensor<2x8x3x3xf32>, %w2: tensor<8x2x1x1xf32>) -> tensor<1x8x3x3xf32> {
  // expected-error @+1 {{'accel.squeeze_excite' op w1 must have shape [R, 8, 1, 1]}}
  %0 = accel.squeeze_excite %x, %w1, %w2 : (tensor<1x8x3x3xf32>, tensor<2x8x3x3xf32>, tensor<8x2x1x1xf32>) -> tensor<1x8x3x3xf32>
  return %0 : tensor<1x8x3x3xf32>
}

// -----

func.func @w2(%x: tensor<1x8x3x3xf32>, %w1: tensor<2x8x1x1xf32>, %w2: tensor<8x3x1x1xf32>) -> tensor<1x8x3x3xf32> {
  // expected-error @+1 {{'accel.squeeze_excite' op w2 must have shape [8, 2, 1, 1]}}
  %0 = accel.squeeze_excite %x, %w1, %w2 : (tensor<1x8x3x3xf32>, tensor<2x8x1x1xf32>, tensor<8x3x1x1xf32>) -> tensor<1x8x3x3xf32>
  return %0 : tensor<1x8x3x3xf32>
}

// -----

func.func @bias2(%x: tensor<1x8x3x3xf32>, %w1: tensor<2x8x1x1xf32>, %w2: tensor<8x2x1x1xf32>, %b2: tensor<2xf32>) -> tensor<1x8x3x3xf32> {
  // expected-error @+1 {{'accel.squeeze_excite' op bias2 must have shape [8]}}
  %0 = accel.squeeze_excite %x, %w1, %w2 bias %b2 : (tensor<1x8x3x3xf32>, tensor<2x8x1x1xf32>, tensor<8x2x1x1xf32>, tensor<2xf32>) -> tensor<1x8x3x3xf32>
  return %0 : tensor<1x8x3x3xf32>
}

// -----

func.func @act(%x: tensor<1x8x3x3xf32>, %w1: tensor<2x8x1x1xf32>, %w2: tensor<8x2x1x1xf32>) -> tensor<1x8x3x3xf32> {
  // expected-error @+1 {{'accel.squeeze_excite' op activation must be relu or silu}}
  %0 = accel.squeeze_excite %x, %w1, %w2 {activation = #accel<activation gelu>} : (tensor<1x8x3x3xf32>, tensor<2x8x1x1xf32>, tensor<8x2x1x1xf32>) -> tensor<1x8x3x3xf32>
  return %0 : tensor<1x8x3x3xf32>
}

// -----

func.func @result(%x: tensor<1x8x3x3xf32>, %w1: tensor<2x8x1x1xf32>, %w2: tensor<8x2x1x1xf32>) -> tensor<1x8x1x1xf32> {
  // expected-error @+1 {{'accel.squeeze_excite' op result type must be the input's}}
  %0 = accel.squeeze_excite %x, %w1, %w2 : (tensor<1x8x3x3xf32>, tensor<2x8x1x1xf32>, tensor<8x2x1x1xf32>) -> tensor<1x8x1x1xf32>
  return %0 : tensor<1x8x1x1xf32>
}
