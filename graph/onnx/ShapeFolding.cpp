//===-- ShapeFolding.cpp - Fold an ONNX model's shape computations --------===//
//
// Integer tensors only (shapes, indices, axes), evaluated on the host:
// Constant, Shape, Size, Gather, Unsqueeze, Squeeze, Concat, Slice, Cast
// between integer types, Add/Sub/Mul/Div, Neg, Equal and Where (PyTorch's
// way of choosing Expand's sizes), Range, Reshape, Identity, and
// ConstantOfShape (which makes a constant of any type). A node is folded
// when every input it reads is a constant (or, for Shape and Size, has a
// static shape); anything it
// cannot evaluate stays a node. Part of the loader: nothing here throws,
// but ONNX's types are used throughout.
//
//===----------------------------------------------------------------------===//

#include "ShapeFolding.h"
#include "ConstantFolding.h"
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

/// An integer constant: values as int64, and its ONNX element type (INT64,
/// INT32, or BOOL for a comparison's result).
struct IntTensor {
  int32_t Type = onnx::TensorProto::INT64;
  std::vector<int64_t> Dims;
  std::vector<int64_t> Values;
};

bool isIntegerType(int32_t T) {
  return T == onnx::TensorProto::INT64 || T == onnx::TensorProto::INT32;
}

std::optional<IntTensor> fromProto(const onnx::TensorProto &T) {
  bool Bool = T.data_type() == onnx::TensorProto::BOOL;
  if ((!isIntegerType(T.data_type()) && !Bool) ||
      T.data_location() == onnx::TensorProto::EXTERNAL)
    return std::nullopt;
  IntTensor Out;
  Out.Type = T.data_type();
  Out.Dims.assign(T.dims().begin(), T.dims().end());
  int64_t N = 1;
  for (int64_t D : Out.Dims) {
    if (D < 0 || D > (1 << 20))
      return std::nullopt; // not a shape computation
    N *= D;
  }
  if (N > (1 << 20))
    return std::nullopt;
  bool Is64 = Out.Type == onnx::TensorProto::INT64;
  if (Bool && T.has_raw_data()) {
    for (char C : T.raw_data())
      Out.Values.push_back(C != 0);
  } else if (T.has_raw_data()) {
    const std::string &Raw = T.raw_data();
    size_t Size = Is64 ? 8 : 4;
    if (Raw.size() != size_t(N) * Size)
      return std::nullopt;
    for (int64_t I = 0; I != N; ++I) {
      if (Is64) {
        int64_t V;
        std::memcpy(&V, Raw.data() + I * 8, 8);
        Out.Values.push_back(V);
      } else {
        int32_t V;
        std::memcpy(&V, Raw.data() + I * 4, 4);
        Out.Values.push_back(V);
      }
    }
  } else if (Is64) {
    Out.Values.assign(T.int64_data().begin(), T.int64_data().end());
  } else { // INT32, and BOOL (stored in int32_data)
    Out.Values.assign(T.int32_data().begin(), T.int32_data().end());
  }
  if (int64_t(Out.Values.size()) != N)
    return std::nullopt;
  return Out;
}

onnx::TensorProto toProto(const IntTensor &T, const std::string &Name) {
  onnx::TensorProto P;
  P.set_name(Name);
  P.set_data_type(T.Type);
  for (int64_t D : T.Dims)
    P.add_dims(D);
  for (int64_t V : T.Values) {
    if (T.Type == onnx::TensorProto::INT64)
      P.add_int64_data(V);
    else // INT32, BOOL
      P.add_int32_data(int32_t(V));
  }
  return P;
}

class Folder {
public:
  explicit Folder(onnx::ModelProto &M) : M(M) {}
  int run();

private:
  onnx::ModelProto &M;
  std::map<std::string, IntTensor> Ints;
  std::map<std::string, std::vector<int64_t>> Shapes; ///< static ones
  std::map<std::string, onnx::TensorProto> Made;      ///< new initializers

