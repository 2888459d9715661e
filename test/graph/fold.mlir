// Constant folding (-canonicalize with the ops' folders): a transpose of
// a constant is the transposed constant (the weights PyTorch exports as
// W with a Transpose before the MatMul), worked out by hand; a reshape of
// its input's shape is nothing; a Gemm's transposed constant operand is
// stored transposed.
// RUN: accel-graph-opt -canonicalize %s | FileCheck %s

// CHECK-LABEL: func.func @transpose_2d
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<{{\[\[}}1.000000e+00, 4.000000e+00], [2.000000e+00, 5.000000e+00], [3.000000e+00, 6.000000e+00]]> : tensor<3x2xf32>
// CHECK-NEXT: return %[[C]]
func.func @transpose_2d() -> tensor<3x2xf32> {
  %c = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %t = accel.transpose %c {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %t : tensor<3x2xf32>
}

// x[i][j][k] = 100 i + 10 j + k for a [2, 3, 2] x; perm [2, 0, 1] gives
// y [2, 2, 3] with y[k][i][j] = x[i][j][k].
// CHECK-LABEL: func.func @transpose_3d
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<{{\[\[\[}}0.000000e+00, 1.000000e+01, 2.000000e+01], [1.000000e+02, 1.100000e+02, 1.200000e+02]], {{\[\[}}1.000000e+00, 1.100000e+01, 2.100000e+01], [1.010000e+02, 1.110000e+02, 1.210000e+02]]]> : tensor<2x2x3xf32>
// CHECK-NEXT: return %[[C]]
func.func @transpose_3d() -> tensor<2x2x3xf32> {
  %c = arith.constant dense<[[[0.0, 1.0], [10.0, 11.0], [20.0, 21.0]], [[100.0, 101.0], [110.0, 111.0], [120.0, 121.0]]]> : tensor<2x3x2xf32>
  %t = accel.transpose %c {perm = array<i64: 2, 0, 1>} : (tensor<2x3x2xf32>) -> tensor<2x2x3xf32>
  return %t : tensor<2x2x3xf32>
}

// CHECK-LABEL: func.func @transpose_splat
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<7.000000e+00> : tensor<4x3xf32>
// CHECK-NEXT: return %[[C]]
func.func @transpose_splat() -> tensor<4x3xf32> {
  %c = arith.constant dense<7.0> : tensor<3x4xf32>
  %t = accel.transpose %c {perm = array<i64: 1, 0>} : (tensor<3x4xf32>) -> tensor<4x3xf32>
  return %t : tensor<4x3xf32>
}

// Not a constant: the transpose stays.
// CHECK-LABEL: func.func @transpose_argument
// CHECK-NEXT: accel.transpose %arg0
func.func @transpose_argument(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %t = accel.transpose %x {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %t : tensor<3x2xf32>
}

// A Gemm's transposed constant operand (PyTorch's Linear: transB = 1 on
// its weight) becomes the transposed constant, read as it is.
// CHECK-LABEL: func.func @gemm_transposed_weight
// CHECK-NEXT: %[[W:.*]] = arith.constant dense<{{\[\[}}1.000000e+00, 4.000000e+00], [2.000000e+00, 5.000000e+00], [3.000000e+00, 6.000000e+00]]> : tensor<3x2xf32>
// CHECK-NEXT: %[[G:.*]] = accel.gemm %arg0, %[[W]] : (tensor<4x3xf32>, tensor<3x2xf32>) -> tensor<4x2xf32>
// CHECK-NEXT: return %[[G]]
func.func @gemm_transposed_weight(%x: tensor<4x3xf32>) -> tensor<4x2xf32> {
  %w = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %g = accel.gemm %x, %w {trans_b = true} : (tensor<4x3xf32>, tensor<2x3xf32>) -> tensor<4x2xf32>
  return %g : tensor<4x2xf32>
}

// A transposed A that is not a constant stays as it is.
// CHECK-LABEL: func.func @gemm_transposed_input
// CHECK: accel.gemm %arg0, %{{.*}} {trans_a = true}
func.func @gemm_transposed_input(%x: tensor<3x4xf32>) -> tensor<4x2xf32> {
  %w = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %g = accel.gemm %x, %w {trans_a = true} : (tensor<3x4xf32>, tensor<3x2xf32>) -> tensor<4x2xf32>
  return %g : tensor<4x2xf32>
}
