//===-- Views.cpp - Transposes, slices and reshapes without copies --------===//
//
// Every transpose and slice (with positive steps) starts as a view; then,
// until nothing changes: the layouts are propagated in program order
// (reshapes keep their input's bytes, so a reshape of a view must be
// expressible as strides, as numpy's reshape without a copy), and a view
// some reader cannot take goes back to being computed. A reader takes a
// view if its op says its kernel takes that operand with those strides
// (StridedOperandsOpInterface: most kernels want the innermost stride 1,
// transpose and slice take any, a layer norm wants its normalized
// dimensions one run), or if it is a reshape whose result is taken as
// such a view in turn. A function's
// results are never views (the runtime copies them out as they lie), nor
// are a constant's transposes and slices (its bytes are not the arena's).
//
// A reshape that the value's own rank cannot say as strides may still be
// a view of a finer shape (ViewLayout::Dims): slices of q, k and v split
// into heads ([S, B, 3 E] sliced, [S, B, E] as [S, B H, E / H]) are
// [S, B, H, E / H] with strides. Such a value goes through reshapes and
// transposes that stay views, and into attention only, whose batch
// dimensions the code generator then gives every operand in the finer
// shape (the kernel takes any rank).
//
//===----------------------------------------------------------------------===//

#include "transforms/Views.h"
#include "dialect/AccelGraphDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace accel::graph;

SmallVector<int64_t, 6>
accel::graph::contiguousStrides(ArrayRef<int64_t> Shape) {
  SmallVector<int64_t, 6> S(Shape.size(), 1);
  for (size_t D = Shape.size(); D-- > 1;)
    S[D - 1] = S[D] * std::max<int64_t>(Shape[D], 1);
  return S;
}

std::optional<SmallVector<size_t, 7>>
accel::graph::refinementRuns(ArrayRef<int64_t> Coarse, ArrayRef<int64_t> Fine) {
  SmallVector<size_t, 7> Runs;
  size_t I = 0;
  for (int64_t Size : Coarse) {
    Runs.push_back(I);
    int64_t Product = 1;
    while (Product < Size && I < Fine.size())
      Product *= Fine[I++];
    if (Product != Size)
      return std::nullopt;
  }
  while (I < Fine.size() && Fine[I] == 1) // trailing 1s: the last run's
    ++I;
  if (I != Fine.size())
    return std::nullopt;
  Runs.push_back(I);
  return Runs;
}

