//===-- FuseChannelNorm.cpp - ConvNeXt's LayerNorm between permutes -------===//
//
// Part of -accel-fuse (FusePasses.cpp). ConvNeXt normalizes over the
// channels of an NCHW tensor, which PyTorch writes as a permute to
// channels-last, LayerNormalization over the last axis and a permute back
// (torchvision's LayerNorm2d), or, in each block, a permute, the norm, two
// Linears, the layer scale and the permute back. The permutes are copies
// that move the innermost dimension, and the layer scale a broadcast
// multiply of its own. Here:
//
//  - permute, norm over the last axis, inverse permute become one
//    accel.channel_norm of the NCHW tensor (accel_channel_norm normalizes
//    each pixel's channels in that layout);
//  - in a block of one image of at least MinColumnPixels pixels, the norm
//    is that channel_norm and each Linear x . W + b over the pixels' rows
//    becomes its transpose W^T . x + b over the channels' rows (a 1x1
//    convolution over [C, H W]: a gemm of constant weights on the left,
//    the bias per row), so the second one writes NCHW; a following
//    multiply by a constant per channel (the layer scale) scales that
//    gemm's rows of weights and its bias at compile time;
//  - a block that stays channels-last has its norm as a channel_norm that
//    writes the permute to channels-last itself ({channels_last}: the
//    kernel transposes each block of pixels in the scratchpad), and its
//    layer scale folded into its second Linear's columns.
//
// All are exact rewrites (the same sums; the layer scale's product
// rounded into the weights), matched only where every intermediate is
// read by the next alone, the permutes are each other's inverse around
// the channels, the norm has no residual and covers the last axis alone,
// and the weights and biases are constants.
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

/// Pixels from which a block's Linears run over the channels' rows
/// (W^T . x, NCHW out); with fewer, the product's columns are mostly the
/// matrix unit's padding while the weights' rows stream past a few
/// pixels (docs/graph.md, "Fusions"), and the block stays channels-last
/// with its layer scale folded (FoldLayerScale).
constexpr int64_t MinColumnPixels = 64;

/// Whether \p Perm moves dimension 1 (the channels) last, keeping the
/// others' order: [0, 2, ..., r - 1, 1].
bool channelsLast(ArrayRef<int64_t> Perm) {
  int64_t R = Perm.size();
  if (R < 3 || Perm[0] != 0 || Perm[R - 1] != 1)
    return false;
  for (int64_t D = 1; D + 1 < R; ++D)
    if (Perm[D] != D + 1)
      return false;
  return true;
}

/// Whether \p Perm moves the last dimension to 1: [0, r - 1, 1, ..., r - 2].
bool channelsFirst(ArrayRef<int64_t> Perm) {
  int64_t R = Perm.size();
  if (R < 3 || Perm[0] != 0 || Perm[1] != R - 1)
    return false;
  for (int64_t D = 2; D < R; ++D)
    if (Perm[D] != D - 1)
      return false;
  return true;
}

bool isSplat(Value V, double Expected) {
  std::optional<double> S = splatConstant(V);
  return S && *S == Expected;
}

/// The f32 values of a constant, or nothing.
std::optional<SmallVector<float>> constantFloats(Value V) {
  auto C = V ? V.getDefiningOp<arith::ConstantOp>() : nullptr;
  auto Dense = C ? dyn_cast<DenseElementsAttr>(C.getValue()) : nullptr;
  if (!Dense || !Dense.getElementType().isF32())
    return std::nullopt;
  return SmallVector<float>(Dense.getValues<float>());
}

Value makeConstant(PatternRewriter &Rewriter, Location Loc,
                   ArrayRef<int64_t> Shape, ArrayRef<float> Values) {
  auto Type = RankedTensorType::get(Shape, Rewriter.getF32Type());
  return Rewriter.create<arith::ConstantOp>(
      Loc, Type, DenseElementsAttr::get(Type, Values));
}

/// The channel norm that replaces transpose(layernorm(transpose(x))):
/// matched pieces, or null.
struct NormMatch {
  TransposeOp ToLast;
  LayerNormOp Norm;
};

/// \p V = layernorm(transpose(x)) normalizing the channels of x alone,
/// each read once.
std::optional<NormMatch> matchNorm(Value V) {
  auto Norm = V.getDefiningOp<LayerNormOp>();
  if (!Norm || !V.hasOneUse() || Norm.getResidual())
    return std::nullopt;
  auto ToLast = Norm.getInput().getDefiningOp<TransposeOp>();
  if (!ToLast || !Norm.getInput().hasOneUse() ||
      !channelsLast(ToLast.getPerm()) ||
      Norm.getAxis() + 1 != ToLast.getPerm().size() ||
      shapeOf(ToLast.getInput())[1] > ACCEL_CHANNEL_NORM_MAX_CHANNELS)
    return std::nullopt;
  return NormMatch{ToLast, Norm};
}

