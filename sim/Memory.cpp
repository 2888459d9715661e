//===-- Memory.cpp - the Accel address space ------------------------------===//

#include "Memory.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>
#include <new>

using namespace accel_sim;

Memory::Memory()
    : Dram(static_cast<uint8_t *>(std::calloc(DramSize, 1))),
      Spm(static_cast<uint8_t *>(std::calloc(SpmSize, 1))) {
  if (!Dram || !Spm)
    throw std::bad_alloc();
}

std::string accel_sim::hex(uint64_t Value) {
  std::string S;
  llvm::raw_string_ostream(S) << llvm::format("0x%" PRIx64, Value);
  return S;
}

uint8_t *Memory::fail(Fault &F, FaultKind K, uint64_t Addr, unsigned Size,
                      bool IsWrite) {
  F.Kind = K;
  F.Detail = std::string(IsWrite ? "write" : "read") + " of " +
             std::to_string(Size) + " bytes at " + hex(Addr);
  return nullptr;
}

uint8_t *Memory::block(uint64_t Addr, uint64_t Size, unsigned Align,
                       bool IsWrite, Fault &F, FaultKind Kind,
                       const char *What) {
  uint8_t *P = nullptr;
  if (Addr % Align == 0)
    P = hostRange(Addr, Size);
  bool InGuard = P && Addr < GuardStart + GuardSize &&
                 Addr + Size > GuardStart;
  bool InText = P && IsWrite && Addr < TextStart + TextSize &&
                Addr + Size > TextStart;
  if (P && !InGuard && !InText)
    return P;
  F.Kind = InGuard ? FaultKind::StackOverflow
           : InText ? FaultKind::TextWrite
                    : Kind;
  F.Detail = std::string(What) + " " + (IsWrite ? "writes " : "reads ") +
             std::to_string(Size) + " bytes at " + hex(Addr) +
             (Addr % Align ? " (misaligned)"
              : P          ? ""
                           : " (outside DRAM and SPM, or across them)");
  return nullptr;
}