  void recordShape(const onnx::ValueInfoProto &VI);
  const IntTensor *intInput(const onnx::NodeProto &N, int I) const {
    if (I >= N.input_size() || N.input(I).empty())
      return nullptr;
    auto It = Ints.find(N.input(I));
    return It == Ints.end() ? nullptr : &It->second;
  }
  /// The node's output if it can be computed now, by its op type's
  /// evaluator.
  std::optional<IntTensor> evaluate(const onnx::NodeProto &N) const;
  using Evaluator = std::optional<IntTensor> (Folder::*)(
      const onnx::NodeProto &N, const IntTensor *A) const;
  std::optional<IntTensor> neg(const onnx::NodeProto &N,
                               const IntTensor *A) const;
  std::optional<IntTensor> equal(const onnx::NodeProto &N,
                                 const IntTensor *A) const;
  std::optional<IntTensor> where(const onnx::NodeProto &N,
                                 const IntTensor *A) const;
  std::optional<IntTensor> range(const onnx::NodeProto &N,
                                 const IntTensor *A) const;
  std::optional<IntTensor> size(const onnx::NodeProto &N,
                                const IntTensor *) const;
  std::optional<IntTensor> shape(const onnx::NodeProto &N,
                                 const IntTensor *A) const;
  std::optional<IntTensor> identity(const onnx::NodeProto &N,
                                    const IntTensor *A) const;
  std::optional<IntTensor> cast(const onnx::NodeProto &N,
                                const IntTensor *A) const;
  std::optional<IntTensor> gather(const onnx::NodeProto &N,
                                  const IntTensor *A) const;
  /// Squeeze's and Unsqueeze's axes: an input's or the attribute's (none:
  /// empty); nullopt if computed at run time.
  std::optional<std::vector<int64_t>>
  squeezeAxes(const onnx::NodeProto &N) const;
  std::optional<IntTensor> unsqueeze(const onnx::NodeProto &N,
                                     const IntTensor *A) const;
  std::optional<IntTensor> squeeze(const onnx::NodeProto &N,
                                   const IntTensor *A) const;
  std::optional<IntTensor> concat(const onnx::NodeProto &N,
                                  const IntTensor *A) const;
  std::optional<IntTensor> slice(const onnx::NodeProto &N,
                                 const IntTensor *A) const;
  std::optional<IntTensor> arithmetic(const onnx::NodeProto &N,
                                      const IntTensor *A) const;
  std::optional<IntTensor> reshape(const onnx::NodeProto &N,
                                   const IntTensor *A) const;
  bool foldConstant(const onnx::NodeProto &N);
  bool foldConstantOfShape(const onnx::NodeProto &N);
};

void Folder::recordShape(const onnx::ValueInfoProto &VI) {
  if (!VI.type().has_tensor_type() || !VI.type().tensor_type().has_shape())
    return;
  std::vector<int64_t> Dims;
  for (const auto &D : VI.type().tensor_type().shape().dim()) {
    if (!D.has_dim_value())
      return;
    Dims.push_back(D.dim_value());
  }
  Shapes[VI.name()] = Dims;
}

/// The folder's evaluators, one per ONNX op type: \p A is the node's first
/// input as a constant (null only for Shape and Size, which read a static
/// shape).
std::optional<IntTensor> Folder::evaluate(const onnx::NodeProto &N) const {
  static const std::map<std::string, Evaluator> Evaluators = {
      {"Shape", &Folder::shape},         {"Identity", &Folder::identity},
      {"Cast", &Folder::cast},           {"Gather", &Folder::gather},
      {"Unsqueeze", &Folder::unsqueeze}, {"Squeeze", &Folder::squeeze},
      {"Concat", &Folder::concat},       {"Slice", &Folder::slice},
      {"Add", &Folder::arithmetic},      {"Sub", &Folder::arithmetic},
      {"Mul", &Folder::arithmetic},      {"Div", &Folder::arithmetic},
      {"Reshape", &Folder::reshape},     {"Size", &Folder::size},
      {"Neg", &Folder::neg},             {"Equal", &Folder::equal},
      {"Where", &Folder::where},         {"Range", &Folder::range}};
  auto It = Evaluators.find(N.op_type());
  if (It == Evaluators.end())
    return std::nullopt;
  const IntTensor *A = intInput(N, 0);
  bool ReadsShape = N.op_type() == "Shape" || N.op_type() == "Size";
  if (!A && !ReadsShape)
    return std::nullopt;
  return (this->*It->second)(N, A);
}

