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

// HuggingFace's tables computed at run time: cos(concat(f, f)) and
// sin(concat(f, f)) unsqueezed, read by ropes alone, become the half
// tables cos(f) and sin(f), and the concat goes.
// CHECK-LABEL: func.func @half_tables
// CHECK-NEXT: %[[C:.*]] = accel.elementwise cos %arg1 : (tensor<1x8x8xf32>) -> tensor<1x8x8xf32>
// CHECK-NEXT: %[[CR:.*]] = accel.reshape %[[C]] : (tensor<1x8x8xf32>) -> tensor<1x1x8x8xf32>
// CHECK-NEXT: %[[S:.*]] = accel.elementwise sin %arg1 : (tensor<1x8x8xf32>) -> tensor<1x8x8xf32>
// CHECK-NEXT: %[[SR:.*]] = accel.reshape %[[S]] : (tensor<1x8x8xf32>) -> tensor<1x1x8x8xf32>
// CHECK-NEXT: %[[R:.*]] = accel.rope %arg0, %[[CR]], %[[SR]] : (tensor<1x4x8x16xf32>, tensor<1x1x8x8xf32>, tensor<1x1x8x8xf32>) -> tensor<1x4x8x16xf32>
// CHECK-NEXT: return %[[R]]
func.func @half_tables(%x: tensor<1x4x8x16xf32>, %f: tensor<1x8x8xf32>) -> tensor<1x4x8x16xf32> {
  %e = accel.concat %f, %f {axis = 2 : i64} : (tensor<1x8x8xf32>, tensor<1x8x8xf32>) -> tensor<1x8x16xf32>
  %c = accel.elementwise cos %e : (tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  %cos = accel.reshape %c : (tensor<1x8x16xf32>) -> tensor<1x1x8x16xf32>
  %s = accel.elementwise sin %e : (tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  %sin = accel.reshape %s : (tensor<1x8x16xf32>) -> tensor<1x1x8x16xf32>
  %0 = accel.elementwise mul %x, %cos : (tensor<1x4x8x16xf32>, tensor<1x1x8x16xf32>) -> tensor<1x4x8x16xf32>
  %1 = accel.slice %x {starts = array<i64: 0, 0, 0, 8>, steps = array<i64: 1, 1, 1, 1>} : (tensor<1x4x8x16xf32>) -> tensor<1x4x8x8xf32>
  %2 = accel.elementwise neg %1 : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %3 = accel.slice %x {starts = array<i64: 0, 0, 0, 0>, steps = array<i64: 1, 1, 1, 1>} : (tensor<1x4x8x16xf32>) -> tensor<1x4x8x8xf32>
  %4 = accel.concat %2, %3 {axis = 3 : i64} : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) -> tensor<1x4x8x16xf32>
  %5 = accel.elementwise mul %4, %sin : (tensor<1x4x8x16xf32>, tensor<1x1x8x16xf32>) -> tensor<1x4x8x16xf32>
  %6 = accel.elementwise add %0, %5 : (tensor<1x4x8x16xf32>, tensor<1x4x8x16xf32>) -> tensor<1x4x8x16xf32>
  return %6 : tensor<1x4x8x16xf32>
}

// Full tables kept: a concat of two different halves; a table also read
// by something other than a rope.
// CHECK-LABEL: func.func @full_tables
// CHECK: accel.concat %arg1, %arg2 {axis = 2 : i64}
// CHECK: accel.rope %arg0, %{{.*}}, %{{.*}} : (tensor<1x4x8x16xf32>, tensor<1x1x8x16xf32>, tensor<1x1x8x16xf32>)
// CHECK: accel.concat %arg1, %arg1 {axis = 2 : i64}
// CHECK: accel.rope %arg0, %{{.*}}, %{{.*}} : (tensor<1x4x8x16xf32>, tensor<1x1x8x16xf32>, tensor<1x1x8x16xf32>)
func.func @full_tables(%x: tensor<1x4x8x16xf32>, %f: tensor<1x8x8xf32>, %g: tensor<1x8x8xf32>) -> (tensor<1x4x8x16xf32>, tensor<1x4x8x16xf32>, tensor<1x8x16xf32>) {
  %e = accel.concat %f, %g {axis = 2 : i64} : (tensor<1x8x8xf32>, tensor<1x8x8xf32>) -> tensor<1x8x16xf32>
  %c = accel.elementwise cos %e : (tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  %cos = accel.reshape %c : (tensor<1x8x16xf32>) -> tensor<1x1x8x16xf32>
  %s = accel.elementwise sin %e : (tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  %sin = accel.reshape %s : (tensor<1x8x16xf32>) -> tensor<1x1x8x16xf32>
  %0 = accel.elementwise mul %x, %cos : (tensor<1x4x8x16xf32>, tensor<1x1x8x16xf32>) -> tensor<1x4x8x16xf32>
  %1 = accel.slice %x {starts = array<i64: 0, 0, 0, 8>, steps = array<i64: 1, 1, 1, 1>} : (tensor<1x4x8x16xf32>) -> tensor<1x4x8x8xf32>
  %2 = accel.elementwise neg %1 : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %3 = accel.slice %x {starts = array<i64: 0, 0, 0, 0>, steps = array<i64: 1, 1, 1, 1>} : (tensor<1x4x8x16xf32>) -> tensor<1x4x8x8xf32>
  %4 = accel.concat %2, %3 {axis = 3 : i64} : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) -> tensor<1x4x8x16xf32>
  %5 = accel.elementwise mul %4, %sin : (tensor<1x4x8x16xf32>, tensor<1x1x8x16xf32>) -> tensor<1x4x8x16xf32>
  %6 = accel.elementwise add %0, %5 : (tensor<1x4x8x16xf32>, tensor<1x4x8x16xf32>) -> tensor<1x4x8x16xf32>
  %e2 = accel.concat %f, %f {axis = 2 : i64} : (tensor<1x8x8xf32>, tensor<1x8x8xf32>) -> tensor<1x8x16xf32>
  %c2 = accel.elementwise cos %e2 : (tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  %cos2 = accel.reshape %c2 : (tensor<1x8x16xf32>) -> tensor<1x1x8x16xf32>
  %s2 = accel.elementwise sin %e2 : (tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  %sin2 = accel.reshape %s2 : (tensor<1x8x16xf32>) -> tensor<1x1x8x16xf32>
  %10 = accel.elementwise mul %x, %cos2 : (tensor<1x4x8x16xf32>, tensor<1x1x8x16xf32>) -> tensor<1x4x8x16xf32>
  %11 = accel.slice %x {starts = array<i64: 0, 0, 0, 8>, steps = array<i64: 1, 1, 1, 1>} : (tensor<1x4x8x16xf32>) -> tensor<1x4x8x8xf32>
  %12 = accel.elementwise neg %11 : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %13 = accel.slice %x {starts = array<i64: 0, 0, 0, 0>, steps = array<i64: 1, 1, 1, 1>} : (tensor<1x4x8x16xf32>) -> tensor<1x4x8x8xf32>
  %14 = accel.concat %12, %13 {axis = 3 : i64} : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) -> tensor<1x4x8x16xf32>
  %15 = accel.elementwise mul %14, %sin2 : (tensor<1x4x8x16xf32>, tensor<1x1x8x16xf32>) -> tensor<1x4x8x16xf32>
  %16 = accel.elementwise add %10, %15 : (tensor<1x4x8x16xf32>, tensor<1x4x8x16xf32>) -> tensor<1x4x8x16xf32>
  return %6, %16, %c2 : tensor<1x4x8x16xf32>, tensor<1x4x8x16xf32>, tensor<1x8x16xf32>
}

// Tables of 4097 lines of 16, past what accel_rope keeps in the
// scratchpad at once (ACCEL_ROPE_MAX_TABLE_FLOATS): the kernel takes them
// in parts.
// CHECK-LABEL: func.func @large_tables
// CHECK-NEXT: %[[R:.*]] = accel.rope %arg0, %arg1, %arg2 :
// CHECK-NEXT: return %[[R]]
func.func @large_tables(%x: tensor<1x2x4097x16xf32>, %cos: tensor<4097x16xf32>, %sin: tensor<4097x16xf32>) -> tensor<1x2x4097x16xf32> {
  %0 = accel.elementwise mul %x, %cos : (tensor<1x2x4097x16xf32>, tensor<4097x16xf32>) -> tensor<1x2x4097x16xf32>
  %1 = accel.slice %x {starts = array<i64: 0, 0, 0, 8>, steps = array<i64: 1, 1, 1, 1>} : (tensor<1x2x4097x16xf32>) -> tensor<1x2x4097x8xf32>
  %2 = accel.elementwise neg %1 : (tensor<1x2x4097x8xf32>) -> tensor<1x2x4097x8xf32>
  %3 = accel.slice %x {starts = array<i64: 0, 0, 0, 0>, steps = array<i64: 1, 1, 1, 1>} : (tensor<1x2x4097x16xf32>) -> tensor<1x2x4097x8xf32>
  %4 = accel.concat %2, %3 {axis = 3 : i64} : (tensor<1x2x4097x8xf32>, tensor<1x2x4097x8xf32>) -> tensor<1x2x4097x16xf32>
  %5 = accel.elementwise mul %4, %sin : (tensor<1x2x4097x16xf32>, tensor<4097x16xf32>) -> tensor<1x2x4097x16xf32>
  %6 = accel.elementwise add %0, %5 : (tensor<1x2x4097x16xf32>, tensor<1x2x4097x16xf32>) -> tensor<1x2x4097x16xf32>
  return %6 : tensor<1x2x4097x16xf32>
}
