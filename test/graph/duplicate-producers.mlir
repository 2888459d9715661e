// A small f32 elementwise op read only by unary ones is cloned for each,
// and each reader takes its copy into a chain (graph/transforms/
// DuplicateProducers.cpp, then FuseChains.cpp): a decoding step's rotary
// angles read by their cos and their sin become two chains, and nothing
// writes the angles. Not cloned: a value of more than 8192 elements, a
// reader that is not elementwise, a binary reader, one reader.
// RUN: accel-graph-opt --accel-fuse-chains %s | FileCheck %s

// CHECK-LABEL: func.func @rotary_angles
// CHECK-NOT: accel.elementwise mul
// CHECK: %[[C:.*]] = accel.elementwise_chain [mul, cos]
// CHECK: %[[S:.*]] = accel.elementwise_chain [mul, sin]
// CHECK: return %[[C]], %[[S]]
func.func @rotary_angles(%pos: tensor<1x1x1xf32>, %inv: tensor<1x1x32xf32>) -> (tensor<1x1x32xf32>, tensor<1x1x32xf32>) {
  %a = accel.elementwise mul %pos, %inv : (tensor<1x1x1xf32>, tensor<1x1x32xf32>) -> tensor<1x1x32xf32>
  %c = accel.elementwise cos %a : (tensor<1x1x32xf32>) -> tensor<1x1x32xf32>
  %s = accel.elementwise sin %a : (tensor<1x1x32xf32>) -> tensor<1x1x32xf32>
  return %c, %s : tensor<1x1x32xf32>, tensor<1x1x32xf32>
}

// CHECK-LABEL: func.func @too_large
// CHECK: accel.elementwise mul
// CHECK: accel.elementwise exp
// CHECK: accel.elementwise tanh
func.func @too_large(%x: tensor<8193xf32>, %y: tensor<8193xf32>) -> (tensor<8193xf32>, tensor<8193xf32>) {
  %a = accel.elementwise mul %x, %y : (tensor<8193xf32>, tensor<8193xf32>) -> tensor<8193xf32>
  %e = accel.elementwise exp %a : (tensor<8193xf32>) -> tensor<8193xf32>
  %t = accel.elementwise tanh %a : (tensor<8193xf32>) -> tensor<8193xf32>
  return %e, %t : tensor<8193xf32>, tensor<8193xf32>
}

// CHECK-LABEL: func.func @read_by_a_reshape
// CHECK: accel.elementwise mul
// CHECK: accel.elementwise exp
// CHECK-NOT: accel.elementwise_chain
func.func @read_by_a_reshape(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<32xf32>) {
  %a = accel.elementwise mul %x, %y : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %e = accel.elementwise exp %a : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %r = accel.reshape %a : (tensor<4x8xf32>) -> tensor<32xf32>
  return %e, %r : tensor<4x8xf32>, tensor<32xf32>
}

// CHECK-LABEL: func.func @binary_reader
// CHECK: accel.elementwise mul
// CHECK: accel.elementwise exp
// CHECK: accel.elementwise add
func.func @binary_reader(%x: tensor<16xf32>, %y: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %a = accel.elementwise mul %x, %y : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %e = accel.elementwise exp %a : (tensor<16xf32>) -> tensor<16xf32>
  %s = accel.elementwise add %a, %y : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  return %e, %s : tensor<16xf32>, tensor<16xf32>
}
