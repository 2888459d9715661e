//===-- ImportConvNd.cpp - ONNX Conv in 1-D and 3-D, ConvTranspose in 3-D -===//
//
// The 1-D and 3-D convolutions as one call of the 2-D kernels, exactly:
// - 1-D: the 2-D op over [N, C, 1, L] with a [M, C/g, 1, K] kernel (views).
// - 3-D: the depth taps folded into the channels. For each output depth,
//   the KD input slices its taps read (a zero slice for a tap in the
//   padding) are gathered as channels c KD + kd, so that one 2-D op over
//   [N OD, C KD, H, W] with the kernel viewed as [M, C/g KD, KH, KW] makes
//   every output depth; a group's channels stay together. A depthwise one
//   (one input channel a group) makes each folded channel a group of its
//   own instead, for the 2-D depthwise kernel, and adds the KD partial
//   sums: groups of KD channels would take the matrix unit one output
//   channel at a time. The transposed convolution folds the same way:
//   output depth od takes input slice (od + pad - kd dilation) / stride
//   for tap kd where that divides, a zero slice otherwise, and the kernel
//   [C, M/g, KD, KH, KW] becomes [C KD, M/g, KH, KW]. Where each output
//   depth takes one tap at most ((KD - 1) dilation < stride: no overlap)
//   the taps go to the output channels instead, m KD + kd of one 2-D op
//   over [N D, C, H, W] with the kernel viewed as [C, M/g KD, KH, KW],
//   whose planes are then placed: no product with a zero slice, of which
//   the input side's fold would make up to stride - 1 in stride.
//
//===----------------------------------------------------------------------===//

#include "import/Importer.h"

#include "mlir/IR/Matchers.h"

using namespace accel::graph;
using namespace accel::graph::import_detail;

namespace {

/// The smallest plane (floats) gathered one at a time into its folded
/// place: below it, moving each plane of every channel in one transfer and
/// then transposing costs less than a transfer a plane.
constexpr int64_t MinGatheredPlane = 128;

/// Builds the reshapes, gathers and transposes of the folds in the
/// node's element type.
struct Folder {
  OpBuilder &B;
  Location Loc;
  Type E;

  RankedTensorType shape(ArrayRef<int64_t> S) const {
    return RankedTensorType::get(S, E);
  }
  Value reshape(Value V, ArrayRef<int64_t> S) const {
    return B.create<ReshapeOp>(Loc, shape(S), V);
  }
  /// [A, B, C, D] -> [A, C, B, D].
  Value swapMiddle(Value V) const {
    ArrayRef<int64_t> S = cast<RankedTensorType>(V.getType()).getShape();
    return B.create<TransposeOp>(Loc, shape({S[0], S[2], S[1], S[3]}), V,
                                 B.getDenseI64ArrayAttr({0, 2, 1, 3}));
  }

  /// V with a plane of zeros after its last along \p Axis.
  Value zeroPlane(Value V, size_t Axis) const {
    ArrayRef<int64_t> S = cast<RankedTensorType>(V.getType()).getShape();
    std::vector<int64_t> Padded(S), Pads(2 * S.size(), 0);
    ++Padded[Axis], Pads[S.size() + Axis] = 1;
    return B.create<PadOp>(Loc, shape(Padded), V, Value(),
                           B.getDenseI64ArrayAttr(Pads),
                           PadModeAttr::get(B.getContext(), PadMode::constant),
                           B.getF32FloatAttr(0.0f));
  }

