//===-- ImportNorms.cpp - Softmax, reductions and normalizations ----------===//
//
// The ONNX importer's handlers (Importer.h) for Softmax, LogSoftmax, the
// reductions, LayerNormalization and BatchNormalization.
//
//===----------------------------------------------------------------------===//

#include "import/Importer.h"

using namespace accel::graph;
using namespace accel::graph::import_detail;

bool Importer::softmax(bool Log) {
  Value X = input(0);
  if (!X)
    return false;
  ArrayRef<int64_t> S = G.Values.at(Node->Inputs[0]).Shape;
  int64_t Rank = S.size();
  if (G.Opset >= 13) {
    std::optional<int64_t> Axis = normalizeAxis(intAttr("axis", -1), Rank);
    if (!Axis)
      return false;
    return define(B.create<SoftmaxOp>(loc(), resultType(), X,
                                      B.getI64IntegerAttr(*Axis),
                                      B.getBoolAttr(Log)));
  }
  // Before opset 13 the input is taken as a matrix [dims before axis,
  // dims from axis on] and each row normalized.
  int64_t Axis = intAttr("axis", 1);
  if (Axis < -Rank || Axis > Rank)
    return fail("axis " + Twine(Axis) + " is outside rank " + Twine(Rank));
  if (Axis < 0)
    Axis += Rank;
  int64_t Rows = 1, Cols = 1;
  for (int64_t I = 0; I != Rank; ++I)
    (I < Axis ? Rows : Cols) *= S[I];
  auto Matrix = RankedTensorType::get({Rows, Cols}, B.getF32Type());
  Value M = B.create<ReshapeOp>(loc(), Matrix, X);
  Value Y = B.create<SoftmaxOp>(loc(), Matrix, M, B.getI64IntegerAttr(1),
                                B.getBoolAttr(Log));
  return define(B.create<ReshapeOp>(loc(), resultType(), Y));
}

bool Importer::reduce(ReduceKind Kind) {
  Value X = input(0);
  if (!X)
    return false;
  int64_t Rank = G.Values.at(Node->Inputs[0]).Shape.size();
  std::vector<int64_t> Axes = intsAttr("axes", {});
  if (hasInput(1)) {
    auto FromInput = constantInts(1);
    if (!FromInput)
      return false;
    Axes = *FromInput;
  }
  if (Axes.empty() && intAttr("noop_with_empty_axes", 0))
    return define(X);
  for (int64_t &A : Axes) {
    if (A < -Rank || A >= Rank)
      return fail("axis " + Twine(A) + " is outside rank " + Twine(Rank));
    if (A < 0)
      A += Rank;
  }
  std::sort(Axes.begin(), Axes.end());
  return define(B.create<ReduceOp>(
      loc(), resultType(), X, ReduceKindAttr::get(B.getContext(), Kind),
      B.getDenseI64ArrayAttr(Axes), B.getBoolAttr(intAttr("keepdims", 1))));
}

bool Importer::layerNorm() {
  Value X = input(0), Scale = X ? input(1) : Value();
  if (!Scale)
    return false;
  Value Shift;
  if (hasInput(2) && !(Shift = input(2)))
    return false;
  int64_t Rank = G.Values.at(Node->Inputs[0]).Shape.size();
  auto Axis = normalizeAxis(intAttr("axis", -1), Rank);
  if (!Axis)
    return false;
  if (intAttr("stash_type", 1) != 1)
    return fail("stash_type other than f32 is not supported");
  float Epsilon = floatAttr("epsilon", 1e-5f);
  if (!define(B.create<LayerNormOp>(loc(), resultType(), X, Value(), Scale,
                                    Shift, B.getI64IntegerAttr(*Axis),
                                    B.getF32FloatAttr(Epsilon))))
    return false;
  // The optional Mean and InvStdDev outputs, where anything has them: the
  // kernel does not return them, so they are computed apart (reduce,
  // subtract, square, reduce, add epsilon, square root, reciprocal).
  auto wanted = [&](unsigned I) {
    return I < Node->Outputs.size() && !Node->Outputs[I].empty();
  };
  if (!wanted(1) && !wanted(2))
    return true;
  SmallVector<int64_t> Axes;
  for (int64_t D = *Axis; D < Rank; ++D)
    Axes.push_back(D);
  auto Stat = resultType(wanted(1) ? 1 : 2);
  auto XType = cast<RankedTensorType>(X.getType());
  auto reduceMean = [&](Value V) -> Value {
    return B.create<ReduceOp>(
        loc(), Stat, V, ReduceKindAttr::get(B.getContext(), ReduceKind::mean),
        B.getDenseI64ArrayAttr(Axes), B.getBoolAttr(true));
  };
  auto ew = [&](ElementwiseKind Kind, Type T, ValueRange Ins) {
    return createElementwise(Kind, T, Ins);
  };
  Value Mean = reduceMean(X);
  Value Diff = ew(ElementwiseKind::sub, XType, {X, Mean});
  Value Var = reduceMean(ew(ElementwiseKind::mul, XType, {Diff, Diff}));
  auto EpsType = RankedTensorType::get({1}, B.getF32Type());
  Value Eps = B.create<arith::ConstantOp>(
      loc(), EpsType, DenseElementsAttr::get(EpsType, Epsilon));
  Value InvStd = ew(ElementwiseKind::reciprocal, Stat,
                    ew(ElementwiseKind::sqrt, Stat,
                       ew(ElementwiseKind::add, Stat, {Var, Eps})));
  return (!wanted(1) || define(Mean, 1)) && (!wanted(2) || define(InvStd, 2));
}

bool Importer::batchNorm() {
  if (intAttr("training_mode", 0))
    return fail("training_mode 1 is not supported (inference only)");
  if (!onlyFirstOutputUsed())
    return false;
  SmallVector<Value, 5> Ins;
  for (unsigned I = 0; I != 5; ++I)
    if (!Ins.emplace_back(input(I)))
      return false;
  return define(B.create<BatchNormOp>(
      loc(), resultType(), Ins[0], Ins[1], Ins[2], Ins[3], Ins[4],
      B.getF32FloatAttr(floatAttr("epsilon", 1e-5f))));
}
