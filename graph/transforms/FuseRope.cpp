//===-- FuseRope.cpp - RoPE's pattern as one accel.rope -------------------===//
//
// Part of -accel-fuse-rope and -accel-fuse (FusePasses.cpp): HuggingFace's
// apply_rotary_pos_emb as PyTorch exports it,
//
//   x * cos + concat(-x[..., D/2:], x[..., :D/2]) * sin
//
// (two slices of x's last dimension at D/2, a Neg of the upper one, a
// Concat of the negated upper half before the lower along the last axis,
// the Muls and the Add; either operand order of each Mul and of the Add,
// which round alike) becomes one accel.rope, which reads x once and
// writes y once (accel_rope). cos and sin must broadcast to x without
// growing it, with a last dimension of D; each intermediate must be read
// by the next op alone. Anything else is left as it is.
//
// Then the tables themselves: HuggingFace's cos and sin are
// cos(concat(f, f)) and sin(concat(f, f)) along the last axis, whose two
// halves are equal; where ropes alone read them, the ropes take the half
// tables cos(f) and sin(f) instead (exact), and the concat goes.
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"
#include "transforms/FusePatterns.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace accel::graph;

namespace {

/// \p V's defining op as an elementwise op of \p Kind with \p N inputs.
ElementwiseOp elementwiseOf(Value V, ElementwiseKind Kind, size_t N) {
  auto Op = V.getDefiningOp<ElementwiseOp>();
  if (!Op || Op.getKind() != Kind || Op.getInputs().size() != N)
    return nullptr;
  return Op;
}

/// \p V as a slice of \p X's last dimension from \p Start, of half its
/// length, taking every element of the other dimensions; null otherwise.
SliceOp halfOf(Value V, Value X, int64_t Start) {
  auto Slice = V.getDefiningOp<SliceOp>();
  if (!Slice || Slice.getInput() != X || !V.hasOneUse())
    return nullptr;
  ArrayRef<int64_t> Shape = shapeOf(X), Out = shapeOf(V);
  ArrayRef<int64_t> Starts = Slice.getStarts(), Steps = Slice.getSteps();
  size_t Last = Shape.size() - 1;
  if (Out.size() != Shape.size() || Out.back() * 2 != Shape.back() ||
      Out.drop_back() != Shape.drop_back() || Starts.size() != Shape.size() ||
      Steps.size() != Shape.size())
    return nullptr;
  for (size_t D = 0; D != Shape.size(); ++D)
    if (Steps[D] != 1 || Starts[D] != (D == Last ? Start : 0))
      return nullptr;
  return Slice;
}

/// The ops of rotate_half(x) = concat(neg(x[..., h:]), x[..., :h]) whose
/// result is \p V, read only by what follows; x is the slices' input.
struct RotateHalf {
  ConcatOp Concat;
  ElementwiseOp Neg;
  SliceOp Upper, Lower;
  Value X;
};

std::optional<RotateHalf> rotateHalfOf(Value V) {
  auto Concat = V.getDefiningOp<ConcatOp>();
  if (!Concat || !V.hasOneUse() || Concat.getInputs().size() != 2)
    return std::nullopt;
  int64_t Rank = shapeOf(V).size();
  if (Concat.getAxis() != Rank - 1)
    return std::nullopt;
  Value NegOut = Concat.getInputs()[0];
  ElementwiseOp Neg = elementwiseOf(NegOut, ElementwiseKind::neg, 1);
  if (!Neg || !NegOut.hasOneUse())
    return std::nullopt;
  auto Upper = Neg.getInputs()[0].getDefiningOp<SliceOp>();
  if (!Upper)
    return std::nullopt;
  Value X = Upper.getInput();
  if (shapeOf(X) != shapeOf(V) || shapeOf(X).back() % 2)
    return std::nullopt;
  int64_t Half = shapeOf(X).back() / 2;
  SliceOp Hi = halfOf(Neg.getInputs()[0], X, Half);
  SliceOp Lo = halfOf(Concat.getInputs()[1], X, 0);
  if (!Hi || !Lo)
    return std::nullopt;
  return RotateHalf{Concat, Neg, Hi, Lo, X};
}

/// Whether \p Table, multiplying \p X, broadcasts to \p X's shape without
/// growing it and has its full last dimension: accel_rope's tables.
bool isTableFor(Value Table, Value X) {
  ArrayRef<int64_t> T = shapeOf(Table), S = shapeOf(X);
  if (T.empty() || T.size() > S.size() || T.back() != S.back())
    return false;
  size_t Shift = S.size() - T.size();
  for (size_t D = 0; D + 1 < T.size(); ++D)
    if (T[D] != 1 && T[D] != S[Shift + D])
      return false;
  return true;
}

/// The operand of binary \p Op other than \p V, if \p V is one of them
/// (the first if both are).
Value otherOperand(ElementwiseOp Op, Value V) {
  if (Op.getInputs()[0] == V)
    return Op.getInputs()[1];
  if (Op.getInputs()[1] == V)
    return Op.getInputs()[0];
  return nullptr;
}

/// add(mul(x, cos), mul(rotate_half(x), sin)), in any operand order.
struct FuseRopeAdd : OpRewritePattern<ElementwiseOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ElementwiseOp Add,
                                PatternRewriter &Rewriter) const override {
    if (Add.getKind() != ElementwiseKind::add || Add.getInputs().size() != 2 ||
        !Add.getType().getElementType().isF32())
      return failure();
    for (int Side = 0; Side != 2; ++Side) {
      Value Direct = Add.getInputs()[Side], Rotated = Add.getInputs()[1 - Side];
      ElementwiseOp CosMul = elementwiseOf(Direct, ElementwiseKind::mul, 2);
      ElementwiseOp SinMul = elementwiseOf(Rotated, ElementwiseKind::mul, 2);
      if (!CosMul || !SinMul || CosMul == SinMul || !Direct.hasOneUse() ||
          !Rotated.hasOneUse())
        continue;
      for (int SinSide = 0; SinSide != 2; ++SinSide) {
        std::optional<RotateHalf> R = rotateHalfOf(SinMul.getInputs()[SinSide]);
        if (!R)
          continue;
        Value Sin = SinMul.getInputs()[1 - SinSide];
        Value Cos = otherOperand(CosMul, R->X);
        if (!Cos || Add.getType() != R->X.getType() ||
            CosMul.getType() != R->X.getType() ||
            SinMul.getType() != R->X.getType() || !isTableFor(Cos, R->X) ||
            shapeOf(Sin) != shapeOf(Cos) || Sin.getType() != Cos.getType())
          continue;
        Location Loc = Rewriter.getFusedLoc(
            {R->Upper.getLoc(), R->Neg.getLoc(), R->Lower.getLoc(),
             R->Concat.getLoc(), CosMul.getLoc(), SinMul.getLoc(),
             Add.getLoc()});
        Value X = R->X;
        auto Rope = Rewriter.create<RopeOp>(Loc, Add.getType(), X, Cos, Sin);
        Rewriter.replaceOp(Add, Rope.getResult());
        Rewriter.eraseOp(SinMul);
        Rewriter.eraseOp(CosMul);
        Rewriter.eraseOp(R->Concat);
        Rewriter.eraseOp(R->Neg);
        Rewriter.eraseOp(R->Upper);
        Rewriter.eraseOp(R->Lower);
        return success();
      }
    }
    return failure();
  }
};

