//===-- VerifyConvTranspose.cpp - accel.conv_transpose2d's verifier -------===//
//
// accel_conv_transpose2d's rules: f32 NCHW input, [C, M / group, KH, KW]
// weights, positive strides and dilations, pads that are not negative,
// output padding below the larger of stride and dilation (ONNX's), and
// the result [N, M, OH, OW] with OH = sh (H - 1) + out_pad + dh (KH - 1)
// + 1 - pad_top - pad_bottom (OW likewise).
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"

using namespace mlir;
using namespace accel::graph;

LogicalResult ConvTranspose2dOp::verify() {
  ArrayRef<int64_t> X = shapeOf(getInput()), W = shapeOf(getWeight());
  if (X.size() != 4 || W.size() != 4)
    return emitOpError("input and weight must have rank 4 (NCHW, CMKK)");
  for (Value V : getOperation()->getOperands())
    if (!cast<RankedTensorType>(V.getType()).getElementType().isF32())
      return emitOpError("computes f32 only, not ") << V.getType();
  ArrayRef<int64_t> S = getStrides(), P = getPads(), D = getDilations(),
                    OP = getOutputPadding();
  if (S.size() != 2 || D.size() != 2 || P.size() != 4 || OP.size() != 2)
    return emitOpError("needs 2 strides, 2 dilations, 4 pads and 2 output "
                       "paddings");
  for (int I = 0; I != 2; ++I) {
    if (S[I] < 1 || D[I] < 1)
      return emitOpError("strides and dilations must be positive");
    if (OP[I] < 0 || OP[I] >= std::max(S[I], D[I]))
      return emitOpError("output_padding ")
             << OP[I] << " is not below the larger of stride and dilation ("
             << std::max(S[I], D[I]) << ")";
  }
  if (llvm::any_of(P, [](int64_t V) { return V < 0; }))
    return emitOpError("pads must not be negative");
  int64_t G = getGroup();
  if (G < 1 || X[1] % G || W[0] != X[1])
    return emitOpError("group ")
           << G << " does not divide the input's " << X[1]
           << " channels, or the weight's first dimension " << W[0]
           << " is not them";
  int64_t M = W[1] * G;
  if (getBias() && shapeOf(getBias()) != ArrayRef<int64_t>{M})
    return emitOpError("bias must have shape [") << M << "]";
  SmallVector<int64_t, 4> Out = {X[0], M};
  for (int I = 0; I != 2; ++I) {
    int64_t O = S[I] * (X[2 + I] - 1) + OP[I] + D[I] * (W[2 + I] - 1) + 1 -
                P[I] - P[2 + I];
    if (O < 0)
      return emitOpError("pads crop more than the output's ")
             << O + P[I] + P[2 + I] << " along spatial dimension " << I;
    Out.push_back(O);
  }
  ArrayRef<int64_t> Got = shapeOf(getResult());
  if (Got == ArrayRef<int64_t>(Out))
    return success();
  auto Diag = emitOpError("result shape [");
  llvm::interleave(Got, Diag, "x");
  Diag << "] is not [";
  llvm::interleave(Out, Diag, "x");
  return Diag << "]";
}
