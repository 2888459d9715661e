// accel.resize's verifier (VerifyResize.cpp): each rule's message.
// RUN: accel-graph-opt %s -split-input-file -verify-diagnostics

func.func @linear_int(%x: tensor<1x4xi32>) -> tensor<1x8xi32> {
  // expected-error @+1 {{'accel.resize' op mode linear with coordinates half_pixel of type int32 is not supported (f32; nearest takes any type)}}
  %0 = accel.resize linear half_pixel round_prefer_floor %x {scales = array<f64: 1.0, 2.0>} : (tensor<1x4xi32>) -> tensor<1x8xi32>
  return %0 : tensor<1x8xi32>
}

// -----

func.func @scales_shape(%x: tensor<1x4xf32>) -> tensor<1x9xf32> {
  // expected-error @+1 {{'accel.resize' op result dimension 1 is 9, not 4 x 2 = 8}}
  %0 = accel.resize nearest half_pixel round_prefer_floor %x {scales = array<f64: 1.0, 2.0>} : (tensor<1x4xf32>) -> tensor<1x9xf32>
  return %0 : tensor<1x9xf32>
}

// -----

func.func @both(%x: tensor<1x4xf32>, %s: tensor<2xi64>) -> tensor<1x8xf32> {
  // expected-error @+1 {{'accel.resize' op takes scales or sizes, not both}}
  %0 = accel.resize nearest half_pixel round_prefer_floor %x sizes %s {scales = array<f64: 1.0, 2.0>} : (tensor<1x4xf32>, tensor<2xi64>) -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

func.func @sizes_type(%x: tensor<1x4xf32>, %s: tensor<2xf32>) -> tensor<1x8xf32> {
  // expected-error @+1 {{'accel.resize' op size values of type float32 are not supported (int64 or int32)}}
  %0 = accel.resize nearest half_pixel round_prefer_floor %x sizes %s : (tensor<1x4xf32>, tensor<2xf32>) -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

func.func @roi_count(%x: tensor<1x4xf32>, %r: tensor<2xf32>) -> tensor<1x8xf32> {
  // expected-error @+1 {{'accel.resize' op roi values must have 4 values}}
  %0 = accel.resize linear tf_crop_and_resize round_prefer_floor %x roi %r {scales = array<f64: 1.0, 2.0>} : (tensor<1x4xf32>, tensor<2xf32>) -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

func.func @table(%x: tensor<1x7000xf32>) -> tensor<1x14000xf32> {
  // expected-error @+1 {{'accel.resize' op result dimensions add up to 14001, past the kernel's 12288}}
  %0 = accel.resize nearest half_pixel round_prefer_floor %x {scales = array<f64: 1.0, 2.0>} : (tensor<1x7000xf32>) -> tensor<1x14000xf32>
  return %0 : tensor<1x14000xf32>
}
