//===-- StreamEngine.cpp - the vector stream engine's operations ----------===//
//
// Each operation reads its whole block before it writes (a destination may
// be a source), evaluates as docs/isa.md section 7.13 states, and records
// its size and operands for the cycle model. The block destination (field A) and the
// sources in fields B and C have the row strides of vs.stride (row r of
// the first source at its address + 4 r StreamStrideA); per-row and
// per-column operands are packed. Rows are written in order. A NaN result
// is the canonical NaN, as everywhere else in the machine.
//
//===----------------------------------------------------------------------===//

#include "FloatOps.h"
#include "Simulator.h"
#include <cmath>
#include <cstring>
#include <vector>

using namespace accel_sim;

static float canonical(float F) { return std::isnan(F) ? NAN : F; }

/// A block's footprint: (rows - 1) strides and a row; all ones if it wraps.
static uint64_t footprint(uint64_t Rows, uint64_t Len, uint64_t Stride);

float *Simulator::streamRows(uint64_t Addr, uint64_t Rows, uint64_t Len,
                             uint64_t Stride, bool IsWrite, const char *What) {
  uint64_t Count = footprint(Rows, Len, Stride);
  // Rows and len come from 64-bit registers: refuse products that wrap.
  if (Count > llvm::AccelParam::SpmSize / 4) {
    F.Kind = FaultKind::StreamFault;
    F.Detail = std::string(What) + " of " + std::to_string(Count) +
               " elements is larger than the scratchpad";
    return nullptr;
  }
  if (!Mem.isSpm(Addr)) {
    F.Kind = FaultKind::StreamFault;
    F.Detail = std::string(What) + " at " + hex(Addr) +
               " is not in the scratchpad";
    return nullptr;
  }
  auto *Block = reinterpret_cast<float *>(Mem.block(
      Addr, Count * 4, 4, IsWrite, F, FaultKind::StreamFault, What));
  if (!Block)
    return nullptr;
  // The operand's bytes, for the DMA starts that must wait for it.
  if (LastStream.NumSpans != std::size(LastStream.Spans))
    LastStream.Spans[LastStream.NumSpans++] = {Addr, Addr + Count * 4};
  Footprint Bytes = Footprint::rows(Addr, Rows, Len * 4, Stride * 4);
  IsWrite ? StreamWork.addWrite(Bytes) : StreamWork.addRead(Bytes);
  if (!checkAccess(Bytes, IsWrite,
                   InFlightWork::Transfer | InFlightWork::Matmul, What))
    return nullptr;
  return Block;
}

/// The block's element count; all ones if rows x len wraps, which
/// streamBlock refuses.
static uint64_t blockElements(uint64_t Rows, uint64_t Len) {
  if (Rows && Len > ~uint64_t(0) / Rows)
    return ~uint64_t(0);
  return Rows * Len;
}

static uint64_t footprint(uint64_t Rows, uint64_t Len, uint64_t Stride) {
  uint64_t Span = blockElements(Rows - 1, Stride);
  return Span > ~uint64_t(0) - Len ? ~uint64_t(0) : Span + Len;
}

const float *Simulator::streamSource(uint64_t Addr, uint64_t Stride,
                                     const char *What) {
  return streamRows(Addr, StreamRows, StreamLen, Stride, false, What);
}

float *Simulator::streamDestination(uint64_t Addr, const char *What) {
  return streamRows(Addr, StreamRows, StreamLen, StreamStrideD, true, What);
}

void Simulator::storeStreamRows(float *Dst, const std::vector<float> &Out) {
  for (uint64_t R = 0; R != StreamRows; ++R)
    std::memcpy(Dst + R * StreamStrideD, Out.data() + R * StreamLen,
                StreamLen * 4);
}

uint64_t Simulator::beginStreamOperation(bool Reduces) {
  LastStreamElements = blockElements(StreamRows, StreamLen);
  LastStreamReduces = Reduces;
  LastStream.NumSpans = 0;
  StreamWork = InFlightWork();
  StreamWork.What = InFlightWork::Stream;
  return LastStreamElements;
}

void Simulator::streamBinary(StreamBinaryOp Op, uint64_t Dst, uint64_t A,
                             uint64_t B) {
  uint64_t N = beginStreamOperation(false);
  if (!N)
    return;
  const float *PA = streamSource(A, StreamStrideA, "vs operand a");
  const float *PB =
      PA ? streamSource(B, StreamStrideB, "vs operand b") : nullptr;
  float *PD = PB ? streamDestination(Dst, "vs destination") : nullptr;
  if (!PD)
    return;
  std::vector<float> Out(N);
  for (uint64_t I = 0; I != N; ++I) {
    uint64_t Row = I / StreamLen, Col = I % StreamLen;
    float X = PA[Row * StreamStrideA + Col], Y = PB[Row * StreamStrideB + Col];
    float R = 0;
    switch (Op) {
    case StreamBinaryOp::Add: R = X + Y; break;
    case StreamBinaryOp::Sub: R = X - Y; break;
    case StreamBinaryOp::Mul: R = X * Y; break;
    case StreamBinaryOp::Div: R = X / Y; break;
    case StreamBinaryOp::Max: R = maxNum(X, Y); break;
    case StreamBinaryOp::Min: R = minNum(X, Y); break;
    }
    Out[I] = canonical(R);
  }
  storeStreamRows(PD, Out);
}

