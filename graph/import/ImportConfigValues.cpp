//===-- ImportConfigValues.cpp - Configured by values at run time ---------===//
//
// Slice, Pad and Expand whose configuration inputs are computed at run time
// (ONNX's node tests give them as graph inputs, the model declaring the
// output's shape), and Range: ops whose kernel reads the values and checks
// them against the result's static shape (docs/graph.md, "Configuration
// inputs"). A constant configuration keeps ImportShape.cpp's path.
//
//===----------------------------------------------------------------------===//

#include "import/Importer.h"

using namespace accel::graph;
using namespace accel::graph::import_detail;

bool Importer::configAtRunTime(unsigned First, unsigned Last) {
  for (unsigned I = First; I <= Last; ++I)
    if (hasInput(I) && !isConstant(Node->Inputs[I]))
      return true;
  return false;
}

/// Input \p I as int32 or int64 values, or null (and Error).
Value Importer::indexValues(unsigned I) {
  Value V = input(I);
  if (!V)
    return {};
  Type T = cast<RankedTensorType>(V.getType()).getElementType();
  if (!T.isSignlessInteger(32) && !T.isSignlessInteger(64)) {
    fail("input '" + Node->Inputs[I] + "' of type " + getElementTypeName(T) +
         " is not int32 or int64");
    return {};
  }
  return V;
}

bool Importer::sliceValues() {
  Value X = input(0), Starts = indexValues(1),
        Ends = Starts ? indexValues(2) : Value();
  if (!Ends)
    return false;
  Value Axes, Steps;
  if (hasInput(3) && !(Axes = indexValues(3)))
    return false;
  if (hasInput(4) && !(Steps = indexValues(4)))
    return false;
  return define(B.create<SliceValuesOp>(loc(), resultType(), X, Starts, Ends,
                                        Axes, Steps));
}

bool Importer::padValues(float Value, mlir::Value Fill, PadMode Mode) {
  mlir::Value X = input(0), Pads = indexValues(1);
  if (!X || !Pads)
    return false;
  return define(B.create<PadValuesOp>(loc(), resultType(), X, Pads, Fill,
                                      PadModeAttr::get(B.getContext(), Mode),
                                      B.getF32FloatAttr(Value)));
}

bool Importer::expandValues() {
  Value X = input(0), Shape = X ? indexValues(1) : Value();
  if (!Shape)
    return false;
  return define(B.create<ExpandValuesOp>(loc(), resultType(), X, Shape));
}

/// Range whose start, limit or delta is computed at run time (the loader
/// folds integer constants): the output's count must be static, the
/// model's.
bool Importer::range() {
  Value Start = input(0), Limit = Start ? input(1) : Value(),
        Delta = Limit ? input(2) : Value();
  if (!Delta)
    return false;
  RankedTensorType Out = resultType();
  if (Out.getRank() != 1 || ShapedType::isDynamic(Out.getDimSize(0)))
    return fail("output '" + Node->Outputs[0] +
                "' has no static size (give it in the model)");
  return define(B.create<RangeOp>(loc(), Out, Start, Limit, Delta));
}
