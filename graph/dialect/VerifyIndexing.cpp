//===-- VerifyIndexing.cpp - The indexing ops' verifiers ------------------===//
//
// The shape rules of gather_elements, scatter_elements, gather_nd,
// scatter_nd, trilu, reverse_sequence, one_hot, tile and max_unpool
// (ONNX's): data of any
// element type, the result of the data's type. Index values are data,
// checked by the kernels at run time.
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"

using namespace mlir;
using namespace accel::graph;

namespace {

Type elementOf(Value V) {
  return cast<RankedTensorType>(V.getType()).getElementType();
}

/// The result's shape must be \p Expected and its type \p From's.
LogicalResult checkTypedResult(Operation *Op, ArrayRef<int64_t> Expected,
                               Value From) {
  Value R = Op->getResult(0);
  if (elementOf(R) != elementOf(From))
    return Op->emitOpError("result type ")
           << getElementTypeName(elementOf(R)) << " is not the data's "
           << getElementTypeName(elementOf(From));
  ArrayRef<int64_t> Got = shapeOf(R);
  if (Got == Expected)
    return success();
  auto D = Op->emitOpError("result shape [");
  llvm::interleave(Got, D, "x");
  D << "] is not [";
  llvm::interleave(Expected, D, "x");
  return D << "]";
}

LogicalResult checkIndexAxis(Operation *Op, int64_t Axis, size_t Rank) {
  if (Axis >= 0 && Axis < int64_t(Rank))
    return success();
  return Op->emitOpError("axis ") << Axis << " is outside [0, " << Rank << ")";
}

/// GatherElements' and ScatterElements' indices: the data's rank, within
/// its dimensions off the axis.
LogicalResult checkElementIndices(Operation *Op, Value Data, Value Indices,
                                  int64_t Axis) {
  ArrayRef<int64_t> X = shapeOf(Data), I = shapeOf(Indices);
  if (X.empty() || I.size() != X.size())
    return Op->emitOpError("indices must have the data's rank (at least 1)");
  if (failed(checkIndexAxis(Op, Axis, X.size())))
    return failure();
  for (size_t D = 0; D != X.size(); ++D)
    if (int64_t(D) != Axis && I[D] > X[D])
      return Op->emitOpError("indices' dimension ")
             << D << " is past the data's";
  return success();
}

/// GatherND's and ScatterND's slabs' shape: the indices' but the last
/// dimension, then the data's after the batch dimensions and the tuple.
std::optional<SmallVector<int64_t>>
slabsShape(Operation *Op, Value Data, Value Indices, int64_t BatchDims) {
  ArrayRef<int64_t> X = shapeOf(Data), I = shapeOf(Indices);
  if (X.empty() || I.empty()) {
    Op->emitOpError("data and indices must have rank 1 or more");
    return std::nullopt;
  }
  int64_t K = I.back(), Q = I.size(), R = X.size();
  if (BatchDims < 0 || BatchDims >= std::min(Q, R)) {
    Op->emitOpError("batch_dims ")
        << BatchDims << " is outside [0, " << std::min(Q, R) << ")";
    return std::nullopt;
  }
  if (K < 1 || K > R - BatchDims) {
    Op->emitOpError("index tuples of ")
        << K << " do not index the data's " << R - BatchDims
        << " dimensions after the batch";
    return std::nullopt;
  }
  for (int64_t D = 0; D != BatchDims; ++D)
    if (I[D] != X[D]) {
      Op->emitOpError("batch dimension ") << D << " differs";
      return std::nullopt;
    }
  SmallVector<int64_t> S(I.drop_back());
  S.append(X.begin() + BatchDims + K, X.end());
  return S;
}

/// A scatter's add and mul combine f32, f64 and the integers (the
/// kernels' SCATTER_REDUCE_DTYPES).
LogicalResult checkReduction(Operation *Op, ScatterReduction R, Value Data) {
  Type T = elementOf(Data);
  if (R == ScatterReduction::none ||
      !(T.isF16() || T.isBF16() || T.isInteger(1)))
    return success();
  return Op->emitError("reduction ")
         << stringifyScatterReduction(R) << " of element type "
         << getElementTypeName(T) << " is not supported by " << Op->getName()
         << " (float32, float64 and the integers)";
}

} // namespace

LogicalResult GatherElementsOp::verify() {
  if (failed(checkElementIndices(*this, getInput(), getIndices(), getAxis())))
    return failure();
  return checkTypedResult(*this, shapeOf(getIndices()), getInput());
}

LogicalResult ScatterElementsOp::verify() {
  if (failed(checkElementIndices(*this, getInput(), getIndices(), getAxis())))
    return failure();
  if (shapeOf(getUpdates()) != shapeOf(getIndices()) ||
      elementOf(getUpdates()) != elementOf(getInput()))
    return emitOpError("updates must have the indices' shape and the "
                       "data's type");
  if (failed(checkReduction(*this, getReduction(), getInput())))
    return failure();
  return checkTypedResult(*this, shapeOf(getInput()), getInput());
}

