//===-- VerifyConvUpsampled.cpp - accel.conv2d_upsampled's verifier -------===//
//
// accel_conv2d_upsampled's rules: f32 NCHW input, a scale s from 1 to
// ACCEL_CONV2D_UPSAMPLED_MAX_SCALE and a positive kernel height KH, pads
// that are not negative, weights [s Cout, C, KH', KW] with KH' the rows a
// phase's output row reads (accel_conv2d_upsampled_rows), a bias [Cout],
// no exact GELU, and the result [N, Cout, s H + t + b - KH + 1, s W + l + r
// - KW + 1].
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"

#include "accel_kernels.h"

using namespace mlir;
using namespace accel::graph;

bool Conv2dUpsampledOp::supportsActivation(Activation Kind) {
  return Kind != Activation::gelu_erf;
}

LogicalResult Conv2dUpsampledOp::verify() {
  ArrayRef<int64_t> X = shapeOf(getInput()), W = shapeOf(getWeight());
  if (X.size() != 4 || W.size() != 4)
    return emitOpError("input and weight must have rank 4 (NCHW, MCKK)");
  for (Value V : getOperation()->getOperands())
    if (!cast<RankedTensorType>(V.getType()).getElementType().isF32())
      return emitOpError("computes f32 only, not ") << V.getType();
  int64_t S = getScale(), KH = getKernelH();
  ArrayRef<int64_t> P = getPads();
  if (S < 1 || KH < 1)
    return emitOpError("scale and kernel_h must be positive");
  if (S > ACCEL_CONV2D_UPSAMPLED_MAX_SCALE)
    return emitOpError("scale must be at most ")
           << int(ACCEL_CONV2D_UPSAMPLED_MAX_SCALE);
  if (P.size() != 4 || llvm::any_of(P, [](int64_t V) { return V < 0; }))
    return emitOpError("needs 4 pads, none negative");
  int64_t Rows = accel_conv2d_upsampled_rows(KH, P[0], S);
  if (W[0] % S || W[1] != X[1] || W[2] != Rows)
    return emitOpError("weight must have shape [")
           << S << " Cout, " << X[1] << ", " << Rows << ", KW]";
  int64_t Cout = W[0] / S;
  if (getBias() && shapeOf(getBias()) != ArrayRef<int64_t>{Cout})
    return emitOpError("bias must have shape [") << Cout << "]";
  SmallVector<int64_t, 4> Out = {X[0], Cout, S * X[2] + P[0] + P[2] - KH + 1,
                                 S * X[3] + P[1] + P[3] - W[3] + 1};
  if (Out[2] < 0 || Out[3] < 0)
    return emitOpError("kernel is larger than the padded upsampled input");
  ArrayRef<int64_t> Got = shapeOf(getResult());
  if (Got == ArrayRef<int64_t>(Out))
    return success();
  auto Diag = emitOpError("result shape [");
  llvm::interleave(Got, Diag, "x");
  Diag << "] is not [";
  llvm::interleave(Out, Diag, "x");
  return Diag << "]";
}
