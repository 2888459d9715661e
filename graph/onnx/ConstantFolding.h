//===-- ConstantFolding.h - Fold small constant computations ----*- C++ -*-===//
//
// A static model computes some tensors from constants alone: a Llama's
// rotary tables from an arange of positions (Cast, Unsqueeze, Mul, Concat,
// Cos, Sin), a causal mask, a Resize's scales (Concat of two Constant
// nodes). ShapeFolding evaluates the integer shape arithmetic; this
// evaluates the rest, of any element type, when every input is a constant
// and the result is small. Included only by the loader's files (it names
// ONNX's protobuf types).
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_GRAPH_ONNX_CONSTANTFOLDING_H
#define ACCEL_GRAPH_ONNX_CONSTANTFOLDING_H

#include "onnx/onnx_pb.h"

#include <map>
#include <string>
#include <vector>

namespace accel::onnx_graph {

/// Replaces the nodes of \p M whose inputs are all small initializers, of
/// the elementwise, comparison, cast and layout ops this evaluates, by
/// initializers of their results. Returns the number of nodes folded.
int foldConstantComputations(onnx::ModelProto &M);

/// Removes the nodes of \p G marked in \p Folded; those of their outputs
/// that anything still reads become initializers, from \p Made.
void replaceFoldedNodes(onnx::GraphProto &G, const std::vector<bool> &Folded,
                        const std::map<std::string, onnx::TensorProto> &Made);

} // namespace accel::onnx_graph

#endif
