//===-- AccelGraphDialect.h - The accel graph dialect -----------*- C++ -*-===//
//
// The dialect, its enum attributes and interfaces, and the ops of
// AccelGraphOps.td (docs/graph.md).
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_GRAPH_DIALECT_ACCELGRAPHDIALECT_H
#define ACCEL_GRAPH_DIALECT_ACCELGRAPHDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "dialect/AccelGraphOpsDialect.h.inc"

#include "dialect/AccelGraphInterfaces.h"

#define GET_OP_CLASSES
#include "dialect/AccelGraphOps.h.inc"

namespace accel::graph {

/// The static shape of a value of the dialect: every one is a ranked
/// tensor.
inline llvm::ArrayRef<int64_t> shapeOf(mlir::Value V) {
  return mlir::cast<mlir::RankedTensorType>(V.getType()).getShape();
}

/// The number of inputs an elementwise kind takes (AccelGraphEnums.td).
inline unsigned getArity(ElementwiseKind Kind) {
  return ElementwiseKindAttr::getArity(Kind);
}

} // namespace accel::graph

#endif
