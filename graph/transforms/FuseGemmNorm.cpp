//===-- FuseGemmNorm.cpp - A projection into the layer norm after it ------===//
//
// A post-norm transformer's x = norm(x + W h + b). The residual
// connection's add, read only by the norm, becomes the norm's residual
// (-accel-fuse-norms): accel_layernorm adds it as each batch of lines
// arrives, and the sum never goes to memory, as in TensorRT's skip layer
// norm. Then (-accel-fuse-gemm-norm) the gemm that computes W h + b and
// that only the norm reads joins it as one accel.gemm_norm, whose kernel
// (accel_gemm_layernorm) normalizes each block of the product in the
// scratchpad: the product is never written to memory, and the norm's own
// call is gone. In a d-64 encoder each such pair cost two calls' fixed
// cost for a few hundred cycles of work.
//
// A feed-forward block's first gemm (its bias, a relu or the exact gelu),
// read only by such a gemm_norm's a, joins it too: accel.mlp_norm, whose
// kernel (accel_mlp_layernorm) keeps the hidden layer in the scratchpad.
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

#include "accel_kernels.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace accel::graph;

namespace {

/// The largest op(b) fused (both weights, for an MLP). The kernels load
/// their weights whole before the first block of rows (accel_gemm streams
/// its panels under the mmacs): at 128 bytes a cycle, 2 048 cycles for
/// 256 KiB, about what a norm's own call of BERT-mini's size costs, which
/// fusing saves.
constexpr int64_t MaxFusedWeightBytes = 256 * 1024;

/// Whether gemm \p G's C is none or a bias per column, [N] or [1, N],
/// added once (beta 1): what the kernels add to each row.
bool hasColumnBiasOrNone(GemmOp G) {
  Value C = G.getC();
  if (!C)
    return true;
  ArrayRef<int64_t> CS = shapeOf(C);
  int64_t N = shapeOf(G.getResult())[1];
  return ((CS.size() == 1 && CS[0] == N) ||
          (CS.size() == 2 && CS[0] == 1 && CS[1] == N)) &&
         G.getBeta().convertToFloat() == 1.0f;
}

/// A [1, N] bias as the kernels' [N] (a reshape, of a constant: folded).
Value columnBias(PatternRewriter &Rewriter, GemmOp G) {
  Value C = G.getC();
  if (!C || shapeOf(C).size() == 1)
    return C;
  auto T = RankedTensorType::get({shapeOf(C)[1]}, Rewriter.getF32Type());
  return Rewriter.create<ReshapeOp>(G.getLoc(), T, C);
}

/// Steps \p V back through the reshape of a product's rows that makes it,
/// if any (read once, the last dimension kept): that reshape, or null if
/// there is none; failure for a reshape the kernels cannot see through.
FailureOr<ReshapeOp> throughRowsReshape(Value &V) {
  auto R = V.getDefiningOp<ReshapeOp>();
  if (!R)
    return ReshapeOp();
  if (!V.hasOneUse() ||
      shapeOf(R.getInput()).back() != shapeOf(R.getResult()).back())
    return failure();
  V = R.getInput();
  return R;
}

/// \p Of's type with \p K for its last dimension: a's rows shaped as the
/// product's rows are.
RankedTensorType withLastDim(Value Of, int64_t K) {
  SmallVector<int64_t> S(shapeOf(Of));
  S.back() = K;
  return RankedTensorType::get(
      S, cast<RankedTensorType>(Of.getType()).getElementType());
}

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
  FailureOr<ReshapeOp> R = throughRowsReshape(V);
  if (failed(R))
    return nullptr;
  Reshape = *R;
  auto G = V.getDefiningOp<GemmOp>();
  if (!G || !V.hasOneUse() || G.getActivation() || G.getTransA() ||
      G.getAlpha().convertToFloat() != 1.0f)
    return nullptr;
  if (!hasColumnBiasOrNone(G))
    return nullptr;
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
    if (!R || Rank < 2 || int64_t(LN.getAxis()) != Rank - 1 ||
        LN.writesSum())
      return failure();
    for (Value P : {X, R}) {
      ReshapeOp Reshape;
      TransposeOp Transpose;
      GemmOp G = gemmBehind(P, Reshape, Transpose);
      if (!G)
        continue;
      Value Other = P == R ? X : R;
      SmallVector<Location> Locs = {G.getLoc()};
      int64_t K = shapeOf(G.getA())[1];
      // a's rows as the norm's: the reshape's and transpose's shapes
      // with K for the last dimension.
      Value A = G.getA();
      if (Reshape) {
        A = Rewriter.create<ReshapeOp>(Reshape.getLoc(),
                                       withLastDim(Reshape.getResult(), K), A);
        Locs.push_back(Reshape.getLoc());
      }
      if (Transpose) {
        A = Rewriter.create<TransposeOp>(Transpose.getLoc(),
                                         withLastDim(Transpose.getResult(), K),
                                         A, Transpose.getPermAttr());
        Locs.push_back(Transpose.getLoc());
      }
      Value Bias = columnBias(Rewriter, G);
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

/// The hidden layer of a feed-forward block: a gemm_norm whose a is a
/// gemm (with a bias per column and a relu or the exact gelu, or neither)
/// read only by it, through a reshape of its rows, becomes one
/// accel.mlp_norm, x the first gemm's a reshaped the same way. Both
/// weights stay in the scratchpad, so their bytes together are held to
/// MaxFusedWeightBytes (a d-64 encoder's 64 x 128 and 128 x 64: 64 KiB).
struct FuseMlpNorm : OpRewritePattern<GemmNormOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(GemmNormOp GN,
                                PatternRewriter &Rewriter) const override {
    Value H = GN.getA();
    FailureOr<ReshapeOp> Reshape = throughRowsReshape(H);
    if (failed(Reshape))
      return failure();
    auto G = H.getDefiningOp<GemmOp>();
    std::optional<Activation> Act = G ? G.getActivation() : std::nullopt;
    if (!G || !H.hasOneUse() || GN.getTransB() || G.getTransA() ||
        G.getTransB() || G.getAlpha().convertToFloat() != 1.0f ||
        (Act && *Act != Activation::relu && *Act != Activation::gelu_erf))
      return failure();
    ArrayRef<int64_t> W1 = shapeOf(G.getB()), W2 = shapeOf(GN.getB());
    if (4 * (W1[0] * W1[1] + W2[0] * W2[1]) > MaxFusedWeightBytes ||
        !accel_mlp_layernorm_fits(W1[0], W1[1], W2[1]))
      return failure();
    if (!hasColumnBiasOrNone(G))
      return failure();
    SmallVector<Location> Locs = {G.getLoc()};
    Value X = G.getA();
    if (*Reshape) {
      X = Rewriter.create<ReshapeOp>(
          Reshape->getLoc(), withLastDim(Reshape->getResult(), W1[0]), X);
      Locs.push_back(Reshape->getLoc());
    }
    Value Bias1 = columnBias(Rewriter, G);
    Locs.push_back(GN.getLoc());
    auto Fused = Rewriter.replaceOpWithNewOp<MlpNormOp>(
        GN, GN.getType(), X, G.getB(), Bias1, GN.getB(), GN.getBias(),
        GN.getResidual(), GN.getScale(), GN.getShift(), G.getActivationAttr(),
        GN.getEpsilonAttr());
    Fused->setLoc(Rewriter.getFusedLoc(Locs));
    if (*Reshape)
      Rewriter.eraseOp(*Reshape);
    Rewriter.eraseOp(G);
    return success();
  }
};

/// layernorm(add(a, b)) with a and b of the result's shape and the add
/// read only by the norm: layernorm(a residual b).
struct FuseResidualNorm : OpRewritePattern<LayerNormOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LayerNormOp LN,
                                PatternRewriter &Rewriter) const override {
    Value X = LN.getInput();
    auto Add = X.getDefiningOp<ElementwiseOp>();
    if (LN.getResidual() || !Add || Add.getKind() != ElementwiseKind::add ||
        !X.hasOneUse() || !llvm::all_of(Add.getInputs(), [&](Value V) {
          return V.getType() == X.getType();
        }))
      return failure();
    Location Loc = Rewriter.getFusedLoc({Add.getLoc(), LN.getLoc()});
    auto Fused = Rewriter.replaceOpWithNewOp<LayerNormOp>(
        LN, LN.getType(), Add.getInputs()[0], Add.getInputs()[1], LN.getScale(),
        LN.getShift(), LN.getAxisAttr(), LN.getEpsilonAttr());
    Fused->setLoc(Loc);
    Rewriter.eraseOp(Add);
    return success();
  }
};

} // namespace

void accel::graph::populateGemmNormFusion(RewritePatternSet &Patterns) {
  Patterns.add<FuseGemmNorm, FuseMlpNorm>(Patterns.getContext());
}

void accel::graph::populateResidualNormFusion(RewritePatternSet &Patterns) {
  Patterns.add<FuseResidualNorm>(Patterns.getContext());
}
