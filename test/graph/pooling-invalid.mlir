// accel.max_pool2d_typed's verifier (VerifyPooling.cpp): a round trip and
// each rule's message.
// RUN: accel-graph-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func @indices_u8
// CHECK: accel.max_pool2d_typed %{{.*}} {ceil_mode = true, dilations = array<i64: 1, 2>, indices = true, kernel = array<i64: 2, 2>, pads = array<i64: 0, 1, 1, 0>, storage_order = 1 : i64, strides = array<i64: 2, 1>} : (tensor<1x2x5x6xui8>) -> tensor<1x2x3x5xi64>
func.func @indices_u8(%x: tensor<1x2x5x6xui8>) -> tensor<1x2x3x5xi64> {
  %0 = accel.max_pool2d_typed %x {ceil_mode = true, dilations = array<i64: 1, 2>, indices = true, kernel = array<i64: 2, 2>, pads = array<i64: 0, 1, 1, 0>, storage_order = 1 : i64, strides = array<i64: 2, 1>} : (tensor<1x2x5x6xui8>) -> tensor<1x2x3x5xi64>
  return %0 : tensor<1x2x3x5xi64>
}

// -----

func.func @bool(%x: tensor<1x1x4x4xi1>) -> tensor<1x1x3x3xi1> {
  // expected-error @+1 {{'accel.max_pool2d_typed' op element type bool is not supported}}
  %0 = accel.max_pool2d_typed %x {ceil_mode = false, dilations = array<i64: 1, 1>, indices = false, kernel = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, storage_order = 0 : i64, strides = array<i64: 1, 1>} : (tensor<1x1x4x4xi1>) -> tensor<1x1x3x3xi1>
  return %0 : tensor<1x1x3x3xi1>
}

// -----

func.func @indices_i32(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x3x3xi32> {
  // expected-error @+1 {{'accel.max_pool2d_typed' op result type int32 is not int64 (the indices)}}
  %0 = accel.max_pool2d_typed %x {ceil_mode = false, dilations = array<i64: 1, 1>, indices = true, kernel = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, storage_order = 0 : i64, strides = array<i64: 1, 1>} : (tensor<1x1x4x4xf32>) -> tensor<1x1x3x3xi32>
  return %0 : tensor<1x1x3x3xi32>
}

// -----

func.func @values_type(%x: tensor<1x1x4x4xi8>) -> tensor<1x1x3x3xui8> {
  // expected-error @+1 {{'accel.max_pool2d_typed' op result type uint8 is not the input's}}
  %0 = accel.max_pool2d_typed %x {ceil_mode = false, dilations = array<i64: 1, 1>, indices = false, kernel = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, storage_order = 0 : i64, strides = array<i64: 1, 1>} : (tensor<1x1x4x4xi8>) -> tensor<1x1x3x3xui8>
  return %0 : tensor<1x1x3x3xui8>
}

// -----

func.func @order(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x3x3xi64> {
  // expected-error @+1 {{'accel.max_pool2d_typed' op storage_order 2 is not 0 or 1}}
  %0 = accel.max_pool2d_typed %x {ceil_mode = false, dilations = array<i64: 1, 1>, indices = true, kernel = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, storage_order = 2 : i64, strides = array<i64: 1, 1>} : (tensor<1x1x4x4xf32>) -> tensor<1x1x3x3xi64>
  return %0 : tensor<1x1x3x3xi64>
}

// -----

func.func @shape(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x2x3xf32> {
  // expected-error @+1 {{'accel.max_pool2d_typed' op result shape is not the window's output [1x1x3x3]}}
  %0 = accel.max_pool2d_typed %x {ceil_mode = false, dilations = array<i64: 1, 1>, indices = false, kernel = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, storage_order = 0 : i64, strides = array<i64: 1, 1>} : (tensor<1x1x4x4xf32>) -> tensor<1x1x2x3xf32>
  return %0 : tensor<1x1x2x3xf32>
}

// -----

func.func @rank(%x: tensor<1x4x4xf32>) -> tensor<1x3x3xf32> {
  // expected-error @+1 {{'accel.max_pool2d_typed' op input must have rank 4 (NCHW)}}
  %0 = accel.max_pool2d_typed %x {ceil_mode = false, dilations = array<i64: 1, 1>, indices = false, kernel = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, storage_order = 0 : i64, strides = array<i64: 1, 1>} : (tensor<1x4x4xf32>) -> tensor<1x3x3xf32>
  return %0 : tensor<1x3x3xf32>
}
