//===-- ConcatInPlace.h - Concatenations their producers write ---*- C++ -*-===//
//
// A concatenation whose inputs are each a contiguous run of its result
// (the dimensions before the axis all 1: NCHW's channels of one image) need
// not be a copy: each input's producer writes straight into its part of the
// result's buffer, and the concat is a view (-accel-plan-memory).
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_GRAPH_TRANSFORMS_CONCATINPLACE_H
#define ACCEL_GRAPH_TRANSFORMS_CONCATINPLACE_H

#include "transforms/Views.h"

#include "mlir/IR/Block.h"
#include "llvm/ADT/DenseMap.h"

namespace accel::graph {

/// An input of such a concatenation: the concat, and where the input's
/// bytes start in the concat's.
struct ConcatPart {
  mlir::Operation *Concat = nullptr;
  int64_t ByteOffset = 0;
};

/// The inputs of \p Body's concatenations that their producers can write
/// in place: each input computed by an op of one result that is not a view
/// (\p Plan) nor a concat, the inputs distinct and each in one such concat,
/// every part starting on a 64-byte boundary of the result.
llvm::DenseMap<mlir::Value, ConcatPart>
findConcatParts(mlir::Block &Body, const ViewPlan &Plan);

} // namespace accel::graph

#endif