LogicalResult GatherNDOp::verify() {
  auto S = slabsShape(*this, getInput(), getIndices(), getBatchDims());
  if (!S)
    return failure();
  return checkTypedResult(*this, *S, getInput());
}

LogicalResult ScatterNDOp::verify() {
  auto S = slabsShape(*this, getInput(), getIndices(), 0);
  if (!S)
    return failure();
  if (shapeOf(getUpdates()) != ArrayRef<int64_t>(*S) ||
      elementOf(getUpdates()) != elementOf(getInput()))
    return emitOpError("updates must have the indices' shape but the last "
                       "dimension, then the data's after the tuple, and the "
                       "data's type");
  if (failed(checkReduction(*this, getReduction(), getInput())))
    return failure();
  return checkTypedResult(*this, shapeOf(getInput()), getInput());
}

LogicalResult TriluOp::verify() {
  if (shapeOf(getInput()).size() < 2)
    return emitOpError("needs an input of rank 2 or more");
  if (getKValue() &&
      cast<RankedTensorType>(getKValue().getType()).getNumElements() != 1)
    return emitOpError("k must have one element");
  return checkTypedResult(*this, shapeOf(getInput()), getInput());
}

LogicalResult ReverseSequenceOp::verify() {
  ArrayRef<int64_t> X = shapeOf(getInput()), L = shapeOf(getLengths());
  int64_t Batch = getBatchAxis(), Time = getTimeAxis();
  if (X.size() < 2)
    return emitOpError("needs an input of rank 2 or more");
  if (!((Batch == 0 && Time == 1) || (Batch == 1 && Time == 0)))
    return emitOpError("batch_axis and time_axis must be 0 and 1");
  if (L.size() != 1 || L[0] != X[Batch])
    return emitOpError("needs one length a batch entry");
  return checkTypedResult(*this, X, getInput());
}

LogicalResult OneHotOp::verify() {
  ArrayRef<int64_t> I = shapeOf(getIndices()), Out = shapeOf(getResult());
  Type IndexType = elementOf(getIndices());
  if (IndexType.isInteger(1) || IndexType.isF16() || IndexType.isBF16())
    return emitOpError("indices of type ")
           << getElementTypeName(IndexType)
           << " are not supported (integers, float32 and float64)";
  if (shapeOf(getValues()) != ArrayRef<int64_t>{2})
    return emitOpError("values must be [off, on]");
  if (getDepth() &&
      cast<RankedTensorType>(getDepth().getType()).getNumElements() != 1)
    return emitOpError("depth must have one element");
  int64_t Axis = getAxis();
  if (Axis < 0 || Axis > int64_t(I.size()) || Out.size() != I.size() + 1)
    return emitOpError("axis ")
           << Axis << " is outside [0, " << I.size()
           << "] or the result's rank is not " << I.size() + 1;
  SmallVector<int64_t> Expected(I);
  Expected.insert(Expected.begin() + Axis, Out[Axis]);
  return checkTypedResult(*this, Expected, getValues());
}

LogicalResult TileOp::verify() {
  ArrayRef<int64_t> X = shapeOf(getInput()), Y = shapeOf(getResult());
  if (getRepeats() &&
      shapeOf(getRepeats()) != ArrayRef<int64_t>{int64_t(X.size())})
    return emitOpError("needs one repeat a dimension");
  if (Y.size() != X.size())
    return emitOpError("result rank ")
           << Y.size() << " is not the input's " << X.size();
  for (size_t D = 0; D != X.size(); ++D)
    if (X[D] ? Y[D] % X[D] : Y[D])
      return emitOpError("result dimension ")
             << D << " is not a multiple of the input's";
  return checkTypedResult(*this, Y, getInput());
}

LogicalResult MaxUnpoolOp::verify() {
  ArrayRef<int64_t> X = shapeOf(getInput()), Y = shapeOf(getResult());
  if (shapeOf(getIndices()) != X)
    return emitOpError("indices must have the input's shape");
  if (getOutputShape() &&
      shapeOf(getOutputShape()) != ArrayRef<int64_t>{int64_t(Y.size())})
    return emitOpError("output_shape must have one entry a dimension");
  if (Y.size() != X.size())
    return emitOpError("result rank ")
           << Y.size() << " is not the input's " << X.size();
  ArrayRef<int64_t> Dims = getIndexDims();
  if (Dims.size() != Y.size())
    return emitOpError("index_dims must have one entry a dimension");
  for (size_t D = 0; D != Y.size(); ++D)
    if (Dims[D] < 1 || Dims[D] > Y[D])
      return emitOpError("index_dims entry ")
             << D << " is outside [1, the result's " << Y[D] << "]";
  return checkTypedResult(*this, Y, getInput());
}
