//===-- FuseActivations.cpp - Work into the matrix unit's kernels ---------===//
//
// -accel-fuse-activations (Passes.td): rewrite patterns that move work
// into the matrix-unit kernel before it, where the library does it on the
// way out for free (docs/graph.md):
//
//  - an activation (relu, clip with constant bounds; the exact gelu after
//    a gemm or matmul) after an op that carries one
//    (FusedActivationOpInterface) and whose result nothing else reads
//    becomes that op's activation;
//  - a bias add ([N] or [1, N] constant) after a matmul by a 2-D b makes
//    it a gemm with C (a of rank 3 or more as rows, through reshapes);
//  - a batchnorm after a conv2d whose weights, bias and the batchnorm's
//    parameters are constants folds into the convolution's weights and
//    bias: w' = w s, b' = (b - mean) s + shift, s = scale / sqrt(var + eps)
//    per output channel, computed in double precision and rounded once.
//
// A fused op's location fuses its members' (the ONNX nodes'), so that
// errors and profiles name every node it computes.
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"
#include "transforms/FusePatterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"

#include <cmath>

using namespace mlir;
using namespace accel::graph;

namespace {

/// The producer of \p V if it is an op that can carry an activation
/// (FusedActivationOpInterface), with none yet, and \p V is its only use
/// and f32 (a matmul of another type has neither activation nor bias).
FusedActivationOpInterface fusibleProducer(Value V) {
  auto Op = V.getDefiningOp<FusedActivationOpInterface>();
  if (!Op || !V.hasOneUse() || Op.getActivation() ||
      !cast<ShapedType>(V.getType()).getElementType().isF32())
    return nullptr;
  return Op;
}

/// relu(x), clip(x, lo, hi) and the exact gelu(x) into x's matrix-unit
/// producer, where its kernel has that activation (gelu: a matmul's or
/// gemm's, which the library's GEMM applies on the stream engine per tile;
/// its convolution has no gelu), also through a reshape of it
/// (FuseBiasAdd's): the activation is elementwise.
struct FuseActivation : OpRewritePattern<ElementwiseOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ElementwiseOp Op,
                                PatternRewriter &Rewriter) const override {
    // An activation is the elementwise kind of its name.
    std::optional<Activation> Kind =
        symbolizeActivation(stringifyElementwiseKind(Op.getKind()));
    if (!Kind)
      return failure();
    Value X = Op.getInputs()[0];
    auto Reshape = X.getDefiningOp<ReshapeOp>();
    FusedActivationOpInterface Producer =
        fusibleProducer(Reshape && X.hasOneUse() ? Reshape.getInput() : X);
    if (!Producer || X.getType() != Op.getType() ||
        !Producer.supportsActivation(*Kind))
      return failure();
    Rewriter.modifyOpInPlace(Producer, [&] {
      Producer->setLoc(Rewriter.getFusedLoc({Producer->getLoc(), Op.getLoc()}));
      Producer.setActivationAttr(
          ActivationAttr::get(Rewriter.getContext(), *Kind));
      if (*Kind == Activation::clip) {
        Producer.setActLoAttr(Op.getLoAttr());
        Producer.setActHiAttr(Op.getHiAttr());
      }
    });
    Rewriter.replaceOp(Op, X);
    return success();
  }
};

/// add(matmul(a, b), c) with b 2-D and c an [N] or [1, N] constant:
/// gemm(a, b, c), with a of rank 3 or more as rows (a reshape, which
/// moves no data) and the result reshaped back.
struct FuseBiasAdd : OpRewritePattern<ElementwiseOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ElementwiseOp Op,
                                PatternRewriter &Rewriter) const override {
    if (Op.getKind() != ElementwiseKind::add)
      return failure();
    for (int Side = 0; Side != 2; ++Side) {
      Value X = Op.getInputs()[Side], C = Op.getInputs()[1 - Side];
      auto MM = X.getDefiningOp<MatMulOp>();
      if (!MM || !fusibleProducer(X) || !C.getDefiningOp<arith::ConstantOp>())
        continue;
      auto Y = cast<RankedTensorType>(MM.getType());
      auto AT = cast<RankedTensorType>(MM.getA().getType());
      auto CT = cast<RankedTensorType>(C.getType());
      if (AT.getRank() < 2 || Y.getRank() != AT.getRank() ||
          cast<RankedTensorType>(MM.getB().getType()).getRank() != 2 ||
          Op.getType() != Y)
        continue;
      int64_t N = Y.getShape().back(), K = AT.getShape().back();
      bool Row =
          CT.getNumElements() == N &&
          (CT.getRank() == 1 || (CT.getRank() == 2 && CT.getDimSize(0) == 1));
      if (!Row)
        continue;
      Location Loc = Rewriter.getFusedLoc({MM.getLoc(), Op.getLoc()});
      int64_t Rows = AT.getNumElements() / std::max<int64_t>(K, 1);
      auto F32 = Rewriter.getF32Type();
      Value A = MM.getA();
      if (AT.getRank() != 2)
        A = Rewriter.create<ReshapeOp>(
            Loc, RankedTensorType::get({Rows, K}, F32), A);
      auto Gemm = Rewriter.create<GemmOp>(
          Loc, RankedTensorType::get({Rows, N}, F32), A, MM.getB(), C,
          Rewriter.getF32FloatAttr(1.0f), Rewriter.getF32FloatAttr(1.0f),
          Rewriter.getBoolAttr(false), Rewriter.getBoolAttr(false),
          ActivationAttr(), FloatAttr(), FloatAttr());
      Value Result = Gemm;
      if (AT.getRank() != 2)
        Result = Rewriter.create<ReshapeOp>(Loc, Y, Result);
      Rewriter.replaceOp(Op, Result);
      Rewriter.eraseOp(MM);
      return success();
    }
    return failure();
  }
};

