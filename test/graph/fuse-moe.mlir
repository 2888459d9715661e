// -accel-fuse-moe (graph/transforms/Passes.td): a mixture of experts'
// router as one accel.moe_route, its gated sum of experts as one
// accel.gated_sum; every variant that computes something else stays.
// RUN: accel-graph-opt -accel-fuse-moe -canonicalize %s | FileCheck %s

// PyTorch's export of softmax, topk, w / w.sum(-1, keepdim=True) and
// zeros_like(p).scatter(-1, chosen, w).
// CHECK-LABEL: func.func @route
// CHECK-NEXT: %[[R:.*]] = accel.moe_route %arg0 {k = 2 : i64} : (tensor<1x16x4xf32>) -> tensor<1x16x4xf32>
// CHECK-NEXT: return %[[R]]
func.func @route(%l: tensor<1x16x4xf32>) -> tensor<1x16x4xf32> {
  %z = arith.constant dense<0.0> : tensor<1x16x4xf32>
  %p = accel.softmax %l {axis = 2 : i64} : (tensor<1x16x4xf32>) -> tensor<1x16x4xf32>
  %v = accel.topk %p {axis = 2 : i64, indices = false, k = 2 : i64, largest = true} : (tensor<1x16x4xf32>) -> tensor<1x16x2xf32>
  %i = accel.topk %p {axis = 2 : i64, indices = true, k = 2 : i64, largest = true} : (tensor<1x16x4xf32>) -> tensor<1x16x2xi64>
  %s = accel.reduce sum %v {axes = array<i64: 2>, keepdims = true} : (tensor<1x16x2xf32>) -> tensor<1x16x1xf32>
  %w = accel.elementwise div %v, %s : (tensor<1x16x2xf32>, tensor<1x16x1xf32>) -> tensor<1x16x2xf32>
  %g = accel.scatter_elements none %z[%i], %w {axis = 2 : i64} : (tensor<1x16x4xf32>, tensor<1x16x2xi64>, tensor<1x16x2xf32>) -> tensor<1x16x4xf32>
  return %g : tensor<1x16x4xf32>
}

// Top-1 of 8 over rank 2; the softmax also read elsewhere stays for it.
// CHECK-LABEL: func.func @route_top1
// CHECK-NEXT: %[[P:.*]] = accel.softmax %arg0
// CHECK-NEXT: %[[R:.*]] = accel.moe_route %arg0 {k = 1 : i64} : (tensor<5x8xf32>) -> tensor<5x8xf32>
// CHECK-NEXT: return %[[R]], %[[P]]
func.func @route_top1(%l: tensor<5x8xf32>) -> (tensor<5x8xf32>, tensor<5x8xf32>) {
  %z = arith.constant dense<0.0> : tensor<5x8xf32>
  %p = accel.softmax %l {axis = 1 : i64} : (tensor<5x8xf32>) -> tensor<5x8xf32>
  %v = accel.topk %p {axis = 1 : i64, indices = false, k = 1 : i64, largest = true} : (tensor<5x8xf32>) -> tensor<5x1xf32>
  %i = accel.topk %p {axis = 1 : i64, indices = true, k = 1 : i64, largest = true} : (tensor<5x8xf32>) -> tensor<5x1xi64>
  %s = accel.reduce sum %v {axes = array<i64: 1>, keepdims = true} : (tensor<5x1xf32>) -> tensor<5x1xf32>
  %w = accel.elementwise div %v, %s : (tensor<5x1xf32>, tensor<5x1xf32>) -> tensor<5x1xf32>
  %g = accel.scatter_elements none %z[%i], %w {axis = 1 : i64} : (tensor<5x8xf32>, tensor<5x1xi64>, tensor<5x1xf32>) -> tensor<5x8xf32>
  return %g, %p : tensor<5x8xf32>, tensor<5x8xf32>
}

