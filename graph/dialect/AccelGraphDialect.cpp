//===-- AccelGraphDialect.cpp - The accel graph dialect -------------------===//
//
// The dialect's registration and the ops' verifiers: each checks its
// operands' shapes and attributes and that the result's shape is the one
// ONNX's rules give (ShapeRules.h), so that an importer bug or a hand-written
// test shows at the op, not in a kernel call.
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"
#include "dialect/ShapeRules.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace accel::graph;

#include "dialect/AccelGraphOpsDialect.cpp.inc"

void AccelGraphDialect::initialize() {
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "dialect/AccelGraphOps.cpp.inc"
      >();
}

/// An elementwise chain's kinds as `[relu, add]`.
static ParseResult parseElementwiseKinds(OpAsmParser &Parser,
                                         ArrayAttr &Kinds) {
  SmallVector<Attribute> Parsed;
  auto parseOne = [&]() -> ParseResult {
    StringRef Keyword;
    SMLoc Loc = Parser.getCurrentLocation();
    if (Parser.parseKeyword(&Keyword))
      return failure();
    std::optional<ElementwiseKind> Kind = symbolizeElementwiseKind(Keyword);
    if (!Kind)
      return Parser.emitError(Loc, "unknown elementwise kind \"")
             << Keyword << "\"";
    Parsed.push_back(ElementwiseKindAttr::get(Parser.getContext(), *Kind));
    return success();
  };
  if (Parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, parseOne))
    return failure();
  Kinds = Parser.getBuilder().getArrayAttr(Parsed);
  return success();
}

static void printElementwiseKinds(OpAsmPrinter &Printer, Operation *,
                                  ArrayAttr Kinds) {
  Printer << '[';
  llvm::interleaveComma(Kinds, Printer, [&](Attribute Kind) {
    Printer << stringifyElementwiseKind(
        cast<ElementwiseKindAttr>(Kind).getValue());
  });
  Printer << ']';
}

#define GET_OP_CLASSES
#include "dialect/AccelGraphOps.cpp.inc"

Operation *AccelGraphDialect::materializeConstant(OpBuilder &Builder,
                                                  Attribute Value, Type Type,
                                                  Location Loc) {
  auto Typed = dyn_cast<TypedAttr>(Value);
  if (!Typed || Typed.getType() != Type)
    return nullptr;
  return Builder.create<arith::ConstantOp>(Loc, Type, Typed);
}

std::string accel::graph::getElementTypeName(Type T) {
  if (auto F = dyn_cast<FloatType>(T))
    return F.isBF16() ? "bfloat16" : "float" + std::to_string(F.getWidth());
  if (auto I = dyn_cast<IntegerType>(T)) {
    if (I.getWidth() == 1)
      return "bool";
    return (I.isUnsigned() ? "uint" : "int") + std::to_string(I.getWidth());
  }
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  OS << T;
  return Name;
}

LogicalResult accel::graph::verifyF32Kernel(Operation *Op, ValueRange Values) {
  for (Value V : Values) {
    Type T = cast<ShapedType>(V.getType()).getElementType();
    if (!T.isF32())
      return Op->emitError("element type ")
             << getElementTypeName(T) << " is not supported by "
             << Op->getName() << " (float32 only)";
  }
  return success();
}

/// Every axis attribute is in [0, rank): the importer makes ONNX's
/// negative axes non-negative, so that passes and records see one form.
static LogicalResult checkAxis(Operation *Op, int64_t Axis, size_t Rank) {
  if (Axis >= 0 && Axis < int64_t(Rank))
    return success();
  return Op->emitOpError("axis ") << Axis << " is outside [0, " << Rank << ")";
}

/// The result's shape must be \p Expected.
static LogicalResult checkResult(Operation *Op, ArrayRef<int64_t> Expected) {
  ArrayRef<int64_t> Got = shapeOf(Op->getResult(0));
  if (Got == Expected)
    return success();
  auto D = Op->emitOpError("result shape [");
  llvm::interleave(Got, D, "x");
  D << "] is not [";
  llvm::interleave(Expected, D, "x");
  return D << "]";
}