/// The f32 values of a constant tensor, or nothing.
std::optional<SmallVector<double>> constantValues(Value V) {
  auto C = V.getDefiningOp<arith::ConstantOp>();
  if (!C)
    return std::nullopt;
  auto Dense = dyn_cast<DenseElementsAttr>(C.getValue());
  if (!Dense || !Dense.getElementType().isF32())
    return std::nullopt;
  SmallVector<double> Out;
  for (float F : Dense.getValues<float>())
    Out.push_back(F);
  return Out;
}

} // namespace

bool accel::graph::isF32(Value V) {
  return !V || cast<ShapedType>(V.getType()).getElementType().isF32();
}

std::optional<double> accel::graph::splatConstant(Value V) {
  auto C = V.getDefiningOp<arith::ConstantOp>();
  auto Dense = C ? dyn_cast<DenseElementsAttr>(C.getValue()) : nullptr;
  if (!Dense || !Dense.getElementType().isF32() || Dense.empty())
    return std::nullopt;
  if (Dense.isSplat())
    return double(Dense.getSplatValue<float>());
  auto Values = Dense.getValues<float>();
  float First = *Values.begin();
  for (float F : Values) // stops at the first other value
    if (F != First)
      return std::nullopt;
  return double(First);
}

namespace {

Value makeConstant(PatternRewriter &Rewriter, Location Loc,
                   RankedTensorType Type, ArrayRef<double> Values) {
  SmallVector<float> F(Values.begin(), Values.end());
  return Rewriter.create<arith::ConstantOp>(
      Loc, Type, DenseElementsAttr::get(Type, ArrayRef<float>(F)));
}

/// batchnorm(conv2d(x, w, b)) with constants: conv2d(x, w', b').
struct FoldBatchNorm : OpRewritePattern<BatchNormOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(BatchNormOp BN,
                                PatternRewriter &Rewriter) const override {
    Value X = BN.getInput();
    auto Conv = X.getDefiningOp<Conv2dOp>();
    if (!Conv || !fusibleProducer(X))
      return failure();
    auto W = constantValues(Conv.getWeight());
    auto Scale = constantValues(BN.getScale());
    auto Shift = constantValues(BN.getShift());
    auto Mean = constantValues(BN.getMean());
    auto Var = constantValues(BN.getVariance());
    std::optional<SmallVector<double>> Bias;
    if (Conv.getBias() && !(Bias = constantValues(Conv.getBias())))
      return failure();
    if (!W || !Scale || !Shift || !Mean || !Var)
      return failure();
    int64_t M = Scale->size(), PerChannel = W->size() / M;
    double Eps = BN.getEpsilon().convertToFloat();
    SmallVector<double> NewW(*W), NewB(M);
    for (int64_t O = 0; O != M; ++O) {
      double S = (*Scale)[O] / std::sqrt((*Var)[O] + Eps);
      for (int64_t I = 0; I != PerChannel; ++I)
        NewW[O * PerChannel + I] *= S;
      NewB[O] = ((Bias ? (*Bias)[O] : 0.0) - (*Mean)[O]) * S + (*Shift)[O];
    }
    Location Loc = BN.getLoc();
    auto WType = cast<RankedTensorType>(Conv.getWeight().getType());
    auto BType = RankedTensorType::get({M}, Rewriter.getF32Type());
    Rewriter.setInsertionPoint(Conv);
    Value NewWeight = makeConstant(Rewriter, Loc, WType, NewW);
    Value NewBias = makeConstant(Rewriter, Loc, BType, NewB);
    auto Folded = Rewriter.replaceOpWithNewOp<Conv2dOp>(
        BN, BN.getType(), Conv.getInput(), NewWeight, NewBias,
        Conv.getStridesAttr(), Conv.getPadsAttr(), Conv.getDilationsAttr(),
        Conv.getGroupAttr(), ActivationAttr(), FloatAttr(), FloatAttr());
    Folded->setLoc(Rewriter.getFusedLoc({Conv.getLoc(), BN.getLoc()}));
    Rewriter.eraseOp(Conv);
    return success();
  }
};

} // namespace

void accel::graph::populateActivationFusion(RewritePatternSet &Patterns) {
  Patterns.add<FuseActivation, FuseBiasAdd, FoldBatchNorm>(
      Patterns.getContext());
}