  /// X [N, C, D, H, W] as [N OD, C KD, H, W]: channel c KD + kd of image
  /// n OD + od is depth Source[od KD + kd] of x, or zeros where that is
  /// D (a zero plane padded on).
  Value foldDepth(Value X, ArrayRef<int64_t> Source, int64_t OD,
                  int64_t KD) const {
    ArrayRef<int64_t> S = cast<RankedTensorType>(X.getType()).getShape();
    int64_t N = S[0], C = S[1], D = S[2], HW = S[3] * S[4];
    std::vector<int64_t> Folded = {N * OD, C * KD, S[3], S[4]};
    bool Zeros = llvm::any_of(Source, [&](int64_t I) { return I == D; });
    bool Identity = int64_t(Source.size()) == D;
    for (size_t I = 0; I != Source.size() && Identity; ++I)
      Identity = Source[I] == int64_t(I);
    if (!Identity && HW >= MinGatheredPlane) {
      // One gather along (C, D) merged, the planes in their final order.
      Value V = reshape(X, {N, C * D, HW});
      if (Zeros)
        V = zeroPlane(V, 1);
      std::vector<int64_t> Planes;
      for (int64_t O = 0; O != OD; ++O)
        for (int64_t Ch = 0; Ch != C; ++Ch)
          for (int64_t K = 0; K != KD; ++K) {
            int64_t I = Source[O * KD + K];
            Planes.push_back(I == D ? C * D : Ch * D + I);
          }
      V = B.create<GatherOp>(Loc, shape({N, OD * C * KD, HW}), V, Value(),
                             B.getI64IntegerAttr(1),
                             B.getDenseI64ArrayAttr(Planes));
      return reshape(V, Folded);
    }
    // A gather along D (each index's planes of every channel), then C
    // and OD swapped.
    Value V = reshape(X, {N, C, D, HW});
    if (Zeros)
      V = zeroPlane(V, 2);
    if (!Identity)
      V = B.create<GatherOp>(Loc, shape({N, C, OD * KD, HW}), V, Value(),
                             B.getI64IntegerAttr(2),
                             B.getDenseI64ArrayAttr(Source));
    V = reshape(V, {N, C, OD, KD * HW});
    if (C != 1 && OD != 1)
      V = swapMiddle(V);
    return reshape(V, Folded);
  }

  /// Y [N OD, M, OH, OW] as [N, M, OD, OH, OW].
  Value unfoldDepth(Value Y, ArrayRef<int64_t> Out) const {
    int64_t N = Out[0], M = Out[1], OD = Out[2], OHW = Out[3] * Out[4];
    Value V = reshape(Y, {N, OD, M, OHW});
    if (M != 1 && OD != 1)
      V = swapMiddle(V);
    return reshape(V, Out);
  }
};

} // namespace

/// A constant [Size] whose element i is element Of(i) of \p Bias, an f32
/// constant, or zero where Of(i) is negative; null for another bias.
static Value biasConstant(OpBuilder &B, Location Loc, Value Bias, int64_t Size,
                          function_ref<int64_t(int64_t)> Of) {
  DenseElementsAttr A;
  if (!matchPattern(Bias, m_Constant(&A)) || !A.getElementType().isF32())
    return {};
  SmallVector<float> From(A.getValues<float>()), V;
  for (int64_t I = 0; I != Size; ++I)
    V.push_back(Of(I) < 0 ? 0.0f : From[Of(I)]);
  auto T = RankedTensorType::get({Size}, B.getF32Type());
  return B.create<arith::ConstantOp>(Loc, T,
                                     DenseElementsAttr::get(T, ArrayRef(V)));
}

