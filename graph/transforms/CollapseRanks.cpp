//===-- CollapseRanks.cpp - Ops above the kernels' rank, merged down ------===//
//
// -accel-collapse-ranks (Passes.td). The kernels take tensors of up to
// ACCEL_MAX_RANK dimensions; ONNX's take any. An op of a higher rank that
// treats two neighbouring dimensions alike (it neither broadcasts one of
// them without the other, nor indexes or slices along them) computes the
// same on the two merged into one: its operands are reshaped (views, no
// copy), the op runs at the lower rank, and its result is reshaped back.
// NegativeLogLikelihoodLoss's body on [N, C, d1, ..., d5] is such a case
// (its GatherElements and Neg).
// A slice that takes every element is its input.
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"
#include "transforms/Passes.h"

#include "accel_kernels.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <type_traits>

namespace accel::graph {
#define GEN_PASS_DEF_COLLAPSERANKSPASS
#include "transforms/Passes.h.inc"
} // namespace accel::graph

using namespace mlir;
using namespace accel::graph;

namespace {

ArrayRef<int64_t> shapeOf(Value V) {
  return cast<RankedTensorType>(V.getType()).getShape();
}

/// The runs of dimensions of a rank-\p Rank result that merge, where
/// \p Mergeable(D) says whether dimension D merges with D + 1: the index
/// of the first dimension of each run.
SmallVector<int64_t> mergedRuns(int64_t Rank,
                                function_ref<bool(int64_t)> Mergeable) {
  SmallVector<int64_t> Starts;
  for (int64_t D = 0; D != Rank; ++D)
    if (D == 0 || !Mergeable(D - 1))
      Starts.push_back(D);
  return Starts;
}

/// \p Shape with each run of \p Starts multiplied into one dimension.
SmallVector<int64_t> merge(ArrayRef<int64_t> Shape, ArrayRef<int64_t> Starts) {
  SmallVector<int64_t> Out;
  for (size_t R = 0; R != Starts.size(); ++R) {
    int64_t End = R + 1 == Starts.size() ? Shape.size() : Starts[R + 1];
    int64_t N = 1;
    for (int64_t D = Starts[R]; D != End; ++D)
      N *= Shape[D];
    Out.push_back(N);
  }
  return Out;
}

Value reshapeTo(PatternRewriter &Rewriter, Location Loc, Value V,
                ArrayRef<int64_t> Shape) {
  auto Type = cast<RankedTensorType>(V.getType()).clone(Shape);
  if (Type == V.getType())
    return V;
  return Rewriter.create<ReshapeOp>(Loc, Type, V);
}

/// Replaces \p Op by a clone whose operands are \p Operands and whose
/// result has \p Shape, reshaped back to the original result's shape;
/// returns the clone.
Operation *replaceAtLowerRank(PatternRewriter &Rewriter, Operation *Op,
                              ValueRange Operands, ArrayRef<int64_t> Shape) {
  Operation *Low = Rewriter.clone(*Op);
  Low->setOperands(Operands);
  Value Result = Low->getResult(0);
  auto Original = cast<RankedTensorType>(Result.getType());
  Result.setType(Original.clone(Shape));
  Rewriter.replaceOp(Op, Rewriter.create<ReshapeOp>(Op->getLoc(), Original,
                                                    Result)
                             .getResult());
  return Low;
}

bool aboveKernelRank(Value V) {
  return int64_t(shapeOf(V).size()) > int64_t(ACCEL_MAX_RANK);
}

/// Elementwise: dimensions D and D + 1 merge when every operand (aligned
/// from the right) has both as the result's or both 1.
struct CollapseElementwise : OpRewritePattern<ElementwiseOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ElementwiseOp Op,
                                PatternRewriter &Rewriter) const override {
    Value Y = Op.getResult();
    if (!aboveKernelRank(Y))
      return failure();
    ArrayRef<int64_t> Out = shapeOf(Y);
    int64_t Rank = Out.size();
    auto dimOf = [&](Value V, int64_t D) {
      ArrayRef<int64_t> S = shapeOf(V);
      int64_t K = D - (Rank - int64_t(S.size()));
      return K < 0 ? int64_t(1) : S[K];
    };
    auto Starts = mergedRuns(Rank, [&](int64_t D) {
      return llvm::all_of(Op.getInputs(), [&](Value V) {
        int64_t A = dimOf(V, D), B = dimOf(V, D + 1);
        return (A == Out[D] && B == Out[D + 1]) || (A == 1 && B == 1);
      });
    });
    if (Starts.size() == size_t(Rank))
      return failure();
    SmallVector<Value> Ins;
    for (Value V : Op.getInputs()) {
      SmallVector<int64_t> Full;
      for (int64_t D = 0; D != Rank; ++D)
        Full.push_back(dimOf(V, D));
      Ins.push_back(reshapeTo(Rewriter, Op.getLoc(), V, merge(Full, Starts)));
    }
    replaceAtLowerRank(Rewriter, Op, Ins, merge(Out, Starts));
    return success();
  }
};

