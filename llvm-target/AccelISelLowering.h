//===-- AccelISelLowering.h - Accel DAG lowering ----------------*- C++ -*-===//

#ifndef LLVM_LIB_TARGET_ACCEL_ACCELISELLOWERING_H
#define LLVM_LIB_TARGET_ACCEL_ACCELISELLOWERING_H

#include "llvm/CodeGen/SelectionDAG.h"
#include "llvm/CodeGen/TargetLowering.h"

namespace llvm {
class AccelSubtarget;

namespace AccelISD {
enum NodeType : unsigned {
  FIRST_NUMBER = ISD::BUILTIN_OP_END,
  CALL,        ///< Call; operands: chain, callee, argument registers, glue.
  RET,         ///< Return; operands: chain, result registers, glue.
  ADDR,        ///< Absolute address of a symbol.
  F32_TO_BITS, ///< f32 -> its bits, zero-extended to i64.
  BITS_TO_F32, ///< Low 32 bits of an i64 -> f32.
  VBCAST,      ///< Every lane = the scalar operand.
};
} // namespace AccelISD

class AccelTargetLowering : public TargetLowering {
  const AccelSubtarget &Subtarget;

public:
  AccelTargetLowering(const TargetMachine &TM, const AccelSubtarget &STI);

  const char *getTargetNodeName(unsigned Opcode) const override;
  EVT getSetCCResultType(const DataLayout &DL, LLVMContext &Context,
                         EVT VT) const override;
  SDValue LowerOperation(SDValue Op, SelectionDAG &DAG) const override;
  void ReplaceNodeResults(SDNode *N, SmallVectorImpl<SDValue> &Results,
                          SelectionDAG &DAG) const override;

  SDValue LowerFormalArguments(SDValue Chain, CallingConv::ID CallConv,
                               bool IsVarArg,
                               const SmallVectorImpl<ISD::InputArg> &Ins,
                               const SDLoc &DL, SelectionDAG &DAG,
                               SmallVectorImpl<SDValue> &InVals) const override;
  SDValue LowerCall(CallLoweringInfo &CLI,
                    SmallVectorImpl<SDValue> &InVals) const override;
  bool CanLowerReturn(CallingConv::ID CallConv, MachineFunction &MF,
                      bool IsVarArg,
                      const SmallVectorImpl<ISD::OutputArg> &Outs,
                      LLVMContext &Context) const override;
  SDValue LowerReturn(SDValue Chain, CallingConv::ID CallConv, bool IsVarArg,
                      const SmallVectorImpl<ISD::OutputArg> &Outs,
                      const SmallVectorImpl<SDValue> &OutVals, const SDLoc &DL,
                      SelectionDAG &DAG) const override;

  /// vld/vst need only 4-byte alignment; scalars must be naturally aligned.
  bool allowsMisalignedMemoryAccesses(EVT VT, unsigned AddrSpace,
                                      Align Alignment,
                                      MachineMemOperand::Flags Flags,
                                      unsigned *Fast) const override {
    bool Ok = VT.isVector() && Alignment >= Align(4);
    if (Ok && Fast)
      *Fast = 1;
    return Ok;
  }

  /// Any f32 or f64 constant is at most li + lih: no constant pool.
  bool isFPImmLegal(const APFloat &Imm, EVT VT,
                    bool ForCodeSize) const override {
    return VT == MVT::f32 || VT == MVT::f64;
  }

  // Single core, not preemptible: atomics are plain memory operations.
  AtomicExpansionKind shouldExpandAtomicRMWInIR(AtomicRMWInst *) const override {
    return AtomicExpansionKind::NotAtomic;
  }
  AtomicExpansionKind
  shouldExpandAtomicCmpXchgInIR(AtomicCmpXchgInst *) const override {
    return AtomicExpansionKind::NotAtomic;
  }
  AtomicExpansionKind shouldExpandAtomicLoadInIR(LoadInst *) const override {
    return AtomicExpansionKind::NotAtomic;
  }
  AtomicExpansionKind shouldExpandAtomicStoreInIR(StoreInst *) const override {
    return AtomicExpansionKind::NotAtomic;
  }

  // Inline assembly: "r" general registers, "v" vector registers.
  ConstraintType getConstraintType(StringRef Constraint) const override;
  std::pair<unsigned, const TargetRegisterClass *>
  getRegForInlineAsmConstraint(const TargetRegisterInfo *TRI,
                               StringRef Constraint, MVT VT) const override;

private:
  SDValue lowerSymbolAddress(SDValue Op, SelectionDAG &DAG) const;
  SDValue lowerBitcast(SDValue Op, SelectionDAG &DAG) const;
  SDValue lowerVASTART(SDValue Op, SelectionDAG &DAG) const;
  SDValue lowerFRAMEADDR(SDValue Op, SelectionDAG &DAG) const;
  SDValue lowerRETURNADDR(SDValue Op, SelectionDAG &DAG) const;
  SDValue lowerCallResult(SDValue Chain, SDValue InGlue,
                          CallingConv::ID CallConv, bool IsVarArg,
                          const SmallVectorImpl<ISD::InputArg> &Ins,
                          const SDLoc &DL, SelectionDAG &DAG,
                          SmallVectorImpl<SDValue> &InVals) const;
};

} // namespace llvm

#endif
