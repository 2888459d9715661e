//===-- FuseSilu.cpp - SiLU into the matrix unit's way out ----------------===//
//
// Part of -accel-fuse-activations and -accel-fuse (FusePasses.cpp):
// x * sigmoid(x), SiLU as PyTorch exports it, where x is a matmul's,
// gemm's or depthwise convolution's result with no activation yet,
// becomes that op's silu activation (the library applies it on the way
// out), so neither sigmoid(x) nor x reaches memory.
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"
#include "transforms/FusePatterns.h"

#include "accel_kernels.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace accel::graph;

namespace {

/// Whether \p Op takes SiLU on its way out for less than the separate
/// passes cost: a matmul's or gemm's (accel_gemm applies it on the stream
/// engine beside the next tile's mmacs), a depthwise convolution's (its
/// stream-engine path), a 1 x 1 convolution's that the library runs by
/// bands (accel_conv2d_pointwise_bands_fits) or that becomes a gemm of few
/// pixels (LowerFewPixelConv.cpp), and a small kernel's run by the same
/// bands (accel_conv2d_im2col_bands_fits); another convolution's vector epilogue
/// (vexp and vrcp per vector) holds the core longer than the sigmoid and
/// the product take over memory (docs/performance.md).
bool takesSilu(Operation *Op) {
  auto Conv = dyn_cast<Conv2dOp>(Op);
  if (!Conv)
    return true;
  ArrayRef<int64_t> X = shapeOf(Conv.getInput()), W = shapeOf(Conv.getWeight());
  if (X.size() != 4 || W.size() != 4)
    return false;
  if (int64_t(Conv.getGroup()) == X[1] && W[1] == 1 && W[0] == X[1])
    return true;
  if (Conv.getGroup() != 1 ||
      Conv.getDilations() != ArrayRef<int64_t>{1, 1})
    return false;
  ArrayRef<int64_t> S = Conv.getStrides(), P = Conv.getPads();
  bool Pointwise = W[2] == 1 && W[3] == 1 && S == ArrayRef<int64_t>{1, 1} &&
                   P == ArrayRef<int64_t>{0, 0, 0, 0};
  int64_t Pixels = X[2] * X[3];
  bool FewPixels = (X[0] == 1 && Pixels <= 8) || (Pixels == 1 && X[0] <= 8);
  if (Pointwise)
    return FewPixels ||
           accel_conv2d_pointwise_bands_fits(X[1], X[2], X[3], W[0]);
  ArrayRef<int64_t> Y = shapeOf(Conv.getResult());
  return S[0] == S[1] &&
         accel_conv2d_im2col_bands_fits(X[0], X[1], X[2] + P[0] + P[2],
                                        X[3] + P[1] + P[3], W[2], W[3], S[0],
                                        Y[2], Y[3], W[0]);
}

/// mul(x, sigmoid(x)) or mul(sigmoid(x), x), x read by these two alone.
struct FuseSiluMul : OpRewritePattern<ElementwiseOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ElementwiseOp Op,
                                PatternRewriter &Rewriter) const override {
    if (Op.getKind() != ElementwiseKind::mul)
      return failure();
    for (int Side = 0; Side != 2; ++Side) {
      Value X = Op.getInputs()[Side], S = Op.getInputs()[1 - Side];
      auto Sigmoid = S.getDefiningOp<ElementwiseOp>();
      if (!Sigmoid || Sigmoid.getKind() != ElementwiseKind::sigmoid ||
          Sigmoid.getInputs()[0] != X || !S.hasOneUse())
        continue;
      auto Producer = X.getDefiningOp<FusedActivationOpInterface>();
      // Two uses, the sigmoid's and the mul's (one use if X is both of
      // the mul's operands, which is then not x * sigmoid(x)).
      auto Uses = X.getUses();
      if (!Producer || Producer.getActivation() ||
          std::distance(Uses.begin(), Uses.end()) != 2 ||
          X.getType() != Op.getType() || S.getType() != Op.getType() ||
          !cast<ShapedType>(X.getType()).getElementType().isF32() ||
          !Producer.supportsActivation(Activation::silu) ||
          !takesSilu(Producer))
        continue;
      Rewriter.modifyOpInPlace(Producer, [&] {
        Producer->setLoc(Rewriter.getFusedLoc(
            {Producer->getLoc(), Sigmoid.getLoc(), Op.getLoc()}));
        Producer.setActivationAttr(
            ActivationAttr::get(Rewriter.getContext(), Activation::silu));
      });
      Rewriter.replaceOp(Op, X);
      Rewriter.eraseOp(Sigmoid);
      return success();
    }
    return failure();
  }
};

} // namespace

void accel::graph::populateSiluFusion(RewritePatternSet &Patterns) {
  Patterns.add<FuseSiluMul>(Patterns.getContext());
}
