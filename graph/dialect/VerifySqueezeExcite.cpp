//===-- VerifySqueezeExcite.cpp - accel.squeeze_excite's verifier ---------===//
//
// accel_squeeze_excite's rules: an NCHW input, w1 [R, C, 1, 1] and w2
// [C, R, 1, 1] (1x1 convolutions' weights) with biases [R] and [C], an
// activation of none, relu or silu between them, and the input's type as
// the result's.
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"

using namespace mlir;
using namespace accel::graph;

LogicalResult SqueezeExciteOp::verify() {
  ArrayRef<int64_t> X = shapeOf(getInput()), W1 = shapeOf(getW1()),
                    W2 = shapeOf(getW2());
  if (X.size() != 4)
    return emitOpError("input must have rank 4 (NCHW)");
  if (W1.size() != 4 || W1[2] != 1 || W1[3] != 1 || W1[1] != X[1])
    return emitOpError("w1 must have shape [R, ") << X[1] << ", 1, 1]";
  int64_t R = W1[0];
  if (W2 != ArrayRef<int64_t>{X[1], R, 1, 1})
    return emitOpError("w2 must have shape [")
           << X[1] << ", " << R << ", 1, 1]";
  if (getBias1() && shapeOf(getBias1()) != ArrayRef<int64_t>{R})
    return emitOpError("bias1 must have shape [") << R << "]";
  if (getBias2() && shapeOf(getBias2()) != ArrayRef<int64_t>{X[1]})
    return emitOpError("bias2 must have shape [") << X[1] << "]";
  if (auto Act = getActivation();
      Act && *Act != Activation::relu && *Act != Activation::silu)
    return emitOpError("activation must be relu or silu");
  if (getType() != getInput().getType())
    return emitOpError("result type must be the input's");
  return success();
}
