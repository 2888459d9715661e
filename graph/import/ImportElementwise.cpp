//===-- ImportElementwise.cpp - Elementwise ONNX nodes into accel ops -----===//
//
// The ONNX importer's handlers (Importer.h) for the elementwise kinds that are
// an ONNX operator each, Pow, LeakyRelu, Clip, Max, Min, Where, HardSigmoid,
// HardSwish, Mod, BitShift and IsInf.
//
//===----------------------------------------------------------------------===//

#include "import/Importer.h"

using namespace accel::graph;
using namespace accel::graph::import_detail;

bool Importer::elementwise(ElementwiseKind Kind) {
  unsigned Arity = getArity(Kind);
  if (Node->Inputs.size() != Arity)
    return fail("takes " + Twine(Arity) + " inputs here, not " +
                Twine(Node->Inputs.size()));
  SmallVector<Value, 3> Ins;
  for (unsigned I = 0; I != Arity; ++I)
    if (!Ins.emplace_back(input(I)))
      return false;
  return define(createElementwise(Kind, resultType(), Ins));
}

/// Pow, whose exponent may be an integer tensor: a constant one becomes
/// f32 (exact below 2^24, as any exponent that keeps a power finite is).
bool Importer::pow() {
  if (Node->Inputs.size() != 2)
    return fail("takes 2 inputs here, not " + Twine(Node->Inputs.size()));
  const std::string &Name = Node->Inputs[1];
  if (!isF32(Node->Inputs[0]) || isF32(Name) || !isConstant(Name))
    return elementwise(ElementwiseKind::pow);
  std::optional<std::vector<int64_t>> Ints = constantInts(1);
  Value X = Ints ? input(0) : Value();
  if (!X)
    return false;
  SmallVector<float> F(Ints->begin(), Ints->end());
  auto Type = RankedTensorType::get(G.Values.at(Name).Shape, B.getF32Type());
  Value Y = B.create<arith::ConstantOp>(
      loc(), Type, DenseElementsAttr::get(Type, ArrayRef<float>(F)));
  return define(createElementwise(ElementwiseKind::pow, resultType(), {X, Y}));
}

bool Importer::leakyRelu() {
  Value X = input(0);
  if (!X)
    return false;
  return define(
      createElementwise(ElementwiseKind::leaky_relu, resultType(), X,
                        B.getF32FloatAttr(floatAttr("alpha", 0.01f))));
}

/// Clip's constant bound \p I as the f32 the kernel takes: an f32
/// scalar, or an integer one that f32 holds exactly (every bound of the
/// 8- and 16-bit types).
static std::optional<float> constantBound(const og::Tensor &T,
                                          std::string &Why) {
  if (T.getNumElements() != 1) {
    Why = "must be a constant scalar";
    return std::nullopt;
  }
  auto read = [&](auto Zero) {
    decltype(Zero) V = Zero;
    if (T.Data.size() >= sizeof V) // else a damaged model's: 0
      std::memcpy(&V, T.Data.data(), sizeof V);
    return V;
  };
  double D;
  switch (T.Type) {
  case og::ElemType::Double:
    D = read(double());
    break;
  case og::ElemType::Int8:
    D = read(int8_t());
    break;
  case og::ElemType::Int16:
    D = read(int16_t());
    break;
  case og::ElemType::Int32:
    D = read(int32_t());
    break;
  case og::ElemType::Int64:
    D = double(read(int64_t()));
    break;
  case og::ElemType::UInt8:
    D = read(uint8_t());
    break;
  case og::ElemType::UInt16:
    D = read(uint16_t());
    break;
  case og::ElemType::UInt32:
    D = read(uint32_t());
    break;
  case og::ElemType::UInt64:
    D = double(read(uint64_t()));
    break;
  default:
    Why = std::string("has a type Clip's constant bounds do not take (") +
          og::getElemTypeName(T.Type) + ")";
    return std::nullopt;
  }
  if (double(float(D)) != D) {
    Why = "is " + (D == std::trunc(D) ? std::to_string((long long)D)
                                      : std::to_string(D)) +
          ", which float32 does not hold exactly";
    return std::nullopt;
  }
  return float(D);
}

std::optional<float> Importer::clipBound(unsigned I) {
  const std::string &Name = Node->Inputs[I];
  if (isF32(Name))
    return constantScalar(I);
  std::string Why;
  std::optional<float> V = constantBound(G.Values.at(Name), Why);
  if (!V)
    fail("input '" + Name + "' " + Why);
  return V;
}

bool Importer::clip() {
  Value X = input(0);
  if (!X)
    return false;
  // Bounds computed at run time: min(max(x, lo), hi) as two binary ops.
  auto isConstant = [&](unsigned I) {
    return std::find(G.Constants.begin(), G.Constants.end(), Node->Inputs[I]) !=
           G.Constants.end();
  };
  if ((hasInput(1) && !isConstant(1)) || (hasInput(2) && !isConstant(2))) {
    Value Y = X;
    for (auto [I, Kind] :
         {std::pair{1u, ElementwiseKind::max}, {2u, ElementwiseKind::min}}) {
      if (!hasInput(I))
        continue;
      Value Bound = input(I);
      if (!Bound)
        return false;
      Y = createElementwise(Kind, resultType(), {Y, Bound});
    }
    return define(Y);
  }
  float Lo = -std::numeric_limits<float>::infinity(), Hi = -Lo;
  if (hasInput(1)) {
    auto V = clipBound(1);
    if (!V)
      return false;
    Lo = *V;
  }
  if (hasInput(2)) {
    auto V = clipBound(2);
    if (!V)
      return false;
    Hi = *V;
  }
  if (!(Lo <= Hi))
    return fail("min " + std::to_string(Lo) + " is above max " +
                std::to_string(Hi));
  return define(createElementwise(ElementwiseKind::clip, resultType(), X,
                                  FloatAttr(), B.getF32FloatAttr(Lo),
                                  B.getF32FloatAttr(Hi)));
}

