//===-- AccelGraphInterfaces.h - What an op's kernel can do ------*- C++
//-*-===//
//
// The op interfaces and traits of AccelGraphInterfaces.td, and the layout
// predicates their default implementations use.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_GRAPH_DIALECT_ACCELGRAPHINTERFACES_H
#define ACCEL_GRAPH_DIALECT_ACCELGRAPHINTERFACES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"

#include "dialect/AccelGraphEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "dialect/AccelGraphAttrs.h.inc"

namespace accel::graph {

/// Whether a value of \p Shape laid out with \p Strides has consecutive
/// elements in its innermost dimension (or at most one there).
bool hasUnitInnerStride(llvm::ArrayRef<int64_t> Shape,
                        llvm::ArrayRef<int64_t> Strides);

/// Whether dimensions [\p First, rank) of \p Shape laid out with
/// \p Strides are one run of equally spaced elements.
bool isOneRunFrom(int64_t First, llvm::ArrayRef<int64_t> Shape,
                  llvm::ArrayRef<int64_t> Strides);

/// FusedActivationOpInterface's verifier.
mlir::LogicalResult verifyFusedActivation(mlir::Operation *Op);

namespace OpTrait {
/// AccelGraphInterfaces.td's MayRunInPlace.
template <typename ConcreteType>
class MayRunInPlace
    : public mlir::OpTrait::TraitBase<ConcreteType, MayRunInPlace> {};
} // namespace OpTrait

} // namespace accel::graph

#include "dialect/AccelGraphInterfaces.h.inc"

#endif