static LogicalResult checkOr(Operation *Op, std::optional<Shape> S,
                             const std::string &Why) {
  if (!S)
    return Op->emitOpError(Why);
  return checkResult(Op, *S);
}

bool MatMulOp::supportsActivation(Activation) {
  return getType().getElementType().isF32();
}

LogicalResult MatMulOp::verify() {
  Type T = getType().getElementType();
  for (Value V : {getA(), getB()})
    if (cast<ShapedType>(V.getType()).getElementType() != T)
      return emitOpError("operands of element type ")
             << getElementTypeName(cast<ShapedType>(V.getType())
                                       .getElementType())
             << " and a result of " << getElementTypeName(T)
             << " (they must be one type)";
  if (T.isInteger(1))
    return emitError("element type bool is not supported by accel.matmul");
  if (!T.isF32() && getActivation())
    return emitOpError("an activation on ") << getElementTypeName(T)
                                            << " (float32 only)";
  std::string Why;
  return checkOr(*this, matmulShape(shapeOf(getA()), shapeOf(getB()), Why),
                 Why);
}

LogicalResult GemmOp::verify() {
  ArrayRef<int64_t> A = shapeOf(getA()), B = shapeOf(getB());
  if (A.size() != 2 || B.size() != 2)
    return emitOpError("A and B must be matrices");
  int64_t M = getTransA() ? A[1] : A[0], K = getTransA() ? A[0] : A[1];
  int64_t KB = getTransB() ? B[1] : B[0], N = getTransB() ? B[0] : B[1];
  if (K != KB)
    return emitOpError("inner sizes ") << K << " and " << KB << " differ";
  Shape Out = {M, N};
  if (getC()) {
    std::string Why;
    auto S = broadcastShapes(shapeOf(getC()), Out, Why);
    if (!S || *S != Out)
      return emitOpError("C does not broadcast to [") << M << "x" << N << "]";
  }
  return checkResult(*this, Out);
}

/// Checks 2-D window attributes: two strides and dilations, four pads.
static LogicalResult checkWindowAttrs(Operation *Op, ArrayRef<int64_t> Strides,
                                      ArrayRef<int64_t> Pads,
                                      ArrayRef<int64_t> Dilations) {
  if (Strides.size() != 2 || Dilations.size() != 2 || Pads.size() != 4)
    return Op->emitOpError("needs 2 strides, 2 dilations and 4 pads");
  return success();
}

bool Conv2dOp::supportsActivation(Activation Kind) {
  return Kind != Activation::gelu_erf;
}

LogicalResult Conv2dOp::verify() {
  ArrayRef<int64_t> X = shapeOf(getInput()), W = shapeOf(getWeight());
  if (X.size() != 4 || W.size() != 4)
    return emitOpError("input and weight must have rank 4 (NCHW, MCKK)");
  if (failed(checkWindowAttrs(*this, getStrides(), getPads(), getDilations())))
    return failure();
  int64_t G = getGroup();
  if (G < 1 || X[1] % G || W[0] % G || W[1] * G != X[1])
    return emitOpError("group ")
           << G << " does not divide " << X[1] << " input and " << W[0]
           << " output channels with " << W[1] << " channels a group";
  if (getBias() && shapeOf(getBias()) != ArrayRef<int64_t>{W[0]})
    return emitOpError("bias must have shape [") << W[0] << "]";
  Shape Out = {X[0], W[0]};
  for (int I = 0; I != 2; ++I) {
    std::string Why;
    auto S = windowOutputSize(X[2 + I], W[2 + I], getDilations()[I],
                              getStrides()[I], getPads()[I], getPads()[2 + I],
                              /*Ceil=*/false, Why);
    if (!S)
      return emitOpError(Why);
    Out.push_back(*S);
  }
  // accel.maxpool: the result is the 2 x 2 max pool's (FuseConvPool.cpp).
  if ((*this)->hasAttr("accel.maxpool"))
    Out[2] /= 2, Out[3] /= 2;
  return checkResult(*this, Out);
}

