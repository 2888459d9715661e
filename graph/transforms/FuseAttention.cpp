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
// Grouped-query attention: k and v repeated as Hugging Face's repeat_kv
// writes it (reshape [..., KVH, S, D] to [..., KVH, 1, S, D], expand to
// [..., KVH, n, S, D], reshape to [..., KVH n, S, D]) are given as they
// were before the repeat: the kernel reads k/v head h / n for query head
// h, and the expand's copy goes. A repeat in the other order (the new
// axis before the heads: query head h would read h % KVH) stays.
//
// Masks: a constant mask whose [Sq, Sk] is causal (0 where key j <= query
// i + Sk - Sq, -inf or a finite value at most -1e30 elsewhere, Sq <= Sk,
// the same for every batch index) becomes the attribute causal; one that
// is such a constant, all -inf where hidden, plus a mask computed at run
// time (a padding mask [B, 1, 1, Sk]) becomes causal and that mask alone.
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"
#include "dialect/ShapeRules.h"
#include "transforms/FusePatterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"

#include <cmath>

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

/// k [..., Sk, D] from kt [..., D, Sk] as a permutation \p Perm of \p From:
/// kt's transpose's input with the last two result dimensions swapped
/// back, or kt with its last two swapped.
Value kFrom(Value Kt, SmallVectorImpl<int64_t> &Perm, Location &Loc) {
  Value From = Kt;
  auto T = Kt.getDefiningOp<TransposeOp>();
  Perm.clear();
  if (T && Kt.hasOneUse()) {
    Perm.assign(T.getPerm().begin(), T.getPerm().end());
    From = T.getInput();
    Loc = T.getLoc(); // the profile names the node that transposed k
  } else {
    for (int64_t D = 0, R = shapeOf(Kt).size(); D != R; ++D)
      Perm.push_back(D);
  }
  std::swap(Perm[Perm.size() - 1], Perm[Perm.size() - 2]);
  return From;
}

/// \p From permuted by \p Perm: From itself for the identity.
Value permute(PatternRewriter &Rewriter, Location Loc, Value From,
              ArrayRef<int64_t> Perm) {
  ArrayRef<int64_t> In = shapeOf(From);
  SmallVector<int64_t, 6> Shape;
  bool Identity = true;
  for (size_t D = 0; D != Perm.size(); ++D) {
    Shape.push_back(In[Perm[D]]);
    Identity &= Perm[D] == int64_t(D);
  }
  if (Identity)
    return From;
  auto Type = RankedTensorType::get(Shape, Rewriter.getF32Type());
  return Rewriter.create<TransposeOp>(Loc, Type, From,
                                      Rewriter.getDenseI64ArrayAttr(Perm));
}

/// X [..., KVH n, S, D] as Hugging Face's repeat_kv makes it from
/// [..., KVH, S, D] (module comment): that tensor, and n in \p Group; else
/// null.
Value unrepeatHeads(Value X, int64_t &Group) {
  auto Merge = X.getDefiningOp<ReshapeOp>();
  auto Expand = Merge ? Merge.getInput().getDefiningOp<ExpandOp>() : nullptr;
  auto Split = Expand ? Expand.getInput().getDefiningOp<ReshapeOp>() : nullptr;
  if (!Split)
    return {};
  Value Src = Split.getInput();
  ArrayRef<int64_t> In = shapeOf(Src);
  size_t R = In.size();
  if (R < 3 || shapeOf(X).size() != R)
    return {};
  SmallVector<int64_t, 7> Want(In.begin(), In.end() - 2);
  Want.push_back(1);
  Want.append(In.end() - 2, In.end());
  if (shapeOf(Split.getResult()) != ArrayRef<int64_t>(Want))
    return {};
  int64_t N = shapeOf(Expand.getResult())[R - 2];
  Want[R - 2] = N;
  if (N < 1 || shapeOf(Expand.getResult()) != ArrayRef<int64_t>(Want))
    return {};
  SmallVector<int64_t, 6> Merged(In);
  Merged[R - 3] *= N;
  if (shapeOf(X) != ArrayRef<int64_t>(Merged))
    return {};
  Group = N;
  return Src;
}

