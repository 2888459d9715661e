// accel.rope's verifier (VerifyRope.cpp): round trips of full, half and
// lower-rank tables, and each rule's message.
// RUN: accel-graph-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func @rope_tables
// CHECK: accel.rope %arg0, %arg1, %arg1 : (tensor<2x4x8x16xf32>, tensor<1x1x8x16xf32>, tensor<1x1x8x16xf32>) -> tensor<2x4x8x16xf32>
// CHECK: accel.rope %arg0, %arg2, %arg2 : (tensor<2x4x8x16xf32>, tensor<2x1x8x8xf32>, tensor<2x1x8x8xf32>) -> tensor<2x4x8x16xf32>
// CHECK: accel.rope %arg0, %arg3, %arg3 : (tensor<2x4x8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<2x4x8x16xf32>
func.func @rope_tables(%x: tensor<2x4x8x16xf32>, %c: tensor<1x1x8x16xf32>, %h: tensor<2x1x8x8xf32>, %t: tensor<8x16xf32>) -> (tensor<2x4x8x16xf32>, tensor<2x4x8x16xf32>, tensor<2x4x8x16xf32>) {
  %0 = accel.rope %x, %c, %c : (tensor<2x4x8x16xf32>, tensor<1x1x8x16xf32>, tensor<1x1x8x16xf32>) -> tensor<2x4x8x16xf32>
  %1 = accel.rope %x, %h, %h : (tensor<2x4x8x16xf32>, tensor<2x1x8x8xf32>, tensor<2x1x8x8xf32>) -> tensor<2x4x8x16xf32>
  %2 = accel.rope %x, %t, %t : (tensor<2x4x8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<2x4x8x16xf32>
  return %0, %1, %2 : tensor<2x4x8x16xf32>, tensor<2x4x8x16xf32>, tensor<2x4x8x16xf32>
}

// -----

func.func @rope_odd(%x: tensor<2x7xf32>, %c: tensor<2x7xf32>) -> tensor<2x7xf32> {
  // expected-error @+1 {{'accel.rope' op input's last dimension must be even}}
  %0 = accel.rope %x, %c, %c : (tensor<2x7xf32>, tensor<2x7xf32>, tensor<2x7xf32>) -> tensor<2x7xf32>
  return %0 : tensor<2x7xf32>
}

// -----

func.func @rope_sin_shape(%x: tensor<2x8xf32>, %c: tensor<2x8xf32>, %s: tensor<1x8xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{'accel.rope' op sin's shape is not cos's}}
  %0 = accel.rope %x, %c, %s : (tensor<2x8xf32>, tensor<2x8xf32>, tensor<1x8xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

func.func @rope_rank(%x: tensor<2x8xf32>, %c: tensor<1x2x8xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{'accel.rope' op cos must have a rank from 1 to the input's}}
  %0 = accel.rope %x, %c, %c : (tensor<2x8xf32>, tensor<1x2x8xf32>, tensor<1x2x8xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

func.func @rope_width(%x: tensor<2x8xf32>, %c: tensor<2x6xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{'accel.rope' op cos's last dimension 6 is not the input's 8 or half it}}
  %0 = accel.rope %x, %c, %c : (tensor<2x8xf32>, tensor<2x6xf32>, tensor<2x6xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

func.func @rope_broadcast(%x: tensor<2x4x8xf32>, %c: tensor<3x8xf32>) -> tensor<2x4x8xf32> {
  // expected-error @+1 {{'accel.rope' op cos's dimension 0 (3) does not broadcast to the input's 4}}
  %0 = accel.rope %x, %c, %c : (tensor<2x4x8xf32>, tensor<3x8xf32>, tensor<3x8xf32>) -> tensor<2x4x8xf32>
  return %0 : tensor<2x4x8xf32>
}

// -----

func.func @rope_result(%x: tensor<2x8xf32>, %c: tensor<2x8xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'accel.rope' op result shape is not the input's}}
  %0 = accel.rope %x, %c, %c : (tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @rope_f64(%x: tensor<2x8xf64>, %c: tensor<2x8xf64>) -> tensor<2x8xf64> {
  // expected-error @+1 {{element type float64 is not supported by accel.rope (float32 only)}}
  %0 = accel.rope %x, %c, %c : (tensor<2x8xf64>, tensor<2x8xf64>, tensor<2x8xf64>) -> tensor<2x8xf64>
  return %0 : tensor<2x8xf64>
}
