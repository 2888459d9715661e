//===-- Importer.h - The ONNX importer's class (private) --------*- C++ -*-===//
//
// The importer's state and helpers, shared by its files: OnnxImporter.cpp
// (values, attributes, the table of handlers, the run) and one file per
// operator family (Import*.cpp), each defining its handlers.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_GRAPH_IMPORT_IMPORTER_H
#define ACCEL_GRAPH_IMPORT_IMPORTER_H

#include "dialect/AccelGraphDialect.h"
#include "dialect/ShapeRules.h"
#include "import/OnnxImporter.h"

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

namespace accel::graph::import_detail {

// Only the importer's files include this header.
namespace og = accel::onnx_graph;
using namespace mlir;

/// ONNX's recurrent layers (ImportRecurrent.cpp).
enum class RecurrentCell { RNN, GRU, LSTM };

class Importer {
public:
  Importer(const og::Graph &G, MLIRContext &Context)
      : G(G), Context(Context), B(&Context) {}

  /// Builds @main into \p Module; false with Error set on failure.
  bool run(ModuleOp Module);
  /// Whether a handler imports ONNX op type \p OpType.
  static bool handles(StringRef OpType) { return handlers().count(OpType); }

  std::string Error;

private:
  const og::Graph &G;
  MLIRContext &Context;
  OpBuilder B;
  std::map<std::string, Value> Values;
  const og::Node *Node = nullptr;    ///< the node being imported
  Operation *LastConstant = nullptr; ///< constants lead @main, in use order

  using Handler = std::function<bool(Importer &)>;
  static const llvm::StringMap<Handler> &handlers();

  bool fail(const Twine &Message) {
    Error = Node ? "node '" + Node->Name + "' (" + Node->OpType +
                       "): " + Message.str()
                 : Message.str();
    return false;
  }
  Location loc() const {
    return NameLoc::get(
        StringAttr::get(&Context, Node->Name + " (" + Node->OpType + ")"));
  }

