//===-- Passes.h - The graph compiler's passes ------------------*- C++ -*-===//
//
// Passes over the accel dialect (docs/graph.md), each with lit tests of IR
// before and after through accel-graph-opt.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_GRAPH_TRANSFORMS_PASSES_H
#define ACCEL_GRAPH_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"
#include <memory>

namespace accel::graph {

/// -accel-plan-memory: static memory planning of a function's tensors in
/// one DRAM arena (PlanMemory.cpp).
std::unique_ptr<mlir::Pass> createPlanMemoryPass();

/// -accel-fuse: activations, bias adds and batch norms into the matrix
/// unit's kernels (FuseOps.cpp).
std::unique_ptr<mlir::Pass> createFuseOpsPass();
void registerFuseOpsPass();

/// Registers every pass above for command lines (accel-graph-opt).
void registerGraphPasses();

/// accel-graphc's pipeline on an imported module: canonicalization (folds
/// reshapes), fusion, canonicalization again (drops the constants fusion
/// replaced), then memory planning of @main.
void buildGraphPipeline(mlir::OpPassManager &PM);

} // namespace accel::graph

#endif
