//===-- ShapeFolding.h - Fold an ONNX model's shape computations -*- C++
//-*-===//
//
// PyTorch's exporter computes shapes in the graph: x.view(x.size(0), -1)
// becomes Shape -> Gather -> Unsqueeze -> Concat -> Reshape, and ONNX's
// shape inference (1.12) leaves the Reshape's output unknown. With every
// input shape static, those computations are constants: this evaluates
// them (and Constant nodes) into initializers so that shape inference
// gives every value a static shape. Included only by the loader's files
// (it names ONNX's protobuf types).
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_GRAPH_ONNX_SHAPEFOLDING_H
#define ACCEL_GRAPH_ONNX_SHAPEFOLDING_H

#include "onnx/onnx_pb.h"

namespace accel::onnx_graph {

/// Replaces the nodes of \p M whose outputs are computable now (Constant,
/// and integer shape arithmetic on constants and on the static shapes
/// shape inference has given M's value_info) by initializers. Returns the
/// number of nodes folded.
int foldShapeComputations(onnx::ModelProto &M);

} // namespace accel::onnx_graph

#endif
