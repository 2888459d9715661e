//===-- FusePasses.cpp - The fusion passes of Passes.td -------------------===//
//
// Each fusion family's pass applies its patterns (FusePatterns.h) until
// none applies; -accel-fuse applies every family's, the matrix unit's and
// the norms' together first, then the elementwise chains.
//
//===----------------------------------------------------------------------===//

#include "transforms/FusePatterns.h"
#include "transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace accel::graph {
#define GEN_PASS_DEF_FUSEOPSPASS
#define GEN_PASS_DEF_FUSEACTIVATIONSPASS
#define GEN_PASS_DEF_FUSEATTENTIONPASS
#define GEN_PASS_DEF_FUSENORMSPASS
#define GEN_PASS_DEF_FUSEPRENORMPASS
#define GEN_PASS_DEF_FUSEGEMMNORMPASS
#define GEN_PASS_DEF_FUSECNNBLOCKSPASS
#define GEN_PASS_DEF_FUSEGROUPNORMPASS
#define GEN_PASS_DEF_FUSEUPSAMPLECONVPASS
#define GEN_PASS_DEF_FUSECONVPOOLPASS
#define GEN_PASS_DEF_LOWERFEWPIXELCONVPASS
#define GEN_PASS_DEF_FUSESHAREDINPUTPRODUCTSPASS
#define GEN_PASS_DEF_FUSECHANNELNORMPASS
#define GEN_PASS_DEF_FUSEMOEPASS
#define GEN_PASS_DEF_FUSEROPEPASS
#define GEN_PASS_DEF_SINKTRANSPOSESPASS
#define GEN_PASS_DEF_FUSECHAINSPASS
#include "transforms/Passes.h.inc"
} // namespace accel::graph

using namespace mlir;
using namespace accel::graph;

