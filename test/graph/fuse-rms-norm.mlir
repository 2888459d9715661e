// -accel-fuse-norms (graph/transforms/FuseRmsNorm.cpp): PyTorch's RMSNorm,
// x * (1 / sqrt(mean(x^2, last axis) + eps)) * weight in its exported
// forms, as accel.rms_norm; anything else left as it is.
// RUN: accel-graph-opt -accel-fuse-norms %s | FileCheck %s

// LLaMA's (HuggingFace's LlamaRMSNorm as exported): Pow, ReduceMean,
// Add, Sqrt, Div(1, .), Mul by x, then the weight's Mul.
// CHECK-LABEL: func.func @llama
// CHECK-SAME: (%[[X:.*]]: tensor<1x4x8xf32>)
// CHECK: %[[W:.*]] = arith.constant dense<{{.*}}> : tensor<8xf32>
// CHECK-NEXT: %[[N:.*]] = accel.rms_norm %[[X]], %[[W]] {epsilon = 9.99999997E-7 : f32} : (tensor<1x4x8xf32>, tensor<8xf32>) -> tensor<1x4x8xf32>
// CHECK-NEXT: return %[[N]]
func.func @llama(%x: tensor<1x4x8xf32>) -> tensor<1x4x8xf32> {
  %two = arith.constant dense<2.0> : tensor<f32>
  %eps = arith.constant dense<1.0e-6> : tensor<f32>
  %one = arith.constant dense<1.0> : tensor<f32>
  %w = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : tensor<8xf32>
  %sq = accel.elementwise pow %x, %two : (tensor<1x4x8xf32>, tensor<f32>) -> tensor<1x4x8xf32>
  %m = accel.reduce mean %sq {axes = array<i64: 2>, keepdims = true} : (tensor<1x4x8xf32>) -> tensor<1x4x1xf32>
  %a = accel.elementwise add %m, %eps : (tensor<1x4x1xf32>, tensor<f32>) -> tensor<1x4x1xf32>
  %s = accel.elementwise sqrt %a : (tensor<1x4x1xf32>) -> tensor<1x4x1xf32>
  %r = accel.elementwise div %one, %s : (tensor<f32>, tensor<1x4x1xf32>) -> tensor<1x4x1xf32>
  %n = accel.elementwise mul %x, %r : (tensor<1x4x8xf32>, tensor<1x4x1xf32>) -> tensor<1x4x8xf32>
  %y = accel.elementwise mul %w, %n : (tensor<8xf32>, tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
  return %y : tensor<1x4x8xf32>
}

// torch.rsqrt (Sqrt, Reciprocal), x * x, eps first, no weight: a scale
// of ones.
// CHECK-LABEL: func.func @rsqrt_no_weight
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>)
// CHECK: %[[W:.*]] = arith.constant dense<1.000000e+00> : tensor<8xf32>
// CHECK-NEXT: %[[N:.*]] = accel.rms_norm %[[X]], %[[W]] {epsilon = 9.99999974E-6 : f32}
// CHECK-NEXT: return %[[N]]
func.func @rsqrt_no_weight(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %eps = arith.constant dense<1.0e-5> : tensor<f32>
  %sq = accel.elementwise mul %x, %x : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %m = accel.reduce mean %sq {axes = array<i64: 1>, keepdims = true} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %a = accel.elementwise add %eps, %m : (tensor<f32>, tensor<4x1xf32>) -> tensor<4x1xf32>
  %s = accel.elementwise sqrt %a : (tensor<4x1xf32>) -> tensor<4x1xf32>
  %r = accel.elementwise reciprocal %s : (tensor<4x1xf32>) -> tensor<4x1xf32>
  %n = accel.elementwise mul %r, %x : (tensor<4x1xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %n : tensor<4x8xf32>
}

// x / sqrt(...), times a weight of shape [1, 1, 8] (made [8]); and the
// weight multiplied first: (x * w) * (1 / sqrt(...)).
// CHECK-LABEL: func.func @div_and_weight_first
// CHECK-SAME: (%[[X:.*]]: tensor<1x4x8xf32>)
// CHECK-DAG: %[[W:.*]] = arith.constant dense<{{.*}}> : tensor<8xf32>
// CHECK-DAG: %[[W2:.*]] = arith.constant dense<{{.*}}> : tensor<8xf32>
// CHECK: %[[N:.*]] = accel.rms_norm %[[X]], %{{.*}} {epsilon = 9.99999997E-7 : f32}
// CHECK: %[[N2:.*]] = accel.rms_norm %[[X]], %{{.*}} {epsilon = 9.99999997E-7 : f32}
// CHECK-NOT: accel.elementwise
// CHECK-NOT: accel.reduce
// CHECK: return %[[N]], %[[N2]]
func.func @div_and_weight_first(%x: tensor<1x4x8xf32>) -> (tensor<1x4x8xf32>, tensor<1x4x8xf32>) {
  %two = arith.constant dense<2.0> : tensor<f32>
  %eps = arith.constant dense<1.0e-6> : tensor<f32>
  %one = arith.constant dense<1.0> : tensor<f32>
  %w = arith.constant dense<[[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]]]> : tensor<1x1x8xf32>
  %w2 = arith.constant dense<[0.5, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : tensor<8xf32>
  %sq = accel.elementwise pow %x, %two : (tensor<1x4x8xf32>, tensor<f32>) -> tensor<1x4x8xf32>
  %m = accel.reduce mean %sq {axes = array<i64: 2>, keepdims = true} : (tensor<1x4x8xf32>) -> tensor<1x4x1xf32>
  %a = accel.elementwise add %m, %eps : (tensor<1x4x1xf32>, tensor<f32>) -> tensor<1x4x1xf32>
  %s = accel.elementwise sqrt %a : (tensor<1x4x1xf32>) -> tensor<1x4x1xf32>
  %n = accel.elementwise div %x, %s : (tensor<1x4x8xf32>, tensor<1x4x1xf32>) -> tensor<1x4x8xf32>
  %y = accel.elementwise mul %n, %w : (tensor<1x4x8xf32>, tensor<1x1x8xf32>) -> tensor<1x4x8xf32>
  %sq2 = accel.elementwise pow %x, %two : (tensor<1x4x8xf32>, tensor<f32>) -> tensor<1x4x8xf32>
  %m2 = accel.reduce mean %sq2 {axes = array<i64: 2>, keepdims = true} : (tensor<1x4x8xf32>) -> tensor<1x4x1xf32>
  %a2 = accel.elementwise add %m2, %eps : (tensor<1x4x1xf32>, tensor<f32>) -> tensor<1x4x1xf32>
  %s2 = accel.elementwise sqrt %a2 : (tensor<1x4x1xf32>) -> tensor<1x4x1xf32>
  %r2 = accel.elementwise div %one, %s2 : (tensor<f32>, tensor<1x4x1xf32>) -> tensor<1x4x1xf32>
  %xw = accel.elementwise mul %x, %w2 : (tensor<1x4x8xf32>, tensor<8xf32>) -> tensor<1x4x8xf32>
  %y2 = accel.elementwise mul %xw, %r2 : (tensor<1x4x8xf32>, tensor<1x4x1xf32>) -> tensor<1x4x8xf32>
  return %y, %y2 : tensor<1x4x8xf32>, tensor<1x4x8xf32>
}

// Left alone: the mean over another axis; eps outside the root; the
// inverse root read twice; the square of another value than the one
// normalized.
// CHECK-LABEL: func.func @not_rms_norm
// CHECK-NOT: accel.rms_norm
// CHECK: return
func.func @not_rms_norm(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x1xf32>, tensor<4x8xf32>) {
  %eps = arith.constant dense<1.0e-5> : tensor<f32>
  %sq = accel.elementwise mul %x, %x : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %m = accel.reduce mean %sq {axes = array<i64: 0>, keepdims = true} : (tensor<4x8xf32>) -> tensor<1x8xf32>
  %a = accel.elementwise add %m, %eps : (tensor<1x8xf32>, tensor<f32>) -> tensor<1x8xf32>
  %s = accel.elementwise sqrt %a : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %n = accel.elementwise div %x, %s : (tensor<4x8xf32>, tensor<1x8xf32>) -> tensor<4x8xf32>

  %sq2 = accel.elementwise mul %x, %x : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %m2 = accel.reduce mean %sq2 {axes = array<i64: 1>, keepdims = true} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %s2 = accel.elementwise sqrt %m2 : (tensor<4x1xf32>) -> tensor<4x1xf32>
  %a2 = accel.elementwise add %s2, %eps : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x1xf32>
  %n2 = accel.elementwise div %x, %a2 : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>

  %sq3 = accel.elementwise mul %x, %x : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %m3 = accel.reduce mean %sq3 {axes = array<i64: 1>, keepdims = true} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %a3 = accel.elementwise add %m3, %eps : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x1xf32>
  %s3 = accel.elementwise sqrt %a3 : (tensor<4x1xf32>) -> tensor<4x1xf32>
  %r3 = accel.elementwise reciprocal %s3 : (tensor<4x1xf32>) -> tensor<4x1xf32>
  %n3 = accel.elementwise mul %x, %r3 : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>

  %sq4 = accel.elementwise mul %y, %y : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %m4 = accel.reduce mean %sq4 {axes = array<i64: 1>, keepdims = true} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %a4 = accel.elementwise add %m4, %eps : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x1xf32>
  %s4 = accel.elementwise sqrt %a4 : (tensor<4x1xf32>) -> tensor<4x1xf32>
  %n4 = accel.elementwise div %x, %s4 : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>

  return %n, %n2, %n3, %r3, %n4 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x1xf32>, tensor<4x8xf32>
}

// A weight computed at run time (Gemma's 1 + weight, unfolded) stays a
// product after the norm.
// CHECK-LABEL: func.func @runtime_weight
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>, %[[V:.*]]: tensor<8xf32>)
// CHECK: %[[N:.*]] = accel.rms_norm %[[X]], %{{.*}} {epsilon = 9.99999974E-6 : f32}
// CHECK-NEXT: %[[Y:.*]] = accel.elementwise mul %[[N]], %[[V]]
// CHECK-NEXT: return %[[Y]]
func.func @runtime_weight(%x: tensor<4x8xf32>, %v: tensor<8xf32>) -> tensor<4x8xf32> {
  %eps = arith.constant dense<1.0e-5> : tensor<f32>
  %sq5 = accel.elementwise mul %x, %x : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %m5 = accel.reduce mean %sq5 {axes = array<i64: 1>, keepdims = true} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %a5 = accel.elementwise add %m5, %eps : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x1xf32>
  %s5 = accel.elementwise sqrt %a5 : (tensor<4x1xf32>) -> tensor<4x1xf32>
  %r5 = accel.elementwise reciprocal %s5 : (tensor<4x1xf32>) -> tensor<4x1xf32>
  %n5 = accel.elementwise mul %x, %r5 : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %y5 = accel.elementwise mul %n5, %v : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %y5 : tensor<4x8xf32>
}

