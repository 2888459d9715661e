// -accel-lower-few-pixel-conv (graph/transforms/LowerFewPixelConv.cpp): a
// 1 x 1 convolution (stride 1, no padding, one group, constant weights) of
// one image of at most 8 pixels, or of at most 8 images of one pixel,
// becomes an accel.gemm of its pixels against its weights stored
// transposed ([C, Cout]), with its bias and activation; one image's x is
// op(a) under trans_a, and the product is transposed back, a view the
// gemm stores by columns after -accel-plan-memory. Anything else stays.
// RUN: accel-graph-opt -accel-lower-few-pixel-conv %s | FileCheck %s
// RUN: accel-graph-opt -accel-graph-pipeline %s | FileCheck %s --check-prefix=PIPE

// One image of 2 x 2 pixels, 2 -> 3 channels, clip fused.
// CHECK-LABEL: func.func @pixels4
// CHECK-NEXT: %[[W:.*]] = arith.constant dense<{{\[\[}}1.000000e+00, 3.000000e+00, 5.000000e+00], [2.000000e+00, 4.000000e+00, 6.000000e+00]]> : tensor<2x3xf32>
// CHECK-NEXT: %[[A:.*]] = accel.reshape %arg0 : (tensor<1x2x2x2xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[G:.*]] = accel.gemm %[[A]], %[[W]], %arg1 {act_hi = 6.000000e+00 : f32, act_lo = 0.000000e+00 : f32, activation = #accel<activation clip>, trans_a = true} : (tensor<2x4xf32>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
// CHECK-NEXT: %[[T:.*]] = accel.transpose %[[G]] {perm = array<i64: 1, 0>} : (tensor<4x3xf32>) -> tensor<3x4xf32>
// CHECK-NEXT: %[[Y:.*]] = accel.reshape %[[T]] : (tensor<3x4xf32>) -> tensor<1x3x2x2xf32>
// CHECK-NEXT: return %[[Y]]
// PIPE-LABEL: func.func @pixels4
// PIPE: accel.gemm %{{.*}}, %{{.*}}, %arg1 {{{.*}}accel.strides = array<i64: 1, 4>{{.*}}trans_a = true}
// PIPE-NEXT: accel.transpose %{{.*}} {{{.*}}accel.view, perm = array<i64: 1, 0>}
func.func @pixels4(%x: tensor<1x2x2x2xf32>, %b: tensor<3xf32>) -> tensor<1x3x2x2xf32> {
  %w = arith.constant dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]], [[[5.0]], [[6.0]]]]> : tensor<3x2x1x1xf32>
  %y = accel.conv2d %x, %w, %b {activation = #accel<activation clip>, act_lo = 0.0 : f32, act_hi = 6.0 : f32, strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x2x2x2xf32>, tensor<3x2x1x1xf32>, tensor<3xf32>) -> tensor<1x3x2x2xf32>
  return %y : tensor<1x3x2x2xf32>
}

// Two images of one pixel, no bias: x's rows are the images, no transpose.
// CHECK-LABEL: func.func @images
// CHECK-NEXT: %[[W:.*]] = arith.constant dense<{{\[\[}}1.000000e+00, 3.000000e+00, 5.000000e+00], [2.000000e+00, 4.000000e+00, 6.000000e+00]]> : tensor<2x3xf32>
// CHECK-NEXT: %[[A:.*]] = accel.reshape %arg0 : (tensor<2x2x1x1xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[G:.*]] = accel.gemm %[[A]], %[[W]] {activation = #accel<activation relu>} : (tensor<2x2xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[Y:.*]] = accel.reshape %[[G]] : (tensor<2x3xf32>) -> tensor<2x3x1x1xf32>
// CHECK-NEXT: return %[[Y]]
func.func @images(%x: tensor<2x2x1x1xf32>) -> tensor<2x3x1x1xf32> {
  %w = arith.constant dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]], [[[5.0]], [[6.0]]]]> : tensor<3x2x1x1xf32>
  %y = accel.conv2d %x, %w {activation = #accel<activation relu>, strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<2x2x1x1xf32>, tensor<3x2x1x1xf32>) -> tensor<2x3x1x1xf32>
  return %y : tensor<2x3x1x1xf32>
}

// Not lowered: 9 pixels; two images of 2 pixels; a stride; padding; two
// groups; a 3 x 3 kernel; weights that are not a constant.
// CHECK-LABEL: func.func @stays
// CHECK-NOT: accel.gemm
// CHECK-COUNT-7: accel.conv2d
// CHECK-NOT: accel.gemm
// CHECK: return
func.func @stays(%x9: tensor<1x2x3x3xf32>, %x2: tensor<2x2x1x2xf32>, %x4: tensor<1x2x2x2xf32>, %wv: tensor<3x2x1x1xf32>) -> (tensor<1x3x3x3xf32>, tensor<2x3x1x2xf32>, tensor<1x3x1x1xf32>, tensor<1x3x4x4xf32>, tensor<1x2x2x2xf32>, tensor<1x3x1x1xf32>, tensor<1x3x2x2xf32>) {
  %w = arith.constant dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]], [[[5.0]], [[6.0]]]]> : tensor<3x2x1x1xf32>
  %wg = arith.constant dense<[[[[1.0]]], [[[2.0]]]]> : tensor<2x1x1x1xf32>
  %w3 = arith.constant dense<1.0> : tensor<3x2x3x3xf32>
  %a = accel.conv2d %x9, %w {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x2x3x3xf32>, tensor<3x2x1x1xf32>) -> tensor<1x3x3x3xf32>
  %b = accel.conv2d %x2, %w {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<2x2x1x2xf32>, tensor<3x2x1x1xf32>) -> tensor<2x3x1x2xf32>
  %c = accel.conv2d %x4, %w {strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x2x2x2xf32>, tensor<3x2x1x1xf32>) -> tensor<1x3x1x1xf32>
  %d = accel.conv2d %x4, %w {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x2x2x2xf32>, tensor<3x2x1x1xf32>) -> tensor<1x3x4x4xf32>
  %e = accel.conv2d %x4, %wg {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 2} : (tensor<1x2x2x2xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x2x2xf32>
  %f = accel.conv2d %x9, %w3 {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x2x3x3xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x1x1xf32>
  %g = accel.conv2d %x4, %wv {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x2x2x2xf32>, tensor<3x2x1x1xf32>) -> tensor<1x3x2x2xf32>
  return %a, %b, %c, %d, %e, %f, %g : tensor<1x3x3x3xf32>, tensor<2x3x1x2xf32>, tensor<1x3x1x1xf32>, tensor<1x3x4x4xf32>, tensor<1x2x2x2xf32>, tensor<1x3x1x1xf32>, tensor<1x3x2x2xf32>
}