// Without the renormalization (Qwen's norm_topk_prob false); Mixtral's
// softmax of the chosen logits (their probabilities renormalized).
// CHECK-LABEL: func.func @route_variants
// CHECK-NEXT: %[[A:.*]] = accel.moe_route %arg0 {k = 2 : i64, renormalize = false} : (tensor<16x8xf32>) -> tensor<16x8xf32>
// CHECK-NEXT: %[[B:.*]] = accel.moe_route %arg0 {k = 2 : i64} : (tensor<16x8xf32>) -> tensor<16x8xf32>
// CHECK-NEXT: return %[[A]], %[[B]]
func.func @route_variants(%l: tensor<16x8xf32>) -> (tensor<16x8xf32>, tensor<16x8xf32>) {
  %z = arith.constant dense<0.0> : tensor<16x8xf32>
  %p = accel.softmax %l {axis = 1 : i64} : (tensor<16x8xf32>) -> tensor<16x8xf32>
  %v = accel.topk %p {axis = 1 : i64, indices = false, k = 2 : i64, largest = true} : (tensor<16x8xf32>) -> tensor<16x2xf32>
  %i = accel.topk %p {axis = 1 : i64, indices = true, k = 2 : i64, largest = true} : (tensor<16x8xf32>) -> tensor<16x2xi64>
  %g = accel.scatter_elements none %z[%i], %v {axis = 1 : i64} : (tensor<16x8xf32>, tensor<16x2xi64>, tensor<16x2xf32>) -> tensor<16x8xf32>
  %lv = accel.topk %l {axis = 1 : i64, indices = false, k = 2 : i64, largest = true} : (tensor<16x8xf32>) -> tensor<16x2xf32>
  %li = accel.topk %l {axis = 1 : i64, indices = true, k = 2 : i64, largest = true} : (tensor<16x8xf32>) -> tensor<16x2xi64>
  %w = accel.softmax %lv {axis = 1 : i64} : (tensor<16x2xf32>) -> tensor<16x2xf32>
  %h = accel.scatter_elements none %z[%li], %w {axis = 1 : i64} : (tensor<16x8xf32>, tensor<16x2xi64>, tensor<16x2xf32>) -> tensor<16x8xf32>
  return %g, %h : tensor<16x8xf32>, tensor<16x8xf32>
}

// Not fused: Mixtral's softmax over the chosen of all tokens (its axis 0),
// raw logits scattered (no softmax anywhere), a log-softmax of the chosen.
// CHECK-LABEL: func.func @route_variants_not
// CHECK-NOT: accel.moe_route
// CHECK: return
func.func @route_variants_not(%l: tensor<16x8xf32>) -> (tensor<16x8xf32>, tensor<16x8xf32>, tensor<16x8xf32>) {
  %z = arith.constant dense<0.0> : tensor<16x8xf32>
  %lv = accel.topk %l {axis = 1 : i64, indices = false, k = 2 : i64, largest = true} : (tensor<16x8xf32>) -> tensor<16x2xf32>
  %li = accel.topk %l {axis = 1 : i64, indices = true, k = 2 : i64, largest = true} : (tensor<16x8xf32>) -> tensor<16x2xi64>
  %w0 = accel.softmax %lv {axis = 0 : i64} : (tensor<16x2xf32>) -> tensor<16x2xf32>
  %g0 = accel.scatter_elements none %z[%li], %w0 {axis = 1 : i64} : (tensor<16x8xf32>, tensor<16x2xi64>, tensor<16x2xf32>) -> tensor<16x8xf32>
  %g1 = accel.scatter_elements none %z[%li], %lv {axis = 1 : i64} : (tensor<16x8xf32>, tensor<16x2xi64>, tensor<16x2xf32>) -> tensor<16x8xf32>
  %w2 = accel.softmax %lv {axis = 1 : i64, log = true} : (tensor<16x2xf32>) -> tensor<16x2xf32>
  %g2 = accel.scatter_elements none %z[%li], %w2 {axis = 1 : i64} : (tensor<16x8xf32>, tensor<16x2xi64>, tensor<16x2xf32>) -> tensor<16x8xf32>
  return %g0, %g1, %g2 : tensor<16x8xf32>, tensor<16x8xf32>, tensor<16x8xf32>
}

