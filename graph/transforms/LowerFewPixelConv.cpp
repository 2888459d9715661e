//===-- LowerFewPixelConv.cpp - 1x1 convolutions of few pixels as gemms ---===//
//
// Part of -accel-lower-few-pixel-conv and -accel-fuse (FusePasses.cpp).
//
// A 1 x 1 convolution (stride 1, no padding, one group) over at most 8
// pixels (a mobile CNN's last stages at 2 x 2, a head at 1 x 1) is a
// product of few rows: y^T [P, Cout] = x^T [P, C] . w^T [C, Cout]. As an
// accel.gemm with w stored transposed ([C, Cout], a constant), the
// library streams the weights once through the matrix unit's wide forms
// at the DMA's rate (gemm_few_rows.c), where the convolution's product
// w [Cout, C] . x [C, P] pads its P columns to a tile of 16 and takes
// Cout / 16 x C cycles of the matrix unit. One image of P pixels: x as
// [C, P] is op(a) under trans_a, and the product's [P, Cout] is
// transposed back (a view the gemm stores: Views.cpp); P images of one
// pixel: x as [P, C] as it lies. The bias is the gemm's row of Cout and
// the activation moves with it; the sums are the convolution's.
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"
#include "transforms/FusePatterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace accel::graph;

namespace {

/// What the few-rows path takes (gemm_few_rows.c): up to 8 rows, K up to
/// 16384 (and K x rows by columns up to 16384), a bias of up to 8192.
constexpr int64_t MaxRows = 8, MaxK = 16384, MaxColumnsFloats = 16384,
                  MaxBias = 8192;

struct LowerFewPixelConv : OpRewritePattern<Conv2dOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(Conv2dOp Conv,
                                PatternRewriter &Rewriter) const override {
    ArrayRef<int64_t> X = shapeOf(Conv.getInput());
    ArrayRef<int64_t> W = shapeOf(Conv.getWeight());
    if (X.size() != 4 || W.size() != 4 || W[2] != 1 || W[3] != 1 ||
        Conv.getGroup() != 1 || Conv.getStrides() != ArrayRef<int64_t>{1, 1} ||
        Conv.getDilations() != ArrayRef<int64_t>{1, 1} ||
        Conv.getPads() != ArrayRef<int64_t>{0, 0, 0, 0} ||
        !isF32(Conv.getInput()) || !isF32(Conv.getWeight()) ||
        !isF32(Conv.getBias()) || !isF32(Conv.getResult()))
      return failure();
    int64_t N = X[0], C = X[1], Pixels = X[2] * X[3], Cout = W[0];
    bool Images = Pixels == 1; // x's rows are its images
    if (!Images && N != 1)
      return failure();
    int64_t P = Images ? N : Pixels;
    bool ByColumns = P > 1 && !Images;
    if (P < 1 || P > MaxRows || C < 1 || C > MaxK || Cout < 1 ||
        (Conv.getBias() && Cout > MaxBias) ||
        (ByColumns && C * P > MaxColumnsFloats))
      return failure();
    Value B = transposedConvWeights(Rewriter, Conv.getWeight(), Cout, C);
    if (!B)
      return failure();

    Location Loc = Conv.getLoc();
    auto F32 = Rewriter.getF32Type();
    SmallVector<int64_t, 2> AShape = ByColumns ? SmallVector<int64_t, 2>{C, P}
                                               : SmallVector<int64_t, 2>{P, C};
    Value A = Rewriter.create<ReshapeOp>(
        Loc, RankedTensorType::get(AShape, F32), Conv.getInput());
    Value Y = Rewriter.create<GemmOp>(
        Loc, RankedTensorType::get({P, Cout}, F32), A, B, Conv.getBias(),
        Rewriter.getF32FloatAttr(1.0f), Rewriter.getF32FloatAttr(1.0f),
        Rewriter.getBoolAttr(ByColumns), Rewriter.getBoolAttr(false),
        Conv.getActivationAttr(), Conv.getActLoAttr(), Conv.getActHiAttr());
    if (ByColumns)
      Y = Rewriter.create<TransposeOp>(Loc,
                                       RankedTensorType::get({Cout, P}, F32), Y,
                                       Rewriter.getDenseI64ArrayAttr({1, 0}));
    Rewriter.replaceOpWithNewOp<ReshapeOp>(Conv, Conv.getType(), Y);
    return success();
  }
};

} // namespace

void accel::graph::populateFewPixelConvLowering(RewritePatternSet &Patterns) {
  Patterns.add<LowerFewPixelConv>(Patterns.getContext());
}
