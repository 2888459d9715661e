//===-- ConstantValues.cpp - f32 values of constant subgraphs -------------===//

#include "import/ConstantValues.h"

#include "dialect/AccelGraphDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/SmallVector.h"

using namespace mlir;
using namespace accel::graph;

namespace {

/// A bound on what is evaluated: weights, not activations' worth of data.
constexpr int64_t MaxElements = int64_t(1) << 24;

SmallVector<int64_t> stridesOf(ArrayRef<int64_t> Shape) {
  SmallVector<int64_t> S(Shape.size(), 1);
  for (int64_t D = int64_t(Shape.size()) - 2; D >= 0; --D)
    S[D] = S[D + 1] * Shape[D + 1];
  return S;
}

/// Out[i] = In[Source(i's index)] over Out's shape.
template <typename F>
std::vector<float> gather(ArrayRef<int64_t> OutShape,
                          const std::vector<float> &In, F Source) {
  int64_t N = 1;
  for (int64_t D : OutShape)
    N *= D;
  std::vector<float> Out(N);
  SmallVector<int64_t> Index(OutShape.size(), 0);
  for (int64_t I = 0; I != N; ++I) {
    Out[I] = In[Source(Index)];
    for (int64_t D = int64_t(OutShape.size()) - 1; D >= 0; --D) {
      if (++Index[D] < OutShape[D])
        break;
      Index[D] = 0;
    }
  }
  return Out;
}

} // namespace

std::optional<std::vector<float>> accel::graph::constantValues(Value V) {
  auto Type = dyn_cast<RankedTensorType>(V.getType());
  if (!Type || !Type.hasStaticShape() || !Type.getElementType().isF32() ||
      Type.getNumElements() > MaxElements)
    return std::nullopt;
  ArrayRef<int64_t> Shape = Type.getShape();
  Operation *Op = V.getDefiningOp();
  if (!Op)
    return std::nullopt;
  if (auto C = dyn_cast<arith::ConstantOp>(Op)) {
    auto Dense = dyn_cast<DenseElementsAttr>(C.getValue());
    if (!Dense)
      return std::nullopt;
    auto Values = Dense.getValues<float>();
    return std::vector<float>(Values.begin(), Values.end());
  }
  if (isa<ReshapeOp>(Op))
    return constantValues(Op->getOperand(0));
  auto In =
      Op->getNumOperands() ? constantValues(Op->getOperand(0)) : std::nullopt;
  if (!In)
    return std::nullopt;
  ArrayRef<int64_t> InShape = shapeOf(Op->getOperand(0));
  SmallVector<int64_t> InStrides = stridesOf(InShape);
  if (auto S = dyn_cast<SliceOp>(Op)) {
    ArrayRef<int64_t> Starts = S.getStarts(), Steps = S.getSteps();
    return gather(Shape, *In, [&](ArrayRef<int64_t> I) {
      int64_t At = 0;
      for (size_t D = 0; D != I.size(); ++D)
        At += (Starts[D] + I[D] * Steps[D]) * InStrides[D];
      return At;
    });
  }
  if (auto T = dyn_cast<TransposeOp>(Op)) {
    ArrayRef<int64_t> Perm = T.getPerm();
    return gather(Shape, *In, [&](ArrayRef<int64_t> I) {
      int64_t At = 0;
      for (size_t D = 0; D != I.size(); ++D)
        At += I[D] * InStrides[Perm[D]];
      return At;
    });
  }
  if (isa<ExpandOp>(Op)) { // numpy's broadcast, right-aligned
    size_t Lead = Shape.size() - InShape.size();
    return gather(Shape, *In, [&](ArrayRef<int64_t> I) {
      int64_t At = 0;
      for (size_t D = 0; D != InShape.size(); ++D)
        At += (InShape[D] == 1 ? 0 : I[Lead + D]) * InStrides[D];
      return At;
    });
  }
  if (auto E = dyn_cast<ElementwiseOp>(Op)) { // a sum of biases
    if (E.getKind() != ElementwiseKind::add || E.getInputs().size() != 2 ||
        InShape != Shape || shapeOf(E.getInputs()[1]) != Shape)
      return std::nullopt;
    auto Other = constantValues(E.getInputs()[1]);
    if (!Other)
      return std::nullopt;
    for (size_t I = 0; I != In->size(); ++I)
      (*In)[I] += (*Other)[I];
    return In;
  }
  if (auto C = dyn_cast<ConcatOp>(Op)) {
    int64_t Axis = C.getAxis(), Outer = 1;
    for (int64_t D = 0; D != Axis; ++D)
      Outer *= Shape[D];
    std::vector<std::vector<float>> Parts{std::move(*In)};
    for (Value Part : C.getInputs().drop_front()) {
      auto P = constantValues(Part);
      if (!P)
        return std::nullopt;
      Parts.push_back(std::move(*P));
    }
    std::vector<float> Out;
    Out.reserve(Type.getNumElements());
    for (int64_t O = 0; O != Outer; ++O)
      for (auto &P : Parts) {
        size_t Row = P.size() / Outer;
        Out.insert(Out.end(), P.begin() + O * Row, P.begin() + (O + 1) * Row);
      }
    return Out;
  }
  return std::nullopt;
}
