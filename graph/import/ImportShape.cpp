//===-- ImportShape.cpp - Data movement and shape ONNX nodes --------------===//
//
// The ONNX importer's handlers (Importer.h) for Reshape, Flatten, Squeeze,
// Unsqueeze, Transpose, Concat, Slice, Split, Pad, Gather, Expand, Cast,
// Identity and Dropout.
//
//===----------------------------------------------------------------------===//

#include "import/Importer.h"

#include "accel_kernels.h"

using namespace accel::graph;
using namespace accel::graph::import_detail;

/// Reshape, Flatten, Squeeze, Unsqueeze: the loader gave the output its
/// static shape, whatever computed it.
bool Importer::reshape() {
  Value X = input(0);
  if (!X)
    return false;
  // ONNX's shape inference passes a shape whose count differs (it takes
  // the shape input as given).
  auto In = cast<RankedTensorType>(X.getType());
  RankedTensorType Out = resultType();
  if (In.getNumElements() != Out.getNumElements())
    return fail("cannot reshape " + Twine(In.getNumElements()) +
                " elements into " + Twine(Out.getNumElements()));
  return define(B.create<ReshapeOp>(loc(), Out, X));
}

bool Importer::transpose() {
  Value X = input(0);
  if (!X)
    return false;
  int64_t Rank = G.Values.at(Node->Inputs[0]).Shape.size();
  std::vector<int64_t> Reversed;
  for (int64_t I = Rank - 1; I >= 0; --I)
    Reversed.push_back(I);
  return define(B.create<TransposeOp>(
      loc(), resultType(), X,
      B.getDenseI64ArrayAttr(intsAttr("perm", Reversed))));
}

bool Importer::concat() {
  SmallVector<Value> Ins;
  for (unsigned I = 0; I != Node->Inputs.size(); ++I)
    if (!Ins.emplace_back(input(I)))
      return false;
  if (Ins.size() > size_t(ACCEL_CONCAT_MAX_INPUTS))
    return fail("more than " + Twine(int(ACCEL_CONCAT_MAX_INPUTS)) + " inputs");
  int64_t Rank = G.Values.at(Node->Outputs[0]).Shape.size();
  auto Axis = normalizeAxis(intAttr("axis", 0), Rank);
  if (!Axis)
    return false;
  return define(
      B.create<ConcatOp>(loc(), resultType(), Ins, B.getI64IntegerAttr(*Axis)));
}

/// ONNX Slice (opset 10 on: starts, ends, axes, steps as constant inputs)
/// as a start and a step per dimension; the counts are the output's
/// inferred shape. Inputs computed at run time: ImportConfigValues.cpp.
bool Importer::slice() {
  if (configAtRunTime(1, 4))
    return sliceValues();
  Value X = input(0);
  if (!X)
    return false;
  ArrayRef<int64_t> In = G.Values.at(Node->Inputs[0]).Shape;
  int64_t Rank = In.size();
  auto Starts = constantInts(1);
  if (!Starts)
    return false;
  std::vector<int64_t> Axes, Steps(Starts->size(), 1);
  for (size_t K = 0; K != Starts->size(); ++K)
    Axes.push_back(K);
  if (hasInput(3)) {
    auto A = constantInts(3);
    if (!A)
      return false;
    Axes = *A;
  }
  if (hasInput(4)) {
    auto S = constantInts(4);
    if (!S)
      return false;
    Steps = *S;
  }
  if (Axes.size() != Starts->size() || Steps.size() != Starts->size())
    return fail("starts, axes and steps differ in length");
  std::vector<int64_t> Start(Rank, 0), Step(Rank, 1);
  for (size_t K = 0; K != Axes.size(); ++K) {
    auto Axis = normalizeAxis(Axes[K], Rank);
    if (!Axis)
      return false;
    int64_t Dim = In[*Axis], S = (*Starts)[K];
    if (Steps[K] == 0)
      return fail("a step is 0");
    if (S < 0)
      S += Dim;
    // ONNX clamps: [0, dim] going forward, [0, dim - 1] going back.
    S = Steps[K] > 0 ? std::clamp<int64_t>(S, 0, Dim)
                     : std::clamp<int64_t>(S, 0, Dim - 1);
    Start[*Axis] = S;
    Step[*Axis] = Steps[K];
  }
  // An empty axis reads nothing: any in-range start will do.
  ArrayRef<int64_t> Out = G.Values.at(Node->Outputs[0]).Shape;
  for (int64_t D = 0; D != Rank; ++D)
    if (Out[D] == 0 || In[D] == 0)
      Start[D] = 0;
  return define(B.create<SliceOp>(loc(), resultType(), X,
                                  B.getDenseI64ArrayAttr(Start),
                                  B.getDenseI64ArrayAttr(Step)));
}

