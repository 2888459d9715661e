//===-- ImportQuantizedMatmul.cpp - ONNX's integer matrix products ---------===//
//
// The ONNX importer's handlers (Importer.h) for MatMulInteger,
// QLinearMatMul, ConvInteger and QLinearConv, exact, from casts,
// elementwise ops and the dialect's products:
//
//  - the 8-bit inputs minus their zero points (per tensor, per row of a,
//    per column of b, per output channel of w) as int32;
//  - a matrix product as an int32 accel.matmul (the library's scalar
//    loop); a convolution as f32 accel.conv2d, which is exact while every
//    partial sum stays below 2^24: |x - zp| and |w - zp| are at most 255,
//    so groups of at most 258 products (input channels times taps) are
//    convolved apart, each result cast to int32 and the groups added in
//    int32;
//  - the requantization as ONNX's reference computes it: the int32 sum
//    times a_scale * b_scale / y_scale (f32, in that order) in f64,
//    rounded half to even (adding and subtracting 1.5 * 2^52), plus the
//    zero point, saturated to the result's type.
//
//===----------------------------------------------------------------------===//

#include "import/Importer.h"

using namespace accel::graph;
using namespace accel::graph::import_detail;

namespace {

/// The most products an f32 partial sum of 8-bit differences holds
/// exactly: 258 * 255 * 255 < 2^24.
constexpr int64_t ExactF32Products = 258;

Value constantOf(OpBuilder &B, Location Loc, Type E, double V) {
  auto T = RankedTensorType::get({1}, E);
  Attribute A = isa<FloatType>(E) ? Attribute(B.getFloatAttr(E, V))
                                  : Attribute(B.getIntegerAttr(E, int64_t(V)));
  return B.create<arith::ConstantOp>(Loc, T, DenseElementsAttr::get(T, A));
}

RankedTensorType typeOf(Value V) { return cast<RankedTensorType>(V.getType()); }

} // namespace

Value Importer::quantizedOperand(unsigned I, unsigned ZeroPoint, Type E,
                                 int64_t ParamAxis) {
  Value X = input(I);
  if (!X)
    return {};
  RankedTensorType XType = typeOf(X);
  if (!XType.getElementType().isInteger(8)) {
    fail("input '" + Node->Inputs[I] + "' of element type " +
         getElementTypeName(XType.getElementType()) + " (int8 or uint8 only)");
    return {};
  }
  Value Y = B.create<CastOp>(loc(), XType.clone(E), X);
  if (!hasInput(ZeroPoint))
    return Y;
  Value Zp = quantizationVector(ZeroPoint, XType.getRank(), ParamAxis, E);
  if (!Zp)
    return {};
  return createElementwise(ElementwiseKind::sub, XType.clone(E), {Y, Zp});
}

Value Importer::quantizationVector(unsigned I, int64_t Rank, int64_t Axis,
                                   Type E) {
  Value P = input(I);
  if (!P)
    return {};
  RankedTensorType PType = typeOf(P);
  if (PType.getElementType() != E)
    P = B.create<CastOp>(loc(), PType.clone(E), P);
  // A scalar, one value, or a tensor of the operand's rank broadcast as
  // it is; a vector of several values lies along Axis.
  if (PType.getRank() == 0 || PType.getNumElements() == 1 ||
      PType.getRank() == Rank || (PType.getRank() == 1 && Axis == Rank - 1))
    return P;
  if (PType.getRank() != 1 || Axis < 0) {
    fail("input '" + Node->Inputs[I] + "' must be a scalar, a vector or of " +
         Twine(Rank) + " dimensions");
    return {};
  }
  SmallVector<int64_t> Shape(Rank - Axis, 1);
  Shape[0] = PType.getDimSize(0);
  return B.create<ReshapeOp>(loc(), RankedTensorType::get(Shape, E), P);
}

