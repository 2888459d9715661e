// and(x, true) and or(x, false) are x (graph/transforms/FoldIdentities.cpp,
// part of -accel-fuse): a decoding step's padding mask and'ed with the
// all-true causal part of one query; a scalar constant broadcasting; either
// operand order. Not folded: a constant with one other value, the other
// kind's constant, and x broadcast by the constant to more than its shape.
// RUN: accel-graph-opt --accel-fuse %s | FileCheck %s

// CHECK-LABEL: func.func @decode_mask
// CHECK-NOT: logical_and
// CHECK: %[[E:.*]] = accel.elementwise equal %arg0
// CHECK-NEXT: %[[W:.*]] = accel.elementwise where %[[E]],
// CHECK-NEXT: return %[[W]]
func.func @decode_mask(%mask: tensor<1x1x1x128xi64>) -> tensor<1x1x1x128xf32> {
  %one = arith.constant dense<1> : tensor<i64>
  %all = arith.constant dense<true> : tensor<1x1x1x128xi1>
  %zero = arith.constant dense<0.0> : tensor<f32>
  %low = arith.constant dense<-3.40282347E+38> : tensor<f32>
  %e = accel.elementwise equal %mask, %one : (tensor<1x1x1x128xi64>, tensor<i64>) -> tensor<1x1x1x128xi1>
  %a = accel.elementwise logical_and %all, %e : (tensor<1x1x1x128xi1>, tensor<1x1x1x128xi1>) -> tensor<1x1x1x128xi1>
  %w = accel.elementwise where %a, %zero, %low : (tensor<1x1x1x128xi1>, tensor<f32>, tensor<f32>) -> tensor<1x1x1x128xf32>
  return %w : tensor<1x1x1x128xf32>
}

// CHECK-LABEL: func.func @or_false_scalar
// CHECK-NEXT: return %arg0
func.func @or_false_scalar(%x: tensor<3x5xi1>) -> tensor<3x5xi1> {
  %f = arith.constant dense<false> : tensor<i1>
  %o = accel.elementwise logical_or %x, %f : (tensor<3x5xi1>, tensor<i1>) -> tensor<3x5xi1>
  return %o : tensor<3x5xi1>
}

// CHECK-LABEL: func.func @and_not_all_true
// CHECK: accel.elementwise logical_and
func.func @and_not_all_true(%x: tensor<2xi1>) -> tensor<2xi1> {
  %c = arith.constant dense<[true, false]> : tensor<2xi1>
  %a = accel.elementwise logical_and %x, %c : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  return %a : tensor<2xi1>
}

// CHECK-LABEL: func.func @or_true
// CHECK: accel.elementwise logical_or
func.func @or_true(%x: tensor<4xi1>) -> tensor<4xi1> {
  %t = arith.constant dense<true> : tensor<4xi1>
  %o = accel.elementwise logical_or %t, %x : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return %o : tensor<4xi1>
}

// CHECK-LABEL: func.func @and_true_broadcasts_x
// CHECK: accel.elementwise logical_and
func.func @and_true_broadcasts_x(%x: tensor<1x128xi1>) -> tensor<4x128xi1> {
  %t = arith.constant dense<true> : tensor<4x128xi1>
  %a = accel.elementwise logical_and %x, %t : (tensor<1x128xi1>, tensor<4x128xi1>) -> tensor<4x128xi1>
  return %a : tensor<4x128xi1>
}
