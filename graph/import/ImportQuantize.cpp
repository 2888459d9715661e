//===-- ImportQuantize.cpp - ONNX's linear quantization operators ---------===//
//
// The ONNX importer's handlers (Importer.h) for QuantizeLinear and
// DequantizeLinear, per tensor and per axis, from the dialect's casts and
// f32 elementwise ops in the order ONNX's reference computes them, so that
// every result is exact: x / scale rounded once, rounded half to even,
// plus the zero point, saturated, cast; (x - zero point) exact in f32 for
// 8-bit integers, times scale rounded once.
// (DynamicQuantizeLinear is ONNX's function of these.)
//
//===----------------------------------------------------------------------===//

#include "import/Importer.h"

using namespace accel::graph;
using namespace accel::graph::import_detail;

Value Importer::quantizationParameter(unsigned I, Value X, Type ElemType) {
  Value P = input(I);
  if (!P)
    return {};
  auto XType = cast<RankedTensorType>(X.getType());
  auto PType = cast<RankedTensorType>(P.getType());
  if (PType.getElementType() != ElemType)
    P = B.create<CastOp>(loc(), PType.clone(ElemType), P);
  if (PType.getRank() == 0 ||
      (PType.getRank() == 1 && PType.getDimSize(0) == 1))
    return P; // per tensor: broadcast as it is
  if (PType.getRank() != 1) {
    fail("input '" + Node->Inputs[I] + "' must be a scalar or 1-D");
    return {};
  }
  // Per axis: one value a slice of x along axis.
  auto Axis = normalizeAxis(intAttr("axis", 1), XType.getRank());
  if (!Axis)
    return {};
  if (PType.getDimSize(0) != XType.getDimSize(*Axis)) {
    fail("input '" + Node->Inputs[I] + "' has " +
         Twine(PType.getDimSize(0)) + " values for axis " + Twine(*Axis) +
         " of size " + Twine(XType.getDimSize(*Axis)));
    return {};
  }
  SmallVector<int64_t> Shape(XType.getRank() - *Axis, 1);
  Shape[0] = PType.getDimSize(0);
  return B.create<ReshapeOp>(loc(), RankedTensorType::get(Shape, ElemType),
                             P);
}

bool Importer::quantizeLinear() {
  Value X = input(0);
  if (!X)
    return false;
  auto XType = cast<RankedTensorType>(X.getType());
  if (!XType.getElementType().isF32())
    return fail("x of element type other than float32 is not supported");
  RankedTensorType YType = resultType();
  Type Q = YType.getElementType();
  unsigned Bits = Q.getIntOrFloatBitWidth();
  if (!Q.isInteger(8))
    return fail("a result of element type other than int8 or uint8");
  Type F32 = B.getF32Type();
  Value Scale = quantizationParameter(1, X, F32);
  if (!Scale)
    return false;
  auto ew = [&](ElementwiseKind Kind, ValueRange Ins, FloatAttr Lo = {},
                FloatAttr Hi = {}) -> Value {
    return createElementwise(Kind, XType, Ins, {}, Lo, Hi);
  };
  Value Y = ew(ElementwiseKind::round, {ew(ElementwiseKind::div, {X, Scale})});
  if (hasInput(2)) {
    Value ZeroPoint = quantizationParameter(2, X, F32);
    if (!ZeroPoint)
      return false;
    Y = ew(ElementwiseKind::add, {Y, ZeroPoint});
  }
  bool Signed = !Q.isUnsignedInteger();
  float Lo = Signed ? -float(1 << (Bits - 1)) : 0.0f;
  float Hi = Signed ? float((1 << (Bits - 1)) - 1) : float((1 << Bits) - 1);
  Y = ew(ElementwiseKind::clip, {Y}, B.getF32FloatAttr(Lo),
         B.getF32FloatAttr(Hi));
  return define(B.create<CastOp>(loc(), YType, Y));
}

bool Importer::dequantizeLinear() {
  Value X = input(0);
  if (!X)
    return false;
  auto XType = cast<RankedTensorType>(X.getType());
  RankedTensorType YType = resultType();
  if (!YType.getElementType().isF32())
    return fail("a result of element type other than float32");
  Type F32 = B.getF32Type();
  Value Scale = quantizationParameter(1, X, F32);
  if (!Scale)
    return false;
  Value Y = B.create<CastOp>(loc(), XType.clone(F32), X);
  if (hasInput(2)) {
    Value ZeroPoint = quantizationParameter(2, X, F32);
    if (!ZeroPoint)
      return false;
    Y = createElementwise(ElementwiseKind::sub, YType, {Y, ZeroPoint});
  }
  return define(createElementwise(ElementwiseKind::mul, YType, {Y, Scale}));
}