LogicalResult Pool2dOp::verify() {
  ArrayRef<int64_t> X = shapeOf(getInput());
  if (X.size() != 4)
    return emitOpError("input must have rank 4 (NCHW)");
  if (getKernel().size() != 2 ||
      failed(checkWindowAttrs(*this, getStrides(), getPads(), getDilations())))
    return emitOpError("needs a 2-D kernel");
  Shape Out = {X[0], X[1]};
  for (int I = 0; I != 2; ++I) {
    std::string Why;
    auto S = windowOutputSize(X[2 + I], getKernel()[I], getDilations()[I],
                              getStrides()[I], getPads()[I], getPads()[2 + I],
                              getCeilMode(), Why);
    if (!S)
      return emitOpError(Why);
    Out.push_back(*S);
  }
  return checkResult(*this, Out);
}

/// The result must be the numpy broadcast of \p Inputs' shapes.
static LogicalResult checkBroadcastResult(Operation *Op, ValueRange Inputs) {
  Shape Out(shapeOf(Inputs[0]));
  for (Value In : Inputs.drop_front()) {
    std::string Why;
    auto S = broadcastShapes(Out, shapeOf(In), Why);
    if (!S)
      return Op->emitOpError(Why);
    Out = *S;
  }
  return checkResult(Op, Out);
}

LogicalResult ElementwiseOp::verify() {
  unsigned Arity = getArity(getKind());
  if (getInputs().size() != Arity)
    return emitOpError() << stringifyElementwiseKind(getKind()) << " takes "
                         << Arity << " inputs";
  if (getKind() == ElementwiseKind::leaky_relu && !getAlpha())
    return emitOpError("leaky_relu needs alpha");
  if (getKind() == ElementwiseKind::clip && (!getLo() || !getHi()))
    return emitOpError("clip needs lo and hi");
  if (failed(verifyElementwiseTypes(*this)))
    return failure();
  if ((getKind() == ElementwiseKind::elu || getKind() == ElementwiseKind::celu ||
       getKind() == ElementwiseKind::thresholded_relu) &&
      !getAlpha())
    return emitOpError() << stringifyElementwiseKind(getKind())
                         << " needs alpha";
  if (getKind() == ElementwiseKind::shrink &&
      (!getAlpha() || !getLo() || !getHi()))
    return emitOpError("shrink needs alpha, lo and hi");
  return checkBroadcastResult(*this, getInputs());
}

LogicalResult LayerNormOp::verify() {
  ArrayRef<int64_t> In = shapeOf(getInput());
  int64_t Axis = getAxis();
  if (failed(checkAxis(*this, Axis, In.size())))
    return failure();
  ArrayRef<int64_t> Normalized = In.drop_front(Axis);
  if (shapeOf(getScale()) != Normalized ||
      (getShift() && shapeOf(getShift()) != Normalized))
    return emitOpError("scale and shift must have the normalized dims' shape");
  if (getResidual() && shapeOf(getResidual()) != In)
    return emitOpError("residual must have the input's shape");
  if (writesSum() && (!getResidual() || shapeOf(getResult()).front() != 2 ||
                      shapeOf(getResult()).drop_front() != In))
    return emitOpError("a result of the sum and the norm must be [2, the "
                       "input's dims], with a residual");
  return writesSum() ? success() : checkResult(*this, In);
}

bool LayerNormOp::takesStridedOperand(Value Operand,
                                      ArrayRef<int64_t> Strides) {
  ArrayRef<int64_t> Shape = shapeOf(Operand);
  return (Operand == getInput() || Operand == getResidual()) &&
         hasUnitInnerStride(Shape, Strides) &&
         isOneRunFrom(getAxis(), Shape, Strides);
}

bool LayerNormOp::storesResultWith(ArrayRef<int64_t> Strides) {
  return !writesSum() &&
         isOneRunFrom(getAxis(), shapeOf(getResult()), Strides);
}

