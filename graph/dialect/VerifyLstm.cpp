//===-- VerifyLstm.cpp - accel.lstm's and accel.gru's verifiers -----------===//

#include "dialect/AccelGraphDialect.h"

using namespace mlir;
using namespace accel::graph;

LogicalResult LstmOp::verify() {
  ArrayRef<int64_t> X = shapeOf(getXw()), W = shapeOf(getW()),
                    H0 = shapeOf(getH0()), C0 = shapeOf(getC0()),
                    Y = shapeOf(getResult());
  if (X.size() != 3 || W.size() != 3 || Y.size() != 3 || H0.size() != 2 ||
      C0.size() != 2)
    return emitOpError("xw, w and the result must have rank 3, h0 and c0 2");
  int64_t T = X[0], B = X[1], H = Y[2];
  if (X[2] != 4 * H || Y[0] != T + 1 || Y[1] != B)
    return emitOpError("xw must be [T, B, 4 H] and the result [T + 1, B, H]");
  if (W[0] != 4 * ((H + 15) / 16) || W[1] != H || W[2] != 16)
    return emitOpError("w must have shape [")
           << 4 * ((H + 15) / 16) << ", " << H << ", 16]";
  if (H0 != ArrayRef<int64_t>{B, H} || C0 != ArrayRef<int64_t>{B, H})
    return emitOpError("h0 and c0 must be [B, H]");
  return success();
}

LogicalResult GruOp::verify() {
  ArrayRef<int64_t> X = shapeOf(getXw()), W = shapeOf(getW()),
                    Rbh = shapeOf(getRbh()), H0 = shapeOf(getH0()),
                    Y = shapeOf(getResult());
  if (X.size() != 3 || W.size() != 3 || Y.size() != 3 || Rbh.size() != 1 ||
      H0.size() != 2)
    return emitOpError("xw, w and the result must have rank 3, rbh 1, h0 2");
  int64_t H = Y[2];
  if (X[2] != 3 * H || Y[0] != X[0] || Y[1] != X[1])
    return emitOpError("xw must be [T, B, 3 H] and the result [T, B, H]");
  if (W[0] != 3 * ((H + 15) / 16) || W[1] != H || W[2] != 16)
    return emitOpError("w must have shape [")
           << 3 * ((H + 15) / 16) << ", " << H << ", 16]";
  if (Rbh[0] != H || H0 != ArrayRef<int64_t>{X[1], H})
    return emitOpError("rbh must be [H] and h0 [B, H]");
  return success();
}