/// Whether every use of \p V is as an accel.rope's cos or sin.
bool onlyRopeTables(Value V) {
  for (OpOperand &Use : V.getUses())
    if (!isa<RopeOp>(Use.getOwner()) || Use.getOperandNumber() == 0)
      return false;
  return true;
}

/// \p T with its last dimension halved.
RankedTensorType halfWidth(Type T) {
  auto R = cast<RankedTensorType>(T);
  SmallVector<int64_t, 6> Shape(R.getShape());
  Shape.back() /= 2;
  return RankedTensorType::get(Shape, R.getElementType());
}

/// HuggingFace's tables, cos(concat(f, f)) and sin(concat(f, f)) along the
/// last axis (then unsqueezed), read by ropes alone: each half of such a
/// table is the unary op of f, so the ropes take g(f) as half tables,
/// which halves the tables' work and drops the concat, exactly.
struct HalveRopeTables : OpRewritePattern<ConcatOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ConcatOp Concat,
                                PatternRewriter &Rewriter) const override {
    ArrayRef<int64_t> Shape = shapeOf(Concat.getResult());
    if (Concat.getInputs().size() != 2 ||
        Concat.getInputs()[0] != Concat.getInputs()[1] || Shape.empty() ||
        Concat.getAxis() != int64_t(Shape.size()) - 1 || Concat->use_empty() ||
        !Concat.getType().getElementType().isF32())
      return failure();
    SmallVector<ElementwiseOp, 2> Tables;
    for (Operation *User : Concat->getUsers()) {
      auto G = dyn_cast<ElementwiseOp>(User);
      if (!G || G.getInputs().size() != 1 || G.getType() != Concat.getType())
        return failure();
      for (Operation *GUser : G->getUsers()) {
        auto R = dyn_cast<ReshapeOp>(GUser);
        if (R ? shapeOf(R.getResult()).empty() ||
                    shapeOf(R.getResult()).back() != Shape.back() ||
                    !onlyRopeTables(R.getResult())
              : !onlyRopeTables(G.getResult()))
          return failure();
      }
      Tables.push_back(G);
    }
    Value F = Concat.getInputs()[0];
    for (ElementwiseOp G : Tables) {
      Rewriter.setInsertionPoint(G);
      Operation *Half = Rewriter.clone(*G);
      Rewriter.modifyOpInPlace(Half, [&] {
        Half->setOperand(0, F);
        Half->getResult(0).setType(halfWidth(G.getType()));
      });
      for (Operation *GUser : llvm::make_early_inc_range(G->getUsers())) {
        auto R = dyn_cast<ReshapeOp>(GUser);
        if (!R)
          continue;
        Rewriter.setInsertionPoint(R);
        auto HalfR = Rewriter.create<ReshapeOp>(
            R.getLoc(), halfWidth(R.getType()), Half->getResult(0));
        Rewriter.replaceOp(R, HalfR.getResult());
      }
      Rewriter.replaceOp(G, Half->getResult(0));
    }
    Rewriter.eraseOp(Concat);
    return success();
  }
};

} // namespace

void accel::graph::populateRopeFusion(RewritePatternSet &Patterns) {
  Patterns.add<FuseRopeAdd, HalveRopeTables>(Patterns.getContext());
}
