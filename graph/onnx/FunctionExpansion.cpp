//===-- FunctionExpansion.cpp - Inline ONNX functions' bodies -------------===//

#include "FunctionExpansion.h"

#include "onnx/defs/function.h"
#include "onnx/defs/schema.h"

#include <map>

using namespace accel::onnx_graph;

namespace {

/// The types shape inference (or the model) gave \p G's values.
std::map<std::string, onnx::TypeProto> typesOf(const onnx::GraphProto &G) {
  std::map<std::string, onnx::TypeProto> Types;
  for (const auto *List : {&G.input(), &G.value_info(), &G.output()})
    for (const onnx::ValueInfoProto &VI : *List)
      if (VI.has_type())
        Types[VI.name()] = VI.type();
  for (const onnx::TensorProto &T : G.initializer()) {
    onnx::TypeProto Type;
    auto *Tensor = Type.mutable_tensor_type();
    Tensor->set_elem_type(T.data_type());
    for (int64_t D : T.dims())
      Tensor->mutable_shape()->add_dim()->set_dim_value(D);
    Types[T.name()] = Type;
  }
  return Types;
}

/// \p N's body at opset \p Opset, or false when it has none (or a body
/// that needs an input type inference has not given).
bool bodyOf(const onnx::NodeProto &N, int64_t Opset,
            const std::map<std::string, onnx::TypeProto> &Types,
            onnx::FunctionProto &Body) {
  const onnx::OpSchema *Schema =
      onnx::OpSchemaRegistry::Schema(N.op_type(), int(Opset), "");
  if (!Schema)
    return false;
  if (Schema->HasFunction()) {
    Body = *Schema->GetFunction();
    return true;
  }
  if (!Schema->HasContextDependentFunction())
    return false;
  std::vector<onnx::TypeProto> InputTypes;
  for (const std::string &In : N.input()) {
    auto It = Types.find(In);
    if (!In.empty() && It == Types.end())
      return false;
    InputTypes.push_back(In.empty() ? onnx::TypeProto() : It->second);
  }
  onnx::FunctionBodyBuildContextImpl Context(N, InputTypes);
  return Schema->BuildContextDependentFunction(Context, Body);
}

} // namespace

int accel::onnx_graph::expandFunctions(
    onnx::ModelProto &M,
    const std::function<bool(const std::string &)> &IsNative) {
  int64_t Opset = 0;
  for (const onnx::OperatorSetIdProto &Id : M.opset_import())
    if (Id.domain().empty() || Id.domain() == "ai.onnx")
      Opset = Id.version();
  onnx::GraphProto *G = M.mutable_graph();
  std::map<std::string, onnx::TypeProto> Types = typesOf(*G);
  google::protobuf::RepeatedPtrField<onnx::NodeProto> Nodes;
  int Expanded = 0;
  for (int I = 0; I != G->node_size(); ++I) {
    const onnx::NodeProto &N = G->node(I);
    onnx::FunctionProto Body;
    bool Domain = N.domain().empty() || N.domain() == "ai.onnx";
    if (!Domain || IsNative(N.op_type()) || !bodyOf(N, Opset, Types, Body)) {
      *Nodes.Add() = N;
      continue;
    }
    // The body's values are named after the node (unique in the graph), and
    // so are its nodes, for the compiler's messages to say where they came
    // from.
    std::string Name = N.name().empty() ? N.op_type() + "#" + std::to_string(I)
                                        : N.name();
    onnx::NodeProto Named = N;
    Named.set_name(Name + "/");
    onnx::GraphProto Inlined;
    onnx::FunctionExpandHelper(Named, Body, Inlined);
    for (int K = 0; K != Inlined.node_size(); ++K) {
      onnx::NodeProto *Inner = Nodes.Add();
      *Inner = Inlined.node(K);
      Inner->set_name(Name + "/" + Inner->op_type() + "#" + std::to_string(K));
      // An attribute of the body that refers to one the node does not set
      // is absent (ONNX's rule), not one of no type.
      auto *Attributes = Inner->mutable_attribute();
      for (int A = Attributes->size() - 1; A >= 0; --A)
        if (Attributes->Get(A).type() == onnx::AttributeProto::UNDEFINED)
          Attributes->DeleteSubrange(A, 1);
    }
    ++Expanded;
  }
  if (Expanded)
    G->mutable_node()->Swap(&Nodes);
  return Expanded;
}
