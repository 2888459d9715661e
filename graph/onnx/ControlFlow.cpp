//===-- ControlFlow.cpp - Inline If, Scan and Loop of static trips --------===//

#include "ControlFlow.h"
#include "NodeAttributes.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

using namespace accel::onnx_graph;

namespace {

std::vector<int64_t> intsAttr(const onnx::NodeProto &N, const char *Name) {
  const auto *A = findAttr(N, Name);
  return A ? std::vector<int64_t>(A->ints().begin(), A->ints().end())
           : std::vector<int64_t>();
}

/// Builds the straight-line nodes that replace one control-flow node, and
/// the initializers they need, into the graph being rebuilt.
class Inliner {
public:
  Inliner(onnx::GraphProto &G, int64_t Opset, std::string Prefix)
      : G(G), Opset(Opset), Prefix(std::move(Prefix)) {}

  /// Appends \p Body's nodes with its inputs bound to \p Inputs (one name
  /// each) and every name it defines made unique by \p Copy; returns the
  /// names of its outputs.
  std::vector<std::string> body(const onnx::GraphProto &Body,
                                const std::vector<std::string> &Inputs,
                                const std::string &Copy);

  std::string node(const std::string &OpType,
                   const std::vector<std::string> &Inputs,
                   const std::string &Output = "") {
    onnx::NodeProto *N = Nodes.Add();
    N->set_op_type(OpType);
    N->set_name(Prefix + "/" + OpType + "#" + std::to_string(Count++));
    for (const std::string &In : Inputs)
      N->add_input(In);
    N->add_output(Output.empty() ? N->name() : Output);
    return N->output(0);
  }
  onnx::NodeProto &last() { return Nodes[Nodes.size() - 1]; }

  std::string int64Constant(const std::vector<int64_t> &Values, bool Scalar) {
    onnx::TensorProto *T = G.add_initializer();
    T->set_name(Prefix + "/const#" + std::to_string(Count++));
    T->set_data_type(onnx::TensorProto::INT64);
    if (!Scalar)
      T->add_dims(Values.size());
    for (int64_t V : Values)
      T->add_int64_data(V);
    return T->name();
  }
  std::string boolConstant(bool V) {
    onnx::TensorProto *T = G.add_initializer();
    T->set_name(Prefix + "/const#" + std::to_string(Count++));
    T->set_data_type(onnx::TensorProto::BOOL);
    T->add_int32_data(V);
    return T->name();
  }

  /// Element \p I of \p X along \p Axis, the axis dropped.
  std::string take(const std::string &X, int64_t I, int64_t Axis) {
    node("Gather", {X, int64Constant({I}, /*Scalar=*/true)});
    setInt(last(), "axis", Axis);
    return last().output(0);
  }
  /// \p Parts, each given a dimension of 1 at \p Axis, joined along it.
  std::string stack(const std::vector<std::string> &Parts, int64_t Axis,
                    const std::string &Output) {
    std::vector<std::string> Unsqueezed;
    for (const std::string &P : Parts) {
      if (Opset >= 13) {
        node("Unsqueeze", {P, int64Constant({Axis}, false)});
      } else {
        node("Unsqueeze", {P});
        setInts(last(), "axes", {Axis});
      }
      Unsqueezed.push_back(last().output(0));
    }
    node("Concat", Unsqueezed, Output);
    setInt(last(), "axis", Axis);
    return Output;
  }

  google::protobuf::RepeatedPtrField<onnx::NodeProto> Nodes;

private:
  onnx::GraphProto &G;
  int64_t Opset;
  std::string Prefix;
  int Count = 0;

