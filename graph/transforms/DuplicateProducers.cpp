//===-- DuplicateProducers.cpp - A small op read by unary ops, in each ----===//
//
// Part of -accel-fuse, with the chains (FusePasses.cpp): an f32
// elementwise op of at most 8192 elements read only by unary f32
// elementwise ops of its shape is cloned for each reader but the first,
// so that each reader takes its own copy into a chain with it
// (FuseChains.cpp), and nothing writes the shared value. A decoding
// step's rotary angles, read by their cos and their sin, are then two
// calls instead of three: a small op's call costs far more than the few
// hundred elements it computes twice. The copies compute the same values.
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"
#include "transforms/FusePatterns.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace accel::graph;

namespace {

/// Elements of the value at most: the small calls' size (the library's
/// small elementwise path, elementwise_small.c).
constexpr int64_t MaxElements = 8192;

struct DuplicateSmallProducer : OpRewritePattern<ElementwiseOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ElementwiseOp P,
                                PatternRewriter &Rewriter) const override {
    Value R = P.getResult();
    auto Type = cast<ShapedType>(R.getType());
    if (!isChainStep(P) || !Type.hasStaticShape() ||
        Type.getNumElements() > MaxElements)
      return failure();
    SmallVector<OpOperand *, 4> Uses;
    for (OpOperand &Use : R.getUses()) {
      auto E = dyn_cast<ElementwiseOp>(Use.getOwner());
      if (!E || E.getInputs().size() != 1 || !isChainStep(E) ||
          E.getType() != R.getType() || E->getBlock() != P->getBlock())
        return failure();
      Uses.push_back(&Use);
    }
    if (Uses.size() < 2)
      return failure();
    for (OpOperand *Use : ArrayRef(Uses).drop_front()) {
      Operation *Reader = Use->getOwner();
      Rewriter.setInsertionPoint(Reader);
      Operation *Copy = Rewriter.clone(*P);
      Rewriter.modifyOpInPlace(Reader, [&] { Use->set(Copy->getResult(0)); });
    }
    return success();
  }
};

} // namespace

void accel::graph::populateProducerDuplication(RewritePatternSet &Patterns) {
  Patterns.add<DuplicateSmallProducer>(Patterns.getContext());
}