namespace {

/// \p In's elements (dims \p InShape) as shape \p Out without moving them,
/// if strides can say it: each group of input dimensions that makes up a
/// group of output dimensions must be one run (each stride the next one's
/// span).
std::optional<ViewLayout> exactReshape(ArrayRef<int64_t> InShape,
                                       const ViewLayout &In,
                                       ArrayRef<int64_t> Out) {
  ViewLayout L{In.Offset, contiguousStrides(Out)};
  if (llvm::is_contained(InShape, 0) || Out.empty())
    return L;
  // The input without its dimensions of 1, which no stride depends on.
  SmallVector<int64_t, 6> Dims, Strides;
  for (size_t D = 0; D != InShape.size(); ++D)
    if (InShape[D] != 1)
      Dims.push_back(InShape[D]), Strides.push_back(In.Strides[D]);
  size_t I = 0, J = 0;
  while (J != Out.size()) {
    if (Out[J] == 1) { // any stride; the next dimension's span
      ++J;
      continue;
    }
    size_t I0 = I, J0 = J;
    int64_t InSize = Dims[I++], OutSize = Out[J++];
    while (InSize != OutSize) {
      if (InSize < OutSize)
        InSize *= Dims[I++];
      else
        OutSize *= Out[J++];
    }
    for (size_t K = I0; K + 1 < I; ++K)
      if (Strides[K] != Dims[K + 1] * Strides[K + 1])
        return std::nullopt;
    int64_t S = Strides[I - 1];
    for (size_t K = J; K-- > J0;) {
      L.Strides[K] = S;
      S *= Out[K];
    }
  }
  return L;
}

/// \p In's elements as shape \p Out in a finer shape: the common
/// refinement of its dims and \p Out's (each step the smaller of the two
/// sizes left, which must divide the larger), each entry's stride its
/// input dimension's times the part of it still inside; nullopt if there
/// is none.
std::optional<ViewLayout> refinedReshape(ArrayRef<int64_t> InShape,
                                         const ViewLayout &In,
                                         ArrayRef<int64_t> Out) {
  SmallVector<int64_t, 6> Dims, Strides, Outer;
  for (size_t D = 0; D != InShape.size(); ++D)
    if (InShape[D] != 1)
      Dims.push_back(InShape[D]), Strides.push_back(In.Strides[D]);
  for (int64_t D : Out)
    if (D != 1)
      Outer.push_back(D);
  ViewLayout L{In.Offset, {}, {}};
  size_t A = 0, B = 0;
  int64_t LeftA = Dims.empty() ? 1 : Dims[0];
  int64_t LeftB = Outer.empty() ? 1 : Outer[0];
  while (A < Dims.size() && B < Outer.size()) {
    int64_t Small = std::min(LeftA, LeftB), Large = std::max(LeftA, LeftB);
    if (Large % Small)
      return std::nullopt;
    L.Dims.push_back(Small);
    L.Strides.push_back(Strides[A] * (LeftA / Small));
    LeftA /= Small, LeftB /= Small;
    if (LeftA == 1 && ++A < Dims.size())
      LeftA = Dims[A];
    if (LeftB == 1 && ++B < Outer.size())
      LeftB = Outer[B];
  }
  auto Runs = refinementRuns(Out, L.Dims);
  if (!Runs || L.Dims.empty())
    return std::nullopt;
  bool Finer = false;
  for (size_t D = 0; D != Out.size(); ++D)
    Finer |= (*Runs)[D + 1] - (*Runs)[D] > 1;
  if (Finer)
    return L;
  // No dimension split after all: strides of Out's own rank.
  ViewLayout Plain{L.Offset, SmallVector<int64_t, 6>(Out.size(), 0), {}};
  for (size_t D = 0; D != Out.size(); ++D)
    if ((*Runs)[D + 1] != (*Runs)[D])
      Plain.Strides[D] = L.Strides[(*Runs)[D]];
  return Plain;
}

std::optional<ViewLayout> reshapeLayout(ArrayRef<int64_t> InShape,
                                        const ViewLayout &In,
                                        ArrayRef<int64_t> Out) {
  ArrayRef<int64_t> Dims = In.Dims.empty() ? InShape : ArrayRef(In.Dims);
  if (auto L = exactReshape(Dims, In, Out)) // always, with no elements
    return L;
  return refinedReshape(Dims, In, Out);
}

/// The layout of a transpose's or slice's result from its input's.
std::optional<ViewLayout> movedLayout(Operation &Op, const ViewLayout &In) {
  ViewLayout L{In.Offset, {}, {}};
  if (auto T = dyn_cast<TransposeOp>(Op)) {
    if (In.Dims.empty()) {
      for (int64_t P : T.getPerm())
        L.Strides.push_back(In.Strides[P]);
      return L;
    }
    // Each dimension's run of the finer shape moves as one.
    auto Runs = refinementRuns(shapeOf(T.getInput()), In.Dims);
    if (!Runs)
      return std::nullopt;
    for (int64_t P : T.getPerm())
      for (size_t I = (*Runs)[P]; I != (*Runs)[P + 1]; ++I)
        L.Dims.push_back(In.Dims[I]), L.Strides.push_back(In.Strides[I]);
    return L;
  }
  if (!In.Dims.empty())
    return std::nullopt; // a slice of a finer shape: not attempted
  auto S = cast<SliceOp>(Op);
  for (size_t D = 0; D != In.Strides.size(); ++D) {
    if (S.getSteps()[D] < 0)
      return std::nullopt; // the library's strides are not negative
    L.Offset += S.getStarts()[D] * In.Strides[D];
    L.Strides.push_back(In.Strides[D] * S.getSteps()[D]);
  }
  return L;
}

class ViewFinder {
public:
  explicit ViewFinder(Block &Body) : Body(Body) {}

