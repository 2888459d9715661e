//===-- FuseSharedInputProducts.cpp - one product for a row's projections -===//
//
// Part of -accel-fuse (FusePasses.cpp). A decoder's attention projects one
// normalized row into q, k and v: three matmuls of the same x by constant
// [K, N_i] matrices. At a decode step's few rows each matmul's time is its
// weights' transfer plus a call's fixed cost (the set-up, the first chunk's
// arrival, the last chunk's product and stores: about 900 cycles on
// llama-16m). They become one matmul by the weights concatenated along N at
// compile time, each former result a slice of its columns (a view,
// -accel-plan-memory's, for readers that take strides), so the weights
// stream through one call.
//
// Taken: two or more matmuls reading the same f32 x of at most eight rows
// (the leading dimensions' product: the wide mmacs' products), each by a
// constant f32 [K, N_i] matrix, without activations. Prefill's many rows
// are left as they are.
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"
#include "transforms/FusePatterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace accel::graph;

namespace {

/// Rows of x the products may have: the wide mmacs' (accel_gemm's few-rows
/// path).
constexpr int64_t MaxRows = 8;

/// \p Op if it multiplies its a by a constant f32 [K, N] matrix without an
/// activation.
bool isConstantProjection(MatMulOp Op) {
  auto W = Op.getB().getDefiningOp<arith::ConstantOp>();
  return W && !Op.getActivation() && shapeOf(Op.getB()).size() == 2 &&
         cast<RankedTensorType>(W.getType()).getElementType().isF32() &&
         Op.getType().getElementType().isF32();
}

struct FuseSharedInputProducts : OpRewritePattern<MatMulOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(MatMulOp First,
                                PatternRewriter &Rewriter) const override {
    Value X = First.getA();
    ArrayRef<int64_t> XShape = shapeOf(X);
    if (!isConstantProjection(First) || XShape.size() < 2)
      return failure();
    int64_t Rows = 1;
    for (int64_t Size : XShape.drop_back())
      Rows *= Size;
    if (Rows < 1 || Rows > MaxRows)
      return failure();
    // The projections of X in program order, First the earliest, so that
    // the fused product stands where every one of them may read it.
    SmallVector<MatMulOp> Group;
    for (Operation *User : X.getUsers())
      if (auto MM = dyn_cast<MatMulOp>(User))
        if (MM.getA() == X && isConstantProjection(MM) &&
            shapeOf(MM.getB())[0] == XShape.back() &&
            MM.getType().getShape().drop_back() ==
                First.getType().getShape().drop_back() &&
            MM->getBlock() == First->getBlock())
          Group.push_back(MM);
    if (Group.size() < 2)
      return failure();
    llvm::sort(Group,
               [](MatMulOp A, MatMulOp B) { return A->isBeforeInBlock(B); });
    if (Group.front() != First)
      return failure();

    int64_t K = XShape.back(), Total = 0;
    for (MatMulOp MM : Group)
      Total += shapeOf(MM.getB())[1];
    SmallVector<float> Concat(K * Total);
    SmallVector<Location> Locs;
    int64_t Offset = 0;
    for (MatMulOp MM : Group) {
      auto Dense = cast<DenseElementsAttr>(
          MM.getB().getDefiningOp<arith::ConstantOp>().getValue());
      int64_t N = shapeOf(MM.getB())[1], I = 0;
      for (float V : Dense.getValues<float>()) {
        Concat[(I / N) * Total + Offset + I % N] = V;
        ++I;
      }
      Offset += N;
      Locs.push_back(MM.getLoc());
    }
    Location Loc = Rewriter.getFusedLoc(Locs);
    auto F32 = Rewriter.getF32Type();
    auto WType = RankedTensorType::get({K, Total}, F32);
    Rewriter.setInsertionPoint(First);
    Value W = Rewriter.create<arith::ConstantOp>(
        Loc, WType, DenseElementsAttr::get(WType, ArrayRef<float>(Concat)));
    SmallVector<int64_t> Shape(First.getType().getShape());
    Shape.back() = Total;
    Value Product = Rewriter.create<MatMulOp>(
        Loc, RankedTensorType::get(Shape, F32), X, W, ActivationAttr(),
        FloatAttr(), FloatAttr());
    Offset = 0;
    for (MatMulOp MM : Group) {
      int64_t Rank = MM.getType().getRank();
      SmallVector<int64_t> Starts(Rank, 0), Steps(Rank, 1);
      Starts.back() = Offset;
      Offset += shapeOf(MM.getB())[1];
      Rewriter.setInsertionPoint(MM);
      Rewriter.replaceOpWithNewOp<SliceOp>(MM, MM.getType(), Product, Starts,
                                           Steps);
    }
    return success();
  }
};

} // namespace

void accel::graph::populateSharedInputProductFusion(
    RewritePatternSet &Patterns) {
  Patterns.add<FuseSharedInputProducts>(Patterns.getContext());
}