// Not fused: the smallest k, a softmax along another axis, a log-softmax,
// zeros replaced by ones, a scatter that adds, values and indices of
// different TopKs, a sum along another axis, a mean in the sum's place.
// CHECK-LABEL: func.func @route_not
// CHECK-NOT: accel.moe_route
// CHECK: return
func.func @route_not(%l: tensor<16x4xf32>) -> (tensor<16x4xf32>, tensor<16x4xf32>, tensor<16x4xf32>, tensor<16x4xf32>, tensor<16x4xf32>, tensor<16x4xf32>, tensor<4x16xf32>, tensor<16x4xf32>) {
  %z = arith.constant dense<0.0> : tensor<16x4xf32>
  %one = arith.constant dense<1.0> : tensor<16x4xf32>
  %p = accel.softmax %l {axis = 1 : i64} : (tensor<16x4xf32>) -> tensor<16x4xf32>
  %v = accel.topk %p {axis = 1 : i64, indices = false, k = 2 : i64, largest = true} : (tensor<16x4xf32>) -> tensor<16x2xf32>
  %i = accel.topk %p {axis = 1 : i64, indices = true, k = 2 : i64, largest = true} : (tensor<16x4xf32>) -> tensor<16x2xi64>
  %s = accel.reduce sum %v {axes = array<i64: 1>, keepdims = true} : (tensor<16x2xf32>) -> tensor<16x1xf32>
  %w = accel.elementwise div %v, %s : (tensor<16x2xf32>, tensor<16x1xf32>) -> tensor<16x2xf32>
  // the smallest two
  %vs = accel.topk %p {axis = 1 : i64, indices = false, k = 2 : i64, largest = false} : (tensor<16x4xf32>) -> tensor<16x2xf32>
  %is = accel.topk %p {axis = 1 : i64, indices = true, k = 2 : i64, largest = false} : (tensor<16x4xf32>) -> tensor<16x2xi64>
  %ss = accel.reduce sum %vs {axes = array<i64: 1>, keepdims = true} : (tensor<16x2xf32>) -> tensor<16x1xf32>
  %ws = accel.elementwise div %vs, %ss : (tensor<16x2xf32>, tensor<16x1xf32>) -> tensor<16x2xf32>
  %g0 = accel.scatter_elements none %z[%is], %ws {axis = 1 : i64} : (tensor<16x4xf32>, tensor<16x2xi64>, tensor<16x2xf32>) -> tensor<16x4xf32>
  // a log-softmax
  %q = accel.softmax %l {axis = 1 : i64, log = true} : (tensor<16x4xf32>) -> tensor<16x4xf32>
  %vq = accel.topk %q {axis = 1 : i64, indices = false, k = 2 : i64, largest = true} : (tensor<16x4xf32>) -> tensor<16x2xf32>
  %iq = accel.topk %q {axis = 1 : i64, indices = true, k = 2 : i64, largest = true} : (tensor<16x4xf32>) -> tensor<16x2xi64>
  %sq = accel.reduce sum %vq {axes = array<i64: 1>, keepdims = true} : (tensor<16x2xf32>) -> tensor<16x1xf32>
  %wq = accel.elementwise div %vq, %sq : (tensor<16x2xf32>, tensor<16x1xf32>) -> tensor<16x2xf32>
  %g1 = accel.scatter_elements none %z[%iq], %wq {axis = 1 : i64} : (tensor<16x4xf32>, tensor<16x2xi64>, tensor<16x2xf32>) -> tensor<16x4xf32>
  // into ones; adding
  %g2 = accel.scatter_elements none %one[%i], %w {axis = 1 : i64} : (tensor<16x4xf32>, tensor<16x2xi64>, tensor<16x2xf32>) -> tensor<16x4xf32>
  %g3 = accel.scatter_elements add %z[%i], %w {axis = 1 : i64} : (tensor<16x4xf32>, tensor<16x2xi64>, tensor<16x2xf32>) -> tensor<16x4xf32>
  // the largest values placed at the smallest's indices
  %g4 = accel.scatter_elements none %z[%is], %w {axis = 1 : i64} : (tensor<16x4xf32>, tensor<16x2xi64>, tensor<16x2xf32>) -> tensor<16x4xf32>
  // a mean in the sum's place
  %m = accel.reduce mean %v {axes = array<i64: 1>, keepdims = true} : (tensor<16x2xf32>) -> tensor<16x1xf32>
  %wm = accel.elementwise div %v, %m : (tensor<16x2xf32>, tensor<16x1xf32>) -> tensor<16x2xf32>
  %g5 = accel.scatter_elements none %z[%i], %wm {axis = 1 : i64} : (tensor<16x4xf32>, tensor<16x2xi64>, tensor<16x2xf32>) -> tensor<16x4xf32>
  // a softmax over the tokens
  %zt = arith.constant dense<0.0> : tensor<4x16xf32>
  %lt = accel.transpose %l {perm = array<i64: 1, 0>} : (tensor<16x4xf32>) -> tensor<4x16xf32>
  %pt = accel.softmax %lt {axis = 0 : i64} : (tensor<4x16xf32>) -> tensor<4x16xf32>
  %vt = accel.topk %pt {axis = 1 : i64, indices = false, k = 2 : i64, largest = true} : (tensor<4x16xf32>) -> tensor<4x2xf32>
  %it = accel.topk %pt {axis = 1 : i64, indices = true, k = 2 : i64, largest = true} : (tensor<4x16xf32>) -> tensor<4x2xi64>
  %st = accel.reduce sum %vt {axes = array<i64: 1>, keepdims = true} : (tensor<4x2xf32>) -> tensor<4x1xf32>
  %wt = accel.elementwise div %vt, %st : (tensor<4x2xf32>, tensor<4x1xf32>) -> tensor<4x2xf32>
  %g6 = accel.scatter_elements none %zt[%it], %wt {axis = 1 : i64} : (tensor<4x16xf32>, tensor<4x2xi64>, tensor<4x2xf32>) -> tensor<4x16xf32>
  // the sum over both axes
  %sa = accel.reduce sum %v {axes = array<i64: 0, 1>, keepdims = true} : (tensor<16x2xf32>) -> tensor<1x1xf32>
  %wa = accel.elementwise div %v, %sa : (tensor<16x2xf32>, tensor<1x1xf32>) -> tensor<16x2xf32>
  %g7 = accel.scatter_elements none %z[%i], %wa {axis = 1 : i64} : (tensor<16x4xf32>, tensor<16x2xi64>, tensor<16x2xf32>) -> tensor<16x4xf32>
  return %g0, %g1, %g2, %g3, %g4, %g5, %g6, %g7 : tensor<16x4xf32>, tensor<16x4xf32>, tensor<16x4xf32>, tensor<16x4xf32>, tensor<16x4xf32>, tensor<16x4xf32>, tensor<4x16xf32>, tensor<16x4xf32>
}