bool GemmOp::storesResultWith(ArrayRef<int64_t> Strides) {
  // The library writes a product of up to 8 rows by columns at its own
  // rate (gemm_few_rows.c); the general path would write lone floats. A
  // C other than a bias row is copied into the result first.
  ArrayRef<int64_t> Shape = shapeOf(getResult());
  bool BiasRow = !getC() || shapeOf(getC()).size() == 1;
  return Shape.size() == 2 && Shape[0] <= 8 && Strides.size() == 2 &&
         Strides[0] == 1 && Strides[1] == Shape[0] && BiasRow &&
         getAlpha().convertToFloat() == 1.0f;
}

LogicalResult GemmNormOp::verify() {
  ArrayRef<int64_t> A = shapeOf(getA()), B = shapeOf(getB()),
                    Out = shapeOf(getResidual());
  if (Out.size() < 2 || A.size() != Out.size() || B.size() != 2)
    return emitOpError("a and the residual must have one rank, 2 or more, "
                       "and b must be a matrix");
  int64_t K = getTransB() ? B[1] : B[0], N = getTransB() ? B[0] : B[1];
  if (A.drop_back() != Out.drop_back() || A.back() != K || Out.back() != N)
    return emitOpError("a's rows times op(b) do not give the residual's "
                       "shape");
  for (Value P : {getBias(), getScale(), getShift()})
    if (P && shapeOf(P) != ArrayRef<int64_t>{N})
      return emitOpError("bias, scale and shift must have shape [") << N << "]";
  return checkResult(*this, Out);
}

LogicalResult MlpNormOp::verify() {
  ArrayRef<int64_t> X = shapeOf(getX()), W1 = shapeOf(getW1()),
                    W2 = shapeOf(getW2()), Out = shapeOf(getResidual());
  if (Out.size() < 2 || X.size() != Out.size() || W1.size() != 2 ||
      W2.size() != 2)
    return emitOpError("x and the residual must have one rank, 2 or more, "
                       "and w1 and w2 must be matrices");
  if (X.drop_back() != Out.drop_back() || X.back() != W1[0] || W1[1] != W2[0] ||
      W2[1] != Out.back())
    return emitOpError("x's rows times w1 times w2 do not give the "
                       "residual's shape");
  if (getBias1() && shapeOf(getBias1()) != ArrayRef<int64_t>{W1[1]})
    return emitOpError("bias1 must have shape [") << W1[1] << "]";
  for (Value P : {getBias2(), getScale(), getShift()})
    if (P && shapeOf(P) != ArrayRef<int64_t>{Out.back()})
      return emitOpError("bias2, scale and shift must have shape [")
             << Out.back() << "]";
  if (auto Act = getActivation();
      Act && *Act != Activation::relu && *Act != Activation::gelu_erf)
    return emitOpError("activation must be relu or gelu");
  return checkResult(*this, Out);
}

LogicalResult BatchNormOp::verify() {
  ArrayRef<int64_t> In = shapeOf(getInput());
  if (In.size() < 2)
    return emitOpError("input must have rank 2 or more");
  for (Value P : {getScale(), getShift(), getMean(), getVariance()})
    if (shapeOf(P) != ArrayRef<int64_t>{In[1]})
      return emitOpError("scale, shift, mean and variance must have shape [")
             << In[1] << "]";
  return checkResult(*this, In);
}

