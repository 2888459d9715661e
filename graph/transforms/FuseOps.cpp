//===-- FuseOps.cpp - Fold ops into the matrix unit's kernels -------------===//
//
// -accel-fuse: rewrite patterns that move work into the kernel before it,
// where the library does it on the way out of the matrix unit for free
// (docs/graph.md):
//
//  - an activation (relu, clip with constant bounds; the exact gelu after
//    a gemm or matmul) after a conv2d, gemm or matmul whose result nothing
//    else reads becomes that op's activation;
//  - a bias add ([N] or [1, N] constant) after a matmul by a 2-D b makes
//    it a gemm with C (a of rank 3 or more as rows, through reshapes);
//  - a batchnorm after a conv2d whose weights, bias and the batchnorm's
//    parameters are constants folds into the convolution's weights and
//    bias: w' = w s, b' = (b - mean) s + shift, s = scale / sqrt(var + eps)
//    per output channel, computed in double precision and rounded once;
//  - the attention pattern, MatMul -> scale -> mask -> Softmax -> MatMul,
//    becomes one accel.attention (FuseAttention.cpp);
//  - LayerNorm and GELU written out as elementwise ops and reductions
//    become accel.layernorm and accel.elementwise gelu
//    (FuseDecomposed.cpp);
//  - a transpose of a gemm's rows whose result is only sliced goes after
//    the gemm, where it is a view (SinkTransposes.cpp);
//  - a residual connection's add, read only by a layer norm, becomes the
//    norm's residual (accel_layernorm adds it as each batch of lines
//    arrives: the sum never goes to memory, as in TensorRT's skip layer
//    norm), post-norm transformers' x = norm(x + f(x)); and a gemm read
//    only by that norm joins it as one accel.gemm_norm, and the
//    feed-forward block's first gemm, read only by that, makes it an
//    accel.mlp_norm (FuseGemmNorm.cpp);
//  - elementwise ops in a row, each read only by the next and of the
//    result's shape, become one accel.elementwise_chain: one pass over
//    memory (accel_elementwise_chain; up to 8 steps and 5 inputs), at any
//    size: bench/kernels' chain of four against four calls, 6 892 against
//    7 824 cycles at 64 elements, 10 535 against 12 293 at 2 048, 37 135
//    against 41 581 at 16 384. (Before each call's fixed cost was cut, the
//    four calls won below 8 192 elements.)
//
// A fused op's location fuses its members' (the ONNX nodes'), so that
// errors and profiles name every node it computes.
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"
#include "transforms/FusePatterns.h"
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

/// The producer of \p V if it is an op that can carry an activation
/// (FusedActivationOpInterface), with none yet, and \p V is its only use.
FusedActivationOpInterface fusibleProducer(Value V) {
  auto Op = V.getDefiningOp<FusedActivationOpInterface>();
  if (!Op || !V.hasOneUse() || Op.getActivation())
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
      bool Row = CT.getNumElements() == N &&
                 (CT.getRank() == 1 ||
                  (CT.getRank() == 2 && CT.getDimSize(0) == 1));
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

/// layernorm(add(a, b)) with a and b of the result's shape and the add
/// read only by the norm: layernorm(a residual b).
struct FuseResidualNorm : OpRewritePattern<LayerNormOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LayerNormOp LN,
                                PatternRewriter &Rewriter) const override {
    Value X = LN.getInput();
    auto Add = X.getDefiningOp<ElementwiseOp>();
    if (LN.getResidual() || !Add || Add.getKind() != ElementwiseKind::add ||
        !X.hasOneUse() || !llvm::all_of(Add.getInputs(), [&](Value V) {
          return V.getType() == X.getType();
        }))
      return failure();
    Location Loc = Rewriter.getFusedLoc({Add.getLoc(), LN.getLoc()});
    auto Fused = Rewriter.replaceOpWithNewOp<LayerNormOp>(
        LN, LN.getType(), Add.getInputs()[0], Add.getInputs()[1],
        LN.getScale(), LN.getShift(), LN.getAxisAttr(), LN.getEpsilonAttr());
    Fused->setLoc(Loc);
    Rewriter.eraseOp(Add);
    return success();
  }
};

