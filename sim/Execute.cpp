//===-- Execute.cpp - dispatch loop and instruction semantics -------------===//
//
// One case per instruction, written against a small vocabulary: XS(i) is the
// i-th register operand's value (read from the bundle's snapshot when needed),
// SETX writes the destination general register, VS/SETV the vector ones.
// Operand positions follow the operand order of the .td definitions.
// Matrix, DMA and sys semantics are in their own functions below.
//
//===----------------------------------------------------------------------===//

#include "FloatOps.h"
#include "IntOps.h"
#include "MatmulKernel.h"
#include "MCTargetDesc/AccelMCTargetDesc.h"
#include "Simulator.h"
#include "llvm/ADT/StringExtras.h"
#include <cmath>
#include <cstring>
#include <memory>

using namespace accel_sim;
namespace A = llvm::Accel;

#define XS(I) XR[D.Reg[I]]
#define SETX(Value) X[D.Reg[0]] = (Value)
#define VS(I) VR[D.Reg[I]]
#define SETV(Value) V[D.Reg[0]] = (Value)
#define IMM D.Imm

/// Lane-wise vector operation: Expr uses lane index L.
#define VLANES(Expr)                                                           \
  do {                                                                         \
    VecReg R;                                                                  \
    for (unsigned L = 0; L != 16; ++L)                                         \
      R[L] = (Expr);                                                           \
    SETV(R);                                                                   \
  } while (0)

static uint32_t f32Bits(float F) { return uint32_t(fromF32(F)); }
static float laneF(const VecReg &Reg, unsigned L) {
  return bitCast<float>(Reg[L]);
}
static int32_t laneI(const VecReg &Reg, unsigned L) { return int32_t(Reg[L]); }

/// Pairwise tree reduction: level by level, element i = e[2i] op e[2i+1].
template <typename T, typename Op> static T reduceTree(T E[16], Op Combine) {
  for (unsigned Width = 16; Width > 1; Width /= 2)
    for (unsigned I = 0; I != Width / 2; ++I)
      E[I] = Combine(E[2 * I], E[2 * I + 1]);
  return E[0];
}

void Simulator::branchTo(const DecodedInst &D, const Bundle &B,
                         uint64_t Target) {
  Next = D.Target >= 0 ? D.Target : Dec.bundleAt(Target);
  if (Next < 0) {
    F.Kind = FaultKind::IllegalInstruction;
    F.Detail = "control transfer to " + hex(Target) +
               ", which is not the start of a bundle in the program text";
  }
}

