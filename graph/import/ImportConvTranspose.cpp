//===-- ImportConvTranspose.cpp - ONNX ConvTranspose ----------------------===//
//
// ConvTranspose in 1-D (as 2-D over [N, C, 1, L]) and 2-D as one
// accel.conv_transpose2d, its pads resolved as ONNX's operator text says:
// explicit pads, or with output_shape (or auto_pad SAME_*, whose output is
// the input times the stride) a total padding of
//   stride (in - 1) + output_padding + dilation (k - 1) + 1 - out
// split evenly, the odd one at the end for SAME_UPPER and at the start
// otherwise. A negative total (an output_shape larger than the full
// output) adds rows and columns at the end, as output_padding does.
// 3-D folds its depth taps into the channels of one 2-D op
// (ImportConvNd.cpp).
//
//===----------------------------------------------------------------------===//

#include "import/Importer.h"

using namespace accel::graph;
using namespace accel::graph::import_detail;

bool Importer::convTranspose() {
  Value X = input(0), W = X ? input(1) : Value();
  if (!W)
    return false;
  Value Bias;
  if (hasInput(2) && !(Bias = input(2)))
    return false;
  ArrayRef<int64_t> XShape = G.Values.at(Node->Inputs[0]).Shape;
  ArrayRef<int64_t> WShape = G.Values.at(Node->Inputs[1]).Shape;
  size_t Dims = WShape.size() - 2;
  if (WShape.size() < 3 || WShape.size() > 5 || XShape.size() != WShape.size())
    return fail("only 1-, 2- and 3-D transposed convolutions are supported "
                "(input rank " +
                Twine(XShape.size()) + ", weight rank " + Twine(WShape.size()) +
                ")");
  std::vector<int64_t> Kernel(WShape.begin() + 2, WShape.end());
  if (const og::Attribute *K = attr("kernel_shape"); K && K->IntList != Kernel)
    return fail("kernel_shape does not match the weight's shape");
  auto S = intsAttr("strides", std::vector<int64_t>(Dims, 1));
  auto D = intsAttr("dilations", std::vector<int64_t>(Dims, 1));
  auto P = intsAttr("pads", std::vector<int64_t>(2 * Dims, 0));
  auto OP = intsAttr("output_padding", std::vector<int64_t>(Dims, 0));
  if (S.size() != Dims || D.size() != Dims || P.size() != 2 * Dims ||
      OP.size() != Dims)
    return fail("strides, dilations, pads and output_padding do not match "
                "the kernel's rank");
  const og::Attribute *Auto = attr("auto_pad");
  std::string Mode = Auto ? Auto->S : "NOTSET";
  if (Mode != "NOTSET" && Mode != "VALID" && Mode != "SAME_UPPER" &&
      Mode != "SAME_LOWER")
    return fail("auto_pad '" + Mode + "' is not an ONNX mode");
  std::vector<int64_t> OutShape = intsAttr("output_shape", {});
  if (OutShape.size() > Dims) // the whole shape: its spatial dimensions
    OutShape.erase(OutShape.begin(), OutShape.end() - Dims);
  if (!OutShape.empty() && OutShape.size() != Dims)
    return fail("output_shape has " + Twine(OutShape.size()) +
                " dimensions, expected " + Twine(Dims));
  bool Same = Mode == "SAME_UPPER" || Mode == "SAME_LOWER";
  if (Mode == "VALID")
    P.assign(2 * Dims, 0);
  if (!OutShape.empty() || Same) {
    for (size_t I = 0; I != Dims; ++I) {
      int64_t In = XShape[2 + I];
      int64_t Out = OutShape.empty() ? In * S[I] : OutShape[I];
      int64_t Total =
          S[I] * (In - 1) + OP[I] + D[I] * (Kernel[I] - 1) + 1 - Out;
      if (Total < 0) {
        OP[I] -= Total;
        Total = 0;
      }
      int64_t Half = Total / 2;
      P[I] = Mode == "SAME_UPPER" ? Half : Total - Half;
      P[Dims + I] = Total - P[I];
    }
  }
  int64_t Group = intAttr("group", 1);
  if (Dims == 3) // ImportConvNd.cpp
    return define(convTranspose3d(X, W, Bias, S, P, D, OP, Group));
  // [begin..., end...] as [top, left, bottom, right].
  std::vector<int64_t> Pads2 = {P[0], P[1], P[2], P[3]};
  if (Dims == 1) {
    S.insert(S.begin(), 1), D.insert(D.begin(), 1), OP.insert(OP.begin(), 0);
    Pads2 = {0, P[0], 0, P[1]};
  }
  RankedTensorType Result = resultType();
  auto make = [&](Value In, Value Wt, RankedTensorType T) {
    return B.create<ConvTranspose2dOp>(
        loc(), T, In, Wt, Bias, B.getDenseI64ArrayAttr(S),
        B.getDenseI64ArrayAttr(Pads2), B.getDenseI64ArrayAttr(D),
        B.getDenseI64ArrayAttr(OP), B.getI64IntegerAttr(Group));
  };
  if (Dims == 2)
    return define(make(X, W, Result));
  auto shape = [&](ArrayRef<int64_t> Sh) {
    return RankedTensorType::get(Sh, Result.getElementType());
  };
  auto reshape = [&](Value V, ArrayRef<int64_t> Sh) -> Value {
    return B.create<ReshapeOp>(loc(), shape(Sh), V);
  };
  ArrayRef<int64_t> Out = Result.getShape();
  Value Y = make(reshape(X, {XShape[0], XShape[1], 1, XShape[2]}),
                 reshape(W, {WShape[0], WShape[1], 1, WShape[2]}),
                 shape({Out[0], Out[1], 1, Out[2]}));
  return define(reshape(Y, Out));
}