void Simulator::streamFma(uint64_t Dst, uint64_t A, uint64_t G, uint64_t B) {
  uint64_t N = beginStreamOperation(false);
  if (!N)
    return;
  const float *PA = streamSource(A, StreamStrideA, "vs.fma operand a");
  const float *PG =
      PA ? streamBlock(G, StreamLen, false, "vs.fma operand g") : nullptr;
  const float *PB =
      PG ? streamBlock(B, StreamLen, false, "vs.fma operand b") : nullptr;
  float *PD = PB ? streamDestination(Dst, "vs.fma destination") : nullptr;
  if (!PD)
    return;
  std::vector<float> Out(N);
  for (uint64_t I = 0; I != N; ++I) {
    uint64_t R = I / StreamLen, C = I % StreamLen;
    Out[I] = canonical(std::fma(PA[R * StreamStrideA + C], PG[C], PB[C]));
  }
  storeStreamRows(PD, Out);
}

void Simulator::streamRowMax(uint64_t Dst, uint64_t Src) {
  uint64_t N = beginStreamOperation(true);
  if (!N)
    return;
  const float *PS = streamSource(Src, StreamStrideA, "vs.redmax source");
  float *PD =
      PS ? streamBlock(Dst, StreamRows, true, "vs.redmax destination") : nullptr;
  if (!PD)
    return;
  std::vector<float> Out(StreamRows);
  for (uint64_t R = 0; R != StreamRows; ++R) {
    const float *Row = PS + R * StreamStrideA;
    float M = Row[0];
    for (uint64_t I = 1; I != StreamLen; ++I)
      M = maxNum(M, Row[I]);
    Out[R] = canonical(M);
  }
  std::memcpy(PD, Out.data(), StreamRows * 4);
}

void Simulator::streamMoments(uint64_t Dst, uint64_t Src) {
  uint64_t N = beginStreamOperation(true);
  if (!N)
    return;
  const float *PS = streamSource(Src, StreamStrideA, "vs.moments source");
  float *PD = PS ? streamBlock(Dst, 2 * StreamRows, true,
                               "vs.moments destination")
                 : nullptr;
  if (!PD)
    return;
  std::vector<float> Out(2 * StreamRows);
  for (uint64_t R = 0; R != StreamRows; ++R) {
    const float *Row = PS + R * StreamStrideA;
    double Sum = 0, Squares = 0;
    for (uint64_t I = 0; I != StreamLen; ++I)
      Sum += Row[I];
    double Mean = Sum / double(StreamLen);
    for (uint64_t I = 0; I != StreamLen; ++I)
      Squares += (Row[I] - Mean) * (Row[I] - Mean);
    Out[R] = canonical(float(Mean));
    Out[StreamRows + R] = canonical(float(Squares / double(StreamLen)));
  }
  std::memcpy(PD, Out.data(), 2 * StreamRows * 4);
}

/// 1 / (1 + e^-t), without overflow for either sign.
static double sigmoid(double T) {
  if (T >= 0)
    return 1.0 / (1.0 + std::exp(-T));
  double E = std::exp(T);
  return E / (1.0 + E);
}

static double applyFunction(Simulator::StreamFunction Fn, double T) {
  using SF = Simulator::StreamFunction;
  // GELU's limit at -infinity is 0 (from below), where t times the
  // factor is -inf x 0.
  if ((Fn == SF::Gelu || Fn == SF::GeluTanh) && T == -INFINITY)
    return -0.0;
  switch (Fn) {
  case SF::None: return T;
  case SF::Relu: return T < 0 ? 0.0 : T; // NaN stays NaN
  case SF::Exp: return std::exp(T);
  case SF::Log: return std::log(T);
  case SF::Square: return T * T;
  case SF::Sqrt: return std::sqrt(T);
  case SF::Rsqrt: return 1.0 / std::sqrt(T);
  case SF::Rcp: return 1.0 / T;
  case SF::Sigmoid: return sigmoid(T);
  case SF::Tanh: return std::tanh(T);
  case SF::Erf: return std::erf(T);
  // t Phi(t), Phi through erfc: 1 + erf(t / sqrt 2) cancels for t << 0.
  case SF::Gelu: return 0.5 * T * std::erfc(-T / std::sqrt(2.0));
  // t sigmoid(2 sqrt(2 / pi) (t + 0.044715 t^3)), which is
  // 0.5 t (1 + tanh(sqrt(2 / pi) (t + 0.044715 t^3))).
  case SF::GeluTanh:
    return T * sigmoid(2.0 * std::sqrt(2.0 / M_PI) * (T + 0.044715 * T * T * T));
  }
  return T;
}

void Simulator::streamActivation(StreamFunction Fn, uint64_t Dst, uint64_t Src,
                                 uint64_t Params, uint64_t Sums) {
  uint64_t N = beginStreamOperation(Sums != 0);
  if (!N)
    return;
  const float *PS = streamSource(Src, StreamStrideA, "vs.act source");
  const float *PP = PS ? streamBlock(Params, 2 * StreamRows, false,
                                     "vs.act parameters")
                       : nullptr;
  if (!PP)
    return;
  float *PD = Dst ? streamDestination(Dst, "vs.act destination") : nullptr;
  float *PSum =
      Sums ? streamBlock(Sums, StreamRows, true, "vs.act sums") : nullptr;
  if ((Dst && !PD) || (Sums && !PSum))
    return;
  std::vector<float> Out(Dst ? N : 0), RowSums(StreamRows);
  for (uint64_t R = 0; R != StreamRows; ++R) {
    double Bias = PP[R], Scale = PP[StreamRows + R], Sum = 0;
    for (uint64_t I = 0; I != StreamLen; ++I) {
      float Y = canonical(
          float(applyFunction(Fn, (PS[R * StreamStrideA + I] - Bias) * Scale)));
      Sum += Y;
      if (Dst)
        Out[R * StreamLen + I] = Y;
    }
    RowSums[R] = canonical(float(Sum));
  }
  if (PD)
    storeStreamRows(PD, Out);
  if (PSum)
    std::memcpy(PSum, RowSums.data(), StreamRows * 4);
}