// Forced inline: the call itself was the largest cost per instruction.
[[gnu::always_inline]] inline void
Simulator::execute(const DecodedInst &D, const Bundle &B,
                               const uint64_t *XR, const VecReg *VR) {
  uint64_t NextPc = B.Pc + 8 * B.Words;
  switch (D.Opcode) {
  // Integer, 64-bit.
  case A::ADD: SETX(XS(1) + XS(2)); break;
  case A::SUB: SETX(XS(1) - XS(2)); break;
  case A::AND: SETX(XS(1) & XS(2)); break;
  case A::OR: SETX(XS(1) | XS(2)); break;
  case A::XOR: SETX(XS(1) ^ XS(2)); break;
  case A::SHL: SETX(XS(1) << (XS(2) & 63)); break;
  case A::SRL: SETX(XS(1) >> (XS(2) & 63)); break;
  case A::SRA: SETX(uint64_t(int64_t(XS(1)) >> (XS(2) & 63))); break;
  case A::MUL: SETX(XS(1) * XS(2)); break;
  case A::DIV: SETX(uint64_t(divSigned<int64_t>(XS(1), XS(2)))); break;
  case A::DIVU: SETX(divUnsigned<uint64_t>(XS(1), XS(2))); break;
  case A::REM: SETX(uint64_t(remSigned<int64_t>(XS(1), XS(2)))); break;
  case A::REMU: SETX(remUnsigned<uint64_t>(XS(1), XS(2))); break;
  case A::SEQ: SETX(XS(1) == XS(2)); break;
  case A::SNE: SETX(XS(1) != XS(2)); break;
  case A::SLT: SETX(int64_t(XS(1)) < int64_t(XS(2))); break;
  case A::SLTU: SETX(XS(1) < XS(2)); break;
  case A::MULH: SETX(mulhSigned(XS(1), XS(2))); break;
  case A::MULHU: SETX(mulhUnsigned(XS(1), XS(2))); break;
  case A::SEL: SETX(XS(1) ? XS(2) : XS(3)); break;

  // Integer, 32-bit: low halves in, sign-extended result out.
  case A::ADD_W: SETX(sext32(XS(1) + XS(2))); break;
  case A::SUB_W: SETX(sext32(XS(1) - XS(2))); break;
  case A::AND_W: SETX(sext32(XS(1) & XS(2))); break;
  case A::OR_W: SETX(sext32(XS(1) | XS(2))); break;
  case A::XOR_W: SETX(sext32(XS(1) ^ XS(2))); break;
  case A::SHL_W: SETX(sext32(uint32_t(XS(1)) << (XS(2) & 31))); break;
  case A::SRL_W: SETX(sext32(uint32_t(XS(1)) >> (XS(2) & 31))); break;
  case A::SRA_W: SETX(sext32(uint32_t(int32_t(XS(1)) >> (XS(2) & 31)))); break;
  case A::MUL_W: SETX(sext32(XS(1) * XS(2))); break;
  case A::DIV_W: SETX(sext32(uint32_t(divSigned<int32_t>(XS(1), XS(2))))); break;
  case A::DIVU_W: SETX(sext32(divUnsigned<uint32_t>(XS(1), XS(2)))); break;
  case A::REM_W: SETX(sext32(uint32_t(remSigned<int32_t>(XS(1), XS(2))))); break;
  case A::REMU_W: SETX(sext32(remUnsigned<uint32_t>(XS(1), XS(2)))); break;
  case A::SEQ_W: SETX(uint32_t(XS(1)) == uint32_t(XS(2))); break;
  case A::SNE_W: SETX(uint32_t(XS(1)) != uint32_t(XS(2))); break;
  case A::SLT_W: SETX(int32_t(XS(1)) < int32_t(XS(2))); break;
  case A::SLTU_W: SETX(uint32_t(XS(1)) < uint32_t(XS(2))); break;

  // Register-immediate.
  case A::ADDI: SETX(XS(1) + IMM); break;
  case A::ANDI: SETX(XS(1) & IMM); break;
  case A::ORI: SETX(XS(1) | IMM); break;
  case A::XORI: SETX(XS(1) ^ IMM); break;
  case A::SHLI: SETX(XS(1) << IMM); break;
  case A::SRLI: SETX(XS(1) >> IMM); break;
  case A::SRAI: SETX(uint64_t(int64_t(XS(1)) >> IMM)); break;
  case A::SLTI: SETX(int64_t(XS(1)) < IMM); break;
  case A::SLTIU: SETX(XS(1) < uint64_t(IMM)); break;
  case A::ADDI_W: SETX(sext32(XS(1) + IMM)); break;
  case A::SHLI_W: SETX(sext32(uint32_t(XS(1)) << IMM)); break;
  case A::SRLI_W: SETX(sext32(uint32_t(XS(1)) >> IMM)); break;
  case A::SRAI_W: SETX(sext32(uint32_t(int32_t(XS(1)) >> IMM))); break;
  case A::LI: SETX(uint64_t(IMM)); break;
  case A::LIH: SETX((XS(1) & 0xffffffffu) | (uint64_t(IMM) << 32)); break;

  // Loads and stores.
#define LOAD(Type, Extend)                                                     \
  {                                                                            \
    uint64_t Addr = XS(1) + IMM;                                               \
    Type Value;                                                                \
    if (Mem.load(Addr, Value, F))                                              \
      SETX(Extend(Value));                                                     \
    LastLoadFromDram = Mem.isDram(Addr);                                       \
    break;                                                                     \
  }
  case A::LD_I8: LOAD(int8_t, int64_t)
  case A::LD_U8: LOAD(uint8_t, uint64_t)
  case A::LD_I16: LOAD(int16_t, int64_t)
  case A::LD_U16: LOAD(uint16_t, uint64_t)
  case A::LD_I32: LOAD(int32_t, int64_t)
  case A::LD_U32: LOAD(uint32_t, uint64_t)
  case A::LD_I64: LOAD(uint64_t, uint64_t)
#undef LOAD
  case A::ST_I8: Mem.store(XS(1) + IMM, uint8_t(XS(0)), F); break;
  case A::ST_I16: Mem.store(XS(1) + IMM, uint16_t(XS(0)), F); break;
  case A::ST_I32: Mem.store(XS(1) + IMM, uint32_t(XS(0)), F); break;
  case A::ST_I64: Mem.store(XS(1) + IMM, uint64_t(XS(0)), F); break;

  // Control transfer, effective after the bundle.
  case A::BEQ: if (XS(0) == XS(1)) branchTo(D, B, B.Pc + IMM); break;
  case A::BNE: if (XS(0) != XS(1)) branchTo(D, B, B.Pc + IMM); break;
  case A::BLT: if (int64_t(XS(0)) < int64_t(XS(1))) branchTo(D, B, B.Pc + IMM); break;
  case A::BGE: if (int64_t(XS(0)) >= int64_t(XS(1))) branchTo(D, B, B.Pc + IMM); break;
  case A::BLTU: if (XS(0) < XS(1)) branchTo(D, B, B.Pc + IMM); break;
  case A::BGEU: if (XS(0) >= XS(1)) branchTo(D, B, B.Pc + IMM); break;
  case A::JMP: branchTo(D, B, B.Pc + IMM); break;
  case A::CALL: X[31] = NextPc; branchTo(D, B, B.Pc + IMM); break;
  case A::JR: branchTo(D, B, XS(0)); break;
  case A::CALLR: { uint64_t T = XS(0); X[31] = NextPc; branchTo(D, B, T); break; }
  case A::RET: branchTo(D, B, XR[31]); break;
  case A::SYS: executeSys(D, XR); break;
  case A::TRAP:
    F.Kind = FaultKind::Trap;
    F.Detail = "trap instruction";
    break;
  case A::NOP: break;

  // Scalar floating point.
#define FLOAT_OPS(P, T, Get, Put)                                              \
  case A::P##_ADD: SETX(Put(Get(XS(1)) + Get(XS(2)))); break;                  \
  case A::P##_SUB: SETX(Put(Get(XS(1)) - Get(XS(2)))); break;                  \
  case A::P##_MUL: SETX(Put(Get(XS(1)) * Get(XS(2)))); break;                  \
  case A::P##_DIV: SETX(Put(Get(XS(1)) / Get(XS(2)))); break;                  \
  case A::P##_MIN: SETX(Put(minNum<T>(Get(XS(1)), Get(XS(2))))); break;        \
  case A::P##_MAX: SETX(Put(maxNum<T>(Get(XS(1)), Get(XS(2))))); break;        \
  case A::P##_SQRT: SETX(Put(std::sqrt(Get(XS(1))))); break;                   \
  case A::P##_FMA: SETX(Put(std::fma(Get(XS(1)), Get(XS(2)), Get(XS(3))))); break; \
  case A::P##_EQ: SETX(Get(XS(1)) == Get(XS(2))); break;                       \
  case A::P##_LT: SETX(Get(XS(1)) < Get(XS(2))); break;                        \
  case A::P##_LE: SETX(Get(XS(1)) <= Get(XS(2))); break;                       \
  case A::P##_UN: SETX(std::isnan(Get(XS(1))) || std::isnan(Get(XS(2)))); break;
  FLOAT_OPS(F32, float, f32, fromF32)
  FLOAT_OPS(F64, double, f64, fromF64)
#undef FLOAT_OPS
  // Sign operations touch the sign bit only.
  case A::F32_NEG: SETX(uint32_t(XS(1)) ^ 0x80000000u); break;
  case A::F32_ABS: SETX(uint32_t(XS(1)) & 0x7fffffffu); break;
  case A::F64_NEG: SETX(XS(1) ^ (uint64_t(1) << 63)); break;
  case A::F64_ABS: SETX(XS(1) & ~(uint64_t(1) << 63)); break;

  // Conversions.
  case A::CVT_F64_F32: SETX(fromF64(double(f32(XS(1))))); break;
  case A::CVT_F32_F64: SETX(fromF32(float(f64(XS(1))))); break;
  case A::CVT_I32_F32: SETX(uint64_t(int64_t(convertSaturating<int32_t>(f32(XS(1)))))); break;
  case A::CVT_U32_F32: SETX(sext32(convertSaturating<uint32_t>(f32(XS(1))))); break;
  case A::CVT_I64_F32: SETX(uint64_t(convertSaturating<int64_t>(f32(XS(1))))); break;
  case A::CVT_U64_F32: SETX(convertSaturating<uint64_t>(f32(XS(1)))); break;
  case A::CVT_I32_F64: SETX(uint64_t(int64_t(convertSaturating<int32_t>(f64(XS(1)))))); break;
  case A::CVT_U32_F64: SETX(sext32(convertSaturating<uint32_t>(f64(XS(1))))); break;
  case A::CVT_I64_F64: SETX(uint64_t(convertSaturating<int64_t>(f64(XS(1))))); break;
  case A::CVT_U64_F64: SETX(convertSaturating<uint64_t>(f64(XS(1)))); break;
  case A::CVT_F32_I32: SETX(fromF32(float(int32_t(XS(1))))); break;
  case A::CVT_F32_U32: SETX(fromF32(float(uint32_t(XS(1))))); break;
  case A::CVT_F32_I64: SETX(fromF32(float(int64_t(XS(1))))); break;
  case A::CVT_F32_U64: SETX(fromF32(float(XS(1)))); break;
  case A::CVT_F64_I32: SETX(fromF64(double(int32_t(XS(1))))); break;
  case A::CVT_F64_U32: SETX(fromF64(double(uint32_t(XS(1))))); break;
  case A::CVT_F64_I64: SETX(fromF64(double(int64_t(XS(1))))); break;
  case A::CVT_F64_U64: SETX(fromF64(double(XS(1)))); break;

  case A::MZERO:
  case A::MMAC:
  case A::MLD:
  case A::MST:
  case A::MST_RELU:
    executeMatrix(D, XR);
    break;
  case A::DMA_1D:
  case A::DMA_2D:
  case A::DMA_WAIT:
    executeDma(D, XR);
    break;

  default:
    executeVector(D, XR, VR);
    break;
  }
}

