//===-- FunctionExpansion.h - Inline ONNX functions' bodies -----*- C++ -*-===//
//
// Many ONNX operators are functions: their schema gives a body of simpler
// operators (NegativeLogLikelihoodLoss, SoftmaxCrossEntropyLoss, Celu,
// MeanVarianceNormalization, ...), some built from the node's attributes
// and input types. An operator the compiler has no lowering of is
// compiled through its body, as ONNX Runtime and onnx-mlir do. Included
// only by the loader's files (it names ONNX's protobuf types).
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_GRAPH_ONNX_FUNCTIONEXPANSION_H
#define ACCEL_GRAPH_ONNX_FUNCTIONEXPANSION_H

#include "onnx/onnx_pb.h"

#include <functional>
#include <string>

namespace accel::onnx_graph {

/// Replaces each node of \p M's graph (of the default domain, at the
/// model's opset) whose op type \p IsNative refuses and whose schema has a
/// function body by that body; a body built from the node's input types
/// needs them inferred in M's value_info first. Returns the number of
/// nodes replaced.
int expandFunctions(onnx::ModelProto &M,
                    const std::function<bool(const std::string &)> &IsNative);

} // namespace accel::onnx_graph

#endif
