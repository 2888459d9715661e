//===-- ImportEinsum.cpp - ONNX Einsum as transposes and products ----------===//
//
// The ONNX importer's handler (Importer.h) for Einsum: the equation's
// operands, each a list of labels (letters, and an ellipsis standing for
// the dimensions the letters leave), contracted from the left two at a
// time into one, then put in the output's order:
//
//  - a label no other operand nor the output has is summed out first
//    (accel.reduce sum);
//  - two operands become one accel.matmul: each transposed to
//    [batch, kept, contracted] (the first) or [batch, contracted, kept]
//    (the second) and reshaped to [B, M, K] and [B, K, N] (the labels
//    both share and a later operand or the output needs are the batch,
//    the other shared ones contracted), the product reshaped back;
//  - the last operand transposed to the output's labels.
//
// Without '->' the output is the ellipsis's dimensions, then the labels
// that appear once, in alphabetical order (numpy's implicit mode). A
// label repeated within one operand takes its diagonal first: the two
// dimensions last, merged, and every (n + 1)-th element gathered.
//
//===----------------------------------------------------------------------===//

#include "import/Importer.h"

using namespace accel::graph;
using namespace accel::graph::import_detail;

namespace {

/// An operand of the contraction: its value and one label a dimension.
/// The ellipsis's dimensions are labels '0', '1', ... (right-aligned over
/// the operands).
struct Term {
  Value V;
  std::string Labels;
};

RankedTensorType typeOf(Value V) { return cast<RankedTensorType>(V.getType()); }

/// \p Spec's labels for a value of \p Rank dimensions, the ellipsis
/// expanded to the last \p Rank - letters of \p EllipsisRank labels;
/// nullopt (and \p Why) if it does not fit.
std::optional<std::string> expandLabels(StringRef Spec, int64_t Rank,
                                  int64_t EllipsisRank, std::string &Why) {
  size_t Dots = Spec.find("...");
  std::string Letters = (Spec.substr(0, Dots) +
                         (Dots == StringRef::npos ? "" : Spec.substr(Dots + 3)))
                            .str();
  for (char C : Letters)
    if (!std::isalpha(static_cast<unsigned char>(C))) {
      Why = "'" + Spec.str() + "' has a character that is not a letter";
      return std::nullopt;
    }
  int64_t E = Rank - int64_t(Letters.size());
  if (E < 0 || (Dots == StringRef::npos && E != 0) || E > EllipsisRank) {
    Why = "'" + Spec.str() + "' does not name the " + std::to_string(Rank) +
          " dimensions of its operand";
    return std::nullopt;
  }
  if (Dots == StringRef::npos)
    return Letters;
  std::string Ellipsis;
  for (int64_t I = EllipsisRank - E; I < EllipsisRank; ++I)
    Ellipsis += char('0' + I);
  return Spec.substr(0, Dots).str() + Ellipsis + Spec.substr(Dots + 3).str();
}

} // namespace

