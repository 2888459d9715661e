//===-- FuseMoE.cpp - A mixture of experts' routing and combining ---------===//
//
// Part of -accel-fuse-moe and -accel-fuse (FusePasses.cpp). A router as
// PyTorch exports it, softmax over the experts, TopK's values and indices,
// the values (divided by their ReduceSum, or not) scattered into zeros, or
// Mixtral's softmax of the chosen logits scattered, becomes one
// accel.moe_route; and a sum of the experts' outputs, each
// multiplied by its column of those gates (a Slice of one column), with
// the shared expert's, one accel.gated_sum, so that no weighted output
// and no partial sum reaches memory.
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"
#include "transforms/FusePatterns.h"

#include "mlir/IR/PatternMatch.h"

#include <algorithm>

#include "accel_kernels.h"

using namespace mlir;
using namespace accel::graph;

namespace {

bool isLastAxis(int64_t Axis, Value V) {
  return Axis == int64_t(shapeOf(V).size()) - 1;
}

/// TopK along the last axis of \p X, the k largest, values or indices.
TopKOp lastAxisTopK(Value V, Value X, bool Indices) {
  auto T = V.getDefiningOp<TopKOp>();
  if (!T || T.getInput() != X || T.getKValue() || !T.getLargest() ||
      T.getIndices() != Indices || !isLastAxis(T.getAxis(), X))
    return nullptr;
  return T;
}

/// softmax(\p V) along its last axis, or null.
SoftmaxOp lastAxisSoftmax(Value V) {
  auto S = V.getDefiningOp<SoftmaxOp>();
  return S && !S.getLog() && isLastAxis(S.getAxis(), V) ? S : nullptr;
}

/// scatter_elements(zeros, topk(x).indices, w) along the last axis, as
/// routers are exported, is moe_route:
///  - x = softmax(logits), w = v / reduce_sum(v) (keepdims), v =
///    topk(x).values (DeepSeek's, Qwen's norm_topk_prob): the logits',
///    renormalized;
///  - the same with w = v (not renormalized);
///  - w = softmax(v), v = topk(x).values (Mixtral's: the softmax of the
///    chosen logits is their probabilities renormalized): x's,
///    renormalized.
struct FuseMoeRoute : OpRewritePattern<ScatterElementsOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ScatterElementsOp Op,
                                PatternRewriter &Rewriter) const override {
    auto Type = cast<RankedTensorType>(Op.getType());
    std::optional<double> Zero = splatConstant(Op.getInput());
    auto IndexTopK = Op.getIndices().getDefiningOp<TopKOp>();
    if (Op.getReduction() != ScatterReduction::none || !Zero || *Zero != 0 ||
        !isLastAxis(Op.getAxis(), Op.getResult()) || !IndexTopK ||
        !Type.getElementType().isF32() ||
        Type.getShape().back() > ACCEL_MOE_MAX_EXPERTS)
      return failure();
    Value X = IndexTopK.getInput();
    TopKOp Indices = lastAxisTopK(Op.getIndices(), X, true);
    if (!Indices || X.getType() != Type || Indices.getK() < 1)
      return failure();
    // The nodes' locations in the graph's order, the scatter last.
    SmallVector<Location> Locs;
    // The chosen values v, and what the updates do with them.
    Value Updates = Op.getUpdates(), Values = Updates, Logits;
    bool Renormalize = false;
    if (auto Div = Updates.getDefiningOp<ElementwiseOp>()) {
      auto Sum = Div.getInputs()[1].getDefiningOp<ReduceOp>();
      Values = Div.getInputs()[0];
      if (Div.getKind() != ElementwiseKind::div || !Sum ||
          Sum.getKind() != ReduceKind::sum || Sum.getInput() != Values ||
          Sum.getAxesValue() || !Sum.getKeepdims() ||
          Sum.getAxes().size() != 1 || !isLastAxis(Sum.getAxes()[0], Values) ||
          Div.getType() != Values.getType())
        return failure();
      Renormalize = true;
      Locs.append({Sum.getLoc(), Div.getLoc()});
    } else if (SoftmaxOp Chosen = lastAxisSoftmax(Updates)) {
      Values = Chosen.getInput();
      Logits = X;
      Renormalize = true;
      Locs.push_back(Chosen.getLoc());
    }
    TopKOp TopValues = lastAxisTopK(Values, X, false);
    if (!TopValues || TopValues.getK() != Indices.getK() ||
        shapeOf(Values) != shapeOf(Op.getIndices()) ||
        shapeOf(Values).back() != Indices.getK())
      return failure();
    Locs.insert(Locs.begin(), {TopValues.getLoc(), Indices.getLoc()});
    if (!Logits) { // the probabilities' TopK
      SoftmaxOp Probs = lastAxisSoftmax(X);
      if (!Probs)
        return failure();
      Logits = Probs.getInput();
      Locs.insert(Locs.begin(), Probs.getLoc());
    }
    Locs.push_back(Op.getLoc());
    auto Route = Rewriter.replaceOpWithNewOp<MoeRouteOp>(
        Op, Type, Logits, Indices.getK(), Renormalize);
    Route->setLoc(Rewriter.getFusedLoc(Locs));
    return success();
  }
};