  static void setInt(onnx::NodeProto &N, const char *Name, int64_t V) {
    onnx::AttributeProto *A = N.add_attribute();
    A->set_name(Name);
    A->set_type(onnx::AttributeProto::INT);
    A->set_i(V);
  }
  static void setInts(onnx::NodeProto &N, const char *Name,
                      const std::vector<int64_t> &V) {
    onnx::AttributeProto *A = N.add_attribute();
    A->set_name(Name);
    A->set_type(onnx::AttributeProto::INTS);
    for (int64_t X : V)
      A->add_ints(X);
  }
};

/// Renames the references of \p N (and of its subgraphs' nodes) by \p Map.
void renameInputs(onnx::NodeProto &N,
                  const std::map<std::string, std::string> &Map) {
  for (std::string &In : *N.mutable_input()) {
    auto It = Map.find(In);
    if (It != Map.end())
      In = It->second;
  }
  for (onnx::AttributeProto &A : *N.mutable_attribute()) {
    if (A.has_g())
      for (onnx::NodeProto &Inner : *A.mutable_g()->mutable_node())
        renameInputs(Inner, Map);
    for (onnx::GraphProto &Sub : *A.mutable_graphs())
      for (onnx::NodeProto &Inner : *Sub.mutable_node())
        renameInputs(Inner, Map);
  }
}

std::vector<std::string> Inliner::body(const onnx::GraphProto &Body,
                                       const std::vector<std::string> &Inputs,
                                       const std::string &Copy) {
  std::map<std::string, std::string> Map;
  for (int I = 0; I != Body.input_size(); ++I)
    Map[Body.input(I).name()] = Inputs[I];
  std::string Scope = Prefix + "/" + Copy + "/";
  for (const onnx::TensorProto &T : Body.initializer()) {
    onnx::TensorProto *Copied = G.add_initializer();
    *Copied = T;
    Copied->set_name(Scope + T.name());
    Map[T.name()] = Copied->name();
  }
  for (const onnx::NodeProto &N : Body.node())
    for (const std::string &Out : N.output())
      if (!Out.empty())
        Map[Out] = Scope + Out;
  for (int K = 0; K != Body.node_size(); ++K) {
    const onnx::NodeProto &N = Body.node(K);
    onnx::NodeProto *Inlined = Nodes.Add();
    *Inlined = N;
    renameInputs(*Inlined, Map);
    for (std::string &Out : *Inlined->mutable_output())
      if (!Out.empty())
        Out = Map[Out];
    Inlined->set_name(Scope + (N.name().empty()
                                   ? N.op_type() + "#" + std::to_string(K)
                                   : N.name()));
  }
  std::vector<std::string> Outputs;
  for (const onnx::ValueInfoProto &O : Body.output()) {
    auto It = Map.find(O.name());
    // An output that is an outer value, or an input, as it is.
    Outputs.push_back(It == Map.end() ? O.name() : It->second);
  }
  return Outputs;
}

/// The value of \p T if it is a bool or int64 scalar.
std::optional<int64_t> scalarOf(const onnx::TensorProto &T) {
  {
    bool Raw = T.has_raw_data();
    switch (T.data_type()) {
    case onnx::TensorProto::BOOL:
      if (Raw && T.raw_data().size() == 1)
        return T.raw_data()[0] != 0;
      if (!Raw && T.int32_data_size() == 1)
        return T.int32_data(0) != 0;
      return std::nullopt;
    case onnx::TensorProto::INT64:
      if (Raw && T.raw_data().size() == 8) {
        int64_t V;
        std::memcpy(&V, T.raw_data().data(), 8);
        return V;
      }
      if (!Raw && T.int64_data_size() == 1)
        return T.int64_data(0);
      return std::nullopt;
    default:
      return std::nullopt;
    }
  }
}

/// The value of \p G's initializer \p Name if it is a bool or int64
/// scalar.
std::optional<int64_t> constantScalar(const onnx::GraphProto &G,
                                      const std::string &Name) {
  for (const onnx::TensorProto &T : G.initializer())
    if (T.name() == Name)
      return scalarOf(T);
  return std::nullopt;
}

/// The static shape shape inference gave \p Name, if any.
std::optional<std::vector<int64_t>> staticShape(const onnx::GraphProto &G,
                                                const std::string &Name) {
  auto fromType = [](const onnx::TypeProto &T)
      -> std::optional<std::vector<int64_t>> {
    if (!T.has_tensor_type() || !T.tensor_type().has_shape())
      return std::nullopt;
    std::vector<int64_t> Dims;
    for (const auto &D : T.tensor_type().shape().dim()) {
      if (!D.has_dim_value())
        return std::nullopt;
      Dims.push_back(D.dim_value());
    }
    return Dims;
  };
  for (const auto *List : {&G.input(), &G.value_info(), &G.output()})
    for (const onnx::ValueInfoProto &VI : *List)
      if (VI.name() == Name)
        return fromType(VI.type());
  for (const onnx::TensorProto &T : G.initializer())
    if (T.name() == Name)
      return std::vector<int64_t>(T.dims().begin(), T.dims().end());
  return std::nullopt;
}

const onnx::GraphProto *graphAttr(const onnx::NodeProto &N, const char *Name) {
  const auto *A = findAttr(N, Name);
  return A && A->has_g() ? &A->g() : nullptr;
}

/// If: false when it must stay.
bool inlineIf(const onnx::NodeProto &N, onnx::GraphProto &G, Inliner &I) {
  const onnx::GraphProto *Then = graphAttr(N, "then_branch");
  const onnx::GraphProto *Else = graphAttr(N, "else_branch");
  if (!Then || !Else || Then->output_size() != N.output_size() ||
      Else->output_size() != N.output_size())
    return false;
  auto Identity = [&](const std::vector<std::string> &Outs) {
    for (int K = 0; K != N.output_size(); ++K)
      if (!N.output(K).empty())
        I.node("Identity", {Outs[K]}, N.output(K));
  };
  if (std::optional<int64_t> Cond = constantScalar(G, N.input(0))) {
    Identity(I.body(*Cond ? *Then : *Else, {}, *Cond ? "then" : "else"));
    return true;
  }
  // Both branches, then a choice per output: only where they agree on
  // the output's type and shape (else the result's shape is the run's).
  for (int K = 0; K != N.output_size(); ++K)
    if (Then->output(K).type().SerializeAsString() !=
            Else->output(K).type().SerializeAsString() ||
        !Then->output(K).type().has_tensor_type())
      return false;
  std::vector<std::string> T = I.body(*Then, {}, "then");
  std::vector<std::string> E = I.body(*Else, {}, "else");
  for (int K = 0; K != N.output_size(); ++K)
    if (!N.output(K).empty())
      I.node("Where", {N.input(0), T[K], E[K]}, N.output(K));
  return true;
}

/// Scan of opset 9 on: false when it must stay.
bool inlineScan(const onnx::NodeProto &N, const onnx::GraphProto &G,
                Inliner &I) {
  const onnx::GraphProto *Body = graphAttr(N, "body");
  const auto *NumScanAttr = findAttr(N, "num_scan_inputs");
  if (!Body || !NumScanAttr)
    return false;
  int64_t NumScan = NumScanAttr->i();
  int64_t NumState = N.input_size() - NumScan;
  int64_t NumScanOut = Body->output_size() - NumState;
  if (NumState < 0 || NumScanOut < 0)
    return false;
  std::vector<int64_t> InAxes = intsAttr(N, "scan_input_axes"),
                       InDirs = intsAttr(N, "scan_input_directions"),
                       OutAxes = intsAttr(N, "scan_output_axes"),
                       OutDirs = intsAttr(N, "scan_output_directions");
  InAxes.resize(NumScan, 0), InDirs.resize(NumScan, 0);
  OutAxes.resize(NumScanOut, 0), OutDirs.resize(NumScanOut, 0);
  int64_t Trips = -1;
  for (int64_t S = 0; S != NumScan; ++S) {
    auto Shape = staticShape(G, N.input(NumState + S));
    if (!Shape)
      return false;
    int64_t Rank = Shape->size(), Axis = InAxes[S];
    if (Axis < 0)
      Axis += Rank;
    if (Axis < 0 || Axis >= Rank || (Trips >= 0 && (*Shape)[Axis] != Trips))
      return false;
    InAxes[S] = Axis;
    Trips = (*Shape)[Axis];
  }
  if (Trips < 1)
    return false;
  std::vector<std::string> State(N.input().begin(),
                                 N.input().begin() + NumState);
  std::vector<std::vector<std::string>> ScanOuts(NumScanOut);
  for (int64_t T = 0; T != Trips; ++T) {
    std::vector<std::string> Ins = State;
    for (int64_t S = 0; S != NumScan; ++S)
      Ins.push_back(I.take(N.input(NumState + S),
                           InDirs[S] ? Trips - 1 - T : T, InAxes[S]));
    std::vector<std::string> Outs = I.body(*Body, Ins, "iter" + std::to_string(T));
    State.assign(Outs.begin(), Outs.begin() + NumState);
    for (int64_t K = 0; K != NumScanOut; ++K)
      ScanOuts[K].push_back(Outs[NumState + K]);
  }
  for (int64_t K = 0; K != NumState; ++K)
    if (!N.output(K).empty())
      I.node("Identity", {State[K]}, N.output(K));
  for (int64_t K = 0; K != NumScanOut; ++K) {
    if (N.output(NumState + K).empty())
      continue;
    std::vector<std::string> Parts = ScanOuts[K];
    if (OutDirs[K])
      std::reverse(Parts.begin(), Parts.end());
    // A negative output axis counts from the stacked result's rank, one
    // more than a part's.
    int64_t Axis = OutAxes[K];
    if (Axis < 0) {
      auto Part = staticShape(*Body, Body->output(NumState + K).name());
      if (!Part)
        return false;
      Axis += Part->size() + 1;
    }
    I.stack(Parts, Axis, N.output(NumState + K));
  }
  return true;
}

/// Loop of a constant trip count: false when it must stay.
bool inlineLoop(const onnx::NodeProto &N, const onnx::GraphProto &G,
                Inliner &I) {
  const onnx::GraphProto *Body = graphAttr(N, "body");
  if (!Body || N.input_size() < 2 || N.input(0).empty())
    return false;
  std::optional<int64_t> Trips = constantScalar(G, N.input(0));
  if (!Trips || *Trips < 1 || *Trips > 4096)
    return false;
  if (!N.input(1).empty()) {
    std::optional<int64_t> Cond = constantScalar(G, N.input(1));
    if (!Cond || !*Cond)
      return false;
  }
  // The body must pass its condition on: Identity of its condition input,
  // or a constant true.
  const std::string &CondIn = Body->input(1).name(),
                    &CondOut = Body->output(0).name();
  bool Passes = CondOut == CondIn;
  for (const onnx::NodeProto &B : Body->node())
    if (B.output_size() == 1 && B.output(0) == CondOut)
      Passes = (B.op_type() == "Identity" && B.input(0) == CondIn) ||
               (B.op_type() == "Constant" && findAttr(B, "value") &&
                scalarOf(findAttr(B, "value")->t()).value_or(0) != 0);
  if (!Passes)
    return false;
  int64_t NumCarried = N.input_size() - 2;
  int64_t NumScanOut = Body->output_size() - 1 - NumCarried;
  std::vector<std::string> Carried(N.input().begin() + 2, N.input().end());
  std::vector<std::vector<std::string>> ScanOuts(NumScanOut);
  std::string True = I.boolConstant(true);
  for (int64_t T = 0; T != *Trips; ++T) {
    std::vector<std::string> Ins = {I.int64Constant({T}, /*Scalar=*/true),
                                    True};
    Ins.insert(Ins.end(), Carried.begin(), Carried.end());
    std::vector<std::string> Outs =
        I.body(*Body, Ins, "iter" + std::to_string(T));
    Carried.assign(Outs.begin() + 1, Outs.begin() + 1 + NumCarried);
    for (int64_t K = 0; K != NumScanOut; ++K)
      ScanOuts[K].push_back(Outs[1 + NumCarried + K]);
  }
  for (int64_t K = 0; K != NumCarried; ++K)
    if (!N.output(K).empty())
      I.node("Identity", {Carried[K]}, N.output(K));
  for (int64_t K = 0; K != NumScanOut; ++K)
    if (!N.output(NumCarried + K).empty())
      I.stack(ScanOuts[K], 0, N.output(NumCarried + K));
  return true;
}

} // namespace

