// -accel-fuse-rope (graph/transforms/FuseRope.cpp): HuggingFace's
// apply_rotary_pos_emb as exported, x * cos + concat(-x[..., D/2:],
// x[..., :D/2]) * sin, becomes one accel.rope; anything else stays as it
// is. -accel-fuse does the same (the Llama export: torch-models.test).
// RUN: accel-graph-opt -accel-fuse-rope %s | FileCheck %s
// RUN: accel-graph-opt -accel-fuse %s | FileCheck %s --check-prefix=FUSE

// The exported order: slice of the upper half, neg, slice of the lower
// half, concat, x * cos, rotated * sin, add; q's 4 heads and k's 2 with
// the same tables.
// CHECK-LABEL: func.func @rope_q_k
// CHECK-NEXT: %[[Q:.*]] = accel.rope %arg0, %arg2, %arg3 : (tensor<1x4x8x16xf32>, tensor<1x1x8x16xf32>, tensor<1x1x8x16xf32>) -> tensor<1x4x8x16xf32>
// CHECK-NEXT: %[[K:.*]] = accel.rope %arg1, %arg2, %arg3 : (tensor<1x2x8x16xf32>, tensor<1x1x8x16xf32>, tensor<1x1x8x16xf32>) -> tensor<1x2x8x16xf32>
// CHECK-NEXT: return %[[Q]], %[[K]]
// FUSE-LABEL: func.func @rope_q_k
// FUSE-NEXT: accel.rope %arg0, %arg2, %arg3
// FUSE-NEXT: accel.rope %arg1, %arg2, %arg3
// FUSE-NEXT: return
func.func @rope_q_k(%q: tensor<1x4x8x16xf32>, %k: tensor<1x2x8x16xf32>, %cos: tensor<1x1x8x16xf32>, %sin: tensor<1x1x8x16xf32>) -> (tensor<1x4x8x16xf32>, tensor<1x2x8x16xf32>) {
  %0 = accel.elementwise mul %q, %cos : (tensor<1x4x8x16xf32>, tensor<1x1x8x16xf32>) -> tensor<1x4x8x16xf32>
  %1 = accel.slice %q {starts = array<i64: 0, 0, 0, 8>, steps = array<i64: 1, 1, 1, 1>} : (tensor<1x4x8x16xf32>) -> tensor<1x4x8x8xf32>
  %2 = accel.elementwise neg %1 : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %3 = accel.slice %q {starts = array<i64: 0, 0, 0, 0>, steps = array<i64: 1, 1, 1, 1>} : (tensor<1x4x8x16xf32>) -> tensor<1x4x8x8xf32>
  %4 = accel.concat %2, %3 {axis = 3 : i64} : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) -> tensor<1x4x8x16xf32>
  %5 = accel.elementwise mul %4, %sin : (tensor<1x4x8x16xf32>, tensor<1x1x8x16xf32>) -> tensor<1x4x8x16xf32>
  %6 = accel.elementwise add %0, %5 : (tensor<1x4x8x16xf32>, tensor<1x4x8x16xf32>) -> tensor<1x4x8x16xf32>
  %10 = accel.elementwise mul %k, %cos : (tensor<1x2x8x16xf32>, tensor<1x1x8x16xf32>) -> tensor<1x2x8x16xf32>
  %11 = accel.slice %k {starts = array<i64: 0, 0, 0, 8>, steps = array<i64: 1, 1, 1, 1>} : (tensor<1x2x8x16xf32>) -> tensor<1x2x8x8xf32>
  %12 = accel.elementwise neg %11 : (tensor<1x2x8x8xf32>) -> tensor<1x2x8x8xf32>
  %13 = accel.slice %k {starts = array<i64: 0, 0, 0, 0>, steps = array<i64: 1, 1, 1, 1>} : (tensor<1x2x8x16xf32>) -> tensor<1x2x8x8xf32>
  %14 = accel.concat %12, %13 {axis = 3 : i64} : (tensor<1x2x8x8xf32>, tensor<1x2x8x8xf32>) -> tensor<1x2x8x16xf32>
  %15 = accel.elementwise mul %14, %sin : (tensor<1x2x8x16xf32>, tensor<1x1x8x16xf32>) -> tensor<1x2x8x16xf32>
  %16 = accel.elementwise add %10, %15 : (tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>) -> tensor<1x2x8x16xf32>
  return %6, %16 : tensor<1x4x8x16xf32>, tensor<1x2x8x16xf32>
}