/// A chain under construction: its inputs and steps.
struct Chain {
  SmallVector<Value, 5> Inputs;
  SmallVector<Attribute, 8> Kinds;
  SmallVector<int64_t, 8> Operands;
  SmallVector<bool, 8> Swaps;
  SmallVector<float, 8> Alphas, Los, His;

  /// The index of \p V among the inputs after the first, added if new.
  int64_t operandIndex(Value V) {
    for (size_t I = 1; I < Inputs.size(); ++I)
      if (Inputs[I] == V)
        return I;
    Inputs.push_back(V);
    return Inputs.size() - 1;
  }
  /// Starts from chain or elementwise op \p P (false if it is neither).
  bool startFrom(Operation *P) {
    if (auto PE = dyn_cast<ElementwiseOp>(P)) {
      if (PE.getKind() == ElementwiseKind::where)
        return false;
      // Run from the operand of the result's shape where the first is
      // broadcast, so that what made it can join the chain too.
      Value Start = PE.getInputs()[0];
      if (PE.getInputs().size() == 2 && Start.getType() != PE.getType() &&
          PE.getInputs()[1].getType() == PE.getType())
        Start = PE.getInputs()[1];
      Inputs.push_back(Start);
      append(PE, Start);
      return true;
    }
    auto PC = dyn_cast<ElementwiseChainOp>(P);
    if (!PC)
      return false;
    Inputs.append(PC.getInputs().begin(), PC.getInputs().end());
    Kinds.append(PC.getKinds().begin(), PC.getKinds().end());
    Operands.append(PC.getOperands().begin(), PC.getOperands().end());
    Swaps.append(PC.getSwaps().begin(), PC.getSwaps().end());
    Alphas.append(PC.getAlphas().begin(), PC.getAlphas().end());
    Los.append(PC.getLos().begin(), PC.getLos().end());
    His.append(PC.getHis().begin(), PC.getHis().end());
    return true;
  }
  /// Appends chain \p E's steps, its running value starting from this
  /// chain's result.
  void appendChain(ElementwiseChainOp E) {
    for (size_t I = 0; I != E.getKinds().size(); ++I) {
      int64_t Operand = E.getOperands()[I];
      Kinds.push_back(E.getKinds()[I]);
      Operands.push_back(Operand ? operandIndex(E.getInputs()[Operand]) : 0);
      Swaps.push_back(E.getSwaps()[I]);
      Alphas.push_back(E.getAlphas()[I]);
      Los.push_back(E.getLos()[I]);
      His.push_back(E.getHis()[I]);
    }
  }
  /// The chain op replacing \p Last and \p First (its producer), or
  /// failure when it is too long.
  LogicalResult replace(PatternRewriter &Rewriter, Operation *Last,
                        Operation *First) {
    if (Kinds.size() > 8 || Inputs.size() > 5)
      return failure();
    auto New = Rewriter.replaceOpWithNewOp<ElementwiseChainOp>(
        Last, Last->getResult(0).getType(), Inputs,
        Rewriter.getArrayAttr(Kinds), Rewriter.getDenseI64ArrayAttr(Operands),
        Rewriter.getDenseBoolArrayAttr(Swaps),
        Rewriter.getDenseF32ArrayAttr(Alphas),
        Rewriter.getDenseF32ArrayAttr(Los), Rewriter.getDenseF32ArrayAttr(His));
    New->setLoc(Rewriter.getFusedLoc({First->getLoc(), Last->getLoc()}));
    Rewriter.eraseOp(First);
    return success();
  }
  /// Appends elementwise op \p E's step, r its input \p Running.
  void append(ElementwiseOp E, Value Running) {
    bool Binary = E.getInputs().size() == 2;
    Value Other = Binary ? E.getInputs()[E.getInputs()[0] == Running ? 1 : 0]
                         : Value();
    Kinds.push_back(E.getKindAttr());
    Operands.push_back(Binary ? operandIndex(Other) : 0);
    Swaps.push_back(Binary && E.getInputs()[1] == Running &&
                    E.getInputs()[0] != Running);
    auto F = [](std::optional<APFloat> A) {
      return A ? A->convertToFloat() : 0.0f;
    };
    Alphas.push_back(F(E.getAlpha()));
    Los.push_back(F(E.getLo()));
    His.push_back(F(E.getHi()));
  }
};