/// A gated term: mul(slice(gates)[..., c:c+1], y) (either order), the mul
/// read once and y of the sum's type.
struct GatedTerm {
  Value Gates, Y;
  int64_t Column;
  ElementwiseOp Mul;
  SliceOp Slice;
};

std::optional<GatedTerm> gatedTerm(Value V, RankedTensorType Type) {
  auto Mul = V.getDefiningOp<ElementwiseOp>();
  if (!Mul || Mul.getKind() != ElementwiseKind::mul || !V.hasOneUse() ||
      Mul.getType() != Type)
    return std::nullopt;
  for (int Side = 0; Side != 2; ++Side) {
    auto Slice = Mul.getInputs()[Side].getDefiningOp<SliceOp>();
    Value Y = Mul.getInputs()[1 - Side];
    if (!Slice || Y.getType() != Type)
      continue;
    Value G = Slice.getInput();
    ArrayRef<int64_t> GS = shapeOf(G), S = shapeOf(Slice.getResult());
    ArrayRef<int64_t> Starts = Slice.getStarts(), Steps = Slice.getSteps();
    size_t Rank = Type.getRank();
    if (GS.size() != Rank || S.size() != Rank || S.back() != 1 ||
        GS.drop_back() != Type.getShape().drop_back() ||
        S.drop_back() != GS.drop_back() || GS.back() > ACCEL_MOE_MAX_EXPERTS)
      continue;
    bool Whole = true;
    for (size_t D = 0; D != Rank; ++D)
      Whole &= Steps[D] == 1 && (D + 1 == Rank || Starts[D] == 0);
    if (!Whole)
      continue;
    return GatedTerm{G, Y, Starts.back(), Mul, Slice};
  }
  return std::nullopt;
}

bool isAddOf(Value V, RankedTensorType Type) {
  auto Add = V.getDefiningOp<ElementwiseOp>();
  return Add && Add.getKind() == ElementwiseKind::add && Add.getType() == Type;
}

/// A sum of terms of one type by adds (each inner add read once), some of
/// them gated by columns of one gates tensor: gated_sum(gates, terms).
struct FuseGatedSum : OpRewritePattern<ElementwiseOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ElementwiseOp Op,
                                PatternRewriter &Rewriter) const override {
    auto Type = cast<RankedTensorType>(Op.getType());
    if (Op.getKind() != ElementwiseKind::add ||
        !Type.getElementType().isF32() || Type.getRank() == 0)
      return failure();
    // The outermost add of the sum.
    if (Op->hasOneUse()) {
      Operation *User = *Op->user_begin();
      if (User->getNumResults() == 1 && isAddOf(User->getResult(0), Type))
        return failure();
    }
    SmallVector<Value> Leaves;
    SmallVector<Location> Locs;
    collect(Op, Type, Leaves, Locs);
    Value Gates;
    SmallVector<Value> Terms;
    SmallVector<int64_t> Columns;
    for (Value Leaf : Leaves) {
      if (Leaf.getType() != Type)
        return failure(); // a broadcast add
      std::optional<GatedTerm> G = gatedTerm(Leaf, Type);
      if (G && (!Gates || G->Gates == Gates)) {
        Gates = G->Gates;
        Terms.push_back(G->Y);
        Columns.push_back(G->Column);
        Locs.append({G->Slice.getLoc(), G->Mul.getLoc()});
      } else {
        Terms.push_back(Leaf);
        Columns.push_back(-1);
      }
    }
    if (!Gates)
      return failure();
    // More terms than a call takes: sums of as many as it does, each
    // after the first taking the one before as its first (ungated) term.
    Location Loc = Rewriter.getFusedLoc(Locs);
    const size_t Max = ACCEL_GATED_SUM_MAX_TERMS;
    Value Sum;
    for (size_t At = 0; At < Terms.size();) {
      size_t Take = std::min(Terms.size() - At, Sum ? Max - 1 : Max);
      SmallVector<Value> Part;
      SmallVector<int64_t> PartColumns;
      if (Sum) {
        Part.push_back(Sum);
        PartColumns.push_back(-1);
      }
      Part.append(Terms.begin() + At, Terms.begin() + At + Take);
      PartColumns.append(Columns.begin() + At, Columns.begin() + At + Take);
      Sum = Rewriter.create<GatedSumOp>(
          Loc, Type, Gates, Part, Rewriter.getDenseI64ArrayAttr(PartColumns));
      At += Take;
    }
    Rewriter.replaceOp(Op, Sum);
    return success();
  }

  /// The leaves of the add tree at \p Add in order, and its adds' locations.
  static void collect(ElementwiseOp Add, RankedTensorType Type,
                      SmallVectorImpl<Value> &Leaves,
                      SmallVectorImpl<Location> &Locs) {
    Locs.push_back(Add.getLoc());
    for (Value In : Add.getInputs()) {
      if (isAddOf(In, Type) && In.hasOneUse())
        collect(In.getDefiningOp<ElementwiseOp>(), Type, Leaves, Locs);
      else
        Leaves.push_back(In);
    }
  }
};

} // namespace

void accel::graph::populateMoeFusion(RewritePatternSet &Patterns) {
  Patterns.add<FuseMoeRoute, FuseGatedSum>(Patterns.getContext());
}