Value Importer::requantize(Value Acc, Value Multiplier, unsigned ZeroPoint,
                           int64_t ChannelAxis) {
  RankedTensorType YType = resultType();
  Type Q = YType.getElementType();
  if (!Q.isInteger(8)) {
    fail("a result of element type " + getElementTypeName(Q) +
         " (int8 or uint8 only)");
    return {};
  }
  Type F64 = B.getF64Type();
  auto T = YType.clone(F64);
  auto ew = [&](ElementwiseKind Kind, ValueRange Ins, FloatAttr Lo = {},
                FloatAttr Hi = {}) -> Value {
    return createElementwise(Kind, T, Ins, {}, Lo, Hi);
  };
  Value D = B.create<CastOp>(loc(), T, Acc);
  Value M = B.create<CastOp>(loc(), typeOf(Multiplier).clone(F64), Multiplier);
  D = ew(ElementwiseKind::mul, {D, M});
  // Round half to even: past 2^52 an f64 has no fraction.
  Value Magic = constantOf(B, loc(), F64, 0x1.8p52);
  D = ew(ElementwiseKind::sub, {ew(ElementwiseKind::add, {D, Magic}), Magic});
  if (hasInput(ZeroPoint)) {
    Value Zp =
        quantizationVector(ZeroPoint, YType.getRank(), ChannelAxis, F64);
    if (!Zp)
      return {};
    D = ew(ElementwiseKind::add, {D, Zp});
  }
  bool Signed = !Q.isUnsignedInteger();
  D = ew(ElementwiseKind::clip, {D}, B.getF32FloatAttr(Signed ? -128 : 0),
         B.getF32FloatAttr(Signed ? 127 : 255));
  return B.create<CastOp>(loc(), YType, D);
}

bool Importer::matMulInteger() {
  Type I32 = B.getI32Type();
  RankedTensorType YType = resultType();
  if (!YType.getElementType().isInteger(32))
    return fail("a result of element type other than int32");
  int64_t RankA = G.Values.at(Node->Inputs[0]).Shape.size();
  int64_t RankB = G.Values.at(Node->Inputs[1]).Shape.size();
  if (RankA < 2 || RankB < 2)
    return fail("a and b must have 2 dimensions or more");
  // a's zero point per row (its dimension -2), b's per column (-1).
  Value A = quantizedOperand(0, 2, I32, RankA - 2);
  Value Bv = A ? quantizedOperand(1, 3, I32, RankB - 1) : Value();
  if (!Bv)
    return false;
  return define(B.create<MatMulOp>(loc(), YType, A, Bv, ActivationAttr(),
                                   FloatAttr(), FloatAttr()));
}

bool Importer::qlinearMatMul() {
  Type I32 = B.getI32Type(), F32 = B.getF32Type();
  int64_t RankA = G.Values.at(Node->Inputs[0]).Shape.size();
  int64_t RankB = G.Values.at(Node->Inputs[3]).Shape.size();
  if (RankA < 2 || RankB < 2)
    return fail("a and b must have 2 dimensions or more");
  Value A = quantizedOperand(0, 2, I32, RankA - 2);
  Value Bv = A ? quantizedOperand(3, 5, I32, RankB - 1) : Value();
  if (!Bv)
    return false;
  RankedTensorType YType = resultType();
  Value Acc = B.create<MatMulOp>(loc(), YType.clone(I32), A, Bv,
                                 ActivationAttr(), FloatAttr(), FloatAttr());
  int64_t Rank = YType.getRank();
  Value SA = quantizationVector(1, Rank, Rank - 2, F32);
  Value SB = SA ? quantizationVector(4, Rank, Rank - 1, F32) : Value();
  Value SY = SB ? quantizationVector(6, Rank, Rank - 2, F32) : Value();
  if (!SY)
    return false;
  Value M = scaleProduct(SA, SB, SY);
  if (!M)
    return false;
  Value Y = requantize(Acc, M, 7, Rank - 2);
  return Y && define(Y);
}

Value Importer::scaleProduct(Value SA, Value SB, Value SY) {
  auto shapeOf2 = [&](Value X, Value Y) -> std::optional<Shape> {
    std::string Why;
    auto S = broadcastShapes(typeOf(X).getShape(), typeOf(Y).getShape(), Why);
    if (!S)
      fail("the scales do not broadcast: " + Why);
    return S;
  };
  Type F32 = B.getF32Type();
  auto S1 = shapeOf2(SA, SB);
  if (!S1)
    return {};
  Value P = createElementwise(ElementwiseKind::mul,
                              RankedTensorType::get(*S1, F32), {SA, SB});
  auto S2 = shapeOf2(P, SY);
  if (!S2)
    return {};
  return createElementwise(ElementwiseKind::div,
                           RankedTensorType::get(*S2, F32), {P, SY});
}

