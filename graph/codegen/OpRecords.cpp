//===-- OpRecords.cpp - An accel op's record for the graph runtime --------===//
//
// One function per op fills its accel_graph_<op>_attrs (graph_runtime.h);
// recordOf's switch is the one list of the ops the runtime runs. The
// structs are copied into the record's 8-byte fields as they lie: the
// host's and Accel's LP64 lay them out alike, which graph_runtime.h
// checks on both sides.
//
//===----------------------------------------------------------------------===//

#include "codegen/OpRecords.h"
#include "dialect/AccelGraphDialect.h"

#include "llvm/ADT/TypeSwitch.h"

#include <cmath>
#include <cstring>
#include <type_traits>

#include "accel_kernels.h"
#include "graph_runtime.h"

using namespace mlir;
using namespace accel::graph;

namespace {

/// \p Attrs as a record's fields.
template <typename T>
void appendFields(SmallVectorImpl<int64_t> &Fields, const T &Attrs) {
  static_assert(std::is_trivially_copyable_v<T> && sizeof(T) % 8 == 0,
                "a record's struct is a whole number of 8-byte fields");
  size_t At = Fields.size();
  Fields.resize(At + sizeof(T) / 8);
  std::memcpy(Fields.data() + At, &Attrs, sizeof(T));
}

template <typename T> OpRecord recordWith(int64_t Code, const T &Attrs) {
  OpRecord R{Code, {}};
  appendFields(R.Fields, Attrs);
  return R;
}

accel_graph_float f32(float V) {
  accel_graph_float F{};
  F.value = V;
  return F;
}

accel_graph_float f32(const llvm::APFloat &V) {
  return f32(V.convertToFloat());
}

accel_graph_float f32(std::optional<llvm::APFloat> V) {
  return f32(V ? V->convertToFloat() : 0.0f);
}

/// An optional activation as the library's accel_act_kind (the enum's
/// values are the library's).
long activationCode(std::optional<Activation> Act) {
  return Act ? long(*Act) : long(ACCEL_ACT_NONE);
}

/// A matrix-unit op's fused activation.
template <typename OpTy> accel_graph_activation activationOf(OpTy Op) {
  accel_graph_activation A{};
  A.kind = activationCode(Op.getActivation());
  A.lo = f32(Op.getActLo());
  A.hi = f32(Op.getActHi());
  return A;
}

/// A rank-1 operand of a matrix product as the matrix numpy makes of it:
/// a row [1, K] or a column [K, 1].
void promoteVector(ViewLayout &L, bool AsRow) {
  int64_t K = L.Dims[0], S = L.Strides[0];
  L.Dims =
      AsRow ? SmallVector<int64_t, 6>{1, K} : SmallVector<int64_t, 6>{K, 1};
  L.Strides =
      AsRow ? SmallVector<int64_t, 6>{K * S, S} : SmallVector<int64_t, 6>{S, 1};
}

/// a and b as the kernel's matrices, y with the dimensions of 1 numpy
/// dropped for vector operands: the runtime calls accel_gemm where a and b
/// are then matrices, else accel_batched_matmul.
std::optional<OpRecord> record(MatMulOp Op, MutableArrayRef<ViewLayout> L) {
  ViewLayout &A = L[0], &B = L[1], &Y = L[2];
  bool AVec = A.Dims.size() == 1, BVec = B.Dims.size() == 1;
  if (AVec || BVec) {
    size_t Batch = Y.Dims.size() - !AVec - !BVec;
    // The dropped dimensions' strides (-1 here) as a row-major layout has
    // them: the next dimension's extent, or 1 last.
    SmallVector<int64_t, 6> Dims(Y.Dims.begin(), Y.Dims.begin() + Batch);
    SmallVector<int64_t, 6> Strides(Y.Strides.begin(),
                                    Y.Strides.begin() + Batch);
    size_t At = Batch;
    for (bool Dropped : {AVec, BVec}) {
      Dims.push_back(Dropped ? 1 : Y.Dims[At]);
      Strides.push_back(Dropped ? -1 : Y.Strides[At++]);
    }
    for (size_t D = Dims.size(); D-- > Batch;)
      if (Strides[D] < 0)
        Strides[D] = D + 1 == Dims.size() ? 1 : Strides[D + 1] * Dims[D + 1];
    Y.Dims = Dims;
    Y.Strides = Strides;
    if (AVec)
      promoteVector(A, /*AsRow=*/true);
    if (BVec)
      promoteVector(B, /*AsRow=*/false);
  }
  accel_graph_matmul_attrs Attrs{};
  Attrs.act = activationOf(Op);
  return recordWith(ACCEL_GRAPH_MATMUL, Attrs);
}

/// C as accel_gemm's bias where it is one, made 1-D: a row of N ([N],
/// [1, N]) or a column of M ([M, 1]).
accel_bias_kind asBias(ViewLayout &C, const ViewLayout &Y) {
  int64_t M = Y.Dims[0], N = Y.Dims[1], Count = 1;
  for (int64_t D : C.Dims)
    Count *= D;
  size_t Rank = C.Dims.size();
  if (Count == N && (Rank == 1 || (Rank != 0 && C.Dims[0] == 1))) {
    C.Dims = {N};
    C.Strides = {C.Strides.back()};
    return ACCEL_BIAS_PER_COLUMN;
  }
  if (Rank == 2 && C.Dims[0] == M && C.Dims[1] == 1) {
    C.Dims = {M};
    C.Strides = {C.Strides[0]};
    return ACCEL_BIAS_PER_ROW;
  }
  return ACCEL_BIAS_NONE;
}

/// ONNX Gemm: C as the kernel's bias where beta is 1 and it is a row or a
/// column; any other C is broadcast into y before the product (beta).
std::optional<OpRecord> record(GemmOp Op, MutableArrayRef<ViewLayout> L) {
  accel_graph_gemm_attrs Attrs{};
  Attrs.alpha = f32(Op.getAlpha());
  Attrs.beta = f32(Op.getBeta());
  Attrs.trans_a = Op.getTransA();
  Attrs.trans_b = Op.getTransB();
  Attrs.bias_kind = ACCEL_BIAS_NONE;
  if (L.size() == 4 && Attrs.beta.value == 1.0f)
    Attrs.bias_kind = asBias(L[2], L[3]);
  Attrs.act = activationOf(Op);
  return recordWith(ACCEL_GRAPH_GEMM, Attrs);
}

std::optional<OpRecord> record(Conv2dOp Op, MutableArrayRef<ViewLayout>) {
  accel_graph_conv2d_attrs Attrs{};
  llvm::copy(Op.getStrides(), Attrs.strides);
  llvm::copy(Op.getPads(), Attrs.pads);
  llvm::copy(Op.getDilations(), Attrs.dilations);
  Attrs.groups = Op.getGroup();
  Attrs.act = activationOf(Op);
  Attrs.maxpool = Op->hasAttr("accel.maxpool");
  return recordWith(ACCEL_GRAPH_CONV2D, Attrs);
}

std::optional<OpRecord> record(Conv2dUpsampledOp Op,
                               MutableArrayRef<ViewLayout>) {
  accel_graph_conv2d_upsampled_attrs Attrs{};
  Attrs.scale = Op.getScale();
  Attrs.kernel_h = Op.getKernelH();
  llvm::copy(Op.getPads(), Attrs.pads);
  Attrs.act = activationOf(Op);
  return recordWith(ACCEL_GRAPH_CONV2D_UPSAMPLED, Attrs);
}

std::optional<OpRecord> record(ConvTranspose2dOp Op,
                               MutableArrayRef<ViewLayout>) {
  accel_graph_conv_transpose_attrs Attrs{};
  llvm::copy(Op.getStrides(), Attrs.strides);
  llvm::copy(Op.getPads(), Attrs.pads);
  llvm::copy(Op.getDilations(), Attrs.dilations);
  llvm::copy(Op.getOutputPadding(), Attrs.output_padding);
  Attrs.groups = Op.getGroup();
  return recordWith(ACCEL_GRAPH_CONV_TRANSPOSE, Attrs);
}

std::optional<OpRecord> record(Pool2dOp Op, MutableArrayRef<ViewLayout>) {
  accel_graph_pool2d_attrs Attrs{};
  Attrs.avg = Op.getKind() == PoolKind::avg;
  llvm::copy(Op.getKernel(), Attrs.kernel);
  llvm::copy(Op.getStrides(), Attrs.strides);
  llvm::copy(Op.getPads(), Attrs.pads);
  llvm::copy(Op.getDilations(), Attrs.dilations);
  Attrs.ceil_mode = Op.getCeilMode();
  Attrs.count_include_pad = Op.getCountIncludePad();
  return recordWith(ACCEL_GRAPH_POOL2D, Attrs);
}

std::optional<OpRecord> record(MaxPoolTypedOp Op,
                               MutableArrayRef<ViewLayout>) {
  accel_graph_maxpool_typed_attrs Attrs{};
  llvm::copy(Op.getKernel(), Attrs.pool.kernel);
  llvm::copy(Op.getStrides(), Attrs.pool.strides);
  llvm::copy(Op.getPads(), Attrs.pool.pads);
  llvm::copy(Op.getDilations(), Attrs.pool.dilations);
  Attrs.pool.ceil_mode = Op.getCeilMode();
  Attrs.output = !Op.getIndices()          ? ACCEL_POOL_VALUES
                 : Op.getStorageOrder() == 0 ? ACCEL_POOL_INDICES
                                             : ACCEL_POOL_INDICES_COLUMN_MAJOR;
  return recordWith(ACCEL_GRAPH_MAXPOOL_TYPED, Attrs);
}

std::optional<OpRecord> record(GridSampleOp Op, MutableArrayRef<ViewLayout>) {
  accel_graph_grid_sample_attrs Attrs{};
  Attrs.mode = Op.getMode();
  Attrs.padding = Op.getPadding();
  Attrs.align_corners = Op.getAlignCorners();
  return recordWith(ACCEL_GRAPH_GRID_SAMPLE, Attrs);
}

std::optional<OpRecord> record(DetOp, MutableArrayRef<ViewLayout>) {
  return OpRecord{ACCEL_GRAPH_DET, {}};
}

std::optional<OpRecord> record(RopeOp, MutableArrayRef<ViewLayout>) {
  return OpRecord{ACCEL_GRAPH_ROPE, {}};
}

/// [..., N] as the MoE kernels' [rows, N], where the leading dimensions
/// step as one (a tensor the plan laid out whole); left as it is
/// otherwise, which the kernel refuses by name.
void asRows(ViewLayout &L) {
  size_t Rank = L.Dims.size();
  if (Rank == 2)
    return;
  if (Rank == 1) {
    L.Dims = {1, L.Dims[0]};
    L.Strides = {L.Dims[1] * L.Strides[0], L.Strides[0]};
    return;
  }
  int64_t Rows = 1;
  for (size_t D = 0; D + 1 < Rank; ++D) {
    if (D + 2 < Rank && L.Dims[D] != 1 &&
        L.Strides[D] != L.Strides[D + 1] * L.Dims[D + 1])
      return;
    Rows *= L.Dims[D];
  }
  L.Dims = {Rows, L.Dims.back()};
  L.Strides = {L.Strides[Rank - 2], L.Strides.back()};
}

std::optional<OpRecord> record(MoeRouteOp Op, MutableArrayRef<ViewLayout> L) {
  for (ViewLayout &V : L)
    asRows(V);
  return OpRecord{ACCEL_GRAPH_MOE_ROUTE, {Op.getK(), Op.getRenormalize()}};
}

std::optional<OpRecord> record(GatedSumOp Op, MutableArrayRef<ViewLayout> L) {
  for (ViewLayout &V : L)
    asRows(V);
  ArrayRef<int64_t> Columns = Op.getColumns();
  return OpRecord{ACCEL_GRAPH_GATED_SUM, {Columns.begin(), Columns.end()}};
}

std::optional<OpRecord> record(ElementwiseOp Op, MutableArrayRef<ViewLayout>) {
  accel_graph_elementwise_attrs Attrs{};
  Attrs.op = long(Op.getKind());
  Attrs.alpha = f32(Op.getAlpha());
  Attrs.lo = f32(Op.getLo());
  Attrs.hi = f32(Op.getHi());
  return recordWith(ACCEL_GRAPH_ELEMENTWISE, Attrs);
}

/// Clip to [-inf, inf] is the identity (NaN stays NaN), and the
/// elementwise kernel broadcasts its input to the result.
std::optional<OpRecord> record(ExpandOp, MutableArrayRef<ViewLayout>) {
  accel_graph_elementwise_attrs Attrs{};
  Attrs.op = ACCEL_EW_CLIP;
  Attrs.alpha = f32(0.0f);
  Attrs.lo = f32(-INFINITY);
  Attrs.hi = f32(INFINITY);
  return recordWith(ACCEL_GRAPH_ELEMENTWISE, Attrs);
}

std::optional<OpRecord> record(ElementwiseChainOp Op,
                               MutableArrayRef<ViewLayout>) {
  accel_graph_chain_attrs Attrs{};
  Attrs.count = Op.getKinds().size();
  OpRecord R = recordWith(ACCEL_GRAPH_CHAIN, Attrs);
  for (size_t I = 0; I != Op.getKinds().size(); ++I) {
    accel_graph_chain_step Step{};
    Step.op = long(cast<ElementwiseKindAttr>(Op.getKinds()[I]).getValue());
    Step.in = Op.getOperands()[I];
    Step.swap = Op.getSwaps()[I];
    Step.alpha = f32(Op.getAlphas()[I]);
    Step.lo = f32(Op.getLos()[I]);
    Step.hi = f32(Op.getHis()[I]);
    appendFields(R.Fields, Step);
  }
  return R;
}

std::optional<OpRecord> record(SoftmaxOp Op, MutableArrayRef<ViewLayout>) {
  accel_graph_softmax_attrs Attrs{};
  Attrs.axis = Op.getAxis();
  Attrs.log = Op.getLog();
  return recordWith(ACCEL_GRAPH_SOFTMAX, Attrs);
}

std::optional<OpRecord> record(TransposeOp Op, MutableArrayRef<ViewLayout>) {
  ArrayRef<int64_t> Perm = Op.getPerm(); // accel_graph_transpose_attrs
  return OpRecord{ACCEL_GRAPH_TRANSPOSE, {Perm.begin(), Perm.end()}};
}

std::optional<OpRecord> record(ReduceOp Op, MutableArrayRef<ViewLayout>) {
  accel_graph_reduce_attrs Attrs{};
  Attrs.op = long(Op.getKind());
  Attrs.count = Op.getAxesValue() ? -1 : long(Op.getAxes().size());
  OpRecord R = recordWith(ACCEL_GRAPH_REDUCE, Attrs);
  llvm::append_range(R.Fields, Op.getAxes());
  return R;
}

std::optional<OpRecord> record(LayerNormOp Op, MutableArrayRef<ViewLayout>) {
  accel_graph_layernorm_attrs Attrs{};
  Attrs.axis = Op.getAxis();
  Attrs.epsilon = f32(Op.getEpsilon());
  Attrs.residual = Op.writesSum() ? 2 : Op.getResidual() ? 1 : 0;
  return recordWith(ACCEL_GRAPH_LAYERNORM, Attrs);
}

std::optional<OpRecord> record(RmsNormOp Op, MutableArrayRef<ViewLayout>) {
  accel_graph_rmsnorm_attrs Attrs{};
  Attrs.epsilon = f32(Op.getEpsilon());
  Attrs.residual = Op.writesSum() ? 2 : Op.getResidual() ? 1 : 0;
  return recordWith(ACCEL_GRAPH_RMSNORM, Attrs);
}

std::optional<OpRecord> record(BatchNormOp Op, MutableArrayRef<ViewLayout>) {
  accel_graph_batchnorm_attrs Attrs{};
  Attrs.epsilon = f32(Op.getEpsilon());
  return recordWith(ACCEL_GRAPH_BATCHNORM, Attrs);
}

std::optional<OpRecord> record(ConcatOp Op, MutableArrayRef<ViewLayout>) {
  if (Op.getInputs().size() > size_t(ACCEL_CONCAT_MAX_INPUTS))
    return std::nullopt;
  accel_graph_concat_attrs Attrs{};
  Attrs.axis = Op.getAxis();
  return recordWith(ACCEL_GRAPH_CONCAT, Attrs);
}

std::optional<OpRecord> record(SliceOp Op, MutableArrayRef<ViewLayout>) {
  OpRecord R{ACCEL_GRAPH_SLICE, {}}; // accel_graph_slice_attrs
  llvm::append_range(R.Fields, Op.getStarts());
  llvm::append_range(R.Fields, Op.getSteps());
  return R;
}

/// Attention's q, k, v and result with one batch shape, the finer one of
/// a view among q, k and v (heads split from a slice, Views.cpp): each
/// other operand's batch dimensions split into it (a dimension of stride
/// s into runs whose strides step from s). The mask keeps its own: it
/// broadcasts over the batch, aligned from the right.
void giveOneBatchShape(AttentionOp A, MutableArrayRef<ViewLayout> Ls) {
  size_t Rank = shapeOf(A.getQ()).size();
  std::optional<SmallVector<int64_t, 6>> Batch;
  for (size_t I = 0; I != 3 && !Batch; ++I)
    if (Ls[I].Dims.size() > Rank)
      Batch.emplace(Ls[I].Dims.begin(), Ls[I].Dims.end() - 2);
  if (!Batch)
    return;
  for (size_t I = 0; I != Ls.size(); ++I) {
    ViewLayout &L = Ls[I];
    bool IsMask = A.getMask() && I == 3;
    if (IsMask || L.Dims.size() == Batch->size() + 2)
      continue;
    int64_t Rows = L.Dims[L.Dims.size() - 2], Cols = L.Dims.back();
    SmallVector<int64_t, 6> Own(L.Dims.begin(), L.Dims.end() - 2);
    auto Runs = refinementRuns(Own, *Batch); // Views.cpp checked it
    SmallVector<int64_t, 6> Strides(Batch->size() + 2);
    for (size_t D = 0; D != Own.size(); ++D) {
      int64_t S = L.Strides[D];
      for (size_t J = (*Runs)[D + 1]; J-- > (*Runs)[D];)
        Strides[J] = S, S *= (*Batch)[J];
    }
    Strides[Batch->size()] = L.Strides[Own.size()];
    Strides[Batch->size() + 1] = L.Strides[Own.size() + 1];
    L.Dims.assign(Batch->begin(), Batch->end());
    L.Dims.append({Rows, Cols});
    L.Strides = Strides;
  }
}

std::optional<OpRecord> record(AttentionOp Op, MutableArrayRef<ViewLayout> L) {
  giveOneBatchShape(Op, L);
  accel_graph_attention_attrs Attrs{};
  Attrs.scale = f32(Op.getScale());
  Attrs.causal = Op.getCausal();
  return recordWith(ACCEL_GRAPH_ATTENTION, Attrs);
}

std::optional<OpRecord> record(PadOp Op, MutableArrayRef<ViewLayout>) {
  accel_graph_pad_attrs Attrs{};
  Attrs.mode = long(Op.getMode());
  Attrs.value = f32(Op.getValue());
  OpRecord R = recordWith(ACCEL_GRAPH_PAD, Attrs);
  // ONNX's begins then ends as the library's pairs.
  ArrayRef<int64_t> Pads = Op.getPads();
  size_t Rank = Pads.size() / 2;
  for (size_t D = 0; D != Rank; ++D)
    R.Fields.append({Pads[D], Pads[Rank + D]});
  return R;
}

/// Constant indices: their count and values; index values at run time
/// (the second operand): -1 and their element's bytes.
std::optional<OpRecord> record(GatherOp Op, MutableArrayRef<ViewLayout>) {
  accel_graph_gather_attrs Attrs{};
  Attrs.axis = Op.getAxis();
  std::optional<ArrayRef<int64_t>> Indices = Op.getIndices();
  if (!Indices) {
    auto T = cast<RankedTensorType>(Op.getIndexValues().getType());
    Attrs.count = -1;
    OpRecord R = recordWith(ACCEL_GRAPH_GATHER, Attrs);
    R.Fields.push_back(getElementBytes(T.getElementType()));
    return R;
  }
  Attrs.count = Indices->size();
  OpRecord R = recordWith(ACCEL_GRAPH_GATHER, Attrs);
  llvm::append_range(R.Fields, *Indices);
  return R;
}

std::optional<OpRecord> record(CastOp, MutableArrayRef<ViewLayout>) {
  return OpRecord{ACCEL_GRAPH_CAST, {}};
}

std::optional<OpRecord> record(ArgReduceOp Op, MutableArrayRef<ViewLayout>) {
  accel_graph_argreduce_attrs Attrs{};
  Attrs.axis = Op.getAxis();
  Attrs.is_min = Op.getIsMin();
  Attrs.select_last = Op.getSelectLastIndex();
  return recordWith(ACCEL_GRAPH_ARGREDUCE, Attrs);
}

std::optional<OpRecord> record(HardmaxOp Op, MutableArrayRef<ViewLayout>) {
  accel_graph_hardmax_attrs Attrs{};
  Attrs.axis = Op.getAxis();
  return recordWith(ACCEL_GRAPH_HARDMAX, Attrs);
}

std::optional<OpRecord> record(CumSumOp Op, MutableArrayRef<ViewLayout>) {
  accel_graph_cumsum_attrs Attrs{};
  Attrs.axis = Op.getAxis();
  Attrs.exclusive = Op.getExclusive();
  Attrs.reverse = Op.getReverse();
  return recordWith(ACCEL_GRAPH_CUMSUM, Attrs);
}

std::optional<OpRecord> record(TopKOp Op, MutableArrayRef<ViewLayout>) {
  accel_graph_topk_attrs Attrs{};
  Attrs.axis = Op.getAxis();
  Attrs.k = Op.getK();
  Attrs.largest = Op.getLargest();
  Attrs.indices = Op.getIndices();
  return recordWith(ACCEL_GRAPH_TOPK, Attrs);
}

std::optional<OpRecord> record(GatherElementsOp Op,
                               MutableArrayRef<ViewLayout>) {
  accel_graph_elements_attrs Attrs{};
  Attrs.axis = Op.getAxis();
  return recordWith(ACCEL_GRAPH_GATHER_ELEMENTS, Attrs);
}

std::optional<OpRecord> record(ScatterElementsOp Op,
                               MutableArrayRef<ViewLayout>) {
  accel_graph_elements_attrs Attrs{};
  Attrs.axis = Op.getAxis();
  Attrs.reduction = long(Op.getReduction());
  return recordWith(ACCEL_GRAPH_SCATTER_ELEMENTS, Attrs);
}

std::optional<OpRecord> record(GatherNDOp Op, MutableArrayRef<ViewLayout>) {
  accel_graph_nd_attrs Attrs{};
  Attrs.batch_dims = Op.getBatchDims();
  return recordWith(ACCEL_GRAPH_GATHER_ND, Attrs);
}

std::optional<OpRecord> record(ScatterNDOp Op, MutableArrayRef<ViewLayout>) {
  accel_graph_nd_attrs Attrs{};
  Attrs.reduction = long(Op.getReduction());
  return recordWith(ACCEL_GRAPH_SCATTER_ND, Attrs);
}

std::optional<OpRecord> record(TriluOp Op, MutableArrayRef<ViewLayout>) {
  accel_graph_trilu_attrs Attrs{};
  Attrs.upper = Op.getUpper();
  Attrs.k = Op.getK();
  return recordWith(ACCEL_GRAPH_TRILU, Attrs);
}

std::optional<OpRecord> record(ReverseSequenceOp Op,
                               MutableArrayRef<ViewLayout>) {
  accel_graph_reverse_sequence_attrs Attrs{};
  Attrs.batch_axis = Op.getBatchAxis();
  Attrs.time_axis = Op.getTimeAxis();
  return recordWith(ACCEL_GRAPH_REVERSE_SEQUENCE, Attrs);
}

std::optional<OpRecord> record(OneHotOp Op, MutableArrayRef<ViewLayout>) {
  accel_graph_onehot_attrs Attrs{};
  Attrs.axis = Op.getAxis();
  return recordWith(ACCEL_GRAPH_ONEHOT, Attrs);
}

std::optional<OpRecord> record(TileOp, MutableArrayRef<ViewLayout>) {
  return OpRecord{ACCEL_GRAPH_TILE, {}};
}

std::optional<OpRecord> record(MaxUnpoolOp Op, MutableArrayRef<ViewLayout>) {
  OpRecord R{ACCEL_GRAPH_MAXUNPOOL, {}};
  llvm::append_range(R.Fields, Op.getIndexDims());
  return R;
}

std::optional<OpRecord> record(ResizeOp Op, MutableArrayRef<ViewLayout>) {
  accel_graph_resize_attrs Attrs{};
  Attrs.mode = long(Op.getMode());
  Attrs.coordinates = long(Op.getCoordinates());
  Attrs.nearest_mode = long(Op.getNearestMode());
  Attrs.exclude_outside = Op.getExcludeOutside();
  Attrs.cubic_coeff_a = f32(Op.getCubicCoeffA());
  Attrs.extrapolation_value = f32(Op.getExtrapolationValue());
  Attrs.roi_values = Op.getRoiValues() ? 1 : 0;
  Attrs.scale_values = Op.getScaleValues() ? 1 : 0;
  Attrs.size_values = Op.getSizeValues() ? 1 : 0;
  int64_t Rank = shapeOf(Op.getInput()).size();
  std::optional<ArrayRef<double>> Scales = Op.getScales(), Roi = Op.getRoi();
  for (int64_t D = 0; D != Rank; ++D) {
    Attrs.scales[D] = Scales ? (*Scales)[D] : 0.0;
    Attrs.roi_start[D] = Roi ? (*Roi)[D] : 0.0;
    Attrs.roi_end[D] = Roi ? (*Roi)[Rank + D] : 1.0;
  }
  return recordWith(ACCEL_GRAPH_RESIZE, Attrs);
}

std::optional<OpRecord> record(SliceValuesOp Op,
                               MutableArrayRef<ViewLayout>) {
  accel_graph_slice_values_attrs Attrs{};
  Attrs.axes = Op.getAxes() ? 1 : 0;
  Attrs.steps = Op.getSteps() ? 1 : 0;
  return recordWith(ACCEL_GRAPH_SLICE_VALUES, Attrs);
}

std::optional<OpRecord> record(PadValuesOp Op, MutableArrayRef<ViewLayout>) {
  accel_graph_pad_values_attrs Attrs{};
  Attrs.mode = long(Op.getMode());
  Attrs.value = f32(Op.getValue());
  return recordWith(ACCEL_GRAPH_PAD_VALUES, Attrs);
}

std::optional<OpRecord> record(ExpandValuesOp, MutableArrayRef<ViewLayout>) {
  return OpRecord{ACCEL_GRAPH_EXPAND_VALUES, {}};
}

std::optional<OpRecord> record(RangeOp, MutableArrayRef<ViewLayout>) {
  return OpRecord{ACCEL_GRAPH_RANGE, {}};
}

std::optional<OpRecord> record(GemmNormOp Op, MutableArrayRef<ViewLayout>) {
  accel_graph_gemm_norm_attrs Attrs{};
  Attrs.epsilon = f32(Op.getEpsilon());
  Attrs.trans_b = Op.getTransB();
  Attrs.bias = Op.getBias() ? 1 : 0;
  return recordWith(ACCEL_GRAPH_GEMM_NORM, Attrs);
}

std::optional<OpRecord> record(MlpNormOp Op, MutableArrayRef<ViewLayout>) {
  accel_graph_mlp_norm_attrs Attrs{};
  Attrs.epsilon = f32(Op.getEpsilon());
  Attrs.act = activationCode(Op.getActivation());
  Attrs.bias1 = Op.getBias1() ? 1 : 0;
  Attrs.bias2 = Op.getBias2() ? 1 : 0;
  return recordWith(ACCEL_GRAPH_MLP_NORM, Attrs);
}

std::optional<OpRecord> record(SqueezeExciteOp Op,
                               MutableArrayRef<ViewLayout>) {
  accel_graph_squeeze_excite_attrs Attrs{};
  Attrs.act = activationCode(Op.getActivation());
  Attrs.bias1 = Op.getBias1() ? 1 : 0;
  Attrs.bias2 = Op.getBias2() ? 1 : 0;
  return recordWith(ACCEL_GRAPH_SQUEEZE_EXCITE, Attrs);
}

std::optional<OpRecord> record(ChannelNormOp Op,
                               MutableArrayRef<ViewLayout>) {
  accel_graph_channel_norm_attrs Attrs{};
  Attrs.epsilon = f32(Op.getEpsilon());
  Attrs.scale = Op.getScale() ? 1 : 0;
  Attrs.shift = Op.getShift() ? 1 : 0;
  Attrs.channels_last = Op.getChannelsLast() ? 1 : 0;
  return recordWith(ACCEL_GRAPH_CHANNEL_NORM, Attrs);
}

std::optional<OpRecord> record(GroupNormOp Op, MutableArrayRef<ViewLayout>) {
  accel_graph_group_norm_attrs Attrs{};
  Attrs.groups = Op.getGroups();
  Attrs.epsilon = f32(Op.getEpsilon());
  Attrs.act = activationCode(Op.getActivation());
  return recordWith(ACCEL_GRAPH_GROUP_NORM, Attrs);
}

} // namespace

