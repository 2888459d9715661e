//===-- FuseUpsampleConv.cpp - A conv of a nearest upsampling, fused ------===//
//
// Part of -accel-fuse-upsample-conv and -accel-fuse (FusePasses.cpp).
//
// A diffusion UNet's up block (PyTorch's F.interpolate(x, scale_factor=s,
// mode="nearest") and a Conv2d): a Resize by integer scales [1, 1, s, s],
// nearest, asymmetric, floor (ONNX's index floor(y / s): exactly pixel
// y / s), read by a convolution of stride 1, no dilation and one group
// alone, becomes one accel.conv2d_upsampled of the Resize's input: the
// upsampled tensor, s^2 times the input, is never written, and the
// kernel rows that read one input row in an output row phase are summed
// here (accel_kernels.h's w_rows), so a 3 x 3 kernel at s = 2 costs 2/3
// of its products. The sums are exact in real arithmetic; in f32 they
// reassociate the same products, within the convolution's own bound.
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"
#include "transforms/FusePatterns.h"

#include "accel_kernels.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"

#include <cmath>

using namespace mlir;
using namespace accel::graph;

namespace {

/// The integer s of \p R, a nearest upsampling of an NCHW tensor by [1, 1,
/// s, s] whose output pixel (y, x) is input pixel (y / s, x / s): nearest,
/// asymmetric, floor, its configuration constant, and its result s times
/// its input along H and W (s up to the kernel's largest).
std::optional<int64_t> nearestUpsampleScale(ResizeOp R) {
  if (!R || R.getMode() != ResizeMode::nearest ||
      R.getCoordinates() != ResizeCoordinates::asymmetric ||
      R.getNearestMode() != ResizeNearestMode::floor || R.getRoiValues() ||
      R.getScaleValues() || R.getSizeValues())
    return std::nullopt;
  ArrayRef<int64_t> X = shapeOf(R.getInput()), Y = shapeOf(R.getResult());
  if (X.size() != 4 || X[2] < 1 || X[3] < 1 || Y[0] != X[0] || Y[1] != X[1])
    return std::nullopt;
  int64_t S = Y[2] / X[2];
  if (S < 2 || S > ACCEL_CONV2D_UPSAMPLED_MAX_SCALE || Y[2] != S * X[2] ||
      Y[3] != S * X[3])
    return std::nullopt;
  // Scales other than s (ONNX's output size floor(s' H) may still be s H)
  // would map output pixels to other inputs.
  if (auto Scales = R.getScales()) {
    double D = double(S);
    if (*Scales != ArrayRef<double>{1.0, 1.0, D, D})
      return std::nullopt;
  }
  return S;
}

/// w [Cout, C, KH, KW] as accel_conv2d_upsampled's w_rows [s Cout, C,
/// KH', KW]: phase r's row t the sum of the kernel rows ky that read input
/// row first_row(r + ky) = first_row(r) + t, in double, rounded once.
SmallVector<float> foldRows(ArrayRef<float> W, ArrayRef<int64_t> Shape,
                            int64_t S, int64_t PadTop, int64_t Rows) {
  int64_t Cout = Shape[0], C = Shape[1], KH = Shape[2], KW = Shape[3];
  SmallVector<double> Sum(S * Cout * C * Rows * KW, 0.0);
  for (int64_t R = 0; R != S; ++R) {
    int64_t First = accel_conv2d_upsampled_first_row(R, PadTop, S);
    for (int64_t O = 0; O != Cout; ++O)
      for (int64_t I = 0; I != C; ++I)
        for (int64_t Ky = 0; Ky != KH; ++Ky) {
          int64_t T =
              accel_conv2d_upsampled_first_row(R + Ky, PadTop, S) - First;
          for (int64_t Kx = 0; Kx != KW; ++Kx)
            Sum[(((R * Cout + O) * C + I) * Rows + T) * KW + Kx] +=
                W[((O * C + I) * KH + Ky) * KW + Kx];
        }
  }
  return SmallVector<float>(Sum.begin(), Sum.end());
}

/// conv2d(resize(x)) as conv2d_upsampled(x), the resize read by it alone.
struct FuseUpsampleConv : OpRewritePattern<Conv2dOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(Conv2dOp Conv,
                                PatternRewriter &Rewriter) const override {
    auto Resize = Conv.getInput().getDefiningOp<ResizeOp>();
    std::optional<int64_t> S = nearestUpsampleScale(Resize);
    if (!S || !Resize->hasOneUse() || Conv.getGroup() != 1 ||
        Conv.getStrides() != ArrayRef<int64_t>{1, 1} ||
        Conv.getDilations() != ArrayRef<int64_t>{1, 1} ||
        !isF32(Resize.getInput()) || !isF32(Conv.getWeight()) ||
        !isF32(Conv.getResult()))
      return failure();
    auto WConst = Conv.getWeight().getDefiningOp<arith::ConstantOp>();
    auto Dense =
        WConst ? dyn_cast<DenseElementsAttr>(WConst.getValue()) : nullptr;
    if (!Dense)
      return failure();
    ArrayRef<int64_t> WShape = shapeOf(Conv.getWeight());
    ArrayRef<int64_t> Pads = Conv.getPads();
    int64_t Rows = accel_conv2d_upsampled_rows(WShape[2], Pads[0], *S);
    SmallVector<float> W(Dense.getValues<float>());
    SmallVector<float> Folded = foldRows(W, WShape, *S, Pads[0], Rows);

    Location Loc = Rewriter.getFusedLoc({Resize.getLoc(), Conv.getLoc()});
    auto Type = RankedTensorType::get(
        {*S * WShape[0], WShape[1], Rows, WShape[3]}, Rewriter.getF32Type());
    Rewriter.setInsertionPoint(Conv);
    Value WRows = Rewriter.create<arith::ConstantOp>(
        WConst.getLoc(), Type,
        DenseElementsAttr::get(Type, ArrayRef<float>(Folded)));
    auto Fused = Rewriter.create<Conv2dUpsampledOp>(
        Loc, Conv.getType(), Resize.getInput(), WRows, Conv.getBias(),
        Rewriter.getI64IntegerAttr(*S), Rewriter.getI64IntegerAttr(WShape[2]),
        Conv.getPadsAttr(), Conv.getActivationAttr(), Conv.getActLoAttr(),
        Conv.getActHiAttr());
    Rewriter.replaceOp(Conv, Fused.getResult());
    Rewriter.eraseOp(Resize);
    return success();
  }
};

} // namespace

void accel::graph::populateUpsampleConvFusion(RewritePatternSet &Patterns) {
  Patterns.add<FuseUpsampleConv>(Patterns.getContext());
}
