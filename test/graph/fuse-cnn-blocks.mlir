// -accel-fuse-cnn-blocks (graph/transforms/FuseCnnBlocks.cpp): a
// squeeze-excitation block (global average pool, 1x1 conv, relu or silu,
// 1x1 conv, sigmoid, the input times the gates) becomes one
// accel.squeeze_excite; otherwise the IR stays as it is.
// RUN: accel-graph-opt -accel-fuse-cnn-blocks %s | FileCheck %s
// RUN: accel-graph-opt -accel-fuse %s | FileCheck %s --check-prefix=FUSE

// torchvision's export: SiLU as x * sigmoid(x), the gates first.
// CHECK-LABEL: func.func @se_silu
// CHECK-NEXT: %[[Y:.*]] = accel.squeeze_excite %arg0, %arg1 bias %arg2, %arg3 bias %arg4 {activation = #accel<activation silu>} : (tensor<1x8x4x4xf32>, tensor<2x8x1x1xf32>, tensor<2xf32>, tensor<8x2x1x1xf32>, tensor<8xf32>) -> tensor<1x8x4x4xf32>
// CHECK-NEXT: return %[[Y]]
// FUSE-LABEL: func.func @se_silu
// FUSE-NEXT: accel.squeeze_excite %arg0, %arg1 bias %arg2, %arg3 bias %arg4 {activation = #accel<activation silu>}
// FUSE-NEXT: return
func.func @se_silu(%x: tensor<1x8x4x4xf32>, %w1: tensor<2x8x1x1xf32>, %b1: tensor<2xf32>, %w2: tensor<8x2x1x1xf32>, %b2: tensor<8xf32>) -> tensor<1x8x4x4xf32> {
  %p = accel.pool2d avg %x {kernel = array<i64: 4, 4>, strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>} : (tensor<1x8x4x4xf32>) -> tensor<1x8x1x1xf32>
  %c1 = accel.conv2d %p, %w1, %b1 {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x8x1x1xf32>, tensor<2x8x1x1xf32>, tensor<2xf32>) -> tensor<1x2x1x1xf32>
  %s1 = accel.elementwise sigmoid %c1 : (tensor<1x2x1x1xf32>) -> tensor<1x2x1x1xf32>
  %h = accel.elementwise mul %c1, %s1 : (tensor<1x2x1x1xf32>, tensor<1x2x1x1xf32>) -> tensor<1x2x1x1xf32>
  %c2 = accel.conv2d %h, %w2, %b2 {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x2x1x1xf32>, tensor<8x2x1x1xf32>, tensor<8xf32>) -> tensor<1x8x1x1xf32>
  %g = accel.elementwise sigmoid %c2 : (tensor<1x8x1x1xf32>) -> tensor<1x8x1x1xf32>
  %y = accel.elementwise mul %g, %x : (tensor<1x8x1x1xf32>, tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  return %y : tensor<1x8x4x4xf32>
}

// The first product's relu already fused, no first bias, the input first;
// a batch of 2.
// CHECK-LABEL: func.func @se_relu
// CHECK-NEXT: %[[Y:.*]] = accel.squeeze_excite %arg0, %arg1, %arg2 bias %arg3 {activation = #accel<activation relu>} : (tensor<2x8x3x5xf32>, tensor<2x8x1x1xf32>, tensor<8x2x1x1xf32>, tensor<8xf32>) -> tensor<2x8x3x5xf32>
// CHECK-NEXT: return %[[Y]]
func.func @se_relu(%x: tensor<2x8x3x5xf32>, %w1: tensor<2x8x1x1xf32>, %w2: tensor<8x2x1x1xf32>, %b2: tensor<8xf32>) -> tensor<2x8x3x5xf32> {
  %p = accel.pool2d avg %x {kernel = array<i64: 3, 5>, strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>} : (tensor<2x8x3x5xf32>) -> tensor<2x8x1x1xf32>
  %h = accel.conv2d %p, %w1 {activation = #accel<activation relu>, strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<2x8x1x1xf32>, tensor<2x8x1x1xf32>) -> tensor<2x2x1x1xf32>
  %c2 = accel.conv2d %h, %w2, %b2 {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<2x2x1x1xf32>, tensor<8x2x1x1xf32>, tensor<8xf32>) -> tensor<2x8x1x1xf32>
  %g = accel.elementwise sigmoid %c2 : (tensor<2x8x1x1xf32>) -> tensor<2x8x1x1xf32>
  %y = accel.elementwise mul %x, %g : (tensor<2x8x3x5xf32>, tensor<2x8x1x1xf32>) -> tensor<2x8x3x5xf32>
  return %y : tensor<2x8x3x5xf32>
}

// Left alone: the pooled vector read again (returned); the gates scaling
// another tensor than the pooled one; a second product with an activation
// of its own; a first product's clip (relu6); a pool that is not global
// (a padded window).
// CHECK-LABEL: func.func @not_se
// CHECK-NOT: squeeze_excite
// CHECK: return
func.func @not_se(%x: tensor<1x8x4x4xf32>, %z: tensor<1x8x4x4xf32>, %w1: tensor<2x8x1x1xf32>, %w2: tensor<8x2x1x1xf32>) -> (tensor<1x8x4x4xf32>, tensor<1x8x1x1xf32>, tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>) {
  %p = accel.pool2d avg %x {kernel = array<i64: 4, 4>, strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>} : (tensor<1x8x4x4xf32>) -> tensor<1x8x1x1xf32>
  %h = accel.conv2d %p, %w1 {activation = #accel<activation relu>, strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x8x1x1xf32>, tensor<2x8x1x1xf32>) -> tensor<1x2x1x1xf32>
  %c2 = accel.conv2d %h, %w2 {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x2x1x1xf32>, tensor<8x2x1x1xf32>) -> tensor<1x8x1x1xf32>
  %g = accel.elementwise sigmoid %c2 : (tensor<1x8x1x1xf32>) -> tensor<1x8x1x1xf32>
  %y = accel.elementwise mul %g, %x : (tensor<1x8x1x1xf32>, tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>

  %pb = accel.pool2d avg %x {kernel = array<i64: 4, 4>, strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>} : (tensor<1x8x4x4xf32>) -> tensor<1x8x1x1xf32>
  %hb = accel.conv2d %pb, %w1 {activation = #accel<activation relu>, strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x8x1x1xf32>, tensor<2x8x1x1xf32>) -> tensor<1x2x1x1xf32>
  %c2b = accel.conv2d %hb, %w2 {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x2x1x1xf32>, tensor<8x2x1x1xf32>) -> tensor<1x8x1x1xf32>
  %gb = accel.elementwise sigmoid %c2b : (tensor<1x8x1x1xf32>) -> tensor<1x8x1x1xf32>
  %yb = accel.elementwise mul %gb, %z : (tensor<1x8x1x1xf32>, tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>

  %pc = accel.pool2d avg %x {kernel = array<i64: 4, 4>, strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>} : (tensor<1x8x4x4xf32>) -> tensor<1x8x1x1xf32>
  %hc = accel.conv2d %pc, %w1 {activation = #accel<activation relu>, strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x8x1x1xf32>, tensor<2x8x1x1xf32>) -> tensor<1x2x1x1xf32>
  %c2c = accel.conv2d %hc, %w2 {activation = #accel<activation relu>, strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x2x1x1xf32>, tensor<8x2x1x1xf32>) -> tensor<1x8x1x1xf32>
  %gc = accel.elementwise sigmoid %c2c : (tensor<1x8x1x1xf32>) -> tensor<1x8x1x1xf32>
  %yc = accel.elementwise mul %gc, %x : (tensor<1x8x1x1xf32>, tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>

  %pd = accel.pool2d avg %x {kernel = array<i64: 4, 4>, strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>} : (tensor<1x8x4x4xf32>) -> tensor<1x8x1x1xf32>
  %hd = accel.conv2d %pd, %w1 {activation = #accel<activation clip>, act_lo = 0.0 : f32, act_hi = 6.0 : f32, strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x8x1x1xf32>, tensor<2x8x1x1xf32>) -> tensor<1x2x1x1xf32>
  %c2d = accel.conv2d %hd, %w2 {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x2x1x1xf32>, tensor<8x2x1x1xf32>) -> tensor<1x8x1x1xf32>
  %gd = accel.elementwise sigmoid %c2d : (tensor<1x8x1x1xf32>) -> tensor<1x8x1x1xf32>
  %yd = accel.elementwise mul %gd, %x : (tensor<1x8x1x1xf32>, tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>

  %pe = accel.pool2d avg %x {kernel = array<i64: 5, 5>, strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 1, 1>, dilations = array<i64: 1, 1>} : (tensor<1x8x4x4xf32>) -> tensor<1x8x1x1xf32>
  %he = accel.conv2d %pe, %w1 {activation = #accel<activation relu>, strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x8x1x1xf32>, tensor<2x8x1x1xf32>) -> tensor<1x2x1x1xf32>
  %c2e = accel.conv2d %he, %w2 {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x2x1x1xf32>, tensor<8x2x1x1xf32>) -> tensor<1x8x1x1xf32>
  %ge = accel.elementwise sigmoid %c2e : (tensor<1x8x1x1xf32>) -> tensor<1x8x1x1xf32>
  %ye = accel.elementwise mul %ge, %x : (tensor<1x8x1x1xf32>, tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  return %y, %p, %yb, %yc, %yd, %ye : tensor<1x8x4x4xf32>, tensor<1x8x1x1xf32>, tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>
}
