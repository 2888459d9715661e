//===-- Passes.td - The graph compiler's passes ------------*- tablegen -*-===//
//
// The passes over the accel dialect (docs/graph.md): their command-line
// names, summaries and descriptions, from which -gen-pass-decls makes
// their declarations, base classes and registration. Each has lit tests
// of IR before and after through accel-graph-opt (test/graph/).
//
// -accel-fuse is accel-graphc's fusion: every family below at once. Each
// family is also a pass of its own, to run and test alone; one family's
// patterns may need another's first (a gemm_norm needs the residual norm
// that -accel-fuse-norms makes from an add).
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_GRAPH_PASSES
#define ACCEL_GRAPH_PASSES

include "mlir/Pass/PassBase.td"

class AccelGraph_FuncPass<string arg> : Pass<arg, "::mlir::func::FuncOp">;

def FuseOpsPass : AccelGraph_FuncPass<"accel-fuse"> {
  let summary = "Fuse ops into the kernels that can do their work on the way";
  let description = [{
    Every fusion family below, as accel-graphc runs them: the families of
    the matrix unit's and the norms' kernels together until none applies
    (activations and bias, attention, norms, gemm+norm, transposes), then
    elementwise chains of what is left, so that a chain does not take the
    activation or bias add that a matmul does for free. A fused op's
    location fuses its members' (the ONNX nodes'), so that errors and
    profiles name every node it computes.
  }];
}

def FuseActivationsPass : AccelGraph_FuncPass<"accel-fuse-activations"> {
  let summary = "Fuse activations, bias adds and batch norms into the matrix "
                "unit's kernels, GELU from its pieces";
  let description = [{
    - relu, clip with constant bounds, and the exact gelu after an op that
      carries an activation (FusedActivationOpInterface: matmul, gemm,
      conv2d, where its kernel has that activation), read by nothing
      else, become that op's activation, also through a reshape;
    - a bias add ([N] or [1, N] constant) after a matmul by a 2-D b makes
      it a gemm with C (a of rank 3 or more as rows, through reshapes);
    - a batchnorm after a conv2d whose weights, bias and the batchnorm's
      parameters are constants folds into the convolution's weights and
      bias;
    - GELU written out as x * 0.5 * (1 + erf(x / sqrt 2)) becomes
      accel.elementwise gelu.
    (FuseActivations.cpp, FuseDecomposed.cpp)
  }];
}

def FuseAttentionPass : AccelGraph_FuncPass<"accel-fuse-attention"> {
  let summary = "Fuse MatMul, scale, mask, Softmax, MatMul into one "
                "accel.attention";
  let description = [{
    Scaled dot-product attention as exporters write it becomes one
    accel.attention: the library's flash-attention kernel, whose scores
    never reach memory (FuseAttention.cpp).
  }];
}

def FuseNormsPass : AccelGraph_FuncPass<"accel-fuse-norms"> {
  let summary = "Fuse LayerNorm from its pieces, and a residual add into the "
                "layer norm after it";
  let description = [{
    - LayerNorm written out as elementwise ops and reductions becomes
      accel.layernorm (FuseDecomposed.cpp);
    - a residual connection's add, read only by a layer norm, becomes the
      norm's residual: the kernel adds it as each line arrives, and the
      sum never goes to memory (FuseGemmNorm.cpp).
  }];
}

def FusePreNormPass : AccelGraph_FuncPass<"accel-fuse-pre-norm"> {
  let summary = "Fuse a pre-norm layer's residual add, read again after its "
                "norm, into the norm, which writes the sum too";
  let description = [{
    An add of two tensors of one type, read by a layer norm over the last
    dimension or an RMS norm and by something else (the next residual
    add), becomes the norm's input and residual: the norm's result is
    [2, its dims], the sum and then the normalized sum, from one pass over
    memory; slices on its leading axis (views) give both to their readers
    (FusePreNorm.cpp).
  }];
}

def FuseGemmNormPass : AccelGraph_FuncPass<"accel-fuse-gemm-norm"> {
  let summary = "Fuse a gemm read only by a layer norm into accel.gemm_norm, "
                "and a feed-forward block into accel.mlp_norm";
  let description = [{
    A gemm read only by a layer norm, as its input or residual, through a
    reshape and a transpose that keep the last dimension, joins it as one
    accel.gemm_norm; the feed-forward block's first gemm, read only by
    such a gemm_norm, makes it an accel.mlp_norm (FuseGemmNorm.cpp).
  }];
}

