// -accel-fuse-chains (graph/transforms/Passes.td): elementwise ops in a row
// as one accel.elementwise_chain.
// RUN: accel-graph-opt -accel-fuse-chains -canonicalize %s | FileCheck %s

// Elementwise ops in a row: one chain, the
// running value r = x, then relu, + y, z * r (swapped), exp.
// CHECK-LABEL: func.func @chain
// CHECK-NEXT: %[[C:.*]] = accel.elementwise_chain [relu, add, mul, exp] %arg0, %arg1, %arg2 {alphas = array<f32: 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00>, his = {{.*}}, los = {{.*}}, operands = array<i64: 0, 1, 2, 0>, swaps = array<i1: false, false, true, false>} : (tensor<8192xf32>, tensor<8192xf32>, tensor<1xf32>) -> tensor<8192xf32>
// CHECK-NEXT: return %[[C]]
func.func @chain(%x: tensor<8192xf32>, %y: tensor<8192xf32>, %z: tensor<1xf32>) -> tensor<8192xf32> {
  %a = accel.elementwise relu %x : (tensor<8192xf32>) -> tensor<8192xf32>
  %b = accel.elementwise add %a, %y : (tensor<8192xf32>, tensor<8192xf32>) -> tensor<8192xf32>
  %c = accel.elementwise mul %z, %b : (tensor<1xf32>, tensor<8192xf32>) -> tensor<8192xf32>
  %d = accel.elementwise exp %c : (tensor<8192xf32>) -> tensor<8192xf32>
  return %d : tensor<8192xf32>
}

// Small tensors chain too (the chain's fixed cost is below the passes
// it saves at any size): relu then exp on 16 elements.
// CHECK-LABEL: func.func @small
// CHECK-NEXT: accel.elementwise_chain [relu, exp] %arg0 {{{.*}}
// CHECK-NEXT: return
func.func @small(%x: tensor<16xf32>) -> tensor<16xf32> {
  %a = accel.elementwise relu %x : (tensor<16xf32>) -> tensor<16xf32>
  %b = accel.elementwise exp %a : (tensor<16xf32>) -> tensor<16xf32>
  return %b : tensor<16xf32>
}

// A chain computes the f32 kinds on f32 tensors: integer ops, a comparison
// and a pow with an integer exponent stay ops of their own.
// CHECK-LABEL: func.func @typed
// CHECK-NEXT: %[[A:.*]] = accel.elementwise add %arg0, %arg0 : (tensor<64xi32>
// CHECK-NEXT: %[[B:.*]] = accel.elementwise mul %[[A]], %arg0 : (tensor<64xi32>
// CHECK-NEXT: %[[P:.*]] = accel.elementwise pow %arg1, %arg2 : (tensor<64xf32>, tensor<64xi32>)
// CHECK-NEXT: %[[R:.*]] = accel.elementwise relu %[[P]] : (tensor<64xf32>)
// CHECK-NEXT: %[[L:.*]] = accel.elementwise less %[[R]], %arg1 : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xi1>
// CHECK-NEXT: %[[N:.*]] = accel.elementwise logical_not %[[L]] : (tensor<64xi1>) -> tensor<64xi1>
// CHECK-NEXT: return %[[B]], %[[N]]
func.func @typed(%x: tensor<64xi32>, %f: tensor<64xf32>, %e: tensor<64xi32>) -> (tensor<64xi32>, tensor<64xi1>) {
  %a = accel.elementwise add %x, %x : (tensor<64xi32>, tensor<64xi32>) -> tensor<64xi32>
  %b = accel.elementwise mul %a, %x : (tensor<64xi32>, tensor<64xi32>) -> tensor<64xi32>
  %p = accel.elementwise pow %f, %e : (tensor<64xf32>, tensor<64xi32>) -> tensor<64xf32>
  %r = accel.elementwise relu %p : (tensor<64xf32>) -> tensor<64xf32>
  %l = accel.elementwise less %r, %f : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xi1>
  %n = accel.elementwise logical_not %l : (tensor<64xi1>) -> tensor<64xi1>
  return %b, %n : tensor<64xi32>, tensor<64xi1>
}
