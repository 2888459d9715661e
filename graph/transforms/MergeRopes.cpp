//===-- MergeRopes.cpp - one rotation for q's and k's heads ---------------===//
//
// Part of -accel-fuse-shared-input-products and -accel-fuse's last step
// (FusePasses.cpp). Once q and k are adjacent column slices of one product
// (FuseSharedInputProducts.cpp), their rotary embeddings are two
// accel.rope calls with the same cos and sin over heads split from those
// slices:
//
//   rope(transpose(reshape(slice(P, [o, o + Hq D))))),  cos, sin)
//   rope(transpose(reshape(slice(P, [o + Hq D, o + (Hq + Hk) D)))), cos, sin)
//
// They become one rope over the Hq + Hk heads of the two slices' union,
// whose heads [0, Hq) and [Hq, Hq + Hk) are the two results (slices, views
// where their readers take strides): a decode step's rotation of a few
// hundred floats costs a call's fixed cost, not its elements.
//
// Taken when the slices cut only P's last dimension with steps of 1, the
// reshapes split it into heads of one size D after the same leading
// dimensions, and the transposes are one permutation.
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"
#include "transforms/FusePatterns.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace accel::graph;

namespace {

/// A rope's input as heads split from a column slice of a product.
struct HeadsOfSlice {
  TransposeOp Transpose;
  ReshapeOp Reshape;
  SliceOp Slice;
  int64_t Begin = 0, Heads = 0, D = 0;
};

std::optional<HeadsOfSlice> headsOf(RopeOp Rope) {
  HeadsOfSlice H;
  H.Transpose = Rope.getInput().getDefiningOp<TransposeOp>();
  if (!H.Transpose)
    return std::nullopt;
  H.Reshape = H.Transpose.getInput().getDefiningOp<ReshapeOp>();
  if (!H.Reshape)
    return std::nullopt;
  H.Slice = H.Reshape.getInput().getDefiningOp<SliceOp>();
  if (!H.Slice)
    return std::nullopt;
  ArrayRef<int64_t> In = shapeOf(H.Slice.getInput()),
                    Cols = shapeOf(H.Slice.getResult()),
                    Split = shapeOf(H.Reshape.getResult());
  int64_t Rank = Cols.size();
  if (Rank < 1 || int64_t(Split.size()) != Rank + 1 ||
      Split.take_front(Rank - 1) != Cols.take_front(Rank - 1) ||
      Cols.take_front(Rank - 1) != In.take_front(Rank - 1) ||
      Split[Rank - 1] * Split[Rank] != Cols[Rank - 1])
    return std::nullopt;
  for (int64_t I = 0; I != Rank; ++I)
    if (H.Slice.getSteps()[I] != 1 ||
        (I + 1 != Rank && H.Slice.getStarts()[I] != 0))
      return std::nullopt;
  H.Begin = H.Slice.getStarts()[Rank - 1];
  H.Heads = Split[Rank - 1];
  H.D = Split[Rank];
  return H;
}

struct MergeRopes : OpRewritePattern<RopeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(RopeOp First,
                                PatternRewriter &Rewriter) const override {
    std::optional<HeadsOfSlice> A = headsOf(First);
    if (!A)
      return failure();
    Value Product = A->Slice.getInput();
    // The rope of the next heads of the same product, with First's
    // tables and permutation.
    RopeOp Second;
    std::optional<HeadsOfSlice> B;
    for (Operation *User : First.getCos().getUsers()) {
      auto Other = dyn_cast<RopeOp>(User);
      if (!Other || Other == First || Other.getSin() != First.getSin() ||
          Other.getCos() != First.getCos() ||
          Other->getBlock() != First->getBlock())
        continue;
      B = headsOf(Other);
      if (B && B->Slice.getInput() == Product && B->D == A->D &&
          B->Begin == A->Begin + A->Heads * A->D &&
          B->Transpose.getPerm() == A->Transpose.getPerm()) {
        Second = Other;
        break;
      }
    }
    if (!Second)
      return failure();

    Location Loc = Rewriter.getFusedLoc({First.getLoc(), Second.getLoc()});
    Rewriter.setInsertionPoint(First->isBeforeInBlock(Second) ? First
                                                              : Second);
    auto Type = cast<RankedTensorType>(A->Slice.getType());
    int64_t Rank = Type.getRank(), Heads = A->Heads + B->Heads;
    SmallVector<int64_t> Cols(Type.getShape());
    Cols.back() = Heads * A->D;
    auto F32 = Type.getElementType();
    Value Union = Rewriter.create<SliceOp>(
        Loc, RankedTensorType::get(Cols, F32), Product, A->Slice.getStarts(),
        A->Slice.getSteps());
    SmallVector<int64_t> Split(Cols);
    Split.back() = Heads;
    Split.push_back(A->D);
    Value Split4 = Rewriter.create<ReshapeOp>(
        Loc, RankedTensorType::get(Split, F32), Union);
    ArrayRef<int64_t> Perm = A->Transpose.getPerm();
    SmallVector<int64_t> Turned;
    int64_t HeadAxis = -1;
    for (int64_t I = 0; I != Rank + 1; ++I) {
      Turned.push_back(Split[Perm[I]]);
      if (Perm[I] == Rank - 1)
        HeadAxis = I;
    }
    auto TurnedType = RankedTensorType::get(Turned, F32);
    Value Heads4 = Rewriter.create<TransposeOp>(Loc, TurnedType, Split4, Perm);
    Value Rotated = Rewriter.create<RopeOp>(Loc, TurnedType, Heads4,
                                            First.getCos(), First.getSin());
    auto HeadsFrom = [&](RopeOp Old, int64_t Begin) -> Value {
      SmallVector<int64_t> Starts(Rank + 1, 0), Steps(Rank + 1, 1);
      Starts[HeadAxis] = Begin;
      return Rewriter.create<SliceOp>(Loc, Old.getType(), Rotated, Starts,
                                      Steps);
    };
    Value FirstHeads = HeadsFrom(First, 0);
    Value SecondHeads = HeadsFrom(Second, A->Heads);
    Rewriter.replaceOp(First, FirstHeads);
    Rewriter.replaceOp(Second, SecondHeads);
    return success();
  }
};

} // namespace

void accel::graph::populateRopeMerging(RewritePatternSet &Patterns) {
  Patterns.add<MergeRopes>(Patterns.getContext());
}
