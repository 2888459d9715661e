//===-- OpCost.cpp - An accel op's roofline bound -------------------------===//

#include "codegen/OpCost.h"
#include "dialect/AccelGraphDialect.h"

#include "accel_kernels.h"

#include "MCTargetDesc/AccelMachineParams.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <algorithm>

using namespace mlir;
using namespace accel::graph;

static int64_t elementsOf(Value V) {
  return cast<RankedTensorType>(V.getType()).getNumElements();
}

static int64_t bytesOf(Value V) { return getTensorBytes(V); }

/// The reduction length of a contraction (0 for any other op).
static int64_t reductionLength(Operation &Op) {
  if (auto M = dyn_cast<MatMulOp>(Op))
    return shapeOf(M.getA()).back();
  if (auto GN = dyn_cast<GemmNormOp>(Op))
    return shapeOf(GN.getA()).back();
  if (auto Glu = dyn_cast<GemmGluOp>(Op)) // both products
    return 2 * shapeOf(Glu.getA()).back();
  if (auto G = dyn_cast<GemmOp>(Op)) {
    ArrayRef<int64_t> A = shapeOf(G.getA());
    return G.getTransA() ? A[0] : A[1];
  }
  if (auto C = dyn_cast<Conv2dOp>(Op)) {
    // w is [Cout, C / groups, KH, KW]; pooled 2 x 2 (accel.maxpool), an
    // output is four of the convolution's.
    ArrayRef<int64_t> W = shapeOf(C.getWeight());
    return W[1] * W[2] * W[3] * (C->hasAttr("accel.maxpool") ? 4 : 1);
  }
  if (auto C = dyn_cast<Conv2dUpsampledOp>(Op)) {
    // w_rows is [s Cout, C, KH', KW]: each output row's products.
    ArrayRef<int64_t> W = shapeOf(C.getWeight());
    return W[1] * W[2] * W[3];
  }
  return 0;
}

/// Multiply-accumulates of q . k^T and of the probabilities . v: the
/// scores ([..., Sq] x Sk) times D + Dv. (A product over q's leading
/// dims, not its elements over D: D may be 0.)
static int64_t attentionMacs(AttentionOp A) {
  ArrayRef<int64_t> Q = shapeOf(A.getQ()), K = shapeOf(A.getK());
  int64_t Sk = K[K.size() - 2], Sq = Q[Q.size() - 2];
  int64_t Scores = Sq * Sk;
  if (A.getCausal()) { // only the keys j <= i + Sk - Sq of each query i
    Scores = 0;
    for (int64_t I = 0; I != Sq; ++I)
      Scores += std::clamp<int64_t>(I + Sk - Sq + 1, 0, Sk);
  }
  for (int64_t D : Q.drop_back(2))
    Scores *= D;
  return Scores * (Q.back() + shapeOf(A.getV()).back());
}

OpCost accel::graph::getOpCost(Operation &Op) {
  OpCost Cost;
  if (Op.getNumResults() != 1 || isa<ReshapeOp>(Op))
    return Cost; // A reshape is its input's bytes: no code, no time.
  Value Result = Op.getResult(0);
  Cost.Macs = elementsOf(Result) * reductionLength(Op);
  if (auto A = dyn_cast<AttentionOp>(Op))
    Cost.Macs = attentionMacs(A);
  if (auto L = dyn_cast<LstmOp>(Op)) // every step's h . R^T
    Cost.Macs = elementsOf(L.getXw()) * shapeOf(L.getW())[1];
  if (auto G = dyn_cast<GruOp>(Op))
    Cost.Macs = elementsOf(G.getXw()) * shapeOf(G.getW())[1];
  if (auto CT = dyn_cast<ConvTranspose2dOp>(Op)) { // every input pixel's
    ArrayRef<int64_t> W = shapeOf(CT.getWeight());  // [C, M / g, KH, KW]
    Cost.Macs = elementsOf(CT.getInput()) * W[1] * W[2] * W[3];
  }
  if (auto M = dyn_cast<MlpNormOp>(Op)) { // both layers' products
    ArrayRef<int64_t> W1 = shapeOf(M.getW1()), W2 = shapeOf(M.getW2());
    Cost.Macs = elementsOf(Result) / W2[1] * (W1[0] * W1[1] + W2[0] * W2[1]);
  }
  if (auto W = dyn_cast<CacheWriteOp>(Op)) { // only the new rows move
    Cost.Bytes = 2 * bytesOf(W.getUpdate());
    return Cost;
  }
  if (isa<SliceOp, SliceValuesOp, GatherOp>(Op)) { // only what it keeps is read
    Cost.Bytes = 2 * bytesOf(Result);
    return Cost;
  }
  // Each distinct operand once (x * x reads x once), and the result.
  llvm::SmallPtrSet<void *, 8> Seen;
  for (Value V : Op.getOperands())
    if (Seen.insert(V.getAsOpaquePointer()).second)
      Cost.Bytes += bytesOf(V);
  Cost.Bytes += bytesOf(Result);
  if (auto GN = dyn_cast<GroupNormOp>(Op)) { // past the scratchpad: read twice
    int64_t Groups = shapeOf(GN.getInput())[0] * GN.getGroups();
    if (Groups && !accel_groupnorm_fits(elementsOf(GN.getInput()) / Groups))
      Cost.Bytes += bytesOf(GN.getInput());
  }
  return Cost;
}

int64_t accel::graph::getPeakMacsPerCycle() {
  return llvm::AccelParam::MacsPerCycle;
}

int64_t accel::graph::getPeakDmaBytesPerCycle() {
  return llvm::AccelParam::DmaChannels * llvm::AccelParam::DmaBytesPerCycle;
}

int64_t OpCost::boundCycles() const {
  int64_t Compute = (Macs + getPeakMacsPerCycle() - 1) / getPeakMacsPerCycle();
  int64_t Rate = getPeakDmaBytesPerCycle();
  int64_t Transfer = (Bytes + Rate - 1) / Rate;
  return std::max(Compute, Transfer);
}
