// accel.attention's verifier on grouped-query attention (k's and v's
// heads, the last batch dimension, a divisor of q's) and the causal
// attribute's round trip.
// RUN: accel-graph-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// Four query heads over two k/v heads, causal with a padding mask.
// CHECK-LABEL: func.func @gqa
// CHECK: accel.attention %arg0, %arg1, %arg2, %arg3 {causal, scale = 1.250000e-01 : f32} : (tensor<2x4x8x16xf32>, tensor<2x2x8x16xf32>, tensor<2x2x8x16xf32>, tensor<2x1x1x8xf32>) -> tensor<2x4x8x16xf32>
func.func @gqa(%q: tensor<2x4x8x16xf32>, %k: tensor<2x2x8x16xf32>, %v: tensor<2x2x8x16xf32>, %m: tensor<2x1x1x8xf32>) -> tensor<2x4x8x16xf32> {
  %0 = accel.attention %q, %k, %v, %m {causal, scale = 0.125 : f32} : (tensor<2x4x8x16xf32>, tensor<2x2x8x16xf32>, tensor<2x2x8x16xf32>, tensor<2x1x1x8xf32>) -> tensor<2x4x8x16xf32>
  return %0 : tensor<2x4x8x16xf32>
}

// -----

func.func @kv_heads_not_dividing(%q: tensor<1x4x8x16xf32>, %k: tensor<1x3x8x16xf32>, %v: tensor<1x3x8x16xf32>) -> tensor<1x4x8x16xf32> {
  // expected-error @+1 {{'accel.attention' op q, k and v must have one rank (2 or more) and the same batch dimensions, but k's and v's heads may divide q's}}
  %0 = accel.attention %q, %k, %v {scale = 1.0 : f32} : (tensor<1x4x8x16xf32>, tensor<1x3x8x16xf32>, tensor<1x3x8x16xf32>) -> tensor<1x4x8x16xf32>
  return %0 : tensor<1x4x8x16xf32>
}

// -----

func.func @v_heads_not_k_heads(%q: tensor<1x4x8x16xf32>, %k: tensor<1x2x8x16xf32>, %v: tensor<1x4x8x16xf32>) -> tensor<1x4x8x16xf32> {
  // expected-error @+1 {{'accel.attention' op q, k and v must have one rank}}
  %0 = accel.attention %q, %k, %v {scale = 1.0 : f32} : (tensor<1x4x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x4x8x16xf32>) -> tensor<1x4x8x16xf32>
  return %0 : tensor<1x4x8x16xf32>
}

// -----

// Only the heads may differ: here the batch does.
func.func @kv_batch(%q: tensor<2x4x8x16xf32>, %k: tensor<1x4x8x16xf32>, %v: tensor<1x4x8x16xf32>) -> tensor<2x4x8x16xf32> {
  // expected-error @+1 {{'accel.attention' op q, k and v must have one rank}}
  %0 = accel.attention %q, %k, %v {scale = 1.0 : f32} : (tensor<2x4x8x16xf32>, tensor<1x4x8x16xf32>, tensor<1x4x8x16xf32>) -> tensor<2x4x8x16xf32>
  return %0 : tensor<2x4x8x16xf32>
}