std::optional<IntTensor> Folder::shape(const onnx::NodeProto &N,
                                       const IntTensor *) const {
  auto It = N.input_size() ? Shapes.find(N.input(0)) : Shapes.end();
  if (It == Shapes.end())
    return std::nullopt;
  int64_t Rank = It->second.size();
  int64_t Start = intAttr(N, "start", 0), End = intAttr(N, "end", Rank);
  Start =
      std::min(Rank, std::max<int64_t>(0, Start < 0 ? Start + Rank : Start));
  End = std::min(Rank, std::max<int64_t>(0, End < 0 ? End + Rank : End));
  IntTensor Out;
  for (int64_t I = Start; I < End; ++I)
    Out.Values.push_back(It->second[I]);
  Out.Dims = {int64_t(Out.Values.size())};
  return Out;
}

std::optional<IntTensor> Folder::size(const onnx::NodeProto &N,
                                      const IntTensor *) const {
  auto It = N.input_size() ? Shapes.find(N.input(0)) : Shapes.end();
  if (It == Shapes.end())
    return std::nullopt;
  IntTensor Out;
  Out.Values.push_back(1);
  for (int64_t D : It->second)
    Out.Values.front() *= D;
  return Out; // a scalar: no dims
}

std::optional<IntTensor> Folder::neg(const onnx::NodeProto &,
                                     const IntTensor *A) const {
  IntTensor Out = *A;
  for (int64_t &V : Out.Values)
    V = -V;
  return Out;
}

/// The broadcast count of 1-D or scalar operands of \p Counts elements
/// (equal, or 1), or nullopt.
static std::optional<size_t> broadcastCount(std::initializer_list<size_t> Counts) {
  size_t N = 1;
  for (size_t C : Counts)
    if (C != 1) {
      if (N != 1 && N != C)
        return std::nullopt;
      N = C;
    }
  return N;
}

/// The operand of \p Values elements at \p I of a broadcast.
static int64_t at(const std::vector<int64_t> &Values, size_t I) {
  return Values[Values.size() == 1 ? 0 : I];
}

/// Equal of integers: PyTorch's exporter compares a shape with -1 to pick
/// Expand's sizes.
std::optional<IntTensor> Folder::equal(const onnx::NodeProto &N,
                                       const IntTensor *A) const {
  const IntTensor *B = intInput(N, 1);
  if (!B || B->Type != A->Type || A->Type == onnx::TensorProto::BOOL)
    return std::nullopt;
  auto Count = broadcastCount({A->Values.size(), B->Values.size()});
  if (!Count)
    return std::nullopt;
  IntTensor Out;
  Out.Type = onnx::TensorProto::BOOL;
  Out.Dims = (A->Values.size() >= B->Values.size() ? A : B)->Dims;
  for (size_t I = 0; I != *Count; ++I)
    Out.Values.push_back(at(A->Values, I) == at(B->Values, I));
  return Out;
}

std::optional<IntTensor> Folder::where(const onnx::NodeProto &N,
                                       const IntTensor *C) const {
  const IntTensor *X = intInput(N, 1), *Y = intInput(N, 2);
  if (C->Type != onnx::TensorProto::BOOL || !X || !Y || X->Type != Y->Type)
    return std::nullopt;
  auto Count = broadcastCount(
      {C->Values.size(), X->Values.size(), Y->Values.size()});
  if (!Count)
    return std::nullopt;
  IntTensor Out;
  Out.Type = X->Type;
  for (const IntTensor *T : {C, X, Y})
    if (T->Values.size() == *Count)
      Out.Dims = T->Dims;
  for (size_t I = 0; I != *Count; ++I)
    Out.Values.push_back(at(C->Values, I) ? at(X->Values, I)
                                          : at(Y->Values, I));
  return Out;
}

/// Range of integer scalars: start, start + delta, ... short of limit.
std::optional<IntTensor> Folder::range(const onnx::NodeProto &N,
                                       const IntTensor *Start) const {
  const IntTensor *Limit = intInput(N, 1), *Delta = intInput(N, 2);
  if (!Limit || !Delta || Start->Values.size() != 1 ||
      Limit->Values.size() != 1 || Delta->Values.size() != 1 ||
      Delta->Values[0] == 0 || Start->Type == onnx::TensorProto::BOOL)
    return std::nullopt;
  int64_t S = Start->Values[0], L = Limit->Values[0], D = Delta->Values[0];
  int64_t Count = std::max<int64_t>(0, (L - S + D + (D > 0 ? -1 : 1)) / D);
  if (Count > (1 << 20))
    return std::nullopt;
  IntTensor Out;
  Out.Type = Start->Type;
  Out.Dims = {Count};
  for (int64_t I = 0; I != Count; ++I)
    Out.Values.push_back(S + I * D);
  return Out;
}

