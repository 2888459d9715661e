//===-- SinkTransposes.cpp - Transposes of a gemm's rows after it ---------===//
//
// -accel-sink-transposes (Passes.td). A gemm computes each row of its
// result from the same row of A alone, so a transpose that only permutes
// A's rows (every dimension but the last, which a reshape then merges
// into rows) can come after the gemm instead, on its result:
//
//   gemm(reshape(transpose(x, perm)), b, c)   ->   the same rows of
//   reshape(transpose(reshape(gemm(reshape(x), b, c)), perm))
//
// PyTorch's batch-first encoders export their attention sequence first,
// so each layer starts with such a transpose of [B, S, E] into the
// projection that makes q, k and v, whose result is only sliced. Slices
// take any strides, so after the gemm the transpose is a view (Views.cpp)
// and no copy is left. Only there is it done: where the gemm's result had
// readers that take no views, the transpose, of N columns instead of K, would
// be computed after all.
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"
#include "transforms/FusePatterns.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace accel::graph;

namespace {

struct SinkTransposeBelowGemm : OpRewritePattern<GemmOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(GemmOp G,
                                PatternRewriter &Rewriter) const override {
    auto Rows = G.getA().getDefiningOp<ReshapeOp>();
    auto T = Rows ? Rows.getInput().getDefiningOp<TransposeOp>() : nullptr;
    if (!T || G.getTransA() || !G.getA().hasOneUse() ||
        !Rows.getInput().hasOneUse() || !G->hasOneUse())
      return failure();
    ArrayRef<int64_t> Perm = T.getPerm();
    auto Back = dyn_cast<ReshapeOp>(*G->getUsers().begin());
    if (Perm.empty() || Perm.back() != int64_t(Perm.size()) - 1 || !Back ||
        !llvm::all_of(Back->getUsers(),
                      [](Operation *U) { return isa<SliceOp>(U); }))
      return failure();
    // Back must give the gemm's rows the transpose's shape again.
    auto TShape = cast<RankedTensorType>(T.getType()).getShape();
    auto BackType = cast<RankedTensorType>(Back.getType());
    if (BackType.getShape().drop_back() != TShape.drop_back())
      return failure();

    Location Loc = Rewriter.getFusedLoc({T.getLoc(), G.getLoc()});
    Value X = T.getInput();
    auto XShape = cast<RankedTensorType>(X.getType()).getShape();
    auto F32 = Rewriter.getF32Type();
    Value A = Rewriter.create<ReshapeOp>(Loc, G.getA().getType(), X);
    Operation *NewG = Rewriter.clone(*G);
    NewG->setOperand(0, A);
    SmallVector<int64_t> Unpermuted(XShape.drop_back());
    Unpermuted.push_back(BackType.getShape().back());
    Value Y = Rewriter.create<ReshapeOp>(
        Loc, RankedTensorType::get(Unpermuted, F32), NewG->getResult(0));
    Rewriter.replaceOpWithNewOp<TransposeOp>(Back, BackType, Y,
                                             T.getPermAttr());
    return success();
  }
};

} // namespace

void accel::graph::populateTransposeSinking(RewritePatternSet &Patterns) {
  Patterns.add<SinkTransposeBelowGemm>(Patterns.getContext());
}
