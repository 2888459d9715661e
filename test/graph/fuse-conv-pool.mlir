// -accel-fuse-conv-pool (graph/transforms/FuseConvPool.cpp): a convolution
// the few-channel kernel takes (stride 1, one group, at most 8 input
// channels, padded rows of at most 64 floats, ReLU or none), read alone
// by a MaxPool 2 x 2 at stride 2 without padding, becomes the convolution
// with the pool's result and accel.maxpool; otherwise the IR stays as it
// is.
// RUN: accel-graph-opt -accel-fuse-conv-pool %s | FileCheck %s
// RUN: accel-graph-opt -accel-fuse %s | FileCheck %s --check-prefix=FUSE

// LeNet's first: 1 -> 6, 5 x 5, padding 2, ReLU, then the pool.
// CHECK-LABEL: func.func @lenet_conv1
// CHECK-NEXT: %[[Y:.*]] = accel.conv2d %arg0, %arg1, %arg2 {accel.maxpool, activation = #accel<activation relu>, dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 2, 2, 2, 2>, strides = array<i64: 1, 1>} : (tensor<4x1x28x28xf32>, tensor<6x1x5x5xf32>, tensor<6xf32>) -> tensor<4x6x14x14xf32>
// CHECK-NEXT: return %[[Y]]
// FUSE-LABEL: func.func @lenet_conv1
// FUSE: accel.conv2d %arg0, %arg1, %arg2 {accel.maxpool, activation = #accel<activation relu>
// FUSE-NOT: accel.pool2d
// FUSE: return
func.func @lenet_conv1(%x: tensor<4x1x28x28xf32>, %w: tensor<6x1x5x5xf32>, %b: tensor<6xf32>) -> tensor<4x6x14x14xf32> {
  %y = accel.conv2d %x, %w, %b {activation = #accel<activation relu>, strides = array<i64: 1, 1>, pads = array<i64: 2, 2, 2, 2>, dilations = array<i64: 1, 1>, group = 1} : (tensor<4x1x28x28xf32>, tensor<6x1x5x5xf32>, tensor<6xf32>) -> tensor<4x6x28x28xf32>
  %p = accel.pool2d max %y {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>} : (tensor<4x6x28x28xf32>) -> tensor<4x6x14x14xf32>
  return %p : tensor<4x6x14x14xf32>
}

// Odd output sizes (9 x 9 pooled to 4 x 4, the last row and column
// dropped), no bias or activation.
// CHECK-LABEL: func.func @odd
// CHECK-NEXT: %[[Y:.*]] = accel.conv2d %arg0, %arg1 {accel.maxpool, dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x3x11x11xf32>, tensor<5x3x3x3xf32>) -> tensor<1x5x4x4xf32>
// CHECK-NEXT: return %[[Y]]
func.func @odd(%x: tensor<1x3x11x11xf32>, %w: tensor<5x3x3x3xf32>) -> tensor<1x5x4x4xf32> {
  %y = accel.conv2d %x, %w {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x3x11x11xf32>, tensor<5x3x3x3xf32>) -> tensor<1x5x9x9xf32>
  %p = accel.pool2d max %y {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>} : (tensor<1x5x9x9xf32>) -> tensor<1x5x4x4xf32>
  return %p : tensor<1x5x4x4xf32>
}

// Not fused: an average pool; a 3 x 3 max pool; a pool with padding; a
// conv of 9 input channels; a conv at stride 2; a conv whose result has
// another use; a conv of rows wider than 64 floats once padded.
// CHECK-LABEL: func.func @kept
// CHECK-COUNT-7: accel.pool2d
// CHECK-NOT: accel.maxpool
func.func @kept(%x: tensor<1x3x12x12xf32>, %w: tensor<4x3x3x3xf32>, %x9: tensor<1x9x12x12xf32>, %w9: tensor<4x9x3x3xf32>, %xw: tensor<1x3x4x64xf32>) -> (tensor<1x4x5x5xf32>, tensor<1x4x3x3xf32>, tensor<1x4x6x6xf32>, tensor<1x4x5x5xf32>, tensor<1x4x2x2xf32>, tensor<1x4x5x5xf32>, tensor<1x4x10x10xf32>, tensor<1x4x1x32xf32>) {
  %y0 = accel.conv2d %x, %w {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x3x12x12xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x10x10xf32>
  %p0 = accel.pool2d avg %y0 {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>} : (tensor<1x4x10x10xf32>) -> tensor<1x4x5x5xf32>
  %y1 = accel.conv2d %x, %w {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x3x12x12xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x10x10xf32>
  %p1 = accel.pool2d max %y1 {kernel = array<i64: 3, 3>, strides = array<i64: 3, 3>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>} : (tensor<1x4x10x10xf32>) -> tensor<1x4x3x3xf32>
  %y2 = accel.conv2d %x, %w {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x3x12x12xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x10x10xf32>
  %p2 = accel.pool2d max %y2 {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>} : (tensor<1x4x10x10xf32>) -> tensor<1x4x6x6xf32>
  %y3 = accel.conv2d %x9, %w9 {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x9x12x12xf32>, tensor<4x9x3x3xf32>) -> tensor<1x4x10x10xf32>
  %p3 = accel.pool2d max %y3 {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>} : (tensor<1x4x10x10xf32>) -> tensor<1x4x5x5xf32>
  %y4 = accel.conv2d %x, %w {strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x3x12x12xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x5x5xf32>
  %p4 = accel.pool2d max %y4 {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>} : (tensor<1x4x5x5xf32>) -> tensor<1x4x2x2xf32>
  %y5 = accel.conv2d %x, %w {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x3x12x12xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x10x10xf32>
  %p5 = accel.pool2d max %y5 {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>} : (tensor<1x4x10x10xf32>) -> tensor<1x4x5x5xf32>
  %y6 = accel.conv2d %xw, %w {strides = array<i64: 1, 1>, pads = array<i64: 0, 1, 0, 1>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x3x4x64xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x2x64xf32>
  %p6 = accel.pool2d max %y6 {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>} : (tensor<1x4x2x64xf32>) -> tensor<1x4x1x32xf32>
  return %p0, %p1, %p2, %p3, %p4, %p5, %y5, %p6 : tensor<1x4x5x5xf32>, tensor<1x4x3x3xf32>, tensor<1x4x6x6xf32>, tensor<1x4x5x5xf32>, tensor<1x4x2x2xf32>, tensor<1x4x5x5xf32>, tensor<1x4x10x10xf32>, tensor<1x4x1x32xf32>
}
