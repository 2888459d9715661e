//===-- ImportGridSample.cpp - ONNX GridSample and Det --------------------===//
//
// GridSample of opset 16 (2-D, f32) as one accel.grid_sample: its mode
// and padding_mode strings as the kernel's codes (ACCEL_GRID_*).
// Det as one accel.det.
//
//===----------------------------------------------------------------------===//

#include "import/Importer.h"

using namespace accel::graph;
using namespace accel::graph::import_detail;

bool Importer::gridSample() {
  const std::string &Name = Node->Inputs[0];
  if (G.Values.at(Name).Shape.size() != 4)
    return fail("only 2-D GridSample over [N, C, H, W] is supported");
  for (const std::string &In : {Name, Node->Inputs[1]})
    if (!isF32(In))
      return fail(Twine("GridSample of element type ") +
                  og::getElemTypeName(G.Values.at(In).Type) + " ('" + In +
                  "') is not supported (f32 only)");
  auto code = [&](const char *Attr, const char *Default,
                  std::initializer_list<const char *> Names) -> int64_t {
    const og::Attribute *A = attr(Attr);
    std::string S = A ? A->S : Default;
    int64_t I = 0;
    for (const char *N : Names) {
      if (S == N)
        return I;
      ++I;
    }
    return -1;
  };
  int64_t Mode = code("mode", "bilinear", {"bilinear", "nearest", "bicubic"});
  int64_t Padding =
      code("padding_mode", "zeros", {"zeros", "border", "reflection"});
  if (Mode < 0)
    return fail("mode '" + attr("mode")->S + "' is not supported");
  if (Padding < 0)
    return fail("padding_mode '" + attr("padding_mode")->S +
                "' is not supported");
  Value X = input(0), Grid = X ? input(1) : Value();
  if (!Grid)
    return false;
  return define(B.create<GridSampleOp>(
      loc(), resultType(), X, Grid, B.getI64IntegerAttr(Mode),
      B.getI64IntegerAttr(Padding),
      B.getBoolAttr(intAttr("align_corners", 0) != 0)));
}

/// Det of [..., M, M] as one accel.det; its verifier names a type it does
/// not take.
bool Importer::det() {
  Value X = input(0);
  if (!X)
    return false;
  return define(B.create<DetOp>(loc(), resultType(), X));
}
