// accel.matmul of element types other than f32 and accel.transpose of
// 4- and 8-byte types: the round trip, and each verifier rule's message.
// RUN: accel-graph-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func @matmul_int32
// CHECK: accel.matmul %arg0, %arg1 : (tensor<2x4x8xi32>, tensor<8x3xi32>) -> tensor<2x4x3xi32>
func.func @matmul_int32(%a: tensor<2x4x8xi32>, %b: tensor<8x3xi32>) -> tensor<2x4x3xi32> {
  %0 = accel.matmul %a, %b : (tensor<2x4x8xi32>, tensor<8x3xi32>) -> tensor<2x4x3xi32>
  return %0 : tensor<2x4x3xi32>
}

// CHECK-LABEL: func @transpose_f64
// CHECK: accel.transpose %arg0 {perm = array<i64: 1, 0>} : (tensor<2x3xf64>) -> tensor<3x2xf64>
func.func @transpose_f64(%a: tensor<2x3xf64>) -> tensor<3x2xf64> {
  %0 = accel.transpose %a {perm = array<i64: 1, 0>} : (tensor<2x3xf64>) -> tensor<3x2xf64>
  return %0 : tensor<3x2xf64>
}

// -----

func.func @matmul_mixed(%a: tensor<4x8xi8>, %b: tensor<8x3xi32>) -> tensor<4x3xi32> {
  // expected-error @+1 {{'accel.matmul' op operands of element type int8 and a result of int32 (they must be one type)}}
  %0 = accel.matmul %a, %b : (tensor<4x8xi8>, tensor<8x3xi32>) -> tensor<4x3xi32>
  return %0 : tensor<4x3xi32>
}

// -----

func.func @matmul_bool(%a: tensor<4x8xi1>, %b: tensor<8x3xi1>) -> tensor<4x3xi1> {
  // expected-error @+1 {{element type bool is not supported by accel.matmul}}
  %0 = accel.matmul %a, %b : (tensor<4x8xi1>, tensor<8x3xi1>) -> tensor<4x3xi1>
  return %0 : tensor<4x3xi1>
}

// -----

func.func @matmul_activation(%a: tensor<4x8xi32>, %b: tensor<8x3xi32>) -> tensor<4x3xi32> {
  // expected-error @+1 {{'accel.matmul' op activation must be}}
  %0 = accel.matmul %a, %b {activation = #accel<activation relu>} : (tensor<4x8xi32>, tensor<8x3xi32>) -> tensor<4x3xi32>
  return %0 : tensor<4x3xi32>
}

// -----

func.func @transpose_f64_rank6(%a: tensor<1x1x1x1x2x3xf64>) -> tensor<1x1x1x1x3x2xf64> {
  // expected-error @+1 {{element type float64 is not supported by accel.transpose above rank 5}}
  %0 = accel.transpose %a {perm = array<i64: 0, 1, 2, 3, 5, 4>} : (tensor<1x1x1x1x2x3xf64>) -> tensor<1x1x1x1x3x2xf64>
  return %0 : tensor<1x1x1x1x3x2xf64>
}

// -----

func.func @transpose_types(%a: tensor<2x3xi32>) -> tensor<3x2xi64> {
  // expected-error @+1 {{'accel.transpose' op result element type int64 is not the input's}}
  %0 = accel.transpose %a {perm = array<i64: 1, 0>} : (tensor<2x3xi32>) -> tensor<3x2xi64>
  return %0 : tensor<3x2xi64>
}
