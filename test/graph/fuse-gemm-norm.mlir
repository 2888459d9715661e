// -accel-fuse-gemm-norm (graph/transforms/Passes.td): a gemm read only by
// a layer norm as one accel.gemm_norm, a feed-forward block as one
// accel.mlp_norm.
// RUN: accel-graph-opt -accel-fuse-gemm-norm -canonicalize %s | FileCheck %s

// A gemm that only a layer norm reads (as its input or residual) joins
// it as accel.gemm_norm: through a reshape of its rows (a's rows reshaped
// the same way) and a transpose that keeps the last dimension (applied to
// a's rows too); a [1, N] bias as [N].
// CHECK-LABEL: func.func @gemm_norm
// CHECK-NEXT: %[[A:.*]] = accel.reshape %arg1 : (tensor<32x128xf32>) -> tensor<2x16x128xf32>
// CHECK-NEXT: %[[N:.*]] = accel.gemm_norm %[[A]], %arg2 bias %arg3 residual %arg0, %arg4, %arg5 {epsilon = 9.99999974E-6 : f32} : (tensor<2x16x128xf32>, tensor<128x64xf32>, tensor<64xf32>, tensor<2x16x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<2x16x64xf32>
// CHECK-NEXT: return %[[N]]
func.func @gemm_norm(%x: tensor<2x16x64xf32>, %a: tensor<32x128xf32>, %w: tensor<128x64xf32>, %c: tensor<64xf32>, %g: tensor<64xf32>, %h: tensor<64xf32>) -> tensor<2x16x64xf32> {
  %p = accel.gemm %a, %w, %c : (tensor<32x128xf32>, tensor<128x64xf32>, tensor<64xf32>) -> tensor<32x64xf32>
  %r = accel.reshape %p : (tensor<32x64xf32>) -> tensor<2x16x64xf32>
  %l = accel.layernorm %x residual %r, %g, %h {axis = 2, epsilon = 1.0e-5 : f32} : (tensor<2x16x64xf32>, tensor<2x16x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<2x16x64xf32>
  return %l : tensor<2x16x64xf32>
}

// CHECK-LABEL: func.func @gemm_norm_transposed
// CHECK-NEXT: %[[R:.*]] = accel.reshape %arg1 : (tensor<32x64xf32>) -> tensor<16x2x64xf32>
// CHECK-NEXT: %[[T:.*]] = accel.transpose %[[R]] {perm = array<i64: 1, 0, 2>} : (tensor<16x2x64xf32>) -> tensor<2x16x64xf32>
// CHECK-NEXT: %[[C:.*]] = accel.reshape %arg3 : (tensor<1x64xf32>) -> tensor<64xf32>
// CHECK-NEXT: %[[N:.*]] = accel.gemm_norm %[[T]], %arg2 bias %[[C]] residual %arg0, %arg4 {epsilon = 9.99999974E-6 : f32}
// CHECK-NEXT: return %[[N]]
func.func @gemm_norm_transposed(%x: tensor<2x16x64xf32>, %a: tensor<32x64xf32>, %w: tensor<64x64xf32>, %c: tensor<1x64xf32>, %g: tensor<64xf32>) -> tensor<2x16x64xf32> {
  %p = accel.gemm %a, %w, %c : (tensor<32x64xf32>, tensor<64x64xf32>, tensor<1x64xf32>) -> tensor<32x64xf32>
  %r = accel.reshape %p : (tensor<32x64xf32>) -> tensor<16x2x64xf32>
  %t = accel.transpose %r {perm = array<i64: 1, 0, 2>} : (tensor<16x2x64xf32>) -> tensor<2x16x64xf32>
  %l = accel.layernorm %t residual %x, %g {axis = 2, epsilon = 1.0e-5 : f32} : (tensor<2x16x64xf32>, tensor<2x16x64xf32>, tensor<64xf32>) -> tensor<2x16x64xf32>
  return %l : tensor<2x16x64xf32>
}

// Not fused: a gemm with an activation (the norm would see it applied),
// one something else reads too, one whose transpose moves the last
// dimension (the norm's lines would be the gemm's columns).
// CHECK-LABEL: func.func @gemm_norm_not
// CHECK-NEXT: accel.gemm %arg1, %arg2 {activation = #accel<activation relu>}
// CHECK-NEXT: accel.layernorm %arg0 residual
// CHECK-NEXT: accel.gemm %arg1, %arg2 :
// CHECK-NEXT: accel.layernorm %arg0 residual
// CHECK-NEXT: accel.gemm %arg1, %arg2 :
// CHECK-NEXT: accel.transpose
// CHECK-NEXT: accel.transpose
// CHECK-NEXT: accel.layernorm
// CHECK-NOT: gemm_norm
func.func @gemm_norm_not(%x: tensor<16x64xf32>, %a: tensor<16x64xf32>, %w: tensor<64x64xf32>, %g: tensor<64xf32>, %g16: tensor<16xf32>) -> (tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xf32>, tensor<64x16xf32>) {
  %p = accel.gemm %a, %w {activation = #accel<activation relu>} : (tensor<16x64xf32>, tensor<64x64xf32>) -> tensor<16x64xf32>
  %l = accel.layernorm %x residual %p, %g {axis = 1, epsilon = 1.0e-5 : f32} : (tensor<16x64xf32>, tensor<16x64xf32>, tensor<64xf32>) -> tensor<16x64xf32>
  %q = accel.gemm %a, %w : (tensor<16x64xf32>, tensor<64x64xf32>) -> tensor<16x64xf32>
  %m = accel.layernorm %x residual %q, %g {axis = 1, epsilon = 1.0e-5 : f32} : (tensor<16x64xf32>, tensor<16x64xf32>, tensor<64xf32>) -> tensor<16x64xf32>
  %u = accel.gemm %a, %w : (tensor<16x64xf32>, tensor<64x64xf32>) -> tensor<16x64xf32>
  %t = accel.transpose %u {perm = array<i64: 1, 0>} : (tensor<16x64xf32>) -> tensor<64x16xf32>
  %y = accel.transpose %x {perm = array<i64: 1, 0>} : (tensor<16x64xf32>) -> tensor<64x16xf32>
  %n = accel.layernorm %y residual %t, %g16 {axis = 1, epsilon = 1.0e-5 : f32} : (tensor<64x16xf32>, tensor<64x16xf32>, tensor<16xf32>) -> tensor<64x16xf32>
  return %l, %q, %m, %n : tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xf32>, tensor<64x16xf32>
}

// A feed-forward block: a gemm (bias, relu or the exact gelu) read only by
// a gemm_norm's a, through a reshape of its rows, joins it as
// accel.mlp_norm, x the first gemm's a reshaped the same way (here a
// reshape of a reshape: x itself).
// CHECK-LABEL: func.func @mlp_norm
// CHECK-NEXT: %[[M:.*]] = accel.mlp_norm %arg0, %arg1 bias %arg2, %arg3 bias %arg4 residual %arg0, %arg5, %arg6 {activation = #accel<activation relu>, epsilon = 9.99999974E-6 : f32} : (tensor<2x16x64xf32>, tensor<64x128xf32>, tensor<128xf32>, tensor<128x64xf32>, tensor<64xf32>, tensor<2x16x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<2x16x64xf32>
// CHECK-NEXT: return %[[M]]
func.func @mlp_norm(%x: tensor<2x16x64xf32>, %w1: tensor<64x128xf32>, %b1: tensor<128xf32>, %w2: tensor<128x64xf32>, %b2: tensor<64xf32>, %g: tensor<64xf32>, %h: tensor<64xf32>) -> tensor<2x16x64xf32> {
  %r0 = accel.reshape %x : (tensor<2x16x64xf32>) -> tensor<32x64xf32>
  %p = accel.gemm %r0, %w1, %b1 {activation = #accel<activation relu>} : (tensor<32x64xf32>, tensor<64x128xf32>, tensor<128xf32>) -> tensor<32x128xf32>
  %r1 = accel.reshape %p : (tensor<32x128xf32>) -> tensor<2x16x128xf32>
  %n = accel.gemm_norm %r1, %w2 bias %b2 residual %x, %g, %h {epsilon = 1.0e-5 : f32} : (tensor<2x16x128xf32>, tensor<128x64xf32>, tensor<64xf32>, tensor<2x16x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<2x16x64xf32>
  return %n : tensor<2x16x64xf32>
}

// Not fused: a clip between the layers (the kernel has relu and gelu), a
// block whose two weights pass 256 KiB (64 x 1024 and 1024 x 64), a first
// gemm something else reads too.
// CHECK-LABEL: func.func @mlp_norm_not
// CHECK-NEXT: accel.gemm %arg0, %arg1 {{.*}}activation = #accel<activation clip>
// CHECK-NEXT: accel.gemm_norm
// CHECK-NEXT: accel.gemm %arg0, %arg2 :
// CHECK-NEXT: accel.gemm_norm
// CHECK-NEXT: accel.gemm %arg0, %arg1 :
// CHECK-NEXT: accel.gemm_norm
// CHECK-NOT: mlp_norm
func.func @mlp_norm_not(%x: tensor<16x64xf32>, %w1: tensor<64x128xf32>, %w1b: tensor<64x1024xf32>, %w2: tensor<128x64xf32>, %w2b: tensor<1024x64xf32>, %g: tensor<64xf32>) -> (tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x128xf32>) {
  %p = accel.gemm %x, %w1 {activation = #accel<activation clip>, act_lo = 0.0 : f32, act_hi = 6.0 : f32} : (tensor<16x64xf32>, tensor<64x128xf32>) -> tensor<16x128xf32>
  %n = accel.gemm_norm %p, %w2 residual %x, %g {epsilon = 1.0e-5 : f32} : (tensor<16x128xf32>, tensor<128x64xf32>, tensor<16x64xf32>, tensor<64xf32>) -> tensor<16x64xf32>
  %q = accel.gemm %x, %w1b : (tensor<16x64xf32>, tensor<64x1024xf32>) -> tensor<16x1024xf32>
  %m = accel.gemm_norm %q, %w2b residual %x, %g {epsilon = 1.0e-5 : f32} : (tensor<16x1024xf32>, tensor<1024x64xf32>, tensor<16x64xf32>, tensor<64xf32>) -> tensor<16x64xf32>
  %u = accel.gemm %x, %w1 : (tensor<16x64xf32>, tensor<64x128xf32>) -> tensor<16x128xf32>
  %o = accel.gemm_norm %u, %w2 residual %x, %g {epsilon = 1.0e-5 : f32} : (tensor<16x128xf32>, tensor<128x64xf32>, tensor<16x64xf32>, tensor<64xf32>) -> tensor<16x64xf32>
  return %n, %m, %o, %u : tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x128xf32>
}
