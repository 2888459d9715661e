//===-- ImportNorms.cpp - Softmax, reductions and normalizations ----------===//
//
// The ONNX importer's handlers (Importer.h) for Softmax, LogSoftmax,
// LayerNormalization and BatchNormalization (the reductions:
// ImportReduce.cpp).
//
//===----------------------------------------------------------------------===//

#include "import/Importer.h"

#include "accel_kernels.h"

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
  bool Training = intAttr("training_mode", 0);
  if (!Training && !onlyFirstOutputUsed())
    return false;
  SmallVector<Value, 5> Ins;
  for (unsigned I = 0; I != 5; ++I)
    if (!Ins.emplace_back(input(I)))
      return false;
  FloatAttr Epsilon = B.getF32FloatAttr(floatAttr("epsilon", 1e-5f));
  if (!Training)
    return define(B.create<BatchNormOp>(loc(), resultType(), Ins[0], Ins[1],
                                        Ins[2], Ins[3], Ins[4], Epsilon));
  // Training (opset 14 on): normalized by the batch's mean and (population)
  // variance over every axis but the channels', and the running statistics
  // input_mean * momentum + batch_mean * (1 - momentum) (likewise the
  // variance), as ONNX's reference computes them.
  auto XType = cast<RankedTensorType>(Ins[0].getType());
  ArrayRef<int64_t> S = XType.getShape();
  if (!XType.getElementType().isF32())
    return fail("training_mode 1 of element type " +
                getElementTypeName(XType.getElementType()) +
                " is not supported (f32 only)");
  if (S.size() < 2)
    return fail("needs an input of rank 2 or more ([N, C, D...])");
  SmallVector<int64_t> Axes, Kept(S.size(), 1);
  Kept[1] = S[1];
  for (int64_t D = 0; D != int64_t(S.size()); ++D)
    if (D != 1)
      Axes.push_back(D);
  Type F32 = B.getF32Type();
  auto KeptType = RankedTensorType::get(Kept, F32);
  auto Channels = RankedTensorType::get({S[1]}, F32);
  auto reduceMean = [&](Value V) -> Value {
    return B.create<ReduceOp>(
        loc(), KeptType, V,
        ReduceKindAttr::get(B.getContext(), ReduceKind::mean),
        B.getDenseI64ArrayAttr(Axes), B.getBoolAttr(true));
  };
  Value Mean = reduceMean(Ins[0]);
  Value Diff = createElementwise(ElementwiseKind::sub, XType, {Ins[0], Mean});
  Value Var = reduceMean(
      createElementwise(ElementwiseKind::mul, XType, {Diff, Diff}));
  Mean = B.create<ReshapeOp>(loc(), Channels, Mean);
  Var = B.create<ReshapeOp>(loc(), Channels, Var);
  if (!define(B.create<BatchNormOp>(loc(), resultType(), Ins[0], Ins[1],
                                    Ins[2], Mean, Var, Epsilon)))
    return false;
  float Momentum = floatAttr("momentum", 0.9f);
  auto running = [&](Value Input, Value Batch) {
    auto Scalar = RankedTensorType::get({1}, F32);
    auto splat = [&](float V) -> Value {
      return B.create<arith::ConstantOp>(loc(), Scalar,
                                         DenseElementsAttr::get(Scalar, V));
    };
    return createElementwise(
        ElementwiseKind::add, Channels,
        {createElementwise(ElementwiseKind::mul, Channels,
                           {Input, splat(Momentum)}),
         createElementwise(ElementwiseKind::mul, Channels,
                           {Batch, splat(1 - Momentum)})});
  };
  for (unsigned I = 1; I != 3; ++I)
    if (I < Node->Outputs.size() && !Node->Outputs[I].empty() &&
        !define(running(Ins[2 + I], I == 1 ? Mean : Var), I))
      return false;
  return true;
}

/// A constant f32 tensor of \p Shape, every element \p V.
static Value splatF32(OpBuilder &B, Location Loc, ArrayRef<int64_t> Shape,
                      float V) {
  auto T = RankedTensorType::get(Shape, B.getF32Type());
  return B.create<arith::ConstantOp>(Loc, T, DenseElementsAttr::get(T, V));
}

