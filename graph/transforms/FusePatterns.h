//===-- FusePatterns.h - -accel-fuse's pattern sets --------------*- C++ -*-===//
//
// The fusion patterns that live in files of their own, for FuseOps.cpp's
// pass to collect.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_GRAPH_TRANSFORMS_FUSEPATTERNS_H
#define ACCEL_GRAPH_TRANSFORMS_FUSEPATTERNS_H

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace accel::graph {

/// MatMul -> scale -> mask -> Softmax -> MatMul as one accel.attention
/// (FuseAttention.cpp).
void populateAttentionFusion(mlir::RewritePatternSet &Patterns);

/// LayerNorm and GELU written as elementwise ops and reductions, as their
/// kernels (FuseDecomposed.cpp).
void populateDecomposedFusion(mlir::RewritePatternSet &Patterns);

} // namespace accel::graph

#endif