// The shared expert plus every expert times its gate column, as the
// family model's loop adds them (gate * y and y * gate alike).
// CHECK-LABEL: func.func @gated_sum
// CHECK-NEXT: %[[S:.*]] = accel.gated_sum %arg0, %arg1, %arg2, %arg3, %arg4, %arg5 {columns = array<i64: -1, 0, 1, 2, 3>} : (tensor<1x16x4xf32>, tensor<1x16x64xf32>, tensor<1x16x64xf32>, tensor<1x16x64xf32>, tensor<1x16x64xf32>, tensor<1x16x64xf32>) -> tensor<1x16x64xf32>
// CHECK-NEXT: return %[[S]]
func.func @gated_sum(%g: tensor<1x16x4xf32>, %sh: tensor<1x16x64xf32>, %y0: tensor<1x16x64xf32>, %y1: tensor<1x16x64xf32>, %y2: tensor<1x16x64xf32>, %y3: tensor<1x16x64xf32>) -> tensor<1x16x64xf32> {
  %c0 = accel.slice %g {starts = array<i64: 0, 0, 0>, steps = array<i64: 1, 1, 1>} : (tensor<1x16x4xf32>) -> tensor<1x16x1xf32>
  %m0 = accel.elementwise mul %c0, %y0 : (tensor<1x16x1xf32>, tensor<1x16x64xf32>) -> tensor<1x16x64xf32>
  %a0 = accel.elementwise add %sh, %m0 : (tensor<1x16x64xf32>, tensor<1x16x64xf32>) -> tensor<1x16x64xf32>
  %c1 = accel.slice %g {starts = array<i64: 0, 0, 1>, steps = array<i64: 1, 1, 1>} : (tensor<1x16x4xf32>) -> tensor<1x16x1xf32>
  %m1 = accel.elementwise mul %y1, %c1 : (tensor<1x16x64xf32>, tensor<1x16x1xf32>) -> tensor<1x16x64xf32>
  %a1 = accel.elementwise add %a0, %m1 : (tensor<1x16x64xf32>, tensor<1x16x64xf32>) -> tensor<1x16x64xf32>
  %c2 = accel.slice %g {starts = array<i64: 0, 0, 2>, steps = array<i64: 1, 1, 1>} : (tensor<1x16x4xf32>) -> tensor<1x16x1xf32>
  %m2 = accel.elementwise mul %c2, %y2 : (tensor<1x16x1xf32>, tensor<1x16x64xf32>) -> tensor<1x16x64xf32>
  %a2 = accel.elementwise add %a1, %m2 : (tensor<1x16x64xf32>, tensor<1x16x64xf32>) -> tensor<1x16x64xf32>
  %c3 = accel.slice %g {starts = array<i64: 0, 0, 3>, steps = array<i64: 1, 1, 1>} : (tensor<1x16x4xf32>) -> tensor<1x16x1xf32>
  %m3 = accel.elementwise mul %c3, %y3 : (tensor<1x16x1xf32>, tensor<1x16x64xf32>) -> tensor<1x16x64xf32>
  %a3 = accel.elementwise add %a2, %m3 : (tensor<1x16x64xf32>, tensor<1x16x64xf32>) -> tensor<1x16x64xf32>
  return %a3 : tensor<1x16x64xf32>
}