// The dispatch loop lives here, beside the semantics, so that the scalar
// cases of execute() inline into it.
template <bool Timed, bool Traced> int Simulator::loop() {
  const std::vector<Bundle> &All = Dec.bundles();
  const Bundle *Bundles = All.data();
  ExecCount.assign(All.size(), 0);
  StallCount.assign(All.size(), 0);
  uint64_t *Count = ExecCount.data();
  int32_t Idx = Dec.bundleAt(Prog.Entry);
  if (Idx < 0) {
    F.Kind = FaultKind::IllegalInstruction;
    F.Detail = "entry point " + hex(Prog.Entry) +
               " is not the start of a bundle";
    return int(F.Kind);
  }
  uint64_t OldX[32];
  uint64_t Limit = Opts.MaxCycles;
  uint64_t Executed = 0;
  for (;;) {
    const Bundle &B = Bundles[Idx];
    Current = Idx;
    if (!B.Size) [[unlikely]] {
      F.Kind = FaultKind::IllegalInstruction;
      F.Detail = "the word does not decode to an Accel instruction";
      break;
    }
    uint64_t Issue = Executed;
    if constexpr (Timed)
      Issue = issueCycle(B);
    if (Issue >= Limit) [[unlikely]] {
      F.Kind = FaultKind::MaxCycles;
      F.Detail = "--max-cycles=" + std::to_string(Limit) + " reached";
      if constexpr (Timed)
        Cycle = Limit;
      break;
    }
    Next = B.NextSeq;
    if constexpr (Traced)
      std::memcpy(OldX, X, sizeof(X));

    if (!B.ReadsEarlierWrite) [[likely]] {
      for (unsigned I = 0; I != B.Size && !F; ++I)
        execute(B.Insts[I], B, X, V);
    } else {
      // Every slot reads the registers as they were before the bundle.
      uint64_t XSnap[32];
      std::memcpy(XSnap, X, sizeof(X));
      std::unique_ptr<VecReg[]> VSnap;
      if (B.UsesVectors) {
        VSnap.reset(new VecReg[32]);
        std::copy(V, V + 32, VSnap.get());
      }
      for (unsigned I = 0; I != B.Size && !F; ++I)
        execute(B.Insts[I], B, XSnap, VSnap ? VSnap.get() : V);
    }
    X[0] = 0;
    ++Count[Idx];
    ++Executed;
    if constexpr (Timed)
      retire(B, Issue);
    if constexpr (Traced)
      trace(B, Issue, OldX);
    if (F || Halted) [[unlikely]]
      break;
    if (Next < 0) [[unlikely]] {
      F.Kind = FaultKind::IllegalInstruction;
      F.Detail = "execution ran past the end of the program text";
      break;
    }
    Idx = Next;
  }
  St.Cycles = Timed ? Cycle : Executed;
  countExecutions(ExecCount, St);
  return F ? int(F.Kind) : ExitStatus;
}

