// -accel-collapse-ranks (graph/transforms/Passes.td): ops above the
// kernels' rank (6) run on their operands with the dimensions they treat
// alike merged, their results reshaped back; a slice of every element is
// its input.
// RUN: accel-graph-opt -accel-collapse-ranks %s | FileCheck %s

// Rank 7, no broadcast: one dimension.
// CHECK-LABEL: func.func @neg7
// CHECK-NEXT: %[[X:.*]] = accel.reshape %arg0 : (tensor<3x1x6x6x5x3x4xf32>) -> tensor<6480xf32>
// CHECK-NEXT: %[[N:.*]] = accel.elementwise neg %[[X]] : (tensor<6480xf32>) -> tensor<6480xf32>
// CHECK-NEXT: accel.reshape %[[N]] : (tensor<6480xf32>) -> tensor<3x1x6x6x5x3x4xf32>
func.func @neg7(%x: tensor<3x1x6x6x5x3x4xf32>) -> tensor<3x1x6x6x5x3x4xf32> {
  %0 = accel.elementwise neg %x : (tensor<3x1x6x6x5x3x4xf32>) -> tensor<3x1x6x6x5x3x4xf32>
  return %0 : tensor<3x1x6x6x5x3x4xf32>
}

// b broadcasts along dimensions 0 and 1 only (of rank 7, b's 5 aligned
// from the right): those two merge, and the other five.
// CHECK-LABEL: func.func @broadcast7
// CHECK-NEXT: %[[A:.*]] = accel.reshape %arg0 : (tensor<2x3x4x5x2x2x2xf32>) -> tensor<6x160xf32>
// CHECK-NEXT: %[[B:.*]] = accel.reshape %arg1 : (tensor<4x5x2x2x2xf32>) -> tensor<1x160xf32>
// CHECK-NEXT: %[[S:.*]] = accel.elementwise add %[[A]], %[[B]] : (tensor<6x160xf32>, tensor<1x160xf32>) -> tensor<6x160xf32>
// CHECK-NEXT: accel.reshape %[[S]] : (tensor<6x160xf32>) -> tensor<2x3x4x5x2x2x2xf32>
func.func @broadcast7(%a: tensor<2x3x4x5x2x2x2xf32>, %b: tensor<4x5x2x2x2xf32>) -> tensor<2x3x4x5x2x2x2xf32> {
  %0 = accel.elementwise add %a, %b : (tensor<2x3x4x5x2x2x2xf32>, tensor<4x5x2x2x2xf32>) -> tensor<2x3x4x5x2x2x2xf32>
  return %0 : tensor<2x3x4x5x2x2x2xf32>
}

// Along axis 1 of rank 7: dimension 0 stays, 2 to 6 merge.
// CHECK-LABEL: func.func @gather7
// CHECK-NEXT: %[[X:.*]] = accel.reshape %arg0 : (tensor<3x5x6x6x5x3x4xf32>) -> tensor<3x5x2160xf32>
// CHECK-NEXT: %[[I:.*]] = accel.reshape %arg1 : (tensor<3x1x6x6x5x3x4xi64>) -> tensor<3x1x2160xi64>
// CHECK-NEXT: %[[G:.*]] = accel.gather_elements %[[X]][%[[I]]] {axis = 1 : i64} : (tensor<3x5x2160xf32>, tensor<3x1x2160xi64>) -> tensor<3x1x2160xf32>
// CHECK-NEXT: accel.reshape %[[G]] : (tensor<3x1x2160xf32>) -> tensor<3x1x6x6x5x3x4xf32>
func.func @gather7(%x: tensor<3x5x6x6x5x3x4xf32>, %i: tensor<3x1x6x6x5x3x4xi64>) -> tensor<3x1x6x6x5x3x4xf32> {
  %0 = accel.gather_elements %x[%i] {axis = 1 : i64} : (tensor<3x5x6x6x5x3x4xf32>, tensor<3x1x6x6x5x3x4xi64>) -> tensor<3x1x6x6x5x3x4xf32>
  return %0 : tensor<3x1x6x6x5x3x4xf32>
}

// Rank 6 and below: left alone. A slice of everything: its input.
// CHECK-LABEL: func.func @untouched
// CHECK-NEXT: %[[N:.*]] = accel.elementwise neg %arg0 : (tensor<1x2x3x4x5x6xf32>) -> tensor<1x2x3x4x5x6xf32>
// CHECK-NEXT: return %[[N]]
func.func @untouched(%x: tensor<1x2x3x4x5x6xf32>) -> tensor<1x2x3x4x5x6xf32> {
  %0 = accel.elementwise neg %x : (tensor<1x2x3x4x5x6xf32>) -> tensor<1x2x3x4x5x6xf32>
  %1 = accel.slice %0 {starts = array<i64: 0, 0, 0, 0, 0, 0>, steps = array<i64: 1, 1, 1, 1, 1, 1>} : (tensor<1x2x3x4x5x6xf32>) -> tensor<1x2x3x4x5x6xf32>
  return %1 : tensor<1x2x3x4x5x6xf32>
}

// A dimension merges into the one before it where the indices' size is
// the data's: [3, 5, 4, 2, 2, 2, 2] along axis 1 with indices
// [3, 2, 4, 2, 2, 2, 2] keeps 3 and the axis, and merges the rest.
// CHECK-LABEL: func.func @scatter7
// CHECK-NEXT: %[[X:.*]] = accel.reshape %arg0 : (tensor<3x5x4x2x2x2x2xf32>) -> tensor<3x5x64xf32>
// CHECK-NEXT: %[[I:.*]] = accel.reshape %arg1 : (tensor<3x2x4x2x2x2x2xi64>) -> tensor<3x2x64xi64>
// CHECK-NEXT: %[[U:.*]] = accel.reshape %arg2 : (tensor<3x2x4x2x2x2x2xf32>) -> tensor<3x2x64xf32>
// CHECK-NEXT: %[[S:.*]] = accel.scatter_elements add %[[X]][%[[I]]], %[[U]] {axis = 1 : i64} : (tensor<3x5x64xf32>, tensor<3x2x64xi64>, tensor<3x2x64xf32>) -> tensor<3x5x64xf32>
// CHECK-NEXT: accel.reshape %[[S]] : (tensor<3x5x64xf32>) -> tensor<3x5x4x2x2x2x2xf32>
func.func @scatter7(%x: tensor<3x5x4x2x2x2x2xf32>, %i: tensor<3x2x4x2x2x2x2xi64>, %u: tensor<3x2x4x2x2x2x2xf32>) -> tensor<3x5x4x2x2x2x2xf32> {
  %0 = accel.scatter_elements add %x[%i], %u {axis = 1 : i64} : (tensor<3x5x4x2x2x2x2xf32>, tensor<3x2x4x2x2x2x2xi64>, tensor<3x2x4x2x2x2x2xf32>) -> tensor<3x5x4x2x2x2x2xf32>
  return %0 : tensor<3x5x4x2x2x2x2xf32>
}
