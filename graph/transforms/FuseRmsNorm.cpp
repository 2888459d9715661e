//===-- FuseRmsNorm.cpp - RMSNorm from its pieces -------------------------===//
//
// Part of -accel-fuse-norms and -accel-fuse (FusePasses.cpp). PyTorch
// writes RMSNorm (LLaMA's, T5's) as
//
//   x * (1 / Sqrt(ReduceMean(x^2, last axis, keepdims) + eps)) * weight
//
// with x^2 as Pow(x, 2) or x * x, the inverse root as Div(1, Sqrt), or
// Reciprocal(Sqrt) (torch.rsqrt), or x / Sqrt(...) directly, and the
// weight multiplied in at any place of the product. The product becomes
// accel.rms_norm(x, weight or ones) {epsilon}: one pass over the lines
// (accel_rmsnorm) instead of five ops over memory. A residual add that
// only the norm reads becomes its residual operand.
//
// The mean must be over the last axis alone, kept; eps a constant added
// inside the root; the weight a constant of the last dimension's size;
// and every intermediate read by the pattern alone. Anything else (other
// axes, eps outside the root) is left as it is; so is the RMSNorm of
// x - mean(x) inside a LayerNorm, which is the LayerNorm pattern's.
// Gemma's (1 + weight), where not folded, stays a product after the
// norm.
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

/// The longest line accel_rmsnorm normalizes with a residual
/// (accel_kernels.h).
constexpr int64_t MaxResidualLine = 38912;

ElementwiseOp elementwise(Value V, ElementwiseKind Kind) {
  auto E = V.getDefiningOp<ElementwiseOp>();
  return E && E.getKind() == Kind ? E : ElementwiseOp();
}

bool isSplat(Value V, double Want) {
  std::optional<double> S = splatConstant(V);
  return S && *S == Want;
}

/// The product's pieces: the factors multiplied, and the values whose
/// inverse square root multiplies them.
struct Product {
  SmallVector<Value> Factors;
  SmallVector<Value> InverseRoots;
  SmallVector<Location> Locs;
};

/// Splits \p V (of \p Type unless it is an inverse root) into \p P,
/// through the products and quotients that only the product reads.
void split(Value V, Type RootType, bool Root, Product &P) {
  auto E = V.getDefiningOp<ElementwiseOp>();
  bool Own = E && (Root || V.hasOneUse()) && P.Factors.size() < 4;
  if (Own && E.getKind() == ElementwiseKind::mul && V.getType() == RootType) {
    P.Locs.push_back(E.getLoc());
    split(E.getInputs()[0], RootType, false, P);
    split(E.getInputs()[1], RootType, false, P);
    return;
  }
  // n / Sqrt(u) and Reciprocal(Sqrt(u)): the root read by the op alone.
  Value Root2 = !Own                                         ? Value()
                : E.getKind() == ElementwiseKind::div        ? E.getInputs()[1]
                : E.getKind() == ElementwiseKind::reciprocal ? E.getInputs()[0]
                                                             : Value();
  auto Sqrt = Root2 ? elementwise(Root2, ElementwiseKind::sqrt) : nullptr;
  if (Sqrt && Root2.hasOneUse() &&
      (E.getKind() == ElementwiseKind::reciprocal ||
       E.getInputs()[0] != Root2)) {
    P.Locs.append({E.getLoc(), Sqrt.getLoc()});
    P.InverseRoots.push_back(Sqrt.getInputs()[0]);
    if (E.getKind() == ElementwiseKind::div &&
        !isSplat(E.getInputs()[0], 1.0)) {
      if (V.getType() != RootType) {
        P.Factors.clear(); // x broadcast by the root: not an RMSNorm
        P.InverseRoots.push_back(Value());
        return;
      }
      split(E.getInputs()[0], RootType, false, P);
    }
    return;
  }
  P.Factors.push_back(V);
}

/// A constant of \p N elements that multiplies the last dimension:
/// [N], or [1, ..., 1, N].
bool isWeight(Value V, int64_t N) {
  auto T = cast<RankedTensorType>(V.getType());
  return V.getDefiningOp<arith::ConstantOp>() && T.getRank() >= 1 &&
         T.getShape().back() == N && T.getNumElements() == N;
}

/// x for mean(x^2 over the last axis, kept) + eps, each op read once; eps
/// into \p Eps and the ops' locations into \p Locs.
Value meanSquareInput(Value U, double &Eps, SmallVectorImpl<Location> &Locs) {
  auto Add = elementwise(U, ElementwiseKind::add);
  if (!Add || !U.hasOneUse())
    return nullptr;
  for (int Side = 0; Side != 2; ++Side) {
    std::optional<double> E = splatConstant(Add.getInputs()[1 - Side]);
    Value M = Add.getInputs()[Side];
    auto Mean = M.getDefiningOp<ReduceOp>();
    if (!E || !(*E >= 0) || !Mean || !M.hasOneUse() ||
        M.getType() != U.getType())
      continue;
    Value Sq = Mean.getInput();
    int64_t Rank = shapeOf(Sq).size();
    if (Mean.getKind() != ReduceKind::mean || !Mean.getKeepdims() ||
        Mean.getAxesValue() || Mean.getAxes() != ArrayRef<int64_t>{Rank - 1} ||
        !Sq.hasOneUse())
      continue;
    auto Pow = elementwise(Sq, ElementwiseKind::pow);
    auto Mul = elementwise(Sq, ElementwiseKind::mul);
    Value X;
    if (Pow && isSplat(Pow.getInputs()[1], 2.0))
      X = Pow.getInputs()[0];
    else if (Mul && Mul.getInputs()[0] == Mul.getInputs()[1])
      X = Mul.getInputs()[0];
    if (!X || X.getType() != Sq.getType())
      continue;
    Eps = *E;
    Locs.append({Sq.getDefiningOp()->getLoc(), Mean.getLoc(), Add.getLoc()});
    return X;
  }
  return nullptr;
}

