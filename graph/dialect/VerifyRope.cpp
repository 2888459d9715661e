//===-- VerifyRope.cpp - accel.rope's verifier ----------------------------===//
//
// accel_rope's rules: f32 (the F32Kernel trait), an input [..., D] with D
// even, cos and sin of one shape of the input's rank or lower that
// broadcasts to the input's (right-aligned) but in the last dimension, D
// or D / 2, and the result of the input's shape.
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"

using namespace mlir;
using namespace accel::graph;

LogicalResult RopeOp::verify() {
  ArrayRef<int64_t> X = shapeOf(getInput()), C = shapeOf(getCos());
  if (X.empty() || X.back() % 2)
    return emitOpError("input's last dimension must be even");
  if (shapeOf(getSin()) != C)
    return emitOpError("sin's shape is not cos's");
  if (C.empty() || C.size() > X.size())
    return emitOpError("cos must have a rank from 1 to the input's");
  if (C.back() != X.back() && 2 * C.back() != X.back())
    return emitOpError("cos's last dimension ")
           << C.back() << " is not the input's " << X.back() << " or half it";
  size_t Shift = X.size() - C.size();
  for (size_t D = 0; D + 1 < C.size(); ++D)
    if (C[D] != 1 && C[D] != X[Shift + D])
      return emitOpError("cos's dimension ")
             << D << " (" << C[D] << ") does not broadcast to the input's "
             << X[Shift + D];
  if (shapeOf(getResult()) != X)
    return emitOpError("result shape is not the input's");
  return success();
}
