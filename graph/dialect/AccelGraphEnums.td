//===-- AccelGraphEnums.td - Kinds, modes, activations -----*- tablegen -*-===//
//
// The ops' kinds and modes as the kernel library's C enums
// (kernels-c/include/accel_kernels.h): a case's value is the C
// enumerator's, which the records give the runtime as they are. A case's
// C++ symbol is the enumerator's name after its prefix, in lower case
// (ACCEL_EW_LEAKY_RELU: leaky_relu); AccelGraphAttrs.cpp checks each value
// against the C enumerator at compile time. Its text in the IR is the
// symbol unless the case says otherwise.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_GRAPH_ENUMS
#define ACCEL_GRAPH_ENUMS

include "dialect/AccelGraphBase.td"
include "mlir/IR/EnumAttr.td"

/// An enum attribute of the dialect, written `#accel<Mnemonic case>` on its
/// own and as the bare case in an op's assembly format (after ``: the
/// attribute prints the space before it itself). With a CPrefix,
/// each case's value is static_assert-ed to be that of the C enumerator
/// CPrefix # symbol in capitals.
class AccelGraph_EnumAttr<I32EnumAttr Info, string Mnemonic,
                          string CPrefix = "">
    : EnumAttr<AccelGraph_Dialect, Info, Mnemonic> {
  let extraClassDefinition = !if(!empty(CPrefix), "",
      !interleave(!foreach(Case, Info.enumerants,
          "static_assert(static_cast<int>(" # Info.className # "::"
          # Case.symbol # ") == " # CPrefix # !toupper(Case.symbol)
          # ", \"" # Info.className # "::" # Case.symbol
          # " is not the C enumerator's value\");"), "\n"));
}

//===----------------------------------------------------------------------===//
// Elementwise kinds: accel_elementwise_op
//===----------------------------------------------------------------------===//

/// An elementwise kind: the number of inputs it takes, and the ONNX
/// operator it is on its own ("" when none is, or when the importer maps
/// that operator itself: attributes, more inputs, types).
class AccelGraph_ElementwiseCase<string Symbol, int Value, int Arity,
                                 string Onnx = "">
    : I32EnumAttrCase<Symbol, Value> {
  int arity = Arity;
  string onnx = Onnx;
}

defvar AccelGraph_ElementwiseCases = [
  AccelGraph_ElementwiseCase<"add", 0, 2, "Add">,
  AccelGraph_ElementwiseCase<"sub", 1, 2, "Sub">,
  AccelGraph_ElementwiseCase<"mul", 2, 2, "Mul">,
  AccelGraph_ElementwiseCase<"div", 3, 2, "Div">,
  AccelGraph_ElementwiseCase<"max", 4, 2>,        // Max: variadic
  AccelGraph_ElementwiseCase<"min", 5, 2>,        // Min: variadic
  AccelGraph_ElementwiseCase<"pow", 6, 2>,        // Pow: integer exponents
  AccelGraph_ElementwiseCase<"relu", 7, 1, "Relu">,
  AccelGraph_ElementwiseCase<"leaky_relu", 8, 1>, // alpha
  AccelGraph_ElementwiseCase<"clip", 9, 1>,       // lo, hi
  AccelGraph_ElementwiseCase<"sigmoid", 10, 1, "Sigmoid">,
  AccelGraph_ElementwiseCase<"tanh", 11, 1, "Tanh">,
  AccelGraph_ElementwiseCase<"erf", 12, 1, "Erf">,
  AccelGraph_ElementwiseCase<"gelu", 13, 1>,      // exact: erf
  AccelGraph_ElementwiseCase<"gelu_tanh", 14, 1>,
  AccelGraph_ElementwiseCase<"exp", 15, 1, "Exp">,
  AccelGraph_ElementwiseCase<"log", 16, 1, "Log">,
  AccelGraph_ElementwiseCase<"sqrt", 17, 1, "Sqrt">,
  AccelGraph_ElementwiseCase<"reciprocal", 18, 1, "Reciprocal">,
  AccelGraph_ElementwiseCase<"neg", 19, 1, "Neg">,
  AccelGraph_ElementwiseCase<"abs", 20, 1, "Abs">,
  AccelGraph_ElementwiseCase<"where", 21, 3>,     // condition, then, else
  AccelGraph_ElementwiseCase<"mod", 22, 2>,       // Mod, fmod = 0
  AccelGraph_ElementwiseCase<"fmod", 23, 2>,      // Mod, fmod = 1
  AccelGraph_ElementwiseCase<"equal", 24, 2, "Equal">,
  AccelGraph_ElementwiseCase<"less", 25, 2, "Less">,
  AccelGraph_ElementwiseCase<"less_or_equal", 26, 2, "LessOrEqual">,
  AccelGraph_ElementwiseCase<"greater", 27, 2, "Greater">,
  AccelGraph_ElementwiseCase<"greater_or_equal", 28, 2, "GreaterOrEqual">,
  AccelGraph_ElementwiseCase<"logical_and", 29, 2, "And">,
  AccelGraph_ElementwiseCase<"logical_or", 30, 2, "Or">,
  AccelGraph_ElementwiseCase<"logical_xor", 31, 2, "Xor">,
  AccelGraph_ElementwiseCase<"logical_not", 32, 1, "Not">,
  AccelGraph_ElementwiseCase<"bitshift_left", 33, 2>,  // BitShift: direction
  AccelGraph_ElementwiseCase<"bitshift_right", 34, 2>,
  AccelGraph_ElementwiseCase<"sign", 35, 1, "Sign">,
  AccelGraph_ElementwiseCase<"isnan", 36, 1, "IsNaN">,
  AccelGraph_ElementwiseCase<"isinf", 37, 1>,     // IsInf: detect_positive,
  AccelGraph_ElementwiseCase<"isposinf", 38, 1>,  // detect_negative
  AccelGraph_ElementwiseCase<"isneginf", 39, 1>,
  // Float math and activations (elementwise_math.c)
  AccelGraph_ElementwiseCase<"floor", 40, 1, "Floor">,
  AccelGraph_ElementwiseCase<"ceil", 41, 1, "Ceil">,
  AccelGraph_ElementwiseCase<"round", 42, 1, "Round">,
  AccelGraph_ElementwiseCase<"sin", 43, 1, "Sin">,
  AccelGraph_ElementwiseCase<"cos", 44, 1, "Cos">,
  AccelGraph_ElementwiseCase<"tan", 45, 1, "Tan">,
  AccelGraph_ElementwiseCase<"asin", 46, 1, "Asin">,
  AccelGraph_ElementwiseCase<"acos", 47, 1, "Acos">,
  AccelGraph_ElementwiseCase<"atan", 48, 1, "Atan">,
  AccelGraph_ElementwiseCase<"sinh", 49, 1, "Sinh">,
  AccelGraph_ElementwiseCase<"cosh", 50, 1, "Cosh">,
  AccelGraph_ElementwiseCase<"asinh", 51, 1, "Asinh">,
  AccelGraph_ElementwiseCase<"acosh", 52, 1, "Acosh">,
  AccelGraph_ElementwiseCase<"atanh", 53, 1, "Atanh">,
  AccelGraph_ElementwiseCase<"softplus", 54, 1, "Softplus">,
  AccelGraph_ElementwiseCase<"elu", 55, 1>,              // alpha
  AccelGraph_ElementwiseCase<"celu", 56, 1>,             // alpha
  AccelGraph_ElementwiseCase<"thresholded_relu", 57, 1>, // alpha
  AccelGraph_ElementwiseCase<"shrink", 58, 1>, // alpha (bias), lo, hi
  AccelGraph_ElementwiseCase<"prelu", 59, 2, "PRelu">    // slope
];

def AccelGraph_ElementwiseKind
    : I32EnumAttr<"ElementwiseKind", "an elementwise operation",
                  AccelGraph_ElementwiseCases> {
  let cppNamespace = "::accel::graph";
  let genSpecializedAttr = 0;
}

def AccelGraph_ElementwiseKindAttr
    : AccelGraph_EnumAttr<AccelGraph_ElementwiseKind, "elementwise_kind",
                          "ACCEL_EW_"> {
  let extraClassDeclaration = [{
    /// The number of inputs \p Kind takes: 1, 2, or 3 (where).
    static unsigned getArity(ElementwiseKind Kind) {
      switch (Kind) {
  }] # !interleave(!foreach(Case, AccelGraph_ElementwiseCases,
           "case ElementwiseKind::" # Case.symbol # ": return "
           # Case.arity # ";"), "\n") # [{
      }
      return 0;
    }
    /// The ONNX operator that is \p Kind with no more to it, or "".
    static ::llvm::StringRef getOnnxName(ElementwiseKind Kind) {
      switch (Kind) {
  }] # !interleave(!foreach(Case, AccelGraph_ElementwiseCases,
           "case ElementwiseKind::" # Case.symbol # ": return \""
           # Case.onnx # "\";"), "\n") # [{
      }
      return "";
    }
  }];
}

