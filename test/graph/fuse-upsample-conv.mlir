// -accel-fuse-upsample-conv (graph/transforms/FuseUpsampleConv.cpp): a
// convolution (stride 1, no dilation, one group, constant weights) of a
// nearest upsampling by an integer scale s (asymmetric, floor), read by it
// alone, becomes one accel.conv2d_upsampled of the upsampling's input,
// with each output row phase's kernel rows summed; otherwise the IR stays
// as it is.
// RUN: accel-graph-opt -accel-fuse-upsample-conv %s | FileCheck %s
// RUN: accel-graph-opt -accel-fuse %s | FileCheck %s --check-prefix=FUSE

// PyTorch's F.interpolate(scale_factor=2, mode="nearest") and a 3 x 3
// Conv2d with padding 1, its relu fused. Phase 0 (even output rows) reads
// input rows i - 1 (kernel row 0) and i (rows 1 and 2); phase 1 reads i
// (rows 0 and 1) and i + 1 (row 2).
// CHECK-LABEL: func.func @up2_conv3x3
// CHECK-NEXT: %[[W:.*]] = arith.constant dense<{{\[\[\[\[}}1.000000e+00, 2.000000e+00, 3.000000e+00], [1.100000e+01, 1.300000e+01, 1.500000e+01]]], {{\[\[\[}}5.000000e+00, 7.000000e+00, 9.000000e+00], [7.000000e+00, 8.000000e+00, 9.000000e+00]]]]> : tensor<2x1x2x3xf32>
// CHECK-NEXT: %[[Y:.*]] = accel.conv2d_upsampled %arg0, %[[W]], %arg1 {activation = #accel<activation relu>, kernel_h = 3 : i64, pads = array<i64: 1, 1, 1, 1>, scale = 2 : i64} : (tensor<1x1x3x4xf32>, tensor<2x1x2x3xf32>, tensor<1xf32>) -> tensor<1x1x6x8xf32>
// CHECK-NEXT: return %[[Y]]
// FUSE-LABEL: func.func @up2_conv3x3
// FUSE: accel.conv2d_upsampled %arg0, %{{.*}}, %arg1 {activation = #accel<activation relu>, kernel_h = 3 : i64, pads = array<i64: 1, 1, 1, 1>, scale = 2 : i64}
// FUSE-NOT: accel.resize
// FUSE: return
func.func @up2_conv3x3(%x: tensor<1x1x3x4xf32>, %b: tensor<1xf32>) -> tensor<1x1x6x8xf32> {
  %w = arith.constant dense<[[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]]]> : tensor<1x1x3x3xf32>
  %u = accel.resize nearest asymmetric floor %x {scales = array<f64: 1.0, 1.0, 2.0, 2.0>} : (tensor<1x1x3x4xf32>) -> tensor<1x1x6x8xf32>
  %y = accel.conv2d %u, %w, %b {activation = #accel<activation relu>, strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x1x6x8xf32>, tensor<1x1x3x3xf32>, tensor<1xf32>) -> tensor<1x1x6x8xf32>
  return %y : tensor<1x1x6x8xf32>
}

// Scale 3 with sizes (no scales attribute), a 1 x 3 kernel unpadded along
// H and no bias: every phase reads one input row (the kernel row itself).
// CHECK-LABEL: func.func @up3_sizes
// CHECK-NEXT: %[[W:.*]] = arith.constant dense<{{\[\[\[\[}}1.000000e+00, 2.000000e+00, 3.000000e+00]]], {{\[\[\[}}1.000000e+00, 2.000000e+00, 3.000000e+00]]], {{\[\[\[}}1.000000e+00, 2.000000e+00, 3.000000e+00]]]]> : tensor<3x1x1x3xf32>
// CHECK-NEXT: %[[Y:.*]] = accel.conv2d_upsampled %arg0, %[[W]] {kernel_h = 1 : i64, pads = array<i64: 0, 1, 0, 1>, scale = 3 : i64} : (tensor<1x1x2x2xf32>, tensor<3x1x1x3xf32>) -> tensor<1x1x6x6xf32>
// CHECK-NEXT: return %[[Y]]
func.func @up3_sizes(%x: tensor<1x1x2x2xf32>) -> tensor<1x1x6x6xf32> {
  %w = arith.constant dense<[[[[1.0, 2.0, 3.0]]]]> : tensor<1x1x1x3xf32>
  %u = accel.resize nearest asymmetric floor %x : (tensor<1x1x2x2xf32>) -> tensor<1x1x6x6xf32>
  %y = accel.conv2d %u, %w {strides = array<i64: 1, 1>, pads = array<i64: 0, 1, 0, 1>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x1x6x6xf32>, tensor<1x1x1x3xf32>) -> tensor<1x1x6x6xf32>
  return %y : tensor<1x1x6x6xf32>
}

