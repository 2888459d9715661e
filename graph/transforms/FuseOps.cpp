//===-- FuseOps.cpp - Fold ops into the matrix unit's kernels -------------===//
//
// -accel-fuse: rewrite patterns that move work into the kernel before it,
// where the library does it on the way out of the matrix unit for free
// (docs/graph.md):
//
//  - an activation (relu, clip with constant bounds) after a conv2d, gemm
//    or matmul whose result nothing else reads becomes that op's
//    activation;
//  - a bias add after a 2-D matmul ([N] or [1, N] constant) makes it a
//    gemm with C;
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
#include "transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <cmath>

using namespace mlir;
using namespace accel::graph;

namespace {

/// The producer of \p V if it is a matrix-unit op with no activation yet
/// and \p V is its only use.
Operation *fusibleProducer(Value V) {
  Operation *Op = V.getDefiningOp();
  if (!Op || !V.hasOneUse() || !isa<MatMulOp, GemmOp, Conv2dOp>(Op) ||
      Op->hasAttr("activation"))
    return nullptr;
  return Op;
}

/// relu(x) and clip(x, lo, hi) into x's matrix-unit producer.
struct FuseActivation : OpRewritePattern<ElementwiseOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ElementwiseOp Op,
                                PatternRewriter &Rewriter) const override {
    StringRef Kind = Op.getKind();
    if (Kind != "relu" && Kind != "clip")
      return failure();
    Value X = Op.getInputs()[0];
    Operation *Producer = fusibleProducer(X);
    if (!Producer || X.getType() != Op.getType())
      return failure();
    Rewriter.modifyOpInPlace(Producer, [&] {
      Producer->setLoc(Rewriter.getFusedLoc({Producer->getLoc(), Op.getLoc()}));
      Producer->setAttr("activation", Rewriter.getStringAttr(Kind));
      if (Kind == "clip") {
        Producer->setAttr("act_lo", Op.getLoAttr());
        Producer->setAttr("act_hi", Op.getHiAttr());
      }
    });
    Rewriter.replaceOp(Op, X);
    return success();
  }
};

/// add(matmul(a, b), c) with a 2-D matmul and c an [N] or [1, N] constant:
/// gemm(a, b, c).
struct FuseBiasAdd : OpRewritePattern<ElementwiseOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ElementwiseOp Op,
                                PatternRewriter &Rewriter) const override {
    if (Op.getKind() != "add")
      return failure();
    for (int Side = 0; Side != 2; ++Side) {
      Value X = Op.getInputs()[Side], C = Op.getInputs()[1 - Side];
      auto MM = X.getDefiningOp<MatMulOp>();
      if (!MM || !fusibleProducer(X) || !C.getDefiningOp<arith::ConstantOp>())
        continue;
      auto Y = cast<RankedTensorType>(MM.getType());
      auto CT = cast<RankedTensorType>(C.getType());
      auto rank = [](Value V) {
        return cast<RankedTensorType>(V.getType()).getRank();
      };
      if (rank(MM.getA()) != 2 || rank(MM.getB()) != 2 || Op.getType() != Y)
        continue;
      int64_t N = Y.getDimSize(1);
      bool Row = CT.getNumElements() == N &&
                 (CT.getRank() == 1 ||
                  (CT.getRank() == 2 && CT.getDimSize(0) == 1));
      if (!Row)
        continue;
      auto Gemm = Rewriter.replaceOpWithNewOp<GemmOp>(
          Op, Y, MM.getA(), MM.getB(), C, Rewriter.getF32FloatAttr(1.0f),
          Rewriter.getF32FloatAttr(1.0f), Rewriter.getBoolAttr(false),
          Rewriter.getBoolAttr(false), StringAttr(), FloatAttr(), FloatAttr());
      Gemm->setLoc(Rewriter.getFusedLoc({MM.getLoc(), Op.getLoc()}));
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
        Conv.getGroupAttr(), StringAttr(), FloatAttr(), FloatAttr());
    Folded->setLoc(Rewriter.getFusedLoc({Conv.getLoc(), BN.getLoc()}));
    Rewriter.eraseOp(Conv);
    return success();
  }
};

struct FuseOpsPass : PassWrapper<FuseOpsPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(FuseOpsPass)

  StringRef getArgument() const final { return "accel-fuse"; }
  StringRef getDescription() const final {
    return "Fold activations, bias adds and batch norms into the matrix "
           "unit's kernels";
  }
  void runOnOperation() override {
    RewritePatternSet Patterns(&getContext());
    Patterns.add<FuseActivation, FuseBiasAdd, FoldBatchNorm>(&getContext());
    if (failed(applyPatternsAndFoldGreedily(getOperation(),
                                            std::move(Patterns))))
      signalPassFailure();
  }
};

} // namespace

std::unique_ptr<Pass> accel::graph::createFuseOpsPass() {
  return std::make_unique<FuseOpsPass>();
}

void accel::graph::registerFuseOpsPass() { PassRegistration<FuseOpsPass>(); }
