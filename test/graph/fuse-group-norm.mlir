// -accel-fuse-group-norm (graph/transforms/FuseGroupNorm.cpp, then
// FuseSilu.cpp and FuseActivations.cpp): PyTorch's GroupNorm export as the
// importer makes it (a reshape to [N, groups, -1], the instance norm as an
// accel.group_norm of scale 1 and shift 0, a reshape back, a Mul and an
// Add by [C, 1, ...]) becomes one accel.group_norm over the input, with the
// SiLU (x * sigmoid(x)) or ReLU after it as its activation; otherwise the
// IR stays as it is. The same patterns run in -accel-fuse.
// RUN: accel-graph-opt -accel-fuse-group-norm %s | FileCheck %s
// RUN: accel-graph-opt -accel-fuse %s | FileCheck %s --check-prefix=ALL

// GroupNorm(4, 8) + SiLU, the scale and shift graph inputs.
// CHECK-LABEL: func.func @group_norm_silu
// CHECK-DAG: %[[W:.*]] = accel.reshape %arg1 : (tensor<8x1x1xf32>) -> tensor<8xf32>
// CHECK-DAG: %[[B:.*]] = accel.reshape %arg2 : (tensor<8x1x1xf32>) -> tensor<8xf32>
// CHECK: %[[G:.*]] = accel.group_norm %arg0, %[[W]], %[[B]] {activation = #accel<activation silu>, epsilon = 9.99999997E-7 : f32, groups = 4 : i64} : (tensor<2x8x4x4xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8x4x4xf32>
// CHECK-NEXT: return %[[G]]
// ALL-LABEL: func.func @group_norm_silu
// ALL-NOT: accel.elementwise
// ALL: accel.group_norm %arg0, {{.*}}activation = #accel<activation silu>{{.*}}groups = 4 : i64
// ALL-NOT: accel.elementwise
// ALL: return
func.func @group_norm_silu(%x: tensor<2x8x4x4xf32>, %w: tensor<8x1x1xf32>, %b: tensor<8x1x1xf32>) -> tensor<2x8x4x4xf32> {
  %ones = arith.constant dense<1.0> : tensor<4xf32>
  %zeros = arith.constant dense<0.0> : tensor<4xf32>
  %r = accel.reshape %x : (tensor<2x8x4x4xf32>) -> tensor<2x4x32xf32>
  %n = accel.group_norm %r, %ones, %zeros {groups = 4 : i64, epsilon = 1.0e-6 : f32} : (tensor<2x4x32xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x4x32xf32>
  %back = accel.reshape %n : (tensor<2x4x32xf32>) -> tensor<2x8x4x4xf32>
  %m = accel.elementwise mul %back, %w : (tensor<2x8x4x4xf32>, tensor<8x1x1xf32>) -> tensor<2x8x4x4xf32>
  %a = accel.elementwise add %m, %b : (tensor<2x8x4x4xf32>, tensor<8x1x1xf32>) -> tensor<2x8x4x4xf32>
  %s = accel.elementwise sigmoid %a : (tensor<2x8x4x4xf32>) -> tensor<2x8x4x4xf32>
  %y = accel.elementwise mul %a, %s : (tensor<2x8x4x4xf32>, tensor<2x8x4x4xf32>) -> tensor<2x8x4x4xf32>
  return %y : tensor<2x8x4x4xf32>
}

// Rank 3 ([N, C, L]), constants of [1, C, 1] with the operands the other
// way round, and a ReLU after it.
// CHECK-LABEL: func.func @group_norm_relu_rank3
// CHECK: %[[G:.*]] = accel.group_norm %arg0, %{{.*}}, %{{.*}} {activation = #accel<activation relu>, epsilon = 9.99999974E-6 : f32, groups = 3 : i64} : (tensor<1x6x10xf32>, tensor<6xf32>, tensor<6xf32>) -> tensor<1x6x10xf32>
// CHECK-NEXT: return %[[G]]
func.func @group_norm_relu_rank3(%x: tensor<1x6x10xf32>) -> tensor<1x6x10xf32> {
  %ones = arith.constant dense<1.0> : tensor<3xf32>
  %zeros = arith.constant dense<0.0> : tensor<3xf32>
  %w = arith.constant dense<[[[1.0], [2.0], [3.0], [4.0], [5.0], [6.0]]]> : tensor<1x6x1xf32>
  %b = arith.constant dense<[[[0.5], [0.25], [0.0], [-0.5], [1.0], [2.0]]]> : tensor<1x6x1xf32>
  %r = accel.reshape %x : (tensor<1x6x10xf32>) -> tensor<1x3x20xf32>
  %n = accel.group_norm %r, %ones, %zeros {groups = 3 : i64, epsilon = 1.0e-5 : f32} : (tensor<1x3x20xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<1x3x20xf32>
  %back = accel.reshape %n : (tensor<1x3x20xf32>) -> tensor<1x6x10xf32>
  %m = accel.elementwise mul %w, %back : (tensor<1x6x1xf32>, tensor<1x6x10xf32>) -> tensor<1x6x10xf32>
  %a = accel.elementwise add %b, %m : (tensor<1x6x1xf32>, tensor<1x6x10xf32>) -> tensor<1x6x10xf32>
  %y = accel.elementwise relu %a : (tensor<1x6x10xf32>) -> tensor<1x6x10xf32>
  return %y : tensor<1x6x10xf32>
}

// Without an activation after it; the scale alone (no Add).
// CHECK-LABEL: func.func @group_norm_affine
// CHECK: %[[G:.*]] = accel.group_norm %arg0, %{{.*}}, %{{.*}} {epsilon = 9.99999974E-6 : f32, groups = 2 : i64} : (tensor<1x4x3x3xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x3x3xf32>
// CHECK: %[[H:.*]] = accel.group_norm %arg0, %{{.*}}, %{{.*}} {epsilon = 9.99999974E-6 : f32, groups = 1 : i64} : (tensor<1x4x3x3xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x3x3xf32>
// CHECK-NEXT: return %[[G]], %[[H]]
func.func @group_norm_affine(%x: tensor<1x4x3x3xf32>, %w: tensor<4x1x1xf32>, %b: tensor<4x1x1xf32>) -> (tensor<1x4x3x3xf32>, tensor<1x4x3x3xf32>) {
  %ones = arith.constant dense<1.0> : tensor<2xf32>
  %zeros = arith.constant dense<0.0> : tensor<2xf32>
  %r = accel.reshape %x : (tensor<1x4x3x3xf32>) -> tensor<1x2x18xf32>
  %n = accel.group_norm %r, %ones, %zeros {groups = 2 : i64, epsilon = 1.0e-5 : f32} : (tensor<1x2x18xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x18xf32>
  %back = accel.reshape %n : (tensor<1x2x18xf32>) -> tensor<1x4x3x3xf32>
  %m = accel.elementwise mul %back, %w : (tensor<1x4x3x3xf32>, tensor<4x1x1xf32>) -> tensor<1x4x3x3xf32>
  %a = accel.elementwise add %m, %b : (tensor<1x4x3x3xf32>, tensor<4x1x1xf32>) -> tensor<1x4x3x3xf32>
  %one = arith.constant dense<1.0> : tensor<1xf32>
  %zero = arith.constant dense<0.0> : tensor<1xf32>
  %r1 = accel.reshape %x : (tensor<1x4x3x3xf32>) -> tensor<1x1x36xf32>
  %n1 = accel.group_norm %r1, %one, %zero {groups = 1 : i64, epsilon = 1.0e-5 : f32} : (tensor<1x1x36xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x1x36xf32>
  %back1 = accel.reshape %n1 : (tensor<1x1x36xf32>) -> tensor<1x4x3x3xf32>
  %m1 = accel.elementwise mul %back1, %w : (tensor<1x4x3x3xf32>, tensor<4x1x1xf32>) -> tensor<1x4x3x3xf32>
  return %a, %m1 : tensor<1x4x3x3xf32>, tensor<1x4x3x3xf32>
}

// Left alone: a scale that is not one per channel ([1, 4, 4], per pixel)
// stays a mul after the regrouped norm, and the Add after it too.
// CHECK-LABEL: func.func @scale_not_per_channel
// CHECK: %[[G:.*]] = accel.group_norm %arg0, %{{.*}}, %{{.*}} {epsilon = 9.99999997E-7 : f32, groups = 4 : i64} : (tensor<2x8x4x4xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8x4x4xf32>
// CHECK-NEXT: %[[M:.*]] = accel.elementwise mul %[[G]], %arg1 : (tensor<2x8x4x4xf32>, tensor<1x4x4xf32>)
// CHECK-NEXT: %[[A:.*]] = accel.elementwise add %[[M]], %arg2
// CHECK-NEXT: return %[[A]]
func.func @scale_not_per_channel(%x: tensor<2x8x4x4xf32>, %w: tensor<1x4x4xf32>, %b: tensor<8x1x1xf32>) -> tensor<2x8x4x4xf32> {
  %ones = arith.constant dense<1.0> : tensor<4xf32>
  %zeros = arith.constant dense<0.0> : tensor<4xf32>
  %r = accel.reshape %x : (tensor<2x8x4x4xf32>) -> tensor<2x4x32xf32>
  %n = accel.group_norm %r, %ones, %zeros {groups = 4 : i64, epsilon = 1.0e-6 : f32} : (tensor<2x4x32xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x4x32xf32>
  %back = accel.reshape %n : (tensor<2x4x32xf32>) -> tensor<2x8x4x4xf32>
  %m = accel.elementwise mul %back, %w : (tensor<2x8x4x4xf32>, tensor<1x4x4xf32>) -> tensor<2x8x4x4xf32>
  %a = accel.elementwise add %m, %b : (tensor<2x8x4x4xf32>, tensor<8x1x1xf32>) -> tensor<2x8x4x4xf32>
  return %a : tensor<2x8x4x4xf32>
}

// Left alone: the shift added before the scale ((n + b) * w, not
// n * w + b): the add folds into the norm's shift, and the mul after a
// norm with a shift stays; the normalized value read twice (the mul and
// the return): the mul and add stay.
// CHECK-LABEL: func.func @shift_before_scale_and_used_twice
// CHECK: %[[G:.*]] = accel.group_norm %arg0, %{{.*}}, %{{.*}} {epsilon = 9.99999997E-7 : f32, groups = 4 : i64}
// CHECK-NEXT: %[[M:.*]] = accel.elementwise mul %[[G]], %arg1
// CHECK-NEXT: %[[H:.*]] = accel.group_norm %arg0, %{{.*}}, %{{.*}} {epsilon = 9.99999997E-7 : f32, groups = 4 : i64}
// CHECK-NEXT: %[[M2:.*]] = accel.elementwise mul %[[H]], %arg1
// CHECK-NEXT: %[[A2:.*]] = accel.elementwise add %[[M2]], %arg2
// CHECK-NEXT: return %[[M]], %[[A2]], %[[H]]
func.func @shift_before_scale_and_used_twice(%x: tensor<2x8x4x4xf32>, %w: tensor<8x1x1xf32>, %b: tensor<8x1x1xf32>) -> (tensor<2x8x4x4xf32>, tensor<2x8x4x4xf32>, tensor<2x8x4x4xf32>) {
  %ones = arith.constant dense<1.0> : tensor<4xf32>
  %zeros = arith.constant dense<0.0> : tensor<4xf32>
  %r = accel.reshape %x : (tensor<2x8x4x4xf32>) -> tensor<2x4x32xf32>
  %n = accel.group_norm %r, %ones, %zeros {groups = 4 : i64, epsilon = 1.0e-6 : f32} : (tensor<2x4x32xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x4x32xf32>
  %back = accel.reshape %n : (tensor<2x4x32xf32>) -> tensor<2x8x4x4xf32>
  %a = accel.elementwise add %back, %b : (tensor<2x8x4x4xf32>, tensor<8x1x1xf32>) -> tensor<2x8x4x4xf32>
  %m = accel.elementwise mul %a, %w : (tensor<2x8x4x4xf32>, tensor<8x1x1xf32>) -> tensor<2x8x4x4xf32>
  %n2 = accel.group_norm %r, %ones, %zeros {groups = 4 : i64, epsilon = 1.0e-6 : f32} : (tensor<2x4x32xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x4x32xf32>
  %back2 = accel.reshape %n2 : (tensor<2x4x32xf32>) -> tensor<2x8x4x4xf32>
  %m2 = accel.elementwise mul %back2, %w : (tensor<2x8x4x4xf32>, tensor<8x1x1xf32>) -> tensor<2x8x4x4xf32>
  %a2 = accel.elementwise add %m2, %b : (tensor<2x8x4x4xf32>, tensor<8x1x1xf32>) -> tensor<2x8x4x4xf32>
  return %m, %a2, %back2 : tensor<2x8x4x4xf32>, tensor<2x8x4x4xf32>, tensor<2x8x4x4xf32>
}

// Left alone: epsilon elsewhere than the norm's own variance (a layer
// norm of the regrouped input, not an instance norm); an instance norm
// with a learned scale of its own; groups that are not the reshape's.
// CHECK-LABEL: func.func @not_group_norm
// CHECK: accel.layernorm
// CHECK-NOT: accel.group_norm %arg0
// CHECK: return
func.func @not_group_norm(%x: tensor<2x8x4x4xf32>, %w: tensor<8x1x1xf32>) -> (tensor<2x8x4x4xf32>, tensor<2x8x4x4xf32>, tensor<2x8x4x4xf32>) {
  %ones32 = arith.constant dense<1.0> : tensor<32xf32>
  %r = accel.reshape %x : (tensor<2x8x4x4xf32>) -> tensor<2x4x32xf32>
  %l = accel.layernorm %r, %ones32 {axis = 2 : i64, epsilon = 1.0e-6 : f32} : (tensor<2x4x32xf32>, tensor<32xf32>) -> tensor<2x4x32xf32>
  %lb = accel.reshape %l : (tensor<2x4x32xf32>) -> tensor<2x8x4x4xf32>
  %lm = accel.elementwise mul %lb, %w : (tensor<2x8x4x4xf32>, tensor<8x1x1xf32>) -> tensor<2x8x4x4xf32>
  %s = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %zeros = arith.constant dense<0.0> : tensor<4xf32>
  %n = accel.group_norm %r, %s, %zeros {groups = 4 : i64, epsilon = 1.0e-6 : f32} : (tensor<2x4x32xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x4x32xf32>
  %nb = accel.reshape %n : (tensor<2x4x32xf32>) -> tensor<2x8x4x4xf32>
  %nm = accel.elementwise mul %nb, %w : (tensor<2x8x4x4xf32>, tensor<8x1x1xf32>) -> tensor<2x8x4x4xf32>
  %ones = arith.constant dense<1.0> : tensor<4xf32>
  %g = accel.group_norm %r, %ones, %zeros {groups = 2 : i64, epsilon = 1.0e-6 : f32} : (tensor<2x4x32xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x4x32xf32>
  %gb = accel.reshape %g : (tensor<2x4x32xf32>) -> tensor<2x8x4x4xf32>
  %gm = accel.elementwise mul %gb, %w : (tensor<2x8x4x4xf32>, tensor<8x1x1xf32>) -> tensor<2x8x4x4xf32>
  return %lm, %nm, %gm : tensor<2x8x4x4xf32>, tensor<2x8x4x4xf32>, tensor<2x8x4x4xf32>
}
