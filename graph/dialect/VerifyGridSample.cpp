//===-- VerifyGridSample.cpp - accel.grid_sample's verifier ---------------===//
//
// accel_grid_sample's rules: f32 input [N, C, H, W] (the F32Kernel trait),
// grid [N, Ho, Wo, 2], mode and padding 0 to 2, and the result
// [N, C, Ho, Wo].
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"

using namespace mlir;
using namespace accel::graph;

LogicalResult GridSampleOp::verify() {
  ArrayRef<int64_t> X = shapeOf(getInput()), G = shapeOf(getGrid());
  if (X.size() != 4)
    return emitOpError("input must have rank 4 (NCHW)");
  if (G.size() != 4 || G[0] != X[0] || G[3] != 2)
    return emitOpError("grid must be [N, H_out, W_out, 2] with the input's N");
  if (getMode() < 0 || getMode() > 2 || getPadding() < 0 || getPadding() > 2)
    return emitOpError("mode ")
           << getMode() << " or padding " << getPadding() << " is not 0 to 2";
  SmallVector<int64_t, 4> Want = {X[0], X[1], G[1], G[2]};
  if (shapeOf(getResult()) != ArrayRef<int64_t>(Want))
    return emitOpError("result shape is not [")
           << Want[0] << "x" << Want[1] << "x" << Want[2] << "x" << Want[3]
           << "]";
  return success();
}
