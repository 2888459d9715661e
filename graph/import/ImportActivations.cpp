//===-- ImportActivations.cpp - Activations with attributes, Sum, Mean ----===//
//
// The ONNX importer's handlers (Importer.h) for the activations whose kinds
// take attributes (Elu, Celu, ThresholdedRelu, Shrink), those that are
// compositions of kinds (Selu, Softsign), and Sum and Mean.
//
//===----------------------------------------------------------------------===//

#include "import/Importer.h"

using namespace accel::graph;
using namespace accel::graph::import_detail;

namespace {

/// A [1] f32 constant holding \p F, broadcast by the elementwise kernels.
Value scalarConstant(OpBuilder &B, Location Loc, float F) {
  auto Type = RankedTensorType::get({1}, B.getF32Type());
  return B.create<arith::ConstantOp>(Loc, Type,
                                     DenseElementsAttr::get(Type, F));
}

} // namespace

bool Importer::alphaActivation(ElementwiseKind Kind) {
  float Alpha = floatAttr("alpha", 1.0f); // the three's default
  if (Kind == ElementwiseKind::celu && Alpha == 0.0f)
    return fail("alpha 0 (celu divides by alpha)");
  if (Alpha != Alpha)
    return fail("alpha is NaN");
  Value X = input(0);
  if (!X)
    return false;
  return define(
      createElementwise(Kind, resultType(), X, B.getF32FloatAttr(Alpha)));
}

/// Selu is gamma elu(x) with Selu's alpha, rounded as ONNX's reference
/// rounds it: (exp(x) - 1) alpha, then times gamma.
bool Importer::selu() {
  float Alpha = floatAttr("alpha", 1.67326319217681884765625f);
  float Gamma = floatAttr("gamma", 1.05070102214813232421875f);
  if (Alpha != Alpha || Gamma != Gamma)
    return fail("alpha or gamma is NaN");
  Value X = input(0);
  if (!X)
    return false;
  RankedTensorType T = resultType();
  Value Y =
      createElementwise(ElementwiseKind::elu, T, X, B.getF32FloatAttr(Alpha));
  return define(createElementwise(ElementwiseKind::mul, T,
                                  {Y, scalarConstant(B, loc(), Gamma)}));
}

/// Shrink: the kind's thresholds are -lambd and lambd, its alpha the bias.
bool Importer::shrink() {
  float Bias = floatAttr("bias", 0.0f), Lambd = floatAttr("lambd", 0.5f);
  if (Bias != Bias || Lambd != Lambd)
    return fail("bias or lambd is NaN");
  Value X = input(0);
  if (!X)
    return false;
  return define(createElementwise(
      ElementwiseKind::shrink, resultType(), X, B.getF32FloatAttr(Bias),
      B.getF32FloatAttr(-Lambd), B.getF32FloatAttr(Lambd)));
}

/// Softsign, x / (1 + |x|), as the kinds that compute it: the same
/// roundings as ONNX's reference.
bool Importer::softsign() {
  Value X = input(0);
  if (!X)
    return false;
  RankedTensorType T = resultType();
  Value Abs = createElementwise(ElementwiseKind::abs, T, X);
  Value Den = createElementwise(ElementwiseKind::add, T,
                                {Abs, scalarConstant(B, loc(), 1.0f)});
  return define(createElementwise(ElementwiseKind::div, T, {X, Den}));
}

/// Sum adds its inputs in order, and Mean divides that sum by their
/// number (as ONNX's reference does: a division, not a product by 1/n,
/// which would round twice).
bool Importer::sumOrMean(bool Mean) {
  Value Y = input(0);
  if (!Y)
    return false;
  RankedTensorType Result = resultType();
  size_t N = Node->Inputs.size();
  for (size_t I = 1; I < N; ++I) {
    Value X = input(I);
    if (!X)
      return false;
    // The last sum is of the node's output shape; the ones before it, of
    // the broadcast of what they add.
    Type T = Result;
    if (I + 1 != N) {
      std::string Why;
      auto S =
          broadcastShapes(cast<RankedTensorType>(Y.getType()).getShape(),
                          cast<RankedTensorType>(X.getType()).getShape(), Why);
      if (!S)
        return fail(Why);
      T = RankedTensorType::get(*S, Result.getElementType());
    }
    Y = createElementwise(ElementwiseKind::add, T, {Y, X});
  }
  if (Mean && N > 1)
    Y = createElementwise(ElementwiseKind::div, Result,
                          {Y, scalarConstant(B, loc(), float(N))});
  return define(Y);
}
