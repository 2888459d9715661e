//===-- AccelGraphBase.td - The accel dialect's definition -*- tablegen -*-===//
//
// The dialect itself, for its enums, interfaces and ops to build on.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_GRAPH_BASE
#define ACCEL_GRAPH_BASE

include "mlir/IR/DialectBase.td"

def AccelGraph_Dialect : Dialect {
  let name = "accel";
  let cppNamespace = "::accel::graph";
  let summary = "Accel's graph dialect: kernel-library operations on tensors";
  let description = [{
    Axes are in [0, rank), every op's alike: the importer makes ONNX's
    negative ones non-negative.
  }];
  // Folds (a transpose of a constant) make arith.constant ops.
  let hasConstantMaterializer = 1;
  // The enum attributes (AccelGraphEnums.td) print as #accel<mnemonic case>.
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerAttributes(); // AccelGraphAttrs.cpp
  }];
}

#endif
