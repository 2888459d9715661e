//===-- AccelTargetInfo.cpp - clang's view of the Accel target ------------===//

#include "AccelTargetInfo.h"
#include "MCTargetDesc/AccelMachineParams.h"
#include "TargetInfo/AccelTargetInfo.h"
#include "clang/Basic/MacroBuilder.h"
#include "llvm/ADT/Twine.h"

using namespace clang;
using namespace accel;

AccelTargetInfo::AccelTargetInfo(const llvm::Triple &Triple)
    : TargetInfo(Triple) {
  // TargetInfo derives these from the triple, which LLVM cannot parse for
  // accel (UnknownArch): it would say big-endian and thread-local storage.
  BigEndian = false;
  TLSSupported = false;
  // LP64, as the data layout says; long double is double (no quad float).
  LongWidth = LongAlign = PointerWidth = PointerAlign = 64;
  LongDoubleWidth = LongDoubleAlign = 64;
  LongDoubleFormat = &llvm::APFloat::IEEEdouble();
  SizeType = UnsignedLong;
  PtrDiffType = SignedLong;
  IntPtrType = SignedLong;
  IntMaxType = SignedLong;
  Int64Type = SignedLong;
  WCharType = SignedInt;
  WIntType = UnsignedInt;
  SuitableAlign = 128; // malloc and the stack: 16 bytes
  MaxVectorAlign = 128;
  MaxAtomicPromoteWidth = MaxAtomicInlineWidth = 64;
  resetDataLayout(llvm::getAccelDataLayout());
}

void AccelTargetInfo::getTargetDefines(const LangOptions &Opts,
                                       MacroBuilder &Builder) const {
  Builder.defineMacro("__accel__");
  Builder.defineMacro("__ACCEL__");
  Builder.defineMacro("__ELF__");
  // One core, no threads: there is no <threads.h> (C11 6.10.8.3).
  Builder.defineMacro("__STDC_NO_THREADS__");
  // Atomics up to 8 bytes are lock-free (MaxAtomicInlineWidth), and GCC's
  // macros say so to code that checks (picolibc's stdio, libstdc++-style
  // headers).
  for (int Bytes : {1, 2, 4, 8})
    Builder.defineMacro("__GCC_HAVE_SYNC_COMPARE_AND_SWAP_" + Twine(Bytes));
  // The machine, for accel.h and kernels (values from isa/AccelMachine.td).
  auto Define = [&](const char *Name, uint64_t Value) {
    Builder.defineMacro(Name, llvm::Twine(Value));
  };
  Define("__ACCEL_VECTOR_LANES__", llvm::AccelParam::VectorLanes);
  Define("__ACCEL_VECTOR_BYTES__", llvm::AccelParam::VectorLanes * 4);
  Define("__ACCEL_TILE_DIM__", llvm::AccelParam::TileDim);
  Define("__ACCEL_TILES__", llvm::AccelParam::AccTiles);
  Define("__ACCEL_MATMUL_MAX_K__", llvm::AccelParam::MatmulMaxK);
  Define("__ACCEL_DMA_CHANNELS__", llvm::AccelParam::DmaChannels);
  Define("__ACCEL_DMA_BYTES_PER_CYCLE__", llvm::AccelParam::DmaBytesPerCycle);
  Define("__ACCEL_DMA_QUEUE_DEPTH__", llvm::AccelParam::DmaQueueDepth);
  Define("__ACCEL_DRAM_BURST_BYTES__", llvm::AccelParam::DramBurstBytes);
  Define("__ACCEL_STREAM_LANES__", llvm::AccelParam::StreamLanes);
  Define("__ACCEL_SPM_BASE__", llvm::AccelParam::SpmBase);
  Define("__ACCEL_SPM_SIZE__", llvm::AccelParam::SpmSize);
  Define("__ACCEL_DRAM_BASE__", llvm::AccelParam::DramBase);
  Define("__ACCEL_DRAM_SIZE__", llvm::AccelParam::DramSize);
  // Features: every Accel has all four units.
  Builder.defineMacro("__ACCEL_FEATURE_VECTOR__");
  Builder.defineMacro("__ACCEL_FEATURE_STREAM__");
  Builder.defineMacro("__ACCEL_FEATURE_MATRIX__");
  Builder.defineMacro("__ACCEL_FEATURE_DMA__");
}

ArrayRef<const char *> AccelTargetInfo::getGCCRegNames() const {
  static const char *const Names[] = {
      "r0",  "r1",  "r2",  "r3",  "r4",  "r5",  "r6",  "r7",  "r8",  "r9",
      "r10", "r11", "r12", "r13", "r14", "r15", "r16", "r17", "r18", "r19",
      "r20", "r21", "r22", "r23", "r24", "r25", "r26", "r27", "r28", "r29",
      "r30", "r31", "v0",  "v1",  "v2",  "v3",  "v4",  "v5",  "v6",  "v7",
      "v8",  "v9",  "v10", "v11", "v12", "v13", "v14", "v15", "v16", "v17",
      "v18", "v19", "v20", "v21", "v22", "v23", "v24", "v25", "v26", "v27",
      "v28", "v29", "v30", "v31"};
  return Names;
}

/// "r" (general registers) is clang's own; "v" is a vector register.
bool AccelTargetInfo::validateAsmConstraint(const char *&Name,
                                            ConstraintInfo &Info) const {
  if (*Name != 'v')
    return false;
  Info.setAllowsRegister();
  return true;
}