int64_t accel::graph::getAccelDtype(Type Element) {
  if (auto F = dyn_cast<FloatType>(Element))
    return F.isF16()    ? ACCEL_F16
           : F.isBF16() ? ACCEL_BF16
           : F.isF64()  ? ACCEL_F64
                        : ACCEL_F32;
  auto I = cast<IntegerType>(Element);
  bool U = I.isUnsigned();
  switch (I.getWidth()) {
  case 1:
    return ACCEL_BOOL;
  case 8:
    return U ? ACCEL_U8 : ACCEL_I8;
  case 16:
    return U ? ACCEL_U16 : ACCEL_I16;
  case 32:
    return U ? ACCEL_U32 : ACCEL_I32;
  default:
    return U ? ACCEL_U64 : ACCEL_I64;
  }
}

std::optional<OpRecord>
accel::graph::recordOf(Operation &Op, MutableArrayRef<ViewLayout> Layouts) {
  return llvm::TypeSwitch<Operation *, std::optional<OpRecord>>(&Op)
      .Case<MatMulOp, GemmOp, Conv2dOp, Pool2dOp, ElementwiseOp, ExpandOp,
            ElementwiseChainOp, SoftmaxOp, TransposeOp, ReduceOp, LayerNormOp,
            BatchNormOp, ConcatOp, SliceOp, AttentionOp, PadOp, GatherOp,
            GemmNormOp, MlpNormOp, CastOp, ArgReduceOp, HardmaxOp, CumSumOp,
            TopKOp>(
          [&](auto Op) { return record(Op, Layouts); })
      .Case<GatherElementsOp, ScatterElementsOp, GatherNDOp, ScatterNDOp,
            TriluOp, ReverseSequenceOp, OneHotOp, ResizeOp, TileOp,
            ConvTranspose2dOp, MaxUnpoolOp>(
          [&](auto Op) { return record(Op, Layouts); })
      .Case<SliceValuesOp, PadValuesOp, ExpandValuesOp, RangeOp>(
          [&](auto Op) { return record(Op, Layouts); })
      .Case<GroupNormOp>([&](auto Op) { return record(Op, Layouts); })
      .Case<ChannelNormOp>([&](auto Op) { return record(Op, Layouts); })
      .Case<Conv2dUpsampledOp>([&](auto Op) { return record(Op, Layouts); })
      .Case<MaxPoolTypedOp, GridSampleOp, DetOp, SqueezeExciteOp>(
          [&](auto Op) { return record(Op, Layouts); })
      .Case<MoeRouteOp, GatedSumOp>(
          [&](auto Op) { return record(Op, Layouts); })
      .Case<RopeOp>([&](auto Op) { return record(Op, Layouts); })
      .Case<CacheWriteOp>([&](auto Op) {
        return std::optional<OpRecord>(
            OpRecord{ACCEL_GRAPH_CACHE_WRITE, {int64_t(Op.getAxis())}});
      })
      .Case<RmsNormOp>([&](auto Op) { return record(Op, Layouts); })
      .Case<GemmGluOp>([&](auto) {
        return std::optional<OpRecord>(OpRecord{ACCEL_GRAPH_GEMM_GLU, {}});
      })
      .Case<LstmOp>([&](auto Op) {
        return std::optional<OpRecord>(
            OpRecord{ACCEL_GRAPH_LSTM, {Op.getReverse() ? 1 : 0}});
      })
      .Case<GruOp>([&](auto Op) {
        return std::optional<OpRecord>(
            OpRecord{ACCEL_GRAPH_GRU, {Op.getReverse() ? 1 : 0}});
      })
      .Default([](Operation *) { return std::nullopt; });
}