LogicalResult AttentionOp::verify() {
  ArrayRef<int64_t> Q = shapeOf(getQ()), K = shapeOf(getK()),
                    V = shapeOf(getV());
  size_t Rank = Q.size();
  size_t Outer = Rank < 3 ? 0 : Rank - 3; // the dims before the heads
  if (Rank < 2 || K.size() != Rank || V.size() != Rank ||
      Q.take_front(Outer) != K.take_front(Outer) ||
      K.drop_back(2) != V.drop_back(2) ||
      (Rank > 2 && (K[Rank - 3] <= 0 ? Q[Rank - 3] != K[Rank - 3]
                                     : Q[Rank - 3] % K[Rank - 3] != 0)))
    return emitOpError("q, k and v must have one rank (2 or more) and the "
                       "same batch dimensions, but k's and v's heads may "
                       "divide q's");
  if (Q.back() != K.back() || K[Rank - 2] != V[Rank - 2])
    return emitOpError("needs q [..., Sq, D], k [..., Sk, D] and "
                       "v [..., Sk, Dv]");
  Shape Scores(Q.drop_back());
  Scores.push_back(K[Rank - 2]);
  std::string Why;
  if (getMask() && broadcastShapes(shapeOf(getMask()), Scores, Why) != Scores)
    return emitOpError("mask does not broadcast to the scores' shape");
  Shape Out(Q.drop_back());
  Out.push_back(V.back());
  return checkResult(*this, Out);
}

LogicalResult ConcatOp::verify() {
  if (getInputs().empty())
    return emitOpError("needs an input");
  Shape Out(shapeOf(getInputs()[0]));
  int64_t Axis = getAxis();
  if (failed(checkAxis(*this, Axis, Out.size())))
    return failure();
  for (Value In : getInputs().drop_front()) {
    ArrayRef<int64_t> S = shapeOf(In);
    for (size_t D = 0; D != Out.size(); ++D)
      if (S.size() != Out.size() || (int64_t(D) != Axis && S[D] != Out[D]))
        return emitOpError("inputs differ outside the axis");
    Out[Axis] += S[Axis];
  }
  return checkResult(*this, Out);
}

LogicalResult PadOp::verify() {
  ArrayRef<int64_t> In = shapeOf(getInput()), Pads = getPads();
  PadMode Mode = getMode();
  if (Pads.size() != 2 * In.size())
    return emitOpError("needs a begin and an end pad for each dimension");
  if (getFill() &&
      cast<RankedTensorType>(getFill().getType()).getNumElements() != 1)
    return emitOpError("fill must have one element");
  Shape Out;
  for (size_t D = 0; D != In.size(); ++D) {
    int64_t Begin = Pads[D], End = Pads[In.size() + D];
    if (Begin < 0 || End < 0)
      return emitOpError("pads must not be negative");
    if (Mode == PadMode::reflect && (Begin >= In[D] || End >= In[D]) &&
        (Begin || End))
      return emitOpError("reflect pads must be below the dimension's size");
    if (Mode == PadMode::edge && In[D] == 0 && (Begin || End))
      return emitOpError("edge pads need a dimension that is not empty");
    Out.push_back(In[D] + Begin + End);
  }
  return checkResult(*this, Out);
}

LogicalResult GatherOp::verify() {
  if (cast<ShapedType>(getInput().getType()).getElementType() !=
      cast<ShapedType>(getResult().getType()).getElementType())
    return emitOpError("result type differs from the input's");
  ArrayRef<int64_t> In = shapeOf(getInput());
  int64_t Axis = getAxis();
  if (failed(checkAxis(*this, Axis, In.size())))
    return failure();
  std::optional<ArrayRef<int64_t>> Indices = getIndices();
  if (bool(Indices) == bool(getIndexValues()))
    return emitOpError("needs either constant indices or index values");
  Shape Out(In);
  if (!Indices) {
    Out[Axis] =
        cast<RankedTensorType>(getIndexValues().getType()).getNumElements();
    return checkResult(*this, Out);
  }
  for (int64_t I : *Indices)
    if (I < -In[Axis] || I >= In[Axis])
      return emitOpError("index ") << I << " is outside dimension " << Axis
                                   << " of size " << In[Axis];
  Out[Axis] = Indices->size();
  return checkResult(*this, Out);
}

LogicalResult CastOp::verify() {
  return checkResult(*this, shapeOf(getInput()));
}

LogicalResult ExpandOp::verify() {
  Type In = getInput().getType().getElementType();
  Type Res = getResult().getType().getElementType();
  if (In != Res)
    return emitOpError("result element type ")
           << getElementTypeName(Res) << " is not the input's, "
           << getElementTypeName(In);
  ArrayRef<int64_t> Out = shapeOf(getResult());
  std::string Why;
  if (broadcastShapes(shapeOf(getInput()), Out, Why) != Shape(Out))
    return emitOpError("the input does not broadcast to the result's shape");
  return success();
}

