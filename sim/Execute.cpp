//===-- Execute.cpp - the dispatch loop over the semantics files ----------===//
//
// Each instruction's semantics is one SEMANTICS(OPCODE, statement) entry in
// semantics/<unit>.inc, written in the vocabulary of semantics/Vocabulary.h.
// This file turns the entries into switch cases: the scalar units' inline in
// execute(), so that they inline into the dispatch loop, the vector, matrix
// and DMA units' in executeVectorMatrixDma(). SemanticsCoverage.cpp lists the
// same entries for the test that every opcode has semantics.
//
//===----------------------------------------------------------------------===//

#include "DmaCost.h"
#include "MCTargetDesc/AccelMCTargetDesc.h"
#include "MatmulKernel.h"
#include "semantics/Vocabulary.h"
#include "llvm/ADT/StringExtras.h"
#include <cstring>
#include <memory>
#include <string>

using namespace accel_sim;
using namespace accel_sim::semantics;
namespace A = llvm::Accel;

#define SEMANTICS(Opcode, ...)                                                 \
  case A::Opcode: {                                                            \
    __VA_ARGS__;                                                               \
    break;                                                                     \
  }

void Simulator::branchTo(const DecodedInst &D, const Bundle &B,
                         uint64_t Target) {
  Next = D.Target >= 0 ? D.Target : Dec.bundleAt(Target);
  if (Next < 0)
    FAIL(IllegalInstruction,
         "control transfer to " + hex(Target) +
             ", which is not the start of a bundle in the program text");
}

// Forced inline: the call itself was the largest cost per instruction.
[[gnu::always_inline]] inline void
Simulator::execute(const DecodedInst &D, const Bundle &B, const uint64_t *XR,
                   const VecReg *VR) {
  switch (D.Opcode) {
#include "semantics/control.inc"
#include "semantics/float.inc"
#include "semantics/integer.inc"
#include "semantics/memory.inc"
  default:
    executeVectorMatrixDma(D, XR, VR);
    break;
  }
}

void Simulator::executeVectorMatrixDma(const DecodedInst &D,
                                       const uint64_t *XR, const VecReg *VR) {
  switch (D.Opcode) {
#include "semantics/dma.inc"
#include "semantics/matrix.inc"
#include "semantics/stream.inc"
#include "semantics/vector.inc"
  default:
    FAIL(IllegalInstruction, "instruction has no semantics in the simulator");
    break;
  }
}

// The dispatch loop lives here, beside the semantics, so that the scalar
// cases of execute() inline into it. It runs from the pending bundle and
// leaves the next one pending. Debugged (the debugger's resume()) adds a
// check of the stop table and a step count after each bundle, and the DMA
// records of `info dma`; without it the loop is run()'s, with nothing more.
template <bool Timed, bool Traced, bool Debugged>
Simulator::StopReason Simulator::loop([[maybe_unused]] const uint8_t *StopAt,
                                      [[maybe_unused]] uint64_t MaxBundles) {
  const Bundle *Bundles = Dec.bundles().data();
  uint64_t *Count = ExecCount.data();
  int32_t Idx = Pending;
  uint64_t OldX[32];
  uint64_t Limit = Opts.MaxCycles;
  // run() starts at the first bundle; a constant here keeps its loop's
  // code as it was before resume() existed.
  uint64_t Executed = Debugged ? ExecutedBundles : 0;
  [[maybe_unused]] uint64_t Steps = 0;
  StopReason Why = StopReason::Exited;
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
    Now = Issue;
    if (B.WaitsForDma) [[unlikely]]
      waitForTransfers(B);
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
    if constexpr (Debugged)
      if (B.DynamicTiming)
        recordTransfers(B, Issue);
    if (F || Halted) [[unlikely]]
      break;
    if (Next < 0) [[unlikely]] {
      F.Kind = FaultKind::IllegalInstruction;
      F.Detail = "execution ran past the end of the program text";
      break;
    }
    Idx = Next;
    if constexpr (Debugged) {
      if (StopAt[Idx]) {
        Why = StopReason::AtStop;
        break;
      }
      if (++Steps == MaxBundles) {
        Why = StopReason::StepLimit;
        break;
      }
    }
  }
  // Not Idx: live after the loop, it would cost run()'s loop a register.
  // An exit or a fault stops at Current; a debugger's stop at Next.
  Pending = Why == StopReason::Exited ? Current : Next;
  // The clock of --fast; the cycle model's run() has no use for the count.
  if constexpr (!Timed)
    ExecutedBundles = Executed;
  return F ? StopReason::Faulted : Why;
}

