//===-- FuseDecomposed.cpp - LayerNorm and GELU from their pieces ---------===//
//
// Exporters write LayerNormalization (before opset 17) and GELU (before
// opset 20) as elementwise ops and reductions; these patterns give them
// back their kernels (LayerNorm: -accel-fuse-norms; GELU:
// -accel-fuse-activations, Passes.td).
//
//  - LayerNorm: d = x - ReduceMean(x), y = d / Sqrt(ReduceMean(d^2) + eps)
//    (d^2 as Pow(d, 2) or d * d; both means over the same trailing axes,
//    kept), then optionally * gamma and + beta (constants of the
//    normalized shape): accel.layernorm(x, gamma or ones, beta) {axis,
//    epsilon}; one pass over the lines instead of nine ops over memory.
//  - GELU: x * 0.5 * (1 + Erf(x / sqrt(2))) in any order of its products
//    (PyTorch's 0.5 x (1 + erf(x / 1.4142135)) or x (1 + erf) * 0.5, the
//    division also as * 1 / sqrt(2)): accel.elementwise gelu.
//
// Every intermediate must have no reader outside the pattern.
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

bool near(std::optional<double> V, double Want) {
  return V && std::abs(*V - Want) <= 1e-6 * std::abs(Want);
}

/// \p V's producer if it is an elementwise op of \p Kind.
ElementwiseOp elementwise(Value V, ElementwiseKind Kind) {
  auto E = V.getDefiningOp<ElementwiseOp>();
  return E && E.getKind() == Kind ? E : ElementwiseOp();
}

/// For a binary elementwise op, the operand that is not \p Other.
Value otherInput(ElementwiseOp E, Value Other) {
  return E.getInputs()[0] == Other ? E.getInputs()[1] : E.getInputs()[0];
}

/// A kept mean over the trailing axes from \p Axis on (the first such
/// axis, or -1).
int64_t trailingMeanAxis(ReduceOp R) {
  if (!R || R.getKind() != ReduceKind::mean || !R.getKeepdims() ||
      R.getAxes().empty())
    return -1;
  int64_t Rank = shapeOf(R.getInput()).size(), First = R.getAxes()[0];
  for (auto [I, A] : llvm::enumerate(R.getAxes()))
    if (A != First + int64_t(I))
      return -1;
  return R.getAxes().back() == Rank - 1 ? First : -1;
}

struct FuseLayerNorm : OpRewritePattern<ElementwiseOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ElementwiseOp Div,
                                PatternRewriter &Rewriter) const override {
    // accel.layer_norm computes f32; the ops it replaces share the div's
    // type (their verifiers').
    if (Div.getKind() != ElementwiseKind::div ||
        !Div.getType().getElementType().isF32())
      return failure();
    Value D = Div.getInputs()[0], Sd = Div.getInputs()[1];
    auto Sub = elementwise(D, ElementwiseKind::sub);
    auto Sqrt = elementwise(Sd, ElementwiseKind::sqrt);
    auto AddEps =
        Sqrt ? elementwise(Sqrt.getInputs()[0], ElementwiseKind::add) : nullptr;
    if (!Sub || !Sqrt || !AddEps || !Sd.hasOneUse() ||
        !Sqrt.getInputs()[0].hasOneUse())
      return failure();
    Value X = Sub.getInputs()[0];
    auto Mean = Sub.getInputs()[1].getDefiningOp<ReduceOp>();
    int64_t Axis = trailingMeanAxis(Mean);
    if (Axis < 0 || Mean.getInput() != X || !Sub.getInputs()[1].hasOneUse() ||
        D.getType() != X.getType() || Div.getType() != X.getType())
      return failure();
    // var + eps, either order.
    std::optional<double> Eps;
    ReduceOp Var;
    for (Value In : AddEps.getInputs()) {
      if (auto E = splatConstant(In))
        Eps = E;
      else
        Var = In.getDefiningOp<ReduceOp>();
    }
    if (!Eps || *Eps < 0 || !Var || trailingMeanAxis(Var) != Axis ||
        Var.getAxes() != Mean.getAxes() || !Var->getResult(0).hasOneUse())
      return failure();
    // d^2: Pow(d, 2) or d * d, read only by the variance.
    Value Square = Var.getInput();
    auto Pow = elementwise(Square, ElementwiseKind::pow);
    auto Mul = elementwise(Square, ElementwiseKind::mul);
    bool IsSquare = (Pow && Pow.getInputs()[0] == D &&
                     near(splatConstant(Pow.getInputs()[1]), 2.0)) ||
                    (Mul && Mul.getInputs()[0] == D && Mul.getInputs()[1] == D);
    if (!IsSquare || !Square.hasOneUse() ||
        llvm::any_of(D.getUsers(), [&](Operation *U) {
          return U != Div && U != Square.getDefiningOp();
        }))
      return failure();

    // Then * gamma and + beta, constants of the normalized shape.
    SmallVector<Location> Locs = {
        Mean.getLoc(), Sub.getLoc(),    Square.getDefiningOp()->getLoc(),
        Var.getLoc(),  AddEps.getLoc(), Sqrt.getLoc(),
        Div.getLoc()};
    ArrayRef<int64_t> Normalized = shapeOf(X).drop_front(Axis);
    auto normalizedConstant = [&](Value V) {
      return V.getDefiningOp<arith::ConstantOp>() && shapeOf(V) == Normalized;
    };
    // The only reader of \p V, if it is an elementwise op of \p Kind of
    // V's type with a normalized-shape constant as the other operand.
    auto onlyReader = [&](Value V, ElementwiseKind Kind) {
      auto E = V.hasOneUse() ? dyn_cast<ElementwiseOp>(*V.getUsers().begin())
                             : ElementwiseOp();
      return E && E.getKind() == Kind && E.getType() == V.getType() &&
                     normalizedConstant(otherInput(E, V))
                 ? E
                 : ElementwiseOp();
    };
    Operation *Last = Div;
    Value Scale, Shift;
    if (auto G = onlyReader(Div, ElementwiseKind::mul)) {
      Scale = otherInput(G, Div);
      Last = G;
      Locs.push_back(G.getLoc());
    }
    if (auto B = onlyReader(Last->getResult(0), ElementwiseKind::add)) {
      Shift = otherInput(B, Last->getResult(0));
      Last = B;
      Locs.push_back(B.getLoc());
    }
    Rewriter.setInsertionPoint(Last);
    if (!Scale) {
      auto Type = RankedTensorType::get(Normalized, Rewriter.getF32Type());
      Scale = Rewriter.create<arith::ConstantOp>(
          Div.getLoc(), Type,
          DenseElementsAttr::get(Type, Rewriter.getF32FloatAttr(1.0f)));
    }
    auto LN = Rewriter.replaceOpWithNewOp<LayerNormOp>(
        Last, Div.getType(), X, Value(), Scale, Shift,
        Rewriter.getI64IntegerAttr(Axis),
        Rewriter.getF32FloatAttr(float(*Eps)));
    LN->setLoc(Rewriter.getFusedLoc(Locs));
    return success();
  }
};

