//===-- ConstantFolding.cpp - Fold small constant computations ------------===//
//
// Values are held as doubles: float32 results are rounded to float after
// every op, as PyTorch computed them; integers are exact up to 2^53 (a
// larger one, as INT64_MAX in a Slice's ends, leaves its node alone).
// Arithmetic folds on float32 only: integer Div and overflow have their own
// semantics, and ShapeFolding evaluates the integer shape arithmetic.
// An Expand that replicates a float constant stays a node (positions and
// indices fold): the replicated constant would be read from DRAM in full
// where the op reads it once; but for a recurrent layer's initial state,
// which the layer reads whole anyway.
// Ops that copy runs of elements (Slice, Concat, Reshape, Unsqueeze,
// Identity) fold up to a larger size than computations: the exporters
// reorder recurrent layers' weights with slices and concats, which the
// importer wants as one constant (R packed at compile time, the input
// projection's weights constant). A Transpose, which reorders them, keeps
// the computations' limit: a transposed weight is the graph compiler's to
// place. Initializers are read when a node folding needs them.
//
//===----------------------------------------------------------------------===//

#include "ConstantFolding.h"
#include "NodeAttributes.h"

#include "onnx/defs/tensor_proto_util.h"

#include <cmath>
#include <cstring>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

using namespace accel::onnx_graph;

