//===-- FuseConvPool.cpp - A few-channel conv and its 2x2 max pool, fused -===//
//
// Part of -accel-fuse-conv-pool and -accel-fuse (FusePasses.cpp).
//
// LeNet's convolutions (5 x 5 over 1 and 6 channels, ReLU) are each read
// by a MaxPool 2 x 2 at stride 2 alone. Where the library's few-channel
// convolution takes the conv (accel_conv2d_rows: stride 1, one group, at
// most 8 input channels, padded rows of at most 64 floats; the tests of
// accel_conv2d_rows_maxpool_fits that the graph knows), the pool becomes
// its epilogue: the conv2d carries accel.maxpool and its result is the
// pool's, which the kernel pools on the stream engine in the scratchpad
// (accel_conv2d_rows_maxpool), so the conv's output never goes to DRAM
// and the pool is no call of its own. The maxima are exact: the same
// result as the two ops.
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"
#include "transforms/FusePatterns.h"

#include "accel_kernels.h"
#include "accel_spm_budget.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace accel::graph;

namespace {

constexpr int64_t MaxChannels = 8, MaxPaddedRow = 64, Tile = 16;
/// The conv2d's discardable attribute: its result is the 2 x 2 max pool's
/// (Conv2dOp::verify, OpRecords.cpp, OpCost.cpp).
constexpr llvm::StringLiteral MaxPoolAttrName = "accel.maxpool";

int64_t roundTile(int64_t N) { return (N + Tile - 1) / Tile * Tile; }

/// Whether accel_conv2d_rows_maxpool takes \p Conv (its output [N, Cout,
/// OH, OW]) pooled to [N, Cout, OH / 2, OW / 2]: conv2d_rows.c's
/// accel_conv2d_rows_maxpool_fits, its scratchpad plan included.
bool rowsKernelTakes(Conv2dOp Conv) {
  ArrayRef<int64_t> X = shapeOf(Conv.getInput()), W = shapeOf(Conv.getWeight());
  ArrayRef<int64_t> Y = shapeOf(Conv.getResult()), Pads = Conv.getPads();
  if (X.size() != 4 || W.size() != 4 || Y.size() != 4 || Conv.getGroup() != 1 ||
      Conv.getStrides() != ArrayRef<int64_t>{1, 1} ||
      Conv.getDilations() != ArrayRef<int64_t>{1, 1} ||
      !isF32(Conv.getInput()) || !isF32(Conv.getWeight()) ||
      !isF32(Conv.getResult()) || (Conv.getBias() && !isF32(Conv.getBias())))
    return false;
  std::optional<Activation> Act = Conv.getActivation();
  if (Act && *Act != Activation::relu)
    return false;
  int64_t N = X[0], C = X[1], Cout = W[0], KH = W[2], KW = W[3];
  int64_t Hp = X[2] + Pads[0] + Pads[2], Wp = X[3] + Pads[1] + Pads[3];
  int64_t OH = Y[2], OW = Y[3];
  if (N < 1 || C < 1 || C > MaxChannels || KH * KW <= 1 || KH * C * KW > 4096 ||
      Wp > MaxPaddedRow || OH < 2 || OW < 2 || Cout < 1)
    return false;
  int64_t Cols = Wp <= 16 ? 16 : Wp <= 32 ? 32 : 64, Rows = 256 / Cols;
  int64_t Blocks = (Cout + Rows - 1) / Rows, PoolH = OH / 2;
  int64_t Floats = roundTile(Blocks * Rows * KH * C * KW) +
                   roundTile(Cout * C * KH * KW) + roundTile(Blocks * Rows) +
                   Cols + 2 * roundTile(Hp * C * KW * Cols) +
                   2 * Blocks * 2 * PoolH * 256 + Blocks * PoolH * 256 +
                   2 * Blocks * PoolH * 128;
  // The kernel's test against the implicit GEMM: a tile an output row
  // against 16 output pixels a tile, within twice.
  int64_t IGemm =
      (2 * PoolH * OW + Tile - 1) / Tile * ((Cout + Tile - 1) / Tile);
  return Floats <= ACCEL_SPM_KERNEL_ARENA_BYTES / 4 &&
         2 * PoolH * Blocks <= 2 * IGemm;
}

/// maxpool2x2(conv2d(x)) as conv2d(x) {accel.maxpool}, the conv read by
/// the pool alone.
struct FuseConvPool : OpRewritePattern<Pool2dOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(Pool2dOp Pool,
                                PatternRewriter &Rewriter) const override {
    auto Conv = Pool.getInput().getDefiningOp<Conv2dOp>();
    // A conv of a nearest upsampling is -accel-fuse-upsample-conv's (in
    // the same set of patterns), which would take the pooled result for
    // the convolution's.
    if (!Conv || !Conv->hasOneUse() || Conv->hasAttr(MaxPoolAttrName) ||
        Conv.getInput().getDefiningOp<ResizeOp>() ||
        Pool.getKind() != PoolKind::max ||
        Pool.getKernel() != ArrayRef<int64_t>{2, 2} ||
        Pool.getStrides() != ArrayRef<int64_t>{2, 2} ||
        Pool.getDilations() != ArrayRef<int64_t>{1, 1} ||
        Pool.getPads() != ArrayRef<int64_t>{0, 0, 0, 0} || Pool.getCeilMode() ||
        !rowsKernelTakes(Conv))
      return failure();
    Rewriter.modifyOpInPlace(Conv, [&] {
      Conv->setAttr(MaxPoolAttrName, Rewriter.getUnitAttr());
      Conv.getResult().setType(Pool.getResult().getType());
      Conv->setLoc(Rewriter.getFusedLoc({Conv.getLoc(), Pool.getLoc()}));
    });
    Rewriter.replaceOp(Pool, Conv.getResult());
    return success();
  }
};

} // namespace

void accel::graph::populateConvPoolFusion(RewritePatternSet &Patterns) {
  Patterns.add<FuseConvPool>(Patterns.getContext());
}