/// Whether \p V, an input of \p User, may be the running value a chain
/// continues from: made by an op read only by \p User, of its shape.
Operation *chainProducer(Value V, Operation *User) {
  Operation *P = V.getDefiningOp();
  if (!P || !V.hasOneUse() || V.getType() != User->getResult(0).getType() ||
      !isa<ElementwiseOp, ElementwiseChainOp>(P))
    return nullptr;
  return P;
}

/// e(p(...)) with p an elementwise op or chain read only by e: one chain.
struct FuseElementwiseChain : OpRewritePattern<ElementwiseOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ElementwiseOp E,
                                PatternRewriter &Rewriter) const override {
    if (E.getKind() == ElementwiseKind::where)
      return failure();
    for (Value V : E.getInputs()) {
      Operation *P = chainProducer(V, E);
      // (r op r would need the running value as an input too.)
      if (!P || llvm::count(E.getInputs(), V) > 1)
        continue;
      Chain C;
      if (!C.startFrom(P))
        continue;
      C.append(E, V);
      if (succeeded(C.replace(Rewriter, E, P)))
        return success();
    }
    return failure();
  }
};

/// A chain whose start is made by an elementwise op or chain read only by
/// it: one chain.
struct MergeChains : OpRewritePattern<ElementwiseChainOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ElementwiseChainOp E,
                                PatternRewriter &Rewriter) const override {
    Value Start = E.getInputs()[0];
    Operation *P = chainProducer(Start, E);
    if (!P || llvm::count(E.getInputs(), Start) > 1)
      return failure();
    Chain C;
    if (!C.startFrom(P))
      return failure();
    C.appendChain(E);
    return C.replace(Rewriter, E, P);
  }
};

struct FuseOpsPass : PassWrapper<FuseOpsPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(FuseOpsPass)

  StringRef getArgument() const final { return "accel-fuse"; }
  StringRef getDescription() const final {
    return "Fuse ops into the kernels that can do them on the way: "
           "activations, bias adds and batch norms into the matrix unit's, "
           "attention, LayerNorm and GELU from their pieces, residual adds "
           "into layer norms, elementwise chains";
  }
  void runOnOperation() override {
    // The matrix-unit fusions first, to the end, then the chains of what
    // is left: a chain would otherwise take the bias add or activation
    // after a matmul that the matrix unit does for free.
    RewritePatternSet Matrix(&getContext()), Chains(&getContext());
    Matrix.add<FuseActivation, FuseBiasAdd, FoldBatchNorm, FuseResidualNorm>(
        &getContext());
    populateAttentionFusion(Matrix);
    populateDecomposedFusion(Matrix);
    populateGemmNormFusion(Matrix);
    populateTransposeSinking(Matrix);
    Chains.add<FuseElementwiseChain, MergeChains>(&getContext());
    if (failed(applyPatternsAndFoldGreedily(getOperation(),
                                            std::move(Matrix))) ||
        failed(applyPatternsAndFoldGreedily(getOperation(),
                                            std::move(Chains))))
      signalPassFailure();
  }
};

} // namespace

std::unique_ptr<Pass> accel::graph::createFuseOpsPass() {
  return std::make_unique<FuseOpsPass>();
}

void accel::graph::registerFuseOpsPass() { PassRegistration<FuseOpsPass>(); }