bool Importer::convNd(Value X, Value W, Value Bias) {
  ArrayRef<int64_t> XShape = G.Values.at(Node->Inputs[0]).Shape;
  ArrayRef<int64_t> WShape = G.Values.at(Node->Inputs[1]).Shape;
  if (WShape.size() != 3 && WShape.size() != 5)
    return fail("only 1-, 2- and 3-D convolutions are supported (weight "
                "rank " +
                Twine(WShape.size()) + ")");
  std::vector<int64_t> Kernel(WShape.begin() + 2, WShape.end());
  if (const og::Attribute *K = attr("kernel_shape"); K && K->IntList != Kernel)
    return fail("kernel_shape does not match the weight's shape");
  std::vector<int64_t> S, P, D;
  if (!window(Kernel, S, P, D))
    return false;
  RankedTensorType Result = resultType();
  ArrayRef<int64_t> Out = Result.getShape();
  Folder F{B, loc(), Result.getElementType()};
  int64_t Group = intAttr("group", 1);
  auto conv2d = [&](Value In, Value Wt, ArrayRef<int64_t> Shape,
                    ArrayRef<int64_t> Strides, ArrayRef<int64_t> Pads,
                    ArrayRef<int64_t> Dilations, Value Bs = {},
                    int64_t Groups = 0) -> Value {
    return B.create<Conv2dOp>(loc(), F.shape(Shape), In, Wt, Groups ? Bs : Bias,
                              B.getDenseI64ArrayAttr(Strides),
                              B.getDenseI64ArrayAttr(Pads),
                              B.getDenseI64ArrayAttr(Dilations),
                              B.getI64IntegerAttr(Groups ? Groups : Group),
                              ActivationAttr(), FloatAttr(), FloatAttr());
  };
  if (Kernel.size() == 1) {
    Value Y = conv2d(F.reshape(X, {XShape[0], XShape[1], 1, XShape[2]}),
                     F.reshape(W, {WShape[0], WShape[1], 1, WShape[2]}),
                     {Out[0], Out[1], 1, Out[2]}, {1, S[0]}, {0, P[0], 0, P[1]},
                     {1, D[0]});
    return define(F.reshape(Y, Out));
  }
  // Output depth od's tap kd reads input depth od sd + kd dd - pad.
  int64_t Depth = XShape[2], OD = Out[2], KD = Kernel[0];
  std::vector<int64_t> Source;
  for (int64_t O = 0; O != OD; ++O)
    for (int64_t K = 0; K != KD; ++K) {
      int64_t I = O * S[0] + K * D[0] - P[0];
      Source.push_back(I < 0 || I >= Depth ? Depth : I);
    }
  int64_t C = XShape[1], M = Out[1], N = Out[0];
  if (WShape[1] == 1 && Group > 1 && KD > 1) {
    // Depthwise: a folded channel c KD + kd would make a group of KD
    // channels, which the matrix unit would take one output channel at a
    // time. Each is a group of its own instead (the 2-D depthwise kernel),
    // its Mg outputs the partial sums of tap kd, which a reduce adds.
    int64_t Mg = M / C, KHW = WShape[3] * WShape[4];
    Value Wt = F.reshape(W, {C, Mg, KD, KHW});
    if (Mg != 1)
      Wt = F.swapMiddle(Wt);
    Wt = F.reshape(Wt, {C * KD * Mg, 1, WShape[3], WShape[4]});
    // The bias on tap 0's partial sums.
    Value Bs =
        !Bias ? Value()
              : biasConstant(
                    B, loc(), Bias, C * KD * Mg, [&](int64_t I) -> int64_t {
                      return I / Mg % KD ? -1 : I / (KD * Mg) * Mg + I % Mg;
                    });
    int64_t OHW = Out[3] * Out[4];
    Value Y = conv2d(F.foldDepth(X, Source, OD, KD), Wt,
                     {N * OD, C * KD * Mg, Out[3], Out[4]}, {S[1], S[2]},
                     {P[1], P[2], P[4], P[5]}, {D[1], D[2]}, Bs, C * KD);
    // Tap kd's partial sums: a slice of the 2-D result (a view), added.
    Value Taps = F.reshape(Y, {N * OD, C, KD, Mg * OHW});
    auto tap = [&](int64_t K) -> Value {
      return B.create<SliceOp>(loc(), F.shape({N * OD, C, 1, Mg * OHW}), Taps,
                               B.getDenseI64ArrayAttr({0, 0, K, 0}),
                               B.getDenseI64ArrayAttr({1, 1, 1, 1}));
    };
    Y = tap(0);
    for (int64_t K = 1; K != KD; ++K)
      Y = createElementwise(ElementwiseKind::add, Y.getType(), {Y, tap(K)});
    Y = F.unfoldDepth(F.reshape(Y, {N * OD, M, Out[3], Out[4]}), Out);
    if (Bias && !Bs)
      Y = createElementwise(ElementwiseKind::add, Result,
                            {Y, F.reshape(Bias, {1, M, 1, 1, 1})});
    return define(Y);
  }
  Value Y =
      conv2d(F.foldDepth(X, Source, OD, KD),
             F.reshape(W, {WShape[0], WShape[1] * KD, WShape[3], WShape[4]}),
             {Out[0] * OD, Out[1], Out[3], Out[4]}, {S[1], S[2]},
             {P[1], P[2], P[4], P[5]}, {D[1], D[2]});
  return define(F.unfoldDepth(Y, Out));
}

Value Importer::convTranspose3d(Value X, Value W, Value Bias,
                                ArrayRef<int64_t> S, ArrayRef<int64_t> P,
                                ArrayRef<int64_t> D, ArrayRef<int64_t> OP,
                                int64_t Group) {
  ArrayRef<int64_t> XShape = cast<RankedTensorType>(X.getType()).getShape();
  ArrayRef<int64_t> WShape = cast<RankedTensorType>(W.getType()).getShape();
  RankedTensorType Result = resultType();
  ArrayRef<int64_t> Out = Result.getShape();
  Folder F{B, loc(), Result.getElementType()};
  int64_t Depth = XShape[2], OD = Out[2], KD = WShape[2];
  if ((KD - 1) * D[0] < S[0])
    return convTranspose3dDisjoint(X, W, Bias, S, P, D, OP, Group);
  // Output depth od's tap kd reads input depth (od + pad - kd dd) / sd.
  std::vector<int64_t> Source;
  for (int64_t O = 0; O != OD; ++O)
    for (int64_t K = 0; K != KD; ++K) {
      int64_t Num = O + P[0] - K * D[0];
      int64_t I = Num >= 0 && Num % S[0] == 0 ? Num / S[0] : Depth;
      Source.push_back(I >= Depth ? Depth : I);
    }
  int64_t C = WShape[0], Mg = WShape[1], KHW = WShape[3] * WShape[4];
  Value Wt = F.swapMiddle(F.reshape(W, {C, Mg, KD, KHW}));
  Wt = F.reshape(Wt, {C * KD, Mg, WShape[3], WShape[4]});
  Value Y = B.create<ConvTranspose2dOp>(
      loc(), F.shape({Out[0] * OD, Out[1], Out[3], Out[4]}),
      F.foldDepth(X, Source, OD, KD), Wt, Bias,
      B.getDenseI64ArrayAttr({S[1], S[2]}),
      B.getDenseI64ArrayAttr({P[1], P[2], P[4], P[5]}),
      B.getDenseI64ArrayAttr({D[1], D[2]}),
      B.getDenseI64ArrayAttr({OP[1], OP[2]}), B.getI64IntegerAttr(Group));
  return F.unfoldDepth(Y, Out);
}

