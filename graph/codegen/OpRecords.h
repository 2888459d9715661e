//===-- OpRecords.h - An accel op's record for the graph runtime -*- C++
//-*-===//
//
// What an operation record (kernels-c/graph/graph_runtime.h) holds after
// its operand descriptors: one function per op fills the op's
// accel_graph_<op>_attrs and decides statically what the runtime would
// otherwise decide at every call, giving operands the form the kernel
// takes (matmul's vectors as matrices, gemm's C as a bias vector,
// attention's one batch shape).
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_GRAPH_CODEGEN_OPRECORDS_H
#define ACCEL_GRAPH_CODEGEN_OPRECORDS_H

#include "transforms/Views.h"

#include "mlir/IR/Operation.h"

#include <optional>

namespace accel::graph {

/// An op's record, but for its operand descriptors.
struct OpRecord {
  int64_t Code;                      ///< accel_graph_opcode
  llvm::SmallVector<int64_t> Fields; ///< its attributes, as 8-byte fields
};

/// The accel_dtype of the kernels' descriptor of a tensor of \p Element.
int64_t getAccelDtype(mlir::Type Element);

/// \p Op's record; nullopt if the runtime has no code for it. \p Layouts
/// are its operands' then its result's, as the kernel is to take them:
/// some ops' records change them.
std::optional<OpRecord> recordOf(mlir::Operation &Op,
                                 llvm::MutableArrayRef<ViewLayout> Layouts);

} // namespace accel::graph

#endif