namespace {

using Populate = void (*)(RewritePatternSet &);

/// Applies the patterns of \p Families to \p F until none applies.
LogicalResult applyFamilies(func::FuncOp F,
                            std::initializer_list<Populate> Families) {
  RewritePatternSet Patterns(F.getContext());
  for (Populate Add : Families)
    Add(Patterns);
  return applyPatternsAndFoldGreedily(F, std::move(Patterns));
}

struct FuseOpsPass : accel::graph::impl::FuseOpsPassBase<FuseOpsPass> {
  void runOnOperation() override {
    // One set, so that each family's result is the next one's input,
    // whichever order the ops come in; then the chains of what is left.
    if (failed(
            applyFamilies(getOperation(),
                          {populateIdentityFolding,
                           populateActivationFusion, populateSiluFusion,
                           populateSwiGluFusion, populateResidualNormFusion,
                           populatePreNormFusion,
                           populateAttentionFusion, populateLayerNormFusion,
                           populateRmsNormFusion,
                           populateGeluFusion, populateGemmNormFusion,
                           populateCnnBlockFusion, populateGroupNormFusion,
                           populateChannelNormFusion, populateMoeFusion,
                           populateRopeFusion, populateTransposeSinking,
                           populatePatchConvLowering})) ||
        failed(applyFamilies(getOperation(), {populateProducerDuplication,
                                              populateChainFusion})) ||
        // After the convolutions' activations, biases and batch norms
        // (and the squeeze-excitations' convolutions of one pixel).
        failed(applyFamilies(getOperation(), {populateUpsampleConvFusion,
                                              populateFewPixelConvLowering,
                                              populateConvPoolFusion})) ||
        // After the SwiGLU's and the experts' fusions, which take their
        // products one by one.
        failed(applyFamilies(getOperation(), {populateSharedInputProductFusion,
                                              populateRopeMerging})))
      signalPassFailure();
  }
};

struct FuseSharedInputProductsPass
    : accel::graph::impl::FuseSharedInputProductsPassBase<
          FuseSharedInputProductsPass> {
  void runOnOperation() override {
    if (failed(applyFamilies(getOperation(), {populateSharedInputProductFusion,
                                              populateRopeMerging})))
      signalPassFailure();
  }
};

struct FuseUpsampleConvPass
    : accel::graph::impl::FuseUpsampleConvPassBase<FuseUpsampleConvPass> {
  void runOnOperation() override {
    if (failed(applyFamilies(getOperation(), {populateUpsampleConvFusion})))
      signalPassFailure();
  }
};

struct FuseConvPoolPass
    : accel::graph::impl::FuseConvPoolPassBase<FuseConvPoolPass> {
  void runOnOperation() override {
    if (failed(applyFamilies(getOperation(), {populateConvPoolFusion})))
      signalPassFailure();
  }
};

struct LowerFewPixelConvPass
    : accel::graph::impl::LowerFewPixelConvPassBase<LowerFewPixelConvPass> {
  void runOnOperation() override {
    if (failed(applyFamilies(getOperation(), {populateFewPixelConvLowering})))
      signalPassFailure();
  }
};

struct FuseActivationsPass
    : accel::graph::impl::FuseActivationsPassBase<FuseActivationsPass> {
  void runOnOperation() override {
    if (failed(applyFamilies(getOperation(),
                             {populateActivationFusion, populateSiluFusion,
                              populateSwiGluFusion, populateGeluFusion})))
      signalPassFailure();
  }
};

struct FuseAttentionPass
    : accel::graph::impl::FuseAttentionPassBase<FuseAttentionPass> {
  void runOnOperation() override {
    if (failed(applyFamilies(getOperation(), {populateAttentionFusion})))
      signalPassFailure();
  }
};

struct FuseNormsPass : accel::graph::impl::FuseNormsPassBase<FuseNormsPass> {
  void runOnOperation() override {
    if (failed(applyFamilies(getOperation(), {populateResidualNormFusion,
                                              populateLayerNormFusion,
                                              populateRmsNormFusion})))
      signalPassFailure();
  }
};

struct FusePreNormPass
    : accel::graph::impl::FusePreNormPassBase<FusePreNormPass> {
  void runOnOperation() override {
    if (failed(applyFamilies(getOperation(), {populatePreNormFusion})))
      signalPassFailure();
  }
};

struct FuseGemmNormPass
    : accel::graph::impl::FuseGemmNormPassBase<FuseGemmNormPass> {
  void runOnOperation() override {
    if (failed(applyFamilies(getOperation(), {populateGemmNormFusion})))
      signalPassFailure();
  }
};

struct FuseGroupNormPass
    : accel::graph::impl::FuseGroupNormPassBase<FuseGroupNormPass> {
  void runOnOperation() override {
    if (failed(applyFamilies(getOperation(),
                             {populateGroupNormFusion, populateSiluFusion,
                              populateActivationFusion})))
      signalPassFailure();
  }
};

struct FuseCnnBlocksPass
    : accel::graph::impl::FuseCnnBlocksPassBase<FuseCnnBlocksPass> {
  void runOnOperation() override {
    if (failed(applyFamilies(getOperation(), {populateCnnBlockFusion})))
      signalPassFailure();
  }
};

struct FuseChannelNormPass
    : accel::graph::impl::FuseChannelNormPassBase<FuseChannelNormPass> {
  void runOnOperation() override {
    if (failed(applyFamilies(getOperation(), {populateChannelNormFusion})))
      signalPassFailure();
  }
};

struct FuseMoePass : accel::graph::impl::FuseMoePassBase<FuseMoePass> {
  void runOnOperation() override {
    if (failed(applyFamilies(getOperation(), {populateMoeFusion})))
      signalPassFailure();
  }
};

struct FuseRopePass : accel::graph::impl::FuseRopePassBase<FuseRopePass> {
  void runOnOperation() override {
    if (failed(applyFamilies(getOperation(), {populateRopeFusion})))
      signalPassFailure();
  }
};

struct SinkTransposesPass
    : accel::graph::impl::SinkTransposesPassBase<SinkTransposesPass> {
  void runOnOperation() override {
    if (failed(applyFamilies(getOperation(), {populateTransposeSinking})))
      signalPassFailure();
  }
};

struct FuseChainsPass : accel::graph::impl::FuseChainsPassBase<FuseChainsPass> {
  void runOnOperation() override {
    if (failed(applyFamilies(getOperation(), {populateProducerDuplication,
                                              populateChainFusion})))
      signalPassFailure();
  }
};

} // namespace
