//===-- AccelGraphInterfaces.cpp - What an op's kernel can do -------------===//

#include "dialect/AccelGraphDialect.h"

using namespace mlir;
using namespace accel::graph;

#include "dialect/AccelGraphInterfaces.cpp.inc"

bool accel::graph::hasUnitInnerStride(ArrayRef<int64_t> Shape,
                                      ArrayRef<int64_t> Strides) {
  return Shape.empty() || Shape.back() <= 1 || Strides.back() == 1;
}

bool accel::graph::isOneRunFrom(int64_t First, ArrayRef<int64_t> Shape,
                                ArrayRef<int64_t> Strides) {
  int64_t Span = 0;
  for (int64_t D = int64_t(Shape.size()) - 1; D >= First; --D) {
    if (Shape[D] == 1)
      continue;
    if (Span && Strides[D] != Span)
      return false;
    Span = (Span ? Span : Strides[D]) * Shape[D];
  }
  return true;
}

LogicalResult accel::graph::verifyFusedActivation(Operation *Op) {
  auto I = cast<FusedActivationOpInterface>(Op);
  std::optional<Activation> Act = I.getActivation();
  std::optional<APFloat> Lo = I.getActLo(), Hi = I.getActHi();
  if (!Act)
    return Lo || Hi ? Op->emitOpError("act_lo and act_hi need activation clip")
                    : success();
  if (*Act == Activation::clip && Lo && Hi &&
      Lo->convertToFloat() <= Hi->convertToFloat())
    return success();
  if (*Act != Activation::clip && I.supportsActivation(*Act) && !Lo && !Hi)
    return success();
  auto D = Op->emitOpError("activation must be ");
  for (Activation A :
       {Activation::relu, Activation::gelu_erf, Activation::silu})
    if (I.supportsActivation(A))
      D << stringifyActivation(A) << ", ";
  return D << "or clip with act_lo <= act_hi";
}
