//===-- FuseChains.cpp - Elementwise ops in a row as one chain ------------===//
//
// -accel-fuse-chains (Passes.td): elementwise ops in a row, each read only
// by the next and of the result's shape, become one
// accel.elementwise_chain: one pass over memory (accel_elementwise_chain;
// up to ACCEL_EW_MAX_STEPS steps and ACCEL_EW_MAX_INPUTS inputs), at any
// size: one call's fixed cost and one pass over memory beat the separate
// calls from 64 elements up, as measured when chains were made.
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"
#include "transforms/FusePatterns.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace accel::graph;

namespace {

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
      if (!isChainStep(PE))
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
    Value Other =
        Binary ? E.getInputs()[E.getInputs()[0] == Running ? 1 : 0] : Value();
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
    if (!isChainStep(E))
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

} // namespace

void accel::graph::populateChainFusion(RewritePatternSet &Patterns) {
  Patterns.add<FuseElementwiseChain, MergeChains>(Patterns.getContext());
}

bool accel::graph::isChainStep(ElementwiseOp E) {
  uint32_t K = static_cast<uint32_t>(E.getKind());
  if (E.getKind() == ElementwiseKind::where ||
      (K >= static_cast<uint32_t>(ElementwiseKind::mod) &&
       K <= static_cast<uint32_t>(ElementwiseKind::isneginf)))
    return false;
  auto IsF32 = [](Value V) {
    return cast<ShapedType>(V.getType()).getElementType().isF32();
  };
  return llvm::all_of(E.getInputs(), IsF32) && IsF32(E.getResult());
}
