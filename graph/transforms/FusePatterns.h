//===-- FusePatterns.h - -accel-fuse's pattern sets --------------*- C++ -*-===//
//
// The fusion patterns that live in files of their own, for FuseOps.cpp's
// pass to collect.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_GRAPH_TRANSFORMS_FUSEPATTERNS_H
#define ACCEL_GRAPH_TRANSFORMS_FUSEPATTERNS_H

#include "mlir/IR/Value.h"

#include <optional>

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace accel::graph {

/// The value of a constant whose f32 elements are all one (a scalar, or
/// a splat), for the patterns' scales and exponents (FuseOps.cpp).
std::optional<double> splatConstant(mlir::Value V);

/// MatMul -> scale -> mask -> Softmax -> MatMul as one accel.attention
/// (FuseAttention.cpp).
void populateAttentionFusion(mlir::RewritePatternSet &Patterns);

/// LayerNorm and GELU written as elementwise ops and reductions, as their
/// kernels (FuseDecomposed.cpp).
void populateDecomposedFusion(mlir::RewritePatternSet &Patterns);

/// A gemm read only by a layer norm (as its input or residual) into one
/// accel.gemm_norm (FuseGemmNorm.cpp).
void populateGemmNormFusion(mlir::RewritePatternSet &Patterns);

/// A transpose of a gemm's rows moved after it, where its result is only
/// sliced (SinkTransposes.cpp).
void populateTransposeSinking(mlir::RewritePatternSet &Patterns);

} // namespace accel::graph

#endif
