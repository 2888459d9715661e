//===-- ImportReduce.cpp - Reductions, arg reductions, CumSum, TopK -------===//
//
// The ONNX importer's handlers (Importer.h) for the Reduce* operators,
// ArgMax and ArgMin, Hardmax, CumSum and TopK.
//
//===----------------------------------------------------------------------===//

#include "import/Importer.h"

using namespace accel::graph;
using namespace accel::graph::import_detail;

bool Importer::reduce(ReduceKind Kind) {
  Value X = input(0);
  if (!X)
    return false;
  int64_t Rank = G.Values.at(Node->Inputs[0]).Shape.size();
  // Axes are an attribute before opset 13 (ReduceSum) or 18 (the others),
  // an input since: a constant, or a graph input read at run time (the
  // declared result's shape is the program's; the kernel checks it).
  std::vector<int64_t> Axes = intsAttr("axes", {});
  if (hasInput(1) && isGraphInput(Node->Inputs[1])) {
    if (G.Values.at(Node->Inputs[1]).getNumElements() != 0) {
      Value AxesValue = input(1);
      if (!AxesValue)
        return false;
      return define(B.create<ReduceOp>(
          loc(), resultType(), X, AxesValue,
          ReduceKindAttr::get(B.getContext(), Kind), B.getDenseI64ArrayAttr({}),
          B.getBoolAttr(intAttr("keepdims", 1))));
    }
  } else if (hasInput(1)) {
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

bool Importer::argReduce(bool IsMin) {
  Value X = input(0);
  if (!X)
    return false;
  int64_t Rank = G.Values.at(Node->Inputs[0]).Shape.size();
  std::optional<int64_t> Axis = normalizeAxis(intAttr("axis", 0), Rank);
  if (!Axis)
    return false;
  return define(B.create<ArgReduceOp>(
      loc(), resultType(), X, B.getI64IntegerAttr(*Axis), B.getBoolAttr(IsMin),
      B.getBoolAttr(intAttr("keepdims", 1)),
      B.getBoolAttr(intAttr("select_last_index", 0))));
}

bool Importer::hardmax() {
  Value X = input(0);
  if (!X)
    return false;
  ArrayRef<int64_t> S = G.Values.at(Node->Inputs[0]).Shape;
  int64_t Rank = S.size();
  if (G.Opset >= 13) {
    std::optional<int64_t> Axis = normalizeAxis(intAttr("axis", -1), Rank);
    if (!Axis)
      return false;
    return define(B.create<HardmaxOp>(loc(), resultType(), X,
                                      B.getI64IntegerAttr(*Axis)));
  }
  // Before opset 13 the input is a matrix [dims before axis, dims from
  // axis on], each row's maximum taken (as Softmax's).
  int64_t Axis = intAttr("axis", 1);
  if (Axis < -Rank || Axis > Rank)
    return fail("axis " + Twine(Axis) + " is outside rank " + Twine(Rank));
  if (Axis < 0)
    Axis += Rank;
  int64_t Rows = 1, Cols = 1;
  for (int64_t I = 0; I != Rank; ++I)
    (I < Axis ? Rows : Cols) *= S[I];
  auto Matrix = RankedTensorType::get(
      {Rows, Cols}, cast<RankedTensorType>(X.getType()).getElementType());
  Value M = B.create<ReshapeOp>(loc(), Matrix, X);
  Value Y = B.create<HardmaxOp>(loc(), Matrix, M, B.getI64IntegerAttr(1));
  return define(B.create<ReshapeOp>(loc(), resultType(), Y));
}

bool Importer::cumSum() {
  Value X = input(0);
  if (!X)
    return false;
  int64_t Rank = G.Values.at(Node->Inputs[0]).Shape.size();
  const std::string &AxisName = Node->Inputs[1];
  const og::Tensor &A = G.Values.at(AxisName);
  if (A.getNumElements() != 1 ||
      (A.Type != og::ElemType::Int32 && A.Type != og::ElemType::Int64))
    return fail("axis '" + AxisName + "' must be one int32 or int64");
  Value AxisValue;
  int64_t Axis = 0;
  if (isConstant(AxisName)) {
    auto V = constantInts(1);
    if (!V)
      return false;
    std::optional<int64_t> N = normalizeAxis((*V)[0], Rank);
    if (!N)
      return false;
    Axis = *N;
  } else if (isGraphInput(AxisName)) {
    // Read at run time: the result's shape does not depend on it, and a
    // graph input holds its value before the kernels' checks run.
    if (!(AxisValue = input(1)))
      return false;
  } else {
    return fail("input '" + AxisName + "' must be a constant or a graph input");
  }
  return define(B.create<CumSumOp>(loc(), resultType(), X, AxisValue,
                                   B.getI64IntegerAttr(Axis),
                                   B.getBoolAttr(intAttr("exclusive", 0)),
                                   B.getBoolAttr(intAttr("reverse", 0))));
}

bool Importer::topK() {
  Value X = input(0);
  if (!X)
    return false;
  ArrayRef<int64_t> S = G.Values.at(Node->Inputs[0]).Shape;
  std::optional<int64_t> Axis = normalizeAxis(intAttr("axis", -1), S.size());
  if (!Axis)
    return false;
  // K sets the results' shape: an attribute before opset 10, an input
  // since: a constant, or a graph input whose value the declared results'
  // shape gives (the program checks it at run time).
  int64_t K = intAttr("k", -1);
  Value KValue;
  if (hasInput(1) && isGraphInput(Node->Inputs[1])) {
    unsigned Out = Node->Outputs[0].empty() ? 1 : 0;
    K = resultType(Out).getShape()[*Axis];
    if (ShapedType::isDynamic(K))
      return fail("k is a graph input and the result's dimension " +
                  Twine(*Axis) + " is not static");
    const og::Tensor &KT = G.Values.at(Node->Inputs[1]);
    if (KT.Type != og::ElemType::Int64 || KT.getNumElements() != 1)
      return fail("k must be one int64");
    if (!(KValue = input(1)))
      return false;
  } else if (hasInput(1)) {
    auto V = constantInts(1);
    if (!V)
      return false;
    if (V->size() != 1)
      return fail("k must hold one value");
    K = (*V)[0];
  }
  if (K < 0 || K > S[*Axis])
    return fail("k " + Twine(K) + " is outside [0, " + Twine(S[*Axis]) + "]");
  // Each output a record of its own (the records have one result).
  for (unsigned I = 0; I != 2; ++I) {
    if (I >= Node->Outputs.size() || Node->Outputs[I].empty())
      continue;
    if (!define(B.create<TopKOp>(loc(), resultType(I), X, KValue,
                                 B.getI64IntegerAttr(*Axis),
                                 B.getI64IntegerAttr(K),
                                 B.getBoolAttr(intAttr("largest", 1)),
                                 B.getBoolAttr(I == 1)),
                I))
      return false;
  }
  return true;
}