template int Simulator::loop<false, false>();
template int Simulator::loop<false, true>();
template int Simulator::loop<true, false>();
template int Simulator::loop<true, true>();

void Simulator::executeVector(const DecodedInst &D, const uint64_t *XR,
                              const VecReg *VR) {
  switch (D.Opcode) {
  // Vector memory.
  case A::VLD:
  case A::VLD_S: {
    uint64_t Base = XS(1) + (D.Opcode == A::VLD ? IMM : 0);
    uint64_t Stride = D.Opcode == A::VLD ? 4 : XS(2);
    VecReg R;
    for (unsigned L = 0; L != 16 && !F; ++L)
      Mem.load(Base + L * Stride, R[L], F);
    if (!F)
      SETV(R);
    LastLoadFromDram = Mem.isDram(Base);
    break;
  }
  case A::VST:
  case A::VST_S: {
    uint64_t Base = XS(1) + (D.Opcode == A::VST ? IMM : 0);
    uint64_t Stride = D.Opcode == A::VST ? 4 : XS(2);
    for (unsigned L = 0; L != 16 && !F; ++L)
      Mem.store(Base + L * Stride, VS(0)[L], F);
    break;
  }

  // Vector f32.
  case A::VADD_F32: VLANES(f32Bits(laneF(VS(1), L) + laneF(VS(2), L))); break;
  case A::VSUB_F32: VLANES(f32Bits(laneF(VS(1), L) - laneF(VS(2), L))); break;
  case A::VMUL_F32: VLANES(f32Bits(laneF(VS(1), L) * laneF(VS(2), L))); break;
  case A::VMIN_F32: VLANES(f32Bits(minNum(laneF(VS(1), L), laneF(VS(2), L)))); break;
  case A::VMAX_F32: VLANES(f32Bits(maxNum(laneF(VS(1), L), laneF(VS(2), L)))); break;
  case A::VFMA_F32:
    VLANES(f32Bits(std::fma(laneF(VS(1), L), laneF(VS(2), L), laneF(VS(3), L))));
    break;
  case A::VCEQ_F32: VLANES(laneF(VS(1), L) == laneF(VS(2), L) ? ~0u : 0u); break;
  case A::VCLT_F32: VLANES(laneF(VS(1), L) < laneF(VS(2), L) ? ~0u : 0u); break;
  case A::VCLE_F32: VLANES(laneF(VS(1), L) <= laneF(VS(2), L) ? ~0u : 0u); break;
  case A::VEXP_F32: VLANES(f32Bits(float(std::exp(double(laneF(VS(1), L)))))); break;
  case A::VRCP_F32: VLANES(f32Bits(1.0f / laneF(VS(1), L))); break;
  case A::VRSQRT_F32:
    VLANES(f32Bits(float(1.0 / std::sqrt(double(laneF(VS(1), L))))));
    break;

  // Vector i32.
  case A::VADD_I32: VLANES(VS(1)[L] + VS(2)[L]); break;
  case A::VSUB_I32: VLANES(VS(1)[L] - VS(2)[L]); break;
  case A::VMUL_I32: VLANES(VS(1)[L] * VS(2)[L]); break;
  case A::VMIN_I32: VLANES(uint32_t(std::min(laneI(VS(1), L), laneI(VS(2), L)))); break;
  case A::VMAX_I32: VLANES(uint32_t(std::max(laneI(VS(1), L), laneI(VS(2), L)))); break;
  case A::VCEQ_I32: VLANES(VS(1)[L] == VS(2)[L] ? ~0u : 0u); break;
  case A::VCLT_I32: VLANES(laneI(VS(1), L) < laneI(VS(2), L) ? ~0u : 0u); break;
  case A::VCLE_I32: VLANES(laneI(VS(1), L) <= laneI(VS(2), L) ? ~0u : 0u); break;
  case A::VAND: VLANES(VS(1)[L] & VS(2)[L]); break;
  case A::VOR: VLANES(VS(1)[L] | VS(2)[L]); break;
  case A::VXOR: VLANES(VS(1)[L] ^ VS(2)[L]); break;
  case A::VSHL_I32: VLANES(VS(1)[L] << (VS(2)[L] & 31)); break;
  case A::VSRL_I32: VLANES(VS(1)[L] >> (VS(2)[L] & 31)); break;
  case A::VSRA_I32: VLANES(uint32_t(laneI(VS(1), L) >> (VS(2)[L] & 31))); break;
  case A::VSEL: VLANES(VS(1)[L] ? VS(2)[L] : VS(3)[L]); break;

  // Moves, lanes, reductions, conversions.
  case A::VMOV: SETV(VS(1)); break;
  case A::VBCAST: VLANES(uint32_t(XS(1))); break;
  case A::VEXT: SETX(sext32(VS(1)[IMM])); break;
  case A::VINS: { VecReg R = VS(1); R[IMM] = uint32_t(XS(2)); SETV(R); break; }
  case A::VREDSUM_F32: {
    float E[16];
    for (unsigned L = 0; L != 16; ++L)
      E[L] = laneF(VS(1), L);
    SETX(fromF32(reduceTree(E, [](float P, float Q) { return P + Q; })));
    break;
  }
  case A::VREDMAX_F32: {
    float E[16];
    for (unsigned L = 0; L != 16; ++L)
      E[L] = laneF(VS(1), L);
    SETX(fromF32(reduceTree(E, maxNum<float>)));
    break;
  }
  case A::VREDSUM_I32: {
    uint32_t E[16];
    std::copy(VS(1).begin(), VS(1).end(), E);
    SETX(sext32(reduceTree(E, [](uint32_t P, uint32_t Q) { return P + Q; })));
    break;
  }
  case A::VREDMAX_I32: {
    int32_t E[16];
    for (unsigned L = 0; L != 16; ++L)
      E[L] = laneI(VS(1), L);
    SETX(sext32(uint32_t(reduceTree(E, [](int32_t P, int32_t Q) {
      return std::max(P, Q);
    }))));
    break;
  }
  case A::VCVT_F32_I32: VLANES(f32Bits(float(laneI(VS(1), L)))); break;
  case A::VCVT_I32_F32:
    VLANES(uint32_t(convertSaturating<int32_t>(laneF(VS(1), L))));
    break;

  default:
    F.Kind = FaultKind::IllegalInstruction;
    F.Detail = "instruction has no semantics in the simulator";
    break;
  }
}

