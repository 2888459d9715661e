//===-- FuseCnnBlocks.cpp - Convolutional blocks into one kernel each -----===//
//
// Part of -accel-fuse-cnn-blocks and -accel-fuse (FusePasses.cpp).
//
// Squeeze-excitation as torchvision writes it (EfficientNet's, MobileNetV3's
// SqueezeExcitation): GlobalAveragePool, a 1x1 Conv, its activation (ReLU,
// or SiLU as a silu activation or as x * sigmoid(x)), a 1x1 Conv, Sigmoid,
// and the input times the gates, becomes one accel.squeeze_excite: the
// library keeps the pooled vector, both products and the gates in the
// scratchpad, where the six ops each took a call and the broadcast product
// read the gates again for every element.
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"
#include "transforms/FusePatterns.h"

#include "accel_kernels.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace accel::graph;

namespace {

/// A convolution by [Out, In, 1, 1] weights of an input of 1 x 1 planes,
/// one group, no padding: a matrix-vector product per image.
bool isPointwiseOfVector(Conv2dOp Conv) {
  ArrayRef<int64_t> X = shapeOf(Conv.getInput()), W = shapeOf(Conv.getWeight());
  auto AllEqual = [](ArrayRef<int64_t> A, int64_t V) {
    return llvm::all_of(A, [&](int64_t E) { return E == V; });
  };
  return X.size() == 4 && X[2] == 1 && X[3] == 1 && W.size() == 4 &&
         W[2] == 1 && W[3] == 1 && Conv.getGroup() == 1 &&
         AllEqual(Conv.getPads(), 0) && AllEqual(Conv.getStrides(), 1) &&
         AllEqual(Conv.getDilations(), 1) && isF32(Conv.getInput()) &&
         isF32(Conv.getWeight());
}

/// A pool2d avg over whole unpadded planes of X: a global average pool.
bool isGlobalAverageOf(Pool2dOp Pool, Value X) {
  ArrayRef<int64_t> S = shapeOf(X);
  return Pool && Pool.getInput() == X && Pool.getKind() == PoolKind::avg &&
         S.size() == 4 && Pool.getKernel() == ArrayRef<int64_t>{S[2], S[3]} &&
         llvm::all_of(Pool.getPads(), [](int64_t P) { return P == 0; }) &&
         llvm::all_of(Pool.getDilations(), [](int64_t D) { return D == 1; }) &&
         Pool->hasOneUse();
}

/// The first product of a squeeze-excitation and its activation: H is the
/// product's result with none, relu or silu applied on the way out, or
/// x * sigmoid(x) of a product with none; Members gets the elementwise
/// ops of the latter.
struct FirstProduct {
  Conv2dOp Conv;
  std::optional<Activation> Act;
  SmallVector<Operation *, 2> Members;
};

std::optional<FirstProduct> firstProductOf(Value H) {
  if (!H.hasOneUse())
    return std::nullopt;
  if (auto Conv = H.getDefiningOp<Conv2dOp>()) {
    std::optional<Activation> Act = Conv.getActivation();
    if (Act && *Act != Activation::relu && *Act != Activation::silu)
      return std::nullopt;
    return FirstProduct{Conv, Act, {}};
  }
  auto Mul = H.getDefiningOp<ElementwiseOp>();
  if (!Mul || Mul.getKind() != ElementwiseKind::mul)
    return std::nullopt;
  for (int Side = 0; Side != 2; ++Side) {
    Value X = Mul.getInputs()[Side], S = Mul.getInputs()[1 - Side];
    auto Sigmoid = S.getDefiningOp<ElementwiseOp>();
    auto Conv = X.getDefiningOp<Conv2dOp>();
    auto Uses = X.getUses();
    if (!Sigmoid || Sigmoid.getKind() != ElementwiseKind::sigmoid ||
        Sigmoid.getInputs()[0] != X || !S.hasOneUse() || !Conv ||
        Conv.getActivation() ||
        std::distance(Uses.begin(), Uses.end()) != 2 ||
        X.getType() != Mul.getType() || S.getType() != Mul.getType())
      continue;
    return FirstProduct{Conv, Activation::silu, {Sigmoid, Mul}};
  }
  return std::nullopt;
}

/// x * sigmoid(conv(act(conv(global_avg_pool(x))))), either order of the
/// product, each intermediate read by the next alone.
struct FuseSqueezeExcite : OpRewritePattern<ElementwiseOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ElementwiseOp Op,
                                PatternRewriter &Rewriter) const override {
    if (Op.getKind() != ElementwiseKind::mul || Op.getInputs().size() != 2)
      return failure();
    for (int Side = 0; Side != 2; ++Side)
      if (succeeded(tryFuse(Op, Op.getInputs()[Side],
                            Op.getInputs()[1 - Side], Rewriter)))
        return success();
    return failure();
  }

  LogicalResult tryFuse(ElementwiseOp Op, Value X, Value G,
                        PatternRewriter &Rewriter) const {
    ArrayRef<int64_t> S = shapeOf(X);
    if (X.getType() != Op.getType() || S.size() != 4 || !isF32(X) ||
        shapeOf(G) != ArrayRef<int64_t>{S[0], S[1], 1, 1} || !G.hasOneUse())
      return failure();
    auto Gate = G.getDefiningOp<ElementwiseOp>();
    if (!Gate || Gate.getKind() != ElementwiseKind::sigmoid)
      return failure();
    auto Second = Gate.getInputs()[0].getDefiningOp<Conv2dOp>();
    if (!Second || !Second->hasOneUse() || Second.getActivation() ||
        !isPointwiseOfVector(Second))
      return failure();
    std::optional<FirstProduct> First = firstProductOf(Second.getInput());
    if (!First || !isPointwiseOfVector(First->Conv))
      return failure();
    Conv2dOp Conv1 = First->Conv;
    auto Pool = Conv1.getInput().getDefiningOp<Pool2dOp>();
    if (!isGlobalAverageOf(Pool, X))
      return failure();
    int64_t C = S[1], R = shapeOf(Conv1.getWeight())[0];
    if (shapeOf(Conv1.getWeight())[1] != C ||
        shapeOf(Second.getWeight()) != ArrayRef<int64_t>{C, R, 1, 1} ||
        !accel_squeeze_excite_fits(C, R, S[2], S[3]))
      return failure();

    SmallVector<Location, 8> Locs = {Pool.getLoc(), Conv1.getLoc()};
    for (Operation *M : First->Members)
      Locs.push_back(M->getLoc());
    Locs.append({Second.getLoc(), Gate.getLoc(), Op.getLoc()});
    ActivationAttr Act =
        First->Act ? ActivationAttr::get(getContext(), *First->Act) : nullptr;
    auto Fused = Rewriter.create<SqueezeExciteOp>(
        Rewriter.getFusedLoc(Locs), Op.getType(), X, Conv1.getWeight(),
        Conv1.getBias(), Second.getWeight(), Second.getBias(), Act);
    Rewriter.replaceOp(Op, Fused.getResult());
    // The pieces, each dead once the one after it is gone.
    Rewriter.eraseOp(Gate);
    Rewriter.eraseOp(Second);
    for (Operation *M : llvm::reverse(First->Members))
      Rewriter.eraseOp(M);
    Rewriter.eraseOp(Conv1);
    Rewriter.eraseOp(Pool);
    return success();
  }
};

} // namespace

void accel::graph::populateCnnBlockFusion(RewritePatternSet &Patterns) {
  Patterns.add<FuseSqueezeExcite>(Patterns.getContext());
}