bool SliceOp::takesStridedOperand(Value, ArrayRef<int64_t>) { return true; }

bool TransposeOp::takesStridedOperand(Value, ArrayRef<int64_t>) { return true; }

LogicalResult SliceOp::verify() {
  ArrayRef<int64_t> In = shapeOf(getInput()), Out = shapeOf(getResult());
  ArrayRef<int64_t> Starts = getStarts(), Steps = getSteps();
  if (Out.size() != In.size() || Starts.size() != In.size() ||
      Steps.size() != In.size())
    return emitOpError("needs a start and a step for each dimension");
  for (size_t D = 0; D != In.size(); ++D) {
    int64_t Last = Starts[D] + (Out[D] - 1) * Steps[D];
    if (Steps[D] == 0 || (Out[D] > 0 && (Starts[D] < 0 || Starts[D] >= In[D] ||
                                         Last < 0 || Last >= In[D])))
      return emitOpError("dimension ") << D << " reads outside the input";
  }
  return success();
}

LogicalResult ElementwiseChainOp::verify() {
  size_t Steps = getKinds().size(), Inputs = getInputs().size();
  if (Steps < 1 || Steps > 8 || Inputs < 1 || Inputs > 5)
    return emitOpError("needs 1 to 8 steps and 1 to 5 inputs");
  if (getOperands().size() != Steps || getSwaps().size() != Steps ||
      getAlphas().size() != Steps || getLos().size() != Steps ||
      getHis().size() != Steps)
    return emitOpError("needs one operand, swap, alpha, lo and hi a step");
  for (size_t I = 0; I != Steps; ++I) {
    ElementwiseKind Kind = cast<ElementwiseKindAttr>(getKinds()[I]).getValue();
    unsigned Arity = getArity(Kind);
    int64_t Operand = getOperands()[I];
    if (Arity != 1 && Arity != 2)
      return emitOpError("step ") << I << ": " << stringifyElementwiseKind(Kind)
                                  << " is not a unary or binary kind";
    if (Arity == 2 ? Operand < 1 || Operand >= int64_t(Inputs) : Operand != 0)
      return emitOpError("step ")
             << I << ": operand " << Operand << " is not an input of its kind";
  }
  return checkBroadcastResult(*this, getInputs());
}

LogicalResult SoftmaxOp::verify() {
  if (failed(checkAxis(*this, getAxis(), shapeOf(getInput()).size())))
    return failure();
  return checkResult(*this, shapeOf(getInput()));
}

LogicalResult ReshapeOp::verify() {
  auto In = cast<RankedTensorType>(getInput().getType());
  auto Out = cast<RankedTensorType>(getResult().getType());
  if (In.getNumElements() != Out.getNumElements())
    return emitOpError("changes the number of elements");
  return success();
}

OpFoldResult ReshapeOp::fold(FoldAdaptor Adaptor) {
  if (getInput().getType() == getType())
    return getInput();
  if (auto C = dyn_cast_or_null<DenseElementsAttr>(Adaptor.getInput()))
    return C.reshape(cast<ShapedType>(getType()));
  if (auto Inner = getInput().getDefiningOp<ReshapeOp>()) {
    getInputMutable().assign(Inner.getInput());
    return getResult();
  }
  return {};
}

