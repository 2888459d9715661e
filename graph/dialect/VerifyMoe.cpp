//===-- VerifyMoe.cpp - accel.moe_route and accel.gated_sum verifiers -----===//
//
// accel_moe_route's rules: logits [..., E] with 1 <= k <= E <=
// ACCEL_MOE_MAX_EXPERTS, the gates of its shape. accel_gated_sum's: 1 to
// ACCEL_GATED_SUM_MAX_TERMS terms of the result's shape, gates of its
// shape but the last dimension, one column per term, each -1 or one of the
// gates' columns.
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"

#include "accel_kernels.h"

using namespace mlir;
using namespace accel::graph;

LogicalResult MoeRouteOp::verify() {
  ArrayRef<int64_t> X = shapeOf(getLogits());
  if (X.empty())
    return emitOpError("logits must have rank 1 or more ([..., experts])");
  int64_t E = X.back(), K = getK();
  if (E > ACCEL_MOE_MAX_EXPERTS)
    return emitOpError("has ")
           << E << " experts, at most " << int(ACCEL_MOE_MAX_EXPERTS);
  if (K < 1 || K > E)
    return emitOpError("k ") << K << " is not 1 to " << E << " (the experts)";
  if (shapeOf(getResult()) != X)
    return emitOpError("result shape is not the logits'");
  return success();
}

LogicalResult GatedSumOp::verify() {
  ArrayRef<int64_t> Y = shapeOf(getResult()), G = shapeOf(getGates());
  ArrayRef<int64_t> Columns = getColumns();
  size_t N = getTerms().size();
  if (N < 1 || N > ACCEL_GATED_SUM_MAX_TERMS)
    return emitOpError("has ")
           << N << " terms, expected 1 to " << int(ACCEL_GATED_SUM_MAX_TERMS);
  if (Columns.size() != N)
    return emitOpError("has ")
           << Columns.size() << " columns for " << N << " terms";
  if (Y.empty() || G.size() != Y.size() || G.drop_back() != Y.drop_back())
    return emitOpError("gates must have the result's shape but the last "
                       "dimension");
  if (G.back() > ACCEL_MOE_MAX_EXPERTS)
    return emitOpError("gates have ")
           << G.back() << " columns, at most " << int(ACCEL_MOE_MAX_EXPERTS);
  for (auto [I, T] : llvm::enumerate(getTerms())) {
    if (shapeOf(T) != Y)
      return emitOpError("term ") << I << " does not have the result's shape";
    if (Columns[I] < -1 || Columns[I] >= G.back())
      return emitOpError("column ")
             << Columns[I] << " of term " << I << " is not -1 or a gate column";
  }
  return success();
}