def FuseCnnBlocksPass : AccelGraph_FuncPass<"accel-fuse-cnn-blocks"> {
  let summary = "Fuse a squeeze-excitation block into one "
                "accel.squeeze_excite";
  let description = [{
    GlobalAveragePool, a 1x1 Conv, its activation (relu or silu, fused or
    as x * sigmoid(x)), a 1x1 Conv, Sigmoid and the input times the gates,
    each read by the next alone, become one accel.squeeze_excite where the
    library's kernel has room for it (accel_squeeze_excite_fits): the
    pooled vector, both products and the gates stay in the scratchpad
    (FuseCnnBlocks.cpp).
  }];
}

def FuseGroupNormPass : AccelGraph_FuncPass<"accel-fuse-group-norm"> {
  let summary = "Fuse PyTorch's GroupNorm export and the SiLU or ReLU after "
                "it into one accel.group_norm";
  let description = [{
    The reshape to [N, groups, -1], the instance norm (an accel.group_norm
    with scale 1 and shift 0), the reshape back and the Mul and Add by
    per-channel tensors, each read by the next alone, become one
    accel.group_norm over the input; a following x * sigmoid(x) or relu
    becomes its activation (FuseGroupNorm.cpp, FuseSilu.cpp).
  }];
}

def FuseUpsampleConvPass : AccelGraph_FuncPass<"accel-fuse-upsample-conv"> {
  let summary = "Fuse a convolution of a nearest upsampling into one "
                "accel.conv2d_upsampled";
  let description = [{
    A Resize by constant integer scales [1, 1, s, s] (nearest, asymmetric,
    floor: PyTorch's F.interpolate(scale_factor=s, mode="nearest")) read
    by a convolution of stride 1, no dilation and one group alone, its
    weights constant, becomes one accel.conv2d_upsampled of the Resize's
    input, the kernel rows of each output row phase summed: the
    upsampled tensor is never written (FuseUpsampleConv.cpp).
  }];
}

def FuseConvPoolPass : AccelGraph_FuncPass<"accel-fuse-conv-pool"> {
  let summary = "Fuse a few-channel convolution and its 2x2 max pool";
  let description = [{
    A convolution that the library's few-channel kernel takes (stride 1,
    one group, at most 8 input channels, padded rows of at most 64
    floats, ReLU or none), read alone by a MaxPool 2 x 2 at stride 2
    without padding, becomes the convolution with the pool's result and
    accel.maxpool: the kernel pools in the scratchpad
    (accel_conv2d_rows_maxpool; FuseConvPool.cpp).
  }];
}

def LowerFewPixelConvPass
    : AccelGraph_FuncPass<"accel-lower-few-pixel-conv"> {
  let summary = "Lower 1x1 convolutions of at most 8 pixels to accel.gemm";
  let description = [{
    A 1 x 1 convolution (stride 1, no padding, one group, constant
    weights) of one image of at most 8 pixels, or of at most 8 images of
    one pixel, becomes an accel.gemm of its pixels against the weights
    stored transposed ([C, Cout]), with its bias and activation: the
    library's product of few rows streams the weights once. One image's
    x is op(a) under trans_a and the product is transposed back
    (LowerFewPixelConv.cpp).
  }];
}

