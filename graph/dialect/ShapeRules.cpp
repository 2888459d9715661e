//===-- ShapeRules.cpp - Result shapes of the accel graph ops -------------===//

#include "ShapeRules.h"

#include <algorithm>

using namespace accel::graph;

static std::string shapeString(llvm::ArrayRef<int64_t> S) {
  std::string Out = "[";
  for (size_t I = 0; I != S.size(); ++I)
    Out += (I ? "x" : "") + std::to_string(S[I]);
  return Out + "]";
}

std::optional<Shape> accel::graph::broadcastShapes(llvm::ArrayRef<int64_t> A,
                                                   llvm::ArrayRef<int64_t> B,
                                                   std::string &Why) {
  size_t Rank = std::max(A.size(), B.size());
  Shape Out(Rank);
  for (size_t I = 0; I != Rank; ++I) {
    int64_t X = I < Rank - A.size() ? 1 : A[I - (Rank - A.size())];
    int64_t Y = I < Rank - B.size() ? 1 : B[I - (Rank - B.size())];
    if (X != Y && X != 1 && Y != 1) {
      Why = "shapes " + shapeString(A) + " and " + shapeString(B) +
            " do not broadcast";
      return std::nullopt;
    }
    Out[I] = X == 1 ? Y : X;
  }
  return Out;
}

std::optional<Shape> accel::graph::matmulShape(llvm::ArrayRef<int64_t> A,
                                               llvm::ArrayRef<int64_t> B,
                                               std::string &Why) {
  if (A.empty() || B.empty()) {
    Why = "matmul operands must have rank 1 or more";
    return std::nullopt;
  }
  Shape PA(A.begin(), A.end()), PB(B.begin(), B.end());
  if (PA.size() == 1)
    PA.insert(PA.begin(), 1);
  if (PB.size() == 1)
    PB.push_back(1);
  int64_t K = PA.back(), KB = PB[PB.size() - 2];
  if (K != KB) {
    Why = "matmul of " + shapeString(A) + " by " + shapeString(B) +
          ": inner sizes " + std::to_string(K) + " and " + std::to_string(KB) +
          " differ";
    return std::nullopt;
  }
  auto Batch = broadcastShapes(llvm::ArrayRef(PA).drop_back(2),
                               llvm::ArrayRef(PB).drop_back(2), Why);
  if (!Batch)
    return std::nullopt;
  Shape Out = *Batch;
  if (A.size() > 1)
    Out.push_back(PA[PA.size() - 2]);
  if (B.size() > 1)
    Out.push_back(PB.back());
  return Out;
}

std::optional<int64_t> accel::graph::windowOutputSize(int64_t In, int64_t K,
                                                      int64_t D, int64_t S,
                                                      int64_t PadBegin,
                                                      int64_t PadEnd, bool Ceil,
                                                      std::string &Why) {
  if (K < 1 || D < 1 || S < 1 || PadBegin < 0 || PadEnd < 0) {
    Why = "kernel, dilation and stride must be 1 or more and pads 0 or more";
    return std::nullopt;
  }
  int64_t Span = D * (K - 1) + 1, Padded = In + PadBegin + PadEnd;
  if (Padded < Span) {
    Why = "the window (" + std::to_string(Span) +
          ") is larger than the padded input (" + std::to_string(Padded) + ")";
    return std::nullopt;
  }
  int64_t Out = (Padded - Span + (Ceil ? S - 1 : 0)) / S + 1;
  if (Ceil && (Out - 1) * S >= In + PadBegin)
    --Out;
  return Out;
}
