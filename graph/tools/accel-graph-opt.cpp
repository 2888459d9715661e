//===-- accel-graph-opt.cpp - mlir-opt for the accel graph dialect --------===//
//
// Parses, verifies, transforms and prints IR of the accel dialect (with
// func and arith), as mlir-opt does for MLIR's own dialects: the graph
// compiler's passes get lit tests of IR before and after.
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"
#include "transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

int main(int argc, char **argv) {
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  accel::graph::registerAccelGraphPasses();
  accel::graph::registerGraphPipeline();
  mlir::DialectRegistry Registry;
  Registry.insert<accel::graph::AccelGraphDialect, mlir::func::FuncDialect,
                  mlir::arith::ArithDialect>();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "accel-graph-opt: the accel graph dialect's driver\n",
      Registry));
}