  ViewPlan run() {
    ViewPlan Plan;
    addCandidates(Plan);
    settle();
    for (Operation &Op : Body)
      if (auto T = dyn_cast<TransposeOp>(Op); T && !Views.contains(&Op))
        storeTransposed(T, Plan);
    // A transpose its producer stores is a plain tensor to its readers:
    // views of it that failed through it (a finer shape no reader took)
    // may stand now.
    if (!Plan.StoredStrides.empty()) {
      addCandidates(Plan);
      settle();
    }
    for (Operation &Op : Body)
      if (Views.contains(&Op) || isa<ReshapeOp>(Op))
        Plan.Views[&Op] = layoutOf(Op.getResult(0));
    return Plan;
  }

private:
  /// Every transpose and slice of a non-constant, but those \p Plan has
  /// stored by their producers, as candidate views.
  void addCandidates(const ViewPlan &Plan) {
    for (Operation &Op : Body)
      if (isa<TransposeOp, SliceOp>(Op) && !ofConstant(Op.getOperand(0)) &&
          !Plan.Views.count(&Op))
        Views.insert(&Op);
  }

  /// Drops the candidates some reader cannot take, until none is left.
  void settle() {
    bool Changed = true;
    while (Changed) {
      propagate();
      Changed = false;
      for (Operation *Op : Views.takeVector()) {
        if (Layout.count(Op->getResult(0)) && takenBy(Op->getResult(0)))
          Views.insert(Op);
        else
          Changed = true;
      }
    }
  }

  Block &Body;
  llvm::SetVector<Operation *> Views;
  DenseMap<Value, ViewLayout> Layout; ///< of the values that are views

  /// Whether \p V's bytes would be a constant's, which lives in the data
  /// section, not the arena: a view of it would have no bytes there.
  static bool ofConstant(Value V) {
    Operation *Def = V.getDefiningOp();
    while (Def && isa<TransposeOp, SliceOp, ReshapeOp>(Def))
      Def = Def->getOperand(0).getDefiningOp();
    return Def && isa<arith::ConstantOp>(Def);
  }

  ViewLayout layoutOf(Value V) const {
    auto It = Layout.find(V);
    return It != Layout.end() ? It->second
                              : ViewLayout{0, contiguousStrides(shapeOf(V))};
  }

  /// The views' layouts in program order; a view whose layout cannot be
  /// had gets none (run drops it).
  void propagate() {
    Layout.clear();
    for (Operation &Op : Body) {
      std::optional<ViewLayout> L;
      if (Views.contains(&Op))
        L = movedLayout(Op, layoutOf(Op.getOperand(0)));
      else if (isa<ReshapeOp>(Op) && Layout.count(Op.getOperand(0)))
        L = reshapeLayout(shapeOf(Op.getOperand(0)), layoutOf(Op.getOperand(0)),
                          shapeOf(Op.getResult(0)));
      if (L)
        Layout[Op.getResult(0)] = *L;
    }
  }

  /// Whether every reader of \p V takes it as the view it is.
  bool takenBy(Value V) const {
    ViewLayout L = layoutOf(V);
    if (!L.Dims.empty())
      return finerTakenBy(V, L);
    for (Operation *User : V.getUsers()) {
      if (isa<ReshapeOp>(User)) {
        Value R = User->getResult(0);
        if (!Layout.count(R) || !takenBy(R))
          return false;
        continue;
      }
      // A contiguous view is a plain tensor at an offset, to any kernel.
      if (!isa<func::ReturnOp>(User) && isContiguous(shapeOf(V), L.Strides))
        continue;
      auto Strided = dyn_cast<StridedOperandsOpInterface>(User);
      if (!Strided || !Strided.takesStridedOperand(V, L.Strides))
        return false;
    }
    return true;
  }

