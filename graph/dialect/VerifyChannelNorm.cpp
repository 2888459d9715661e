//===-- VerifyChannelNorm.cpp - accel.channel_norm's verifier -------------===//
//
// accel_channel_norm's rules: an input [N, C, ...] of rank 2 or more, at
// most ACCEL_CHANNEL_NORM_MAX_CHANNELS channels, scale and shift [C] when
// present, epsilon not negative, and the input's type as the result's
// (with channels_last, its permute to [N, ..., C]).
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"

#include "accel_kernels.h"

using namespace mlir;
using namespace accel::graph;

LogicalResult ChannelNormOp::verify() {
  ArrayRef<int64_t> X = shapeOf(getInput());
  if (X.size() < 2)
    return emitOpError("input must have rank 2 or more ([N, C, ...])");
  int64_t C = X[1];
  if (C > ACCEL_CHANNEL_NORM_MAX_CHANNELS)
    return emitOpError("has ") << C << " channels; the kernel takes at most "
                               << int64_t(ACCEL_CHANNEL_NORM_MAX_CHANNELS);
  if (getScale() && shapeOf(getScale()) != ArrayRef<int64_t>{C})
    return emitOpError("scale must have shape [") << C << "]";
  if (getShift() && shapeOf(getShift()) != ArrayRef<int64_t>{C})
    return emitOpError("shift must have shape [") << C << "]";
  if (!(getEpsilon().convertToFloat() >= 0))
    return emitOpError("epsilon must not be negative");
  SmallVector<int64_t> Out(X);
  if (getChannelsLast()) { // the channels moved last
    Out.erase(Out.begin() + 1);
    Out.push_back(C);
  }
  auto In = cast<RankedTensorType>(getInput().getType());
  if (getType() != RankedTensorType::get(Out, In.getElementType()))
    return emitOpError(getChannelsLast()
                           ? "result type must be the input's with its "
                             "channels last"
                           : "result type must be the input's");
  return success();
}