int accel::onnx_graph::inlineControlFlow(onnx::ModelProto &M) {
  int64_t Opset = 0;
  for (const onnx::OperatorSetIdProto &Id : M.opset_import())
    if (Id.domain().empty() || Id.domain() == "ai.onnx")
      Opset = Id.version();
  onnx::GraphProto &G = *M.mutable_graph();
  google::protobuf::RepeatedPtrField<onnx::NodeProto> Nodes;
  int Inlined = 0;
  for (int K = 0; K != G.node_size(); ++K) {
    const onnx::NodeProto &N = G.node(K);
    bool Domain = N.domain().empty() || N.domain() == "ai.onnx";
    std::string Name =
        N.name().empty() ? N.op_type() + "#" + std::to_string(K) : N.name();
    Inliner I(G, Opset, Name);
    bool Done = Domain && ((N.op_type() == "If" && inlineIf(N, G, I)) ||
                           (N.op_type() == "Scan" && Opset >= 9 &&
                            inlineScan(N, G, I)) ||
                           (N.op_type() == "Loop" && inlineLoop(N, G, I)));
    if (!Done) {
      *Nodes.Add() = N;
      continue;
    }
    for (onnx::NodeProto &Made : I.Nodes)
      *Nodes.Add() = std::move(Made);
    ++Inlined;
  }
  if (Inlined)
    G.mutable_node()->Swap(&Nodes);
  return Inlined;
}