  /// Whether \p Strides are \p Shape's row-major ones but for its
  /// dimensions of 1 (slices on a leading axis: a pre-norm layer's sum and
  /// norm, FusePreNorm.cpp).
  static bool isContiguous(ArrayRef<int64_t> Shape,
                           ArrayRef<int64_t> Strides) {
    SmallVector<int64_t, 6> Dense = contiguousStrides(Shape);
    for (size_t D = 0; D != Shape.size(); ++D)
      if (Shape[D] != 1 && Strides[D] != Dense[D])
        return false;
    return true;
  }

  /// Transpose \p T as its producer's transposed store, if the producer's
  /// kernel writes its result with T's strides (StridedResultOpInterface:
  /// attention and a layer norm when T keeps the innermost dimension, so
  /// that they write rows, not lone floats, the layer norm's lines one run
  /// each; a gemm of few rows by columns) and T alone reads it: the
  /// producer writes where T's result goes, and T is a view with no code.
  /// The attention's output into its heads' transposed layout, which the
  /// next projection reads as rows, is the case, and a 1 x 1 convolution
  /// of few pixels as a gemm (LowerFewPixelConv.cpp).
  void storeTransposed(TransposeOp T, ViewPlan &Plan) const {
    Value X = T.getInput();
    auto P = X.getDefiningOp<StridedResultOpInterface>();
    ArrayRef<int64_t> Perm = T.getPerm();
    size_t Rank = Perm.size();
    if (!P || !X.hasOneUse() || Rank == 0)
      return;
    SmallVector<int64_t, 6> Out = contiguousStrides(shapeOf(T.getResult()));
    SmallVector<int64_t, 6> Strides(Rank);
    for (size_t D = 0; D != Rank; ++D)
      Strides[Perm[D]] = Out[D];
    if (!P.storesResultWith(Strides))
      return;
    Plan.StoredStrides[P.getOperation()] = Strides;
    Plan.Views[T] = ViewLayout{0, Out, {}};
  }

  /// takenBy for a view of a finer shape \p L: its reshapes and
  /// transposes views too, and an attention's q, k or v, when only its
  /// batch dimensions are finer (the innermost stride 1) and every other
  /// operand's batch dimensions can be given in the same finer shape.
  bool finerTakenBy(Value V, const ViewLayout &L) const {
    ArrayRef<int64_t> Shape = shapeOf(V);
    auto Runs = refinementRuns(Shape, L.Dims);
    size_t Rank = Shape.size();
    for (Operation *User : V.getUsers()) {
      if (isa<ReshapeOp, TransposeOp>(User)) {
        // A transpose that is not a view has no layout (propagate).
        Value R = User->getResult(0);
        if (!Layout.count(R) || !takenBy(R))
          return false;
        continue;
      }
      auto A = dyn_cast<AttentionOp>(User);
      if (!A || V == A.getMask() || !Runs || Rank < 3 ||
          (*Runs)[Rank - 1] + 1 != (*Runs)[Rank] ||
          (*Runs)[Rank - 2] + 1 != (*Runs)[Rank - 1] || L.Strides.back() != 1)
        return false;
      ArrayRef<int64_t> Batch(L.Dims.begin(), L.Dims.end() - 2);
      for (Value W : {A.getQ(), A.getK(), A.getV(), A.getResult()})
        if (!batchIn(W, Batch))
          return false;
      if (Value M = A.getMask())
        for (int64_t D : shapeOf(M).drop_back(2))
          if (D != 1) // a mask broadcast over the batch only
            return false;
    }
    return true;
  }

  /// Whether \p W's batch dimensions can be given as \p Batch: its finer
  /// shape's are \p Batch, or its own are runs of \p Batch (any of its
  /// strides splits).
  bool batchIn(Value W, ArrayRef<int64_t> Batch) const {
    ViewLayout L = layoutOf(W);
    if (!L.Dims.empty())
      return ArrayRef<int64_t>(L.Dims).drop_back(2) == Batch;
    return refinementRuns(shapeOf(W).drop_back(2), Batch).has_value();
  }
};

} // namespace

ViewPlan accel::graph::findViews(Block &Body) { return ViewFinder(Body).run(); }
