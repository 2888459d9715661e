//===-- FusePatterns.h - The fusion families' pattern sets -------*- C++
//-*-===//
//
// Each fusion family's rewrite patterns, for its pass and -accel-fuse to
// collect (FusePasses.cpp, Passes.td).
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
/// a splat), for the patterns' scales and exponents (FuseActivations.cpp).
std::optional<double> splatConstant(mlir::Value V);

/// Activations, bias adds and batch norms into the matrix unit's kernels
/// (FuseActivations.cpp).
void populateActivationFusion(mlir::RewritePatternSet &Patterns);

/// x * sigmoid(x) after a matrix-unit op as its silu activation
/// (FuseSilu.cpp).
void populateSiluFusion(mlir::RewritePatternSet &Patterns);

/// GELU written as elementwise ops, as its kind (FuseDecomposed.cpp).
void populateGeluFusion(mlir::RewritePatternSet &Patterns);

/// MatMul -> scale -> mask -> Softmax -> MatMul as one accel.attention
/// (FuseAttention.cpp).
void populateAttentionFusion(mlir::RewritePatternSet &Patterns);

/// LayerNorm written as elementwise ops and reductions, as its kernel
/// (FuseDecomposed.cpp).
void populateLayerNormFusion(mlir::RewritePatternSet &Patterns);

/// A residual connection's add into the layer norm that alone reads it
/// (FuseGemmNorm.cpp).
void populateResidualNormFusion(mlir::RewritePatternSet &Patterns);

/// A gemm read only by a layer norm (as its input or residual) into one
/// accel.gemm_norm, and a feed-forward block into accel.mlp_norm
/// (FuseGemmNorm.cpp).
void populateGemmNormFusion(mlir::RewritePatternSet &Patterns);

/// A transpose of a gemm's rows moved after it, where its result is only
/// sliced (SinkTransposes.cpp).
void populateTransposeSinking(mlir::RewritePatternSet &Patterns);

/// Elementwise ops in a row as one accel.elementwise_chain
/// (FuseChains.cpp).
void populateChainFusion(mlir::RewritePatternSet &Patterns);

} // namespace accel::graph

#endif
