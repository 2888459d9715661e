//===-- OnnxLoader.cpp - Read, check and shape-infer an ONNX model --------===//
//
// With ShapeFolding.cpp, the only file that includes ONNX's and protobuf's
// headers: ONNX reports errors by throwing, and LLVM and MLIR (Debian's are
// built without exception support) must never see an exception, so
// loadModel catches everything. It turns a model file into the
// plain OnnxGraph: ONNX's checker and its shape inference (strict, with data
// propagation, so that shape computations such as Shape -> Gather -> Concat
// -> Reshape give static shapes) do the validation, and every failure,
// theirs or ours, becomes one message naming the file and the node or value
// at fault. Nothing here throws past loadModel.
//
//===----------------------------------------------------------------------===//

#include "OnnxGraph.h"
#include "ControlFlow.h"
#include "FunctionExpansion.h"
#include "ConstantFolding.h"
#include "ShapeFolding.h"

#include "onnx/checker.h"
#include "onnx/onnx_pb.h"
#include "onnx/shape_inference/implementation.h"
#include "onnx/version_converter/convert.h"

#include <cstring>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>
#include <stdexcept>

using namespace accel::onnx_graph;

namespace {

/// A load error: the message, without the file name loadModel puts first.
struct LoadError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

[[noreturn]] void fail(const std::string &Message) { throw LoadError(Message); }

std::string describeNode(const onnx::NodeProto &N, size_t Index) {
  std::string Name =
      N.name().empty() ? N.op_type() + "#" + std::to_string(Index) : N.name();
  return "node '" + Name + "' (" + N.op_type() + ")";
}

/// The element types the compiler handles: ElemType's values are ONNX's
/// TensorProto numbers, so this one table maps both ways.
struct ElemTypeInfo {
  ElemType Type;
  size_t Bytes;
  const char *Name;
};
constexpr ElemTypeInfo ElemTypes[] = {
    {ElemType::Float, 4, "f32"},    {ElemType::UInt8, 1, "u8"},
    {ElemType::Int8, 1, "i8"},      {ElemType::Int32, 4, "i32"},
    {ElemType::Int64, 8, "i64"},    {ElemType::Bool, 1, "bool"},
    {ElemType::Float16, 2, "f16"},  {ElemType::Double, 8, "f64"},
    {ElemType::Int16, 2, "i16"},    {ElemType::UInt16, 2, "u16"},
    {ElemType::UInt32, 4, "u32"},   {ElemType::UInt64, 8, "u64"},
    {ElemType::BFloat16, 2, "bf16"}};

const ElemTypeInfo *infoOf(ElemType T) {
  for (const ElemTypeInfo &I : ElemTypes)
    if (I.Type == T)
      return &I;
  return nullptr;
}

size_t elementBytes(ElemType T) {
  const ElemTypeInfo *I = infoOf(T);
  return I ? I->Bytes : 0;
}

ElemType toElemType(int32_t OnnxType) {
  if (OnnxType == onnx::TensorProto::UNDEFINED)
    return ElemType::Undefined;
  const ElemTypeInfo *I = infoOf(ElemType(OnnxType));
  return I ? I->Type : ElemType::Other;
}

/// Elements of a shape; fails on a negative dimension or a count past what
/// any memory holds.
int64_t countElements(const std::vector<int64_t> &Shape,
                      const std::string &What) {
  const int64_t Limit = int64_t(1) << 40;
  int64_t N = 1;
  for (int64_t D : Shape) {
    if (D < 0)
      fail(What + " has a negative dimension (" + std::to_string(D) + ")");
    if (D && N > Limit / D)
      fail(What + " has more than 2^40 elements");
    N *= D;
  }
  return N;
}

template <typename T> void appendBytes(std::vector<uint8_t> &Out, T V) {
  uint8_t B[sizeof(T)];
  std::memcpy(B, &V, sizeof(T)); // the host is little-endian, as ONNX is
  Out.insert(Out.end(), B, B + sizeof(T));
}

/// Reads an initializer's external data, relative to the model's directory.
std::vector<uint8_t> readExternal(const onnx::TensorProto &T,
                                  const std::string &Dir,
                                  const std::string &What) {
  std::string Location;
  int64_t Offset = 0, Length = -1;
  for (const auto &KV : T.external_data()) {
    try {
      if (KV.key() == "location")
        Location = KV.value();
      else if (KV.key() == "offset")
        Offset = std::stoll(KV.value());
      else if (KV.key() == "length")
        Length = std::stoll(KV.value());
    } catch (const std::exception &) {
      fail(What + ": external data " + KV.key() + " '" + KV.value() +
           "' is not a number");
    }
  }
  if (Location.empty())
    fail(What + ": external data without a location");
  if (Location[0] == '/' || Location.find("..") != std::string::npos)
    fail(What + ": external data location '" + Location +
         "' is not a path inside the model's directory");
  std::string Path = Dir.empty() ? Location : Dir + "/" + Location;
  std::ifstream In(Path, std::ios::binary | std::ios::ate);
  if (!In)
    fail(What + ": cannot open its external data file '" + Path + "'");
  int64_t Size = In.tellg();
  if (Offset < 0 || Offset > Size)
    fail(What + ": external data offset " + std::to_string(Offset) +
         " is outside '" + Path + "' (" + std::to_string(Size) + " bytes)");
  if (Length < 0)
    Length = Size - Offset;
  if (Length > Size - Offset)
    fail(What + ": external data of " + std::to_string(Length) +
         " bytes at offset " + std::to_string(Offset) +
         " runs past the end of '" + Path + "' (" + std::to_string(Size) +
         " bytes)");
  std::vector<uint8_t> Data(Length);
  In.seekg(Offset);
  In.read(reinterpret_cast<char *>(Data.data()), Length);
  return Data;
}

/// An initializer or a constant attribute's data, as bytes of its type.
Tensor convertTensor(const onnx::TensorProto &T, const std::string &Dir,
                     const std::string &What) {
  Tensor Out;
  Out.Type = toElemType(T.data_type());
  Out.Shape.assign(T.dims().begin(), T.dims().end());
  int64_t N = countElements(Out.Shape, What);
  size_t Bytes = elementBytes(Out.Type);
  if (!Bytes)
    fail(What + " has element type " + std::to_string(T.data_type()) +
         ", which accel-graphc does not handle");
  uint64_t Expected = uint64_t(N) * Bytes;

  if (T.data_location() == onnx::TensorProto::EXTERNAL) {
    Out.Data = readExternal(T, Dir, What);
  } else if (T.has_raw_data()) {
    Out.Data.assign(T.raw_data().begin(), T.raw_data().end());
  } else {
    switch (Out.Type) {
    case ElemType::Float:
      for (float V : T.float_data())
        appendBytes(Out.Data, V);
      break;
    case ElemType::Double:
      for (double V : T.double_data())
        appendBytes(Out.Data, V);
      break;
    case ElemType::Int64:
      for (int64_t V : T.int64_data())
        appendBytes(Out.Data, V);
      break;
    case ElemType::Int32:
      for (int32_t V : T.int32_data())
        appendBytes(Out.Data, V);
      break;
    case ElemType::Float16:
    case ElemType::BFloat16:
    case ElemType::Int16:
    case ElemType::UInt16:
      for (int32_t V : T.int32_data())
        appendBytes(Out.Data, uint16_t(V));
      break;
    case ElemType::UInt32:
      for (uint64_t V : T.uint64_data())
        appendBytes(Out.Data, uint32_t(V));
      break;
    case ElemType::UInt64:
      for (uint64_t V : T.uint64_data())
        appendBytes(Out.Data, V);
      break;
    default: // 1-byte types are stored in int32_data too
      for (int32_t V : T.int32_data())
        appendBytes(Out.Data, uint8_t(V));
      break;
    }
  }
  if (Out.Data.size() != Expected)
    fail(What + " holds " + std::to_string(Out.Data.size()) +
         " bytes of data where its shape and type need " +
         std::to_string(Expected));
  return Out;
}

/// The static shape of a value's type, or a failure naming the value and
/// what is not static.
Tensor convertType(const onnx::TypeProto &Type, const std::string &What,
                   const char *Hint) {
  if (!Type.has_tensor_type())
    fail(What + " is not a tensor (sequences, maps and optionals are not "
                "handled)");
  const auto &TT = Type.tensor_type();
  Tensor Out;
  Out.Type = toElemType(TT.elem_type());
  if (!TT.has_shape())
    fail(What + " has no known shape" + Hint);
  for (int I = 0; I != TT.shape().dim_size(); ++I) {
    const auto &D = TT.shape().dim(I);
    if (!D.has_dim_value())
      fail(What + " has no static size in dimension " + std::to_string(I) +
           (D.has_dim_param() ? " ('" + D.dim_param() + "')" : "") + Hint);
    Out.Shape.push_back(D.dim_value());
  }
  countElements(Out.Shape, What);
  return Out;
}

Attribute convertAttribute(const onnx::AttributeProto &A,
                           const std::string &Dir, const std::string &What) {
  Attribute Out;
  switch (A.type()) {
  case onnx::AttributeProto::INT:
    Out.K = Attribute::Int, Out.I = A.i();
    break;
  case onnx::AttributeProto::FLOAT:
    Out.K = Attribute::Float, Out.F = A.f();
    break;
  case onnx::AttributeProto::STRING:
    Out.K = Attribute::String, Out.S = A.s();
    break;
  case onnx::AttributeProto::INTS:
    Out.K = Attribute::Ints;
    Out.IntList.assign(A.ints().begin(), A.ints().end());
    break;
  case onnx::AttributeProto::FLOATS:
    Out.K = Attribute::Floats;
    Out.FloatList.assign(A.floats().begin(), A.floats().end());
    break;
  case onnx::AttributeProto::STRINGS:
    Out.K = Attribute::Strings;
    Out.StringList.assign(A.strings().begin(), A.strings().end());
    break;
  case onnx::AttributeProto::TENSOR:
    Out.K = Attribute::TensorValue;
    Out.T = convertTensor(A.t(), Dir, What + " attribute '" + A.name() + "'");
    break;
  case onnx::AttributeProto::GRAPH:
    Out.K = Attribute::Graph; // subgraphs are not imported; the op is refused
    break;
  default:
    fail(What + " attribute '" + A.name() +
         "' has a type accel-graphc does "
         "not handle (" +
         std::to_string(A.type()) + ")");
  }
  return Out;
}

/// Upsample (opsets 7 to 9) and Resize of opset 10 map y's coordinate o
/// to x's o / scale, nearest rounding down when upsampling (ONNX
/// Runtime's); the converter's Resize of opset 11 would take opset 11's
/// defaults (half_pixel, round_prefer_floor), the same for whole
/// upsampling scales but not for linear, nor for other scales. Says so on
/// each Resize of the converted model (they all come from those).
void keepOldResizeCoordinates(onnx::ModelProto &M) {
  for (onnx::NodeProto &N : *M.mutable_graph()->mutable_node()) {
    if (N.op_type() != "Resize")
      continue;
    for (auto [Name, Value] :
         {std::pair{"coordinate_transformation_mode", "asymmetric"},
          {"nearest_mode", "floor"}}) {
      bool Has = false;
      for (const onnx::AttributeProto &A : N.attribute())
        Has |= A.name() == Name;
      if (Has)
        continue;
      onnx::AttributeProto *A = N.add_attribute();
      A->set_name(Name);
      A->set_type(onnx::AttributeProto::STRING);
      A->set_s(Value);
    }
  }
}

/// Fails on a graph output that no node, input or initializer defines,
/// which ONNX's checker lets through and its version converter does not
/// survive.
void checkOutputsDefined(const onnx::GraphProto &G) {
  std::set<std::string> Defined;
  for (const auto &I : G.input())
    Defined.insert(I.name());
  for (const auto &I : G.initializer())
    Defined.insert(I.name());
  for (const auto &N : G.node())
    Defined.insert(N.output().begin(), N.output().end());
  for (const auto &O : G.output())
    if (!Defined.count(O.name()))
      fail("output '" + O.name() +
           "' is not an input, an initializer or a node's output");
}

int64_t defaultOpset(const onnx::ModelProto &M) {
  for (const auto &O : M.opset_import())
    if (O.domain().empty() || O.domain() == "ai.onnx")
      return O.version();
  return 0;
}

/// Applies --input-shape sizes to the graph's inputs before shape
/// inference.
void applyInputShapes(onnx::ModelProto &M, const LoadOptions &Options) {
  std::set<std::string> Seen;
  for (auto &In : *M.mutable_graph()->mutable_input()) {
    auto It = Options.InputShapes.find(In.name());
    if (It == Options.InputShapes.end())
      continue;
    Seen.insert(In.name());
    auto *TT = In.mutable_type()->mutable_tensor_type();
    if (TT->has_shape() && TT->shape().dim_size() != int(It->second.size()))
      fail("input '" + In.name() + "' has rank " +
           std::to_string(TT->shape().dim_size()) + ", not the " +
           std::to_string(It->second.size()) + " of the given shape");
    for (int I = 0; TT->has_shape() && I != TT->shape().dim_size(); ++I) {
      const auto &D = TT->shape().dim(I);
      if (D.has_dim_value() && D.dim_value() != It->second[I])
        fail("input '" + In.name() + "' has size " +
             std::to_string(D.dim_value()) + " in dimension " +
             std::to_string(I) + ", not the given " +
             std::to_string(It->second[I]));
    }
    auto *Shape = TT->mutable_shape();
    Shape->clear_dim();
    for (int64_t D : It->second)
      Shape->add_dim()->set_dim_value(D);
  }
  for (const auto &[Name, Dims] : Options.InputShapes)
    if (!Seen.count(Name))
      fail("the model has no input named '" + Name + "'");
}

/// The initializers not converted yet: the model's own first (before the
/// checker, so that a damaged one gets our message), then those shape
/// folding made.
void convertInitializers(const onnx::ModelProto &M, const std::string &Dir,
                         Graph &Out) {
  for (const auto &Init : M.graph().initializer()) {
    if (Out.Values.count(Init.name()))
      continue;
    std::string What = "initializer '" + Init.name() + "'";
    Out.Values[Init.name()] = convertTensor(Init, Dir, What);
    Out.Constants.push_back(Init.name());
  }
}

void convertGraph(const onnx::ModelProto &M, const std::string &Dir,
                  Graph &Out) {
  const onnx::GraphProto &G = M.graph();
  Out.Name = G.name();
  Out.Opset = defaultOpset(M);
  convertInitializers(M, Dir, Out);
  const char *InputHint = ": give its sizes with --input-shape";
  for (const auto &In : G.input()) {
    if (Out.Values.count(In.name()))
      continue; // an initializer listed as an input: a constant
    Out.Values[In.name()] =
        convertType(In.type(), "input '" + In.name() + "'", InputHint);
    Out.Inputs.push_back(In.name());
  }
  std::map<std::string, const onnx::TypeProto *> Inferred;
  for (const auto &VI : G.value_info())
    Inferred[VI.name()] = &VI.type();
  for (const auto &VI : G.output())
    Inferred[VI.name()] = &VI.type();

  for (int I = 0; I != G.node_size(); ++I) {
    const onnx::NodeProto &N = G.node(I);
    std::string What = describeNode(N, I);
    if (!N.domain().empty() && N.domain() != "ai.onnx")
      fail(What + ": domain '" + N.domain() +
           "' is not handled (only the default ONNX domain)");
    Node Converted;
    Converted.Name =
        N.name().empty() ? N.op_type() + "#" + std::to_string(I) : N.name();
    Converted.OpType = N.op_type();
    Converted.Inputs.assign(N.input().begin(), N.input().end());
    for (const std::string &Input : N.input())
      if (!Input.empty() && !Out.Values.count(Input))
        fail(What + ": input '" + Input +
             "' is not an input, an initializer or an earlier node's output");
    Converted.Outputs.assign(N.output().begin(), N.output().end());
    for (const auto &A : N.attribute())
      Converted.Attributes[A.name()] = convertAttribute(A, Dir, What);
    for (const std::string &Output : N.output()) {
      if (Output.empty())
        continue;
      auto It = Inferred.find(Output);
      if (It == Inferred.end())
        fail(What + ": shape inference gave output '" + Output +
             "' no type: accel-graphc needs a static shape for every value");
      Out.Values[Output] =
          convertType(*It->second, What + ": output '" + Output + "'",
                      ": give the inputs' sizes with --input-shape");
    }
    Out.Nodes.push_back(std::move(Converted));
  }
  for (const auto &O : G.output()) {
    if (!Out.Values.count(O.name()))
      fail("output '" + O.name() +
           "' is not an input, an initializer or a node's output");
    Out.Outputs.push_back(O.name());
  }
}

std::string directoryOf(const std::string &Path) {
  size_t Slash = Path.rfind('/');
  return Slash == std::string::npos ? "" : Path.substr(0, Slash);
}

onnx::ModelProto parseModel(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  if (!In)
    fail("cannot open the file");
  std::stringstream Bytes;
  Bytes << In.rdbuf();
  onnx::ModelProto M;
  if (!M.ParseFromString(Bytes.str()))
    fail("not an ONNX model (the protobuf does not parse)");
  if (!M.has_graph())
    fail("the model has no graph");
  return M;
}

void load(const std::string &Path, const LoadOptions &Options, Graph &Out) {
  onnx::ModelProto M = parseModel(Path);
  int64_t Opset = defaultOpset(M);
  if (Opset < 1 || Opset > MaxOpset)
    fail("opset " + std::to_string(Opset) +
         " of the default domain; accel-graphc handles opsets 1 to " +
         std::to_string(MaxOpset) + " (those below " +
         std::to_string(MinOpset) + " through ONNX's version converter)");

  std::string Dir = directoryOf(Path);
  convertInitializers(M, Dir, Out);
  try {
    onnx::checker::check_model(Path);
  } catch (const std::exception &E) {
    fail(std::string("the ONNX checker rejects it: ") + E.what());
  }
  if (Opset < MinOpset) {
    // An older model (the ONNX model zoo's are opset 7 to 9), checked
    // first (the converter trusts its input): ONNX's own version converter
    // brings it to opset 13.
    checkOutputsDefined(M.graph());
    try {
      M = onnx::version_conversion::ConvertVersion(M, ConvertedOpset);
    } catch (const std::exception &E) {
      // The converter's checks throw "<file>:<line>: <function>: Assertion
      // `<condition>' failed: <reason>"; the reason is what a user needs.
      std::string Why = E.what();
      size_t At = Why.find("failed: ");
      if (Why.find("Assertion") != std::string::npos && At != std::string::npos)
        Why = Why.substr(At + 8);
      fail("opset " + std::to_string(Opset) +
           ": ONNX's version converter cannot bring it to " +
           std::to_string(ConvertedOpset) + ": " + Why);
    }
    keepOldResizeCoordinates(M);
  }
  applyInputShapes(M, Options);
  // Shape inference, the folding of shape computations, the inlining of
  // control flow and the expansion of functions feed each other (a folded
  // Reshape target gives the Reshape a shape, whose Shape node then folds;
  // a Scan's trip count is its input's inferred size; a function's body
  // may be built from its inputs' types): alternate until nothing changes.
  // Each round folds, inlines or expands at least one node, and what
  // replaces a node is simpler, so this ends.
  do {
    try {
      onnx::ShapeInferenceOptions Strict(/*check_type=*/true,
                                         /*strict_mode=*/1,
                                         /*data_prop=*/true);
      onnx::shape_inference::InferShapes(M, onnx::OpSchemaRegistry::Instance(),
                                         Strict);
    } catch (const std::exception &E) {
      fail(std::string("shape inference fails: ") + E.what());
    }
  } while (foldShapeComputations(M) || foldConstantComputations(M) ||
           inlineControlFlow(M) ||
           (Options.IsNative && expandFunctions(M, Options.IsNative)));
  convertGraph(M, Dir, Out);
}

} // namespace

