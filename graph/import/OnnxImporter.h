//===-- OnnxImporter.h - A loaded ONNX graph into the accel dialect -*- C++
//-*-===//
//
// Builds `func.func @main` from an OnnxGraph: one accel op per ONNX node
// (a few, such as Flatten or Softmax before opset 13, become a reshape
// around the op), graph inputs as arguments, initializers as arith.constant,
// graph outputs as results. A node the dialect cannot express yet is an
// error naming it and its op type.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_GRAPH_IMPORT_ONNXIMPORTER_H
#define ACCEL_GRAPH_IMPORT_ONNXIMPORTER_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "onnx/OnnxGraph.h"
#include <string>

namespace mlir {
class MLIRContext;
}

namespace accel::graph {

/// The module for \p G, or null with one message in \p Error (which names
/// the node and op type at fault, after \p ModelName).
mlir::OwningOpRef<mlir::ModuleOp> importOnnxGraph(const onnx_graph::Graph &G,
                                                  const std::string &ModelName,
                                                  mlir::MLIRContext &Context,
                                                  std::string &Error);

/// Whether the importer lowers ONNX op type \p OpType itself (the loader
/// replaces a node of another op type by its function body, if it has one).
bool importsOpType(const std::string &OpType);

/// Registers and loads the dialects the importer builds.
void loadImportDialects(mlir::MLIRContext &Context);

} // namespace accel::graph

#endif