/// accel.channel_norm of the match's x, with a scale of ones and a shift
/// of zeros left out; with \p ChannelsLast, of the norm's type.
Value channelNorm(PatternRewriter &Rewriter, Location Loc, NormMatch M,
                  bool ChannelsLast = false) {
  Value Scale = M.Norm.getScale(), Shift = M.Norm.getShift();
  if (isSplat(Scale, 1.0))
    Scale = nullptr;
  if (Shift && isSplat(Shift, 0.0))
    Shift = nullptr;
  Value X = M.ToLast.getInput();
  return Rewriter.create<ChannelNormOp>(
      Loc, ChannelsLast ? M.Norm.getType() : X.getType(), X, Scale, Shift,
      M.Norm.getEpsilonAttr(), ChannelsLast ? Rewriter.getUnitAttr() : nullptr);
}

/// transpose(layernorm(transpose(x))) around the channels:
/// channel_norm(x).
struct FuseNormBetweenPermutes : OpRewritePattern<TransposeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(TransposeOp Back,
                                PatternRewriter &Rewriter) const override {
    std::optional<NormMatch> M = matchNorm(Back.getInput());
    if (!channelsFirst(Back.getPerm()) || !M ||
        Back.getType() != M->ToLast.getInput().getType())
      return failure();
    Location Loc = Rewriter.getFusedLoc(
        {M->ToLast.getLoc(), M->Norm.getLoc(), Back.getLoc()});
    Rewriter.replaceOp(Back, channelNorm(Rewriter, Loc, *M));
    return success();
  }
};

/// layernorm(transpose(x)) over the channels that stays channels-last (read
/// by anything but the permute back, FuseNormBetweenPermutes's, or a block
/// that runs in NCHW, FuseChannelsLastBlock's): channel_norm(x)
/// {channels_last}, whose kernel writes the permute itself.
struct FuseChannelsLastNorm : OpRewritePattern<LayerNormOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LayerNormOp Norm,
                                PatternRewriter &Rewriter) const override {
    std::optional<NormMatch> M = matchNorm(Norm.getResult());
    if (!M)
      return failure();
    Operation *User = *Norm->user_begin();
    auto Back = dyn_cast<TransposeOp>(User);
    if (Back && channelsFirst(Back.getPerm()))
      return failure();
    ArrayRef<int64_t> XS = shapeOf(M->ToLast.getInput());
    int64_t Pixels = 1;
    for (int64_t D : XS.drop_front(2))
      Pixels *= D;
    if (XS[0] == 1 && Pixels >= MinColumnPixels && isa<ReshapeOp>(User))
      return failure();
    Location Loc = Rewriter.getFusedLoc({M->ToLast.getLoc(), Norm.getLoc()});
    Rewriter.replaceOp(Norm, channelNorm(Rewriter, Loc, *M,
                                         /*ChannelsLast=*/true));
    return success();
  }
};

/// A Linear over rows: gemm(a, b, c) with alpha 1, a as it is, b a
/// constant [K, N] (or [N, K] under trans_b) and c, if any, a constant
/// of N (beta 1), read once.
struct Linear {
  GemmOp Op;
  SmallVector<float> W;    ///< [K, N], row-major
  SmallVector<float> Bias; ///< N, or empty
  int64_t K = 0, N = 0;
};

std::optional<Linear> matchLinear(Value V) {
  auto G = V.getDefiningOp<GemmOp>();
  if (!G || !V.hasOneUse() || G.getTransA() ||
      G.getAlpha().convertToFloat() != 1.0f)
    return std::nullopt;
  ArrayRef<int64_t> B = shapeOf(G.getB());
  Linear L{G, {}, {}, G.getTransB() ? B[1] : B[0], G.getTransB() ? B[0] : B[1]};
  std::optional<SmallVector<float>> W = constantFloats(G.getB());
  if (!W)
    return std::nullopt;
  L.W.resize(L.K * L.N);
  for (int64_t I = 0; I != L.K; ++I)
    for (int64_t J = 0; J != L.N; ++J)
      L.W[I * L.N + J] = G.getTransB() ? (*W)[J * L.K + I] : (*W)[I * L.N + J];
  if (Value C = G.getC()) {
    std::optional<SmallVector<float>> Bias = constantFloats(C);
    ArrayRef<int64_t> CS = shapeOf(C);
    bool Row = int64_t(Bias ? Bias->size() : 0) == L.N &&
               (CS.size() == 1 || (CS.size() == 2 && CS[0] == 1));
    if (!Bias || !Row || G.getBeta().convertToFloat() != 1.0f)
      return std::nullopt;
    if (llvm::any_of(*Bias, [](float F) { return F != 0.0f; }))
      L.Bias = *Bias;
  }
  return L;
}

