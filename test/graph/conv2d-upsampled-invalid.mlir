// accel.conv2d_upsampled's verifier (VerifyConvUpsampled.cpp): a round
// trip and each rule's message.
// RUN: accel-graph-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func @up
// CHECK: accel.conv2d_upsampled %arg0, %arg1, %arg2 {activation = #accel<activation silu>, kernel_h = 3 : i64, pads = array<i64: 1, 1, 1, 1>, scale = 2 : i64} : (tensor<1x4x3x5xf32>, tensor<16x4x2x3xf32>, tensor<8xf32>) -> tensor<1x8x6x10xf32>
func.func @up(%x: tensor<1x4x3x5xf32>, %w: tensor<16x4x2x3xf32>, %b: tensor<8xf32>) -> tensor<1x8x6x10xf32> {
  %0 = accel.conv2d_upsampled %x, %w, %b {activation = #accel<activation silu>, kernel_h = 3 : i64, pads = array<i64: 1, 1, 1, 1>, scale = 2 : i64} : (tensor<1x4x3x5xf32>, tensor<16x4x2x3xf32>, tensor<8xf32>) -> tensor<1x8x6x10xf32>
  return %0 : tensor<1x8x6x10xf32>
}

// -----

func.func @rank(%x: tensor<4x3x5xf32>, %w: tensor<16x4x2x3xf32>) -> tensor<1x8x6x10xf32> {
  // expected-error @+1 {{'accel.conv2d_upsampled' op input and weight must have rank 4 (NCHW, MCKK)}}
  %0 = accel.conv2d_upsampled %x, %w {kernel_h = 3 : i64, pads = array<i64: 1, 1, 1, 1>, scale = 2 : i64} : (tensor<4x3x5xf32>, tensor<16x4x2x3xf32>) -> tensor<1x8x6x10xf32>
  return %0 : tensor<1x8x6x10xf32>
}

// -----

func.func @f16(%x: tensor<1x4x3x5xf16>, %w: tensor<16x4x2x3xf32>) -> tensor<1x8x6x10xf32> {
  // expected-error @+1 {{element type float16 is not supported by accel.conv2d_upsampled (float32 only)}}
  %0 = accel.conv2d_upsampled %x, %w {kernel_h = 3 : i64, pads = array<i64: 1, 1, 1, 1>, scale = 2 : i64} : (tensor<1x4x3x5xf16>, tensor<16x4x2x3xf32>) -> tensor<1x8x6x10xf32>
  return %0 : tensor<1x8x6x10xf32>
}

// -----

func.func @scale0(%x: tensor<1x4x3x5xf32>, %w: tensor<16x4x2x3xf32>) -> tensor<1x8x6x10xf32> {
  // expected-error @+1 {{'accel.conv2d_upsampled' op scale and kernel_h must be positive}}
  %0 = accel.conv2d_upsampled %x, %w {kernel_h = 3 : i64, pads = array<i64: 1, 1, 1, 1>, scale = 0 : i64} : (tensor<1x4x3x5xf32>, tensor<16x4x2x3xf32>) -> tensor<1x8x6x10xf32>
  return %0 : tensor<1x8x6x10xf32>
}

// -----

func.func @scale9(%x: tensor<1x4x3x5xf32>, %w: tensor<72x4x2x3xf32>) -> tensor<1x8x27x45xf32> {
  // expected-error @+1 {{'accel.conv2d_upsampled' op scale must be at most 8}}
  %0 = accel.conv2d_upsampled %x, %w {kernel_h = 3 : i64, pads = array<i64: 1, 1, 1, 1>, scale = 9 : i64} : (tensor<1x4x3x5xf32>, tensor<72x4x2x3xf32>) -> tensor<1x8x27x45xf32>
  return %0 : tensor<1x8x27x45xf32>
}

// -----

func.func @pads(%x: tensor<1x4x3x5xf32>, %w: tensor<16x4x2x3xf32>) -> tensor<1x8x6x10xf32> {
  // expected-error @+1 {{'accel.conv2d_upsampled' op needs 4 pads, none negative}}
  %0 = accel.conv2d_upsampled %x, %w {kernel_h = 3 : i64, pads = array<i64: 1, -1, 1, 1>, scale = 2 : i64} : (tensor<1x4x3x5xf32>, tensor<16x4x2x3xf32>) -> tensor<1x8x6x10xf32>
  return %0 : tensor<1x8x6x10xf32>
}

// -----

// The weights of the 3x3 kernel itself, not its summed rows.
func.func @weight(%x: tensor<1x4x3x5xf32>, %w: tensor<8x4x3x3xf32>) -> tensor<1x4x6x10xf32> {
  // expected-error @+1 {{'accel.conv2d_upsampled' op weight must have shape [2 Cout, 4, 2, KW]}}
  %0 = accel.conv2d_upsampled %x, %w {kernel_h = 3 : i64, pads = array<i64: 1, 1, 1, 1>, scale = 2 : i64} : (tensor<1x4x3x5xf32>, tensor<8x4x3x3xf32>) -> tensor<1x4x6x10xf32>
  return %0 : tensor<1x4x6x10xf32>
}

// -----

func.func @bias(%x: tensor<1x4x3x5xf32>, %w: tensor<16x4x2x3xf32>, %b: tensor<16xf32>) -> tensor<1x8x6x10xf32> {
  // expected-error @+1 {{'accel.conv2d_upsampled' op bias must have shape [8]}}
  %0 = accel.conv2d_upsampled %x, %w, %b {kernel_h = 3 : i64, pads = array<i64: 1, 1, 1, 1>, scale = 2 : i64} : (tensor<1x4x3x5xf32>, tensor<16x4x2x3xf32>, tensor<16xf32>) -> tensor<1x8x6x10xf32>
  return %0 : tensor<1x8x6x10xf32>
}

// -----

func.func @result(%x: tensor<1x4x3x5xf32>, %w: tensor<16x4x2x3xf32>) -> tensor<1x8x3x5xf32> {
  // expected-error @+1 {{'accel.conv2d_upsampled' op result shape [1x8x3x5] is not [1x8x6x10]}}
  %0 = accel.conv2d_upsampled %x, %w {kernel_h = 3 : i64, pads = array<i64: 1, 1, 1, 1>, scale = 2 : i64} : (tensor<1x4x3x5xf32>, tensor<16x4x2x3xf32>) -> tensor<1x8x3x5xf32>
  return %0 : tensor<1x8x3x5xf32>
}
