//===-- ConfigInputs.cpp - Configuration inputs, constant or not ----------===//
//
// An ONNX operator's configuration inputs (Resize's roi, scales and sizes)
// are tensors: ONNX's node tests pass them as graph inputs, models as
// constants. A constant one becomes the op's attributes; one computed at
// run time stays an operand that the kernel reads and checks against the
// result's static shape, which the model declares (docs/graph.md,
// "Configuration inputs").
//
//===----------------------------------------------------------------------===//

#include "import/Importer.h"

using namespace accel::graph::import_detail;

namespace {

/// Element \p K of constant \p T as a double, if its type is a number the
/// configuration inputs take.
std::optional<double> numberAt(const og::Tensor &T, size_t K) {
  const uint8_t *P = T.Data.data();
  auto Read = [&](auto Kind) {
    decltype(Kind) V;
    std::memcpy(&V, P + K * sizeof V, sizeof V);
    return double(V);
  };
  switch (T.Type) {
  case og::ElemType::Float:
    return Read(float());
  case og::ElemType::Double:
    return Read(double());
  case og::ElemType::Int64:
    return Read(int64_t());
  case og::ElemType::Int32:
    return Read(int32_t());
  default:
    return std::nullopt;
  }
}

} // namespace

std::optional<Importer::ConfigInput> Importer::configInput(unsigned I) {
  ConfigInput C;
  if (!hasInput(I))
    return C;
  const std::string &Name = Node->Inputs[I];
  const og::Tensor &T = G.Values.at(Name);
  // An empty tensor is ONNX's way of leaving an input out (opset 11's
  // scales beside sizes).
  if (T.getNumElements() == 0)
    return C;
  if (!isConstant(Name)) {
    if (!(C.Operand = valueOf(Name)))
      return std::nullopt;
    return C;
  }
  C.Constant.emplace();
  for (size_t K = 0, N = T.getNumElements(); K != N; ++K) {
    std::optional<double> V = numberAt(T, K);
    if (!V) {
      fail("input '" + Name + "' of type " + og::getElemTypeName(T.Type) +
           " is not supported (float, double, int64 or int32)");
      return std::nullopt;
    }
    C.Constant->push_back(*V);
  }
  return C;
}
