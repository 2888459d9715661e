//===-- ShapeRules.h - Result shapes of the accel graph ops -----*- C++ -*-===//
//
// ONNX's shape rules for the ops of the accel dialect, in one place: the
// ops' verifiers check results against them. Each returns std::nullopt
// (and sets Why) when the operands do not fit.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_GRAPH_DIALECT_SHAPERULES_H
#define ACCEL_GRAPH_DIALECT_SHAPERULES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <string>

namespace accel::graph {

using Shape = llvm::SmallVector<int64_t, 6>;

/// numpy broadcasting of two shapes.
std::optional<Shape> broadcastShapes(llvm::ArrayRef<int64_t> A,
                                     llvm::ArrayRef<int64_t> B,
                                     std::string &Why);

/// numpy matmul (1-D operands promoted and the added dimension dropped).
std::optional<Shape> matmulShape(llvm::ArrayRef<int64_t> A,
                                 llvm::ArrayRef<int64_t> B, std::string &Why);

/// One output size of a window sliding over \p In: kernel \p K with
/// dilation \p D, stride \p S, padding \p PadBegin and \p PadEnd;
/// \p Ceil rounds up (ONNX's ceil_mode, a window that would start in the
/// end padding dropped).
std::optional<int64_t> windowOutputSize(int64_t In, int64_t K, int64_t D,
                                        int64_t S, int64_t PadBegin,
                                        int64_t PadEnd, bool Ceil,
                                        std::string &Why);

} // namespace accel::graph

#endif
