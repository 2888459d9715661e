//===-- LowerPatchConv.cpp - patch convolutions as gemms ------------------===//
//
// Part of -accel-fuse (FusePasses.cpp).
//
// A convolution whose stride is its kernel (kh x kw, no padding, no
// dilation, one group: a vision transformer's patch embedding) reads each
// input pixel once: the patches do not overlap. It is a product of the
// images' patches and the weights:
//
//   y^T [N P, Cout] = patches [N P, C kh kw] . w^T [C kh kw, Cout]
//
// with patches the images [N, C, Ph, kh, Pw, kw] transposed to [N, Ph,
// Pw, C, kh, kw] (one transposing copy) and P = Ph Pw. As an accel.gemm against
// w stored transposed (a constant), the matrix unit takes P / 16 blocks of
// rows of K = C kh kw each, where the convolution kernel gathers a
// strided window for every output pixel and tap. The bias and the
// activation move to the gemm; y is the product transposed back, which
// the usual flatten-and-transpose of the tokens that follows cancels.
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"
#include "transforms/FusePatterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace accel::graph;

namespace {

/// The patches' matrix in floats, at most: a patch embedding's image,
/// not a high-resolution stem's (a ConvNeXt's 4 x 4 stem over 224 x 224
/// is 150 528). And the transposing copy's runs of kw floats, at most: it
/// moves about one a cycle, so that more (2 x 2 patches of 96 channels at
/// 16 x 16 are 12 288) cost more than the product saves over the
/// convolution kernel.
constexpr int64_t MaxPatchFloats = 65536, MaxRuns = 4096;

struct LowerPatchConv : OpRewritePattern<Conv2dOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(Conv2dOp Conv,
                                PatternRewriter &Rewriter) const override {
    ArrayRef<int64_t> X = shapeOf(Conv.getInput());
    ArrayRef<int64_t> W = shapeOf(Conv.getWeight());
    if (X.size() != 4 || W.size() != 4 || Conv.getGroup() != 1)
      return failure();
    int64_t N = X[0], C = X[1], H = X[2], Wd = X[3], Cout = W[0], Kh = W[2],
            Kw = W[3];
    if (Conv.getBias() && shapeOf(Conv.getBias()) != ArrayRef<int64_t>{Cout})
      return failure();
    if (W[1] != C || Kh * Kw < 2 || H % Kh || Wd % Kw ||
        Conv.getStrides() != ArrayRef<int64_t>{Kh, Kw} ||
        Conv.getDilations() != ArrayRef<int64_t>{1, 1} ||
        Conv.getPads() != ArrayRef<int64_t>{0, 0, 0, 0} ||
        !isF32(Conv.getInput()) || !isF32(Conv.getWeight()) ||
        !isF32(Conv.getBias()) || !isF32(Conv.getResult()))
      return failure();
    int64_t Ph = H / Kh, Pw = Wd / Kw, P = Ph * Pw, K = C * Kh * Kw;
    if (N < 1 || N * P * K > MaxPatchFloats || N * P * K / Kw > MaxRuns)
      return failure();
    // w [Cout, C, kh, kw] is [Cout, K] row-major; B is its transpose.
    Value B = transposedConvWeights(Rewriter, Conv.getWeight(), Cout, K);
    if (!B)
      return failure();

    Location Loc = Conv.getLoc();
    auto F32 = Rewriter.getF32Type();
    auto Type = [&](ArrayRef<int64_t> Shape) {
      return RankedTensorType::get(Shape, F32);
    };
    // One image as [C, Ph, kh, Pw, kw]; N as [N, C, Ph, kh, Pw, kw], its
    // patches' rows image by image, and the product's [N, P, Cout].
    Value Image, Patches, Yt;
    if (N == 1) {
      Image = Rewriter.create<ReshapeOp>(Loc, Type({C, Ph, Kh, Pw, Kw}),
                                         Conv.getInput());
      Patches = Rewriter.create<TransposeOp>(
          Loc, Type({Ph, Pw, C, Kh, Kw}), Image,
          Rewriter.getDenseI64ArrayAttr({1, 3, 0, 2, 4}));
    } else {
      Image = Rewriter.create<ReshapeOp>(Loc, Type({N, C, Ph, Kh, Pw, Kw}),
                                         Conv.getInput());
      Patches = Rewriter.create<TransposeOp>(
          Loc, Type({N, Ph, Pw, C, Kh, Kw}), Image,
          Rewriter.getDenseI64ArrayAttr({0, 2, 4, 1, 3, 5}));
    }
    Value A = Rewriter.create<ReshapeOp>(Loc, Type({N * P, K}), Patches);
    Value Y = Rewriter.create<GemmOp>(
        Loc, Type({N * P, Cout}), A, B, Conv.getBias(),
        Rewriter.getF32FloatAttr(1.0f), Rewriter.getF32FloatAttr(1.0f),
        Rewriter.getBoolAttr(false), Rewriter.getBoolAttr(false),
        Conv.getActivationAttr(), Conv.getActLoAttr(), Conv.getActHiAttr());
    if (N == 1) {
      Yt = Rewriter.create<TransposeOp>(Loc, Type({Cout, P}), Y,
                                        Rewriter.getDenseI64ArrayAttr({1, 0}));
    } else {
      Value Images = Rewriter.create<ReshapeOp>(Loc, Type({N, P, Cout}), Y);
      Yt = Rewriter.create<TransposeOp>(
          Loc, Type({N, Cout, P}), Images,
          Rewriter.getDenseI64ArrayAttr({0, 2, 1}));
    }
    Rewriter.replaceOpWithNewOp<ReshapeOp>(Conv, Conv.getType(), Yt);
    return success();
  }
};

} // namespace

Value accel::graph::transposedConvWeights(PatternRewriter &Rewriter,
                                          Value Weights, int64_t Cout,
                                          int64_t K) {
  auto Const = Weights.getDefiningOp<arith::ConstantOp>();
  auto Dense = Const ? dyn_cast<DenseElementsAttr>(Const.getValue()) : nullptr;
  if (!Dense || !Dense.getElementType().isF32() ||
      Dense.getNumElements() != Cout * K)
    return nullptr;
  SmallVector<float> Values(Dense.getValues<float>());
  SmallVector<float> Transposed(K * Cout);
  for (int64_t O = 0; O != Cout; ++O)
    for (int64_t I = 0; I != K; ++I)
      Transposed[I * Cout + O] = Values[O * K + I];
  auto Type = RankedTensorType::get({K, Cout}, Rewriter.getF32Type());
  return Rewriter.create<arith::ConstantOp>(
      Const.getLoc(), Type,
      DenseElementsAttr::get(Type, ArrayRef<float>(Transposed)));
}

void accel::graph::populatePatchConvLowering(RewritePatternSet &Patterns) {
  Patterns.add<LowerPatchConv>(Patterns.getContext());
}
