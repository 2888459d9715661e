//===-- VerifyGemmGlu.cpp - accel.gemm_glu's verifier ---------------------===//

#include "dialect/AccelGraphDialect.h"

using namespace mlir;
using namespace accel::graph;

LogicalResult GemmGluOp::verify() {
  ArrayRef<int64_t> A = shapeOf(getA()), W = shapeOf(getW()),
                    Y = shapeOf(getResult());
  if (A.size() != 2 || Y.size() != 2 || W.size() != 3)
    return emitOpError("a and the result must be matrices, w of rank 3");
  int64_t Pairs = (Y[1] + 15) / 16;
  if (Y[0] != A[0] || W[0] != 2 * Pairs || W[1] != A[1] || W[2] != 16)
    return emitOpError("w must have shape [")
           << 2 * Pairs << ", " << A[1] << ", 16] and the result a's rows";
  return success();
}
