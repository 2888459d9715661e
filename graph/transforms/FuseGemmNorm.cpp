//===-- FuseGemmNorm.cpp - A projection into the layer norm after it ------===//
//
// A post-norm transformer's x = norm(x + W h + b): once -accel-fuse has
// made the add the norm's residual, the gemm that computes W h + b and
// that only the norm reads joins it as one accel.gemm_norm, whose kernel
// (accel_gemm_layernorm) normalizes each block of the product in the
// scratchpad: the product is never written to memory, and the norm's own
// call is gone. In a d-64 encoder each such pair cost two calls' fixed
// cost for a few hundred cycles of work.
//
// The gemm's result may reach the norm through a reshape that keeps its
// last dimension (its rows split into the norm's leading dimensions) and
// a transpose that keeps the last dimension last (PyTorch's attention
// computes in [S, B, E] for a batch-first encoder): the same reshape and
// transpose then apply to a's rows, which the kernel reads as a view, so
// that the fused op's rows are the norm's.
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"
#include "transforms/FusePatterns.h"

#include "../../kernels-c/include/accel_kernels.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace accel::graph;

namespace {

/// The largest op(b) fused. The kernel loads op(b) whole before its first
/// block of rows (accel_gemm streams its panels under the mmacs) and runs
/// each block's addition and norm between blocks' mmacs, so it wins where
/// the norm's own call costs more than that: a d-64 encoder's 16 and
/// 32 KiB projections (3 986 -> 3 288 cycles with the norm), not
/// BERT-mini's 256 KiB one (39 469 -> 41 754).
constexpr int64_t MaxFusedWeightBytes = 64 * 1024;

/// The gemm behind \p V, through a reshape and a transpose (each
/// optional, in that order, each read once) that keep the last dimension;
/// null if there is none the kernel takes.
GemmOp gemmBehind(Value V, ReshapeOp &Reshape, TransposeOp &Transpose) {
  Reshape = nullptr, Transpose = nullptr;
  if (auto T = V.getDefiningOp<TransposeOp>()) {
    ArrayRef<int64_t> Perm = T.getPerm();
    if (!V.hasOneUse() || Perm.empty() ||
        Perm.back() != int64_t(Perm.size()) - 1)
      return nullptr;
    Transpose = T, V = T.getInput();
  }
  if (auto R = V.getDefiningOp<ReshapeOp>()) {
    if (!V.hasOneUse() ||
        shapeOf(R.getInput()).back() != shapeOf(R.getResult()).back())
      return nullptr;
    Reshape = R, V = R.getInput();
  }
  auto G = V.getDefiningOp<GemmOp>();
  if (!G || !V.hasOneUse() || G.getActivation() || G.getTransA() ||
      G.getAlpha().convertToFloat() != 1.0f)
    return nullptr;
  if (Value C = G.getC()) {
    // A bias per column: [N] or [1, N], added once.
    ArrayRef<int64_t> CS = shapeOf(C), Y = shapeOf(G.getResult());
    bool Row = (CS.size() == 1 && CS[0] == Y[1]) ||
               (CS.size() == 2 && CS[0] == 1 && CS[1] == Y[1]);
    if (!Row || G.getBeta().convertToFloat() != 1.0f)
      return nullptr;
  }
  int64_t K = shapeOf(G.getA())[1], N = shapeOf(G.getResult())[1];
  if (!accel_gemm_layernorm_fits(K, N) || 4 * K * N > MaxFusedWeightBytes)
    return nullptr;
  return G;
}

struct FuseGemmNorm : OpRewritePattern<LayerNormOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LayerNormOp LN,
                                PatternRewriter &Rewriter) const override {
    Value X = LN.getInput(), R = LN.getResidual();
    int64_t Rank = shapeOf(X).size();
    if (!R || Rank < 2 || int64_t(LN.getAxis()) != Rank - 1)
      return failure();
    for (Value P : {X, R}) {
      ReshapeOp Reshape;
      TransposeOp Transpose;
      GemmOp G = gemmBehind(P, Reshape, Transpose);
      if (!G)
        continue;
      Value Other = P == R ? X : R;
      SmallVector<Location> Locs = {G.getLoc()};
      auto F32 = Rewriter.getF32Type();
      int64_t K = shapeOf(G.getA())[1];
      // a's rows as the norm's: the reshape's and transpose's shapes
      // with K for the last dimension.
      Value A = G.getA();
      auto WithK = [&](Value Of) {
        SmallVector<int64_t> S(shapeOf(Of));
        S.back() = K;
        return RankedTensorType::get(S, F32);
      };
      if (Reshape) {
        A = Rewriter.create<ReshapeOp>(Reshape.getLoc(),
                                       WithK(Reshape.getResult()), A);
        Locs.push_back(Reshape.getLoc());
      }
      if (Transpose) {
        A = Rewriter.create<TransposeOp>(Transpose.getLoc(),
                                         WithK(Transpose.getResult()), A,
                                         Transpose.getPermAttr());
        Locs.push_back(Transpose.getLoc());
      }
      Value Bias = G.getC();
      if (Bias && shapeOf(Bias).size() == 2)
        Bias = Rewriter.create<ReshapeOp>(
            G.getLoc(), RankedTensorType::get({shapeOf(Bias)[1]}, F32), Bias);
      Locs.push_back(LN.getLoc());
      auto Fused = Rewriter.replaceOpWithNewOp<GemmNormOp>(
          LN, LN.getType(), A, G.getB(), Bias, Other, LN.getScale(),
          LN.getShift(), Rewriter.getBoolAttr(G.getTransB()),
          LN.getEpsilonAttr());
      Fused->setLoc(Rewriter.getFusedLoc(Locs));
      if (Transpose)
        Rewriter.eraseOp(Transpose);
      if (Reshape)
        Rewriter.eraseOp(Reshape);
      Rewriter.eraseOp(G);
      return success();
    }
    return failure();
  }
};

} // namespace

void accel::graph::populateGemmNormFusion(RewritePatternSet &Patterns) {
  Patterns.add<FuseGemmNorm>(Patterns.getContext());
}