// Left alone: bilinear; a non-integer scale (1.5); align_corners;
// half_pixel (another index map for other scales); round_prefer_floor;
// an upsampling read twice; a strided convolution; weights that are not
// constant.
// CHECK-LABEL: func.func @not_fused
// CHECK-NOT: conv2d_upsampled
// CHECK: return
// FUSE-LABEL: func.func @not_fused
// FUSE-NOT: conv2d_upsampled
// FUSE: return
func.func @not_fused(%x: tensor<1x2x4x4xf32>, %wv: tensor<3x2x3x3xf32>) -> (tensor<1x3x8x8xf32>, tensor<1x3x6x6xf32>, tensor<1x3x8x8xf32>, tensor<1x3x8x8xf32>, tensor<1x3x8x8xf32>, tensor<1x3x8x8xf32>, tensor<1x3x8x8xf32>, tensor<1x3x4x4xf32>, tensor<1x3x8x8xf32>) {
  %w = arith.constant dense<1.0> : tensor<3x2x3x3xf32>
  %lin = accel.resize linear asymmetric floor %x {scales = array<f64: 1.0, 1.0, 2.0, 2.0>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x8x8xf32>
  %y0 = accel.conv2d %lin, %w {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x2x8x8xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x8x8xf32>
  %frac = accel.resize nearest asymmetric floor %x {scales = array<f64: 1.0, 1.0, 1.5, 1.5>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x6x6xf32>
  %y1 = accel.conv2d %frac, %w {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x2x6x6xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x6x6xf32>
  %ac = accel.resize nearest align_corners floor %x {scales = array<f64: 1.0, 1.0, 2.0, 2.0>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x8x8xf32>
  %y2 = accel.conv2d %ac, %w {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x2x8x8xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x8x8xf32>
  %hp = accel.resize nearest half_pixel floor %x {scales = array<f64: 1.0, 1.0, 2.0, 2.0>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x8x8xf32>
  %y3 = accel.conv2d %hp, %w {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x2x8x8xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x8x8xf32>
  %rf = accel.resize nearest asymmetric round_prefer_floor %x {scales = array<f64: 1.0, 1.0, 2.0, 2.0>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x8x8xf32>
  %y4 = accel.conv2d %rf, %w {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x2x8x8xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x8x8xf32>
  %twice = accel.resize nearest asymmetric floor %x {scales = array<f64: 1.0, 1.0, 2.0, 2.0>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x8x8xf32>
  %y5 = accel.conv2d %twice, %w {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x2x8x8xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x8x8xf32>
  %y6 = accel.conv2d %twice, %w {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x2x8x8xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x8x8xf32>
  %up = accel.resize nearest asymmetric floor %x {scales = array<f64: 1.0, 1.0, 2.0, 2.0>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x8x8xf32>
  %y7 = accel.conv2d %up, %w {strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x2x8x8xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x4x4xf32>
  %up2 = accel.resize nearest asymmetric floor %x {scales = array<f64: 1.0, 1.0, 2.0, 2.0>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x8x8xf32>
  %y8 = accel.conv2d %up2, %wv {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x2x8x8xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x8x8xf32>
  return %y0, %y1, %y2, %y3, %y4, %y5, %y6, %y7, %y8 : tensor<1x3x8x8xf32>, tensor<1x3x6x6xf32>, tensor<1x3x8x8xf32>, tensor<1x3x8x8xf32>, tensor<1x3x8x8xf32>, tensor<1x3x8x8xf32>, tensor<1x3x8x8xf32>, tensor<1x3x4x4xf32>, tensor<1x3x8x8xf32>
}
