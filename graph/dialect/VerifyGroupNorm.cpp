//===-- VerifyGroupNorm.cpp - accel.group_norm's verifier -----------------===//
//
// accel_groupnorm's rules: an input [N, C, ...] of rank 2 or more, groups
// dividing C, scale and shift [C], epsilon not negative, an activation of
// none, relu or silu, and the input's type as the result's.
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"

using namespace mlir;
using namespace accel::graph;

bool GroupNormOp::supportsActivation(Activation Kind) {
  return Kind == Activation::relu || Kind == Activation::silu;
}

LogicalResult GroupNormOp::verify() {
  ArrayRef<int64_t> X = shapeOf(getInput());
  if (X.size() < 2)
    return emitOpError("input must have rank 2 or more ([N, C, ...])");
  int64_t C = X[1], G = getGroups();
  if (G < 1 || C % G)
    return emitOpError("groups (")
           << G << ") must divide the " << C << " channels";
  if (shapeOf(getScale()) != ArrayRef<int64_t>{C})
    return emitOpError("scale must have shape [") << C << "]";
  if (shapeOf(getShift()) != ArrayRef<int64_t>{C})
    return emitOpError("shift must have shape [") << C << "]";
  if (!(getEpsilon().convertToFloat() >= 0))
    return emitOpError("epsilon must not be negative");
  if (getType() != getInput().getType())
    return emitOpError("result type must be the input's");
  return success();
}