def AccelGraph_ElementwiseKindArrayAttr
    : TypedArrayAttrBase<AccelGraph_ElementwiseKindAttr,
                         "elementwise kinds">;

//===----------------------------------------------------------------------===//
// A matrix-unit op's fused activation: accel_act_kind
//===----------------------------------------------------------------------===//

def AccelGraph_Activation
    : I32EnumAttr<"Activation", "an activation applied on the way out", [
        I32EnumAttrCase<"relu", 1>,
        I32EnumAttrCase<"clip", 3>,                // act_lo, act_hi
        I32EnumAttrCase<"gelu_erf", 4, "gelu">,    // exact, as the kind's
        I32EnumAttrCase<"silu", 5>                 // x sigmoid(x)
      ]> {
  let cppNamespace = "::accel::graph";
  let genSpecializedAttr = 0;
}

def AccelGraph_ActivationAttr
    : AccelGraph_EnumAttr<AccelGraph_Activation, "activation", "ACCEL_ACT_">;

//===----------------------------------------------------------------------===//
// Reductions, pooling and padding
//===----------------------------------------------------------------------===//

def AccelGraph_ReduceKind
    : I32EnumAttr<"ReduceKind", "a reduction", [
        I32EnumAttrCase<"sum", 0>, I32EnumAttrCase<"mean", 1>,
        I32EnumAttrCase<"max", 2>, I32EnumAttrCase<"min", 3>,
        I32EnumAttrCase<"l1", 4>, I32EnumAttrCase<"l2", 5>,
        I32EnumAttrCase<"log_sum", 6>, I32EnumAttrCase<"log_sum_exp", 7>,
        I32EnumAttrCase<"prod", 8>, I32EnumAttrCase<"sum_square", 9>
      ]> {
  let cppNamespace = "::accel::graph";
  let genSpecializedAttr = 0;
}

