// The verifiers of accel.reduce, accel.argreduce, accel.hardmax,
// accel.cumsum and accel.topk (VerifyReduce.cpp): element types their
// kernels do not take, and shapes that break ONNX's rules.
// RUN: accel-graph-opt %s -split-input-file -verify-diagnostics

func.func @reduce_bool(%x: tensor<2x5xi1>) -> tensor<2x1xi1> {
  // expected-error @+1 {{element type bool is not supported by accel.reduce (every numeric type)}}
  %0 = accel.reduce max %x {axes = array<i64: 1>, keepdims = true} : (tensor<2x5xi1>) -> tensor<2x1xi1>
  return %0 : tensor<2x1xi1>
}

// -----

func.func @reduce_type(%x: tensor<2x5xi32>) -> tensor<2x1xi64> {
  // expected-error @+1 {{'accel.reduce' op result's element type int64 is not the input's}}
  %0 = accel.reduce sum %x {axes = array<i64: 1>, keepdims = true} : (tensor<2x5xi32>) -> tensor<2x1xi64>
  return %0 : tensor<2x1xi64>
}

// -----

func.func @reduce_axes_twice(%x: tensor<2x5xf32>, %a: tensor<1xi64>) -> tensor<2x1xf32> {
  // expected-error @+1 {{'accel.reduce' op axes are an attribute or an operand, not both}}
  %0 = accel.reduce sum %x axes %a {axes = array<i64: 1>, keepdims = true} : (tensor<2x5xf32>, tensor<1xi64>) -> tensor<2x1xf32>
  return %0 : tensor<2x1xf32>
}

// -----

func.func @reduce_run_time_rank(%x: tensor<2x5xf32>, %a: tensor<1xi64>) -> tensor<2x1xf32> {
  // expected-error @+1 {{'accel.reduce' op result rank 2 is not 1}}
  %0 = accel.reduce sum %x axes %a {axes = array<i64>, keepdims = false} : (tensor<2x5xf32>, tensor<1xi64>) -> tensor<2x1xf32>
  return %0 : tensor<2x1xf32>
}

// -----

func.func @argmax_f32_result(%x: tensor<2x5xf32>) -> tensor<2x1xf32> {
  // expected-error @+1 {{'accel.argreduce' op result's element type float32 is not int64}}
  %0 = accel.argreduce %x {axis = 1 : i64, is_min = false, keepdims = true, select_last_index = false} : (tensor<2x5xf32>) -> tensor<2x1xf32>
  return %0 : tensor<2x1xf32>
}

// -----

func.func @argmax_shape(%x: tensor<2x5xf32>) -> tensor<2x1xi64> {
  // expected-error @+1 {{'accel.argreduce' op result shape [2x1] is not [2]}}
  %0 = accel.argreduce %x {axis = 1 : i64, is_min = false, keepdims = false, select_last_index = false} : (tensor<2x5xf32>) -> tensor<2x1xi64>
  return %0 : tensor<2x1xi64>
}

// -----

func.func @hardmax_i32(%x: tensor<2x5xi32>) -> tensor<2x5xi32> {
  // expected-error @+1 {{element type int32 is not supported by accel.hardmax (float32 only)}}
  %0 = accel.hardmax %x {axis = 1 : i64} : (tensor<2x5xi32>) -> tensor<2x5xi32>
  return %0 : tensor<2x5xi32>
}

// -----

func.func @cumsum_axis_f32(%x: tensor<2x5xf32>, %a: tensor<f32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{'accel.cumsum' op axis must be one int32 or int64}}
  %0 = accel.cumsum %x axis %a {axis = 0 : i64, exclusive = false, reverse = false} : (tensor<2x5xf32>, tensor<f32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @topk_k(%x: tensor<2x5xf32>) -> tensor<2x6xf32> {
  // expected-error @+1 {{'accel.topk' op k 6 is outside [0, 5]}}
  %0 = accel.topk %x {axis = 1 : i64, k = 6 : i64, largest = true, indices = false} : (tensor<2x5xf32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

func.func @topk_indices(%x: tensor<2x5xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'accel.topk' op result's element type float32 is not int64}}
  %0 = accel.topk %x {axis = 1 : i64, k = 2 : i64, largest = true, indices = true} : (tensor<2x5xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