/// Max and Min take one or more inputs: one is the input itself, more a
/// chain of binary ops.
bool Importer::variadic(ElementwiseKind Kind) {
  Value Y = input(0);
  if (!Y)
    return false;
  for (unsigned I = 1; I < Node->Inputs.size(); ++I) {
    Value X = input(I);
    if (!X)
      return false;
    // The last op makes the node's output; the others, the broadcast of
    // what they combine.
    Type T = resultType();
    if (I + 1 != Node->Inputs.size()) {
      std::string Why;
      auto S =
          broadcastShapes(cast<RankedTensorType>(Y.getType()).getShape(),
                          cast<RankedTensorType>(X.getType()).getShape(), Why);
      if (!S)
        return fail(Why);
      T = RankedTensorType::get(*S, resultType().getElementType());
    }
    Y = createElementwise(Kind, T, {Y, X});
  }
  return define(Y);
}

/// Where: a constant condition (a bool mask, say) as an f32 one of 0 and
/// 1 for the where kernel; a computed one as it is (bool), for the op's
/// verifier to take or refuse.
bool Importer::where() {
  const std::string &Cond = Node->Inputs[0];
  const og::Tensor &C = G.Values.at(Cond);
  Value A = input(1), Bv = A ? input(2) : Value();
  if (!Bv)
    return false;
  if (!isConstant(Cond) || C.Type != og::ElemType::Bool) {
    Value CondV = input(0);
    return CondV && define(createElementwise(ElementwiseKind::where,
                                             resultType(), {CondV, A, Bv}));
  }
  SmallVector<float> Ones;
  for (uint8_t Byte : C.Data) // a bool a byte
    Ones.push_back(Byte ? 1.0f : 0.0f);
  auto Type = RankedTensorType::get(C.Shape, B.getF32Type());
  Value CondF32 = B.create<arith::ConstantOp>(
      loc(), Type, DenseElementsAttr::get(Type, ArrayRef<float>(Ones)));
  return define(createElementwise(ElementwiseKind::where, resultType(),
                                  {CondF32, A, Bv}));
}

/// HardSigmoid, max(0, min(1, alpha x + beta)), and HardSwish, x times it
/// with alpha 1/6 and beta 1/2 (MobileNetV3's activation): products and
/// sums by scalar constants and a clip, as ONNX's reference computes them
/// (in f32, in that order), which -accel-fuse makes one elementwise chain.
bool Importer::hardSigmoid(bool TimesInput) {
  Value X = input(0);
  if (!X)
    return false;
  float Alpha = TimesInput ? 1.0f / 6 : floatAttr("alpha", 0.2f);
  float Beta = TimesInput ? 0.5f : floatAttr("beta", 0.5f);
  auto scalar = [&](float F) -> Value {
    auto Type = RankedTensorType::get({1}, B.getF32Type());
    return B.create<arith::ConstantOp>(loc(), Type,
                                       DenseElementsAttr::get(Type, F));
  };
  RankedTensorType T = resultType();
  Value Y = createElementwise(ElementwiseKind::mul, T, {X, scalar(Alpha)});
  Y = createElementwise(ElementwiseKind::add, T, {Y, scalar(Beta)});
  Y = createElementwise(ElementwiseKind::clip, T, Y, FloatAttr(),
                        B.getF32FloatAttr(0.0f), B.getF32FloatAttr(1.0f));
  if (TimesInput)
    Y = createElementwise(ElementwiseKind::mul, T, {X, Y});
  return define(Y);
}

/// Mod: fmod = 0 is the integer remainder with the divisor's sign (ONNX
/// defines it on integers only), fmod = 1 C's fmod.
bool Importer::mod() {
  bool Fmod = intAttr("fmod", 0) != 0;
  if (!Fmod && !isa<IntegerType>(resultType().getElementType()))
    return fail("fmod = 0 on " +
                getElementTypeName(resultType().getElementType()) +
                " (ONNX's Mod takes fmod = 1 on floating-point types)");
  return elementwise(Fmod ? ElementwiseKind::fmod : ElementwiseKind::mod);
}

bool Importer::bitShift() {
  const og::Attribute *A = attr("direction");
  std::string Direction = A ? A->S : "";
  if (Direction != "LEFT" && Direction != "RIGHT")
    return fail("direction '" + Direction + "' is not LEFT or RIGHT");
  return elementwise(Direction == "LEFT" ? ElementwiseKind::bitshift_left
                                         : ElementwiseKind::bitshift_right);
}

/// IsInf: detect_positive and detect_negative choose the infinities.
bool Importer::isInf() {
  bool Positive = intAttr("detect_positive", 1) != 0;
  bool Negative = intAttr("detect_negative", 1) != 0;
  if (!Positive && !Negative)
    return fail("detect_positive and detect_negative are both 0, which is "
                "not supported");
  return elementwise(Positive && Negative ? ElementwiseKind::isinf
                     : Positive           ? ElementwiseKind::isposinf
                                          : ElementwiseKind::isneginf);
}
