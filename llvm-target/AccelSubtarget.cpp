//===-- AccelSubtarget.cpp - Accel subtarget ------------------------------===//

#include "AccelSubtarget.h"
#include "AccelTargetMachine.h"

using namespace llvm;

#define DEBUG_TYPE "accel-subtarget"

#define GET_SUBTARGETINFO_TARGET_DESC
#define GET_SUBTARGETINFO_CTOR
#include "AccelGenSubtargetInfo.inc"

AccelSubtarget::AccelSubtarget(const Triple &TT, StringRef CPU, StringRef FS,
                               const AccelTargetMachine &TM)
    : AccelGenSubtargetInfo(TT, CPU.empty() ? "generic" : CPU,
                            CPU.empty() ? "generic" : CPU, FS),
      TLInfo(TM, *this),
      InstrItins(getInstrItineraryForCPU(CPU.empty() ? "generic" : CPU)) {
  ParseSubtargetFeatures(CPU.empty() ? "generic" : CPU,
                         CPU.empty() ? "generic" : CPU, FS);
}