/// How a constant mask is causal for Sq queries and Sk keys (module
/// comment): nullopt if it is not, else whether every hidden entry is
/// -inf.
std::optional<bool> causalConstant(Value Mask, int64_t Sq, int64_t Sk) {
  auto C = Mask.getDefiningOp<arith::ConstantOp>();
  auto Dense = C ? dyn_cast<DenseElementsAttr>(C.getValue()) : nullptr;
  ArrayRef<int64_t> Shape = shapeOf(Mask);
  if (!Dense || !Dense.getElementType().isF32() || Dense.isSplat() ||
      Shape.size() < 2 || Sq < 2 || Sq > Sk ||
      Shape.take_back(2) != ArrayRef<int64_t>{Sq, Sk} ||
      llvm::any_of(Shape.drop_back(2), [](int64_t D) { return D != 1; }))
    return std::nullopt;
  bool AllInf = true;
  auto Values = Dense.getValues<float>();
  auto It = Values.begin();
  for (int64_t I = 0; I != Sq; ++I)
    for (int64_t J = 0; J != Sk; ++J, ++It) {
      float F = *It;
      bool Hidden = J > I + Sk - Sq;
      if (Hidden ? !(F <= -1e30f) : F != 0.0f)
        return std::nullopt;
      AllInf &= !Hidden || std::isinf(F);
    }
  return AllInf;
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

    // A causal mask: the attribute, and what is added to it at run time.
    bool Causal = false;
    int64_t Sq = shapeOf(Q)[Rank - 2], Sk = shapeOf(Kt)[Rank - 1];
    if (Mask && causalConstant(Mask, Sq, Sk)) {
      Causal = true;
      Mask = {};
    } else if (auto Both = Mask ? Mask.getDefiningOp<ElementwiseOp>() : nullptr;
               Both && Both.getKind() == ElementwiseKind::add) {
      Shape Scores(shapeOf(Q).drop_back());
      Scores.push_back(Sk);
      for (int Side = 0; Side != 2 && !Causal; ++Side) {
        Value Pad = Both.getInputs()[1 - Side];
        std::string Why;
        if (causalConstant(Both.getInputs()[Side], Sq, Sk) == true &&
            cast<RankedTensorType>(Pad.getType()).getElementType().isF32() &&
            broadcastShapes(shapeOf(Pad), Scores, Why) == Scores) {
          Causal = true;
          Mask = Pad;
        }
      }
    }

    Location Loc = Out.getLoc(), KLoc = Loc;
    SmallVector<Location> Locs = {Loc};
    for (Operation *M : Members)
      Locs.push_back(M->getLoc());
    Rewriter.setInsertionPoint(Out);
    SmallVector<int64_t, 6> Perm;
    Value KSrc = kFrom(Kt, Perm, KLoc);
    // k and v repeated by n the same way, k's batch dimensions in place.
    int64_t KGroup = 0, VGroup = 0;
    Value KOnce = unrepeatHeads(KSrc, KGroup), VOnce = unrepeatHeads(V, VGroup);
    bool BatchInPlace = true;
    for (size_t D = 0; D + 2 < Rank; ++D)
      BatchInPlace &= Perm[D] == int64_t(D);
    if (KOnce && VOnce && KGroup == VGroup && BatchInPlace)
      KSrc = KOnce, V = VOnce;
    Value K = permute(Rewriter, KLoc, KSrc, Perm);
    auto Fused = Rewriter.replaceOpWithNewOp<AttentionOp>(
        Out, Out.getType(), Q, K, V, Mask,
        Rewriter.getF32FloatAttr(float(Scale)),
        Causal ? Rewriter.getUnitAttr() : UnitAttr());
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