// A residual add read by the norm alone becomes its residual operand; one
// read again (a pre-norm layer's stream, which the next residual add
// reads) stays an add.
// CHECK-LABEL: func.func @residual
// CHECK-SAME: (%[[A:.*]]: tensor<4x8xf32>, %[[B:.*]]: tensor<4x8xf32>, %[[C:.*]]: tensor<4x8xf32>)
// CHECK: %[[N:.*]] = accel.rms_norm %[[A]] residual %[[B]], %{{.*}} {epsilon = 9.99999974E-6 : f32} : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK: %[[H:.*]] = accel.elementwise add %[[A]], %[[C]]
// CHECK-NEXT: %[[N2:.*]] = accel.rms_norm %[[H]], %{{.*}} {epsilon = 9.99999974E-6 : f32} : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[N]], %[[N2]], %[[H]]
func.func @residual(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %c: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
  %eps = arith.constant dense<1.0e-5> : tensor<f32>
  %x = accel.elementwise add %a, %b : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %sq = accel.elementwise mul %x, %x : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %m = accel.reduce mean %sq {axes = array<i64: 1>, keepdims = true} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %e = accel.elementwise add %m, %eps : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x1xf32>
  %s = accel.elementwise sqrt %e : (tensor<4x1xf32>) -> tensor<4x1xf32>
  %n = accel.elementwise div %x, %s : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %h = accel.elementwise add %a, %c : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %sq2 = accel.elementwise mul %h, %h : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %m2 = accel.reduce mean %sq2 {axes = array<i64: 1>, keepdims = true} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %e2 = accel.elementwise add %m2, %eps : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x1xf32>
  %s2 = accel.elementwise sqrt %e2 : (tensor<4x1xf32>) -> tensor<4x1xf32>
  %n2 = accel.elementwise div %h, %s2 : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  return %n, %n2, %h : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
}