const char *accel::onnx_graph::getElemTypeName(ElemType T) {
  if (T == ElemType::Undefined)
    return "undefined";
  const ElemTypeInfo *I = infoOf(T);
  return I ? I->Name : "other";
}

int64_t Tensor::getNumElements() const {
  int64_t N = 1;
  for (int64_t D : Shape)
    N *= D;
  return N;
}

bool accel::onnx_graph::readSignature(
    const std::string &Path, std::map<std::string, std::vector<int64_t>> &Inputs,
    std::vector<std::string> &Outputs, std::string &Error) {
  try {
    onnx::ModelProto M = parseModel(Path);
    std::set<std::string> Initializers;
    for (const auto &Init : M.graph().initializer())
      Initializers.insert(Init.name());
    for (const auto &In : M.graph().input()) {
      if (Initializers.count(In.name()))
        continue;
      std::vector<int64_t> &Dims = Inputs[In.name()];
      const auto &TT = In.type().tensor_type();
      for (int I = 0; TT.has_shape() && I != TT.shape().dim_size(); ++I)
        Dims.push_back(TT.shape().dim(I).has_dim_value()
                           ? TT.shape().dim(I).dim_value()
                           : -1);
    }
    for (const auto &Out : M.graph().output())
      Outputs.push_back(Out.name());
    return true;
  } catch (const std::exception &E) {
    Error = Path + ": " + E.what();
    return false;
  }
}

bool accel::onnx_graph::loadModel(const std::string &Path,
                                  const LoadOptions &Options, Graph &Out,
                                  std::string &Error) {
  try {
    load(Path, Options, Out);
    return true;
  } catch (const std::exception &E) {
    // LoadError, or anything protobuf or ONNX threw that we did not expect
    // (std::bad_alloc on a huge field, ...): still one message, on one line
    // (ONNX's span several).
    Error = Path + ": ";
    bool Space = false;
    for (const char *C = E.what(); *C; ++C) {
      bool White = *C == '\n' || *C == ' ' || *C == '\t';
      if (White)
        Space = true;
      else {
        if (Space && Error.back() != ' ')
          Error += ' ';
        Space = false;
        Error += *C;
      }
    }
    return false;
  }
}
