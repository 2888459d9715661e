//===-- Pipeline.cpp - accel-graphc's pass pipeline -----------------------===//

#include "transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

void accel::graph::buildGraphPipeline(mlir::OpPassManager &PM,
                                      int64_t KvCacheLength) {
  PM.addNestedPass<mlir::func::FuncOp>(createCollapseRanksPass());
  PM.addPass(mlir::createCanonicalizerPass());
  PM.addNestedPass<mlir::func::FuncOp>(createFuseOpsPass());
  PM.addPass(mlir::createCanonicalizerPass());
  if (KvCacheLength)
    PM.addNestedPass<mlir::func::FuncOp>(
        createGenerationStepPass({KvCacheLength}));
  PM.addNestedPass<mlir::func::FuncOp>(createPlanMemoryPass());
}

void accel::graph::registerGraphPipeline() {
  mlir::PassPipelineRegistration<>(
      "accel-graph-pipeline",
      "accel-graphc's pipeline: -accel-collapse-ranks, canonicalize, "
      "-accel-fuse, canonicalize, -accel-plan-memory",
      [](mlir::OpPassManager &PM) { buildGraphPipeline(PM); });
}
