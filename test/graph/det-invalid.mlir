// accel.det's and accel.grid_sample's verifiers (VerifyGridSample.cpp):
// round trips and each rule's message.
// RUN: accel-graph-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func @det_f64
// CHECK: accel.det %{{.*}} : (tensor<2x3x3xf64>) -> tensor<2xf64>
func.func @det_f64(%x: tensor<2x3x3xf64>) -> tensor<2xf64> {
  %0 = accel.det %x : (tensor<2x3x3xf64>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

func.func @det_int(%x: tensor<3x3xi32>) -> tensor<i32> {
  // expected-error @+1 {{'accel.det' op element type int32 is not supported (f32, f64, f16, bf16)}}
  %0 = accel.det %x : (tensor<3x3xi32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @det_square(%x: tensor<3x4xf32>) -> tensor<f32> {
  // expected-error @+1 {{'accel.det' op input must be [..., M, M]}}
  %0 = accel.det %x : (tensor<3x4xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @det_shape(%x: tensor<2x3x3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'accel.det' op result shape is not the input's without its last two}}
  %0 = accel.det %x : (tensor<2x3x3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// CHECK-LABEL: func @grid
// CHECK: accel.grid_sample %{{.*}}, %{{.*}} {align_corners = false, mode = 1 : i64, padding = 2 : i64} : (tensor<1x2x4x5xf32>, tensor<1x3x6x2xf32>) -> tensor<1x2x3x6xf32>
func.func @grid(%x: tensor<1x2x4x5xf32>, %g: tensor<1x3x6x2xf32>) -> tensor<1x2x3x6xf32> {
  %0 = accel.grid_sample %x, %g {align_corners = false, mode = 1 : i64, padding = 2 : i64} : (tensor<1x2x4x5xf32>, tensor<1x3x6x2xf32>) -> tensor<1x2x3x6xf32>
  return %0 : tensor<1x2x3x6xf32>
}

// -----

func.func @grid_shape(%x: tensor<1x2x4x5xf32>, %g: tensor<1x3x6x3xf32>) -> tensor<1x2x3x6xf32> {
  // expected-error @+1 {{'accel.grid_sample' op grid must be [N, H_out, W_out, 2] with the input's N}}
  %0 = accel.grid_sample %x, %g {align_corners = false, mode = 0 : i64, padding = 0 : i64} : (tensor<1x2x4x5xf32>, tensor<1x3x6x3xf32>) -> tensor<1x2x3x6xf32>
  return %0 : tensor<1x2x3x6xf32>
}

// -----

func.func @grid_mode(%x: tensor<1x2x4x5xf32>, %g: tensor<1x3x6x2xf32>) -> tensor<1x2x3x6xf32> {
  // expected-error @+1 {{'accel.grid_sample' op mode 3 or padding 0 is not 0 to 2}}
  %0 = accel.grid_sample %x, %g {align_corners = false, mode = 3 : i64, padding = 0 : i64} : (tensor<1x2x4x5xf32>, tensor<1x3x6x2xf32>) -> tensor<1x2x3x6xf32>
  return %0 : tensor<1x2x3x6xf32>
}

// -----

func.func @grid_result(%x: tensor<1x2x4x5xf32>, %g: tensor<1x3x6x2xf32>) -> tensor<1x2x6x3xf32> {
  // expected-error @+1 {{'accel.grid_sample' op result shape is not [1x2x3x6]}}
  %0 = accel.grid_sample %x, %g {align_corners = false, mode = 0 : i64, padding = 0 : i64} : (tensor<1x2x4x5xf32>, tensor<1x3x6x2xf32>) -> tensor<1x2x6x3xf32>
  return %0 : tensor<1x2x6x3xf32>
}