/// ONNX Split as one slice an output: each output's size along the axis
/// is its inferred shape's, so the split sizes (attribute, constant input
/// or equal parts) need no reading here.
bool Importer::split() {
  Value X = input(0);
  if (!X)
    return false;
  ArrayRef<int64_t> In = G.Values.at(Node->Inputs[0]).Shape;
  auto Axis = normalizeAxis(intAttr("axis", 0), In.size());
  if (!Axis)
    return false;
  int64_t Offset = 0;
  for (unsigned I = 0; I != Node->Outputs.size(); ++I) {
    if (Node->Outputs[I].empty())
      continue;
    std::vector<int64_t> Start(In.size(), 0), Step(In.size(), 1);
    Start[*Axis] = Offset;
    int64_t Size = G.Values.at(Node->Outputs[I]).Shape[*Axis];
    if (Size == 0)
      Start[*Axis] = 0; // an empty part reads nothing
    Offset += Size;
    if (!define(B.create<SliceOp>(loc(), resultType(I), X,
                                  B.getDenseI64ArrayAttr(Start),
                                  B.getDenseI64ArrayAttr(Step)),
                I))
      return false;
  }
  if (Offset != In[*Axis])
    return fail("the outputs' sizes add up to " + Twine(Offset) + ", not " +
                Twine(In[*Axis]));
  return true;
}

/// Pad with constant pads (opset 11 on: an input) and value.
bool Importer::pad() {
  Value X = input(0);
  if (!X)
    return false;
  if (hasInput(3))
    return fail("the axes input (opset 18) is not supported");
  bool PadsAtRunTime = configAtRunTime(1, 1);
  std::optional<std::vector<int64_t>> Pads;
  if (!PadsAtRunTime && !(Pads = constantInts(1)))
    return false;
  // The constant mode's value: a constant, or read at run time.
  float Value = 0.0f;
  mlir::Value Fill;
  if (hasInput(2) && isConstant(Node->Inputs[2])) {
    std::optional<float> V = constantScalar(2);
    if (!V)
      return false;
    Value = *V;
  } else if (hasInput(2) && !(Fill = input(2))) {
    return false;
  }
  const og::Attribute *Mode = attr("mode");
  std::string M = Mode ? Mode->S : "constant";
  std::optional<PadMode> PM = symbolizePadMode(M);
  if (!PM)
    return fail("mode '" + M + "' is not constant, reflect or edge");
  if (PadsAtRunTime)
    return padValues(Value, Fill, *PM);
  if (llvm::any_of(*Pads, [](int64_t P) { return P < 0; }))
    return fail("negative pads (cropping) are not supported");
  return define(B.create<PadOp>(
      loc(), resultType(), X, Fill, B.getDenseI64ArrayAttr(*Pads),
      PadModeAttr::get(B.getContext(), *PM), B.getF32FloatAttr(Value)));
}

