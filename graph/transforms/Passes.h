//===-- Passes.h - The graph compiler's passes ------------------*- C++ -*-===//
//
// The passes over the accel dialect, declared in Passes.td: their create
// and register functions, generated.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_GRAPH_TRANSFORMS_PASSES_H
#define ACCEL_GRAPH_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"
#include <memory>

namespace accel::graph {

#define GEN_PASS_DECL
#include "transforms/Passes.h.inc"

/// registerAccelGraphPasses() registers every pass for command lines
/// (accel-graph-opt).
#define GEN_PASS_REGISTRATION
#include "transforms/Passes.h.inc"

/// accel-graphc's pipeline on an imported module: ops above the kernels'
/// rank merged down, canonicalization (folds reshapes), fusion (-accel-fuse), canonicalization again (drops the
/// constants fusion replaced), then memory planning of @main; with
/// \p KvCacheLength, a decoder step's cache kept in place before planning
/// (-accel-generation-step).
void buildGraphPipeline(mlir::OpPassManager &PM, int64_t KvCacheLength = 0);

/// Registers buildGraphPipeline as -accel-graph-pipeline (accel-graph-opt).
void registerGraphPipeline();

} // namespace accel::graph

#endif