std::optional<IntTensor> Folder::identity(const onnx::NodeProto &,
                                          const IntTensor *A) const {
  return *A;
}

std::optional<IntTensor> Folder::cast(const onnx::NodeProto &N,
                                      const IntTensor *A) const {
  int64_t To = intAttr(N, "to", 0);
  if (!isIntegerType(To))
    return std::nullopt;
  IntTensor Out = *A;
  Out.Type = To;
  if (To == onnx::TensorProto::INT32)
    for (int64_t &V : Out.Values)
      V = int32_t(V);
  return Out;
}

std::optional<IntTensor> Folder::gather(const onnx::NodeProto &N,
                                        const IntTensor *A) const {
  const IntTensor *Idx = intInput(N, 1);
  if (!Idx || A->Dims.size() != 1 || !axisOf(intAttr(N, "axis", 0), 1))
    return std::nullopt;
  IntTensor Out;
  Out.Type = A->Type;
  Out.Dims = Idx->Dims;
  int64_t Size = A->Dims[0];
  for (int64_t I : Idx->Values) {
    if (I < -Size || I >= Size)
      return std::nullopt;
    Out.Values.push_back(A->Values[I < 0 ? I + Size : I]);
  }
  return Out;
}

std::optional<std::vector<int64_t>>
Folder::squeezeAxes(const onnx::NodeProto &N) const {
  if (const IntTensor *Ax = intInput(N, 1))
    return Ax->Values;
  if (const auto *Attr = findAttr(N, "axes"))
    return std::vector<int64_t>(Attr->ints().begin(), Attr->ints().end());
  if (N.input_size() > 1 && !N.input(1).empty())
    return std::nullopt; // axes computed at run time
  return std::vector<int64_t>();
}

std::optional<IntTensor> Folder::unsqueeze(const onnx::NodeProto &N,
                                           const IntTensor *A) const {
  auto Axes = squeezeAxes(N);
  if (!Axes)
    return std::nullopt;
  int64_t Rank = A->Dims.size() + Axes->size();
  std::set<int64_t> At;
  for (int64_t X : *Axes) {
    auto Norm = axisOf(X, Rank);
    if (!Norm || !At.insert(*Norm).second)
      return std::nullopt;
  }
  IntTensor Out = *A;
  Out.Dims.clear();
  for (int64_t I = 0, J = 0; I != Rank; ++I)
    Out.Dims.push_back(At.count(I) ? 1 : A->Dims[J++]);
  return Out;
}

std::optional<IntTensor> Folder::squeeze(const onnx::NodeProto &N,
                                         const IntTensor *A) const {
  auto Axes = squeezeAxes(N);
  if (!Axes)
    return std::nullopt;
  int64_t Rank = A->Dims.size();
  std::set<int64_t> At;
  for (int64_t X : *Axes) {
    auto Norm = axisOf(X, Rank);
    if (!Norm || A->Dims[*Norm] != 1)
      return std::nullopt;
    At.insert(*Norm);
  }
  IntTensor Out = *A;
  Out.Dims.clear();
  for (int64_t I = 0; I != Rank; ++I)
    if (!(Axes->empty() ? A->Dims[I] == 1 : At.count(I) != 0))
      Out.Dims.push_back(A->Dims[I]);
  return Out;
}

std::optional<IntTensor> Folder::concat(const onnx::NodeProto &N,
                                        const IntTensor *A) const {
  IntTensor Out;
  Out.Type = A->Type;
  for (int I = 0; I != N.input_size(); ++I) {
    const IntTensor *X = intInput(N, I);
    if (!X || X->Dims.size() != 1 || X->Type != A->Type)
      return std::nullopt;
    Out.Values.insert(Out.Values.end(), X->Values.begin(), X->Values.end());
  }
  if (!axisOf(intAttr(N, "axis", 0), 1))
    return std::nullopt;
  Out.Dims = {int64_t(Out.Values.size())};
  return Out;
}

