// accel-fuse's patch convolutions (graph/transforms/LowerPatchConv.cpp): a
// convolution whose stride is its kernel (no padding, no dilation, one
// group, constant weights: a vision transformer's patch embedding)
// becomes a transposing copy of the images into their patches
// [N Ph Pw, C kh kw], an accel.gemm against the weights stored transposed
// ([C kh kw, Cout]) with the bias and activation, and the product
// transposed back. Overlapping windows, padding and groups stay. The
// tokens' flatten-and-transpose after it reads the product as it lies
// once memory is planned (views). The models' runs against PyTorch:
// family-models.test (vit, vit-wide: two images).
// RUN: accel-graph-opt -accel-fuse %s | FileCheck %s
// RUN: accel-graph-opt -accel-graph-pipeline %s | FileCheck %s --check-prefix=PIPE

// 2 channels of 4 x 4 in patches of 2 x 2 to 3 channels, relu fused: the
// weights [3, 2, 2, 2] are w[o][i] = o * 8 + i + 1 as [3, 8], B their
// transpose.
// CHECK-LABEL: func.func @patches
// CHECK-DAG: %[[W:.*]] = arith.constant dense<{{\[\[}}1.000000e+00, 9.000000e+00, 1.700000e+01], [2.000000e+00, 1.000000e+01, 1.800000e+01], {{.*}}, [8.000000e+00, 1.600000e+01, 2.400000e+01]]> : tensor<8x3xf32>
// CHECK-DAG: %[[I:.*]] = accel.reshape %arg0 : (tensor<1x2x4x4xf32>) -> tensor<2x2x2x2x2xf32>
// CHECK: %[[P:.*]] = accel.transpose %[[I]] {perm = array<i64: 1, 3, 0, 2, 4>} : (tensor<2x2x2x2x2xf32>) -> tensor<2x2x2x2x2xf32>
// CHECK-NEXT: %[[A:.*]] = accel.reshape %[[P]] : (tensor<2x2x2x2x2xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[G:.*]] = accel.gemm %[[A]], %[[W]], %arg1 {activation = #accel<activation relu>} : (tensor<4x8xf32>, tensor<8x3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
// CHECK-NEXT: %[[T:.*]] = accel.transpose %[[G]] {perm = array<i64: 1, 0>} : (tensor<4x3xf32>) -> tensor<3x4xf32>
// CHECK-NEXT: %[[Y:.*]] = accel.reshape %[[T]] : (tensor<3x4xf32>) -> tensor<1x3x2x2xf32>
// CHECK-NEXT: return %[[Y]]
// PIPE-LABEL: func.func @patches
// PIPE: accel.gemm
// PIPE-NEXT: accel.transpose %{{.*}} {{{.*}}accel.view, perm = array<i64: 1, 0>}
func.func @patches(%x: tensor<1x2x4x4xf32>, %b: tensor<3xf32>) -> tensor<1x3x2x2xf32> {
  %w = arith.constant dense<[[[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]], [[[9.0, 10.0], [11.0, 12.0]], [[13.0, 14.0], [15.0, 16.0]]], [[[17.0, 18.0], [19.0, 20.0]], [[21.0, 22.0], [23.0, 24.0]]]]> : tensor<3x2x2x2xf32>
  %y = accel.conv2d %x, %w, %b {activation = #accel<activation relu>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x2x4x4xf32>, tensor<3x2x2x2xf32>, tensor<3xf32>) -> tensor<1x3x2x2xf32>
  return %y : tensor<1x3x2x2xf32>
}

// Two images: the patches' rows image by image, the product [N, P, Cout]
// transposed back per image.
// CHECK-LABEL: func.func @images
// CHECK-DAG: %[[W:.*]] = arith.constant dense<1.000000e+00> : tensor<8x3xf32>
// CHECK-DAG: %[[I:.*]] = accel.reshape %arg0 : (tensor<2x2x4x4xf32>) -> tensor<2x2x2x2x2x2xf32>
// CHECK: %[[P:.*]] = accel.transpose %[[I]] {perm = array<i64: 0, 2, 4, 1, 3, 5>} : (tensor<2x2x2x2x2x2xf32>) -> tensor<2x2x2x2x2x2xf32>
// CHECK-NEXT: %[[A:.*]] = accel.reshape %[[P]] : (tensor<2x2x2x2x2x2xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: %[[G:.*]] = accel.gemm %[[A]], %[[W]] : (tensor<8x8xf32>, tensor<8x3xf32>) -> tensor<8x3xf32>
// CHECK-NEXT: %[[R:.*]] = accel.reshape %[[G]] : (tensor<8x3xf32>) -> tensor<2x4x3xf32>
// CHECK-NEXT: %[[T:.*]] = accel.transpose %[[R]] {perm = array<i64: 0, 2, 1>} : (tensor<2x4x3xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %[[Y:.*]] = accel.reshape %[[T]] : (tensor<2x3x4xf32>) -> tensor<2x3x2x2xf32>
// CHECK-NEXT: return %[[Y]]
func.func @images(%x: tensor<2x2x4x4xf32>) -> tensor<2x3x2x2xf32> {
  %w = arith.constant dense<1.0> : tensor<3x2x2x2xf32>
  %y = accel.conv2d %x, %w {strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<2x2x4x4xf32>, tensor<3x2x2x2xf32>) -> tensor<2x3x2x2xf32>
  return %y : tensor<2x3x2x2xf32>
}

// Overlapping windows (stride 1), padding, two groups: convolutions.
// CHECK-LABEL: func.func @others
// CHECK-NOT: accel.gemm
// CHECK-COUNT-3: accel.conv2d
// CHECK-NOT: accel.gemm
func.func @others(%x: tensor<1x2x4x4xf32>) -> (tensor<1x3x3x3xf32>, tensor<1x3x3x3xf32>, tensor<1x4x2x2xf32>) {
  %w = arith.constant dense<1.0> : tensor<3x2x2x2xf32>
  %wg = arith.constant dense<1.0> : tensor<4x1x2x2xf32>
  %y0 = accel.conv2d %x, %w {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x2x4x4xf32>, tensor<3x2x2x2xf32>) -> tensor<1x3x3x3xf32>
  %y1 = accel.conv2d %x, %w {strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x2x4x4xf32>, tensor<3x2x2x2xf32>) -> tensor<1x3x3x3xf32>
  %y2 = accel.conv2d %x, %wg {strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 2} : (tensor<1x2x4x4xf32>, tensor<4x1x2x2xf32>) -> tensor<1x4x2x2xf32>
  return %y0, %y1, %y2 : tensor<1x3x3x3xf32>, tensor<1x3x3x3xf32>, tensor<1x4x2x2xf32>
}
