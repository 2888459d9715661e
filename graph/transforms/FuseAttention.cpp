//===-- FuseAttention.cpp - The attention pattern onto one kernel ---------===//
//
// -accel-fuse-attention (Passes.td): scaled dot-product attention as
// exporters write it,
//
//   s = MatMul(q', kt), q' = q or q (Mul | Div) c, kt = k^T
//   s' = s [(Mul | Div) c ...] [+ mask]
//   y = MatMul(Softmax(s', axis -1), v)
//
// with c scalar constants, becomes one accel.attention(q, k, v[, mask])
// {scale}: the library's flash-attention kernel, whose scores never reach
// DRAM. k is kt's producer transposed the other
// way when kt is a transpose (PyTorch's k.transpose(-2, -1) of a
// [S, B H, D] view), else kt transposed back. Every intermediate must
// have no other reader.
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"
#include "transforms/FusePatterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace accel::graph;

namespace {

/// \p V without the scalings by constants (x (Mul | Div) c, each read
/// only once) that produce it: x, with \p Scale multiplied by each c or
/// 1 / c and each op appended to \p Members.
Value peelScales(Value V, double &Scale,
                 SmallVectorImpl<Operation *> &Members) {
  for (;;) {
    auto E = V.getDefiningOp<ElementwiseOp>();
    if (!E || !V.hasOneUse() ||
        (E.getKind() != ElementwiseKind::mul &&
         E.getKind() != ElementwiseKind::div))
      return V;
    Value X;
    for (int Side = 0; Side != 2 && !X; ++Side) {
      auto C = splatConstant(E.getInputs()[1 - Side]);
      if (C && *C != 0.0 &&
          (E.getKind() == ElementwiseKind::mul || Side == 0) &&
          E.getInputs()[Side].getType() == E.getType()) {
        X = E.getInputs()[Side];
        Scale *= E.getKind() == ElementwiseKind::mul ? *C : 1.0 / *C;
      }
    }
    if (!X)
      return V;
    Members.push_back(E);
    V = X;
  }
}

/// Whether \p V is a MatMul's result, scaled or not.
bool isScaledMatMul(Value V) {
  double Scale = 1.0;
  SmallVector<Operation *> Ignored;
  return peelScales(V, Scale, Ignored).getDefiningOp<MatMulOp>() != nullptr;
}

/// k [..., Sk, D] from kt [..., D, Sk]: kt's transpose's input with the
/// last two result dimensions swapped back, or a transpose of kt.
Value untranspose(PatternRewriter &Rewriter, Location Loc, Value Kt) {
  SmallVector<int64_t, 6> Perm;
  Value From = Kt;
  auto T = Kt.getDefiningOp<TransposeOp>();
  if (T && Kt.hasOneUse()) {
    Perm.assign(T.getPerm().begin(), T.getPerm().end());
    From = T.getInput();
    Loc = T.getLoc(); // the profile names the node that transposed k
  } else {
    for (int64_t D = 0, R = shapeOf(Kt).size(); D != R; ++D)
      Perm.push_back(D);
  }
  std::swap(Perm[Perm.size() - 1], Perm[Perm.size() - 2]);
  SmallVector<int64_t, 6> Shape(shapeOf(Kt));
  std::swap(Shape[Shape.size() - 1], Shape[Shape.size() - 2]);
  auto Type = RankedTensorType::get(Shape, Rewriter.getF32Type());
  return Rewriter.create<TransposeOp>(Loc, Type, From,
                                      Rewriter.getDenseI64ArrayAttr(Perm));
}

struct FuseAttention : OpRewritePattern<MatMulOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(MatMulOp Out,
                                PatternRewriter &Rewriter) const override {
    SmallVector<Operation *, 8> Members;
    auto Soft = Out.getA().getDefiningOp<SoftmaxOp>();
    size_t Rank = shapeOf(Out.getA()).size();
    if (Rank < 2 || Out.getActivation() || !Soft || !Out.getA().hasOneUse() ||
        Soft.getLog())
      return failure();
    if (int64_t(Soft.getAxis()) != int64_t(Rank) - 1)
      return failure();
    Members.push_back(Soft);

    // Back from the softmax: a mask add, then scales, then q . kt.
    Value S = Soft.getInput(), Mask;
    auto Add = S.getDefiningOp<ElementwiseOp>();
    if (Add && Add.getKind() == ElementwiseKind::add && S.hasOneUse()) {
      for (int Side = 0; Side != 2 && !Mask; ++Side)
        if (Add.getInputs()[Side].getType() == Add.getType() &&
            isScaledMatMul(Add.getInputs()[Side])) {
          Mask = Add.getInputs()[1 - Side];
          S = Add.getInputs()[Side];
        }
      if (!Mask)
        return failure();
      Members.push_back(Add);
    }
    double Scale = 1.0;
    S = peelScales(S, Scale, Members);
    auto Scores = S.getDefiningOp<MatMulOp>();
    if (!Scores || !S.hasOneUse() || Scores.getActivation())
      return failure();
    Members.push_back(Scores);
    Value Q = peelScales(Scores.getA(), Scale, Members);
    Value Kt = Scores.getB(), V = Out.getB();
    if (shapeOf(Q).size() != Rank || shapeOf(Kt).size() != Rank ||
        shapeOf(V).size() != Rank ||
        shapeOf(Q).drop_back(2) != shapeOf(Kt).drop_back(2) ||
        shapeOf(Q).drop_back(2) != shapeOf(V).drop_back(2))
      return failure(); // accel_attention's batch dimensions are equal

    Location Loc = Out.getLoc();
    SmallVector<Location> Locs = {Loc};
    for (Operation *M : Members)
      Locs.push_back(M->getLoc());
    Rewriter.setInsertionPoint(Out);
    Value K = untranspose(Rewriter, Loc, Kt);
    auto Fused = Rewriter.replaceOpWithNewOp<AttentionOp>(
        Out, Out.getType(), Q, K, V, Mask,
        Rewriter.getF32FloatAttr(float(Scale)));
    Fused->setLoc(Rewriter.getFusedLoc(Locs));
    // The members, last first: each one's only reader is gone.
    for (Operation *M : Members)
      Rewriter.eraseOp(M);
    return success();
  }
};

} // namespace

void accel::graph::populateAttentionFusion(RewritePatternSet &Patterns) {
  Patterns.add<FuseAttention>(Patterns.getContext());
}