/// A constant's transpose: result element i is the input's element at
/// the index whose dimension perm[d] is i's index in d.
OpFoldResult TransposeOp::fold(FoldAdaptor Adaptor) {
  auto In = dyn_cast_or_null<DenseElementsAttr>(Adaptor.getInput());
  if (!In || !In.getElementType().isF32())
    return {};
  auto Out = cast<RankedTensorType>(getType());
  if (In.isSplat() || Out.getRank() == 0)
    return In.reshape(Out);
  ArrayRef<int64_t> InShape = shapeOf(getInput()), Perm = getPerm();
  size_t Rank = InShape.size();
  // The input's strides, read along the result's dimensions.
  SmallVector<int64_t, 6> InStride(Rank, 1), Stride(Rank);
  for (size_t D = Rank - 1; D > 0; --D)
    InStride[D - 1] = InStride[D] * InShape[D];
  for (size_t D = 0; D != Rank; ++D)
    Stride[D] = InStride[Perm[D]];
  auto Values = llvm::to_vector(In.getValues<float>());
  SmallVector<float> Result(Values.size());
  SmallVector<int64_t, 6> Index(Rank, 0);
  int64_t From = 0;
  for (float &R : Result) {
    R = Values[From];
    for (size_t D = Rank; D-- > 0;) { // the next result index, odometer-wise
      From += Stride[D];
      if (++Index[D] < Out.getDimSize(D))
        break;
      From -= Stride[D] * Index[D];
      Index[D] = 0;
    }
  }
  return DenseElementsAttr::get(Out, ArrayRef<float>(Result));
}

namespace {

/// A Gemm's transposed constant operand (PyTorch exports a Linear layer as
/// Gemm with transB = 1 on its weight) as the transposed constant, taken
/// as it is: the kernel then reads its rows whole, one transfer a block,
/// where a transposed operand's rows are columns, gathered a float a
/// transfer. TransposeOp's folder makes the constant.
struct StoreConstantsUntransposed : OpRewritePattern<GemmOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(GemmOp Op,
                                PatternRewriter &Rewriter) const override {
    bool A = Op.getTransA() && isConstant(Op.getA());
    bool B = Op.getTransB() && isConstant(Op.getB());
    if (!A && !B)
      return failure();
    Rewriter.modifyOpInPlace(Op, [&] {
      if (A) {
        Op.getAMutable().assign(transposed(Rewriter, Op.getA()));
        Op.setTransA(false);
      }
      if (B) {
        Op.getBMutable().assign(transposed(Rewriter, Op.getB()));
        Op.setTransB(false);
      }
    });
    return success();
  }

private:
  static bool isConstant(Value V) {
    return V.getDefiningOp<arith::ConstantOp>() != nullptr;
  }
  static Value transposed(PatternRewriter &Rewriter, Value V) {
    ArrayRef<int64_t> S = shapeOf(V);
    auto Type = RankedTensorType::get({S[1], S[0]}, Rewriter.getF32Type());
    return Rewriter.create<TransposeOp>(V.getLoc(), Type, V,
                                        Rewriter.getDenseI64ArrayAttr({1, 0}));
  }
};

} // namespace

void GemmOp::getCanonicalizationPatterns(RewritePatternSet &Patterns,
                                         MLIRContext *Context) {
  Patterns.add<StoreConstantsUntransposed>(Context);
}

LogicalResult TransposeOp::verify() {
  ArrayRef<int64_t> In = shapeOf(getInput());
  ArrayRef<int64_t> Perm = getPerm();
  Type T = getType().getElementType();
  unsigned Bits = T.getIntOrFloatBitWidth();
  if (getInput().getType().getElementType() != T)
    return emitOpError("result element type ")
           << getElementTypeName(T) << " is not the input's";
  if ((Bits != 32 && Bits != 64) || (Bits == 64 && In.size() > 5))
    return emitError("element type ")
           << getElementTypeName(T) << " is not supported by accel.transpose"
           << (Bits == 64 ? " above rank 5" : " (4- and 8-byte types only)");
  if (Perm.size() != In.size())
    return emitOpError("perm has ")
           << Perm.size() << " entries for rank " << In.size();
  SmallVector<bool, 6> Seen(In.size());
  Shape Out;
  for (int64_t P : Perm) {
    if (P < 0 || P >= int64_t(In.size()) || Seen[P])
      return emitOpError("perm is not a permutation");
    Seen[P] = true;
    Out.push_back(In[P]);
  }
  return checkResult(*this, Out);
}