bool Importer::einsum() {
  const og::Attribute *Eq = attr("equation");
  if (!Eq)
    return fail("the equation is missing");
  std::string Equation;
  for (char C : Eq->S)
    if (C != ' ')
      Equation += C;
  StringRef Lhs = Equation, Rhs;
  size_t Arrow = Lhs.find("->");
  bool Explicit = Arrow != StringRef::npos;
  if (Explicit) {
    Rhs = Lhs.substr(Arrow + 2);
    Lhs = Lhs.substr(0, Arrow);
  }
  SmallVector<StringRef> Specs;
  Lhs.split(Specs, ',');
  if (Specs.size() != Node->Inputs.size())
    return fail("the equation '" + Eq->S + "' has " + Twine(Specs.size()) +
                " operands, the node " + Twine(Node->Inputs.size()));
  // The ellipsis's rank: the largest any operand gives it.
  SmallVector<Term> Terms;
  int64_t EllipsisRank = 0;
  for (auto [I, Spec] : llvm::enumerate(Specs)) {
    Value V = input(I);
    if (!V)
      return false;
    Terms.push_back({V, ""});
    int64_t Letters = int64_t(Spec.size()) - (Spec.contains("...") ? 3 : 0);
    EllipsisRank = std::max(EllipsisRank, typeOf(V).getRank() - Letters);
  }
  std::map<char, int64_t> Size, Count;
  std::string Why;
  for (auto [I, Spec] : llvm::enumerate(Specs)) {
    auto Labels = expandLabels(Spec, typeOf(Terms[I].V).getRank(), EllipsisRank, Why);
    if (!Labels)
      return fail(Why);
    for (size_t D = 0; D < Labels->size(); ++D) {
      char L = (*Labels)[D];
      int64_t N = typeOf(Terms[I].V).getDimSize(D);
      auto [It, New] = Size.insert(std::make_pair(L, N));
      if (!New && It->second != N)
        return fail("index '" + Twine(L) + "' has sizes " +
                    Twine(It->second) + " and " + Twine(N));
      ++Count[L];
    }
    Terms[I].Labels = *Labels;
  }
  std::string Out;
  if (Explicit) {
    auto Labels = expandLabels(Rhs, int64_t(Rhs.size()) -
                                  (Rhs.contains("...") ? 3 - EllipsisRank : 0),
                         EllipsisRank, Why);
    if (!Labels)
      return fail(Why);
    Out = *Labels;
    for (size_t D = 0; D < Out.size(); ++D)
      if (!Size.count(Out[D]) || Out.find(Out[D]) != D)
        return fail("output index '" + Twine(Out[D]) +
                    "' is not an input's, or repeated");
  } else {
    for (int64_t I = 0; I < EllipsisRank; ++I)
      Out += char('0' + I);
    for (auto [L, N] : Count)
      if (N == 1 && std::isalpha(static_cast<unsigned char>(L)))
        Out += L;
  }
  Type E = typeOf(Terms[0].V).getElementType();
  for (const Term &T : Terms)
    if (typeOf(T.V).getElementType() != E)
      return fail("operands of different element types");

  auto tensorOf = [&](StringRef Labels) {
    SmallVector<int64_t> S;
    for (char L : Labels)
      S.push_back(Size[L]);
    return RankedTensorType::get(S, E);
  };
  auto reshape = [&](Value V, ArrayRef<int64_t> S) -> Value {
    if (typeOf(V).getShape() == S)
      return V;
    return B.create<ReshapeOp>(loc(), RankedTensorType::get(S, E), V);
  };
  // V (labels From) with its dimensions in the order of To.
  auto permute = [&](Value V, StringRef From, StringRef To) -> Value {
    if (From == To)
      return V;
    SmallVector<int64_t> Perm;
    for (char L : To)
      Perm.push_back(int64_t(From.find(L)));
    return B.create<TransposeOp>(loc(), tensorOf(To), V,
                                 B.getDenseI64ArrayAttr(Perm));
  };
  // Whether label L is needed past operand I: the output's, or a later
  // operand's.
  auto neededAfter = [&](char L, size_t I) {
    if (Out.find(L) != std::string::npos)
      return true;
    for (size_t J = I + 1; J < Terms.size(); ++J)
      if (Terms[J].Labels.find(L) != std::string::npos)
        return true;
    return false;
  };
  // A label twice in one operand: the diagonal, its two dimensions moved
  // last and merged, every (n + 1)-th element gathered.
  for (Term &T : Terms) {
    for (size_t P = 0; P < T.Labels.size(); ++P) {
      size_t Q = T.Labels.find(T.Labels[P], P + 1);
      if (Q == std::string::npos)
        continue;
      char L = T.Labels[P];
      int64_t N = Size[L];
      SmallVector<int64_t> Perm, Shape;
      std::string Rest;
      for (size_t D = 0; D < T.Labels.size(); ++D)
        if (D != P && D != Q) {
          Perm.push_back(int64_t(D));
          Shape.push_back(Size[T.Labels[D]]);
          Rest += T.Labels[D];
        }
      Perm.append({int64_t(P), int64_t(Q)});
      if (!llvm::equal(Perm, llvm::seq<int64_t>(0, int64_t(Perm.size())))) {
        SmallVector<int64_t> Moved(Shape);
        Moved.append({N, N});
        T.V = B.create<TransposeOp>(loc(), RankedTensorType::get(Moved, E),
                                    T.V, B.getDenseI64ArrayAttr(Perm));
      }
      SmallVector<int64_t> Merged(Shape), Indices;
      Merged.push_back(N * N);
      for (int64_t K = 0; K < N; ++K)
        Indices.push_back(K * (N + 1));
      Shape.push_back(N);
      T.V = B.create<GatherOp>(
          loc(), RankedTensorType::get(Shape, E), reshape(T.V, Merged),
          Value(), B.getI64IntegerAttr(int64_t(Merged.size()) - 1),
          B.getDenseI64ArrayAttr(Indices));
      T.Labels = Rest + L;
      P = size_t(-1); // again from the start: a label may repeat again
    }
  }
  // Labels of one operand only, and not the output's, are summed out.
  for (size_t I = 0; I < Terms.size(); ++I) {
    Term &T = Terms[I];
    SmallVector<int64_t> Axes;
    std::string Kept;
    for (size_t D = 0; D < T.Labels.size(); ++D) {
      char L = T.Labels[D];
      bool Elsewhere = Out.find(L) != std::string::npos;
      for (size_t J = 0; J < Terms.size(); ++J)
        Elsewhere |= J != I && Terms[J].Labels.find(L) != std::string::npos;
      if (Elsewhere)
        Kept += L;
      else
        Axes.push_back(int64_t(D));
    }
    if (Axes.empty())
      continue;
    T.V = B.create<ReduceOp>(loc(), tensorOf(Kept), T.V,
                             ReduceKindAttr::get(B.getContext(),
                                                 ReduceKind::sum),
                             B.getDenseI64ArrayAttr(Axes),
                             B.getBoolAttr(false));
    T.Labels = Kept;
  }
  Term Acc = Terms[0];
  for (size_t I = 1; I < Terms.size(); ++I) {
    const Term &Y = Terms[I];
    std::string Batch, Left, Right, Contracted;
    for (char L : Acc.Labels) {
      bool Shared = Y.Labels.find(L) != std::string::npos;
      if (!Shared)
        Left += L;
      else if (neededAfter(L, I))
        Batch += L;
      else
        Contracted += L;
    }
    for (char L : Y.Labels)
      if (Acc.Labels.find(L) == std::string::npos)
        Right += L;
    auto product = [&](StringRef Labels) {
      int64_t P = 1;
      for (char L : Labels)
        P *= Size[L];
      return P;
    };
    int64_t NB = product(Batch), M = product(Left), K = product(Contracted),
            N = product(Right);
    auto shape = [&](int64_t R, int64_t C) {
      return Batch.empty() ? SmallVector<int64_t>{R, C}
                           : SmallVector<int64_t>{NB, R, C};
    };
    Value A = reshape(permute(Acc.V, Acc.Labels, Batch + Left + Contracted),
                      shape(M, K));
    Value Bv = reshape(permute(Y.V, Y.Labels, Batch + Contracted + Right),
                       shape(K, N));
    Value P = B.create<MatMulOp>(loc(), RankedTensorType::get(shape(M, N), E),
                                 A, Bv, ActivationAttr(), FloatAttr(),
                                 FloatAttr());
    Acc.Labels = Batch + Left + Right;
    Acc.V = reshape(P, tensorOf(Acc.Labels).getShape());
  }
  return define(permute(Acc.V, Acc.Labels, Out));
}
