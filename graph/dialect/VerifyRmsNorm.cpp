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
  if (writesSum()) {
    if (!getResidual() || shapeOf(getResult()).front() != 2 ||
        shapeOf(getResult()).drop_front() != In)
      return emitOpError("a result of the sum and the norm must be [2, the "
                         "input's dims], with a residual");
  } else if (getType() != getInput().getType()) {
    return emitOpError("result must have the input's type");
  }
  if (!(getEpsilon().convertToFloat() >= 0.0f))
    return emitOpError("epsilon must be a non-negative number");
  return success();
}