/// The Linear's transpose over \p X [K, S]: gemm(W^T, X, bias as a
/// column), W^T's row j and bias[j] times Scale[j] (if given), with the
/// Linear's activation.
Value transposedLinear(PatternRewriter &Rewriter, Location Loc, const Linear &L,
                       Value X, ArrayRef<float> Scale) {
  int64_t S = shapeOf(X)[1];
  SmallVector<float> WT(L.N * L.K);
  for (int64_t J = 0; J != L.N; ++J)
    for (int64_t I = 0; I != L.K; ++I)
      WT[J * L.K + I] =
          Scale.empty() ? L.W[I * L.N + J] : L.W[I * L.N + J] * Scale[J];
  Value A = makeConstant(Rewriter, Loc, {L.N, L.K}, WT);
  Value C;
  if (!L.Bias.empty()) {
    SmallVector<float> B(L.Bias);
    for (int64_t J = 0; J != L.N && !Scale.empty(); ++J)
      B[J] *= Scale[J];
    C = makeConstant(Rewriter, Loc, {L.N, 1}, B);
  }
  auto Type = RankedTensorType::get({L.N, S}, Rewriter.getF32Type());
  GemmOp Op = L.Op;
  return Rewriter.create<GemmOp>(
      Loc, Type, A, X, C, Rewriter.getF32FloatAttr(1.0f),
      Rewriter.getF32FloatAttr(1.0f), Rewriter.getBoolAttr(false),
      Rewriter.getBoolAttr(false), Op.getActivationAttr(), Op.getActLoAttr(),
      Op.getActHiAttr());
}

/// The Linear over \p X's rows ([S, K]):
/// gemm(X, W, bias), W's column j and bias[j] times Scale[j] (if given),
/// with the Linear's activation.
Value rowsLinear(PatternRewriter &Rewriter, Location Loc, const Linear &L,
                 Value X, ArrayRef<float> Scale) {
  int64_t S = shapeOf(X)[0];
  SmallVector<float> W(L.W), B(L.Bias);
  for (int64_t J = 0; J != L.N && !Scale.empty(); ++J) {
    for (int64_t I = 0; I != L.K; ++I)
      W[I * L.N + J] *= Scale[J];
    if (!B.empty())
      B[J] *= Scale[J];
  }
  Value C = B.empty() ? Value() : makeConstant(Rewriter, Loc, {L.N}, B);
  auto Type = RankedTensorType::get({S, L.N}, Rewriter.getF32Type());
  GemmOp Op = L.Op;
  return Rewriter.create<GemmOp>(
      Loc, Type, X, makeConstant(Rewriter, Loc, {L.K, L.N}, W), C,
      Rewriter.getF32FloatAttr(1.0f), Rewriter.getF32FloatAttr(1.0f),
      Rewriter.getBoolAttr(false), Rewriter.getBoolAttr(false),
      Op.getActivationAttr(), Op.getActLoAttr(), Op.getActHiAttr());
}

/// A per-channel constant multiplying \p V ([1, C, ...]): [C, 1, ...] or
/// [1, C, 1, ...].
std::optional<SmallVector<float>> channelScale(Value Factor,
                                               ArrayRef<int64_t> Shape) {
  ArrayRef<int64_t> F = shapeOf(Factor);
  int64_t Lead = int64_t(Shape.size()) - int64_t(F.size());
  if (Lead < 0 || Lead > 1)
    return std::nullopt;
  for (int64_t D = 0; D != int64_t(F.size()); ++D)
    if (F[D] != (D + Lead == 1 ? Shape[1] : 1))
      return std::nullopt;
  return constantFloats(Factor);
}

/// The multiply of \p Back's result by a constant per channel that alone
/// reads it, the constant's values in \p Scale; or null.
ElementwiseOp layerScale(TransposeOp Back, SmallVector<float> &Scale) {
  if (!Back->hasOneUse())
    return nullptr;
  auto Mul = dyn_cast<ElementwiseOp>(*Back->user_begin());
  if (!Mul || Mul.getKind() != ElementwiseKind::mul ||
      Mul.getType() != Back.getType())
    return nullptr;
  Value Other = Mul.getInputs()[0] == Back.getResult() ? Mul.getInputs()[1]
                                                       : Mul.getInputs()[0];
  std::optional<SmallVector<float>> S = channelScale(Other, shapeOf(Back));
  if (!S)
    return nullptr;
  Scale = *S;
  return Mul;
}