/// The matrix unit's operands must lie in the scratchpad, 4-byte aligned;
/// otherwise a matrix fault "<What> <Where> <addr> is not in the scratchpad".
uint8_t *Simulator::scratchpadBlock(uint64_t Addr, uint64_t Size, bool IsWrite,
                                    const char *What, const char *Where) {
  if (Mem.isSpm(Addr))
    return Mem.block(Addr, Size, 4, IsWrite, F, FaultKind::MatrixFault, What);
  F.Kind = FaultKind::MatrixFault;
  F.Detail = std::string(What) + " " + Where + " " + hex(Addr) +
             " is not in the scratchpad";
  return nullptr;
}

void Simulator::executeMatrix(const DecodedInst &D, const uint64_t *XR) {
  AccTile &T = Acc[D.Reg[0]];
  const unsigned Dim = 16;
  switch (D.Opcode) {
  case A::MZERO:
    T.fill(0.0f);
    return;
  case A::MMAC: {
    // Operands: tile (defined), tile (read, tied), A, B, K.
    uint64_t K = XS(4);
    if (K < 1 || K > 4096) {
      F.Kind = FaultKind::MatrixFault;
      F.Detail = "mmac K = " + std::to_string(int64_t(K)) +
                 " is outside [1, 4096]";
      return;
    }
    const uint8_t *APtr =
        scratchpadBlock(XS(2), Dim * K * 4, false, "mmac operand A", "at");
    const uint8_t *BPtr =
        APtr ? scratchpadBlock(XS(3), K * Dim * 4, false, "mmac operand B",
                               "at")
             : nullptr;
    if (!APtr || !BPtr)
      return;
    matmulAccumulate(T.data(), APtr, BPtr, K);
    LastMatmulK = K;
    St.Macs += Dim * Dim * K;
    return;
  }
  case A::MLD:
  case A::MST:
  case A::MST_RELU: {
    bool IsStore = D.Opcode != A::MLD;
    uint8_t *P = scratchpadBlock(XS(1), sizeof(AccTile), IsStore,
                                 IsStore ? "mst" : "mld", "address");
    if (!P)
      return;
    if (D.Opcode == A::MLD) {
      std::memcpy(T.data(), P, sizeof(AccTile));
      return;
    }
    AccTile Out = T;
    if (D.Opcode == A::MST_RELU)
      for (float &E : Out)
        E = E > 0.0f ? E : 0.0f; // NaN and negatives become +0.0.
    std::memcpy(P, Out.data(), sizeof(AccTile));
    return;
  }
  }
}