/// InstanceNormalization of x [N, C, D...]: each (n, c)'s D... normalized
/// by the layer-norm kernel on [N, C, prod D], then scaled and shifted per
/// channel.
bool Importer::instanceNorm() {
  Value X = input(0), Scale = X ? input(1) : Value();
  Value Shift = Scale ? input(2) : Value();
  if (!Shift)
    return false;
  RankedTensorType XType = cast<RankedTensorType>(X.getType());
  ArrayRef<int64_t> S = XType.getShape();
  if (S.size() < 3)
    return fail("needs an input of rank 3 or more ([N, C, D...])");
  int64_t Spatial = 1;
  for (int64_t D : S.drop_front(2))
    Spatial *= D;
  float Epsilon = floatAttr("epsilon", 1e-5f);
  // Each channel a group: accel_groupnorm, where it takes the channels;
  // else a layer norm of the planes and the scale and shift by
  // elementwise ops.
  if (XType.getElementType().isF32() && S[1] <= ACCEL_GROUPNORM_MAX_CHANNELS)
    return define(B.create<GroupNormOp>(
        loc(), resultType(), X, Scale, Shift, B.getI64IntegerAttr(S[1]),
        B.getF32FloatAttr(Epsilon), ActivationAttr(), FloatAttr(),
        FloatAttr()));
  Type F32 = B.getF32Type();
  auto Rows = RankedTensorType::get({S[0], S[1], Spatial}, F32);
  Value Flat = B.create<ReshapeOp>(loc(), Rows, X);
  Value Normed = B.create<LayerNormOp>(
      loc(), Rows, Flat, Value(), splatF32(B, loc(), {Spatial}, 1.0f), Value(),
      B.getI64IntegerAttr(2), B.getF32FloatAttr(Epsilon));
  auto PerChannel = RankedTensorType::get({S[1], 1}, F32);
  Value Scaled = createElementwise(
      ElementwiseKind::mul, Rows,
      {Normed, B.create<ReshapeOp>(loc(), PerChannel, Scale)});
  Value Shifted = createElementwise(
      ElementwiseKind::add, Rows,
      {Scaled, B.create<ReshapeOp>(loc(), PerChannel, Shift)});
  return define(B.create<ReshapeOp>(loc(), resultType(), Shifted));
}

/// LRN: x / (bias + alpha / size * sum of squares over a window of size
/// channels)^beta. The window's sum is an average pooling over the
/// channels of [N, 1, C, prod D] that counts the zero padding (times
/// size), and the power exp(beta log t) (t >= bias > 0).
bool Importer::lrn() {
  Value X = input(0);
  if (!X)
    return false;
  RankedTensorType XType = cast<RankedTensorType>(X.getType());
  ArrayRef<int64_t> S = XType.getShape();
  int64_t Size = intAttr("size", 0);
  float Alpha = floatAttr("alpha", 1e-4f), Beta = floatAttr("beta", 0.75f),
        Bias = floatAttr("bias", 1.0f);
  if (S.size() < 2 || Size < 1)
    return fail("needs an input of rank 2 or more and a size of 1 or more");
  if (!(Bias > 0))
    return fail("bias must be positive");
  int64_t Spatial = 1;
  for (int64_t D : S.drop_front(2))
    Spatial *= D;
  Type F32 = B.getF32Type();
  auto Planes = RankedTensorType::get({S[0], 1, S[1], Spatial}, F32);
  auto ew = [&](ElementwiseKind Kind, ValueRange Ins) -> Value {
    return createElementwise(Kind, Planes, Ins);
  };
  auto scalar = [&](float V) { return splatF32(B, loc(), {1}, V); };
  Value Flat = B.create<ReshapeOp>(loc(), Planes, X);
  Value Squares = ew(ElementwiseKind::mul, {Flat, Flat});
  int64_t Before = (Size - 1) / 2, After = Size - 1 - Before;
  Value Mean = B.create<Pool2dOp>(
      loc(), Planes, Squares, PoolKindAttr::get(B.getContext(), PoolKind::avg),
      B.getDenseI64ArrayAttr({Size, 1}), B.getDenseI64ArrayAttr({1, 1}),
      B.getDenseI64ArrayAttr({Before, 0, After, 0}),
      B.getDenseI64ArrayAttr({1, 1}), B.getBoolAttr(false),
      B.getBoolAttr(true));
  Value T = ew(ElementwiseKind::add,
               {ew(ElementwiseKind::mul, {Mean, scalar(Alpha)}), scalar(Bias)});
  Value Power = ew(ElementwiseKind::exp,
                   {ew(ElementwiseKind::mul,
                       {ew(ElementwiseKind::log, {T}), scalar(Beta)})});
  return define(B.create<ReshapeOp>(loc(), resultType(),
                                    ew(ElementwiseKind::div, {Flat, Power})));
}
