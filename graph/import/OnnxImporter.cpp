//===-- OnnxImporter.cpp - A loaded ONNX graph into the accel dialect -----===//
//
// One handler per ONNX op type, each reading the node's attributes with
// ONNX's defaults and building accel ops whose result types are the static
// shapes the loader inferred; the ops' verifiers then check those shapes
// against the dialect's own rules, so a disagreement is caught here, at
// the node, rather than in a kernel. Each op's location is the node's name
// and op type.
//
//===----------------------------------------------------------------------===//

#include "import/OnnxImporter.h"
#include "dialect/AccelGraphDialect.h"
#include "dialect/ShapeRules.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>

using namespace mlir;
using namespace accel::graph;
namespace og = accel::onnx_graph;

namespace {

class Importer {
public:
  Importer(const og::Graph &G, MLIRContext &Context)
      : G(G), Context(Context), B(&Context) {}

  /// Builds @main into \p Module; false with Error set on failure.
  bool run(ModuleOp Module);

  std::string Error;

private:
  const og::Graph &G;
  MLIRContext &Context;
  OpBuilder B;
  std::map<std::string, Value> Values;
  const og::Node *Node = nullptr; ///< the node being imported
  Operation *LastConstant = nullptr; ///< constants lead @main, in use order

  using Handler = std::function<bool(Importer &)>;
  static const llvm::StringMap<Handler> &handlers();

  bool fail(const Twine &Message) {
    Error = Node ? "node '" + Node->Name + "' (" + Node->OpType + "): " +
                       Message.str()
                 : Message.str();
    return false;
  }
  Location loc() const {
    return NameLoc::get(
        StringAttr::get(&Context, Node->Name + " (" + Node->OpType + ")"));
  }

  // Values and types.
  RankedTensorType tensorType(const std::string &Name) const {
    const og::Tensor &T = G.Values.at(Name);
    return RankedTensorType::get(T.Shape, Float32Type::get(&Context));
  }
  bool isF32(const std::string &Name) const {
    return G.Values.at(Name).Type == og::ElemType::Float;
  }
  /// Fails for a value that is not f32, naming it as \p What.
  bool requireF32(const std::string &Name, const Twine &What) {
    if (isF32(Name))
      return true;
    return fail(What + " '" + Name + "' has element type " +
                og::getElemTypeName(G.Values.at(Name).Type) +
                "; accel-graphc computes in f32");
  }
  /// Input \p I of the node as an f32 tensor value, or null (and Error).
  Value input(unsigned I);
  /// The f32 value \p Name (a constant made on first use), or null (and
  /// Error, calling it \p What).
  Value valueOf(const std::string &Name, const Twine &What);
  bool hasInput(unsigned I) const {
    return I < Node->Inputs.size() && !Node->Inputs[I].empty();
  }
  RankedTensorType resultType(unsigned I = 0) {
    return tensorType(Node->Outputs[I]);
  }
  /// Records the node's output \p I (f32 only).
  bool define(Value V, unsigned I = 0) {
    if (!requireF32(Node->Outputs[I], "output"))
      return false;
    Values[Node->Outputs[I]] = V;
    return true;
  }
  /// The only outputs a node may have that nothing reads.
  bool onlyFirstOutputUsed();
  /// Graph input \p Name's type in @main, or nullopt (and Error).
  std::optional<RankedTensorType> graphInputType(const std::string &Name);
  /// A constant scalar input's value (Clip's min and max).
  std::optional<float> constantScalar(unsigned I);

  // Attributes, with ONNX's defaults.
  const og::Attribute *attr(const char *Name) const {
    auto It = Node->Attributes.find(Name);
    return It == Node->Attributes.end() ? nullptr : &It->second;
  }
  int64_t intAttr(const char *Name, int64_t Default) const {
    const og::Attribute *A = attr(Name);
    return A ? A->I : Default;
  }
  float floatAttr(const char *Name, float Default) const {
    const og::Attribute *A = attr(Name);
    return A ? A->F : Default;
  }
  std::vector<int64_t> intsAttr(const char *Name,
                                std::vector<int64_t> Default) const {
    const og::Attribute *A = attr(Name);
    return A ? A->IntList : Default;
  }