namespace {

using onnx::TensorProto;

/// The largest result of a computation, and of an op that only moves
/// elements (a weight's worth).
constexpr int64_t MaxElements = int64_t(1) << 16;
constexpr int64_t MaxMovedElements = int64_t(1) << 24;

struct Const {
  int32_t Type = TensorProto::FLOAT;
  std::vector<int64_t> Dims;
  std::vector<double> V;
  /// False where an integer past 2^53 was clamped to it (INT64_MAX in a
  /// Slice's ends): only a Slice's starts and ends, which clamp, read it.
  bool Exact = true;
};

bool movesElements(const std::string &Op) {
  return Op == "Identity" || Op == "Reshape" || Op == "Unsqueeze" ||
         Op == "Concat" || Op == "Slice";
}

template <typename T>
std::optional<std::vector<double>> parse(const TensorProto &P) {
  try {
    std::vector<T> Data = onnx::ParseData<T>(&P);
    return std::vector<double>(Data.begin(), Data.end());
  } catch (const std::exception &) {
    return std::nullopt;
  }
}

/// \p P's values, if it has at most \p Limit elements.
std::optional<Const> read(const TensorProto &P, int64_t Limit) {
  if (P.data_location() == TensorProto::EXTERNAL)
    return std::nullopt;
  Const C;
  C.Type = P.data_type();
  C.Dims.assign(P.dims().begin(), P.dims().end());
  for (int64_t D : C.Dims)
    if (D < 0 || D > Limit)
      return std::nullopt;
  if (numElements(C.Dims) > Limit)
    return std::nullopt;
  std::optional<std::vector<double>> V;
  switch (C.Type) {
  case TensorProto::FLOAT:
    V = parse<float>(P);
    break;
  case TensorProto::INT64:
    V = parse<int64_t>(P);
    break;
  case TensorProto::INT32:
    V = parse<int32_t>(P);
    break;
  case TensorProto::BOOL:
    if (P.has_raw_data()) {
      V.emplace();
      for (char B : P.raw_data())
        V->push_back(B != 0);
    } else {
      V.emplace(P.int32_data().begin(), P.int32_data().end());
    }
    break;
  default:
    return std::nullopt;
  }
  if (!V || int64_t(V->size()) != numElements(C.Dims))
    return std::nullopt;
  constexpr double Exact = 9007199254740992.0; // 2^53
  if (C.Type != TensorProto::FLOAT)
    for (double &X : *V)
      if (std::fabs(X) > Exact)
        X = std::copysign(Exact, X), C.Exact = false;
  C.V = std::move(*V);
  return C;
}

TensorProto write(const Const &C, const std::string &Name) {
  TensorProto P;
  P.set_name(Name);
  P.set_data_type(C.Type);
  for (int64_t D : C.Dims)
    P.add_dims(D);
  if (C.Type == TensorProto::FLOAT)
    P.mutable_float_data()->Reserve(C.V.size());
  for (double X : C.V) {
    if (C.Type == TensorProto::FLOAT)
      P.add_float_data(float(X));
    else if (C.Type == TensorProto::INT64)
      P.add_int64_data(int64_t(X));
    else // INT32, BOOL
      P.add_int32_data(int32_t(X));
  }
  return P;
}

/// Rounds a result to its type, as the op computed it.
void round(Const &C) {
  for (double &X : C.V) {
    if (C.Type == TensorProto::FLOAT)
      X = double(float(X));
    else if (C.Type == TensorProto::BOOL)
      X = X != 0;
    else if (C.Type == TensorProto::INT32)
      X = double(int32_t(std::trunc(X)));
    else
      X = std::trunc(X);
  }
}

/// numpy's broadcast of \p Shapes, or nullopt.
std::optional<std::vector<int64_t>>
broadcast(const std::vector<std::vector<int64_t>> &Shapes) {
  size_t Rank = 0;
  for (const auto &S : Shapes)
    Rank = std::max(Rank, S.size());
  std::vector<int64_t> Out(Rank, 1);
  for (const auto &S : Shapes)
    for (size_t I = 0; I != S.size(); ++I) {
      int64_t &O = Out[Rank - S.size() + I];
      if (S[I] != 1 && O != 1 && S[I] != O)
        return std::nullopt;
      if (S[I] != 1)
        O = S[I];
    }
  return Out;
}

/// The element of \p C read at flat index \p Flat of the broadcast shape
/// \p Out.
double at(const Const &C, const std::vector<int64_t> &Out, int64_t Flat) {
  int64_t Index = 0, Stride = 1;
  for (size_t I = Out.size(); I-- > 0;) {
    int64_t Coord = Flat % Out[I];
    Flat /= Out[I];
    size_t J = I + C.Dims.size();
    if (J < Out.size())
      break;
    int64_t D = C.Dims[J - Out.size()];
    Index += (D == 1 ? 0 : Coord) * Stride;
    Stride *= D;
  }
  return C.V[Index];
}

std::optional<Const>
elementwise(const std::vector<const Const *> &In, int32_t Type,
            const std::function<double(const std::vector<double> &)> &F) {
  std::vector<std::vector<int64_t>> Shapes;
  for (const Const *C : In)
    Shapes.push_back(C->Dims);
  auto Dims = broadcast(Shapes);
  if (!Dims || numElements(*Dims) > MaxElements)
    return std::nullopt;
  Const Out;
  Out.Type = Type;
  Out.Dims = *Dims;
  std::vector<double> Args(In.size());
  for (int64_t I = 0, N = numElements(*Dims); I != N; ++I) {
    for (size_t K = 0; K != In.size(); ++K)
      Args[K] = at(*In[K], *Dims, I);
    Out.V.push_back(F(Args));
  }
  round(Out);
  return Out;
}

class Evaluator {
public:
  /// Known: the values so far; Initializers: those not read yet;
  /// ReadWhole: the values only recurrent layers' initial states read.
  Evaluator(std::map<std::string, Const> &Known,
            std::map<std::string, const TensorProto *> &Initializers,
            const std::set<std::string> &ReadWhole)
      : Known(Known), Initializers(Initializers), ReadWhole(ReadWhole) {}
  std::optional<Const> evaluate(const onnx::NodeProto &N);

private:
  std::map<std::string, Const> &Known;
  std::map<std::string, const TensorProto *> &Initializers;
  const std::set<std::string> &ReadWhole;
  std::vector<const Const *> In;
  int64_t Limit = MaxElements; ///< of the node's inputs and result

  const Const *lookup(const std::string &Name);
  std::optional<Const> dispatch(const onnx::NodeProto &N);