Value Importer::integerConv(Value X, Value W) {
  ArrayRef<int64_t> WShape = typeOf(W).getShape();
  if (WShape.size() != 4) {
    fail("only 2-D convolutions are supported");
    return {};
  }
  std::vector<int64_t> Kernel = {WShape[2], WShape[3]};
  if (const og::Attribute *K = attr("kernel_shape"); K && K->IntList != Kernel) {
    fail("kernel_shape does not match the weight's shape");
    return {};
  }
  std::vector<int64_t> Strides, Pads, Dilations;
  if (!window(Kernel, Strides, Pads, Dilations))
    return {};
  int64_t Group = intAttr("group", 1);
  int64_t Taps = WShape[2] * WShape[3], PerGroup = WShape[1];
  int64_t Chunk = std::max<int64_t>(1, ExactF32Products / std::max<int64_t>(
                                                             Taps, 1));
  if (Taps > ExactF32Products || (Group != 1 && PerGroup > Chunk)) {
    fail("a convolution of " + Twine(PerGroup) + " channels of " +
         Twine(Taps) + " taps a group: its int32 sums are not exact in f32");
    return {};
  }
  Type F32 = B.getF32Type(), I32 = B.getI32Type();
  RankedTensorType YType = resultType();
  ArrayRef<int64_t> XShape = typeOf(X).getShape();
  auto slice = [&](Value V, int64_t From, int64_t Count) -> Value {
    if (From == 0 && Count == typeOf(V).getDimSize(1))
      return V;
    SmallVector<int64_t> S(typeOf(V).getShape());
    S[1] = Count;
    return B.create<SliceOp>(loc(), RankedTensorType::get(S, F32), V,
                             B.getDenseI64ArrayAttr({0, From, 0, 0}),
                             B.getDenseI64ArrayAttr({1, 1, 1, 1}));
  };
  Value Sum;
  for (int64_t C0 = 0; C0 < XShape[1]; C0 += Chunk) {
    int64_t N = std::min(Chunk, XShape[1] - C0);
    Value Part = B.create<Conv2dOp>(
        loc(), YType.clone(F32), slice(X, C0, N), slice(W, C0, N), Value(),
        B.getDenseI64ArrayAttr(Strides), B.getDenseI64ArrayAttr(Pads),
        B.getDenseI64ArrayAttr(Dilations), B.getI64IntegerAttr(Group),
        ActivationAttr(), FloatAttr(), FloatAttr());
    Part = B.create<CastOp>(loc(), YType.clone(I32), Part);
    Sum = Sum ? createElementwise(ElementwiseKind::add, YType.clone(I32),
                                  {Sum, Part})
              : Part;
  }
  return Sum;
}

bool Importer::convInteger() {
  if (!resultType().getElementType().isInteger(32))
    return fail("a result of element type other than int32");
  Type F32 = B.getF32Type();
  // x's zero point per tensor; w's per output channel (its dimension 0).
  Value X = quantizedOperand(0, 2, F32, -1);
  Value W = X ? quantizedOperand(1, 3, F32, 0) : Value();
  if (!W)
    return false;
  Value Y = integerConv(X, W);
  return Y && define(Y);
}

bool Importer::qlinearConv() {
  Type F32 = B.getF32Type(), I32 = B.getI32Type();
  Value X = quantizedOperand(0, 2, F32, -1);
  Value W = X ? quantizedOperand(3, 5, F32, 0) : Value();
  if (!W)
    return false;
  RankedTensorType YType = resultType();
  if (YType.getRank() != 4)
    return fail("only 2-D convolutions are supported");
  Value Acc = integerConv(X, W);
  if (!Acc)
    return false;
  if (hasInput(8)) {
    Value Bias = quantizationVector(8, 4, 1, I32);
    if (!Bias)
      return false;
    Acc = createElementwise(ElementwiseKind::add, YType.clone(I32),
                            {Acc, Bias});
  }
  // The scales per tensor, w's (and so the result's) per output channel.
  Value SX = quantizationVector(1, 4, 1, F32);
  Value SW = SX ? quantizationVector(4, 4, 1, F32) : Value();
  Value SY = SW ? quantizationVector(6, 4, 1, F32) : Value();
  if (!SY)
    return false;
  Value M = scaleProduct(SX, SW, SY);
  if (!M)
    return false;
  Value Y = requantize(Acc, M, 7, 1);
  return Y && define(Y);
}
