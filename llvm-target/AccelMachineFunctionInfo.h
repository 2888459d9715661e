//===-- AccelMachineFunctionInfo.h - per-function state ---------*- C++ -*-===//

#ifndef LLVM_LIB_TARGET_ACCEL_ACCELMACHINEFUNCTIONINFO_H
#define LLVM_LIB_TARGET_ACCEL_ACCELMACHINEFUNCTIONINFO_H

#include "llvm/CodeGen/MachineFunction.h"

namespace llvm {

class AccelMachineFunctionInfo : public MachineFunctionInfo {
  /// The fixed stack object where a variadic function's unnamed arguments
  /// begin (va_start's value).
  int VarArgsFrameIndex = 0;
  /// The virtual register holding the incoming return address (r31).
  Register ReturnAddressReg;

public:
  AccelMachineFunctionInfo(const Function &F, const TargetSubtargetInfo *STI) {}

  MachineFunctionInfo *
  clone(BumpPtrAllocator &Allocator, MachineFunction &DestMF,
        const DenseMap<MachineBasicBlock *, MachineBasicBlock *> &Src2DstMBB)
      const override {
    return DestMF.cloneInfo<AccelMachineFunctionInfo>(*this);
  }

  int getVarArgsFrameIndex() const { return VarArgsFrameIndex; }
  void setVarArgsFrameIndex(int FI) { VarArgsFrameIndex = FI; }
  Register getReturnAddressReg() const { return ReturnAddressReg; }
  void setReturnAddressReg(Register R) { ReturnAddressReg = R; }
};

} // namespace llvm

#endif
