// -accel-fuse-attention (graph/transforms/FuseAttention.cpp) on
// grouped-query attention and decoders' masks: k and v repeated as Hugging
// Face's repeat_kv writes it are given to accel.attention unrepeated (the
// expand goes), a constant causal mask becomes the attribute causal, and a
// causal constant plus a padding mask computed at run time becomes causal
// and that mask alone.
// RUN: accel-graph-opt -accel-fuse-attention -canonicalize %s | FileCheck %s

// repeat_kv (reshape to [B, KVH, 1, S, D], expand by n = 2, reshape to
// [B, KVH n, S, D]) of k and v, k^T a transpose of the repeat, a causal
// mask of -inf: one accel.attention of k and v with 2 heads, causal, no
// mask, no expand left.
// CHECK-LABEL: func.func @gqa_repeat_kv
// CHECK-NOT: accel.expand
// CHECK: %[[O:.*]] = accel.attention %arg0, %arg1, %arg2 {causal, scale = 2.500000e-01 : f32} : (tensor<1x4x4x16xf32>, tensor<1x2x4x16xf32>, tensor<1x2x4x16xf32>) -> tensor<1x4x4x16xf32>
// CHECK-NEXT: return %[[O]]
func.func @gqa_repeat_kv(%q: tensor<1x4x4x16xf32>, %k: tensor<1x2x4x16xf32>, %v: tensor<1x2x4x16xf32>) -> tensor<1x4x4x16xf32> {
  %c = arith.constant dense<4.0> : tensor<f32>
  %mask = arith.constant dense<[[[[0.0, 0xFF800000, 0xFF800000, 0xFF800000], [0.0, 0.0, 0xFF800000, 0xFF800000], [0.0, 0.0, 0.0, 0xFF800000], [0.0, 0.0, 0.0, 0.0]]]]> : tensor<1x1x4x4xf32>
  %k1 = accel.reshape %k : (tensor<1x2x4x16xf32>) -> tensor<1x2x1x4x16xf32>
  %k2 = accel.expand %k1 : (tensor<1x2x1x4x16xf32>) -> tensor<1x2x2x4x16xf32>
  %kr = accel.reshape %k2 : (tensor<1x2x2x4x16xf32>) -> tensor<1x4x4x16xf32>
  %v1 = accel.reshape %v : (tensor<1x2x4x16xf32>) -> tensor<1x2x1x4x16xf32>
  %v2 = accel.expand %v1 : (tensor<1x2x1x4x16xf32>) -> tensor<1x2x2x4x16xf32>
  %vr = accel.reshape %v2 : (tensor<1x2x2x4x16xf32>) -> tensor<1x4x4x16xf32>
  %kt = accel.transpose %kr {perm = array<i64: 0, 1, 3, 2>} : (tensor<1x4x4x16xf32>) -> tensor<1x4x16x4xf32>
  %s = accel.matmul %q, %kt : (tensor<1x4x4x16xf32>, tensor<1x4x16x4xf32>) -> tensor<1x4x4x4xf32>
  %s1 = accel.elementwise div %s, %c : (tensor<1x4x4x4xf32>, tensor<f32>) -> tensor<1x4x4x4xf32>
  %s2 = accel.elementwise add %s1, %mask : (tensor<1x4x4x4xf32>, tensor<1x1x4x4xf32>) -> tensor<1x4x4x4xf32>
  %p = accel.softmax %s2 {axis = 3} : (tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %o = accel.matmul %p, %vr : (tensor<1x4x4x4xf32>, tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>
  return %o : tensor<1x4x4x16xf32>
}

// One k/v head for four query heads (n = 4), the causal mask [Sq, Sk] of
// finfo(float32).min as LlamaDecoder (graph/models/families.py) builds it.
// CHECK-LABEL: func.func @mqa_finite_min
// CHECK-NOT: accel.expand
// CHECK: accel.attention %arg0, %arg1, %arg2 {causal, scale = 2.500000e-01 : f32} : (tensor<2x4x4x16xf32>, tensor<2x1x4x16xf32>, tensor<2x1x4x16xf32>) -> tensor<2x4x4x16xf32>
func.func @mqa_finite_min(%q: tensor<2x4x4x16xf32>, %k: tensor<2x1x4x16xf32>, %v: tensor<2x1x4x16xf32>) -> tensor<2x4x4x16xf32> {
  %c = arith.constant dense<0.25> : tensor<f32>
  %mask = arith.constant dense<[[0.0, -3.40282347E+38, -3.40282347E+38, -3.40282347E+38], [0.0, 0.0, -3.40282347E+38, -3.40282347E+38], [0.0, 0.0, 0.0, -3.40282347E+38], [0.0, 0.0, 0.0, 0.0]]> : tensor<4x4xf32>
  %k1 = accel.reshape %k : (tensor<2x1x4x16xf32>) -> tensor<2x1x1x4x16xf32>
  %k2 = accel.expand %k1 : (tensor<2x1x1x4x16xf32>) -> tensor<2x1x4x4x16xf32>
  %kr = accel.reshape %k2 : (tensor<2x1x4x4x16xf32>) -> tensor<2x4x4x16xf32>
  %v1 = accel.reshape %v : (tensor<2x1x4x16xf32>) -> tensor<2x1x1x4x16xf32>
  %v2 = accel.expand %v1 : (tensor<2x1x1x4x16xf32>) -> tensor<2x1x4x4x16xf32>
  %vr = accel.reshape %v2 : (tensor<2x1x4x4x16xf32>) -> tensor<2x4x4x16xf32>
  %kt = accel.transpose %kr {perm = array<i64: 0, 1, 3, 2>} : (tensor<2x4x4x16xf32>) -> tensor<2x4x16x4xf32>
  %s = accel.matmul %q, %kt : (tensor<2x4x4x16xf32>, tensor<2x4x16x4xf32>) -> tensor<2x4x4x4xf32>
  %s1 = accel.elementwise mul %s, %c : (tensor<2x4x4x4xf32>, tensor<f32>) -> tensor<2x4x4x4xf32>
  %s2 = accel.elementwise add %s1, %mask : (tensor<2x4x4x4xf32>, tensor<4x4xf32>) -> tensor<2x4x4x4xf32>
  %p = accel.softmax %s2 {axis = 3} : (tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  %o = accel.matmul %p, %vr : (tensor<2x4x4x4xf32>, tensor<2x4x4x16xf32>) -> tensor<2x4x4x16xf32>
  return %o : tensor<2x4x4x16xf32>
}

// The repeat in the other order (the new axis before the heads: tile, not
// repeat_interleave; query head h would read k/v head h % KVH): the expand
// stays and accel.attention reads the repeated k and v. Here only v is
// repeated that way, k as repeat_kv does: neither is unrepeated.
// CHECK-LABEL: func.func @repeat_other_order
// CHECK: accel.expand
// CHECK: accel.expand
// CHECK: accel.attention {{.*}} : (tensor<1x4x4x16xf32>, tensor<1x4x4x16xf32>, tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>
func.func @repeat_other_order(%q: tensor<1x4x4x16xf32>, %k: tensor<1x2x4x16xf32>, %v: tensor<1x2x4x16xf32>) -> tensor<1x4x4x16xf32> {
  %k1 = accel.reshape %k : (tensor<1x2x4x16xf32>) -> tensor<1x2x1x4x16xf32>
  %k2 = accel.expand %k1 : (tensor<1x2x1x4x16xf32>) -> tensor<1x2x2x4x16xf32>
  %kr = accel.reshape %k2 : (tensor<1x2x2x4x16xf32>) -> tensor<1x4x4x16xf32>
  %v1 = accel.reshape %v : (tensor<1x2x4x16xf32>) -> tensor<1x1x2x4x16xf32>
  %v2 = accel.expand %v1 : (tensor<1x1x2x4x16xf32>) -> tensor<1x2x2x4x16xf32>
  %vr = accel.reshape %v2 : (tensor<1x2x2x4x16xf32>) -> tensor<1x4x4x16xf32>
  %kt = accel.transpose %kr {perm = array<i64: 0, 1, 3, 2>} : (tensor<1x4x4x16xf32>) -> tensor<1x4x16x4xf32>
  %s = accel.matmul %q, %kt : (tensor<1x4x4x16xf32>, tensor<1x4x16x4xf32>) -> tensor<1x4x4x4xf32>
  %p = accel.softmax %s {axis = 3} : (tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %o = accel.matmul %p, %vr : (tensor<1x4x4x4xf32>, tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>
  return %o : tensor<1x4x4x16xf32>
}

// Both in the other order: still not unrepeated.
// CHECK-LABEL: func.func @tile_order
// CHECK: accel.expand
// CHECK: accel.expand
// CHECK: accel.attention {{.*}} : (tensor<1x4x4x16xf32>, tensor<1x4x4x16xf32>, tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>
func.func @tile_order(%q: tensor<1x4x4x16xf32>, %k: tensor<1x2x4x16xf32>, %v: tensor<1x2x4x16xf32>) -> tensor<1x4x4x16xf32> {
  %k1 = accel.reshape %k : (tensor<1x2x4x16xf32>) -> tensor<1x1x2x4x16xf32>
  %k2 = accel.expand %k1 : (tensor<1x1x2x4x16xf32>) -> tensor<1x2x2x4x16xf32>
  %kr = accel.reshape %k2 : (tensor<1x2x2x4x16xf32>) -> tensor<1x4x4x16xf32>
  %v1 = accel.reshape %v : (tensor<1x2x4x16xf32>) -> tensor<1x1x2x4x16xf32>
  %v2 = accel.expand %v1 : (tensor<1x1x2x4x16xf32>) -> tensor<1x2x2x4x16xf32>
  %vr = accel.reshape %v2 : (tensor<1x2x2x4x16xf32>) -> tensor<1x4x4x16xf32>
  %kt = accel.transpose %kr {perm = array<i64: 0, 1, 3, 2>} : (tensor<1x4x4x16xf32>) -> tensor<1x4x16x4xf32>
  %s = accel.matmul %q, %kt : (tensor<1x4x4x16xf32>, tensor<1x4x16x4xf32>) -> tensor<1x4x4x4xf32>
  %p = accel.softmax %s {axis = 3} : (tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %o = accel.matmul %p, %vr : (tensor<1x4x4x4xf32>, tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>
  return %o : tensor<1x4x4x16xf32>
}

// A causal mask of -inf plus a padding mask [B, 1, 1, Sk] computed at run
// time, as a decoder builds them for a batch of padded prompts: causal,
// and the padding mask alone (the [B, 1, Sq, Sk] sum is not read).
// CHECK-LABEL: func.func @causal_and_padding
// CHECK-NEXT: %[[K:.*]] = accel.transpose %arg1
// CHECK-NEXT: %[[O:.*]] = accel.attention %arg0, %[[K]], %arg2, %arg3 {causal, scale = 1.000000e+00 : f32} : (tensor<2x2x4x8xf32>, tensor<2x2x4x8xf32>, tensor<2x2x4x8xf32>, tensor<2x1x1x4xf32>) -> tensor<2x2x4x8xf32>
// CHECK-NEXT: return %[[O]]
func.func @causal_and_padding(%q: tensor<2x2x4x8xf32>, %kt: tensor<2x2x8x4xf32>, %v: tensor<2x2x4x8xf32>, %pad: tensor<2x1x1x4xf32>) -> tensor<2x2x4x8xf32> {
  %causal = arith.constant dense<[[[[0.0, 0xFF800000, 0xFF800000, 0xFF800000], [0.0, 0.0, 0xFF800000, 0xFF800000], [0.0, 0.0, 0.0, 0xFF800000], [0.0, 0.0, 0.0, 0.0]]]]> : tensor<1x1x4x4xf32>
  %mask = accel.elementwise add %causal, %pad : (tensor<1x1x4x4xf32>, tensor<2x1x1x4xf32>) -> tensor<2x1x4x4xf32>
  %s = accel.matmul %q, %kt : (tensor<2x2x4x8xf32>, tensor<2x2x8x4xf32>) -> tensor<2x2x4x4xf32>
  %s2 = accel.elementwise add %s, %mask : (tensor<2x2x4x4xf32>, tensor<2x1x4x4xf32>) -> tensor<2x2x4x4xf32>
  %p = accel.softmax %s2 {axis = 3} : (tensor<2x2x4x4xf32>) -> tensor<2x2x4x4xf32>
  %o = accel.matmul %p, %v : (tensor<2x2x4x4xf32>, tensor<2x2x4x8xf32>) -> tensor<2x2x4x8xf32>
  return %o : tensor<2x2x4x8xf32>
}

// Masks that stay masks: a finite causal constant plus a run-time mask (a
// row whose visible keys are all masked would differ: PyTorch spreads it
// over the hidden keys too); a constant with one visible entry not 0; one
// hiding by -100 only; queries more than keys (rows hiding every key).
// CHECK-LABEL: func.func @masks_kept
// CHECK-NOT: causal
// CHECK: return
func.func @masks_kept(%q: tensor<1x2x4x8xf32>, %kt: tensor<1x2x8x4xf32>, %v: tensor<1x2x4x8xf32>, %pad: tensor<1x1x1x4xf32>, %q5: tensor<1x2x5x8xf32>) -> (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>, tensor<1x2x5x8xf32>) {
  %min = arith.constant dense<[[0.0, -3.40282347E+38, -3.40282347E+38, -3.40282347E+38], [0.0, 0.0, -3.40282347E+38, -3.40282347E+38], [0.0, 0.0, 0.0, -3.40282347E+38], [0.0, 0.0, 0.0, 0.0]]> : tensor<4x4xf32>
  %m1 = accel.elementwise add %min, %pad : (tensor<4x4xf32>, tensor<1x1x1x4xf32>) -> tensor<1x1x4x4xf32>
  %s1 = accel.matmul %q, %kt : (tensor<1x2x4x8xf32>, tensor<1x2x8x4xf32>) -> tensor<1x2x4x4xf32>
  %a1 = accel.elementwise add %s1, %m1 : (tensor<1x2x4x4xf32>, tensor<1x1x4x4xf32>) -> tensor<1x2x4x4xf32>
  %p1 = accel.softmax %a1 {axis = 3} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %o1 = accel.matmul %p1, %v : (tensor<1x2x4x4xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
  %odd = arith.constant dense<[[0.0, 0xFF800000, 0xFF800000, 0xFF800000], [0.0, 0.0, 0xFF800000, 0xFF800000], [0.0, 1.0, 0.0, 0xFF800000], [0.0, 0.0, 0.0, 0.0]]> : tensor<4x4xf32>
  %s2 = accel.matmul %q, %kt : (tensor<1x2x4x8xf32>, tensor<1x2x8x4xf32>) -> tensor<1x2x4x4xf32>
  %a2 = accel.elementwise add %s2, %odd : (tensor<1x2x4x4xf32>, tensor<4x4xf32>) -> tensor<1x2x4x4xf32>
  %p2 = accel.softmax %a2 {axis = 3} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %o2 = accel.matmul %p2, %v : (tensor<1x2x4x4xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
  %small = arith.constant dense<[[0.0, -100.0, -100.0, -100.0], [0.0, 0.0, -100.0, -100.0], [0.0, 0.0, 0.0, -100.0], [0.0, 0.0, 0.0, 0.0]]> : tensor<4x4xf32>
  %s3 = accel.matmul %q, %kt : (tensor<1x2x4x8xf32>, tensor<1x2x8x4xf32>) -> tensor<1x2x4x4xf32>
  %a3 = accel.elementwise add %s3, %small : (tensor<1x2x4x4xf32>, tensor<4x4xf32>) -> tensor<1x2x4x4xf32>
  %p3 = accel.softmax %a3 {axis = 3} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %o3 = accel.matmul %p3, %v : (tensor<1x2x4x4xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
  %tall = arith.constant dense<[[0xFF800000, 0xFF800000, 0xFF800000, 0xFF800000], [0.0, 0xFF800000, 0xFF800000, 0xFF800000], [0.0, 0.0, 0xFF800000, 0xFF800000], [0.0, 0.0, 0.0, 0xFF800000], [0.0, 0.0, 0.0, 0.0]]> : tensor<5x4xf32>
  %s4 = accel.matmul %q5, %kt : (tensor<1x2x5x8xf32>, tensor<1x2x8x4xf32>) -> tensor<1x2x5x4xf32>
  %a4 = accel.elementwise add %s4, %tall : (tensor<1x2x5x4xf32>, tensor<5x4xf32>) -> tensor<1x2x5x4xf32>
  %p4 = accel.softmax %a4 {axis = 3} : (tensor<1x2x5x4xf32>) -> tensor<1x2x5x4xf32>
  %o4 = accel.matmul %p4, %v : (tensor<1x2x5x4xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x5x8xf32>
  return %o1, %o2, %o3, %o4 : tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>, tensor<1x2x5x8xf32>
}