/// Whether \p X is x - mean(x): then the product is a LayerNorm's, which
/// FuseDecomposed.cpp's pattern makes one accel.layernorm of.
bool isCentered(Value X) {
  auto Sub = elementwise(X, ElementwiseKind::sub);
  auto Mean = Sub ? Sub.getInputs()[1].getDefiningOp<ReduceOp>() : nullptr;
  return Mean && Mean.getKind() == ReduceKind::mean &&
         Mean.getInput() == Sub.getInputs()[0];
}

/// The product that is an RMSNorm: x, its weight (or null) and eps.
struct RmsNormMatch {
  Value X, Weight;
  double Eps = 0;
  SmallVector<Location> Locs;
};

std::optional<RmsNormMatch> matchRmsNorm(ElementwiseOp Root) {
  auto Type = dyn_cast<RankedTensorType>(Root.getType());
  if (!Type || !Type.getElementType().isF32() || Type.getRank() < 1 ||
      (Root.getKind() != ElementwiseKind::mul &&
       Root.getKind() != ElementwiseKind::div))
    return std::nullopt;
  Product P;
  split(Root, Type, true, P);
  if (P.InverseRoots.size() != 1 || !P.InverseRoots[0] || P.Factors.empty() ||
      P.Factors.size() > 2)
    return std::nullopt;
  RmsNormMatch M;
  M.Locs = P.Locs;
  M.X = meanSquareInput(P.InverseRoots[0], M.Eps, M.Locs);
  if (!M.X || M.X.getType() != Type || isCentered(M.X))
    return std::nullopt;
  int64_t N = Type.getShape().back();
  for (Value F : P.Factors) {
    if (F == M.X && M.X)
      continue;
    if (M.Weight || !isWeight(F, N))
      return std::nullopt;
    M.Weight = F;
  }
  // x once among the factors.
  if (llvm::count(P.Factors, M.X) != 1)
    return std::nullopt;
  return M;
}

struct FuseRmsNorm : OpRewritePattern<ElementwiseOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ElementwiseOp Root,
                                PatternRewriter &Rewriter) const override {
    std::optional<RmsNormMatch> M = matchRmsNorm(Root);
    if (!M)
      return failure();
    // Without a weight, a product that takes it in is matched from
    // there.
    Value Result = Root.getResult();
    if (!M->Weight && Result.hasOneUse())
      if (auto Next = dyn_cast<ElementwiseOp>(*Result.getUsers().begin()))
        if (Next.getKind() == ElementwiseKind::mul && matchRmsNorm(Next))
          return failure();
    auto Type = cast<RankedTensorType>(Root.getType());
    int64_t N = Type.getShape().back();
    auto ScaleType = RankedTensorType::get({N}, Rewriter.getF32Type());
    Value Scale;
    if (M->Weight) {
      auto Dense = cast<DenseElementsAttr>(
          M->Weight.getDefiningOp<arith::ConstantOp>().getValue());
      Scale = M->Weight.getType() == ScaleType
                  ? M->Weight
                  : Rewriter.create<arith::ConstantOp>(
                        Root.getLoc(), ScaleType, Dense.reshape(ScaleType));
    } else {
      Scale = Rewriter.create<arith::ConstantOp>(
          Root.getLoc(), ScaleType,
          DenseElementsAttr::get(ScaleType, Rewriter.getF32FloatAttr(1.0f)));
    }
    auto Norm = Rewriter.replaceOpWithNewOp<RmsNormOp>(
        Root, Type, M->X, Value(), Scale,
        Rewriter.getF32FloatAttr(float(M->Eps)));
    Norm->setLoc(Rewriter.getFusedLoc(M->Locs));
    return success();
  }
};

/// rms_norm(add(a, b)) with a and b of the result's type and the add read
/// only by the norm (the last norm of a pre-norm stack, or a post-norm
/// layer): rms_norm(a residual b), the sum never written to memory.
struct FuseResidualRmsNorm : OpRewritePattern<RmsNormOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(RmsNormOp Norm,
                                PatternRewriter &Rewriter) const override {
    Value X = Norm.getInput();
    auto Add = X.getDefiningOp<ElementwiseOp>();
    if (Norm.getResidual() || !Add || Add.getKind() != ElementwiseKind::add ||
        !X.hasOneUse() || shapeOf(X).back() > MaxResidualLine ||
        !llvm::all_of(Add.getInputs(),
                      [&](Value V) { return V.getType() == X.getType(); }))
      return failure();
    auto Fused = Rewriter.replaceOpWithNewOp<RmsNormOp>(
        Norm, Norm.getType(), Add.getInputs()[0], Add.getInputs()[1],
        Norm.getScale(), Norm.getEpsilonAttr());
    Fused->setLoc(Rewriter.getFusedLoc({Add.getLoc(), Norm.getLoc()}));
    Rewriter.eraseOp(Add);
    return success();
  }
};

} // namespace

void accel::graph::populateRmsNormFusion(RewritePatternSet &Patterns) {
  Patterns.add<FuseRmsNorm, FuseResidualRmsNorm>(Patterns.getContext());
}
