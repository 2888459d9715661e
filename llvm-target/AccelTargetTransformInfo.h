//===-- AccelTargetTransformInfo.h - Accel cost model -----------*- C++ -*-===//
//
// What the IR optimizers (loop and SLP vectorizers, unrollers) may assume
// about Accel: 64-bit scalars, 16-lane 512-bit vectors of f32 or i32, and
// loads from DRAM that are slow enough to be worth many in flight at once.
// Costs of individual operations come from BasicTTIImpl, which reads the
// legality tables of AccelTargetLowering, so an operation the vector unit
// lacks is costed as the scalar code it becomes.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_ACCEL_ACCELTARGETTRANSFORMINFO_H
#define LLVM_LIB_TARGET_ACCEL_ACCELTARGETTRANSFORMINFO_H

#include "AccelTargetMachine.h"
#include "llvm/CodeGen/BasicTTIImpl.h"

namespace llvm {

class AccelTTIImpl : public BasicTTIImplBase<AccelTTIImpl> {
  using BaseT = BasicTTIImplBase<AccelTTIImpl>;
  friend BaseT;

  const AccelSubtarget *ST;
  const AccelTargetLowering *TLI;

  const AccelSubtarget *getST() const { return ST; }
  const AccelTargetLowering *getTLI() const { return TLI; }

public:
  AccelTTIImpl(const AccelTargetMachine *TM, const Function &F)
      : BaseT(TM, F.getDataLayout()), ST(TM->getSubtargetImpl(F)),
        TLI(ST->getTargetLowering()) {}

  unsigned getNumberOfRegisters(unsigned ClassID) const;
  TypeSize getRegisterBitWidth(TargetTransformInfo::RegisterKind K) const;
  unsigned getMinVectorRegisterBitWidth() const;
  unsigned getMaxInterleaveFactor(ElementCount VF) const;
  bool shouldExpandReduction(const IntrinsicInst *II) const;
  void getUnrollingPreferences(Loop *L, ScalarEvolution &SE,
                               TargetTransformInfo::UnrollingPreferences &UP,
                               OptimizationRemarkEmitter *ORE);
};

} // namespace llvm

#endif