def FuseSharedInputProductsPass
    : AccelGraph_FuncPass<"accel-fuse-shared-input-products"> {
  let summary = "Fuse the projections of one row of few rows into one "
                "matmul";
  let description = [{
    Two or more matmuls of one f32 x of at most eight rows by constant
    [K, N_i] matrices, without activations (a decoder's q, k and v
    projections at a decode step), become one matmul by the matrices
    concatenated along N, each former result a slice of its columns: the
    weights stream through one call (FuseSharedInputProducts.cpp). Then two
    accel.rope of adjacent heads of one such product with one cos and sin
    (a decode step's q and k) become one rope of both, its heads sliced
    (MergeRopes.cpp).
  }];
}

def FuseChannelNormPass : AccelGraph_FuncPass<"accel-fuse-channel-norm"> {
  let summary = "Fuse ConvNeXt's LayerNorm between permutes into "
                "accel.channel_norm, and its block's Linears into NCHW";
  let description = [{
    - a permute to channels-last, a layer norm over the last axis and the
      permute back become one accel.channel_norm of the NCHW tensor;
    - a ConvNeXt block's permute, norm, Linear, activation, Linear,
      permute back and per-channel layer scale (one image) become
      accel.channel_norm and two gemms of constant weights on the left
      (1x1 convolutions over [C, H W]), the layer scale folded into the
      second's weights and bias: no permute is moved
      (FuseChannelNorm.cpp).
  }];
}

def FuseMoePass : AccelGraph_FuncPass<"accel-fuse-moe"> {
  let summary = "Fuse a mixture of experts' routing into accel.moe_route and "
                "its gated sum of experts into accel.gated_sum";
  let description = [{
    Softmax over the experts, TopK's values and indices, the values over
    their ReduceSum scattered into zeros become one accel.moe_route; adds
    of the experts' outputs, each times a one-column slice of those gates,
    and the shared expert's become one accel.gated_sum (FuseMoE.cpp).
  }];
}

def FuseRopePass : AccelGraph_FuncPass<"accel-fuse-rope"> {
  let summary = "Fuse rotary position embedding's pattern into one accel.rope";
  let description = [{
    x * cos + concat(-x[..., D/2:], x[..., :D/2]) * sin, as HuggingFace's
    apply_rotary_pos_emb exports (Slices at D/2, Neg, Concat, Mul, Mul,
    Add), each intermediate read by the next alone and cos and sin
    broadcasting to x, becomes one accel.rope (FuseRope.cpp).
  }];
}

def SinkTransposesPass : AccelGraph_FuncPass<"accel-sink-transposes"> {
  let summary = "Move a transpose of a gemm's rows after the gemm, where its "
                "result is only sliced";
  let description = [{
    After the gemm, the transpose is a view of its result that the slices
    read with strides: no copy is left (SinkTransposes.cpp).
  }];
}

def FuseChainsPass : AccelGraph_FuncPass<"accel-fuse-chains"> {
  let summary = "Fuse elementwise ops in a row into one "
                "accel.elementwise_chain";
  let description = [{
    Elementwise ops in a row, each read only by the next and of the
    result's shape, become one accel.elementwise_chain: one pass over
    memory (accel_elementwise_chain; up to 8 steps and 5 inputs)
    (FuseChains.cpp).
  }];
}

def CollapseRanksPass : AccelGraph_FuncPass<"accel-collapse-ranks"> {
  let summary = "Merge neighbouring dimensions of ops above the kernels' rank";
  let description = [{
    An elementwise op, gather_elements or scatter_elements of a rank above
    ACCEL_MAX_RANK runs on its operands reshaped to merge the dimensions it
    treats alike (neither broadcast apart nor indexed), and its result is
    reshaped back; a slice that takes every element is its input
    (CollapseRanks.cpp).
  }];
}

def GenerationStepPass : AccelGraph_FuncPass<"accel-generation-step"> {
  let summary = "A decoder-with-past step as a generation program runs it: "
                "the KV cache kept in place, the greedy token out";
  let description = [{
    HuggingFace Optimum's decoder-with-past (docs/llm.md): each past key
    or value argument [B, KVH, P, D] that only a concat along its
    sequence axis with the step's rows reads, the concat returned as the
    present, becomes the whole cache [B, KVH, max-length, D] (argument
    attribute `accel.kv_cache`), and the concat an accel.cache_write of
    the step's rows at a run-time position (a new last argument, one
    int64): the attention reads the cache where it lies and only the new
    rows are written. The presents leave the results, and the logits
    [B, S, V] become the greedy token of each sequence's last position
    (ArgMax, [B, 1] int64).
  }];
  let options = [
    Option<"maxLength", "max-length", "int64_t", /*default=*/"0",
           "The cache's rows (past and new) of each sequence">
  ];
}

def PlanMemoryPass : AccelGraph_FuncPass<"accel-plan-memory"> {
  let summary = "Give every tensor an offset in one DRAM arena, reusing the "
                "bytes of dead tensors";
  let description = [{
    Static memory planning of a function's tensors (PlanMemory.cpp): views
    share their input's bytes (Views.h), an op that may run in place its
    dying operand's; the plan is recorded as attributes for code
    generation.
  }];
}

#endif