std::optional<IntTensor> Folder::slice(const onnx::NodeProto &N,
                                       const IntTensor *A) const {
  const IntTensor *Starts = intInput(N, 1), *Ends = intInput(N, 2);
  const IntTensor *Axes = intInput(N, 3), *Steps = intInput(N, 4);
  if (A->Dims.size() != 1 || !Starts || !Ends || Starts->Values.size() != 1 ||
      Ends->Values.size() != 1 ||
      (N.input_size() > 3 && !N.input(3).empty() && !Axes) ||
      (N.input_size() > 4 && !N.input(4).empty() && !Steps) ||
      (Axes && (Axes->Values.size() != 1 || !axisOf(Axes->Values[0], 1))))
    return std::nullopt;
  int64_t Size = A->Dims[0], Step = Steps ? Steps->Values.at(0) : 1;
  if (Step == 0)
    return std::nullopt;
  auto Clamp = [&](int64_t V, int64_t Lo, int64_t Hi) {
    if (V < 0)
      V += Size;
    return std::min(Hi, std::max(Lo, V));
  };
  int64_t B = Step > 0 ? Clamp(Starts->Values[0], 0, Size)
                       : Clamp(Starts->Values[0], -1, Size - 1);
  int64_t E = Step > 0 ? Clamp(Ends->Values[0], 0, Size)
                       : Clamp(Ends->Values[0], -1, Size - 1);
  IntTensor Out;
  Out.Type = A->Type;
  for (int64_t I = B; Step > 0 ? I < E : I > E; I += Step)
    Out.Values.push_back(A->Values[I]);
  Out.Dims = {int64_t(Out.Values.size())};
  return Out;
}

/// Add, Sub, Mul and Div, one operand a scalar or both of one size.
std::optional<IntTensor> Folder::arithmetic(const onnx::NodeProto &N,
                                            const IntTensor *A) const {
  const std::string &Op = N.op_type();
  const IntTensor *B = intInput(N, 1);
  if (!B || B->Type != A->Type)
    return std::nullopt;
  int64_t NA = A->Values.size(), NB = B->Values.size();
  if (NA != NB && NA != 1 && NB != 1)
    return std::nullopt;
  IntTensor Out = NA >= NB ? *A : *B;
  for (int64_t I = 0; I != int64_t(Out.Values.size()); ++I) {
    int64_t X = A->Values[NA == 1 ? 0 : I], Y = B->Values[NB == 1 ? 0 : I];
    if (Op == "Div" && Y == 0)
      return std::nullopt;
    Out.Values[I] = Op == "Add"   ? X + Y
                    : Op == "Sub" ? X - Y
                    : Op == "Mul" ? X * Y
                                  : X / Y; // ONNX's integer Div truncates
  }
  return Out;
}

std::optional<IntTensor> Folder::reshape(const onnx::NodeProto &N,
                                         const IntTensor *A) const {
  const IntTensor *Shape = intInput(N, 1);
  if (!Shape)
    return std::nullopt;
  IntTensor Out = *A;
  Out.Dims.clear();
  int64_t Known = 1, Infer = -1;
  for (size_t I = 0; I != Shape->Values.size(); ++I) {
    int64_t D = Shape->Values[I];
    if (D == 0 && !intAttr(N, "allowzero", 0))
      D = I < A->Dims.size() ? A->Dims[I] : -2;
    if (D == -1 && Infer < 0)
      Infer = I;
    else if (D < 0)
      return std::nullopt;
    else
      Known *= D;
    Out.Dims.push_back(D);
  }
  int64_t Total = A->Values.size();
  if (Infer >= 0) {
    if (!Known || Total % Known)
      return std::nullopt;
    Out.Dims[Infer] = Total / Known;
  }
  if (numElements(Out.Dims) != Total)
    return std::nullopt;
  return Out;
}

/// A Constant node becomes an initializer, whatever its type.
bool Folder::foldConstant(const onnx::NodeProto &N) {
  onnx::TensorProto T;
  if (const auto *V = findAttr(N, "value")) {
    T = V->t();
  } else if (const auto *VI = findAttr(N, "value_int")) {
    T.set_data_type(onnx::TensorProto::INT64);
    T.add_int64_data(VI->i());
  } else if (const auto *VIs = findAttr(N, "value_ints")) {
    T.set_data_type(onnx::TensorProto::INT64);
    T.add_dims(VIs->ints_size());
    for (int64_t X : VIs->ints())
      T.add_int64_data(X);
  } else if (const auto *VF = findAttr(N, "value_float")) {
    T.set_data_type(onnx::TensorProto::FLOAT);
    T.add_float_data(VF->f());
  } else if (const auto *VFs = findAttr(N, "value_floats")) {
    T.set_data_type(onnx::TensorProto::FLOAT);
    T.add_dims(VFs->floats_size());
    for (float X : VFs->floats())
      T.add_float_data(X);
  } else {
    return false; // sparse_value and string values stay nodes
  }
  T.set_name(N.output(0));
  if (auto I = fromProto(T))
    Ints[N.output(0)] = *I;
  Made[N.output(0)] = T;
  return true;
}

