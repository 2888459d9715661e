//===-- Memory.h - the Accel address space ----------------------*- C++ -*-===//
//
// DRAM and the SPM scratchpad as host arrays at the addresses of
// isa/AccelMachine.td. Every access is checked: range, natural alignment,
// writes into program text, and the stack guard below the stack.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_SIM_MEMORY_H
#define ACCEL_SIM_MEMORY_H

#include "Fault.h"
#include "MCTargetDesc/AccelMachineParams.h"
#include <cstdint>
#include <cstring>
#include <memory>

namespace accel_sim {

class Memory {
public:
  static constexpr uint64_t DramBase = llvm::AccelParam::DramBase;
  static constexpr uint64_t DramSize = llvm::AccelParam::DramSize;
  static constexpr uint64_t SpmBase = llvm::AccelParam::SpmBase;
  static constexpr uint64_t SpmSize = llvm::AccelParam::SpmSize;

  Memory();

  /// Host pointer for [Addr, Addr + Size) if it lies inside one region.
  uint8_t *hostRange(uint64_t Addr, uint64_t Size) {
    if (Addr - DramBase < DramSize && Size <= DramBase + DramSize - Addr)
      return Dram.get() + (Addr - DramBase);
    if (Addr - SpmBase < SpmSize && Size <= SpmBase + SpmSize - Addr)
      return Spm.get() + (Addr - SpmBase);
    return nullptr;
  }
  bool isDram(uint64_t Addr) const { return Addr - DramBase < DramSize; }
  bool isSpm(uint64_t Addr) const { return Addr - SpmBase < SpmSize; }

  void setText(uint64_t Start, uint64_t Size) {
    TextStart = Start;
    TextSize = Size;
  }
  void setStackGuard(uint64_t Start, uint64_t Size) {
    GuardStart = Start;
    GuardSize = Size;
  }

  /// Checks a data access of \p Size bytes; returns the host pointer or
  /// sets \p F.
  uint8_t *access(uint64_t Addr, unsigned Size, bool IsWrite, Fault &F) {
    if (Addr & (Size - 1)) [[unlikely]]
      return fail(F, FaultKind::MisalignedAccess, Addr, Size, IsWrite);
    uint8_t *P = hostRange(Addr, Size);
    if (!P) [[unlikely]]
      return fail(F, FaultKind::OutOfRangeAccess, Addr, Size, IsWrite);
    if (Addr - GuardStart < GuardSize) [[unlikely]]
      return fail(F, FaultKind::StackOverflow, Addr, Size, IsWrite);
    if (IsWrite && Addr + Size > TextStart && Addr < TextStart + TextSize)
        [[unlikely]]
      return fail(F, FaultKind::TextWrite, Addr, Size, IsWrite);
    return P;
  }

  template <typename T> bool load(uint64_t Addr, T &Value, Fault &F) {
    uint8_t *P = access(Addr, sizeof(T), false, F);
    if (!P)
      return false;
    std::memcpy(&Value, P, sizeof(T));
    return true;
  }
  template <typename T> bool store(uint64_t Addr, T Value, Fault &F) {
    uint8_t *P = access(Addr, sizeof(T), true, F);
    if (!P)
      return false;
    std::memcpy(P, &Value, sizeof(T));
    return true;
  }

  /// Checks a block access (vector, matrix, DMA, sys write) of \p Size bytes
  /// aligned to \p Align; names \p What in the fault.
  uint8_t *block(uint64_t Addr, uint64_t Size, unsigned Align, bool IsWrite,
                 Fault &F, FaultKind Kind, const char *What);

private:
  uint8_t *fail(Fault &F, FaultKind K, uint64_t Addr, unsigned Size,
                bool IsWrite);

  struct FreeDeleter {
    void operator()(uint8_t *P) const { std::free(P); }
  };
  // calloc: the 256 MiB of DRAM is zero pages until touched.
  std::unique_ptr<uint8_t, FreeDeleter> Dram, Spm;
  uint64_t TextStart = 0, TextSize = 0;
  uint64_t GuardStart = 0, GuardSize = 0;
};

} // namespace accel_sim

#endif
