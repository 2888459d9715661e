//===-- VerifyGridSample.cpp - accel.grid_sample and accel.det verifiers -===//
//
// accel_grid_sample's rules: f32 input [N, C, H, W] (the F32Kernel trait),
// grid [N, Ho, Wo, 2], mode and padding 0 to 2, and the result
// [N, C, Ho, Wo]. accel_det's: a float input [..., M, M], the result [...]
// of its type.
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

LogicalResult DetOp::verify() {
  ArrayRef<int64_t> X = shapeOf(getInput());
  Type E = cast<RankedTensorType>(getInput().getType()).getElementType();
  if (!E.isF32() && !E.isF64() && !E.isF16() && !E.isBF16())
    return emitOpError("element type ")
           << getElementTypeName(E)
           << " is not supported (f32, f64, f16, bf16)";
  if (getType().getElementType() != E)
    return emitOpError("result type ")
           << getElementTypeName(getType().getElementType())
           << " is not the input's";
  if (X.size() < 2 || X[X.size() - 1] != X[X.size() - 2])
    return emitOpError("input must be [..., M, M]");
  if (shapeOf(getResult()) != X.drop_back(2))
    return emitOpError("result shape is not the input's without its last two");
  return success();
}
