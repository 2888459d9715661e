//===-- VerifyRmsNorm.cpp - accel.rms_norm's verifier ---------------------===//

#include "dialect/AccelGraphDialect.h"

using namespace mlir;
using namespace accel::graph;

LogicalResult RmsNormOp::verify() {
  ArrayRef<int64_t> In = shapeOf(getInput());
  if (In.empty())
    return emitOpError("input must have rank 1 or more");
  if (shapeOf(getScale()) != ArrayRef<int64_t>{In.back()})
    return emitOpError("scale must have shape [") << In.back() << "]";
  if (getResidual() && getResidual().getType() != getInput().getType())
    return emitOpError("residual must have the input's type");
  if (getType() != getInput().getType())
    return emitOpError("result must have the input's type");
  if (!(getEpsilon().convertToFloat() >= 0.0f))
    return emitOpError("epsilon must be a non-negative number");
  return success();
}