void Simulator::executeDma(const DecodedInst &D, const uint64_t *XR) {
  if (D.Opcode == A::DMA_WAIT)
    return; // Functionally every transfer is complete at its start.
  uint64_t Dst = XS(0), Src = XS(1);
  uint64_t Rows = 1, RowBytes = XS(2), SrcStride = 0, DstStride = 0;
  if (D.Opcode == A::DMA_2D) {
    Rows = XS(2) >> 32;
    RowBytes = XS(2) & 0xffffffffu;
    SrcStride = XS(3) & 0xffffffffu;
    DstStride = XS(3) >> 32;
  }
  if (Rows == 0 || RowBytes == 0) {
    LastDmaBytes = 0;
    return;
  }
  // Each side's whole footprint must lie inside one region.
  uint64_t SrcSpan = (Rows - 1) * SrcStride + RowBytes;
  uint64_t DstSpan = (Rows - 1) * DstStride + RowBytes;
  uint8_t *S = Mem.block(Src, SrcSpan, 1, false, F, FaultKind::DmaFault,
                         "DMA source");
  uint8_t *T = S ? Mem.block(Dst, DstSpan, 1, true, F, FaultKind::DmaFault,
                             "DMA destination")
                 : nullptr;
  if (!S || !T)
    return;
  for (uint64_t R = 0; R != Rows; ++R)
    std::memmove(T + R * DstStride, S + R * SrcStride, RowBytes);
  LastDmaBytes = Rows * RowBytes;
  St.DmaBytes += LastDmaBytes;
  ++St.DmaTransfers;
}

