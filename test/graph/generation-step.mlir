// -accel-generation-step (graph/transforms/GenerationStep.cpp): a decoding
// step of a decoder with past as a generation program runs it. Each past
// argument that a concat with the step's rows returns as the present
// becomes the whole cache (max-length rows, `accel.kv_cache`), the concat
// an accel.cache_write at a new last argument's position, the logits the
// greedy token of the last position; then -accel-plan-memory places the
// caches first, and each cache_write's result where its cache lies, with
// the cache's strides (the attention reads the first 12 of 32 rows).
// RUN: accel-graph-opt -accel-generation-step=max-length=32 %s | FileCheck %s
// RUN: accel-graph-opt -accel-generation-step=max-length=32 -accel-plan-memory %s | FileCheck %s --check-prefix=PLAN
// RUN: not accel-graph-opt -accel-generation-step=max-length=11 %s 2>&1 | FileCheck %s --check-prefix=SHORT

// CHECK-LABEL: func.func @decode_step
// CHECK-SAME: (%arg0: tensor<1x4x1x16xf32>, %arg1: tensor<1x2x32x16xf32> {accel.kv_cache}, %arg2: tensor<1x2x32x16xf32> {accel.kv_cache}, %arg3: tensor<1x2x1x16xf32>, %arg4: tensor<1x2x1x16xf32>, %arg5: tensor<1x1x1x12xf32>, %arg6: tensor<1x1x64xf32>, %arg7: tensor<1xi64>) -> tensor<1x1xi64>
// CHECK-NEXT: %[[K:.*]] = accel.cache_write %arg3 into %arg1 at %arg7 {axis = 2 : i64} : (tensor<1x2x32x16xf32>, tensor<1x2x1x16xf32>, tensor<1xi64>) -> tensor<1x2x12x16xf32>
// CHECK-NEXT: %[[V:.*]] = accel.cache_write %arg4 into %arg2 at %arg7 {axis = 2 : i64} : (tensor<1x2x32x16xf32>, tensor<1x2x1x16xf32>, tensor<1xi64>) -> tensor<1x2x12x16xf32>
// CHECK-NEXT: accel.attention %arg0, %[[K]], %[[V]], %arg5
// CHECK: %[[LAST:.*]] = accel.slice %arg6 {starts = array<i64: 0, 0, 0>, steps = array<i64: 1, 1, 1>} : (tensor<1x1x64xf32>) -> tensor<1x1x64xf32>
// CHECK-NEXT: %[[TOKEN:.*]] = accel.argreduce %[[LAST]] {axis = 2 : i64, is_min = false, keepdims = false, select_last_index = false} : (tensor<1x1x64xf32>) -> tensor<1x1xi64>
// CHECK-NEXT: return %[[TOKEN]] : tensor<1x1xi64>
// CHECK-NOT: accel.concat

// PLAN-LABEL: func.func @decode_step
// PLAN-SAME: accel.arg_offsets = array<i64: {{[0-9]+}}, 0, 4096,
// PLAN: accel.cache_write %arg3 into %arg1 at %arg7 {accel.offset = 0 : i64, accel.strides = array<i64: 1024, 512, 16, 1>, axis = 2 : i64}
// PLAN-NEXT: accel.cache_write %arg4 into %arg2 at %arg7 {accel.offset = 4096 : i64, accel.strides = array<i64: 1024, 512, 16, 1>, axis = 2 : i64}

// SHORT: error: appends to a past of 12 rows in all, more than the cache's 11
func.func @decode_step(%q: tensor<1x4x1x16xf32>, %pk: tensor<1x2x11x16xf32>, %pv: tensor<1x2x11x16xf32>, %k: tensor<1x2x1x16xf32>, %v: tensor<1x2x1x16xf32>, %m: tensor<1x1x1x12xf32>, %logits: tensor<1x1x64xf32>) -> (tensor<1x1x64xf32>, tensor<1x2x12x16xf32>, tensor<1x2x12x16xf32>, tensor<1x4x1x16xf32>) {
  %0 = accel.concat %pk, %k {axis = 2 : i64} : (tensor<1x2x11x16xf32>, tensor<1x2x1x16xf32>) -> tensor<1x2x12x16xf32>
  %1 = accel.concat %pv, %v {axis = 2 : i64} : (tensor<1x2x11x16xf32>, tensor<1x2x1x16xf32>) -> tensor<1x2x12x16xf32>
  %2 = accel.attention %q, %0, %1, %m {scale = 0.25 : f32} : (tensor<1x4x1x16xf32>, tensor<1x2x12x16xf32>, tensor<1x2x12x16xf32>, tensor<1x1x1x12xf32>) -> tensor<1x4x1x16xf32>
  return %logits, %0, %1, %2 : tensor<1x1x64xf32>, tensor<1x2x12x16xf32>, tensor<1x2x12x16xf32>, tensor<1x4x1x16xf32>
}
