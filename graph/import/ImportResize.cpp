//===-- ImportResize.cpp - ONNX Resize (and Upsample) ---------------------===//
//
// Resize of opsets 11 to 17 (Upsample of opsets 7 to 9 arrives as Resize:
// the loader converts those models to opset 13) as one accel.resize. Its
// roi, scales and sizes are configuration inputs (ConfigInputs.cpp):
// constants become attributes, ones computed at run time operands.
//
//===----------------------------------------------------------------------===//

#include "import/Importer.h"

using namespace accel::graph;
using namespace accel::graph::import_detail;

bool Importer::resize() {
  Value X = input(0);
  if (!X)
    return false;
  for (const char *A : {"antialias", "axes", "keep_aspect_ratio_policy"})
    if (attr(A))
      return fail("attribute '" + Twine(A) + "' (opset 18) is not supported");
  auto Text = [&](const char *Name, const char *Default) {
    const og::Attribute *A = attr(Name);
    return A ? A->S : std::string(Default);
  };
  std::string M = Text("mode", "nearest");
  std::string C = Text("coordinate_transformation_mode", "half_pixel");
  std::string N = Text("nearest_mode", "round_prefer_floor");
  std::optional<ResizeMode> Mode = symbolizeResizeMode(M);
  std::optional<ResizeCoordinates> Coords = symbolizeResizeCoordinates(C);
  std::optional<ResizeNearestMode> Nearest = symbolizeResizeNearestMode(N);
  if (!Mode)
    return fail("mode '" + M + "' is not supported");
  if (!Coords)
    return fail("coordinate_transformation_mode '" + C + "' is not supported");
  if (!Nearest)
    return fail("nearest_mode '" + N + "' is not supported");

  std::optional<ConfigInput> Roi = configInput(1), Scales = configInput(2),
                             Sizes = configInput(3);
  if (!Roi || !Scales || !Sizes)
    return false;
  if (Scales->present() == Sizes->present())
    return fail("needs one of scales and sizes");
  RankedTensorType Result = resultType();
  ArrayRef<int64_t> Out = Result.getShape();
  if (Sizes->Constant &&
      !llvm::equal(*Sizes->Constant, Out,
                   [](double S, int64_t D) { return S == double(D); }))
    return fail("constant sizes are not the output's shape");
  // The roi counts with tf_crop_and_resize only.
  bool Crop = *Coords == ResizeCoordinates::tf_crop_and_resize;
  DenseF64ArrayAttr RoiAttr, ScalesAttr;
  if (Crop && Roi->Constant)
    RoiAttr = B.getDenseF64ArrayAttr(*Roi->Constant);
  if (Scales->Constant)
    ScalesAttr = B.getDenseF64ArrayAttr(*Scales->Constant);
  return define(B.create<ResizeOp>(
      loc(), Result, X, Crop ? Roi->Operand : Value(), Scales->Operand,
      Sizes->Operand, ResizeModeAttr::get(&Context, *Mode),
      ResizeCoordinatesAttr::get(&Context, *Coords),
      ResizeNearestModeAttr::get(&Context, *Nearest),
      B.getF32FloatAttr(floatAttr("cubic_coeff_a", -0.75f)),
      B.getBoolAttr(intAttr("exclude_outside", 0) != 0),
      B.getF32FloatAttr(floatAttr("extrapolation_value", 0.0f)), ScalesAttr,
      RoiAttr));
}