Value Importer::convTranspose3dDisjoint(Value X, Value W, Value Bias,
                                        ArrayRef<int64_t> S,
                                        ArrayRef<int64_t> P,
                                        ArrayRef<int64_t> D,
                                        ArrayRef<int64_t> OP, int64_t Group) {
  ArrayRef<int64_t> XShape = cast<RankedTensorType>(X.getType()).getShape();
  ArrayRef<int64_t> WShape = cast<RankedTensorType>(W.getType()).getShape();
  RankedTensorType Result = resultType();
  ArrayRef<int64_t> Out = Result.getShape();
  Folder F{B, loc(), Result.getElementType()};
  int64_t N = Out[0], M = Out[1], OD = Out[2], OHW = Out[3] * Out[4];
  int64_t C = XShape[1], Depth = XShape[2], KD = WShape[2];
  // Output depth od = id sd + kd dd - pad: plane id KD + kd of the 2-D
  // result below, or none (zeros: plane Depth KD).
  std::vector<int64_t> Source;
  for (int64_t O = 0; O != OD; ++O) {
    int64_t Plane = Depth * KD;
    for (int64_t K = 0; K != KD; ++K) {
      int64_t Num = O + P[0] - K * D[0];
      if (Num >= 0 && Num % S[0] == 0 && Num / S[0] < Depth)
        Plane = Num / S[0] * KD + K;
    }
    Source.push_back(Plane);
  }
  bool Zeros = llvm::is_contained(Source, Depth * KD);
  // The bias per channel m KD + kd where every output plane is one of the
  // 2-D op's, else added after.
  Value Repeated = Bias && !Zeros
                       ? biasConstant(B, loc(), Bias, M * KD,
                                      [&](int64_t I) { return I / KD; })
                       : Value();
  Value In = F.reshape(X, {N, C, Depth, XShape[3] * XShape[4]});
  if (C != 1 && Depth != 1)
    In = F.swapMiddle(In);
  In = F.reshape(In, {N * Depth, C, XShape[3], XShape[4]});
  Value Y = B.create<ConvTranspose2dOp>(
      loc(), F.shape({N * Depth, M * KD, Out[3], Out[4]}), In,
      F.reshape(W, {C, WShape[1] * KD, WShape[3], WShape[4]}), Repeated,
      B.getDenseI64ArrayAttr({S[1], S[2]}),
      B.getDenseI64ArrayAttr({P[1], P[2], P[4], P[5]}),
      B.getDenseI64ArrayAttr({D[1], D[2]}),
      B.getDenseI64ArrayAttr({OP[1], OP[2]}), B.getI64IntegerAttr(Group));
  Value V = F.reshape(Y, {N, Depth, M, KD * OHW});
  if (M != 1 && Depth != 1)
    V = F.swapMiddle(V);
  V = F.reshape(V, {N, M, Depth * KD, OHW});
  bool Identity = OD == Depth * KD;
  for (int64_t O = 0; O != OD && Identity; ++O)
    Identity = Source[O] == O;
  if (!Identity) {
    if (Zeros)
      V = F.zeroPlane(V, 2);
    V = B.create<GatherOp>(loc(), F.shape({N, M, OD, OHW}), V, Value(),
                           B.getI64IntegerAttr(2),
                           B.getDenseI64ArrayAttr(Source));
  }
  V = F.reshape(V, Out);
  if (Bias && !Repeated)
    V = createElementwise(ElementwiseKind::add, Result,
                          {V, F.reshape(Bias, {1, M, 1, 1, 1})});
  return V;
}
