// -accel-fuse-activations (graph/transforms/FuseSilu.cpp): x * sigmoid(x)
// after a matmul, gemm, depthwise conv or a 1 x 1 conv the library runs
// by bands or as a gemm of few pixels becomes its silu activation;
// otherwise the IR stays as it is.
// RUN: accel-graph-opt -accel-fuse-activations %s | FileCheck %s

// CHECK-LABEL: func.func @matmul_silu
// CHECK-NEXT: %[[M:.*]] = accel.matmul %arg0, %arg1 {activation = #accel<activation silu>} : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
// CHECK-NEXT: return %[[M]]
func.func @matmul_silu(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>) -> tensor<4x5xf32> {
  %m = accel.matmul %a, %b : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  %s = accel.elementwise sigmoid %m : (tensor<4x5xf32>) -> tensor<4x5xf32>
  %r = accel.elementwise mul %m, %s : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
  return %r : tensor<4x5xf32>
}

// sigmoid(x) * x, the operands the other way round; a gemm and a
// depthwise conv (its stream-engine path applies SiLU); another conv's
// vector epilogue would cost more than the separate passes: left alone.
// CHECK-LABEL: func.func @gemm_conv_silu
// CHECK-NEXT: %[[G:.*]] = accel.gemm %arg0, %arg1 {activation = #accel<activation silu>}
// CHECK-NEXT: %[[D:.*]] = accel.conv2d %arg2, %arg3 {activation = #accel<activation silu>,
// CHECK-NEXT: %[[C:.*]] = accel.conv2d %arg2, %arg4 {dilations
// CHECK-NEXT: %[[S:.*]] = accel.elementwise sigmoid %[[C]]
// CHECK-NEXT: %[[R:.*]] = accel.elementwise mul %[[C]], %[[S]]
// CHECK-NEXT: return %[[G]], %[[D]], %[[R]]
func.func @gemm_conv_silu(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>, %x: tensor<1x2x4x4xf32>, %dw: tensor<2x1x3x3xf32>, %w: tensor<3x2x1x1xf32>) -> (tensor<4x5xf32>, tensor<1x2x4x4xf32>, tensor<1x3x4x4xf32>) {
  %g = accel.gemm %a, %b : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  %s = accel.elementwise sigmoid %g : (tensor<4x5xf32>) -> tensor<4x5xf32>
  %r = accel.elementwise mul %s, %g : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
  %d = accel.conv2d %x, %dw {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 2} : (tensor<1x2x4x4xf32>, tensor<2x1x3x3xf32>) -> tensor<1x2x4x4xf32>
  %ds = accel.elementwise sigmoid %d : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %dr = accel.elementwise mul %d, %ds : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %c = accel.conv2d %x, %w {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>) -> tensor<1x3x4x4xf32>
  %cs = accel.elementwise sigmoid %c : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %cr = accel.elementwise mul %c, %cs : (tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  return %r, %dr, %cr : tensor<4x5xf32>, tensor<1x2x4x4xf32>, tensor<1x3x4x4xf32>
}

// 1 x 1 convolutions the library runs by bands of 16 output channels
// (16 -> 32 at 4 x 4: accel_conv2d_pointwise_bands_fits) or that become a
// gemm of few pixels (2 x 2) take SiLU; one of 3 output channels at 4 x 4
// is @gemm_conv_silu's, left alone.
// CHECK-LABEL: func.func @pointwise_silu
// CHECK-NEXT: %[[B:.*]] = accel.conv2d %arg0, %arg1 {activation = #accel<activation silu>,
// CHECK-NEXT: %[[F:.*]] = accel.conv2d %arg2, %arg1 {activation = #accel<activation silu>,
// CHECK-NEXT: return %[[B]], %[[F]]
func.func @pointwise_silu(%x: tensor<1x16x4x4xf32>, %w: tensor<32x16x1x1xf32>, %x2: tensor<1x16x2x2xf32>) -> (tensor<1x32x4x4xf32>, tensor<1x32x2x2xf32>) {
  %c = accel.conv2d %x, %w {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x16x4x4xf32>, tensor<32x16x1x1xf32>) -> tensor<1x32x4x4xf32>
  %cs = accel.elementwise sigmoid %c : (tensor<1x32x4x4xf32>) -> tensor<1x32x4x4xf32>
  %cr = accel.elementwise mul %c, %cs : (tensor<1x32x4x4xf32>, tensor<1x32x4x4xf32>) -> tensor<1x32x4x4xf32>
  %f = accel.conv2d %x2, %w {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x16x2x2xf32>, tensor<32x16x1x1xf32>) -> tensor<1x32x2x2xf32>
  %fs = accel.elementwise sigmoid %f : (tensor<1x32x2x2xf32>) -> tensor<1x32x2x2xf32>
  %fr = accel.elementwise mul %fs, %f : (tensor<1x32x2x2xf32>, tensor<1x32x2x2xf32>) -> tensor<1x32x2x2xf32>
  return %cr, %fr : tensor<1x32x4x4xf32>, tensor<1x32x2x2xf32>
}

// A stem (3 x 3 at stride 2, 3 -> 16 channels, 16 x 16 pixels out) the
// library runs by the same bands takes SiLU; at stride 3 it does not.
// CHECK-LABEL: func.func @stem_silu
// CHECK-NEXT: %[[A:.*]] = accel.conv2d %arg0, %arg1 {activation = #accel<activation silu>,
// CHECK-NEXT: %[[B:.*]] = accel.conv2d %arg0, %arg1 {dilations
// CHECK-NEXT: %[[S:.*]] = accel.elementwise sigmoid %[[B]]
// CHECK-NEXT: %[[R:.*]] = accel.elementwise mul %[[B]], %[[S]]
// CHECK-NEXT: return %[[A]], %[[R]]
func.func @stem_silu(%x: tensor<1x3x32x32xf32>, %w: tensor<16x3x3x3xf32>) -> (tensor<1x16x16x16xf32>, tensor<1x16x11x11xf32>) {
  %c = accel.conv2d %x, %w {strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x3x32x32xf32>, tensor<16x3x3x3xf32>) -> tensor<1x16x16x16xf32>
  %cs = accel.elementwise sigmoid %c : (tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  %cr = accel.elementwise mul %c, %cs : (tensor<1x16x16x16xf32>, tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  %d = accel.conv2d %x, %w {strides = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x3x32x32xf32>, tensor<16x3x3x3xf32>) -> tensor<1x16x11x11xf32>
  %ds = accel.elementwise sigmoid %d : (tensor<1x16x11x11xf32>) -> tensor<1x16x11x11xf32>
  %dr = accel.elementwise mul %d, %ds : (tensor<1x16x11x11xf32>, tensor<1x16x11x11xf32>) -> tensor<1x16x11x11xf32>
  return %cr, %dr : tensor<1x16x16x16xf32>, tensor<1x16x11x11xf32>
}

// Left alone: x read a third time; the sigmoid read twice; the sigmoid of
// another value; a producer with an activation already.
// CHECK-LABEL: func.func @not_silu
// CHECK-NEXT: %[[M:.*]] = accel.matmul %arg0, %arg1 :
// CHECK-NEXT: %[[S:.*]] = accel.elementwise sigmoid %[[M]]
// CHECK-NEXT: %[[R:.*]] = accel.elementwise mul %[[M]], %[[S]]
// CHECK-NEXT: %[[M2:.*]] = accel.matmul %arg0, %arg1 :
// CHECK-NEXT: %[[S2:.*]] = accel.elementwise sigmoid %[[M2]]
// CHECK-NEXT: %[[R2:.*]] = accel.elementwise mul %[[M2]], %[[S2]]
// CHECK-NEXT: %[[M3:.*]] = accel.matmul %arg0, %arg1 :
// CHECK-NEXT: %[[S3:.*]] = accel.elementwise sigmoid %arg2
// CHECK-NEXT: %[[R3:.*]] = accel.elementwise mul %[[M3]], %[[S3]]
// CHECK-NEXT: %[[M4:.*]] = accel.matmul %arg0, %arg1 {activation = #accel<activation relu>}
// CHECK-NEXT: %[[S4:.*]] = accel.elementwise sigmoid %[[M4]]
// CHECK-NEXT: %[[R4:.*]] = accel.elementwise mul %[[M4]], %[[S4]]
// CHECK-NEXT: return %[[R]], %[[M]], %[[R2]], %[[S2]], %[[R3]], %[[R4]]
func.func @not_silu(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>, %y: tensor<4x5xf32>) -> (tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>) {
  %m = accel.matmul %a, %b : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  %s = accel.elementwise sigmoid %m : (tensor<4x5xf32>) -> tensor<4x5xf32>
  %r = accel.elementwise mul %m, %s : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
  %m2 = accel.matmul %a, %b : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  %s2 = accel.elementwise sigmoid %m2 : (tensor<4x5xf32>) -> tensor<4x5xf32>
  %r2 = accel.elementwise mul %m2, %s2 : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
  %m3 = accel.matmul %a, %b : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  %s3 = accel.elementwise sigmoid %y : (tensor<4x5xf32>) -> tensor<4x5xf32>
  %r3 = accel.elementwise mul %m3, %s3 : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
  %m4 = accel.matmul %a, %b {activation = #accel<activation relu>} : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  %s4 = accel.elementwise sigmoid %m4 : (tensor<4x5xf32>) -> tensor<4x5xf32>
  %r4 = accel.elementwise mul %m4, %s4 : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
  return %r, %m, %r2, %s2, %r3, %r4 : tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>
}
