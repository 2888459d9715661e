// -accel-generation-step's refusals, each one line naming what is wrong,
// and accel.cache_write's verifier (VerifyCacheWrite.cpp).
// RUN: accel-graph-opt -accel-generation-step=max-length=32 %s -split-input-file -verify-diagnostics

// No past that a concat returns as the present: not a decoder with past.
// expected-error @+1 {{has no past key or value argument that a concat with the step's rows returns as the present}}
func.func @no_cache(%x: tensor<1x1x64xf32>) -> tensor<1x1x64xf32> {
  return %x : tensor<1x1x64xf32>
}

// -----

// The present read by a transpose, which would make it a view of a
// contiguous value, not of the cache's rows.
func.func @transposed_present(%pk: tensor<1x2x11x16xf32>, %k: tensor<1x2x1x16xf32>, %logits: tensor<1x1x64xf32>) -> (tensor<1x1x64xf32>, tensor<1x2x12x16xf32>, tensor<1x2x16x12xf32>) {
  %0 = accel.concat %pk, %k {axis = 2 : i64} : (tensor<1x2x11x16xf32>, tensor<1x2x1x16xf32>) -> tensor<1x2x12x16xf32>
  // expected-error @+1 {{reads the KV cache's present as 'accel.transpose', which cannot take it where it lies in the cache}}
  %1 = accel.transpose %0 {perm = array<i64: 0, 1, 3, 2>} : (tensor<1x2x12x16xf32>) -> tensor<1x2x16x12xf32>
  return %logits, %0, %1 : tensor<1x1x64xf32>, tensor<1x2x12x16xf32>, tensor<1x2x16x12xf32>
}

// -----

// Logits that are not [batch, sequence, vocabulary].
// expected-error @+1 {{must return the logits [batch, sequence, vocabulary] (f32) first}}
func.func @no_logits(%pk: tensor<1x2x11x16xf32>, %k: tensor<1x2x1x16xf32>) -> tensor<1x2x12x16xf32> {
  %0 = accel.concat %pk, %k {axis = 2 : i64} : (tensor<1x2x11x16xf32>, tensor<1x2x1x16xf32>) -> tensor<1x2x12x16xf32>
  return %0 : tensor<1x2x12x16xf32>
}

// -----

func.func @cache_write_rows(%c: tensor<1x2x8x16xf32>, %u: tensor<1x2x1x16xf32>, %p: tensor<1xi64>) -> tensor<1x2x9x16xf32> {
  // expected-error @+1 {{'accel.cache_write' op needs update rows <= result rows <= cache rows along axis, not 1, 9, 8}}
  %0 = accel.cache_write %u into %c at %p {axis = 2 : i64} : (tensor<1x2x8x16xf32>, tensor<1x2x1x16xf32>, tensor<1xi64>) -> tensor<1x2x9x16xf32>
  return %0 : tensor<1x2x9x16xf32>
}

// -----

func.func @cache_write_heads(%c: tensor<1x2x8x16xf32>, %u: tensor<1x4x1x16xf32>, %p: tensor<1xi64>) -> tensor<1x2x4x16xf32> {
  // expected-error @+1 {{'accel.cache_write' op dimension 1 differs between the cache, the update and the result}}
  %0 = accel.cache_write %u into %c at %p {axis = 2 : i64} : (tensor<1x2x8x16xf32>, tensor<1x4x1x16xf32>, tensor<1xi64>) -> tensor<1x2x4x16xf32>
  return %0 : tensor<1x2x4x16xf32>
}

// -----

func.func @cache_write_position(%c: tensor<1x2x8x16xf32>, %u: tensor<1x2x1x16xf32>, %p: tensor<1xi32>) -> tensor<1x2x4x16xf32> {
  // expected-error @+1 {{'accel.cache_write' op position must be one int64}}
  %0 = accel.cache_write %u into %c at %p {axis = 2 : i64} : (tensor<1x2x8x16xf32>, tensor<1x2x1x16xf32>, tensor<1xi32>) -> tensor<1x2x4x16xf32>
  return %0 : tensor<1x2x4x16xf32>
}