  std::optional<Const> unary(const onnx::NodeProto &N);
  std::optional<Const> binary(const onnx::NodeProto &N);
  std::optional<Const> cast(const onnx::NodeProto &N);
  std::optional<Const> reshape(const Const &X, std::vector<int64_t> Dims);
  std::optional<Const> unsqueeze(const onnx::NodeProto &N);
  std::optional<Const> concat(const onnx::NodeProto &N);
  std::optional<Const> transpose(const onnx::NodeProto &N);
  std::optional<Const> slice(const onnx::NodeProto &N);
};

/// Name's value if it is known, within the node's limit (an initializer
/// is read here, the first time).
const Const *Evaluator::lookup(const std::string &Name) {
  auto It = Known.find(Name);
  if (It == Known.end()) {
    auto Init = Initializers.find(Name);
    if (Init == Initializers.end())
      return nullptr;
    std::optional<Const> C = read(*Init->second, Limit);
    if (!C)
      return nullptr;
    Initializers.erase(Init);
    It = Known.emplace(Name, std::move(*C)).first;
  }
  if (int64_t(It->second.V.size()) > Limit)
    return nullptr;
  return &It->second;
}

std::optional<Const> Evaluator::evaluate(const onnx::NodeProto &N) {
  const std::string &Op = N.op_type();
  Limit = movesElements(Op) ? MaxMovedElements : MaxElements;
  In.clear();
  for (int I = 0; I != N.input_size(); ++I) {
    const std::string &Name = N.input(I);
    if (Name.empty()) {
      In.push_back(nullptr);
      continue;
    }
    const Const *C = lookup(Name);
    if (!C || (!C->Exact && !(Op == "Slice" && (I == 1 || I == 2))))
      return std::nullopt;
    In.push_back(C);
  }
  if (In.empty() || !In[0])
    return std::nullopt;
  std::optional<Const> Out = dispatch(N);
  if (Out && int64_t(Out->V.size()) > Limit)
    return std::nullopt;
  return Out;
}

std::optional<Const> Evaluator::dispatch(const onnx::NodeProto &N) {
  const std::string &Op = N.op_type();
  if (Op == "Identity")
    return *In[0];
  if (Op == "Cast")
    return cast(N);
  if (Op == "Unsqueeze")
    return unsqueeze(N);
  if (Op == "Concat")
    return concat(N);
  if (Op == "Transpose")
    return transpose(N);
  if (Op == "Slice")
    return slice(N);
  if (Op == "Reshape" && In.size() == 2 && In[1]) {
    std::vector<int64_t> Dims(In[1]->V.begin(), In[1]->V.end());
    bool AllowZero = intAttr(N, "allowzero", 0);
    int64_t Product = 1, Infer = -1;
    for (size_t I = 0; I != Dims.size(); ++I) {
      if (Dims[I] == 0 && !AllowZero && I < In[0]->Dims.size())
        Dims[I] = In[0]->Dims[I];
      if (Dims[I] == -1)
        Infer = I;
      else
        Product *= Dims[I];
    }
    if (Infer >= 0 && Product > 0)
      Dims[Infer] = int64_t(In[0]->V.size()) / Product;
    return reshape(*In[0], Dims);
  }
  if (Op == "Expand" && In.size() == 2 && In[1]) {
    Const Shape;
    Shape.Dims.assign(In[1]->V.begin(), In[1]->V.end());
    Shape.V.assign(numElements(Shape.Dims), 0);
    auto Out = elementwise({In[0], &Shape}, In[0]->Type,
                           [](const std::vector<double> &A) { return A[0]; });
    if (Out && Out->Type == TensorProto::FLOAT &&
        Out->V.size() > In[0]->V.size() && !ReadWhole.count(N.output(0)))
      return std::nullopt;
    return Out;
  }
  if (Op == "Where" && In.size() == 3 && In[1] && In[2] &&
      In[1]->Type == In[2]->Type)
    return elementwise(In, In[1]->Type, [](const std::vector<double> &A) {
      return A[0] != 0 ? A[1] : A[2];
    });
  if (N.input_size() == 1)
    return unary(N);
  if (N.input_size() == 2 && In[1])
    return binary(N);
  return std::nullopt;
}

std::optional<Const> Evaluator::unary(const onnx::NodeProto &N) {
  static const std::map<std::string, double (*)(double)> Float = {
      {"Sqrt", [](double X) { return std::sqrt(X); }},
      {"Reciprocal", [](double X) { return 1.0 / X; }},
      {"Exp", [](double X) { return std::exp(X); }},
      {"Log", [](double X) { return std::log(X); }},
      {"Cos", [](double X) { return std::cos(X); }},
      {"Sin", [](double X) { return std::sin(X); }},
      {"Tanh", [](double X) { return std::tanh(X); }}};
  const Const &X = *In[0];
  const std::string &Op = N.op_type();
  double (*F)(double) = nullptr;
  if (Op == "Neg")
    F = [](double X) { return -X; };
  else if (Op == "Abs")
    F = [](double X) { return std::fabs(X); };
  else if (Op == "Not" && X.Type == TensorProto::BOOL)
    F = [](double X) { return double(X == 0); };
  else if (auto It = Float.find(Op);
           It != Float.end() && X.Type == TensorProto::FLOAT)
    F = It->second;
  if (!F)
    return std::nullopt;
  return elementwise(In, X.Type,
                     [F](const std::vector<double> &A) { return F(A[0]); });
}

std::optional<Const> Evaluator::binary(const onnx::NodeProto &N) {
  using Fn = double (*)(double, double);
  static const std::map<std::string, Fn> Arithmetic = {
      {"Add", [](double A, double B) { return A + B; }},
      {"Sub", [](double A, double B) { return A - B; }},
      {"Mul", [](double A, double B) { return A * B; }},
      {"Div", [](double A, double B) { return A / B; }},
      {"Pow", [](double A, double B) { return std::pow(A, B); }}};
  static const std::map<std::string, Fn> Compare = {
      {"Equal", [](double A, double B) { return double(A == B); }},
      {"Less", [](double A, double B) { return double(A < B); }},
      {"LessOrEqual", [](double A, double B) { return double(A <= B); }},
      {"Greater", [](double A, double B) { return double(A > B); }},
      {"GreaterOrEqual", [](double A, double B) { return double(A >= B); }}};
  static const std::map<std::string, Fn> Logical = {
      {"And", [](double A, double B) { return double(A != 0 && B != 0); }},
      {"Or", [](double A, double B) { return double(A != 0 || B != 0); }},
      {"Xor", [](double A, double B) { return double((A != 0) != (B != 0)); }}};
  const Const &A = *In[0], &B = *In[1];
  if (A.Type != B.Type)
    return std::nullopt;
  const std::string &Op = N.op_type();
  Fn F = nullptr;
  int32_t Type = TensorProto::BOOL;
  if (auto It = Arithmetic.find(Op);
      It != Arithmetic.end() && A.Type == TensorProto::FLOAT)
    F = It->second, Type = A.Type;
  else if (auto It = Compare.find(Op); It != Compare.end())
    F = It->second;
  else if (auto It = Logical.find(Op);
           It != Logical.end() && A.Type == TensorProto::BOOL)
    F = It->second;
  if (!F)
    return std::nullopt;
  return elementwise(
      In, Type, [F](const std::vector<double> &X) { return F(X[0], X[1]); });
}

std::optional<Const> Evaluator::cast(const onnx::NodeProto &N) {
  int64_t To = intAttr(N, "to", 0);
  if (To != TensorProto::FLOAT && To != TensorProto::INT64 &&
      To != TensorProto::INT32 && To != TensorProto::BOOL)
    return std::nullopt;
  Const Out = *In[0];
  Out.Type = int32_t(To);
  for (double X : Out.V)
    if (!std::isfinite(X) && To != TensorProto::FLOAT)
      return std::nullopt; // undefined in ONNX
  round(Out);
  return Out;
}

std::optional<Const> Evaluator::reshape(const Const &X,
                                        std::vector<int64_t> Dims) {
  for (int64_t D : Dims)
    if (D < 0)
      return std::nullopt;
  if (numElements(Dims) != int64_t(X.V.size()))
    return std::nullopt;
  Const Out = X;
  Out.Dims = std::move(Dims);
  return Out;
}

std::optional<Const> Evaluator::unsqueeze(const onnx::NodeProto &N) {
  std::vector<int64_t> Axes;
  if (In.size() == 2 && In[1])
    Axes.assign(In[1]->V.begin(), In[1]->V.end());
  else if (const auto *A = findAttr(N, "axes"))
    Axes.assign(A->ints().begin(), A->ints().end());
  int64_t Rank = int64_t(In[0]->Dims.size() + Axes.size());
  std::vector<bool> New(Rank);
  for (int64_t A : Axes) {
    auto Axis = axisOf(A, Rank);
    if (!Axis || New[*Axis])
      return std::nullopt;
    New[*Axis] = true;
  }
  std::vector<int64_t> Dims;
  for (int64_t I = 0, J = 0; I != Rank; ++I)
    Dims.push_back(New[I] ? 1 : In[0]->Dims[J++]);
  return reshape(*In[0], Dims);
}

std::optional<Const> Evaluator::concat(const onnx::NodeProto &N) {
  const Const &First = *In[0];
  auto Axis = axisOf(intAttr(N, "axis", 0), First.Dims.size());
  if (!Axis)
    return std::nullopt;
  Const Out;
  Out.Type = First.Type;
  Out.Dims = First.Dims;
  Out.Dims[*Axis] = 0;
  for (const Const *C : In) {
    if (!C || C->Type != First.Type || C->Dims.size() != First.Dims.size())
      return std::nullopt;
    for (size_t I = 0; I != C->Dims.size(); ++I)
      if (I != size_t(*Axis) && C->Dims[I] != First.Dims[I])
        return std::nullopt;
    Out.Dims[*Axis] += C->Dims[*Axis];
  }
  int64_t Outer = 1;
  for (int64_t I = 0; I != *Axis; ++I)
    Outer *= First.Dims[I];
  for (int64_t O = 0; O != Outer; ++O)
    for (const Const *C : In) {
      int64_t Run = int64_t(C->V.size()) / std::max<int64_t>(Outer, 1);
      Out.V.insert(Out.V.end(), C->V.begin() + O * Run,
                   C->V.begin() + (O + 1) * Run);
    }
  return Out;
}

std::optional<Const> Evaluator::transpose(const onnx::NodeProto &N) {
  const Const &X = *In[0];
  int64_t Rank = X.Dims.size();
  std::vector<int64_t> Perm;
  if (const auto *A = findAttr(N, "perm"))
    Perm.assign(A->ints().begin(), A->ints().end());
  else
    for (int64_t I = Rank; I-- > 0;)
      Perm.push_back(I);
  if (int64_t(Perm.size()) != Rank)
    return std::nullopt;
  std::vector<int64_t> Strides(Rank, 1);
  for (int64_t I = Rank - 1; I > 0; --I)
    Strides[I - 1] = Strides[I] * X.Dims[I];
  Const Out;
  Out.Type = X.Type;
  std::vector<bool> Seen(Rank);
  for (int64_t P : Perm) {
    if (P < 0 || P >= Rank || Seen[P])
      return std::nullopt;
    Seen[P] = true;
    Out.Dims.push_back(X.Dims[P]);
  }
  for (int64_t Flat = 0, E = X.V.size(); Flat != E; ++Flat) {
    int64_t Rest = Flat, Index = 0;
    for (int64_t I = Rank; I-- > 0;) {
      Index += (Rest % Out.Dims[I]) * Strides[Perm[I]];
      Rest /= Out.Dims[I];
    }
    Out.V.push_back(X.V[Index]);
  }
  return Out;
}

std::optional<Const> Evaluator::slice(const onnx::NodeProto &N) {
  const Const &X = *In[0];
  int64_t Rank = X.Dims.size();
  // starts, ends, axes and steps: inputs since opset 10, attributes before.
  auto ints = [&](size_t I, const char *Name) {
    std::optional<std::vector<int64_t>> Out;
    if (N.input_size() > 1) {
      if (I < In.size() && In[I] && In[I]->Type != TensorProto::FLOAT)
        Out.emplace(In[I]->V.begin(), In[I]->V.end());
    } else if (const auto *A = findAttr(N, Name)) {
      Out.emplace(A->ints().begin(), A->ints().end());
    }
    return Out;
  };
  auto Starts = ints(1, "starts"), Ends = ints(2, "ends"),
       Axes = ints(3, "axes"), Steps = ints(4, "steps");
  if (!Starts || !Ends || Starts->size() != Ends->size() ||
      (N.input_size() > 3 && !N.input(3).empty() && !Axes) ||
      (N.input_size() > 4 && !N.input(4).empty() && !Steps))
    return std::nullopt;
  size_t Count = Starts->size();
  if (!Axes) {
    Axes.emplace();
    for (size_t I = 0; I != Count; ++I)
      Axes->push_back(I);
  }
  if (!Steps)
    Steps.emplace(Count, 1);
  if (Axes->size() != Count || Steps->size() != Count)
    return std::nullopt;
  std::vector<int64_t> Begin(Rank, 0), Step(Rank, 1);
  Const Out;
  Out.Type = X.Type;
  Out.Dims = X.Dims;
  std::vector<bool> Seen(Rank);
  for (size_t I = 0; I != Count; ++I) {
    auto Axis = axisOf((*Axes)[I], Rank);
    int64_t S = (*Steps)[I];
    if (!Axis || Seen[*Axis] || S == 0)
      return std::nullopt;
    Seen[*Axis] = true;
    // ONNX's clamping: a negative index counts from the end.
    int64_t Size = X.Dims[*Axis];
    auto Clamp = [&](int64_t V, int64_t Lo, int64_t Hi) {
      if (V < 0)
        V += Size;
      return std::min(Hi, std::max(Lo, V));
    };
    int64_t B =
        S > 0 ? Clamp((*Starts)[I], 0, Size) : Clamp((*Starts)[I], 0, Size - 1);
    int64_t E =
        S > 0 ? Clamp((*Ends)[I], 0, Size) : Clamp((*Ends)[I], -1, Size - 1);
    int64_t Span = S > 0 ? E - B : B - E, Stride = S > 0 ? S : -S;
    Begin[*Axis] = B, Step[*Axis] = S;
    Out.Dims[*Axis] = Span > 0 ? (Span + Stride - 1) / Stride : 0;
  }
  int64_t Total = numElements(Out.Dims);
  if (Total > Limit)
    return std::nullopt;
  std::vector<int64_t> Strides(Rank, 1);
  for (int64_t I = Rank - 1; I > 0; --I)
    Strides[I - 1] = Strides[I] * X.Dims[I];
  Out.V.reserve(Total);
  for (int64_t Flat = 0; Flat != Total; ++Flat) {
    int64_t Rest = Flat, Index = 0;
    for (int64_t I = Rank; I-- > 0;) {
      Index += (Begin[I] + (Rest % Out.Dims[I]) * Step[I]) * Strides[I];
      Rest /= Out.Dims[I];
    }
    Out.V.push_back(X.V[Index]);
  }
  return Out;
}

/// The values that only recurrent layers' initial states read (LSTM's,
/// GRU's and RNN's initial_h, LSTM's initial_c): the layer reads them
/// whole, once.
std::set<std::string> readWhole(const onnx::GraphProto &G) {
  std::map<std::string, bool> Whole;
  for (const auto &N : G.node()) {
    const std::string &Op = N.op_type();
    bool Recurrent = (N.domain().empty() || N.domain() == "ai.onnx") &&
                     (Op == "LSTM" || Op == "GRU" || Op == "RNN");
    for (int I = 0; I != N.input_size(); ++I) {
      bool State = Recurrent && (I == 5 || (Op == "LSTM" && I == 6));
      auto [It, New] = Whole.emplace(N.input(I), State);
      if (!New)
        It->second = It->second && State;
    }
  }
  for (const auto &O : G.output())
    Whole[O.name()] = false;
  std::set<std::string> Out;
  for (const auto &[Name, W] : Whole)
    if (W)
      Out.insert(Name);
  return Out;
}

} // namespace

