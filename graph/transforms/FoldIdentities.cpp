//===-- FoldIdentities.cpp - logical ops that change nothing --------------===//
//
// Part of -accel-fuse (FusePasses.cpp): and(x, true) and or(x, false),
// with the constant a splat of the result's shape or one that
// broadcasts to it, are x itself when x already has the result's type.
// PyTorch's exports build masks this way (a decoder's padding mask is
// and'ed with a constant all-true causal part at one query), and each
// such op is a kernel call whose fixed cost is all it does.
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"
#include "transforms/FusePatterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace accel::graph;

namespace {

/// Whether \p V is a constant of bools that are all \p Value.
bool isBoolSplat(Value V, bool Value) {
  auto Constant = V.getDefiningOp<arith::ConstantOp>();
  if (!Constant)
    return false;
  auto Dense = dyn_cast<DenseElementsAttr>(Constant.getValue());
  if (!Dense || !Dense.getElementType().isInteger(1))
    return false;
  if (Dense.isSplat())
    return Dense.getSplatValue<bool>() == Value;
  return llvm::all_of(Dense.getValues<bool>(),
                      [&](bool B) { return B == Value; });
}

/// and(x, true) -> x, or(x, false) -> x (either operand order).
struct FoldLogicalIdentity : OpRewritePattern<ElementwiseOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ElementwiseOp Op,
                                PatternRewriter &Rewriter) const override {
    ElementwiseKind Kind = Op.getKind();
    if ((Kind != ElementwiseKind::logical_and &&
         Kind != ElementwiseKind::logical_or) ||
        Op.getInputs().size() != 2)
      return failure();
    bool Identity = Kind == ElementwiseKind::logical_and;
    for (int Side = 0; Side != 2; ++Side) {
      Value X = Op.getInputs()[Side], C = Op.getInputs()[1 - Side];
      // x's type the result's: the constant broadcasts x to nothing more.
      if (X.getType() != Op.getType() || !isBoolSplat(C, Identity))
        continue;
      Rewriter.replaceOp(Op, X);
      return success();
    }
    return failure();
  }
};

} // namespace

void accel::graph::populateIdentityFolding(RewritePatternSet &Patterns) {
  Patterns.add<FoldLogicalIdentity>(Patterns.getContext());
}
