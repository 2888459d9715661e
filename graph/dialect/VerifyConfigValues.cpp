//===-- VerifyConfigValues.cpp - Ops configured at run time ---------------===//
//
// The verifiers of slice_values, pad_values, expand_values and range: the
// result's shape is the model's, the configuration values are data the
// kernel checks against it (docs/graph.md, "Configuration inputs"). Here:
// the values' counts, the element types, and what a shape alone decides.
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"
#include "dialect/ShapeRules.h"

using namespace mlir;
using namespace accel::graph;

namespace {

Type elementOf(Value V) {
  return cast<RankedTensorType>(V.getType()).getElementType();
}

int64_t countOf(Value V) {
  return cast<RankedTensorType>(V.getType()).getNumElements();
}

/// The result's type must be \p From's, its rank \p Rank.
LogicalResult checkTypeAndRank(Operation *Op, Value From, size_t Rank) {
  Value R = Op->getResult(0);
  if (elementOf(R) != elementOf(From))
    return Op->emitOpError("result type ")
           << getElementTypeName(elementOf(R)) << " is not the input's "
           << getElementTypeName(elementOf(From));
  if (shapeOf(R).size() != Rank)
    return Op->emitOpError("result rank ")
           << shapeOf(R).size() << " is not " << Rank;
  return success();
}

/// The kernels behind slice and pad move f32 elements.
LogicalResult checkF32(Operation *Op, Value V) {
  if (elementOf(V).isF32())
    return success();
  return Op->emitError("element type ")
         << getElementTypeName(elementOf(V)) << " is not supported by "
         << Op->getName() << " (float32 only)";
}

} // namespace

LogicalResult SliceValuesOp::verify() {
  ArrayRef<int64_t> In = shapeOf(getInput()), Out = shapeOf(getResult());
  int64_t N = countOf(getStarts());
  if (shapeOf(getStarts()).size() != 1 || N > int64_t(In.size()))
    return emitOpError("needs at most one start a dimension");
  for (Value V : {getEnds(), getAxes(), getSteps()})
    if (V && (shapeOf(V).size() != 1 || countOf(V) != N))
      return emitOpError("starts, ends, axes and steps differ in count");
  for (size_t D = 0; D != Out.size() && D != In.size(); ++D)
    if (Out[D] > In[D])
      return emitOpError("result dimension ")
             << D << " is larger than the input's";
  if (failed(checkF32(*this, getInput())))
    return failure();
  return checkTypeAndRank(*this, getInput(), In.size());
}

LogicalResult PadValuesOp::verify() {
  ArrayRef<int64_t> In = shapeOf(getInput()), Out = shapeOf(getResult());
  if (shapeOf(getPads()) != ArrayRef<int64_t>{int64_t(2 * In.size())})
    return emitOpError("needs a begin and an end pad for each dimension");
  if (getFill() && countOf(getFill()) != 1)
    return emitOpError("fill must have one element");
  if (getFill() && failed(checkF32(*this, getFill())))
    return failure();
  for (size_t D = 0; D != Out.size() && D != In.size(); ++D)
    if (Out[D] < In[D])
      return emitOpError("result dimension ")
             << D << " is smaller than the input's (no cropping)";
  // Reflect and edge move other 4-byte types as f32 bits.
  Type T = elementOf(getInput());
  bool Moves =
      getMode() != PadMode::constant && T.getIntOrFloatBitWidth() == 32;
  if (!Moves && failed(checkF32(*this, getInput())))
    return failure();
  return checkTypeAndRank(*this, getInput(), In.size());
}

LogicalResult ExpandValuesOp::verify() {
  if (shapeOf(getShape()).size() != 1)
    return emitOpError("shape must be 1-D");
  size_t Rank = std::max<size_t>(shapeOf(getInput()).size(),
                                 std::max<int64_t>(countOf(getShape()), 0));
  if (failed(checkTypeAndRank(*this, getInput(), Rank)))
    return failure();
  std::string Why;
  ArrayRef<int64_t> Out = shapeOf(getResult());
  if (broadcastShapes(shapeOf(getInput()), Out, Why) != Shape(Out))
    return emitOpError("the input does not broadcast to the result's shape");
  return success();
}

LogicalResult RangeOp::verify() {
  Type T = elementOf(getResult());
  if (!(T.isF32() || T.isF64() || T.isSignlessInteger(16) ||
        T.isSignlessInteger(32) || T.isSignlessInteger(64)))
    return emitError("element type ")
           << getElementTypeName(T) << " is not supported by "
           << getOperation()->getName()
           << " (float32, float64, int16, int32 or int64)";
  for (Value V : {getStart(), getLimit(), getDelta()})
    if (countOf(V) != 1 || shapeOf(V).size() > 1 || elementOf(V) != T)
      return emitOpError("start, limit and delta must be scalars of the "
                         "result's type");
  if (shapeOf(getResult()).size() != 1)
    return emitOpError("result must be 1-D");
  return success();
}