  // Values and types.
  /// ONNX's element type \p T as the dialect's (AccelGraphOps.td).
  Type elementType(og::ElemType T) const;
  RankedTensorType tensorType(const std::string &Name) const {
    const og::Tensor &T = G.Values.at(Name);
    return RankedTensorType::get(T.Shape, elementType(T.Type));
  }
  /// Fails for a value of an element type the dialect does not have (a
  /// string, say), naming it as \p What.
  bool requireKnownType(const std::string &Name, const Twine &What) {
    og::ElemType T = G.Values.at(Name).Type;
    if (T != og::ElemType::Other && T != og::ElemType::Undefined)
      return true;
    return fail(What + " '" + Name +
                "' has an element type accel-graphc does not handle (" +
                og::getElemTypeName(T) + ")");
  }
  bool isF32(const std::string &Name) const {
    return G.Values.at(Name).Type == og::ElemType::Float;
  }
  /// Input \p I of the node as a tensor value, or null (and Error).
  Value input(unsigned I);
  /// The value \p Name (a constant made on first use), or null (and
  /// Error).
  Value valueOf(const std::string &Name);
  bool hasInput(unsigned I) const {
    return I < Node->Inputs.size() && !Node->Inputs[I].empty();
  }
  RankedTensorType resultType(unsigned I = 0) {
    return tensorType(Node->Outputs[I]);
  }
  /// Records the node's output \p I.
  bool define(Value V, unsigned I = 0) {
    if (!requireKnownType(Node->Outputs[I], "output"))
      return false;
    Values[Node->Outputs[I]] = V;
    return true;
  }
  /// Verifies the ops from \p First to the block's end (the node's): an
  /// element type an op's kernel does not take is the node's error.
  bool verifyNode(Block::iterator First, Block::iterator End);
  /// The only outputs a node may have that nothing reads.
  bool onlyFirstOutputUsed();
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
  // Activations with attributes, Sum and Mean (ImportActivations.cpp).
  /// Elu, Celu or ThresholdedRelu: \p Kind with the alpha attribute.
  bool alphaActivation(ElementwiseKind Kind);
  bool selu();
  bool shrink();
  bool softsign();
  /// Sum, or Mean (the sum divided by n).
  bool sumOrMean(bool Mean);
  /// HardSigmoid, or HardSwish (x times HardSigmoid's, alpha 1/6).
  bool hardSigmoid(bool TimesInput);
  bool pow();
  bool clip();
  // Integer, bool and comparison kinds with attributes (ImportElementwise.cpp).
  bool mod();
  bool bitShift();
  bool isInf();
  /// Clip's constant bound \p I (of the input's type) as an f32.
  std::optional<float> clipBound(unsigned I);
  bool matmul();
  bool gemm();
  bool conv();
  bool convTranspose(); // ImportConvTranspose.cpp
  // Through the 2-D kernels (ImportConvNd.cpp).
  /// Conv in 1-D or 3-D.
  bool convNd(Value X, Value W, Value Bias);
  /// ConvTranspose in 3-D, its pads resolved ([begins..., ends...]).
  Value convTranspose3d(Value X, Value W, Value Bias, ArrayRef<int64_t> S,
                        ArrayRef<int64_t> P, ArrayRef<int64_t> D,
                        ArrayRef<int64_t> OP, int64_t Group);
  /// The same where each output depth takes one tap at most ((KD - 1)
  /// dilation < stride): the taps folded into the output channels.
  Value convTranspose3dDisjoint(Value X, Value W, Value Bias,
                                ArrayRef<int64_t> S, ArrayRef<int64_t> P,
                                ArrayRef<int64_t> D, ArrayRef<int64_t> OP,
                                int64_t Group);
  bool window(std::vector<int64_t> Kernel, std::vector<int64_t> &Strides,
              std::vector<int64_t> &Pads, std::vector<int64_t> &Dilations);
  bool pool(PoolKind Kind);
  /// MaxPool with its Indices or of another type than f32
  /// (ImportPooling.cpp); f32 maxima alone are pool()'s.
  bool maxPool();
  bool gridSample(); // ImportGridSample.cpp
  bool det();        // ImportGridSample.cpp
  bool globalPool(PoolKind Kind);
  bool softmax(bool Log);
  bool reduce(ReduceKind Kind);
  bool argReduce(bool IsMin);
  bool hardmax();
  bool cumSum();
  bool topK();
  /// Whether \p Name is a graph input that is not a constant: its value
  /// is there before the kernels' checks run.
  bool isGraphInput(const std::string &Name) const {
    return std::find(G.Inputs.begin(), G.Inputs.end(), Name) != G.Inputs.end();
  }
  bool layerNorm();
  bool batchNorm();
  bool instanceNorm();
  bool lrn();
  // Linear quantization (ImportQuantize.cpp).
  /// Input \p I, a scale or zero point of x \p X, as \p ElemType,
  /// reshaped to broadcast along the node's axis when it has one value a
  /// slice; null (and Error) when it fits neither.
  Value quantizationParameter(unsigned I, Value X, Type ElemType);
  bool quantizeLinear();
  bool dequantizeLinear();
  // Integer matrix products (ImportQuantizedMatmul.cpp).
  /// Input \p I (int8 or uint8) as \p E minus its zero point, input
  /// \p ZeroPoint if present (a vector along \p ParamAxis).
  Value quantizedOperand(unsigned I, unsigned ZeroPoint, Type E,
                         int64_t ParamAxis);
  /// Input \p I as \p E, broadcasting against a value of \p Rank
  /// dimensions: a scalar, a tensor of that rank, or a vector reshaped
  /// to lie along \p Axis (negative: no vector); null (and Error).
  Value quantizationVector(unsigned I, int64_t Rank, int64_t Axis, Type E);
  /// \p SA * \p SB / \p SY in f32, broadcast.
  Value scaleProduct(Value SA, Value SB, Value SY);
  /// int32 \p Acc times \p Multiplier rounded half to even, plus input
  /// \p ZeroPoint (along \p ChannelAxis), saturated to the result type.
  Value requantize(Value Acc, Value Multiplier, unsigned ZeroPoint,
                   int64_t ChannelAxis);
  /// The int32 convolution of f32 \p X and \p W holding integers.
  Value integerConv(Value X, Value W);
  bool matMulInteger();
  bool qlinearMatMul();
  bool convInteger();
  bool qlinearConv();
  bool einsum(); // ImportEinsum.cpp
  /// RNN, GRU or LSTM, unrolled over the sequence.
  bool recurrent(RecurrentCell Cell);
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
  /// Dropout in inference: the identity, and a mask of all true.
  bool dropout();
  /// If, Loop or Scan the loader could not make straight: the reason.
  bool controlFlow();
  bool pad();
  bool gather();
  bool expand();
  bool where();
  bool castOp();
  // Configuration inputs (ConfigInputs.cpp; docs/graph.md, "Configuration
  // inputs").
  /// A configuration input: absent (or empty), constant (its values, for
  /// the op's attributes), or computed at run time (an operand the kernel
  /// reads, checking it against the result's static shape).
  struct ConfigInput {
    std::optional<std::vector<double>> Constant;
    Value Operand;
    bool present() const { return Constant || Operand; }
  };
  /// Input \p I as a configuration input; nullopt (and Error) for a
  /// constant of a type that is not a number it takes.
  std::optional<ConfigInput> configInput(unsigned I);
  bool resize(); // ImportResize.cpp
  // Indexing, and the ops made of reshapes, transposes and constants
  // (ImportIndexing.cpp).
  /// Input \p I as int32 or int64 indices, or null (and Error).
  Value indexInput(unsigned I);
  std::optional<ScatterReduction> scatterReduction();
  bool gatherElements();
  /// ScatterElements, and Scatter (its deprecated name).
  bool scatterElements();
  bool gatherND();
  bool scatterND();
  bool trilu();
  bool reverseSequence();
  bool oneHot();
  bool eyeLike();
  bool reshapeTransposeReshape(Value X, ArrayRef<int64_t> Shape,
                               ArrayRef<int64_t> Perm);
  bool depthToSpace();
  bool spaceToDepth();
  bool tile();
  // Configured by values computed at run time (ImportConfigValues.cpp).
  /// Whether input \p First to \p Last is present and not a constant.
  bool configAtRunTime(unsigned First, unsigned Last);
  /// Input \p I, int32 or int64, or null (and Error).
  Value indexValues(unsigned I);
  bool sliceValues();
  bool padValues(float Value, mlir::Value Fill, PadMode Mode);
  bool expandValues();
  bool range();
  bool maxUnpool();
  bool isConstant(const std::string &Name) const {
    return std::find(G.Constants.begin(), G.Constants.end(), Name) !=
           G.Constants.end();
  }
};

} // namespace accel::graph::import_detail

#endif