void Simulator::executeSys(const DecodedInst &D, const uint64_t *XR) {
  switch (D.Imm) {
  case 0: // exit(r1): 0..127 pass through; anything else (including
          // negative values) is 127, so a failure never reads as success.
    Halted = true;
    ExitStatus = XR[1] <= 127 ? int(XR[1]) : 127;
    return;
  case 1: { // write(fd r1, buffer r2, length r3)
    uint64_t Fd = XR[1], Buf = XR[2], Len = XR[3];
    if (Fd != 1 && Fd != 2) {
      X[1] = uint64_t(-9); // -EBADF
      return;
    }
    const uint8_t *P = Len ? Mem.block(Buf, Len, 1, false, F,
                                       FaultKind::OutOfRangeAccess,
                                       "sys write buffer")
                           : nullptr;
    if (Len && !P)
      return;
    std::fwrite(P, 1, Len, Fd == 1 ? stdout : stderr);
    X[1] = Len;
    return;
  }
  case 2: // Begin the region of interest.
    RegionBegin = snapshot();
    InRegion = true;
    return;
  case 3: // End it (without a begin: nothing).
    if (InRegion)
      Region.addInterval(RegionBegin, snapshot());
    HasRegion |= InRegion;
    InRegion = false;
    return;
  default:
    F.Kind = FaultKind::IllegalInstruction;
    F.Detail = "unknown sys service " + std::to_string(D.Imm);
    return;
  }
}
