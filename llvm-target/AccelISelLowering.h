//===-- AccelISelLowering.h - Accel DAG lowering ----------------*- C++ -*-===//

#ifndef LLVM_LIB_TARGET_ACCEL_ACCELISELLOWERING_H
#define LLVM_LIB_TARGET_ACCEL_ACCELISELLOWERING_H

#include "AccelIntrinsics.h"
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
  VINS,        ///< Operand 0 with lane operand 2 (a constant) = operand 1.
  VREDSUM,     ///< Horizontal sum: f32, or i32 sign-extended to i64.
  VREDMAX,     ///< Horizontal maximum, likewise.
  EH_SJLJ_SETJMP,  ///< __builtin_setjmp: i64 0, or 1 after a longjmp.
  EH_SJLJ_LONGJMP, ///< __builtin_longjmp to a buffer's setjmp.
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

  /// Vector types other than the 16-lane registers: a power-of-two vector
  /// of f32 or i32 lanes is split down to scalars rather than widened to 16
  /// lanes, since a widened load or store would touch memory past the
  /// value's end (and there are no masked or partial vector accesses).
  /// 16-lane vectors of narrower integers are still promoted to v16i32.
  LegalizeTypeAction getPreferredVectorAction(MVT VT) const override {
    unsigned Lanes = VT.getVectorMinNumElements();
    if (VT.isFixedLengthVector() && Lanes > 1 && Lanes != 16 &&
        VT.isPow2VectorType() && VT.getScalarType() != MVT::i1)
      return TypeSplitVector;
    return TargetLowering::getPreferredVectorAction(VT);
  }

  /// A memory operand is a base register plus a signed 32-bit offset, which
  /// may be a symbol's address: reg + imm or reg + sym + imm. There is no
  /// register + register form.
  bool isLegalAddressingMode(const DataLayout &DL, const AddrMode &AM,
                             Type *Ty, unsigned AddrSpace,
                             Instruction *I = nullptr) const override {
    if (AM.ScalableOffset || !isInt<32>(AM.BaseOffs))
      return false;
    // Scale 1 without a base register is that register as the base.
    return AM.Scale == 0 || (AM.Scale == 1 && !AM.HasBaseReg);
  }

  /// There is no shuffle instruction. Saying so keeps the legalizer from
  /// turning a BUILD_VECTOR of extracted lanes into a shuffle, whose
  /// expansion is that BUILD_VECTOR again (an endless loop).
  bool isShuffleMaskLegal(ArrayRef<int> Mask, EVT VT) const override {
    return false;
  }

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

  /// fma.f32/f64 and vfma.f32 take as long as a multiply alone, so fusing
  /// (llvm.fmuladd, or contraction under -ffp-contract=fast) always wins.
  /// Other vector types (v8f64, v4f32) become these when legalized, and are
  /// fused too: a vectorized llvm.fmuladd must round as the scalar loop it
  /// came from does.
  bool isFMAFasterThanFMulAndFAdd(const MachineFunction &MF,
                                  EVT VT) const override {
    EVT Scalar = VT.getScalarType();
    return Scalar == MVT::f32 || Scalar == MVT::f64;
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

  /// Expands PseudoTileOp and PseudoSetJmp.
  MachineBasicBlock *
  EmitInstrWithCustomInserter(MachineInstr &MI,
                              MachineBasicBlock *BB) const override;

private:
  /// Builds the matrix instructions, whose tile operand is a physical
  /// accumulator register chosen by a constant, from their pseudos.
  MachineBasicBlock *emitTileOp(MachineInstr &MI, MachineBasicBlock *BB) const;
  MachineBasicBlock *emitSetJmp(MachineInstr &MI, MachineBasicBlock *BB) const;
  SDValue lowerAccelIntrinsic(const AccelIntrinsic &Info,
                              CallLoweringInfo &CLI,
                              SmallVectorImpl<SDValue> &InVals) const;
  SDValue lowerVectorReduction(SDValue Op, SelectionDAG &DAG) const;
  SDValue lowerVectorSignBit(SDValue Op, SelectionDAG &DAG) const;
  SDValue lowerBuildVector(SDValue Op, SelectionDAG &DAG) const;
  SDValue lowerSymbolAddress(SDValue Op, SelectionDAG &DAG) const;
  SDValue lowerBitcast(SDValue Op, SelectionDAG &DAG) const;
  SDValue lowerVASTART(SDValue Op, SelectionDAG &DAG) const;
  SDValue lowerFRAMEADDR(SDValue Op, SelectionDAG &DAG) const;
  SDValue lowerRETURNADDR(SDValue Op, SelectionDAG &DAG) const;
  SDValue lowerEH_DWARF_CFA(SDValue Op, SelectionDAG &DAG) const;
  SDValue lowerCallResult(SDValue Chain, SDValue InGlue,
                          CallingConv::ID CallConv, bool IsVarArg,
                          const SmallVectorImpl<ISD::InputArg> &Ins,
                          const SDLoc &DL, SelectionDAG &DAG,
                          SmallVectorImpl<SDValue> &InVals) const;
};

} // namespace llvm

#endif