/// Gather: one accel.gather of all the indices along the axis, then the
/// indices' shape by a reshape. The indices are constants or an integer
/// tensor computed at run time. (Integer data, shapes, are folded by the
/// loader.)
bool Importer::gather() {
  Value X = input(0);
  if (!X)
    return false;
  ArrayRef<int64_t> In = G.Values.at(Node->Inputs[0]).Shape;
  std::optional<int64_t> Axis = normalizeAxis(intAttr("axis", 0), In.size());
  if (!Axis)
    return false;
  SmallVector<int64_t> Flat(In.begin(), In.end());
  if (hasInput(1) && !isConstant(Node->Inputs[1])) {
    auto It = Values.find(Node->Inputs[1]);
    if (It == Values.end() ||
        isa<FloatType>(
            cast<RankedTensorType>(It->second.getType()).getElementType()))
      return fail("input '" + Node->Inputs[1] +
                  "' must be constant integer indices or an integer graph "
                  "input");
    Flat[*Axis] = cast<RankedTensorType>(It->second.getType()).getNumElements();
    Value Y = B.create<GatherOp>(
        loc(), RankedTensorType::get(Flat, resultType().getElementType()), X,
        It->second, B.getI64IntegerAttr(*Axis), DenseI64ArrayAttr());
    return define(B.create<ReshapeOp>(loc(), resultType(), Y));
  }
  std::optional<std::vector<int64_t>> Indices = constantInts(1);
  if (!Indices)
    return false;
  for (int64_t I : *Indices)
    if (I < -In[*Axis] || I >= In[*Axis])
      return fail("index " + Twine(I) + " is outside dimension " +
                  Twine(*Axis) + " of size " + Twine(In[*Axis]));
  Flat[*Axis] = Indices->size();
  Value Y = B.create<GatherOp>(
      loc(), RankedTensorType::get(Flat, resultType().getElementType()), X,
      Value(), B.getI64IntegerAttr(*Axis), B.getDenseI64ArrayAttr(*Indices));
  return define(B.create<ReshapeOp>(loc(), resultType(), Y));
}

/// Expand to a constant shape (the loader gave the output its shape).
bool Importer::expand() {
  if (configAtRunTime(1, 1))
    return expandValues();
  Value X = input(0);
  if (!X)
    return false;
  if (!constantInts(1))
    return false;
  return define(B.create<ExpandOp>(loc(), resultType(), X));
}

/// Cast, and CastLike (the output's type is its second input's): to the
/// input's own type, the input; to another, an accel.cast.
bool Importer::castOp() {
  Value X = input(0);
  if (!X)
    return false;
  Type From = cast<RankedTensorType>(X.getType()).getElementType();
  Type To = resultType().getElementType();
  if (From == To)
    return define(X);
  return define(B.create<CastOp>(loc(), resultType(), X));
}

/// Identity, and Dropout for inference: the output is the input.
bool Importer::identity() {
  Value X = input(0);
  if (!X || !onlyFirstOutputUsed())
    return false;
  return define(X);
}

bool Importer::dropout() {
  if (hasInput(2)) {
    const std::string &Training = Node->Inputs[2];
    if (!isConstant(Training))
      return fail("training_mode '" + Training +
                  "' is not a constant (inference only is supported)");
    const og::Tensor &T = G.Values.at(Training);
    if (!T.Data.empty() && T.Data[0])
      return fail("training mode is not supported (inference only)");
  }
  Value X = input(0);
  if (!X || !define(X))
    return false;
  if (Node->Outputs.size() < 2 || Node->Outputs[1].empty())
    return true;
  // Inference keeps every element: the mask is all true, copied into the
  // arena (a graph output is written from there).
  RankedTensorType MaskType = resultType(1);
  Value Ones = B.create<arith::ConstantOp>(
      loc(), MaskType, DenseElementsAttr::get(MaskType, true));
  return define(B.create<CastOp>(loc(), MaskType, Ones), 1);
}

bool Importer::controlFlow() {
  // The loader makes straight what it can (graph/onnx/ControlFlow.cpp).
  if (Node->OpType == "If")
    return fail("a condition known only at run time whose branches give "
                "outputs of different types or shapes is not supported");
  if (Node->OpType == "Loop")
    return fail("a trip count or condition known only at run time is not "
                "supported (a constant trip count is unrolled)");
  return fail("a scanned axis of no static size is not supported");
}
