// The verifiers of slice_values, pad_values, expand_values and range
// (VerifyConfigValues.cpp): each rule's message, and each op's round trip.
// RUN: accel-graph-opt %s -split-input-file -verify-diagnostics

func.func @slice_counts(%x: tensor<4x5xf32>, %s: tensor<2xi64>, %e: tensor<1xi64>) -> tensor<2x5xf32> {
  // expected-error @+1 {{'accel.slice_values' op starts, ends, axes and steps differ in count}}
  %0 = accel.slice_values %x[%s, %e] : (tensor<4x5xf32>, tensor<2xi64>, tensor<1xi64>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @slice_larger(%x: tensor<4x5xf32>, %s: tensor<1xi64>) -> tensor<5x5xf32> {
  // expected-error @+1 {{'accel.slice_values' op result dimension 0 is larger than the input's}}
  %0 = accel.slice_values %x[%s, %s] : (tensor<4x5xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<5x5xf32>
  return %0 : tensor<5x5xf32>
}

// -----

func.func @slice_f64(%x: tensor<4x5xf64>, %s: tensor<1xi64>) -> tensor<2x5xf64> {
  // expected-error @+1 {{element type float64 is not supported by accel.slice_values (float32 only)}}
  %0 = accel.slice_values %x[%s, %s] : (tensor<4x5xf64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x5xf64>
  return %0 : tensor<2x5xf64>
}

// -----

func.func @pad_count(%x: tensor<3x4xf32>, %p: tensor<3xi64>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'accel.pad_values' op needs a begin and an end pad for each dimension}}
  %0 = accel.pad_values constant %x by %p : (tensor<3x4xf32>, tensor<3xi64>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

func.func @pad_crop(%x: tensor<3x4xf32>, %p: tensor<4xi64>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'accel.pad_values' op result dimension 0 is smaller than the input's (no cropping)}}
  %0 = accel.pad_values edge %x by %p : (tensor<3x4xf32>, tensor<4xi64>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @pad_constant_int(%x: tensor<3x4xi32>, %p: tensor<4xi64>) -> tensor<5x4xi32> {
  // expected-error @+1 {{element type int32 is not supported by accel.pad_values (float32 only)}}
  %0 = accel.pad_values constant %x by %p : (tensor<3x4xi32>, tensor<4xi64>) -> tensor<5x4xi32>
  return %0 : tensor<5x4xi32>
}

// -----

func.func @expand_broadcast(%x: tensor<3x2xf32>, %s: tensor<2xi64>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'accel.expand_values' op the input does not broadcast to the result's shape}}
  %0 = accel.expand_values %x to %s : (tensor<3x2xf32>, tensor<2xi64>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @range_types(%a: tensor<i32>, %b: tensor<i64>) -> tensor<4xi64> {
  // expected-error @+1 {{'accel.range' op start, limit and delta must be scalars of the result's type}}
  %0 = accel.range %a, %b, %b : (tensor<i32>, tensor<i64>, tensor<i64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

func.func @range_u8(%a: tensor<ui8>) -> tensor<4xui8> {
  // expected-error @+1 {{element type uint8 is not supported by accel.range (float32, float64, int16, int32 or int64)}}
  %0 = accel.range %a, %a, %a : (tensor<ui8>, tensor<ui8>, tensor<ui8>) -> tensor<4xui8>
  return %0 : tensor<4xui8>
}

// -----

func.func @valid(%x: tensor<4x5xf32>, %i: tensor<2xi32>, %p: tensor<4xi64>, %q: tensor<4x5xi32>, %s: tensor<3xi64>, %a: tensor<f64>) -> (tensor<2x3xf32>, tensor<5x8xi32>, tensor<2x4x5xf32>, tensor<7xf64>) {
  %0 = accel.slice_values %x[%i, %i] axes %i steps %i : (tensor<4x5xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x3xf32>
  %1 = accel.pad_values reflect %q by %p : (tensor<4x5xi32>, tensor<4xi64>) -> tensor<5x8xi32>
  %2 = accel.expand_values %x to %s : (tensor<4x5xf32>, tensor<3xi64>) -> tensor<2x4x5xf32>
  %3 = accel.range %a, %a, %a : (tensor<f64>, tensor<f64>, tensor<f64>) -> tensor<7xf64>
  return %0, %1, %2, %3 : tensor<2x3xf32>, tensor<5x8xi32>, tensor<2x4x5xf32>, tensor<7xf64>
}
