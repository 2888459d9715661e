// -accel-fuse-channel-norm (graph/transforms/FuseChannelNorm.cpp):
// ConvNeXt's LayerNorm over the channels, which PyTorch writes between a
// permute to channels-last and the permute back, becomes one
// accel.channel_norm of the NCHW tensor (a scale of ones and a shift of
// zeros left out); a block of one image of at least 64 pixels (permute,
// norm, Linear, GELU, Linear, permute back, layer scale) becomes
// channel_norm and two gemms of constant weights on the left over the
// channels' rows, the layer scale in the second's weights and bias; a
// layer scale after a block that stays channels-last folds into its
// second Linear's columns, and a permute and norm that stay channels-last
// become a channel_norm writing channels-last. Anything else stays as it
// is.
// RUN: accel-graph-opt -accel-fuse-channel-norm %s | FileCheck %s

// LayerNorm2d (torchvision's, the stem's and the downsampling layers').
// CHECK-LABEL: func.func @layernorm2d
// CHECK-NEXT: %[[N:.*]] = accel.channel_norm %arg0 {epsilon = 9.99999997E-7 : f32} : (tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
// CHECK-NEXT: return %[[N]]
func.func @layernorm2d(%x: tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32> {
  %ones = arith.constant dense<1.0> : tensor<8xf32>
  %zeros = arith.constant dense<0.0> : tensor<8xf32>
  %t = accel.transpose %x {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x8x4x4xf32>) -> tensor<1x4x4x8xf32>
  %n = accel.layernorm %t, %ones, %zeros {axis = 3 : i64, epsilon = 1.0e-6 : f32} : (tensor<1x4x4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<1x4x4x8xf32>
  %y = accel.transpose %n {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x4x4x8xf32>) -> tensor<1x8x4x4xf32>
  return %y : tensor<1x8x4x4xf32>
}

// Two images of rank 3 ([N, C, L]), a scale and a shift of their own.
// CHECK-LABEL: func.func @layernorm2d_affine
// CHECK-NEXT: %[[N:.*]] = accel.channel_norm %arg0 scale %arg1 shift %arg2 {epsilon = 9.99999974E-6 : f32} : (tensor<2x3x10xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x10xf32>
// CHECK-NEXT: return %[[N]]
func.func @layernorm2d_affine(%x: tensor<2x3x10xf32>, %w: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<2x3x10xf32> {
  %t = accel.transpose %x {perm = array<i64: 0, 2, 1>} : (tensor<2x3x10xf32>) -> tensor<2x10x3xf32>
  %n = accel.layernorm %t, %w, %b {axis = 2 : i64, epsilon = 1.0e-5 : f32} : (tensor<2x10x3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x10x3xf32>
  %y = accel.transpose %n {perm = array<i64: 0, 2, 1>} : (tensor<2x10x3xf32>) -> tensor<2x3x10xf32>
  return %y : tensor<2x3x10xf32>
}

// A ConvNeXt block of 2 channels over 8 x 8 pixels: W1 [2, 4] (stored
// transposed, trans_b) and its bias, GELU, W2 [4, 2] and its bias, the layer scale [10, 100]; the
// gemms take W1^T [4, 2] with the bias as a column, then W2^T with row c
// times the scale's c, [[1, 3, 5, 7] 10, [2, 4, 6, 8] 100], and the bias
// [1, 2] likewise; the residual add stays.
// CHECK-LABEL: func.func @block
// CHECK-DAG: %[[W2:.*]] = arith.constant dense<{{\[\[}}1.000000e+01, 3.000000e+01, 5.000000e+01, 7.000000e+01], [2.000000e+02, 4.000000e+02, 6.000000e+02, 8.000000e+02]]> : tensor<2x4xf32>
// CHECK-DAG: %[[B2:.*]] = arith.constant dense<{{\[\[}}1.000000e+01], [2.000000e+02]]> : tensor<2x1xf32>
// CHECK-DAG: %[[W1:.*]] = arith.constant dense<{{\[\[}}1.000000e+00, 5.000000e+00], [2.000000e+00, 6.000000e+00], [3.000000e+00, 7.000000e+00], [4.000000e+00, 8.000000e+00]]> : tensor<4x2xf32>
// CHECK-DAG: %[[B1:.*]] = arith.constant dense<{{\[\[}}5.000000e-01], [0.000000e+00], [-1.000000e+00], [0.000000e+00]]> : tensor<4x1xf32>
// CHECK: %[[N:.*]] = accel.channel_norm %arg0 {epsilon = 9.99999997E-7 : f32} : (tensor<1x2x8x8xf32>) -> tensor<1x2x8x8xf32>
// CHECK-NEXT: %[[U:.*]] = accel.reshape %[[N]] : (tensor<1x2x8x8xf32>) -> tensor<2x64xf32>
// CHECK-NEXT: %[[H:.*]] = accel.gemm %[[W1]], %[[U]], %[[B1]] {activation = #accel<activation gelu>} : (tensor<4x2xf32>, tensor<2x64xf32>, tensor<4x1xf32>) -> tensor<4x64xf32>
// CHECK-NEXT: %[[Z:.*]] = accel.gemm %[[W2]], %[[H]], %[[B2]] : (tensor<2x4xf32>, tensor<4x64xf32>, tensor<2x1xf32>) -> tensor<2x64xf32>
// CHECK-NEXT: %[[R:.*]] = accel.reshape %[[Z]] : (tensor<2x64xf32>) -> tensor<1x2x8x8xf32>
// CHECK-NEXT: %[[Y:.*]] = accel.elementwise add %[[R]], %arg0
// CHECK-NEXT: return %[[Y]]
// CHECK-NOT: accel.transpose
func.func @block(%x: tensor<1x2x8x8xf32>) -> tensor<1x2x8x8xf32> {
  %ones = arith.constant dense<1.0> : tensor<2xf32>
  %zeros = arith.constant dense<0.0> : tensor<2xf32>
  %w1 = arith.constant dense<[[1.0, 5.0], [2.0, 6.0], [3.0, 7.0], [4.0, 8.0]]> : tensor<4x2xf32>
  %b1 = arith.constant dense<[0.5, 0.0, -1.0, 0.0]> : tensor<4xf32>
  %w2 = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]> : tensor<4x2xf32>
  %b2 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %ls = arith.constant dense<[[[10.0]], [[100.0]]]> : tensor<2x1x1xf32>
  %t = accel.transpose %x {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x2x8x8xf32>) -> tensor<1x8x8x2xf32>
  %n = accel.layernorm %t, %ones, %zeros {axis = 3 : i64, epsilon = 1.0e-6 : f32} : (tensor<1x8x8x2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x8x8x2xf32>
  %r = accel.reshape %n : (tensor<1x8x8x2xf32>) -> tensor<64x2xf32>
  %h = accel.gemm %r, %w1, %b1 {activation = #accel<activation gelu>, trans_b = true} : (tensor<64x2xf32>, tensor<4x2xf32>, tensor<4xf32>) -> tensor<64x4xf32>
  %z = accel.gemm %h, %w2, %b2 : (tensor<64x4xf32>, tensor<4x2xf32>, tensor<2xf32>) -> tensor<64x2xf32>
  %z4 = accel.reshape %z : (tensor<64x2xf32>) -> tensor<1x8x8x2xf32>
  %back = accel.transpose %z4 {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x8x8x2xf32>) -> tensor<1x2x8x8xf32>
  %s = accel.elementwise mul %ls, %back : (tensor<2x1x1xf32>, tensor<1x2x8x8xf32>) -> tensor<1x2x8x8xf32>
  %y = accel.elementwise add %s, %x : (tensor<1x2x8x8xf32>, tensor<1x2x8x8xf32>) -> tensor<1x2x8x8xf32>
  return %y : tensor<1x2x8x8xf32>
}

// The same block over 4 x 4 pixels and no layer scale: it stays
// channels-last (the matrix unit's columns would be mostly padding), its
// permute and norm one channel_norm writing channels-last.
// CHECK-LABEL: func.func @block_few_pixels
// CHECK: %[[N:.*]] = accel.channel_norm %arg0 {channels_last, epsilon = 9.99999997E-7 : f32} : (tensor<1x2x4x4xf32>) -> tensor<1x4x4x2xf32>
// CHECK-NEXT: accel.reshape %[[N]] : (tensor<1x4x4x2xf32>) -> tensor<16x2xf32>
// CHECK-NEXT: accel.gemm %{{.*}}, %{{.*}}, %{{.*}} {activation = #accel<activation gelu>, trans_b = true}
// CHECK-NEXT: accel.gemm
// CHECK-NEXT: accel.reshape
// CHECK-NEXT: accel.transpose
func.func @block_few_pixels(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %ones = arith.constant dense<1.0> : tensor<2xf32>
  %zeros = arith.constant dense<0.0> : tensor<2xf32>
  %w1 = arith.constant dense<[[1.0, 5.0], [2.0, 6.0], [3.0, 7.0], [4.0, 8.0]]> : tensor<4x2xf32>
  %b1 = arith.constant dense<[0.5, 0.0, -1.0, 0.0]> : tensor<4xf32>
  %w2 = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]> : tensor<4x2xf32>
  %b2 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %t = accel.transpose %x {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x2x4x4xf32>) -> tensor<1x4x4x2xf32>
  %n = accel.layernorm %t, %ones, %zeros {axis = 3 : i64, epsilon = 1.0e-6 : f32} : (tensor<1x4x4x2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x4x4x2xf32>
  %r = accel.reshape %n : (tensor<1x4x4x2xf32>) -> tensor<16x2xf32>
  %h = accel.gemm %r, %w1, %b1 {activation = #accel<activation gelu>, trans_b = true} : (tensor<16x2xf32>, tensor<4x2xf32>, tensor<4xf32>) -> tensor<16x4xf32>
  %z = accel.gemm %h, %w2, %b2 : (tensor<16x4xf32>, tensor<4x2xf32>, tensor<2xf32>) -> tensor<16x2xf32>
  %z4 = accel.reshape %z : (tensor<16x2xf32>) -> tensor<1x4x4x2xf32>
  %back = accel.transpose %z4 {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x4x4x2xf32>) -> tensor<1x2x4x4xf32>
  return %back : tensor<1x2x4x4xf32>
}

// A block of two images stays channels-last (its norm a channel_norm
// writing channels-last); its layer scale folds into the second Linear's
// columns ([[1, 2] [10, 100], ...]; the bias [1, 2] likewise).
// CHECK-LABEL: func.func @block_two_images
// CHECK-DAG: %[[W2:.*]] = arith.constant dense<{{\[\[}}1.000000e+01, 2.000000e+02], [3.000000e+01, 4.000000e+02], [5.000000e+01, 6.000000e+02], [7.000000e+01, 8.000000e+02]]> : tensor<4x2xf32>
// CHECK-DAG: %[[B2:.*]] = arith.constant dense<[1.000000e+01, 2.000000e+02]> : tensor<2xf32>
// CHECK: accel.channel_norm %arg0 {channels_last, epsilon = 9.99999997E-7 : f32} : (tensor<2x2x8x8xf32>) -> tensor<2x8x8x2xf32>
// CHECK-NEXT: accel.reshape
// CHECK-NEXT: %[[H:.*]] = accel.gemm
// CHECK-NEXT: %[[Z:.*]] = accel.gemm %[[H]], %[[W2]], %[[B2]] : (tensor<128x4xf32>, tensor<4x2xf32>, tensor<2xf32>) -> tensor<128x2xf32>
// CHECK-NEXT: %[[R:.*]] = accel.reshape %[[Z]]
// CHECK-NEXT: %[[T:.*]] = accel.transpose %[[R]] {perm = array<i64: 0, 3, 1, 2>}
// CHECK-NEXT: return %[[T]]
func.func @block_two_images(%x: tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32> {
  %ones = arith.constant dense<1.0> : tensor<2xf32>
  %zeros = arith.constant dense<0.0> : tensor<2xf32>
  %w1 = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]> : tensor<2x4xf32>
  %b1 = arith.constant dense<[0.5, 0.0, -1.0, 0.0]> : tensor<4xf32>
  %w2 = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]> : tensor<4x2xf32>
  %b2 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %ls = arith.constant dense<[[[10.0]], [[100.0]]]> : tensor<2x1x1xf32>
  %t = accel.transpose %x {perm = array<i64: 0, 2, 3, 1>} : (tensor<2x2x8x8xf32>) -> tensor<2x8x8x2xf32>
  %n = accel.layernorm %t, %ones, %zeros {axis = 3 : i64, epsilon = 1.0e-6 : f32} : (tensor<2x8x8x2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2x8x8x2xf32>
  %r = accel.reshape %n : (tensor<2x8x8x2xf32>) -> tensor<128x2xf32>
  %h = accel.gemm %r, %w1, %b1 {activation = #accel<activation gelu>} : (tensor<128x2xf32>, tensor<2x4xf32>, tensor<4xf32>) -> tensor<128x4xf32>
  %z = accel.gemm %h, %w2, %b2 : (tensor<128x4xf32>, tensor<4x2xf32>, tensor<2xf32>) -> tensor<128x2xf32>
  %z4 = accel.reshape %z : (tensor<128x2xf32>) -> tensor<2x8x8x2xf32>
  %back = accel.transpose %z4 {perm = array<i64: 0, 3, 1, 2>} : (tensor<2x8x8x2xf32>) -> tensor<2x2x8x8xf32>
  %s = accel.elementwise mul %back, %ls : (tensor<2x2x8x8xf32>, tensor<2x1x1xf32>) -> tensor<2x2x8x8xf32>
  return %s : tensor<2x2x8x8xf32>
}

// Left alone: the norm's result read twice; a norm over the last two
// axes; a residual norm; a scale that is not a constant. Permutes that
// are not each other's inverse: the norm alone becomes a channel_norm
// writing channels-last, the second permute stays.
// CHECK-LABEL: func.func @norm_read_twice
// CHECK-NOT: accel.channel_norm
// CHECK: return
func.func @norm_read_twice(%x: tensor<1x8x4x4xf32>) -> (tensor<1x8x4x4xf32>, tensor<1x4x4x8xf32>) {
  %ones = arith.constant dense<1.0> : tensor<8xf32>
  %t = accel.transpose %x {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x8x4x4xf32>) -> tensor<1x4x4x8xf32>
  %n = accel.layernorm %t, %ones {axis = 3 : i64, epsilon = 1.0e-6 : f32} : (tensor<1x4x4x8xf32>, tensor<8xf32>) -> tensor<1x4x4x8xf32>
  %y = accel.transpose %n {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x4x4x8xf32>) -> tensor<1x8x4x4xf32>
  return %y, %n : tensor<1x8x4x4xf32>, tensor<1x4x4x8xf32>
}

// CHECK-LABEL: func.func @norm_two_axes
// CHECK-NOT: accel.channel_norm
// CHECK: return
func.func @norm_two_axes(%x: tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32> {
  %ones = arith.constant dense<1.0> : tensor<4x8xf32>
  %t = accel.transpose %x {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x8x4x4xf32>) -> tensor<1x4x4x8xf32>
  %n = accel.layernorm %t, %ones {axis = 2 : i64, epsilon = 1.0e-6 : f32} : (tensor<1x4x4x8xf32>, tensor<4x8xf32>) -> tensor<1x4x4x8xf32>
  %y = accel.transpose %n {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x4x4x8xf32>) -> tensor<1x8x4x4xf32>
  return %y : tensor<1x8x4x4xf32>
}

// CHECK-LABEL: func.func @not_inverse
// CHECK-NEXT: %[[N:.*]] = accel.channel_norm %arg0 {channels_last, epsilon = 9.99999997E-7 : f32} : (tensor<1x8x4x4xf32>) -> tensor<1x4x4x8xf32>
// CHECK-NEXT: %[[T:.*]] = accel.transpose %[[N]] {perm = array<i64: 0, 3, 2, 1>}
// CHECK-NEXT: return %[[T]]
func.func @not_inverse(%x: tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32> {
  %ones = arith.constant dense<1.0> : tensor<8xf32>
  %t = accel.transpose %x {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x8x4x4xf32>) -> tensor<1x4x4x8xf32>
  %n = accel.layernorm %t, %ones {axis = 3 : i64, epsilon = 1.0e-6 : f32} : (tensor<1x4x4x8xf32>, tensor<8xf32>) -> tensor<1x4x4x8xf32>
  %y = accel.transpose %n {perm = array<i64: 0, 3, 2, 1>} : (tensor<1x4x4x8xf32>) -> tensor<1x8x4x4xf32>
  return %y : tensor<1x8x4x4xf32>
}

// CHECK-LABEL: func.func @residual_norm
// CHECK-NOT: accel.channel_norm
// CHECK: return
func.func @residual_norm(%x: tensor<1x8x4x4xf32>, %r: tensor<1x4x4x8xf32>) -> tensor<1x8x4x4xf32> {
  %ones = arith.constant dense<1.0> : tensor<8xf32>
  %t = accel.transpose %x {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x8x4x4xf32>) -> tensor<1x4x4x8xf32>
  %n = accel.layernorm %t residual %r, %ones {axis = 3 : i64, epsilon = 1.0e-6 : f32} : (tensor<1x4x4x8xf32>, tensor<1x4x4x8xf32>, tensor<8xf32>) -> tensor<1x4x4x8xf32>
  %y = accel.transpose %n {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x4x4x8xf32>) -> tensor<1x8x4x4xf32>
  return %y : tensor<1x8x4x4xf32>
}

// CHECK-LABEL: func.func @scale_not_constant
// CHECK: accel.gemm %arg0, %{{.*}} : (tensor<16x4xf32>, tensor<4x2xf32>) -> tensor<16x2xf32>
// CHECK: accel.elementwise mul
func.func @scale_not_constant(%h: tensor<16x4xf32>, %ls: tensor<2x1x1xf32>) -> tensor<1x2x4x4xf32> {
  %w2 = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]> : tensor<4x2xf32>
  %z = accel.gemm %h, %w2 : (tensor<16x4xf32>, tensor<4x2xf32>) -> tensor<16x2xf32>
  %z4 = accel.reshape %z : (tensor<16x2xf32>) -> tensor<1x4x4x2xf32>
  %back = accel.transpose %z4 {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x4x4x2xf32>) -> tensor<1x2x4x4xf32>
  %s = accel.elementwise mul %back, %ls : (tensor<1x2x4x4xf32>, tensor<2x1x1xf32>) -> tensor<1x2x4x4xf32>
  return %s : tensor<1x2x4x4xf32>
}
