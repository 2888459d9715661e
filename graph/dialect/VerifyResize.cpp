//===-- VerifyResize.cpp - accel.resize's verifier ------------------------===//
//
// ONNX Resize's rules as accel_resize takes them: nearest of any element
// type, linear and cubic of f32; the result of the input's type and rank,
// each dimension floor(input's x scale) for a constant scale; each
// configuration given once, constant or at run time, with one value a
// dimension (the roi two).
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"

#include <cstdio>

using namespace mlir;
using namespace accel::graph;

namespace {

/// The kernel's table of taps: one entry for each of the result's
/// coordinates, along all its dimensions together (resize.c's TapEntries).
constexpr int64_t MaxCoordinates = 12 * 1024;

/// A scale as people write it ("1.5", not "1.500000e+00").
std::string scaleText(double S) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%g", S);
  return Buf;
}

Type elementOf(Value V) {
  return cast<RankedTensorType>(V.getType()).getElementType();
}

/// A run-time configuration operand: \p Count values of one of \p Types.
LogicalResult checkConfigOperand(Operation *Op, Value V, StringRef Name,
                                 int64_t Count, bool Integer) {
  if (!V)
    return success();
  Type T = elementOf(V);
  bool TypeOk = Integer ? (T.isSignlessInteger(64) || T.isSignlessInteger(32))
                        : (T.isF32() || T.isF64());
  if (!TypeOk)
    return Op->emitOpError()
           << Name << " of type " << getElementTypeName(T)
           << " are not supported ("
           << (Integer ? "int64 or int32" : "f32 or f64") << ")";
  if (cast<RankedTensorType>(V.getType()).getNumElements() != Count)
    return Op->emitOpError() << Name << " must have " << Count << " values";
  return success();
}

} // namespace

LogicalResult ResizeOp::verify() {
  ArrayRef<int64_t> In = shapeOf(getInput()), Out = shapeOf(getResult());
  int64_t Rank = In.size();
  Type T = elementOf(getInput());
  if (elementOf(getResult()) != T)
    return emitOpError("result type ")
           << getElementTypeName(elementOf(getResult()))
           << " is not the input's " << getElementTypeName(T);
  if (Rank < 1 || Rank > 6 || int64_t(Out.size()) != Rank)
    return emitOpError("needs an input and a result of one rank, 1 to 6");
  if ((getMode() != ResizeMode::nearest ||
       getCoordinates() == ResizeCoordinates::tf_crop_and_resize) &&
      !T.isF32())
    return emitOpError("mode ")
           << stringifyResizeMode(getMode()) << " with coordinates "
           << stringifyResizeCoordinates(getCoordinates()) << " of type "
           << getElementTypeName(T)
           << " is not supported (f32; nearest takes any type)";
  if (int(bool(getScales())) + int(bool(getScaleValues())) +
          int(bool(getSizeValues())) >
      1)
    return emitOpError("takes scales or sizes, not both");
  if (getRoi() && getRoiValues())
    return emitOpError("takes a constant roi or roi values, not both");
  if (failed(checkConfigOperand(*this, getRoiValues(), "roi values", 2 * Rank,
                                false)) ||
      failed(checkConfigOperand(*this, getScaleValues(), "scale values", Rank,
                                false)) ||
      failed(checkConfigOperand(*this, getSizeValues(), "size values", Rank,
                                true)))
    return failure();
  if (auto Roi = getRoi(); Roi && int64_t(Roi->size()) != 2 * Rank)
    return emitOpError("roi must have ") << 2 * Rank << " values";
  if (auto Scales = getScales()) {
    if (int64_t(Scales->size()) != Rank)
      return emitOpError("scales must have ") << Rank << " values";
    for (int64_t D = 0; D != Rank; ++D) {
      double S = (*Scales)[D];
      if (!(S > 0))
        return emitOpError("scale ")
               << scaleText(S) << " of dimension " << D << " is not positive";
      int64_t Want = int64_t(double(In[D]) * S);
      if (Out[D] != Want)
        return emitOpError("result dimension ")
               << D << " is " << Out[D] << ", not " << In[D] << " x "
               << scaleText(S) << " = " << Want;
    }
  }
  int64_t Coordinates = 0;
  for (int64_t N : Out)
    Coordinates += N;
  if (Coordinates > MaxCoordinates)
    return emitOpError("result dimensions add up to ")
           << Coordinates << ", past the kernel's " << MaxCoordinates;
  return success();
}
