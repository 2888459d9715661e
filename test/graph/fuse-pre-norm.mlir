// -accel-fuse-pre-norm (graph/transforms/FusePreNorm.cpp): a pre-norm
// layer's residual add, read by a norm and again by something else (the
// next residual add), becomes that norm's input and residual; the norm's
// result is [2, its dims], the sum and then the normalized sum, which
// slices on the leading axis give to the readers. Anything else is left
// as it is.
// RUN: accel-graph-opt -accel-fuse-pre-norm %s | FileCheck %s
// The whole fusion: the last layer's add, which only the decomposed
// RMSNorm reads, is -accel-fuse-norms' residual, not a sum written.
// RUN: accel-graph-opt -accel-fuse %s | FileCheck %s --check-prefix=ALL

// LLaMA's: x1 = x + h1; rms_norm(x1); x2 = x1 + h2.
// CHECK-LABEL: func.func @rms_pre_norm
// CHECK-SAME: (%[[X:.*]]: tensor<1x4x8xf32>, %[[H1:.*]]: tensor<1x4x8xf32>, %[[H2:.*]]: tensor<1x4x8xf32>, %[[W:.*]]: tensor<8xf32>)
// CHECK-NEXT: %[[F:.*]] = accel.rms_norm %[[X]] residual %[[H1]], %[[W]] {epsilon = 9.99999997E-7 : f32} : (tensor<1x4x8xf32>, tensor<1x4x8xf32>, tensor<8xf32>) -> tensor<2x1x4x8xf32>
// CHECK-NEXT: %[[S0:.*]] = accel.slice %[[F]] {starts = array<i64: 0, 0, 0, 0>, steps = array<i64: 1, 1, 1, 1>} : (tensor<2x1x4x8xf32>) -> tensor<1x1x4x8xf32>
// CHECK-NEXT: %[[SUM:.*]] = accel.reshape %[[S0]] : (tensor<1x1x4x8xf32>) -> tensor<1x4x8xf32>
// CHECK-NEXT: %[[S1:.*]] = accel.slice %[[F]] {starts = array<i64: 1, 0, 0, 0>, steps = array<i64: 1, 1, 1, 1>} : (tensor<2x1x4x8xf32>) -> tensor<1x1x4x8xf32>
// CHECK-NEXT: %[[N:.*]] = accel.reshape %[[S1]] : (tensor<1x1x4x8xf32>) -> tensor<1x4x8xf32>
// CHECK-NEXT: %[[X2:.*]] = accel.elementwise add %[[SUM]], %[[H2]]
// CHECK-NEXT: return %[[N]], %[[X2]]
func.func @rms_pre_norm(%x: tensor<1x4x8xf32>, %h1: tensor<1x4x8xf32>, %h2: tensor<1x4x8xf32>, %w: tensor<8xf32>) -> (tensor<1x4x8xf32>, tensor<1x4x8xf32>) {
  %x1 = accel.elementwise add %x, %h1 : (tensor<1x4x8xf32>, tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
  %n = accel.rms_norm %x1, %w {epsilon = 1.0e-6 : f32} : (tensor<1x4x8xf32>, tensor<8xf32>) -> tensor<1x4x8xf32>
  %x2 = accel.elementwise add %x1, %h2 : (tensor<1x4x8xf32>, tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
  return %n, %x2 : tensor<1x4x8xf32>, tensor<1x4x8xf32>
}

// nn.TransformerEncoderLayer(norm_first=True): LayerNorm over the last
// dimension with scale and shift; two layers in a row, the second's
// input the first's sum. The sum's other reader may come before the
// norm: the fused norm takes the add's place.
// CHECK-LABEL: func.func @layer_norm_two_layers
// CHECK-SAME: (%[[X:.*]]: tensor<17x96xf32>, %[[H1:.*]]: tensor<17x96xf32>, %[[H2:.*]]: tensor<17x96xf32>, %[[G:.*]]: tensor<96xf32>, %[[B:.*]]: tensor<96xf32>)
// CHECK-NEXT: %[[F1:.*]] = accel.layernorm %[[X]] residual %[[H1]], %[[G]], %[[B]] {axis = 1 : i64, epsilon = 9.99999974E-6 : f32} : (tensor<17x96xf32>, tensor<17x96xf32>, tensor<96xf32>, tensor<96xf32>) -> tensor<2x17x96xf32>
// CHECK-NEXT: %[[S0:.*]] = accel.slice %[[F1]] {starts = array<i64: 0, 0, 0>
// CHECK-NEXT: %[[SUM1:.*]] = accel.reshape %[[S0]] : (tensor<1x17x96xf32>) -> tensor<17x96xf32>
// CHECK-NEXT: %[[S1:.*]] = accel.slice %[[F1]] {starts = array<i64: 1, 0, 0>
// CHECK-NEXT: %[[N1:.*]] = accel.reshape %[[S1]] : (tensor<1x17x96xf32>) -> tensor<17x96xf32>
// CHECK-NEXT: %[[EARLY:.*]] = accel.elementwise mul %[[SUM1]], %[[SUM1]]
// CHECK-NEXT: %[[F2:.*]] = accel.layernorm %[[SUM1]] residual %[[H2]], %[[G]], %[[B]] {axis = 1 : i64, epsilon = 9.99999974E-6 : f32} : ({{.*}}) -> tensor<2x17x96xf32>
// CHECK-NEXT: %[[T0:.*]] = accel.slice %[[F2]] {starts = array<i64: 0, 0, 0>
// CHECK-NEXT: %[[SUM2:.*]] = accel.reshape %[[T0]]
// CHECK-NEXT: %[[T1:.*]] = accel.slice %[[F2]] {starts = array<i64: 1, 0, 0>
// CHECK-NEXT: %[[N2:.*]] = accel.reshape %[[T1]]
// CHECK-NOT: accel.elementwise add
// CHECK: return %[[N1]], %[[N2]], %[[SUM2]], %[[EARLY]]
func.func @layer_norm_two_layers(%x: tensor<17x96xf32>, %h1: tensor<17x96xf32>, %h2: tensor<17x96xf32>, %g: tensor<96xf32>, %b: tensor<96xf32>) -> (tensor<17x96xf32>, tensor<17x96xf32>, tensor<17x96xf32>, tensor<17x96xf32>) {
  %x1 = accel.elementwise add %x, %h1 : (tensor<17x96xf32>, tensor<17x96xf32>) -> tensor<17x96xf32>
  %early = accel.elementwise mul %x1, %x1 : (tensor<17x96xf32>, tensor<17x96xf32>) -> tensor<17x96xf32>
  %n1 = accel.layernorm %x1, %g, %b {axis = 1 : i64, epsilon = 1.0e-5 : f32} : (tensor<17x96xf32>, tensor<96xf32>, tensor<96xf32>) -> tensor<17x96xf32>
  %x2 = accel.elementwise add %x1, %h2 : (tensor<17x96xf32>, tensor<17x96xf32>) -> tensor<17x96xf32>
  %n2 = accel.layernorm %x2, %g, %b {axis = 1 : i64, epsilon = 1.0e-5 : f32} : (tensor<17x96xf32>, tensor<96xf32>, tensor<96xf32>) -> tensor<17x96xf32>
  return %n1, %n2, %x2, %early : tensor<17x96xf32>, tensor<17x96xf32>, tensor<17x96xf32>, tensor<17x96xf32>
}

// A position embedding without the batch dimension ([4, 8] to x's
// [1, 4, 8]: the same elements) added before the first layer's norm: the
// norm's residual through a reshape.
// CHECK-LABEL: func.func @position_embedding
// CHECK-SAME: (%[[X:.*]]: tensor<1x4x8xf32>, %[[P:.*]]: tensor<4x8xf32>, %[[G:.*]]: tensor<8xf32>, %[[B:.*]]: tensor<8xf32>)
// CHECK-NEXT: %[[PR:.*]] = accel.reshape %[[P]] : (tensor<4x8xf32>) -> tensor<1x4x8xf32>
// CHECK-NEXT: %[[F:.*]] = accel.layernorm %[[X]] residual %[[PR]], %[[G]], %[[B]] {axis = 2 : i64, {{.*}} -> tensor<2x1x4x8xf32>
func.func @position_embedding(%x: tensor<1x4x8xf32>, %p: tensor<4x8xf32>, %g: tensor<8xf32>, %b: tensor<8xf32>) -> (tensor<1x4x8xf32>, tensor<1x4x8xf32>) {
  %s = accel.elementwise add %x, %p : (tensor<1x4x8xf32>, tensor<4x8xf32>) -> tensor<1x4x8xf32>
  %n = accel.layernorm %s, %g, %b {axis = 2 : i64, epsilon = 1.0e-5 : f32} : (tensor<1x4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<1x4x8xf32>
  return %n, %s : tensor<1x4x8xf32>, tensor<1x4x8xf32>
}

// The sum read by the norm alone: not this pass's (-accel-fuse-norms
// makes it the norm's residual, the sum never written).
// CHECK-LABEL: func.func @sum_not_reused
// CHECK-NEXT: %[[A:.*]] = accel.elementwise add
// CHECK-NEXT: %[[N:.*]] = accel.rms_norm %[[A]], %{{.*}} : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[N]]
func.func @sum_not_reused(%x: tensor<4x8xf32>, %h: tensor<4x8xf32>, %w: tensor<8xf32>) -> tensor<4x8xf32> {
  %s = accel.elementwise add %x, %h : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %n = accel.rms_norm %s, %w {epsilon = 1.0e-6 : f32} : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %n : tensor<4x8xf32>
}

// A layer norm over the last two dimensions (another axis than the
// last), a broadcast add (a bias, not a residual), and a norm that
// already has a residual: left alone.
// CHECK-LABEL: func.func @not_matched
// CHECK-NEXT: %[[S:.*]] = accel.elementwise add
// CHECK-NEXT: accel.layernorm %[[S]], %{{.*}} {axis = 1 : i64
// CHECK-NEXT: %[[SB:.*]] = accel.elementwise add
// CHECK-NEXT: accel.rms_norm %[[SB]], %{{.*}} {epsilon
// CHECK-NEXT: %[[SR:.*]] = accel.elementwise add
// CHECK-NEXT: accel.rms_norm %[[SR]] residual
// CHECK-NOT: accel.slice
// CHECK: return
func.func @not_matched(%x: tensor<2x4x8xf32>, %h: tensor<2x4x8xf32>, %g: tensor<4x8xf32>, %bias: tensor<8xf32>, %w: tensor<8xf32>) -> (tensor<2x4x8xf32>, tensor<2x4x8xf32>, tensor<2x4x8xf32>, tensor<2x4x8xf32>, tensor<2x4x8xf32>, tensor<2x4x8xf32>) {
  %s = accel.elementwise add %x, %h : (tensor<2x4x8xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  %n = accel.layernorm %s, %g {axis = 1 : i64, epsilon = 1.0e-5 : f32} : (tensor<2x4x8xf32>, tensor<4x8xf32>) -> tensor<2x4x8xf32>
  %sb = accel.elementwise add %x, %bias : (tensor<2x4x8xf32>, tensor<8xf32>) -> tensor<2x4x8xf32>
  %nb = accel.rms_norm %sb, %w {epsilon = 1.0e-6 : f32} : (tensor<2x4x8xf32>, tensor<8xf32>) -> tensor<2x4x8xf32>
  %sr = accel.elementwise add %x, %x : (tensor<2x4x8xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  %nr = accel.rms_norm %sr residual %h, %w {epsilon = 1.0e-6 : f32} : (tensor<2x4x8xf32>, tensor<2x4x8xf32>, tensor<8xf32>) -> tensor<2x4x8xf32>
  return %n, %s, %nb, %sb, %nr, %sr : tensor<2x4x8xf32>, tensor<2x4x8xf32>, tensor<2x4x8xf32>, tensor<2x4x8xf32>, tensor<2x4x8xf32>, tensor<2x4x8xf32>
}

// A pre-norm stack's end as PyTorch exports it: layer 1's sum is read by
// the decomposed RMSNorm and the last residual add; the last sum only by
// the final decomposed RMSNorm, whose pieces, until erased, read it too.
// ALL-LABEL: func.func @decomposed_stack_end
// ALL: %[[F:.*]] = accel.rms_norm %{{.*}} residual %{{.*}} -> tensor<2x1x4x8xf32>
// ALL: %[[N:.*]] = accel.rms_norm %{{.*}} residual %{{.*}} -> tensor<1x4x8xf32>
// ALL-NOT: accel.elementwise
// ALL: return
func.func @decomposed_stack_end(%x: tensor<1x4x8xf32>, %h1: tensor<1x4x8xf32>, %h2: tensor<1x4x8xf32>) -> (tensor<1x4x8xf32>, tensor<1x4x8xf32>) {
  %two = arith.constant dense<2.0> : tensor<f32>
  %eps = arith.constant dense<1.0e-6> : tensor<f32>
  %one = arith.constant dense<1.0> : tensor<f32>
  %x1 = accel.elementwise add %x, %h1 : (tensor<1x4x8xf32>, tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
  %sq = accel.elementwise pow %x1, %two : (tensor<1x4x8xf32>, tensor<f32>) -> tensor<1x4x8xf32>
  %m = accel.reduce mean %sq {axes = array<i64: 2>, keepdims = true} : (tensor<1x4x8xf32>) -> tensor<1x4x1xf32>
  %a = accel.elementwise add %m, %eps : (tensor<1x4x1xf32>, tensor<f32>) -> tensor<1x4x1xf32>
  %s = accel.elementwise sqrt %a : (tensor<1x4x1xf32>) -> tensor<1x4x1xf32>
  %r = accel.elementwise div %one, %s : (tensor<f32>, tensor<1x4x1xf32>) -> tensor<1x4x1xf32>
  %n1 = accel.elementwise mul %x1, %r : (tensor<1x4x8xf32>, tensor<1x4x1xf32>) -> tensor<1x4x8xf32>
  %x2 = accel.elementwise add %x1, %h2 : (tensor<1x4x8xf32>, tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
  %sq2 = accel.elementwise pow %x2, %two : (tensor<1x4x8xf32>, tensor<f32>) -> tensor<1x4x8xf32>
  %m2 = accel.reduce mean %sq2 {axes = array<i64: 2>, keepdims = true} : (tensor<1x4x8xf32>) -> tensor<1x4x1xf32>
  %a2 = accel.elementwise add %m2, %eps : (tensor<1x4x1xf32>, tensor<f32>) -> tensor<1x4x1xf32>
  %s2 = accel.elementwise sqrt %a2 : (tensor<1x4x1xf32>) -> tensor<1x4x1xf32>
  %r2 = accel.elementwise div %one, %s2 : (tensor<f32>, tensor<1x4x1xf32>) -> tensor<1x4x1xf32>
  %n2 = accel.elementwise mul %x2, %r2 : (tensor<1x4x8xf32>, tensor<1x4x1xf32>) -> tensor<1x4x8xf32>
  return %n1, %n2 : tensor<1x4x8xf32>, tensor<1x4x8xf32>
}

// A norm writing the sum that nothing reads any more (its reader fused
// into something else): the norm alone, with its residual.
// CHECK-LABEL: func.func @unread_sum
// CHECK-SAME: (%[[X:.*]]: tensor<1x4x8xf32>, %[[H:.*]]: tensor<1x4x8xf32>, %[[W:.*]]: tensor<8xf32>)
// CHECK-NEXT: %[[N:.*]] = accel.rms_norm %[[X]] residual %[[H]], %[[W]] {epsilon = 9.99999997E-7 : f32} : (tensor<1x4x8xf32>, tensor<1x4x8xf32>, tensor<8xf32>) -> tensor<1x4x8xf32>
// CHECK-NOT: accel.slice
// CHECK: return
func.func @unread_sum(%x: tensor<1x4x8xf32>, %h: tensor<1x4x8xf32>, %w: tensor<8xf32>) -> tensor<1x4x8xf32> {
  %f = accel.rms_norm %x residual %h, %w {epsilon = 1.0e-6 : f32} : (tensor<1x4x8xf32>, tensor<1x4x8xf32>, tensor<8xf32>) -> tensor<2x1x4x8xf32>
  %s = accel.slice %f {starts = array<i64: 1, 0, 0, 0>, steps = array<i64: 1, 1, 1, 1>} : (tensor<2x1x4x8xf32>) -> tensor<1x1x4x8xf32>
  %n = accel.reshape %s : (tensor<1x1x4x8xf32>) -> tensor<1x4x8xf32>
  return %n : tensor<1x4x8xf32>
}
