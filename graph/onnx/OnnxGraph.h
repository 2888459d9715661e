//===-- OnnxGraph.h - An ONNX model as plain data ---------------*- C++ -*-===//
//
// The graph compiler's view of an ONNX model after loading, checking and
// shape inference (OnnxLoader.cpp): every value with a static shape and an
// element type, constants with their data, nodes in topological order. It
// holds no ONNX or protobuf type, so that the rest of the compiler, which
// uses LLVM and MLIR (built without exception support), never includes
// ONNX's headers nor meets the exceptions ONNX throws: only the loader
// does.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_GRAPH_ONNX_ONNXGRAPH_H
#define ACCEL_GRAPH_ONNX_ONNXGRAPH_H

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace accel::onnx_graph {

/// Element types the compiler handles (ONNX's TensorProto numbering).
enum class ElemType : int32_t {
  Undefined = 0,
  Float = 1,
  UInt8 = 2,
  Int8 = 3,
  UInt16 = 4,
  Int16 = 5,
  Int32 = 6,
  Int64 = 7,
  Bool = 9,
  Float16 = 10,
  Double = 11,
  UInt32 = 12,
  UInt64 = 13,
  BFloat16 = 16,
  Other = -1, ///< any type the compiler does not handle
};

const char *getElemTypeName(ElemType T);

/// A tensor's type; constants also carry their data (little-endian bytes of
/// the element type, row-major).
struct Tensor {
  ElemType Type = ElemType::Undefined;
  std::vector<int64_t> Shape;
  std::vector<uint8_t> Data; ///< constants only

  int64_t getNumElements() const;
};

struct Attribute {
  enum Kind { Int, Float, String, Ints, Floats, Strings, TensorValue, Graph };
  Kind K = Int;
  int64_t I = 0;
  float F = 0;
  std::string S;
  std::vector<int64_t> IntList;
  std::vector<float> FloatList;
  std::vector<std::string> StringList;
  Tensor T;
};

struct Node {
  std::string Name; ///< the node's name, or "<OpType>#<index>" if it has none
  std::string OpType;
  std::vector<std::string> Inputs;  ///< "" for an omitted optional input
  std::vector<std::string> Outputs; ///< "" for an omitted optional output
  std::map<std::string, Attribute> Attributes;
};

struct Graph {
  std::string Name;
  int64_t Opset = 0;       ///< of the default (ai.onnx) domain
  std::vector<Node> Nodes; ///< topologically sorted
  /// Every value: graph inputs, initializers, node outputs.
  std::map<std::string, Tensor> Values;
  std::vector<std::string> Inputs; ///< graph inputs that are not constants
  std::vector<std::string> Outputs;
  /// Initializers (and graph inputs with an initializer): their data is in
  /// Values.
  std::vector<std::string> Constants;
};

/// How to load a model.
struct LoadOptions {
  /// Static sizes for graph inputs with symbolic or unknown dimensions,
  /// by input name (the whole shape).
  std::map<std::string, std::vector<int64_t>> InputShapes;
  /// Whether the compiler lowers an op type itself; a node of another op
  /// type that is an ONNX function is replaced by the function's body.
  /// Unset: no node is replaced.
  std::function<bool(const std::string &OpType)> IsNative;
};

/// Reads, checks and shape-infers the ONNX model at \p Path (initializers in
/// external data files are read from its directory). On failure returns
/// false with one message in \p Error that names the file and, where one is
/// at fault, the node (its name and op type) or the value.
bool loadModel(const std::string &Path, const LoadOptions &Options, Graph &Out,
               std::string &Error);

/// The model's inputs that are not initializers, with their declared
/// sizes (-1 where symbolic or unknown), and its outputs' names, without
/// loading the graph; false with a message in \p Error if it does not
/// parse.
bool readSignature(const std::string &Path,
                   std::map<std::string, std::vector<int64_t>> &Inputs,
                   std::vector<std::string> &Outputs, std::string &Error);

/// The opsets of the default domain the compiler compiles; older models
/// are converted to ConvertedOpset first (ONNX's version converter).
constexpr int64_t MinOpset = 11, MaxOpset = 17, ConvertedOpset = 13;

} // namespace accel::onnx_graph

#endif