// A partial sum read elsewhere ends the tree there (it is a term of the
// outer sum); an add of two gated terms alone is a sum too.
// CHECK-LABEL: func.func @gated_sum_partial
// CHECK-NEXT: %[[A:.*]] = accel.gated_sum %arg0, %arg1, %arg2 {columns = array<i64: 1, 0>}
// CHECK-NEXT: %[[B:.*]] = accel.gated_sum %arg0, %[[A]], %arg3 {columns = array<i64: -1, 2>}
// CHECK-NEXT: return %[[B]], %[[A]]
func.func @gated_sum_partial(%g: tensor<8x3xf32>, %y0: tensor<8x32xf32>, %y1: tensor<8x32xf32>, %y2: tensor<8x32xf32>) -> (tensor<8x32xf32>, tensor<8x32xf32>) {
  %c0 = accel.slice %g {starts = array<i64: 0, 1>, steps = array<i64: 1, 1>} : (tensor<8x3xf32>) -> tensor<8x1xf32>
  %m0 = accel.elementwise mul %c0, %y0 : (tensor<8x1xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
  %c1 = accel.slice %g {starts = array<i64: 0, 0>, steps = array<i64: 1, 1>} : (tensor<8x3xf32>) -> tensor<8x1xf32>
  %m1 = accel.elementwise mul %c1, %y1 : (tensor<8x1xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
  %a0 = accel.elementwise add %m0, %m1 : (tensor<8x32xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
  %c2 = accel.slice %g {starts = array<i64: 0, 2>, steps = array<i64: 1, 1>} : (tensor<8x3xf32>) -> tensor<8x1xf32>
  %m2 = accel.elementwise mul %c2, %y2 : (tensor<8x1xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
  %a1 = accel.elementwise add %a0, %m2 : (tensor<8x32xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
  return %a1, %a0 : tensor<8x32xf32>, tensor<8x32xf32>
}

// Not fused: a bias broadcast into the sum, no gated term, a product
// read elsewhere too, the tokens' gates reversed, every other token's gate.
// CHECK-LABEL: func.func @gated_sum_not
// CHECK-NOT: accel.gated_sum
// CHECK: return
func.func @gated_sum_not(%g: tensor<8x4xf32>, %y: tensor<8x32xf32>, %z: tensor<8x32xf32>, %b: tensor<32xf32>, %y4: tensor<4x32xf32>, %z4: tensor<4x32xf32>) -> (tensor<8x32xf32>, tensor<8x32xf32>, tensor<8x32xf32>, tensor<8x32xf32>, tensor<8x32xf32>, tensor<4x32xf32>) {
  %c0 = accel.slice %g {starts = array<i64: 0, 0>, steps = array<i64: 1, 1>} : (tensor<8x4xf32>) -> tensor<8x1xf32>
  %m0 = accel.elementwise mul %c0, %y : (tensor<8x1xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
  %a0 = accel.elementwise add %m0, %b : (tensor<8x32xf32>, tensor<32xf32>) -> tensor<8x32xf32>
  %a1 = accel.elementwise add %y, %z : (tensor<8x32xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
  %m2 = accel.elementwise mul %c0, %z : (tensor<8x1xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
  %a2 = accel.elementwise add %m2, %y : (tensor<8x32xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
  %cr = accel.slice %g {starts = array<i64: 7, 1>, steps = array<i64: -1, 1>} : (tensor<8x4xf32>) -> tensor<8x1xf32>
  %m3 = accel.elementwise mul %cr, %z : (tensor<8x1xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
  %a3 = accel.elementwise add %m3, %y : (tensor<8x32xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
  %ce = accel.slice %g {starts = array<i64: 0, 1>, steps = array<i64: 2, 1>} : (tensor<8x4xf32>) -> tensor<4x1xf32>
  %m4 = accel.elementwise mul %ce, %y4 : (tensor<4x1xf32>, tensor<4x32xf32>) -> tensor<4x32xf32>
  %a4 = accel.elementwise add %m4, %z4 : (tensor<4x32xf32>, tensor<4x32xf32>) -> tensor<4x32xf32>
  return %a0, %a1, %a2, %m2, %a3, %a4 : tensor<8x32xf32>, tensor<8x32xf32>, tensor<8x32xf32>, tensor<8x32xf32>, tensor<8x32xf32>, tensor<4x32xf32>
}
