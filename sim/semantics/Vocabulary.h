//===-- Vocabulary.h - the words of the semantics files ---------*- C++ -*-===//
//
// The semantics files (*.inc beside this header) say what each instruction
// does as one SEMANTICS(OPCODE, statement) entry, written against this small
// vocabulary so that an entry reads like the manual's Semantics column:
//
//   XS(rs1)      the general register named by operand rs1 (as the bundle
//                read it: every slot sees the registers from before it)
//   VS(rs1)      the same for a vector register
//   SETX(v)      rd = v (general register)      SETV(v)  rd = v (vector)
//   TILE         the accumulator tile named by operand ra
//   IMM          the immediate operand (imm)
//   VLANES(e)    rd = the vector whose lane L is e (e uses L)
//   FAIL(K, s)   stop with fault kind FaultKind::K and detail s
//
// An entry is one statement; a block may `break` to end the instruction
// early (a fault). Operand names are those of the .td definitions (rd, rs1,
// ...; ra..rd for the X format), looked up in TableGen's named-operand table
// when the program is decoded, never by position. Only Execute.cpp and
// SemanticsCoverage.cpp include the .inc files.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_SIM_SEMANTICS_VOCABULARY_H
#define ACCEL_SIM_SEMANTICS_VOCABULARY_H

#include "FloatOps.h"
#include "HalfFloat.h"
#include "IntOps.h"
#include "MCTargetDesc/AccelMachineParams.h"
#include "Simulator.h"
#include <algorithm>
#include <cmath>

namespace accel_sim {
namespace semantics {

constexpr unsigned Lanes = llvm::AccelParam::VectorLanes;
constexpr unsigned TileDim = llvm::AccelParam::TileDim;

inline uint32_t f32Bits(float F) { return uint32_t(fromF32(F)); }
inline float laneF(const VecReg &Reg, unsigned L) {
  return bitCast<float>(Reg[L]);
}
inline int32_t laneI(const VecReg &Reg, unsigned L) { return int32_t(Reg[L]); }
inline uint32_t laneU(const VecReg &Reg, unsigned L) { return Reg[L]; }

/// Pairwise tree reduction of a vector's lanes (the order isa.md states):
/// level by level, element i = e[2i] op e[2i+1].
template <typename T, typename Op>
T reduceTree(const VecReg &Reg, T (*Lane)(const VecReg &, unsigned),
             Op Combine) {
  T E[Lanes];
  for (unsigned L = 0; L != Lanes; ++L)
    E[L] = Lane(Reg, L);
  for (unsigned Width = Lanes; Width > 1; Width /= 2)
    for (unsigned I = 0; I != Width / 2; ++I)
      E[I] = Combine(E[2 * I], E[2 * I + 1]);
  return E[0];
}

} // namespace semantics
} // namespace accel_sim

#define OPERAND(Name) D.Reg[llvm::Accel::OpName::Name]
#define XS(Name) XR[OPERAND(Name)]
#define VS(Name) VR[OPERAND(Name)]
#define SETX(Value) X[OPERAND(rd)] = (Value)
#define SETV(Value) V[OPERAND(rd)] = (Value)
#define TILE Acc[OPERAND(ra)]
#define IMM D.Imm
#define FAIL(FaultName, Why)                                                   \
  do {                                                                         \
    F.Kind = FaultKind::FaultName;                                             \
    F.Detail = (Why);                                                          \
  } while (0)

#define VLANES(Expr)                                                           \
  do {                                                                         \
    VecReg R;                                                                  \
    for (unsigned L = 0; L != semantics::Lanes; ++L)                           \
      R[L] = (Expr);                                                           \
    SETV(R);                                                                   \
  } while (0)

#endif
