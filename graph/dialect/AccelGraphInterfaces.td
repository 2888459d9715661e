//===-- AccelGraphInterfaces.td - What a kernel can do -----*- tablegen -*-===//
//
// The capabilities of an op's kernel that the passes ask about (Views.cpp,
// PlanMemory.cpp, the fusions), declared where the op is defined
// (AccelGraphOps.td) instead of in lists of op classes.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_GRAPH_INTERFACES
#define ACCEL_GRAPH_INTERFACES

include "dialect/AccelGraphEnums.td"
include "mlir/IR/OpBase.td"

def AccelGraph_StridedOperandsOpInterface
    : OpInterface<"StridedOperandsOpInterface"> {
  let description = [{
    An op whose kernel reads its operands through strides (the kernel
    library's calling convention, docs/kernels.md), so that an operand may
    be a view of another value's bytes (Views.h): a transpose or slice
    that moves no data.
  }];
  let cppNamespace = "::accel::graph";
  let methods = [
    InterfaceMethod<[{
        Whether the kernel takes `operand`, one of the op's operands, laid
        out with `strides` (in elements, one a dimension). By default, when
        its innermost stride is 1: a view that moves the last dimension
        would have the kernel move lone floats, slower than one transpose.
      }], "bool", "takesStridedOperand",
      (ins "::mlir::Value":$operand, "::llvm::ArrayRef<int64_t>":$strides),
      [{}], [{
        return hasUnitInnerStride(
            ::mlir::cast<::mlir::RankedTensorType>(operand.getType())
                .getShape(),
            strides);
      }]>
  ];
}

def AccelGraph_StridedResultOpInterface
    : OpInterface<"StridedResultOpInterface"> {
  let description = [{
    An op whose kernel writes its result through strides: it can store its
    result straight into the layout of a transpose that alone reads it,
    which then moves no data (Views.h).
  }];
  let cppNamespace = "::accel::graph";
  let methods = [
    InterfaceMethod<[{
        Whether the kernel can write its result with `strides` (in
        elements, a permutation of the contiguous ones). By default when
        the last dimension stays innermost: the kernel writes rows, not
        lone floats.
      }], "bool", "storesResultWith",
      (ins "::llvm::ArrayRef<int64_t>":$strides), [{}],
      [{ return strides.empty() || strides.back() == 1; }]>
  ];
}

def AccelGraph_FusedActivationOpInterface
    : OpInterface<"FusedActivationOpInterface"> {
  let description = [{
    A matrix-unit op that applies an activation to its result on the way
    out (the library's accel_activation): `activation`, with `act_lo` and
    `act_hi` for clip. -accel-fuse sets it from a following elementwise op
    of the activation's kind.
  }];
  let cppNamespace = "::accel::graph";
  let methods = [
    InterfaceMethod<"The activation, if any.",
      "std::optional<::accel::graph::Activation>", "getActivation">,
    InterfaceMethod<"Clip's lower bound.",
      "std::optional<::llvm::APFloat>", "getActLo">,
    InterfaceMethod<"Clip's upper bound.",
      "std::optional<::llvm::APFloat>", "getActHi">,
    InterfaceMethod<"Sets the activation.", "void", "setActivationAttr",
      (ins "::accel::graph::ActivationAttr":$attr)>,
    InterfaceMethod<"Sets clip's lower bound.", "void", "setActLoAttr",
      (ins "::mlir::FloatAttr":$attr)>,
    InterfaceMethod<"Sets clip's upper bound.", "void", "setActHiAttr",
      (ins "::mlir::FloatAttr":$attr)>,
    InterfaceMethod<"Whether the kernel applies `kind` (by default, each).",
      "bool", "supportsActivation",
      (ins "::accel::graph::Activation":$kind), [{}], [{ return true; }]>
  ];
  // relu or a supported gelu alone, or clip with act_lo <= act_hi.
  let verify = [{ return verifyFusedActivation($_op); }];
}

/// An op whose kernel may write its result over an operand of the
/// result's shape (no broadcast) that nothing reads after it: the library
/// allows it (docs/kernels.md, in place), and -accel-plan-memory then gives
/// the result that operand's bytes.
def AccelGraph_MayRunInPlace : NativeOpTrait<"MayRunInPlace"> {
  let cppNamespace = "::accel::graph::OpTrait";
}

#endif
