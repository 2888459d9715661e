//===-- FusePreNorm.cpp - A pre-norm layer's residual add into its norm ---===//
//
// A pre-norm transformer layer (LLaMA's, ViT's, Whisper's,
// nn.TransformerEncoderLayer(norm_first=True)) computes
//
//   x1 = x + attn(norm1(x));  x2 = x1 + mlp(norm2(x1))
//
// so each residual sum is read twice: by the norm after it and by the next
// residual add. -accel-fuse-norms folds an add into the norm only where
// the norm alone reads it; here the add would be a pass of its own over
// memory (a call, two reads and a write), and the norm's a second read of
// its result. Instead, the norm takes the add's operands as its input and
// residual and writes both the sum and the normalized sum from the one
// pass (accel_norm_options.sum): its result is [2, x's dims], the sum and
// then the norm, which two slices on the leading axis (views, Views.h:
// contiguous, at an offset) give to their readers.
//
// Matched: an accel.layernorm over the last dimension or an
// accel.rms_norm, without a residual, of f32 rank at most ACCEL_MAX_RANK
// - 1, whose input is an add of two operands of its elements (its type,
// or without its leading 1s, as a position embedding: no broadcast) read
// by something else too; the norm's scale and shift defined before
// the add (the fused norm takes the add's place, so that the sum's
// other readers, which may come before the norm, still follow it); lines
// no longer than the kernel's with a residual. An add only the norm reads
// is -accel-fuse-norms' (the sum never written at all); readers that are
// dead (a decomposed norm's pieces, not yet erased) do not count, and a
// fused norm whose sum nothing reads any more writes it no longer.
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"
#include "transforms/FusePatterns.h"

#include "accel_kernels.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace accel::graph;