// The Muls' and the Add's operands the other way round (they round
// alike); 2-D tables [S, D] broadcast over batch and heads.
// CHECK-LABEL: func.func @rope_commuted
// CHECK-NEXT: %[[R:.*]] = accel.rope %arg0, %arg1, %arg2 : (tensor<2x3x8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<2x3x8x16xf32>
// CHECK-NEXT: return %[[R]]
func.func @rope_commuted(%x: tensor<2x3x8x16xf32>, %cos: tensor<8x16xf32>, %sin: tensor<8x16xf32>) -> tensor<2x3x8x16xf32> {
  %1 = accel.slice %x {starts = array<i64: 0, 0, 0, 8>, steps = array<i64: 1, 1, 1, 1>} : (tensor<2x3x8x16xf32>) -> tensor<2x3x8x8xf32>
  %2 = accel.elementwise neg %1 : (tensor<2x3x8x8xf32>) -> tensor<2x3x8x8xf32>
  %3 = accel.slice %x {starts = array<i64: 0, 0, 0, 0>, steps = array<i64: 1, 1, 1, 1>} : (tensor<2x3x8x16xf32>) -> tensor<2x3x8x8xf32>
  %4 = accel.concat %2, %3 {axis = 3 : i64} : (tensor<2x3x8x8xf32>, tensor<2x3x8x8xf32>) -> tensor<2x3x8x16xf32>
  %5 = accel.elementwise mul %sin, %4 : (tensor<8x16xf32>, tensor<2x3x8x16xf32>) -> tensor<2x3x8x16xf32>
  %0 = accel.elementwise mul %cos, %x : (tensor<8x16xf32>, tensor<2x3x8x16xf32>) -> tensor<2x3x8x16xf32>
  %6 = accel.elementwise add %5, %0 : (tensor<2x3x8x16xf32>, tensor<2x3x8x16xf32>) -> tensor<2x3x8x16xf32>
  return %6 : tensor<2x3x8x16xf32>
}

