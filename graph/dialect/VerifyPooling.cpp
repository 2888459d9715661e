//===-- VerifyPooling.cpp - accel.max_pool2d_typed's verifier -------------===//
//
// accel_maxpool2d_typed's rules: an NCHW input of any type but bool, a 2-D
// window (two kernel sizes, strides and dilations, four pads), and the
// result [N, C, OH, OW] of the input's type, or int64 for the indices,
// with storage_order 0 or 1.
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"
#include "dialect/ShapeRules.h"

using namespace mlir;
using namespace accel::graph;

LogicalResult MaxPoolTypedOp::verify() {
  ArrayRef<int64_t> X = shapeOf(getInput());
  if (X.size() != 4)
    return emitOpError("input must have rank 4 (NCHW)");
  Type In = cast<RankedTensorType>(getInput().getType()).getElementType();
  Type Out = getType().getElementType();
  if (In.isInteger(1))
    return emitOpError("element type bool is not supported");
  if (getIndices() ? !Out.isSignlessInteger(64) : Out != In)
    return emitOpError("result type ")
           << getElementTypeName(Out) << " is not "
           << (getIndices() ? "int64 (the indices)" : "the input's");
  if (getStorageOrder() != 0 && getStorageOrder() != 1)
    return emitOpError("storage_order ")
           << getStorageOrder() << " is not 0 or 1";
  if (getKernel().size() != 2 || getStrides().size() != 2 ||
      getDilations().size() != 2 || getPads().size() != 4)
    return emitOpError("needs 2 kernel sizes, strides and dilations, 4 pads");
  SmallVector<int64_t, 4> Want = {X[0], X[1]};
  for (int I = 0; I != 2; ++I) {
    std::string Why;
    auto S = windowOutputSize(X[2 + I], getKernel()[I], getDilations()[I],
                              getStrides()[I], getPads()[I], getPads()[2 + I],
                              getCeilMode(), Why);
    if (!S)
      return emitOpError(Why);
    Want.push_back(*S);
  }
  if (shapeOf(getResult()) != ArrayRef<int64_t>(Want))
    return emitOpError("result shape is not the window's output [")
           << Want[0] << "x" << Want[1] << "x" << Want[2] << "x" << Want[3]
           << "]";
  return success();
}
