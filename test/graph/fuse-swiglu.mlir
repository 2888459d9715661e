// -accel-fuse-activations (graph/transforms/FuseSwiGLU.cpp): a SwiGLU
// block's silu(x . W1) * (x . W3), with x * sigmoid(x) made the gate's
// silu first (FuseSilu.cpp), as one accel.gemm_glu with W1 and W3 packed
// at compile time (accel_gemm_glu_pack's layout); anything else left as
// it is.
// RUN: accel-graph-opt -accel-fuse-activations --mlir-print-elementsattrs-with-hex-if-larger=1000 %s \
// RUN:   | FileCheck %s

// W1 [4, 20] = 1 + column j (j = 0 .. 19), W3 = -1: the packed [4, 4, 16]
// holds W1's columns 0-15 in panel 0, W3's in panel 1, W1's 16-19 then
// zeros in panel 2, W3's in panel 3.
// CHECK-LABEL: func.func @swiglu
// CHECK-SAME: (%[[X:.*]]: tensor<1x3x4xf32>)
// CHECK: %[[W:.*]] = arith.constant dense<{{\[\[\[}}1.000000e+00, 2.000000e+00, {{.*}}1.600000e+01], {{.*}}{{\[\[}}-1.000000e+00, {{.*}}{{\[\[}}1.700000e+01, 1.800000e+01, 1.900000e+01, 2.000000e+01, 0.000000e+00, {{.*}}{{\[\[}}-1.000000e+00, -1.000000e+00, -1.000000e+00, -1.000000e+00, 0.000000e+00, {{.*}} : tensor<4x4x16xf32>
// CHECK-NEXT: %[[A:.*]] = accel.reshape %[[X]] : (tensor<1x3x4xf32>) -> tensor<3x4xf32>
// CHECK-NEXT: %[[G:.*]] = accel.gemm_glu %[[A]], %[[W]] : (tensor<3x4xf32>, tensor<4x4x16xf32>) -> tensor<3x20xf32>
// CHECK-NEXT: %[[Y:.*]] = accel.reshape %[[G]] : (tensor<3x20xf32>) -> tensor<1x3x20xf32>
// CHECK-NEXT: return %[[Y]]
func.func @swiglu(%x: tensor<1x3x4xf32>) -> tensor<1x3x20xf32> {
  %w1 = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0],
                              [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0],
                              [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0],
                              [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0]]> : tensor<4x20xf32>
  %w3 = arith.constant dense<-1.0> : tensor<4x20xf32>
  %g = accel.matmul %x, %w1 : (tensor<1x3x4xf32>, tensor<4x20xf32>) -> tensor<1x3x20xf32>
  %s = accel.elementwise sigmoid %g : (tensor<1x3x20xf32>) -> tensor<1x3x20xf32>
  %silu = accel.elementwise mul %g, %s : (tensor<1x3x20xf32>, tensor<1x3x20xf32>) -> tensor<1x3x20xf32>
  %u = accel.matmul %x, %w3 : (tensor<1x3x4xf32>, tensor<4x20xf32>) -> tensor<1x3x20xf32>
  %y = accel.elementwise mul %u, %silu : (tensor<1x3x20xf32>, tensor<1x3x20xf32>) -> tensor<1x3x20xf32>
  return %y : tensor<1x3x20xf32>
}

// Left alone (the gates' silu fused, the products not): the up
// projection of another x; the gate read again; the weights not
// constants; a gate without silu (relu).
// CHECK-LABEL: func.func @not_swiglu
// CHECK-NOT: accel.gemm_glu
// CHECK: return
func.func @not_swiglu(%x: tensor<3x4xf32>, %z: tensor<3x4xf32>, %wv: tensor<4x8xf32>) -> (tensor<3x8xf32>, tensor<3x8xf32>, tensor<3x8xf32>, tensor<3x8xf32>, tensor<3x8xf32>) {
  %w1 = arith.constant dense<0.5> : tensor<4x8xf32>
  %w3 = arith.constant dense<0.25> : tensor<4x8xf32>

  %g = accel.matmul %x, %w1 : (tensor<3x4xf32>, tensor<4x8xf32>) -> tensor<3x8xf32>
  %s = accel.elementwise sigmoid %g : (tensor<3x8xf32>) -> tensor<3x8xf32>
  %silu = accel.elementwise mul %g, %s : (tensor<3x8xf32>, tensor<3x8xf32>) -> tensor<3x8xf32>
  %u = accel.matmul %z, %w3 : (tensor<3x4xf32>, tensor<4x8xf32>) -> tensor<3x8xf32>
  %y = accel.elementwise mul %silu, %u : (tensor<3x8xf32>, tensor<3x8xf32>) -> tensor<3x8xf32>

  %g2 = accel.matmul %x, %w1 : (tensor<3x4xf32>, tensor<4x8xf32>) -> tensor<3x8xf32>
  %s2 = accel.elementwise sigmoid %g2 : (tensor<3x8xf32>) -> tensor<3x8xf32>
  %silu2 = accel.elementwise mul %g2, %s2 : (tensor<3x8xf32>, tensor<3x8xf32>) -> tensor<3x8xf32>
  %u2 = accel.matmul %x, %w3 : (tensor<3x4xf32>, tensor<4x8xf32>) -> tensor<3x8xf32>
  %y2 = accel.elementwise mul %silu2, %u2 : (tensor<3x8xf32>, tensor<3x8xf32>) -> tensor<3x8xf32>

  %g3 = accel.matmul %x, %wv : (tensor<3x4xf32>, tensor<4x8xf32>) -> tensor<3x8xf32>
  %s3 = accel.elementwise sigmoid %g3 : (tensor<3x8xf32>) -> tensor<3x8xf32>
  %silu3 = accel.elementwise mul %g3, %s3 : (tensor<3x8xf32>, tensor<3x8xf32>) -> tensor<3x8xf32>
  %u3 = accel.matmul %x, %wv : (tensor<3x4xf32>, tensor<4x8xf32>) -> tensor<3x8xf32>
  %y3 = accel.elementwise mul %silu3, %u3 : (tensor<3x8xf32>, tensor<3x8xf32>) -> tensor<3x8xf32>

  %g4 = accel.matmul %x, %w1 : (tensor<3x4xf32>, tensor<4x8xf32>) -> tensor<3x8xf32>
  %r4 = accel.elementwise relu %g4 : (tensor<3x8xf32>) -> tensor<3x8xf32>
  %u4 = accel.matmul %x, %w3 : (tensor<3x4xf32>, tensor<4x8xf32>) -> tensor<3x8xf32>
  %y4 = accel.elementwise mul %r4, %u4 : (tensor<3x8xf32>, tensor<3x8xf32>) -> tensor<3x8xf32>
  return %y, %y2, %silu2, %y3, %y4 : tensor<3x8xf32>, tensor<3x8xf32>, tensor<3x8xf32>, tensor<3x8xf32>, tensor<3x8xf32>
}
