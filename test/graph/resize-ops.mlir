// accel.resize parses, verifies and prints back, with constant and
// run-time configuration (docs/graph.md, "Configuration inputs").
// RUN: accel-graph-opt %s | FileCheck %s
// RUN: accel-graph-opt %s | accel-graph-opt | FileCheck %s

// CHECK-LABEL: func.func @resize
// CHECK: accel.resize linear half_pixel round_prefer_floor %arg0 {scales = array<f64: 1.000000e+00, 1.000000e+00, 2.000000e+00, 1.500000e+00>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x8x6xf32>
// CHECK: accel.resize cubic tf_crop_and_resize round_prefer_floor %arg0 roi %arg1 sizes %arg2 {cubic_coeff_a = -5.000000e-01 : f32, exclude_outside = true, extrapolation_value = 1.000000e+01 : f32} : (tensor<1x2x4x4xf32>, tensor<8xf32>, tensor<4xi64>) -> tensor<1x2x3x3xf32>
// CHECK: accel.resize nearest asymmetric ceil %arg3 scales %arg4 : (tensor<2x5xi64>, tensor<2xf32>) -> tensor<4x15xi64>
func.func @resize(%x: tensor<1x2x4x4xf32>, %roi: tensor<8xf32>,
                  %sizes: tensor<4xi64>, %i: tensor<2x5xi64>,
                  %s: tensor<2xf32>)
    -> (tensor<1x2x8x6xf32>, tensor<1x2x3x3xf32>, tensor<4x15xi64>) {
  %a = accel.resize linear half_pixel round_prefer_floor %x {scales = array<f64: 1.0, 1.0, 2.0, 1.5>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x8x6xf32>
  %b = accel.resize cubic tf_crop_and_resize round_prefer_floor %x roi %roi sizes %sizes {cubic_coeff_a = -0.5 : f32, exclude_outside = true, extrapolation_value = 10.0 : f32} : (tensor<1x2x4x4xf32>, tensor<8xf32>, tensor<4xi64>) -> tensor<1x2x3x3xf32>
  %c = accel.resize nearest asymmetric ceil %i scales %s : (tensor<2x5xi64>, tensor<2xf32>) -> tensor<4x15xi64>
  return %a, %b, %c : tensor<1x2x8x6xf32>, tensor<1x2x3x3xf32>, tensor<4x15xi64>
}
