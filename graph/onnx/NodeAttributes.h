//===-- NodeAttributes.h - Reading ONNX nodes' attributes -------*- C++ -*-===//
//
// What the loader's passes over ONNX's protobuf (ShapeFolding,
// ConstantFolding, ControlFlow) read of a node: its attributes, and an
// axis normalized against a rank. Included only by the loader's files.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_GRAPH_ONNX_NODEATTRIBUTES_H
#define ACCEL_GRAPH_ONNX_NODEATTRIBUTES_H

#include "onnx/onnx_pb.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace accel::onnx_graph {

inline const onnx::AttributeProto *findAttr(const onnx::NodeProto &N,
                                            const std::string &Name) {
  for (const auto &A : N.attribute())
    if (A.name() == Name)
      return &A;
  return nullptr;
}

inline int64_t intAttr(const onnx::NodeProto &N, const std::string &Name,
                       int64_t Default) {
  const auto *A = findAttr(N, Name);
  return A ? A->i() : Default;
}

/// Normalizes a possibly negative \p Axis of \p Rank; nullopt if outside it.
inline std::optional<int64_t> axisOf(int64_t Axis, int64_t Rank) {
  if (Axis < -Rank || Axis >= Rank)
    return std::nullopt;
  return Axis < 0 ? Axis + Rank : Axis;
}

inline int64_t numElements(const std::vector<int64_t> &Dims) {
  int64_t N = 1;
  for (int64_t D : Dims)
    N *= D;
  return N;
}

} // namespace accel::onnx_graph

#endif