/// A per-channel constant after a channels-last Linear and the permute
/// back: transpose_back(reshape(gemm(a, W, b))) * s becomes
/// transpose_back(reshape(gemm(a, W s, b s))), s scaling W's columns
/// (ConvNeXt's layer scale, where its block stays channels-last).
struct FoldLayerScale : OpRewritePattern<TransposeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(TransposeOp Back,
                                PatternRewriter &Rewriter) const override {
    SmallVector<float> Scale;
    ElementwiseOp Mul = layerScale(Back, Scale);
    if (!Mul || !channelsFirst(Back.getPerm()))
      return failure();
    auto Out = Back.getInput().getDefiningOp<ReshapeOp>();
    if (!Out || !Back.getInput().hasOneUse())
      return failure();
    std::optional<Linear> L = matchLinear(Out.getInput());
    if (!L || L->Op.getActivation() || int64_t(Scale.size()) != L->N ||
        shapeOf(Out).back() != L->N)
      return failure();
    Location Loc = Rewriter.getFusedLoc(
        {L->Op.getLoc(), Out.getLoc(), Back.getLoc(), Mul.getLoc()});
    Rewriter.setInsertionPoint(Mul);
    Value Z = rowsLinear(Rewriter, Loc, *L, L->Op.getA(), Scale);
    Value Rows = Rewriter.create<ReshapeOp>(Loc, Out.getType(), Z);
    Rewriter.replaceOp(Mul, Rewriter.create<TransposeOp>(
                                Loc, Back.getType(), Rows, Back.getPermAttr()));
    return success();
  }
};

/// A ConvNeXt block's channels-last middle, of one image:
///   transpose_back(reshape(gemm2(gemm1(reshape(layernorm(transpose(x)))))))
/// [times a per-channel constant] becomes
///   reshape(gemm(W2^T, gemm(W1^T, reshape(channel_norm(x)))))
/// with the constant in W2^T's rows and its bias.
struct FuseChannelsLastBlock : OpRewritePattern<TransposeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(TransposeOp Back,
                                PatternRewriter &Rewriter) const override {
    if (!channelsFirst(Back.getPerm()))
      return failure();
    auto Out = Back.getInput().getDefiningOp<ReshapeOp>();
    if (!Out || !Back.getInput().hasOneUse())
      return failure();
    std::optional<Linear> L2 = matchLinear(Out.getInput());
    if (!L2 || L2->Op.getActivation())
      return failure();
    std::optional<Linear> L1 = matchLinear(L2->Op.getA());
    if (!L1)
      return failure();
    auto In = L1->Op.getA().getDefiningOp<ReshapeOp>();
    if (!In || !L1->Op.getA().hasOneUse())
      return failure();
    std::optional<NormMatch> M = matchNorm(In.getInput());
    if (!M)
      return failure();
    Value X = M->ToLast.getInput();
    ArrayRef<int64_t> XS = shapeOf(X);
    int64_t C = XS[1], Pixels = 1;
    for (int64_t D : XS.drop_front(2))
      Pixels *= D;
    if (XS[0] != 1 || Pixels < MinColumnPixels || L1->K != C ||
        L2->K != L1->N || L2->N != C || Back.getType() != X.getType() ||
        shapeOf(L1->Op.getA()) != ArrayRef<int64_t>{Pixels, C})
      return failure();

    // The layer scale after it, if any.
    Operation *Last = Back;
    SmallVector<Location> Locs = {
        M->ToLast.getLoc(), M->Norm.getLoc(), In.getLoc(),  L1->Op.getLoc(),
        L2->Op.getLoc(),    Out.getLoc(),     Back.getLoc()};
    SmallVector<float> Scale;
    if (ElementwiseOp Mul = layerScale(Back, Scale)) {
      Last = Mul;
      Locs.push_back(Mul.getLoc());
    }

    Location Loc = Rewriter.getFusedLoc(Locs);
    Rewriter.setInsertionPoint(Last);
    auto F32 = Rewriter.getF32Type();
    Value U =
        Rewriter.create<ReshapeOp>(Loc, RankedTensorType::get({C, Pixels}, F32),
                                   channelNorm(Rewriter, Loc, *M));
    Value H = transposedLinear(Rewriter, Loc, *L1, U, {});
    Value Z = transposedLinear(Rewriter, Loc, *L2, H, Scale);
    Rewriter.replaceOp(Last, Rewriter.create<ReshapeOp>(Loc, X.getType(), Z));
    return success();
  }
};

} // namespace

void accel::graph::populateChannelNormFusion(RewritePatternSet &Patterns) {
  Patterns.add<FuseNormBetweenPermutes, FuseChannelsLastBlock,
               FuseChannelsLastNorm, FoldLayerScale>(Patterns.getContext());
}