def AccelGraph_ReduceKindAttr
    : AccelGraph_EnumAttr<AccelGraph_ReduceKind, "reduce_kind",
                          "ACCEL_REDUCE_">;

// The library has a function per pooling kind (accel_maxpool2d,
// accel_avgpool2d); the record's field is 1 for the average.
def AccelGraph_PoolKind
    : I32EnumAttr<"PoolKind", "a pooling", [
        I32EnumAttrCase<"max", 0>, I32EnumAttrCase<"avg", 1>
      ]> {
  let cppNamespace = "::accel::graph";
  let genSpecializedAttr = 0;
}

def AccelGraph_PoolKindAttr
    : AccelGraph_EnumAttr<AccelGraph_PoolKind, "pool_kind">;

def AccelGraph_PadMode
    : I32EnumAttr<"PadMode", "a padding mode", [
        I32EnumAttrCase<"constant", 0>, I32EnumAttrCase<"reflect", 1>,
        I32EnumAttrCase<"edge", 2>
      ]> {
  let cppNamespace = "::accel::graph";
  let genSpecializedAttr = 0;
}

def AccelGraph_PadModeAttr
    : AccelGraph_EnumAttr<AccelGraph_PadMode, "pad_mode", "ACCEL_PAD_">;

// A scatter's reduction: accel_scatter_reduction.
def AccelGraph_ScatterReduction
    : I32EnumAttr<"ScatterReduction", "a scatter's reduction", [
        I32EnumAttrCase<"none", 0>, I32EnumAttrCase<"add", 1>,
        I32EnumAttrCase<"mul", 2>
      ]> {
  let cppNamespace = "::accel::graph";
  let genSpecializedAttr = 0;
}

def AccelGraph_ScatterReductionAttr
    : AccelGraph_EnumAttr<AccelGraph_ScatterReduction, "scatter_reduction",
                          "ACCEL_SCATTER_">;

//===----------------------------------------------------------------------===//
// Resize: accel_resize_mode, accel_resize_coordinates,
// accel_resize_nearest_mode (ONNX's mode, coordinate_transformation_mode
// and nearest_mode, by the same names)
//===----------------------------------------------------------------------===//

def AccelGraph_ResizeMode
    : I32EnumAttr<"ResizeMode", "a resize's interpolation", [
        I32EnumAttrCase<"nearest", 0>, I32EnumAttrCase<"linear", 1>,
        I32EnumAttrCase<"cubic", 2>
      ]> {
  let cppNamespace = "::accel::graph";
  let genSpecializedAttr = 0;
}

def AccelGraph_ResizeModeAttr
    : AccelGraph_EnumAttr<AccelGraph_ResizeMode, "resize_mode",
                          "ACCEL_RESIZE_">;

def AccelGraph_ResizeCoordinates
    : I32EnumAttr<"ResizeCoordinates", "a resize's coordinate transformation",
                  [
        I32EnumAttrCase<"half_pixel", 0>,
        I32EnumAttrCase<"pytorch_half_pixel", 1>,
        I32EnumAttrCase<"align_corners", 2>, I32EnumAttrCase<"asymmetric", 3>,
        I32EnumAttrCase<"tf_half_pixel_for_nn", 4>,
        I32EnumAttrCase<"tf_crop_and_resize", 5>
      ]> {
  let cppNamespace = "::accel::graph";
  let genSpecializedAttr = 0;
}

def AccelGraph_ResizeCoordinatesAttr
    : AccelGraph_EnumAttr<AccelGraph_ResizeCoordinates, "resize_coordinates",
                          "ACCEL_RESIZE_">;

def AccelGraph_ResizeNearestMode
    : I32EnumAttr<"ResizeNearestMode", "a nearest resize's rounding", [
        I32EnumAttrCase<"round_prefer_floor", 0>,
        I32EnumAttrCase<"round_prefer_ceil", 1>, I32EnumAttrCase<"floor", 2>,
        I32EnumAttrCase<"ceil", 3>
      ]> {
  let cppNamespace = "::accel::graph";
  let genSpecializedAttr = 0;
}

def AccelGraph_ResizeNearestModeAttr
    : AccelGraph_EnumAttr<AccelGraph_ResizeNearestMode, "resize_nearest_mode",
                          "ACCEL_RESIZE_">;

#endif