void accel::onnx_graph::replaceFoldedNodes(
    onnx::GraphProto &G, const std::vector<bool> &Folded,
    const std::map<std::string, onnx::TensorProto> &Made) {
  // The folded nodes' outputs that anything still reads become
  // initializers; the nodes go.
  std::set<std::string> Read;
  for (int I = 0; I != G.node_size(); ++I)
    if (!Folded[I])
      for (const std::string &In : G.node(I).input())
        Read.insert(In);
  for (const auto &O : G.output())
    Read.insert(O.name());
  onnx::GraphProto Kept;
  for (int I = 0; I != G.node_size(); ++I)
    if (!Folded[I])
      *Kept.add_node() = G.node(I);
  G.mutable_node()->Swap(Kept.mutable_node());
  for (const auto &[Name, T] : Made)
    if (Read.count(Name))
      *G.add_initializer() = T;
  // Inferred types of values that are now initializers would be stale.
  onnx::GraphProto Infos;
  for (const auto &VI : G.value_info())
    if (!Made.count(VI.name()))
      *Infos.add_value_info() = VI;
  G.mutable_value_info()->Swap(Infos.mutable_value_info());
}

int accel::onnx_graph::foldConstantComputations(onnx::ModelProto &M) {
  onnx::GraphProto &G = *M.mutable_graph();
  std::map<std::string, Const> Known;
  std::map<std::string, const TensorProto *> Initializers;
  for (const auto &Init : G.initializer())
    Initializers[Init.name()] = &Init;
  // An initializer that is also a graph input is a default the caller may
  // replace: not a constant.
  for (const auto &VI : G.input())
    Initializers.erase(VI.name());

  std::set<std::string> ReadWhole = readWhole(G);
  Evaluator Eval(Known, Initializers, ReadWhole);
  std::vector<bool> Folded(G.node_size());
  std::map<std::string, onnx::TensorProto> Made;
  int Count = 0;
  for (int I = 0; I != G.node_size(); ++I) {
    const onnx::NodeProto &N = G.node(I);
    if ((!N.domain().empty() && N.domain() != "ai.onnx") ||
        N.output_size() != 1 || N.output(0).empty())
      continue;
    auto Out = Eval.evaluate(N);
    if (!Out)
      continue;
    Made[N.output(0)] = write(*Out, N.output(0));
    Known[N.output(0)] = std::move(*Out);
    Folded[I] = true;
    ++Count;
  }
  if (Count)
    replaceFoldedNodes(G, Folded, Made);
  return Count;
}
