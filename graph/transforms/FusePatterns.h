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
class PatternRewriter;
class RewritePatternSet;
class Value;
} // namespace mlir

namespace accel::graph {

class ElementwiseOp;

/// The value of a constant whose f32 elements are all one (a scalar, or
/// a splat), for the patterns' scales and exponents (FuseActivations.cpp).
std::optional<double> splatConstant(mlir::Value V);

/// Whether V's elements are f32, or V is absent (an optional operand not
/// given): the lowerings' and fusions' test of their operands.
bool isF32(mlir::Value V);

/// Activations, bias adds and batch norms into the matrix unit's kernels
/// (FuseActivations.cpp).
void populateActivationFusion(mlir::RewritePatternSet &Patterns);

/// and(x, true) and or(x, false) as x (FoldIdentities.cpp).
void populateIdentityFolding(mlir::RewritePatternSet &Patterns);

/// A small elementwise op read by several unary ones, cloned for each, so
/// that each takes it into its chain (DuplicateProducers.cpp).
void populateProducerDuplication(mlir::RewritePatternSet &Patterns);

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

/// silu(x . W1) * (x . W3) with constant weights as one accel.gemm_glu
/// (FuseSwiGLU.cpp).
void populateSwiGluFusion(mlir::RewritePatternSet &Patterns);

/// RMSNorm written as elementwise ops and a mean, as accel.rms_norm
/// (FuseRmsNorm.cpp).
void populateRmsNormFusion(mlir::RewritePatternSet &Patterns);

/// A residual connection's add into the layer norm that alone reads it
/// (FuseGemmNorm.cpp).
void populateResidualNormFusion(mlir::RewritePatternSet &Patterns);

/// A pre-norm layer's residual add, read again after its norm, into that
/// norm, which writes the sum too (FusePreNorm.cpp).
void populatePreNormFusion(mlir::RewritePatternSet &Patterns);

/// A gemm read only by a layer norm (as its input or residual) into one
/// accel.gemm_norm, and a feed-forward block into accel.mlp_norm
/// (FuseGemmNorm.cpp).
void populateGemmNormFusion(mlir::RewritePatternSet &Patterns);

/// Squeeze-excitation (pool, 1x1 conv, activation, 1x1 conv, sigmoid,
/// the input times the gates) as one accel.squeeze_excite
/// (FuseCnnBlocks.cpp).
void populateCnnBlockFusion(mlir::RewritePatternSet &Patterns);

/// PyTorch's GroupNorm export (an instance norm of the regrouped input and
/// a per-channel Mul and Add) as one accel.group_norm (FuseGroupNorm.cpp).
void populateGroupNormFusion(mlir::RewritePatternSet &Patterns);

/// A convolution of a nearest upsampling by an integer scale as one
/// accel.conv2d_upsampled of its input (FuseUpsampleConv.cpp).
void populateUpsampleConvFusion(mlir::RewritePatternSet &Patterns);

/// A few-channel convolution read by a 2 x 2 max pool at stride 2 alone as
/// the convolution with the pool's result, accel.maxpool (FuseConvPool.cpp).
void populateConvPoolFusion(mlir::RewritePatternSet &Patterns);

/// A 1 x 1 convolution of at most 8 pixels as an accel.gemm of its pixels
/// against its transposed weights (LowerFewPixelConv.cpp).
void populateFewPixelConvLowering(mlir::RewritePatternSet &Patterns);

/// A convolution whose stride is its kernel (patches) as a transposing
/// copy of the image and an accel.gemm (LowerPatchConv.cpp).
void populatePatchConvLowering(mlir::RewritePatternSet &Patterns);

/// A convolution's weights [Cout, ...], an f32 constant read as [Cout, K],
/// stored transposed as a new constant [K, Cout]: the B of the gemm a
/// convolution lowers to (LowerPatchConv.cpp, LowerFewPixelConv.cpp).
/// Null, and nothing created, where they are not a dense constant.
mlir::Value transposedConvWeights(mlir::PatternRewriter &Rewriter,
                                  mlir::Value Weights, int64_t Cout,
                                  int64_t K);

/// A mixture of experts' router into accel.moe_route and its gated sum
/// of experts into accel.gated_sum (FuseMoE.cpp).
void populateMoeFusion(mlir::RewritePatternSet &Patterns);

/// The constant projections of one x of few rows as one matmul and its
/// slices (FuseSharedInputProducts.cpp).
void populateSharedInputProductFusion(mlir::RewritePatternSet &Patterns);

/// Two accel.rope of adjacent heads of one product's columns, with one
/// cos and sin, as one (MergeRopes.cpp).
void populateRopeMerging(mlir::RewritePatternSet &Patterns);

/// RoPE's slices, Neg, Concat, Muls and Add as one accel.rope
/// (FuseRope.cpp).
void populateRopeFusion(mlir::RewritePatternSet &Patterns);

/// A transpose of a gemm's rows moved after it, where its result is only
/// sliced (SinkTransposes.cpp).
void populateTransposeSinking(mlir::RewritePatternSet &Patterns);

/// LayerNorm over the channels written between two permutes (ConvNeXt's)
/// as accel.channel_norm, and the block around it in NCHW
/// (FuseChannelNorm.cpp).
void populateChannelNormFusion(mlir::RewritePatternSet &Patterns);

/// Elementwise ops in a row as one accel.elementwise_chain
/// (FuseChains.cpp).
void populateChainFusion(mlir::RewritePatternSet &Patterns);

/// Whether \p E may be a step of an elementwise_chain, which computes the
/// f32 kinds on f32 tensors (not where, nor the integer, bool and
/// comparison kinds) (FuseChains.cpp).
bool isChainStep(ElementwiseOp E);

} // namespace accel::graph

#endif
