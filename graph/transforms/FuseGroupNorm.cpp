//===-- FuseGroupNorm.cpp - PyTorch's GroupNorm export as one op ----------===//
//
// Part of -accel-fuse (FusePasses.cpp). PyTorch exports nn.GroupNorm(G, C)
// as a reshape of x [N, C, ...] to [N, G, -1], InstanceNormalization with
// a scale of ones and a shift of zeros (which the importer makes an
// accel.group_norm with groups = G), a reshape back, and a Mul and an Add
// by [C, 1, ...] tensors. Three exact steps make it one accel.group_norm
// over x: the instance norm of the regrouped x is x's group norm; a
// per-channel mul after a group norm without scale is its scale; a
// per-channel add after one without shift is its shift. The SiLU or ReLU
// after it then becomes its activation (FuseSilu.cpp, FuseActivations.cpp).
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"
#include "transforms/FusePatterns.h"

#include "accel_kernels.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace accel::graph;

namespace {

bool isSplat(Value V, double Expected) {
  std::optional<double> S = splatConstant(V);
  return S && *S == Expected;
}

/// A group norm that a scale or shift may still be folded into: read once,
/// no activation, and the given affine part still the identity.
GroupNormOp plainGroupNorm(Value V, bool NeedOnes, bool NeedZeros) {
  auto GN = V.getDefiningOp<GroupNormOp>();
  if (!GN || !V.hasOneUse() || GN.getActivation() ||
      (NeedOnes && !isSplat(GN.getScale(), 1.0)) ||
      (NeedZeros && !isSplat(GN.getShift(), 0.0)))
    return nullptr;
  return GN;
}

/// Whether V broadcasts against a result of \p Shape as one value per
/// channel (dimension 1): every dimension 1 but the channels', which is C.
bool perChannel(Value V, ArrayRef<int64_t> Shape) {
  ArrayRef<int64_t> S = shapeOf(V);
  int64_t Rank = Shape.size(), Lead = Rank - int64_t(S.size());
  if (Lead < 0 || Lead > 1)
    return false;
  for (int64_t D = 0; D < int64_t(S.size()); ++D)
    if (S[D] != (D + Lead == 1 ? Shape[1] : 1))
      return false;
  return true;
}

Value channelVector(PatternRewriter &Rewriter, Location Loc, Value V,
                    int64_t C) {
  auto Type = RankedTensorType::get(
      {C}, cast<RankedTensorType>(V.getType()).getElementType());
  return Rewriter.create<ReshapeOp>(Loc, Type, V);
}

Value splat(PatternRewriter &Rewriter, Location Loc, int64_t C, float Value) {
  auto Type = RankedTensorType::get({C}, Rewriter.getF32Type());
  return Rewriter.create<arith::ConstantOp>(
      Loc, DenseElementsAttr::get(Type, Value));
}

/// reshape(group_norm(reshape(x to [N, G, L]), 1, 0, groups = G)) back to
/// x's shape [N, C, ...]: group_norm(x, 1, 0, groups = G).
struct RegroupInstanceNorm : OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ReshapeOp Back,
                                PatternRewriter &Rewriter) const override {
    GroupNormOp GN = plainGroupNorm(Back.getInput(), true, true);
    auto Split = GN ? GN.getInput().getDefiningOp<ReshapeOp>() : nullptr;
    if (!Split)
      return failure();
    Value X = Split.getInput();
    ArrayRef<int64_t> XS = shapeOf(X), GS = shapeOf(GN.getInput());
    if (X.getType() != Back.getType() || XS.size() < 2 || GS.size() != 3 ||
        GS[0] != XS[0] || int64_t(GN.getGroups()) != GS[1] || XS[1] % GS[1])
      return failure();
    int64_t C = XS[1], Groups = GS[1];
    if (C > ACCEL_GROUPNORM_MAX_CHANNELS ||
        C / Groups > ACCEL_GROUPNORM_MAX_GROUP_CHANNELS)
      return failure();
    Location Loc =
        Rewriter.getFusedLoc({Split.getLoc(), GN.getLoc(), Back.getLoc()});
    Value Fused = Rewriter.create<GroupNormOp>(
        Loc, Back.getType(), X, splat(Rewriter, Loc, C, 1.0f),
        splat(Rewriter, Loc, C, 0.0f), GN.getGroupsAttr(), GN.getEpsilonAttr(),
        ActivationAttr(), FloatAttr(), FloatAttr());
    Rewriter.replaceOp(Back, Fused);
    return success();
  }
};

/// group_norm(x, 1, 0) * w and group_norm(x, s, 0) + b, w and b one
/// value per channel: group_norm(x, w, 0) and group_norm(x, s, b).
struct FoldChannelAffine : OpRewritePattern<ElementwiseOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ElementwiseOp Op,
                                PatternRewriter &Rewriter) const override {
    bool IsMul = Op.getKind() == ElementwiseKind::mul;
    if ((!IsMul && Op.getKind() != ElementwiseKind::add) ||
        Op.getInputs().size() != 2)
      return failure();
    for (int Side = 0; Side != 2; ++Side) {
      Value In = Op.getInputs()[Side], P = Op.getInputs()[1 - Side];
      GroupNormOp GN = plainGroupNorm(In, IsMul, true);
      if (!GN || Op.getType() != GN.getType() || !perChannel(P, shapeOf(In)))
        continue;
      Location Loc = Rewriter.getFusedLoc({GN.getLoc(), Op.getLoc()});
      Value Param = channelVector(Rewriter, Loc, P, shapeOf(In)[1]);
      Value Fused = Rewriter.create<GroupNormOp>(
          Loc, Op.getType(), GN.getInput(), IsMul ? Param : GN.getScale(),
          IsMul ? GN.getShift() : Param, GN.getGroupsAttr(),
          GN.getEpsilonAttr(), ActivationAttr(), FloatAttr(), FloatAttr());
      Rewriter.replaceOp(Op, Fused);
      Rewriter.eraseOp(GN);
      return success();
    }
    return failure();
  }
};

} // namespace

void accel::graph::populateGroupNormFusion(RewritePatternSet &Patterns) {
  Patterns.add<RegroupInstanceNorm, FoldChannelAffine>(Patterns.getContext());
}