namespace {

/// The longest line the norms take with a residual (accel_kernels.h).
constexpr int64_t MaxResidualLine = 38912;

/// Whether \p V is defined before \p Op in its block (or is an argument,
/// or a value of an enclosing block).
bool definedBefore(Value V, Operation *Op) {
  Operation *Def = V.getDefiningOp();
  return !Def || Def->getBlock() != Op->getBlock() || Def->isBeforeInBlock(Op);
}

/// Whether nothing but ops dead in turn reads \p Op's results: the
/// pieces of a decomposed norm that its fusion left for the driver to
/// erase, which still read the add.
bool isDead(Operation *Op, unsigned Depth = 0) {
  if (Depth > 16 || Op->hasTrait<mlir::OpTrait::IsTerminator>() ||
      !isMemoryEffectFree(Op))
    return false;
  return llvm::all_of(Op->getUsers(),
                      [&](Operation *U) { return isDead(U, Depth + 1); });
}

/// Whether \p Norm's input is read by an op other than \p Norm that
/// lives.
bool readAgain(Value X, Operation *Norm) {
  return llvm::any_of(X.getUsers(), [&](Operation *U) {
    return U != Norm && !isDead(U);
  });
}

/// Whether \p V is of \p Type but for leading dimensions of 1 (a
/// position embedding without the batch dimension): the same elements
/// in the same order, a reshape away.
bool sameElements(Value V, RankedTensorType Type) {
  auto T = cast<RankedTensorType>(V.getType());
  auto withoutLeadingOnes = [](ArrayRef<int64_t> S) {
    return S.drop_while([](int64_t D) { return D == 1; });
  };
  return T.getElementType() == Type.getElementType() &&
         withoutLeadingOnes(T.getShape()) ==
             withoutLeadingOnes(Type.getShape());
}

/// \p V as \p Type (sameElements): itself, or a reshape of it.
Value as(PatternRewriter &Rewriter, Value V, RankedTensorType Type) {
  if (V.getType() == Type)
    return V;
  return Rewriter.create<ReshapeOp>(V.getLoc(), Type, V);
}

/// \p Norm's shape constraints beyond the add's: the last dimension
/// normalized.
bool normalizesLastDim(RmsNormOp) { return true; }
bool normalizesLastDim(LayerNormOp Norm) {
  return int64_t(Norm.getAxis()) + 1 == int64_t(shapeOf(Norm.getInput()).size());
}

SmallVector<Value, 2> params(RmsNormOp Norm) { return {Norm.getScale()}; }
SmallVector<Value, 2> params(LayerNormOp Norm) {
  SmallVector<Value, 2> P = {Norm.getScale()};
  if (Value Shift = Norm.getShift())
    P.push_back(Shift);
  return P;
}

/// \p Norm of \p A residual \p B with the result type \p Stacked.
Operation *fusedNorm(PatternRewriter &Rewriter, Location Loc, RmsNormOp Norm,
                     Type Stacked, Value A, Value B) {
  return Rewriter.create<RmsNormOp>(Loc, Stacked, A, B, Norm.getScale(),
                                    Norm.getEpsilonAttr());
}
Operation *fusedNorm(PatternRewriter &Rewriter, Location Loc, LayerNormOp Norm,
                     Type Stacked, Value A, Value B) {
  return Rewriter.create<LayerNormOp>(Loc, Stacked, A, B, Norm.getScale(),
                                      Norm.getShift(), Norm.getAxisAttr(),
                                      Norm.getEpsilonAttr());
}

/// Entry \p I of \p Stacked's leading axis, of type \p Type: a slice and a
/// reshape that drops its leading 1.
Value entry(PatternRewriter &Rewriter, Location Loc, Value Stacked, int64_t I,
            RankedTensorType Type) {
  size_t Rank = shapeOf(Stacked).size();
  SmallVector<int64_t> Starts(Rank, 0), Steps(Rank, 1), Shape = {1};
  Starts[0] = I;
  llvm::append_range(Shape, Type.getShape());
  Value Slice = Rewriter.create<SliceOp>(
      Loc, RankedTensorType::get(Shape, Type.getElementType()), Stacked,
      Rewriter.getDenseI64ArrayAttr(Starts),
      Rewriter.getDenseI64ArrayAttr(Steps));
  return Rewriter.create<ReshapeOp>(Loc, Type, Slice);
}

template <typename NormOp> struct FusePreNorm : OpRewritePattern<NormOp> {
  using OpRewritePattern<NormOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(NormOp Norm,
                                PatternRewriter &Rewriter) const override {
    Value X = Norm.getInput();
    auto Type = cast<RankedTensorType>(X.getType());
    auto Add = X.getDefiningOp<ElementwiseOp>();
    if (Norm.getResidual() || !Add || Add.getKind() != ElementwiseKind::add ||
        !readAgain(X, Norm) || Add.getInputs().size() != 2 ||
        !Type.getElementType().isF32() || Type.getRank() < 1 ||
        Type.getRank() + 1 > ACCEL_MAX_RANK ||
        Type.getShape().back() > MaxResidualLine || !normalizesLastDim(Norm) ||
        Norm.getType() != X.getType() ||
        !llvm::all_of(Add.getInputs(),
                      [&](Value V) { return sameElements(V, Type); }) ||
        !llvm::all_of(params(Norm),
                      [&](Value P) { return definedBefore(P, Add); }))
      return failure();
    SmallVector<int64_t> Shape = {2};
    llvm::append_range(Shape, Type.getShape());
    auto Stacked = RankedTensorType::get(Shape, Type.getElementType());
    Rewriter.setInsertionPoint(Add);
    Location Loc = Rewriter.getFusedLoc({Add.getLoc(), Norm.getLoc()});
    Operation *Fused =
        fusedNorm(Rewriter, Loc, Norm, Stacked,
                  as(Rewriter, Add.getInputs()[0], Type),
                  as(Rewriter, Add.getInputs()[1], Type));
    Value Sum = entry(Rewriter, Add.getLoc(), Fused->getResult(0), 0, Type);
    Value Normalized =
        entry(Rewriter, Norm.getLoc(), Fused->getResult(0), 1, Type);
    Rewriter.replaceOp(Norm, Normalized);
    Rewriter.replaceOp(Add, Sum);
    return success();
  }
};

/// \p Norm of its input and residual with the input's type.
Operation *plainNorm(PatternRewriter &Rewriter, RmsNormOp Norm) {
  return Rewriter.create<RmsNormOp>(
      Norm.getLoc(), Norm.getInput().getType(), Norm.getInput(),
      Norm.getResidual(), Norm.getScale(), Norm.getEpsilonAttr());
}
Operation *plainNorm(PatternRewriter &Rewriter, LayerNormOp Norm) {
  return Rewriter.create<LayerNormOp>(
      Norm.getLoc(), Norm.getInput().getType(), Norm.getInput(),
      Norm.getResidual(), Norm.getScale(), Norm.getShift(),
      Norm.getAxisAttr(), Norm.getEpsilonAttr());
}

/// A norm that writes the sum, which nothing reads any more (its reader
/// fused into something else): the norm alone, the slices of its second
/// entry reshapes of it.
template <typename NormOp> struct DropUnreadSum : OpRewritePattern<NormOp> {
  using OpRewritePattern<NormOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(NormOp Norm,
                                PatternRewriter &Rewriter) const override {
    if (!Norm.writesSum() ||
        !llvm::all_of(Norm->getUsers(), [](Operation *U) {
          auto S = dyn_cast<SliceOp>(U);
          return S && S.getStarts().front() == 1;
        }))
      return failure();
    Rewriter.setInsertionPoint(Norm);
    Value Plain = plainNorm(Rewriter, Norm)->getResult(0);
    for (Operation *U : llvm::make_early_inc_range(Norm->getUsers()))
      Rewriter.replaceOpWithNewOp<ReshapeOp>(U, U->getResult(0).getType(),
                                             Plain);
    Rewriter.eraseOp(Norm);
    return success();
  }
};

} // namespace

void accel::graph::populatePreNormFusion(RewritePatternSet &Patterns) {
  Patterns.add<FusePreNorm<RmsNormOp>, FusePreNorm<LayerNormOp>,
               DropUnreadSum<RmsNormOp>, DropUnreadSum<LayerNormOp>>(
      Patterns.getContext());
}
