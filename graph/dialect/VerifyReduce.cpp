//===-- VerifyReduce.cpp - The reductions' verifiers ----------------------===//
//
// Shapes and element types of accel.reduce, accel.argreduce,
// accel.hardmax, accel.cumsum and accel.topk: their kernels
// (kernels-c/lib/reduce/) take every element type but bool, an int64
// index result, and f32 for hardmax (its F32Kernel trait).
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"

using namespace mlir;
using namespace accel::graph;

namespace {

Type elementOf(Value V) {
  return cast<ShapedType>(V.getType()).getElementType();
}

/// \p V's element type is one the reduction kernels compute: not bool.
LogicalResult checkNotBool(Operation *Op, Value V) {
  Type T = elementOf(V);
  if (!T.isInteger(1))
    return success();
  return Op->emitError("element type ")
         << getElementTypeName(T) << " is not supported by " << Op->getName()
         << " (every numeric type)";
}

LogicalResult checkShape(Operation *Op, ArrayRef<int64_t> Expected) {
  ArrayRef<int64_t> Got = shapeOf(Op->getResult(0));
  if (Got == Expected)
    return success();
  auto D = Op->emitOpError("result shape [");
  llvm::interleave(Got, D, "x");
  D << "] is not [";
  llvm::interleave(Expected, D, "x");
  return D << "]";
}

LogicalResult checkAxis(Operation *Op, int64_t Axis, size_t Rank) {
  if (Axis >= 0 && Axis < int64_t(Rank))
    return success();
  return Op->emitOpError("axis ") << Axis << " is outside [0, " << Rank << ")";
}

/// The input's element type is the result's, and not bool.
LogicalResult checkSameType(Operation *Op) {
  if (failed(checkNotBool(Op, Op->getOperand(0))))
    return failure();
  if (elementOf(Op->getOperand(0)) == elementOf(Op->getResult(0)))
    return success();
  return Op->emitOpError("result's element type ")
         << getElementTypeName(elementOf(Op->getResult(0)))
         << " is not the input's";
}

LogicalResult checkInt64Result(Operation *Op) {
  Type T = elementOf(Op->getResult(0));
  if (T.isSignlessInteger(64))
    return success();
  return Op->emitOpError("result's element type ")
         << getElementTypeName(T) << " is not int64";
}

} // namespace

namespace {

/// \p V is one int64 (or, if \p Int32Too, int32) or a 1-D tensor of them.
LogicalResult checkIndexOperand(Operation *Op, Value V, StringRef What,
                                bool Int32Too) {
  Type T = elementOf(V);
  if ((T.isSignlessInteger(64) || (Int32Too && T.isSignlessInteger(32))) &&
      shapeOf(V).size() <= 1)
    return success();
  return Op->emitOpError() << What << " must be a 1-D int64"
                           << (Int32Too ? " or int32" : "") << " tensor";
}

/// A reduction whose axes come at run time: the result's rank says how
/// many; with keepdims each dimension is the input's or 1.
LogicalResult verifyRunTimeAxes(ReduceOp Op) {
  ArrayRef<int64_t> In = shapeOf(Op.getInput()), Out = shapeOf(Op.getResult());
  if (failed(checkIndexOperand(Op, Op.getAxesValue(), "axes", true)))
    return failure();
  if (!Op.getAxes().empty())
    return Op.emitOpError("axes are an attribute or an operand, not both");
  int64_t N = cast<ShapedType>(Op.getAxesValue().getType()).getNumElements();
  if (N < 1 || N > int64_t(In.size()))
    return Op.emitOpError("axes hold ")
           << N << " values for rank " << In.size();
  size_t Rank = Op.getKeepdims() ? In.size() : In.size() - N;
  if (Out.size() != Rank)
    return Op.emitOpError("result rank ") << Out.size() << " is not " << Rank;
  for (size_t I = 0; Op.getKeepdims() && I != Rank; ++I)
    if (Out[I] != In[I] && Out[I] != 1)
      return Op.emitOpError("result dimension ")
             << I << " is neither the input's nor 1";
  return success();
}

} // namespace

LogicalResult ReduceOp::verify() {
  if (failed(checkSameType(*this)))
    return failure();
  if (getAxesValue())
    return verifyRunTimeAxes(*this);
  ArrayRef<int64_t> In = shapeOf(getInput());
  SmallVector<bool, 6> Reduced(In.size(), getAxes().empty());
  for (int64_t A : getAxes()) {
    if (A < 0 || A >= int64_t(In.size()) || Reduced[A])
      return emitOpError("axes must be distinct and in [0, rank)");
    Reduced[A] = true;
  }
  SmallVector<int64_t, 6> Out;
  for (size_t I = 0; I != In.size(); ++I)
    if (!Reduced[I])
      Out.push_back(In[I]);
    else if (getKeepdims())
      Out.push_back(1);
  return checkShape(*this, Out);
}

LogicalResult ArgReduceOp::verify() {
  if (failed(checkNotBool(*this, getInput())) ||
      failed(checkInt64Result(*this)))
    return failure();
  ArrayRef<int64_t> In = shapeOf(getInput());
  if (failed(checkAxis(*this, getAxis(), In.size())))
    return failure();
  if (In[getAxis()] == 0)
    return emitOpError("axis ") << getAxis() << " is empty";
  SmallVector<int64_t, 6> Out(In);
  if (getKeepdims())
    Out[getAxis()] = 1;
  else
    Out.erase(Out.begin() + getAxis());
  return checkShape(*this, Out);
}

LogicalResult HardmaxOp::verify() {
  ArrayRef<int64_t> In = shapeOf(getInput());
  if (failed(checkAxis(*this, getAxis(), In.size())))
    return failure();
  return checkShape(*this, In);
}

LogicalResult CumSumOp::verify() {
  if (failed(checkSameType(*this)))
    return failure();
  ArrayRef<int64_t> In = shapeOf(getInput());
  if (Value A = getAxisValue()) {
    Type T = elementOf(A);
    if (!(T.isSignlessInteger(32) || T.isSignlessInteger(64)) ||
        cast<ShapedType>(A.getType()).getNumElements() != 1)
      return emitOpError("axis must be one int32 or int64");
  } else if (failed(checkAxis(*this, getAxis(), In.size()))) {
    return failure();
  }
  return checkShape(*this, In);
}

LogicalResult TopKOp::verify() {
  if (failed(checkNotBool(*this, getInput())))
    return failure();
  if (getKValue() && failed(checkIndexOperand(*this, getKValue(), "k", false)))
    return failure();
  if (getIndices() ? failed(checkInt64Result(*this))
                   : failed(checkSameType(*this)))
    return failure();
  ArrayRef<int64_t> In = shapeOf(getInput());
  if (failed(checkAxis(*this, getAxis(), In.size())))
    return failure();
  if (getK() < 0 || int64_t(getK()) > In[getAxis()])
    return emitOpError("k ")
           << getK() << " is outside [0, " << In[getAxis()] << "]";
  SmallVector<int64_t, 6> Out(In);
  Out[getAxis()] = getK();
  return checkShape(*this, Out);
}