  // Handlers.
  /// An elementwise op of \p Kind on the node's inputs.
  bool elementwise(ElementwiseKind Kind);
  /// An elementwise op of \p Kind, of type \p T, on \p Ins.
  Value createElementwise(ElementwiseKind Kind, Type T, ValueRange Ins,
                          FloatAttr Alpha = {}, FloatAttr Lo = {},
                          FloatAttr Hi = {}) {
    return B.create<ElementwiseOp>(
        loc(), T, ElementwiseKindAttr::get(B.getContext(), Kind), Ins, Alpha,
        Lo, Hi);
  }
  bool leakyRelu();
  bool pow();
  bool clip();
  bool matmul();
  bool gemm();
  bool conv();
  bool window(std::vector<int64_t> Kernel,
              std::vector<int64_t> &Strides, std::vector<int64_t> &Pads,
              std::vector<int64_t> &Dilations);
  bool pool(PoolKind Kind);
  bool globalPool(PoolKind Kind);
  bool softmax(bool Log);
  bool reduce(ReduceKind Kind);
  bool layerNorm();
  bool batchNorm();
  bool concat();
  bool slice();
  bool split();
  /// \p Axis of a rank-\p Rank value made non-negative, or a failure.
  std::optional<int64_t> normalizeAxis(int64_t Axis, int64_t Rank);
  bool variadic(ElementwiseKind Kind);
  /// The ints of a constant integer input (Reduce's axes since opset 13).
  std::optional<std::vector<int64_t>> constantInts(unsigned I);
  bool reshape();
  bool transpose();
  bool identity();
  bool pad();
  bool gather();
  bool expand();
  bool where();
  bool castF32();
  bool isConstant(const std::string &Name) const {
    return std::find(G.Constants.begin(), G.Constants.end(), Name) !=
           G.Constants.end();
  }
};

Value Importer::input(unsigned I) {
  if (!hasInput(I)) {
    fail("input " + Twine(I) + " is missing");
    return {};
  }
  return valueOf(Node->Inputs[I], "input");
}

Value Importer::valueOf(const std::string &Name, const Twine &What) {
  if (!requireF32(Name, What))
    return {};
  auto It = Values.find(Name);
  if (It != Values.end())
    return It->second;
  // A constant, made on first use at the start of the function.
  const og::Tensor &T = G.Values.at(Name);
  RankedTensorType Type = tensorType(Name);
  auto Data = DenseElementsAttr::getFromRawBuffer(
      Type, ArrayRef<char>(reinterpret_cast<const char *>(T.Data.data()),
                           T.Data.size()));
  OpBuilder::InsertionGuard Guard(B);
  if (LastConstant)
    B.setInsertionPointAfter(LastConstant);
  else
    B.setInsertionPointToStart(B.getInsertionBlock());
  auto C = B.create<arith::ConstantOp>(
      NameLoc::get(StringAttr::get(&Context, Name)), Type,
      cast<TypedAttr>(Data));
  LastConstant = C;
  return Values[Name] = C;
}

/// f32, or an integer input that only Gathers read as their indices (token
/// ids into an embedding): the arena holds it as it is, the runtime
/// checks each index.
std::optional<RankedTensorType>
Importer::graphInputType(const std::string &Name) {
  const og::Tensor &T = G.Values.at(Name);
  if (T.Type != og::ElemType::Int64 && T.Type != og::ElemType::Int32) {
    if (!requireF32(Name, "graph input"))
      return std::nullopt;
    return tensorType(Name);
  }
  for (const og::Node &N : G.Nodes)
    for (size_t I = 0; I != N.Inputs.size(); ++I)
      if (N.Inputs[I] == Name && (N.OpType != "Gather" || I != 1)) {
        Node = &N;
        fail("reads integer graph input '" + Name +
             "'; accel-graphc computes in f32 and reads integer inputs "
             "only as Gather's indices");
        Node = nullptr;
        return std::nullopt;
      }
  unsigned Bits = T.Type == og::ElemType::Int64 ? 64 : 32;
  return RankedTensorType::get(T.Shape, IntegerType::get(&Context, Bits));
}

bool Importer::onlyFirstOutputUsed() {
  for (size_t I = 1; I < Node->Outputs.size(); ++I) {
    const std::string &Out = Node->Outputs[I];
    if (Out.empty())
      continue;
    for (const og::Node &Other : G.Nodes)
      for (const std::string &In : Other.Inputs)
        if (In == Out)
          return fail("output '" + Out + "' is read, which is not supported");
    for (const std::string &GraphOut : G.Outputs)
      if (GraphOut == Out)
        return fail("output '" + Out + "' is a graph output, which is not "
                    "supported");
  }
  return true;
}

std::optional<float> Importer::constantScalar(unsigned I) {
  const std::string &Name = Node->Inputs[I];
  const og::Tensor &T = G.Values.at(Name);
  if (T.Data.size() != 4 || T.Type != og::ElemType::Float ||
      std::find(G.Constants.begin(), G.Constants.end(), Name) ==
          G.Constants.end()) {
    fail("input '" + Name + "' must be a constant f32 scalar");
    return std::nullopt;
  }
  float F;
  std::memcpy(&F, T.Data.data(), 4);
  return F;
}

bool Importer::elementwise(ElementwiseKind Kind) {
  unsigned Arity = getArity(Kind);
  if (Node->Inputs.size() != Arity)
    return fail("takes " + Twine(Arity) + " inputs here, not " +
                Twine(Node->Inputs.size()));
  SmallVector<Value, 3> Ins;
  for (unsigned I = 0; I != Arity; ++I)
    if (!Ins.emplace_back(input(I)))
      return false;
  return define(createElementwise(Kind, resultType(), Ins));
}

/// Pow, whose exponent may be an integer tensor: a constant one becomes
/// f32 (exact below 2^24, as any exponent that keeps a power finite is).
bool Importer::pow() {
  if (Node->Inputs.size() != 2)
    return fail("takes 2 inputs here, not " + Twine(Node->Inputs.size()));
  const std::string &Name = Node->Inputs[1];
  if (isF32(Name) || !isConstant(Name))
    return elementwise(ElementwiseKind::pow);
  std::optional<std::vector<int64_t>> Ints = constantInts(1);
  Value X = Ints ? input(0) : Value();
  if (!X)
    return false;
  SmallVector<float> F(Ints->begin(), Ints->end());
  auto Type = RankedTensorType::get(G.Values.at(Name).Shape, B.getF32Type());
  Value Y = B.create<arith::ConstantOp>(
      loc(), Type, DenseElementsAttr::get(Type, ArrayRef<float>(F)));
  return define(createElementwise(ElementwiseKind::pow, resultType(), {X, Y}));
}

bool Importer::leakyRelu() {
  Value X = input(0);
  if (!X)
    return false;
  return define(
      createElementwise(ElementwiseKind::leaky_relu, resultType(), X,
                        B.getF32FloatAttr(floatAttr("alpha", 0.01f))));
}

bool Importer::clip() {
  Value X = input(0);
  if (!X)
    return false;
  // Bounds computed at run time: min(max(x, lo), hi) as two binary ops.
  auto isConstant = [&](unsigned I) {
    return std::find(G.Constants.begin(), G.Constants.end(),
                     Node->Inputs[I]) != G.Constants.end();
  };
  if ((hasInput(1) && !isConstant(1)) || (hasInput(2) && !isConstant(2))) {
    Value Y = X;
    for (auto [I, Kind] :
         {std::pair{1u, ElementwiseKind::max}, {2u, ElementwiseKind::min}}) {
      if (!hasInput(I))
        continue;
      Value Bound = input(I);
      if (!Bound)
        return false;
      Y = createElementwise(Kind, resultType(), {Y, Bound});
    }
    return define(Y);
  }
  float Lo = -std::numeric_limits<float>::infinity(), Hi = -Lo;
  if (hasInput(1)) {
    auto V = constantScalar(1);
    if (!V)
      return false;
    Lo = *V;
  }
  if (hasInput(2)) {
    auto V = constantScalar(2);
    if (!V)
      return false;
    Hi = *V;
  }
  if (!(Lo <= Hi))
    return fail("min " + std::to_string(Lo) + " is above max " +
                std::to_string(Hi));
  return define(createElementwise(ElementwiseKind::clip, resultType(), X,
                                  FloatAttr(), B.getF32FloatAttr(Lo),
                                  B.getF32FloatAttr(Hi)));
}

/// Max and Min take one or more inputs: one is the input itself, more a
/// chain of binary ops.
bool Importer::variadic(ElementwiseKind Kind) {
  Value Y = input(0);
  if (!Y)
    return false;
  for (unsigned I = 1; I < Node->Inputs.size(); ++I) {
    Value X = input(I);
    if (!X)
      return false;
    // The last op makes the node's output; the others, the broadcast of
    // what they combine.
    Type T = resultType();
    if (I + 1 != Node->Inputs.size()) {
      std::string Why;
      auto S = broadcastShapes(cast<RankedTensorType>(Y.getType()).getShape(),
                               cast<RankedTensorType>(X.getType()).getShape(),
                               Why);
      if (!S)
        return fail(Why);
      T = RankedTensorType::get(*S, B.getF32Type());
    }
    Y = createElementwise(Kind, T, {Y, X});
  }
  return define(Y);
}

std::optional<std::vector<int64_t>> Importer::constantInts(unsigned I) {
  const std::string &Name = Node->Inputs[I];
  const og::Tensor &T = G.Values.at(Name);
  bool Is64 = T.Type == og::ElemType::Int64;
  if ((!Is64 && T.Type != og::ElemType::Int32) ||
      std::find(G.Constants.begin(), G.Constants.end(), Name) ==
          G.Constants.end()) {
    fail("input '" + Name + "' must be a constant integer tensor");
    return std::nullopt;
  }
  std::vector<int64_t> V(T.getNumElements());
  for (size_t K = 0; K != V.size(); ++K) {
    if (Is64) {
      std::memcpy(&V[K], T.Data.data() + 8 * K, 8);
    } else {
      int32_t X;
      std::memcpy(&X, T.Data.data() + 4 * K, 4);
      V[K] = X;
    }
  }
  return V;
}

/// ONNX Split as one slice an output: each output's size along the axis
/// is its inferred shape's, so the split sizes (attribute, constant input
/// or equal parts) need no reading here.
bool Importer::split() {
  Value X = input(0);
  if (!X)
    return false;
  ArrayRef<int64_t> In = G.Values.at(Node->Inputs[0]).Shape;
  auto Axis = normalizeAxis(intAttr("axis", 0), In.size());
  if (!Axis)
    return false;
  int64_t Offset = 0;
  for (unsigned I = 0; I != Node->Outputs.size(); ++I) {
    if (Node->Outputs[I].empty())
      continue;
    std::vector<int64_t> Start(In.size(), 0), Step(In.size(), 1);
    Start[*Axis] = Offset;
    int64_t Size = G.Values.at(Node->Outputs[I]).Shape[*Axis];
    if (Size == 0)
      Start[*Axis] = 0; // an empty part reads nothing
    Offset += Size;
    if (!define(B.create<SliceOp>(loc(), resultType(I), X,
                                  B.getDenseI64ArrayAttr(Start),
                                  B.getDenseI64ArrayAttr(Step)),
                I))
      return false;
  }
  if (Offset != In[*Axis])
    return fail("the outputs' sizes add up to " + Twine(Offset) + ", not " +
                Twine(In[*Axis]));
  return true;
}

/// ONNX Slice (opset 10 on: starts, ends, axes, steps as constant inputs)
/// as a start and a step per dimension; the counts are the output's
/// inferred shape.
bool Importer::slice() {
  Value X = input(0);
  if (!X)
    return false;
  ArrayRef<int64_t> In = G.Values.at(Node->Inputs[0]).Shape;
  int64_t Rank = In.size();
  auto Starts = constantInts(1);
  if (!Starts)
    return false;
  std::vector<int64_t> Axes, Steps(Starts->size(), 1);
  for (size_t K = 0; K != Starts->size(); ++K)
    Axes.push_back(K);
  if (hasInput(3)) {
    auto A = constantInts(3);
    if (!A)
      return false;
    Axes = *A;
  }
  if (hasInput(4)) {
    auto S = constantInts(4);
    if (!S)
      return false;
    Steps = *S;
  }
  if (Axes.size() != Starts->size() || Steps.size() != Starts->size())
    return fail("starts, axes and steps differ in length");
  std::vector<int64_t> Start(Rank, 0), Step(Rank, 1);
  for (size_t K = 0; K != Axes.size(); ++K) {
    auto Axis = normalizeAxis(Axes[K], Rank);
    if (!Axis)
      return false;
    int64_t Dim = In[*Axis], S = (*Starts)[K];
    if (Steps[K] == 0)
      return fail("a step is 0");
    if (S < 0)
      S += Dim;
    // ONNX clamps: [0, dim] going forward, [0, dim - 1] going back.
    S = Steps[K] > 0 ? std::clamp<int64_t>(S, 0, Dim)
                     : std::clamp<int64_t>(S, 0, Dim - 1);
    Start[*Axis] = S;
    Step[*Axis] = Steps[K];
  }
  // An empty axis reads nothing: any in-range start will do.
  ArrayRef<int64_t> Out = G.Values.at(Node->Outputs[0]).Shape;
  for (int64_t D = 0; D != Rank; ++D)
    if (Out[D] == 0 || In[D] == 0)
      Start[D] = 0;
  return define(B.create<SliceOp>(loc(), resultType(), X,
                                  B.getDenseI64ArrayAttr(Start),
                                  B.getDenseI64ArrayAttr(Step)));
}

bool Importer::reduce(ReduceKind Kind) {
  Value X = input(0);
  if (!X)
    return false;
  int64_t Rank = G.Values.at(Node->Inputs[0]).Shape.size();
  std::vector<int64_t> Axes = intsAttr("axes", {});
  if (hasInput(1)) {
    auto FromInput = constantInts(1);
    if (!FromInput)
      return false;
    Axes = *FromInput;
  }
  if (Axes.empty() && intAttr("noop_with_empty_axes", 0))
    return define(X);
  for (int64_t &A : Axes) {
    if (A < -Rank || A >= Rank)
      return fail("axis " + Twine(A) + " is outside rank " + Twine(Rank));
    if (A < 0)
      A += Rank;
  }
  std::sort(Axes.begin(), Axes.end());
  return define(B.create<ReduceOp>(
      loc(), resultType(), X, ReduceKindAttr::get(B.getContext(), Kind),
      B.getDenseI64ArrayAttr(Axes), B.getBoolAttr(intAttr("keepdims", 1))));
}

std::optional<int64_t> Importer::normalizeAxis(int64_t Axis, int64_t Rank) {
  if (Axis < -Rank || Axis >= Rank) {
    fail("axis " + Twine(Axis) + " is outside rank " + Twine(Rank));
    return std::nullopt;
  }
  return Axis < 0 ? Axis + Rank : Axis;
}

bool Importer::layerNorm() {
  Value X = input(0), Scale = X ? input(1) : Value();
  if (!Scale)
    return false;
  Value Shift;
  if (hasInput(2) && !(Shift = input(2)))
    return false;
  int64_t Rank = G.Values.at(Node->Inputs[0]).Shape.size();
  auto Axis = normalizeAxis(intAttr("axis", -1), Rank);
  if (!Axis)
    return false;
  if (intAttr("stash_type", 1) != 1)
    return fail("stash_type other than f32 is not supported");
  float Epsilon = floatAttr("epsilon", 1e-5f);
  if (!define(B.create<LayerNormOp>(
          loc(), resultType(), X, Value(), Scale, Shift,
          B.getI64IntegerAttr(*Axis),
          B.getF32FloatAttr(Epsilon))))
    return false;
  // The optional Mean and InvStdDev outputs, where anything has them: the
  // kernel does not return them, so they are computed apart (reduce,
  // subtract, square, reduce, add epsilon, square root, reciprocal).
  auto wanted = [&](unsigned I) {
    return I < Node->Outputs.size() && !Node->Outputs[I].empty();
  };
  if (!wanted(1) && !wanted(2))
    return true;
  SmallVector<int64_t> Axes;
  for (int64_t D = *Axis; D < Rank; ++D)
    Axes.push_back(D);
  auto Stat = resultType(wanted(1) ? 1 : 2);
  auto XType = cast<RankedTensorType>(X.getType());
  auto reduceMean = [&](Value V) -> Value {
    return B.create<ReduceOp>(
        loc(), Stat, V, ReduceKindAttr::get(B.getContext(), ReduceKind::mean),
        B.getDenseI64ArrayAttr(Axes), B.getBoolAttr(true));
  };
  auto ew = [&](ElementwiseKind Kind, Type T, ValueRange Ins) {
    return createElementwise(Kind, T, Ins);
  };
  Value Mean = reduceMean(X);
  Value Diff = ew(ElementwiseKind::sub, XType, {X, Mean});
  Value Var = reduceMean(ew(ElementwiseKind::mul, XType, {Diff, Diff}));
  auto EpsType = RankedTensorType::get({1}, B.getF32Type());
  Value Eps = B.create<arith::ConstantOp>(
      loc(), EpsType, DenseElementsAttr::get(EpsType, Epsilon));
  Value InvStd = ew(ElementwiseKind::reciprocal, Stat,
                    ew(ElementwiseKind::sqrt, Stat,
                       ew(ElementwiseKind::add, Stat, {Var, Eps})));
  return (!wanted(1) || define(Mean, 1)) && (!wanted(2) || define(InvStd, 2));
}

bool Importer::batchNorm() {
  if (intAttr("training_mode", 0))
    return fail("training_mode 1 is not supported (inference only)");
  if (!onlyFirstOutputUsed())
    return false;
  SmallVector<Value, 5> Ins;
  for (unsigned I = 0; I != 5; ++I)
    if (!Ins.emplace_back(input(I)))
      return false;
  return define(B.create<BatchNormOp>(
      loc(), resultType(), Ins[0], Ins[1], Ins[2], Ins[3], Ins[4],
      B.getF32FloatAttr(floatAttr("epsilon", 1e-5f))));
}

bool Importer::concat() {
  SmallVector<Value> Ins;
  for (unsigned I = 0; I != Node->Inputs.size(); ++I)
    if (!Ins.emplace_back(input(I)))
      return false;
  if (Ins.size() > 256)
    return fail("more than 256 inputs");
  int64_t Rank = G.Values.at(Node->Outputs[0]).Shape.size();
  auto Axis = normalizeAxis(intAttr("axis", 0), Rank);
  if (!Axis)
    return false;
  return define(B.create<ConcatOp>(loc(), resultType(), Ins,
                                   B.getI64IntegerAttr(*Axis)));
}

bool Importer::matmul() {
  Value A = input(0), Bv = A ? input(1) : Value();
  if (!Bv)
    return false;
  return define(B.create<MatMulOp>(loc(), resultType(), A, Bv, ActivationAttr(),
                                   FloatAttr(), FloatAttr()));
}

bool Importer::gemm() {
  Value A = input(0), Bv = A ? input(1) : Value();
  if (!Bv)
    return false;
  float Beta = floatAttr("beta", 1.0f);
  Value C;
  if (hasInput(2) && Beta != 0.0f && !(C = input(2)))
    return false;
  return define(B.create<GemmOp>(
      loc(), resultType(), A, Bv, C,
      B.getF32FloatAttr(floatAttr("alpha", 1.0f)), B.getF32FloatAttr(Beta),
      B.getBoolAttr(intAttr("transA", 0)), B.getBoolAttr(intAttr("transB", 0)),
      ActivationAttr(), FloatAttr(), FloatAttr()));
}

/// A convolution's or pooling's window attributes with ONNX's defaults,
/// auto_pad resolved into explicit pads; false (with Error) for what the
/// dialect cannot express.
bool Importer::window(std::vector<int64_t> Kernel,
                      std::vector<int64_t> &Strides,
                      std::vector<int64_t> &Pads,
                      std::vector<int64_t> &Dilations) {
  ArrayRef<int64_t> X = G.Values.at(Node->Inputs[0]).Shape;
  size_t Dims = Kernel.size(); // 2; 1 or 3 for a pooling
  if (X.size() != 2 + Dims || Dims < 1 || Dims > 3)
    return fail("only 1-, 2- and 3-D windows over [N, C, spatial...] inputs "
                "are supported");
  Strides = intsAttr("strides", std::vector<int64_t>(Dims, 1));
  Dilations = intsAttr("dilations", std::vector<int64_t>(Dims, 1));
  Pads = intsAttr("pads", std::vector<int64_t>(2 * Dims, 0));
  if (Strides.size() != Dims || Dilations.size() != Dims ||
      Pads.size() != 2 * Dims)
    return fail("strides, dilations and pads do not match the kernel's rank");
  const og::Attribute *Auto = attr("auto_pad");
  std::string Mode = Auto ? Auto->S : "NOTSET";
  if (Mode == "VALID") {
    Pads.assign(2 * Dims, 0);
  } else if (Mode == "SAME_UPPER" || Mode == "SAME_LOWER") {
    // Output ceil(in / stride); the padding's odd one at the end (upper) or
    // the start (lower).
    for (size_t I = 0; I != Dims; ++I) {
      int64_t Out = (X[2 + I] + Strides[I] - 1) / Strides[I];
      int64_t Span = Dilations[I] * (Kernel[I] - 1) + 1;
      int64_t Total =
          std::max<int64_t>(0, (Out - 1) * Strides[I] + Span - X[2 + I]);
      int64_t Small = Total / 2, Large = Total - Small;
      Pads[I] = Mode == "SAME_UPPER" ? Small : Large;
      Pads[Dims + I] = Mode == "SAME_UPPER" ? Large : Small;
    }
  } else if (Mode != "NOTSET") {
    return fail("auto_pad '" + Mode + "' is not an ONNX mode");
  }
  return true;
}

bool Importer::conv() {
  Value X = input(0), W = X ? input(1) : Value();
  if (!W)
    return false;
  Value Bias;
  if (hasInput(2) && !(Bias = input(2)))
    return false;
  ArrayRef<int64_t> WShape = G.Values.at(Node->Inputs[1]).Shape;
  if (WShape.size() != 4)
    return fail("only 2-D convolutions are supported");
  std::vector<int64_t> Kernel = {WShape[2], WShape[3]};
  if (const og::Attribute *K = attr("kernel_shape"); K && K->IntList != Kernel)
    return fail("kernel_shape does not match the weight's shape");
  std::vector<int64_t> Strides, Pads, Dilations;
  if (!window(Kernel, Strides, Pads, Dilations))
    return false;
  return define(B.create<Conv2dOp>(
      loc(), resultType(), X, W, Bias, B.getDenseI64ArrayAttr(Strides),
      B.getDenseI64ArrayAttr(Pads), B.getDenseI64ArrayAttr(Dilations),
      B.getI64IntegerAttr(intAttr("group", 1)), ActivationAttr(), FloatAttr(),
      FloatAttr()));
}

bool Importer::pool(PoolKind Kind) {
  Value X = input(0);
  if (!X || !onlyFirstOutputUsed())
    return false;
  if (intAttr("storage_order", 0))
    return fail("storage_order 1 is not supported");
  const og::Attribute *K = attr("kernel_shape");
  if (!K)
    return fail("kernel_shape is missing");
  std::vector<int64_t> Kernel = K->IntList, Strides, Pads, Dilations;
  if (!window(Kernel, Strides, Pads, Dilations))
    return false;
  // A 1-D pooling over [N, C, L] is a 2-D one over [N, C, 1, L]; a 3-D one
  // over [N, C, D, H, W] is a 2-D one over H and W of [N, C D, H, W], then
  // a kd x 1 one over D of [N, C, D, OH OW]: a box window's maximum is
  // separable, and so is its mean, its count of taps being the product of
  // each axis's (with or without the padding).
  ArrayRef<int64_t> In = cast<RankedTensorType>(X.getType()).getShape();
  ArrayRef<int64_t> Out = resultType().getShape();
  auto shape = [&](ArrayRef<int64_t> S) {
    return RankedTensorType::get(S, B.getF32Type());
  };
  // Window axes A .. A + Dims - 1 as the 2-D op's two; one axis as its
  // height (OneAs 0) or width (1), the other of size 1.
  auto pool2d = [&](Value V, ArrayRef<int64_t> OutShape, size_t A,
                    size_t Dims, int OneAs) {
    auto pick = [&](const std::vector<int64_t> &V, int64_t Fill) {
      std::vector<int64_t> R(V.begin() + A, V.begin() + A + Dims);
      if (Dims == 1)
        R.insert(R.begin() + (OneAs == 1 ? 0 : 1), Fill);
      return R;
    };
    size_t N = Kernel.size();
    std::vector<int64_t> P = pick(Pads, 0), E(Pads.begin() + N, Pads.end());
    std::vector<int64_t> PadsAfter = pick(E, 0);
    std::vector<int64_t> P2 = {P[0], P[1], PadsAfter[0], PadsAfter[1]};
    return B.create<Pool2dOp>(
        loc(), shape(OutShape), V, PoolKindAttr::get(B.getContext(), Kind),
        B.getDenseI64ArrayAttr(pick(Kernel, 1)),
        B.getDenseI64ArrayAttr(pick(Strides, 1)), B.getDenseI64ArrayAttr(P2),
        B.getDenseI64ArrayAttr(pick(Dilations, 1)),
        B.getBoolAttr(intAttr("ceil_mode", 0)),
        B.getBoolAttr(intAttr("count_include_pad", 0)));
  };
  auto reshape = [&](Value V, ArrayRef<int64_t> S) -> Value {
    return B.create<ReshapeOp>(loc(), shape(S), V);
  };
  Value Y;
  if (Kernel.size() == 2) {
    Y = pool2d(X, Out, 0, 2, 0);
  } else if (Kernel.size() == 1) {
    Y = pool2d(reshape(X, {In[0], In[1], 1, In[2]}),
               {Out[0], Out[1], 1, Out[2]}, 0, 1, /*OneAs=*/1);
  } else {
    Value HW = pool2d(reshape(X, {In[0], In[1] * In[2], In[3], In[4]}),
                      {In[0], In[1] * In[2], Out[3], Out[4]}, 1, 2, 0);
    Y = pool2d(reshape(HW, {In[0], In[1], In[2], Out[3] * Out[4]}),
               {Out[0], Out[1], Out[2], Out[3] * Out[4]}, 0, 1, /*OneAs=*/0);
  }
  return define(Kernel.size() == 2 ? Y : reshape(Y, Out));
}

bool Importer::globalPool(PoolKind Kind) {
  Value X = input(0);
  if (!X)
    return false;
  ArrayRef<int64_t> S = G.Values.at(Node->Inputs[0]).Shape;
  if (S.size() != 4)
    return fail("only NCHW inputs are supported");
  return define(B.create<Pool2dOp>(
      loc(), resultType(), X, PoolKindAttr::get(B.getContext(), Kind),
      B.getDenseI64ArrayAttr({S[2], S[3]}), B.getDenseI64ArrayAttr({1, 1}),
      B.getDenseI64ArrayAttr({0, 0, 0, 0}), B.getDenseI64ArrayAttr({1, 1}),
      B.getBoolAttr(false), B.getBoolAttr(false)));
}

bool Importer::softmax(bool Log) {
  Value X = input(0);
  if (!X)
    return false;
  ArrayRef<int64_t> S = G.Values.at(Node->Inputs[0]).Shape;
  int64_t Rank = S.size();
  if (G.Opset >= 13) {
    std::optional<int64_t> Axis = normalizeAxis(intAttr("axis", -1), Rank);
    if (!Axis)
      return false;
    return define(B.create<SoftmaxOp>(loc(), resultType(), X,
                                      B.getI64IntegerAttr(*Axis),
                                      B.getBoolAttr(Log)));
  }
  // Before opset 13 the input is taken as a matrix [dims before axis,
  // dims from axis on] and each row normalized.
  int64_t Axis = intAttr("axis", 1);
  if (Axis < -Rank || Axis > Rank)
    return fail("axis " + Twine(Axis) + " is outside rank " + Twine(Rank));
  if (Axis < 0)
    Axis += Rank;
  int64_t Rows = 1, Cols = 1;
  for (int64_t I = 0; I != Rank; ++I)
    (I < Axis ? Rows : Cols) *= S[I];
  auto Matrix = RankedTensorType::get({Rows, Cols}, B.getF32Type());
  Value M = B.create<ReshapeOp>(loc(), Matrix, X);
  Value Y = B.create<SoftmaxOp>(loc(), Matrix, M, B.getI64IntegerAttr(1),
                                B.getBoolAttr(Log));
  return define(B.create<ReshapeOp>(loc(), resultType(), Y));
}

/// Reshape, Flatten, Squeeze, Unsqueeze: the loader gave the output its
/// static shape, whatever computed it.
bool Importer::reshape() {
  Value X = input(0);
  if (!X)
    return false;
  // ONNX's shape inference passes a shape whose count differs (it takes
  // the shape input as given).
  auto In = cast<RankedTensorType>(X.getType());
  RankedTensorType Out = resultType();
  if (In.getNumElements() != Out.getNumElements())
    return fail("cannot reshape " + Twine(In.getNumElements()) +
                " elements into " + Twine(Out.getNumElements()));
  return define(B.create<ReshapeOp>(loc(), Out, X));
}

bool Importer::transpose() {
  Value X = input(0);
  if (!X)
    return false;
  int64_t Rank = G.Values.at(Node->Inputs[0]).Shape.size();
  std::vector<int64_t> Reversed;
  for (int64_t I = Rank - 1; I >= 0; --I)
    Reversed.push_back(I);
  return define(B.create<TransposeOp>(
      loc(), resultType(), X,
      B.getDenseI64ArrayAttr(intsAttr("perm", Reversed))));
}

/// Pad with constant pads (opset 11 on: an input) and value.
bool Importer::pad() {
  Value X = input(0);
  if (!X)
    return false;
  std::optional<std::vector<int64_t>> Pads = constantInts(1);
  if (!Pads)
    return false;
  if (hasInput(3))
    return fail("the axes input (opset 18) is not supported");
  // The constant mode's value: a constant, or read at run time.
  float Value = 0.0f;
  mlir::Value Fill;
  if (hasInput(2) && isConstant(Node->Inputs[2])) {
    std::optional<float> V = constantScalar(2);
    if (!V)
      return false;
    Value = *V;
  } else if (hasInput(2) && !(Fill = input(2))) {
    return false;
  }
  const og::Attribute *Mode = attr("mode");
  std::string M = Mode ? Mode->S : "constant";
  std::optional<PadMode> PM = symbolizePadMode(M);
  if (!PM)
    return fail("mode '" + M + "' is not constant, reflect or edge");
  if (llvm::any_of(*Pads, [](int64_t P) { return P < 0; }))
    return fail("negative pads (cropping) are not supported");
  return define(B.create<PadOp>(
      loc(), resultType(), X, Fill, B.getDenseI64ArrayAttr(*Pads),
      PadModeAttr::get(B.getContext(), *PM), B.getF32FloatAttr(Value)));
}

/// Gather of f32 data: one accel.gather of all the indices along the axis,
/// then the indices' shape by a reshape. The indices are constants or an
/// integer graph input (graphInputType). (Integer data, shapes, are folded
/// by the loader.)
bool Importer::gather() {
  Value X = input(0);
  if (!X)
    return false;
  ArrayRef<int64_t> In = G.Values.at(Node->Inputs[0]).Shape;
  std::optional<int64_t> Axis = normalizeAxis(intAttr("axis", 0), In.size());
  if (!Axis)
    return false;
  SmallVector<int64_t> Flat(In.begin(), In.end());
  if (hasInput(1) && !isConstant(Node->Inputs[1])) {
    auto It = Values.find(Node->Inputs[1]);
    if (It == Values.end() || isa<FloatType>(cast<RankedTensorType>(
                                  It->second.getType()).getElementType()))
      return fail("input '" + Node->Inputs[1] +
                  "' must be constant integer indices or an integer graph "
                  "input");
    Flat[*Axis] = cast<RankedTensorType>(It->second.getType()).getNumElements();
    Value Y = B.create<GatherOp>(
        loc(), RankedTensorType::get(Flat, B.getF32Type()), X, It->second,
        B.getI64IntegerAttr(*Axis), DenseI64ArrayAttr());
    return define(B.create<ReshapeOp>(loc(), resultType(), Y));
  }
  std::optional<std::vector<int64_t>> Indices = constantInts(1);
  if (!Indices)
    return false;
  for (int64_t I : *Indices)
    if (I < -In[*Axis] || I >= In[*Axis])
      return fail("index " + Twine(I) + " is outside dimension " +
                  Twine(*Axis) + " of size " + Twine(In[*Axis]));
  Flat[*Axis] = Indices->size();
  Value Y = B.create<GatherOp>(
      loc(), RankedTensorType::get(Flat, B.getF32Type()), X, Value(),
      B.getI64IntegerAttr(*Axis), B.getDenseI64ArrayAttr(*Indices));
  return define(B.create<ReshapeOp>(loc(), resultType(), Y));
}

/// Expand to a constant shape (the loader gave the output its shape).
bool Importer::expand() {
  Value X = input(0);
  if (!X)
    return false;
  if (!constantInts(1))
    return false;
  return define(B.create<ExpandOp>(loc(), resultType(), X));
}

/// Where with a constant condition (a bool mask, say), as an f32 one of
/// 0 and 1 for the where kernel.
bool Importer::where() {
  const std::string &Cond = Node->Inputs[0];
  const og::Tensor &C = G.Values.at(Cond);
  if (!isConstant(Cond) || C.Type != og::ElemType::Bool)
    return fail("the condition '" + Cond + "' must be a constant bool " +
                "tensor (one computed at run time is not supported)");
  Value A = input(1), Bv = A ? input(2) : Value();
  if (!Bv)
    return false;
  SmallVector<float> Ones;
  for (uint8_t Byte : C.Data) // a bool a byte
    Ones.push_back(Byte ? 1.0f : 0.0f);
  auto Type = RankedTensorType::get(C.Shape, B.getF32Type());
  Value CondF32 = B.create<arith::ConstantOp>(
      loc(), Type, DenseElementsAttr::get(Type, ArrayRef<float>(Ones)));
  return define(createElementwise(ElementwiseKind::where, resultType(),
                                  {CondF32, A, Bv}));
}

/// Cast of f32 to f32 is the input (other casts of f32 data would leave
/// f32; integer casts are the loader's).
bool Importer::castF32() {
  Value X = input(0);
  if (!X)
    return false;
  if (intAttr("to", 0) != int64_t(og::ElemType::Float))
    return fail("a cast of f32 to another type: accel-graphc computes in f32");
  return define(X);
}

/// Identity, and Dropout for inference: the output is the input.
bool Importer::identity() {
  Value X = input(0);
  if (!X || !onlyFirstOutputUsed())
    return false;
  if (Node->OpType == "Dropout" && hasInput(2))
    return fail("training_mode as an input is not supported (inference only)");
  return define(X);
}

const llvm::StringMap<Importer::Handler> &Importer::handlers() {
  static const llvm::StringMap<Handler> Map = [] {
    llvm::StringMap<Handler> M;
    // The elementwise kinds that are an ONNX operator each, as the
    // dialect declares them (AccelGraphEnums.td).
    for (uint32_t V = 0; V <= getMaxEnumValForElementwiseKind(); ++V)
      if (std::optional<ElementwiseKind> Kind = symbolizeElementwiseKind(V))
        if (StringRef Op = ElementwiseKindAttr::getOnnxName(*Kind); !Op.empty())
          M[Op] = [Kind = *Kind](Importer &I) { return I.elementwise(Kind); };
    M["Pow"] = [](Importer &I) { return I.pow(); };
    M["Max"] = [](Importer &I) { return I.variadic(ElementwiseKind::max); };
    M["Min"] = [](Importer &I) { return I.variadic(ElementwiseKind::min); };
    for (auto [Op, Kind] : {std::pair{"ReduceSum", ReduceKind::sum},
                            {"ReduceMean", ReduceKind::mean},
                            {"ReduceMax", ReduceKind::max},
                            {"ReduceMin", ReduceKind::min}})
      M[Op] = [Kind = Kind](Importer &I) { return I.reduce(Kind); };
    M["LeakyRelu"] = [](Importer &I) { return I.leakyRelu(); };
    M["Clip"] = [](Importer &I) { return I.clip(); };
    M["MatMul"] = [](Importer &I) { return I.matmul(); };
    M["Gemm"] = [](Importer &I) { return I.gemm(); };
    M["Conv"] = [](Importer &I) { return I.conv(); };
    M["MaxPool"] = [](Importer &I) { return I.pool(PoolKind::max); };
    M["AveragePool"] = [](Importer &I) { return I.pool(PoolKind::avg); };
    M["GlobalAveragePool"] = [](Importer &I) {
      return I.globalPool(PoolKind::avg);
    };
    M["GlobalMaxPool"] = [](Importer &I) {
      return I.globalPool(PoolKind::max);
    };
    M["Softmax"] = [](Importer &I) { return I.softmax(false); };
    M["LogSoftmax"] = [](Importer &I) { return I.softmax(true); };
    for (const char *Op : {"Reshape", "Flatten", "Squeeze", "Unsqueeze"})
      M[Op] = [](Importer &I) { return I.reshape(); };
    M["Transpose"] = [](Importer &I) { return I.transpose(); };
    M["LayerNormalization"] = [](Importer &I) { return I.layerNorm(); };
    M["BatchNormalization"] = [](Importer &I) { return I.batchNorm(); };
    M["Concat"] = [](Importer &I) { return I.concat(); };
    M["Slice"] = [](Importer &I) { return I.slice(); };
    M["Split"] = [](Importer &I) { return I.split(); };
    M["Identity"] = [](Importer &I) { return I.identity(); };
    M["Pad"] = [](Importer &I) { return I.pad(); };
    M["Gather"] = [](Importer &I) { return I.gather(); };
    M["Expand"] = [](Importer &I) { return I.expand(); };
    M["Where"] = [](Importer &I) { return I.where(); };
    M["Cast"] = [](Importer &I) { return I.castF32(); };
    M["Dropout"] = [](Importer &I) { return I.identity(); };
    return M;
  }();
  return Map;
}

bool Importer::run(ModuleOp Module) {
  SmallVector<Type> InputTypes, OutputTypes;
  for (const std::string &In : G.Inputs) {
    std::optional<RankedTensorType> T = graphInputType(In);
    if (!T)
      return false;
    InputTypes.push_back(*T);
  }
  for (const std::string &Out : G.Outputs) {
    if (!requireF32(Out, "graph output"))
      return false;
    OutputTypes.push_back(tensorType(Out));
  }
  B.setInsertionPointToEnd(Module.getBody());
  auto Main = B.create<func::FuncOp>(
      NameLoc::get(B.getStringAttr(G.Name)), "main",
      B.getFunctionType(InputTypes, OutputTypes));
  Block *Entry = Main.addEntryBlock();
  for (size_t I = 0; I != G.Inputs.size(); ++I)
    Values[G.Inputs[I]] = Entry->getArgument(I);
  B.setInsertionPointToEnd(Entry);

  for (const og::Node &N : G.Nodes) {
    Node = &N;
    auto H = handlers().find(N.OpType);
    if (H == handlers().end())
      return fail("not supported by accel-graphc yet");
    if (!H->second(*this))
      return false;
  }
  Node = nullptr;
  SmallVector<Value> Results;
  for (const std::string &Out : G.Outputs) {
    auto It = Values.find(Out);
    if (It != Values.end()) {
      Results.push_back(It->second);
      continue;
    }
    // A constant output (the loader folded all that computes it): copied
    // into the arena, where the runtime writes outputs from.
    Value C = valueOf(Out, "graph output");
    if (!C)
      return false;
    Results.push_back(B.create<ExpandOp>(C.getLoc(), C.getType(), C));
  }
  B.create<func::ReturnOp>(Main.getLoc(), Results);
  return true;
}

} // namespace

void accel::graph::loadImportDialects(MLIRContext &Context) {
  Context.loadDialect<AccelGraphDialect, func::FuncDialect,
                      arith::ArithDialect>();
}

OwningOpRef<ModuleOp>
accel::graph::importOnnxGraph(const og::Graph &G, const std::string &ModelName,
                              MLIRContext &Context, std::string &Error) {
  loadImportDialects(Context);
  OwningOpRef<ModuleOp> Module =
      ModuleOp::create(FileLineColLoc::get(&Context, ModelName, 0, 0));
  Importer I(G, Context);
  if (!I.run(*Module)) {
    Error = ModelName + ": " + I.Error;
    return nullptr;
  }
  // The verifiers check each op's result shape (the loader's, from ONNX's
  // inference) against the dialect's rules: a disagreement is a bug here or
  // there, reported at the node.
  std::string Message;
  {
    ScopedDiagnosticHandler Handler(&Context, [&](mlir::Diagnostic &D) {
      llvm::raw_string_ostream OS(Message);
      OS << D.getLocation() << ": " << D;
      return success();
    });
    if (failed(verify(*Module))) {
      Error = ModelName + ": internal error, the imported IR does not "
                          "verify: " + Message;
      return nullptr;
    }
  }
  return Module;
}
