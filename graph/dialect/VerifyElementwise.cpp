//===-- VerifyElementwise.cpp - accel.elementwise's element types ---------===//
//
// The element types each elementwise kind takes, as the kernel's typed
// path computes them (kernels-c/lib/elementwise/elementwise_typed.c): the
// kinds ONNX defines on each type, f16 and bf16 in f32, f64 in f64, the
// integers in 64 bits. The inputs share one type but where's condition
// (any type: nonzero is true) and pow's exponent (any numeric type); the
// result is i1 for the comparisons, isnan and the isinf kinds, else the
// inputs' type.
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"

using namespace mlir;
using namespace accel::graph;

namespace {

enum TypeClass : unsigned {
  F32 = 1,      // f32, f16, bf16: computed in f32
  F64 = 2,      //
  Signed = 4,   // i8 to i64
  Unsigned = 8, // ui8 to ui64
  Bool = 16,    // i1
  Floats = F32 | F64,
  Integers = Signed | Unsigned,
  Numeric = Floats | Integers,
};

unsigned classOf(Type T) {
  if (T.isF32() || T.isF16() || T.isBF16())
    return F32;
  if (T.isF64())
    return F64;
  if (T.isInteger(1))
    return Bool;
  if (auto I = dyn_cast<IntegerType>(T))
    return I.isUnsigned() ? Unsigned : Signed;
  return 0;
}

/// The classes \p Kind takes as its value type (input 0's, where's then).
unsigned takes(ElementwiseKind Kind) {
  switch (Kind) {
  case ElementwiseKind::add:
  case ElementwiseKind::sub:
  case ElementwiseKind::mul:
  case ElementwiseKind::div:
  case ElementwiseKind::max:
  case ElementwiseKind::min:
  case ElementwiseKind::pow:
  case ElementwiseKind::clip:
  case ElementwiseKind::abs:
  case ElementwiseKind::fmod:
  case ElementwiseKind::less:
  case ElementwiseKind::less_or_equal:
  case ElementwiseKind::greater:
  case ElementwiseKind::greater_or_equal:
  case ElementwiseKind::sign:
    return Numeric;
  case ElementwiseKind::equal:
  case ElementwiseKind::where:
    return Numeric | Bool;
  case ElementwiseKind::relu:
  case ElementwiseKind::neg:
    return Floats | Signed;
  case ElementwiseKind::mod:
    return Integers;
  case ElementwiseKind::logical_and:
  case ElementwiseKind::logical_or:
  case ElementwiseKind::logical_xor:
  case ElementwiseKind::logical_not:
    return Bool;
  case ElementwiseKind::bitshift_left:
  case ElementwiseKind::bitshift_right:
    return Unsigned;
  default:
    // The float kinds: in f64 by the C library those up to abs and the
    // isnan and isinf kinds; the later ones (the f32 path's) in f32.
    return static_cast<uint32_t>(Kind) <=
                   static_cast<uint32_t>(ElementwiseKind::isneginf)
               ? Floats
               : F32;
  }
}

const char *describe(unsigned Classes) {
  switch (Classes) {
  case Bool:
    return "bool only";
  case Unsigned:
    return "unsigned integers only";
  case Integers:
    return "integers only";
  case Floats:
    return "floating-point types only";
  case F32:
    return "float32, float16 and bfloat16 only";
  case Floats | Signed:
    return "floating-point types and signed integers only";
  default:
    return "numeric types only";
  }
}

bool givesBool(ElementwiseKind Kind) {
  uint32_t K = static_cast<uint32_t>(Kind);
  return (K >= static_cast<uint32_t>(ElementwiseKind::equal) &&
          K <= static_cast<uint32_t>(ElementwiseKind::greater_or_equal)) ||
         (K >= static_cast<uint32_t>(ElementwiseKind::isnan) &&
          K <= static_cast<uint32_t>(ElementwiseKind::isneginf));
}

Type elementOf(Value V) {
  return cast<ShapedType>(V.getType()).getElementType();
}

} // namespace

LogicalResult accel::graph::verifyElementwiseTypes(Operation *Op) {
  auto E = cast<ElementwiseOp>(Op);
  ElementwiseKind Kind = E.getKind();
  StringRef KindName = stringifyElementwiseKind(Kind);
  unsigned ValueAt = Kind == ElementwiseKind::where ? 1 : 0;
  Type VT = elementOf(E.getInputs()[ValueAt]);
  unsigned Classes = takes(Kind);
  if (!(classOf(VT) & Classes))
    return Op->emitError("element type ")
           << getElementTypeName(VT) << " is not supported by " << Op->getName()
           << " " << KindName << " (" << describe(Classes) << ")";
  for (auto [I, In] : llvm::enumerate(E.getInputs())) {
    Type T = elementOf(In);
    bool FreeType = (Kind == ElementwiseKind::where && I == 0) ||
                    (Kind == ElementwiseKind::pow && I == 1);
    if (FreeType ? !(classOf(T) &
                     (Kind == ElementwiseKind::pow ? unsigned(Numeric)
                                                   : unsigned(Numeric | Bool)))
                 : T != VT)
      return Op->emitError("element type ")
             << getElementTypeName(T) << " is not supported by "
             << Op->getName() << " " << KindName << " as operand " << I
             << (FreeType ? "" : " (its operands have one type, here ")
             << (FreeType ? "" : getElementTypeName(VT))
             << (FreeType ? "" : ")");
  }
  Type Want = givesBool(Kind) ? IntegerType::get(Op->getContext(), 1) : VT;
  Type Got = elementOf(E.getResult());
  if (Got != Want)
    return Op->emitError("element type ")
           << getElementTypeName(Got) << " is not supported by "
           << Op->getName() << " " << KindName << " as the result ("
           << getElementTypeName(Want) << " for " << getElementTypeName(VT)
           << " operands)";
  return success();
}