/// GatherElements and ScatterElements: a dimension off the axis merges
/// into the one before it (off the axis too) when the indices' size is the
/// data's there, so that each index still names the element it did.
SmallVector<int64_t> indexRuns(ArrayRef<int64_t> X, ArrayRef<int64_t> I,
                               int64_t Axis) {
  return mergedRuns(X.size(), [&](int64_t D) {
    return D != Axis && D + 1 != Axis && X[D + 1] == I[D + 1];
  });
}

/// Either op: its operands after the input are shaped as the indices (the
/// indices, and scatter's updates); its result is gather's indices' shape,
/// scatter's input's.
template <typename IndexOp>
struct CollapseIndexing : OpRewritePattern<IndexOp> {
  using OpRewritePattern<IndexOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(IndexOp Op,
                                PatternRewriter &Rewriter) const override {
    if (!aboveKernelRank(Op.getResult()))
      return failure();
    ArrayRef<int64_t> X = shapeOf(Op.getInput()), I = shapeOf(Op.getIndices());
    auto Starts = indexRuns(X, I, Op.getAxis());
    if (Starts.size() == X.size())
      return failure();
    SmallVector<Value> Ins;
    for (Value V : Op->getOperands())
      Ins.push_back(reshapeTo(Rewriter, Op.getLoc(), V,
                              merge(V == Op.getInput() ? X : I, Starts)));
    int64_t Axis = llvm::find(Starts, Op.getAxis()) - Starts.begin();
    bool Gathers = std::is_same_v<IndexOp, GatherElementsOp>;
    auto Low = cast<IndexOp>(replaceAtLowerRank(
        Rewriter, Op, Ins, merge(Gathers ? I : X, Starts)));
    Rewriter.modifyOpInPlace(Low, [&] { Low.setAxis(Axis); });
    return success();
  }
};

/// A slice that takes every element, at any rank, is its input.
struct DropWholeSlice : OpRewritePattern<SliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SliceOp Op,
                                PatternRewriter &Rewriter) const override {
    if (Op.getInput().getType() != Op.getType() ||
        llvm::any_of(Op.getStarts(), [](int64_t S) { return S != 0; }) ||
        llvm::any_of(Op.getSteps(), [](int64_t S) { return S != 1; }))
      return failure();
    Rewriter.replaceOp(Op, Op.getInput());
    return success();
  }
};

struct CollapseRanksPass
    : accel::graph::impl::CollapseRanksPassBase<CollapseRanksPass> {
  void runOnOperation() override {
    RewritePatternSet Patterns(&getContext());
    Patterns.add<CollapseElementwise, CollapseIndexing<GatherElementsOp>,
                 CollapseIndexing<ScatterElementsOp>, DropWholeSlice>(
        &getContext());
    if (failed(applyPatternsAndFoldGreedily(getOperation(),
                                            std::move(Patterns))))
      signalPassFailure();
  }
};

} // namespace