/// ConstantOfShape with a constant shape: a tensor filled with its value.
bool Folder::foldConstantOfShape(const onnx::NodeProto &N) {
  const IntTensor *Shape = intInput(N, 0);
  if (!Shape)
    return false;
  for (int64_t D : Shape->Values)
    if (D < 0)
      return false;
  int64_t Count = numElements(Shape->Values);
  if (Count > (int64_t(1) << 24))
    return false; // left to the model: a large fill is a run-time value
  onnx::TensorProto Value;
  if (const auto *V = findAttr(N, "value"))
    Value = V->t();
  else
    Value.set_data_type(onnx::TensorProto::FLOAT), Value.add_float_data(0);
  onnx::TensorProto T;
  T.set_name(N.output(0));
  T.set_data_type(Value.data_type());
  for (int64_t D : Shape->Values)
    T.add_dims(D);
  std::string Element;
  if (Value.has_raw_data())
    Element = Value.raw_data();
  else if (Value.data_type() == onnx::TensorProto::FLOAT &&
           Value.float_data_size() == 1) {
    float F = Value.float_data(0);
    Element.assign(reinterpret_cast<const char *>(&F), 4);
  } else if (Value.data_type() == onnx::TensorProto::INT64 &&
             Value.int64_data_size() == 1) {
    int64_t I = Value.int64_data(0);
    Element.assign(reinterpret_cast<const char *>(&I), 8);
  } else if (Value.data_type() == onnx::TensorProto::INT32 &&
             Value.int32_data_size() == 1) {
    int32_t I = Value.int32_data(0);
    Element.assign(reinterpret_cast<const char *>(&I), 4);
  } else {
    return false;
  }
  std::string Raw;
  Raw.reserve(Element.size() * Count);
  for (int64_t I = 0; I != Count; ++I)
    Raw += Element;
  T.set_raw_data(Raw);
  if (auto Int = fromProto(T))
    Ints[N.output(0)] = *Int;
  Made[N.output(0)] = T;
  return true;
}

int Folder::run() {
  onnx::GraphProto &G = *M.mutable_graph();
  for (const auto &Init : G.initializer()) {
    if (auto I = fromProto(Init))
      Ints[Init.name()] = *I;
    Shapes[Init.name()].assign(Init.dims().begin(), Init.dims().end());
  }
  for (const auto &VI : G.input())
    recordShape(VI);
  for (const auto &VI : G.value_info())
    recordShape(VI);
  for (const auto &VI : G.output())
    recordShape(VI);

  std::vector<bool> Folded(G.node_size());
  int Count = 0;
  for (int I = 0; I != G.node_size(); ++I) {
    const onnx::NodeProto &N = G.node(I);
    if (!N.domain().empty() && N.domain() != "ai.onnx")
      continue;
    if (N.output_size() != 1 || N.output(0).empty())
      continue;
    bool Done = false;
    if (N.op_type() == "Constant") {
      Done = foldConstant(N);
    } else if (N.op_type() == "ConstantOfShape") {
      Done = foldConstantOfShape(N);
    } else if (auto Out = evaluate(N)) {
      Ints[N.output(0)] = *Out;
      Made[N.output(0)] = toProto(*Out, N.output(0));
      Done = true;
    }
    if (Done) {
      Folded[I] = true;
      ++Count;
      Shapes[N.output(0)].assign(Made[N.output(0)].dims().begin(),
                                 Made[N.output(0)].dims().end());
    }
  }
  if (!Count)
    return 0;

  replaceFoldedNodes(G, Folded, Made);
  return Count;
}

} // namespace

int accel::onnx_graph::foldShapeComputations(onnx::ModelProto &M) {
  return Folder(M).run();
}