template Simulator::StopReason
Simulator::loop<false, false, false>(const uint8_t *, uint64_t);
template Simulator::StopReason
Simulator::loop<false, true, false>(const uint8_t *, uint64_t);
template Simulator::StopReason
Simulator::loop<true, false, false>(const uint8_t *, uint64_t);
template Simulator::StopReason
Simulator::loop<true, true, false>(const uint8_t *, uint64_t);

Simulator::StopReason Simulator::resume(const std::vector<uint8_t> &StopAt,
                                        uint64_t MaxBundles) {
  if (F)
    return StopReason::Faulted;
  if (Halted)
    return StopReason::Exited;
  if (MaxBundles == 0)
    return StopReason::StepLimit;
  const uint8_t *Stops = StopAt.data();
  if (Opts.Trace)
    return Opts.Timed ? loop<true, true, true>(Stops, MaxBundles)
                      : loop<false, true, true>(Stops, MaxBundles);
  return Opts.Timed ? loop<true, false, true>(Stops, MaxBundles)
                    : loop<false, false, true>(Stops, MaxBundles);
}

void Simulator::recordTransfers(const Bundle &B, uint64_t Issue) {
  for (unsigned I = 0; I != B.Size; ++I) {
    const DecodedInst &D = B.Insts[I];
    if (D.Opcode != A::DMA_1D && D.Opcode != A::DMA_2D)
      continue;
    DmaTransfer &T = Transfers[D.Imm];
    T.Started = true;
    T.TwoD = D.Opcode == A::DMA_2D;
    T.Src = LastDmaSrc;
    T.Dst = LastDmaDst;
    T.Bytes = LastDmaBytes;
    T.Start = Issue;
    T.End = Opts.Timed ? ChannelFree[D.Imm] : Issue;
  }
}

/// The matrix unit's operands must lie in the scratchpad, 4-byte aligned;
/// otherwise a matrix fault "<What> <Where> <addr> is not in the scratchpad".
uint8_t *Simulator::scratchpadBlock(uint64_t Addr, uint64_t Size, bool IsWrite,
                                    const char *What, const char *Where) {
  if (Mem.isSpm(Addr))
    return Mem.block(Addr, Size, 4, IsWrite, F, FaultKind::MatrixFault, What);
  FAIL(MatrixFault, std::string(What) + " " + Where + " " + hex(Addr) +
                        " is not in the scratchpad");
  return nullptr;
}

/// Rows of RowBytes each, the rows Stride bytes apart on either side. Each
/// side's whole footprint must lie inside one memory region.
void Simulator::copyDma(unsigned Channel, uint64_t Dst, uint64_t Src,
                        uint64_t Rows, uint64_t RowBytes, uint64_t DstStride,
                        uint64_t SrcStride) {
  LastDmaSrc = Src;
  LastDmaDst = Dst;
  LastDmaReads = LastDmaWrites = {0, 0};
  if (Rows == 0 || RowBytes == 0) {
    LastDmaBytes = LastDmaCycles = 0;
    return;
  }
  uint64_t SrcSpan = (Rows - 1) * SrcStride + RowBytes;
  uint64_t DstSpan = (Rows - 1) * DstStride + RowBytes;
  uint8_t *S = Mem.block(Src, SrcSpan, 1, false, F, FaultKind::DmaFault,
                         "DMA source");
  uint8_t *T = S ? Mem.block(Dst, DstSpan, 1, true, F, FaultKind::DmaFault,
                             "DMA destination")
                 : nullptr;
  if (!T)
    return;
  // The stream engine's operations are interlocked with the transfer; an
  // earlier transfer of its channel runs before it.
  InFlightWork Transfer;
  Transfer.What = InFlightWork::Transfer;
  Transfer.Channel = Channel;
  Transfer.addRead(Footprint::rows(Src, Rows, RowBytes, SrcStride));
  Transfer.addWrite(Footprint::rows(Dst, Rows, RowBytes, DstStride));
  unsigned Others = InFlightWork::Transfer | InFlightWork::Matmul;
  if (!checkAccess(Transfer.Reads[0], false, Others, "DMA source", Channel) ||
      !checkAccess(Transfer.Writes[0], true, Others, "DMA destination",
                   Channel))
    return;
  startWork(Transfer);
  for (uint64_t R = 0; R != Rows; ++R)
    std::memmove(T + R * DstStride, S + R * SrcStride, RowBytes);
  LastDmaBytes = Rows * RowBytes;
  LastDmaCycles = dmaDataCycles({Src, SrcStride, Mem.isDram(Src)},
                                {Dst, DstStride, Mem.isDram(Dst)}, Rows,
                                RowBytes);
  LastDmaReads = {Src, Src + SrcSpan};
  LastDmaWrites = {Dst, Dst + DstSpan};
  St.DmaBytes += LastDmaBytes;
  ++St.DmaTransfers;
}