/// x for 1 + erf(x / sqrt(2)) (the division also as * 1 / sqrt(2)), each
/// op read once; null otherwise. The ops go into \p Ops.
Value erfTermInput(Value V, SmallVectorImpl<Operation *> &Ops) {
  auto Add = elementwise(V, ElementwiseKind::add);
  if (!Add || !V.hasOneUse())
    return nullptr;
  Value E = near(splatConstant(Add.getInputs()[0]), 1.0)   ? Add.getInputs()[1]
            : near(splatConstant(Add.getInputs()[1]), 1.0) ? Add.getInputs()[0]
                                                           : Value();
  auto Erf = E ? elementwise(E, ElementwiseKind::erf) : ElementwiseOp();
  if (!Erf || !E.hasOneUse())
    return nullptr;
  Value Scaled = Erf.getInputs()[0];
  auto Div = elementwise(Scaled, ElementwiseKind::div);
  auto Mul = elementwise(Scaled, ElementwiseKind::mul);
  if (!Scaled.hasOneUse())
    return nullptr;
  Value X;
  if (Div && near(splatConstant(Div.getInputs()[1]), std::sqrt(2.0)))
    X = Div.getInputs()[0];
  else if (Mul)
    for (int Side = 0; Side != 2; ++Side)
      if (near(splatConstant(Mul.getInputs()[1 - Side]), 1 / std::sqrt(2.0)))
        X = Mul.getInputs()[Side];
  if (!X || X.getType() != V.getType())
    return nullptr;
  Ops.append({Add, Erf, Scaled.getDefiningOp()});
  return X;
}

struct FuseGelu : OpRewritePattern<ElementwiseOp> {
  using OpRewritePattern::OpRewritePattern;

  /// The factors of a product: through the products read only by it.
  /// (Their shapes are checked by the caller: x and the erf term must be
  /// the result's, the 0.5 a splat that broadcasts.)
  static void factors(Value V, bool Root, SmallVectorImpl<Value> &Out,
                      SmallVectorImpl<Operation *> &Ops) {
    auto M = elementwise(V, ElementwiseKind::mul);
    if (!M || (!Root && !V.hasOneUse()) || Out.size() > 3) {
      Out.push_back(V);
      return;
    }
    Ops.push_back(M);
    factors(M.getInputs()[0], false, Out, Ops);
    factors(M.getInputs()[1], false, Out, Ops);
  }

  LogicalResult matchAndRewrite(ElementwiseOp Root,
                                PatternRewriter &Rewriter) const override {
    if (Root.getKind() != ElementwiseKind::mul)
      return failure();
    // x, 0.5 and 1 + erf(x / sqrt(2)), in any order and grouping.
    SmallVector<Value, 4> F;
    SmallVector<Operation *, 8> Ops;
    factors(Root, /*Root=*/true, F, Ops);
    if (F.size() != 3)
      return failure();
    for (int Half = 0; Half != 3; ++Half) {
      if (!near(splatConstant(F[Half]), 0.5))
        continue;
      for (int Term = 0; Term != 3; ++Term) {
        int XAt = 3 - Half - Term;
        if (Term == Half || XAt == Half || XAt == Term)
          continue;
        SmallVector<Operation *, 4> ErfOps;
        if (erfTermInput(F[Term], ErfOps) != F[XAt] ||
            F[XAt].getType() != Root.getType())
          continue;
        SmallVector<Location> Locs;
        for (Operation *Op : llvm::concat<Operation *>(Ops, ErfOps))
          Locs.push_back(Op->getLoc());
        auto Gelu = Rewriter.replaceOpWithNewOp<ElementwiseOp>(
            Root, Root.getType(), ElementwiseKind::gelu, ValueRange{F[XAt]},
            FloatAttr(), FloatAttr(), FloatAttr());
        Gelu->setLoc(Rewriter.getFusedLoc(Locs));
        return success();
      }
    }
    return failure();
  }
};

} // namespace

void accel::graph::populateLayerNormFusion(RewritePatternSet &Patterns) {
  Patterns.add<FuseLayerNorm>(Patterns.getContext());
}

void accel::graph::populateGeluFusion(RewritePatternSet &Patterns) {
  Patterns.add<FuseGelu>(Patterns.getContext());
}