// cos and sin exchanged: x * sin + rotate_half(x) * cos is a rotation by
// other tables, and accel.rope computes it with the tables in those roles
// (its cos operand is what multiplies x).
// CHECK-LABEL: func.func @rope_tables_exchanged
// CHECK-NEXT: %[[R:.*]] = accel.rope %arg0, %arg2, %arg1 :
// CHECK-NEXT: return %[[R]]
func.func @rope_tables_exchanged(%x: tensor<1x2x4x8xf32>, %cos: tensor<1x1x4x8xf32>, %sin: tensor<1x1x4x8xf32>) -> tensor<1x2x4x8xf32> {
  %0 = accel.elementwise mul %x, %sin : (tensor<1x2x4x8xf32>, tensor<1x1x4x8xf32>) -> tensor<1x2x4x8xf32>
  %1 = accel.slice %x {starts = array<i64: 0, 0, 0, 4>, steps = array<i64: 1, 1, 1, 1>} : (tensor<1x2x4x8xf32>) -> tensor<1x2x4x4xf32>
  %2 = accel.elementwise neg %1 : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %3 = accel.slice %x {starts = array<i64: 0, 0, 0, 0>, steps = array<i64: 1, 1, 1, 1>} : (tensor<1x2x4x8xf32>) -> tensor<1x2x4x4xf32>
  %4 = accel.concat %2, %3 {axis = 3 : i64} : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x8xf32>
  %5 = accel.elementwise mul %4, %cos : (tensor<1x2x4x8xf32>, tensor<1x1x4x8xf32>) -> tensor<1x2x4x8xf32>
  %6 = accel.elementwise add %0, %5 : (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
  return %6 : tensor<1x2x4x8xf32>
}

// Left alone: the upper slice at 3 (not D/2); the concat's halves the
// other way round; the neg on the lower half; the direct term of another
// tensor; the rotated tensor also returned; tables broadcast along D
// ([.., 1]).
// CHECK-LABEL: func.func @wrong_slice_point
// CHECK-NOT: accel.rope
// CHECK: accel.slice %arg0 {starts = array<i64: 0, 0, 0, 3>
// CHECK: accel.elementwise add
func.func @wrong_slice_point(%x: tensor<1x2x4x8xf32>, %cos: tensor<1x1x4x8xf32>, %sin: tensor<1x1x4x8xf32>) -> tensor<1x2x4x8xf32> {
  %0 = accel.elementwise mul %x, %cos : (tensor<1x2x4x8xf32>, tensor<1x1x4x8xf32>) -> tensor<1x2x4x8xf32>
  %1 = accel.slice %x {starts = array<i64: 0, 0, 0, 3>, steps = array<i64: 1, 1, 1, 1>} : (tensor<1x2x4x8xf32>) -> tensor<1x2x4x4xf32>
  %2 = accel.elementwise neg %1 : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %3 = accel.slice %x {starts = array<i64: 0, 0, 0, 0>, steps = array<i64: 1, 1, 1, 1>} : (tensor<1x2x4x8xf32>) -> tensor<1x2x4x4xf32>
  %4 = accel.concat %2, %3 {axis = 3 : i64} : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x8xf32>
  %5 = accel.elementwise mul %4, %sin : (tensor<1x2x4x8xf32>, tensor<1x1x4x8xf32>) -> tensor<1x2x4x8xf32>
  %6 = accel.elementwise add %0, %5 : (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
  return %6 : tensor<1x2x4x8xf32>
}

// CHECK-LABEL: func.func @concat_swapped
// CHECK-NOT: accel.rope
// CHECK: accel.concat
// CHECK: accel.elementwise add
func.func @concat_swapped(%x: tensor<1x2x4x8xf32>, %cos: tensor<1x1x4x8xf32>, %sin: tensor<1x1x4x8xf32>) -> tensor<1x2x4x8xf32> {
  %0 = accel.elementwise mul %x, %cos : (tensor<1x2x4x8xf32>, tensor<1x1x4x8xf32>) -> tensor<1x2x4x8xf32>
  %1 = accel.slice %x {starts = array<i64: 0, 0, 0, 4>, steps = array<i64: 1, 1, 1, 1>} : (tensor<1x2x4x8xf32>) -> tensor<1x2x4x4xf32>
  %2 = accel.elementwise neg %1 : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %3 = accel.slice %x {starts = array<i64: 0, 0, 0, 0>, steps = array<i64: 1, 1, 1, 1>} : (tensor<1x2x4x8xf32>) -> tensor<1x2x4x4xf32>
  %4 = accel.concat %3, %2 {axis = 3 : i64} : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x8xf32>
  %5 = accel.elementwise mul %4, %sin : (tensor<1x2x4x8xf32>, tensor<1x1x4x8xf32>) -> tensor<1x2x4x8xf32>
  %6 = accel.elementwise add %0, %5 : (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
  return %6 : tensor<1x2x4x8xf32>
}

// CHECK-LABEL: func.func @neg_on_lower_half
// CHECK-NOT: accel.rope
// CHECK: accel.elementwise add
func.func @neg_on_lower_half(%x: tensor<1x2x4x8xf32>, %cos: tensor<1x1x4x8xf32>, %sin: tensor<1x1x4x8xf32>) -> tensor<1x2x4x8xf32> {
  %0 = accel.elementwise mul %x, %cos : (tensor<1x2x4x8xf32>, tensor<1x1x4x8xf32>) -> tensor<1x2x4x8xf32>
  %1 = accel.slice %x {starts = array<i64: 0, 0, 0, 0>, steps = array<i64: 1, 1, 1, 1>} : (tensor<1x2x4x8xf32>) -> tensor<1x2x4x4xf32>
  %2 = accel.elementwise neg %1 : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %3 = accel.slice %x {starts = array<i64: 0, 0, 0, 4>, steps = array<i64: 1, 1, 1, 1>} : (tensor<1x2x4x8xf32>) -> tensor<1x2x4x4xf32>
  %4 = accel.concat %2, %3 {axis = 3 : i64} : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x8xf32>
  %5 = accel.elementwise mul %4, %sin : (tensor<1x2x4x8xf32>, tensor<1x1x4x8xf32>) -> tensor<1x2x4x8xf32>
  %6 = accel.elementwise add %0, %5 : (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
  return %6 : tensor<1x2x4x8xf32>
}

// CHECK-LABEL: func.func @direct_term_of_another
// CHECK-NOT: accel.rope
// CHECK: accel.elementwise add
func.func @direct_term_of_another(%x: tensor<1x2x4x8xf32>, %y: tensor<1x2x4x8xf32>, %cos: tensor<1x1x4x8xf32>, %sin: tensor<1x1x4x8xf32>) -> tensor<1x2x4x8xf32> {
  %0 = accel.elementwise mul %y, %cos : (tensor<1x2x4x8xf32>, tensor<1x1x4x8xf32>) -> tensor<1x2x4x8xf32>
  %1 = accel.slice %x {starts = array<i64: 0, 0, 0, 4>, steps = array<i64: 1, 1, 1, 1>} : (tensor<1x2x4x8xf32>) -> tensor<1x2x4x4xf32>
  %2 = accel.elementwise neg %1 : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %3 = accel.slice %x {starts = array<i64: 0, 0, 0, 0>, steps = array<i64: 1, 1, 1, 1>} : (tensor<1x2x4x8xf32>) -> tensor<1x2x4x4xf32>
  %4 = accel.concat %2, %3 {axis = 3 : i64} : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x8xf32>
  %5 = accel.elementwise mul %4, %sin : (tensor<1x2x4x8xf32>, tensor<1x1x4x8xf32>) -> tensor<1x2x4x8xf32>
  %6 = accel.elementwise add %0, %5 : (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
  return %6 : tensor<1x2x4x8xf32>
}

// CHECK-LABEL: func.func @rotated_read_twice
// CHECK-NOT: accel.rope
// CHECK: accel.elementwise add
func.func @rotated_read_twice(%x: tensor<1x2x4x8xf32>, %cos: tensor<1x1x4x8xf32>, %sin: tensor<1x1x4x8xf32>) -> (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>) {
  %0 = accel.elementwise mul %x, %cos : (tensor<1x2x4x8xf32>, tensor<1x1x4x8xf32>) -> tensor<1x2x4x8xf32>
  %1 = accel.slice %x {starts = array<i64: 0, 0, 0, 4>, steps = array<i64: 1, 1, 1, 1>} : (tensor<1x2x4x8xf32>) -> tensor<1x2x4x4xf32>
  %2 = accel.elementwise neg %1 : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %3 = accel.slice %x {starts = array<i64: 0, 0, 0, 0>, steps = array<i64: 1, 1, 1, 1>} : (tensor<1x2x4x8xf32>) -> tensor<1x2x4x4xf32>
  %4 = accel.concat %2, %3 {axis = 3 : i64} : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x8xf32>
  %5 = accel.elementwise mul %4, %sin : (tensor<1x2x4x8xf32>, tensor<1x1x4x8xf32>) -> tensor<1x2x4x8xf32>
  %6 = accel.elementwise add %0, %5 : (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
  return %6, %4 : tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>
}

// CHECK-LABEL: func.func @tables_broadcast_along_d
// CHECK-NOT: accel.rope
// CHECK: accel.elementwise add
// CHECK: return
func.func @tables_broadcast_along_d(%x: tensor<1x2x4x8xf32>, %cos: tensor<1x1x4x1xf32>, %sin: tensor<1x1x4x1xf32>) -> tensor<1x2x4x8xf32> {
  %0 = accel.elementwise mul %x, %cos : (tensor<1x2x4x8xf32>, tensor<1x1x4x1xf32>) -> tensor<1x2x4x8xf32>
  %1 = accel.slice %x {starts = array<i64: 0, 0, 0, 4>, steps = array<i64: 1, 1, 1, 1>} : (tensor<1x2x4x8xf32>) -> tensor<1x2x4x4xf32>
  %2 = accel.elementwise neg %1 : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %3 = accel.slice %x {starts = array<i64: 0, 0, 0, 0>, steps = array<i64: 1, 1, 1, 1>} : (tensor<1x2x4x8xf32>) -> tensor<1x2x4x4xf32>
  %4 = accel.concat %2, %3 {axis = 3 : i64} : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x8xf32>
  %5 = accel.elementwise mul %4, %sin : (tensor<1x2x4x8xf32>, tensor<1x1x4x1xf32>) -> tensor<1x2x4x8xf32>
  %6 = accel.elementwise add %0, %5 : (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
  return %6 : tensor<1x2x4x8xf32>
}
