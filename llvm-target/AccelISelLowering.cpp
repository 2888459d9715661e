//===-- AccelISelLowering.cpp - Accel DAG lowering ------------------------===//
//
// Legal types: i64, f64 and f32 in the general registers, v16f32 and v16i32
// in the vector registers. Narrower integers are promoted to i64; what has
// no instruction is expanded by the legalizer or becomes a libcall.
// Calls follow docs/abi.md (AccelCallingConv.td).
//
//===----------------------------------------------------------------------===//

#include "AccelISelLowering.h"
#include "AccelFrameLowering.h"
#include "AccelMachineFunctionInfo.h"
#include "AccelSubtarget.h"
#include "MCTargetDesc/AccelMCTargetDesc.h"
#include "llvm/CodeGen/CallingConvLower.h"
#include "llvm/CodeGen/MachineFrameInfo.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/Support/ErrorHandling.h"

using namespace llvm;

#define DEBUG_TYPE "accel-lower"

#include "AccelGenCallingConv.inc"

static constexpr MVT VectorTypes[] = {MVT::v16f32, MVT::v16i32};

AccelTargetLowering::AccelTargetLowering(const TargetMachine &TM,
                                         const AccelSubtarget &STI)
    : TargetLowering(TM), Subtarget(STI) {
  addRegisterClass(MVT::i64, &Accel::GPRRegClass);
  addRegisterClass(MVT::f64, &Accel::GPRRegClass);
  addRegisterClass(MVT::f32, &Accel::GPRRegClass);
  for (MVT VT : VectorTypes)
    addRegisterClass(VT, &Accel::VRRegClass);
  computeRegisterProperties(STI.getRegisterInfo());

  setStackPointerRegisterToSaveRestore(Accel::R30);
  setBooleanContents(ZeroOrOneBooleanContent);
  setBooleanVectorContents(ZeroOrNegativeOneBooleanContent);
  setMinFunctionAlignment(Align(8));
  setPrefFunctionAlignment(Align(8));
  setMaxAtomicSizeInBitsSupported(64);
  setMinCmpXchgSizeInBits(8);

  // Integers.
  for (unsigned Op : {ISD::SDIVREM, ISD::UDIVREM, ISD::SMUL_LOHI,
                      ISD::UMUL_LOHI, ISD::ROTL, ISD::ROTR, ISD::BSWAP,
                      ISD::CTPOP, ISD::CTLZ, ISD::CTTZ, ISD::SHL_PARTS,
                      ISD::SRL_PARTS, ISD::SRA_PARTS, ISD::SELECT_CC,
                      ISD::BR_CC, ISD::BITREVERSE})
    setOperationAction(Op, MVT::i64, Expand);
  setOperationAction(ISD::SIGN_EXTEND_INREG, MVT::i1, Expand);
  // Jump tables: load the entry, jump through it.
  setOperationAction(ISD::BR_JT, MVT::Other, Expand);
  for (MVT VT : {MVT::i1, MVT::i8, MVT::i16, MVT::i32})
    setLoadExtAction({ISD::SEXTLOAD, ISD::ZEXTLOAD, ISD::EXTLOAD}, MVT::i64,
                     VT, VT == MVT::i1 ? Promote : Legal);

  // Addresses of symbols are one `li` each.
  for (unsigned Op : {ISD::GlobalAddress, ISD::ExternalSymbol,
                      ISD::BlockAddress, ISD::ConstantPool, ISD::JumpTable})
    setOperationAction(Op, MVT::i64, Custom);

  // Floating point.
  for (MVT VT : {MVT::f32, MVT::f64}) {
    for (unsigned Op :
         {ISD::FREM, ISD::FPOW, ISD::FPOWI, ISD::FSIN, ISD::FCOS, ISD::FTAN,
          ISD::FSINCOS, ISD::FEXP, ISD::FEXP2, ISD::FEXP10, ISD::FLOG,
          ISD::FLOG2, ISD::FLOG10, ISD::FCEIL, ISD::FFLOOR, ISD::FTRUNC,
          ISD::FRINT, ISD::FNEARBYINT, ISD::FROUND, ISD::FROUNDEVEN,
          ISD::LROUND, ISD::LLROUND, ISD::LRINT, ISD::LLRINT, ISD::FCOPYSIGN,
          ISD::FMINIMUM, ISD::FMAXIMUM, ISD::SELECT_CC, ISD::BR_CC,
          ISD::FP16_TO_FP, ISD::FP_TO_FP16, ISD::FLDEXP, ISD::FFREXP})
      setOperationAction(Op, VT, Expand);
    setLoadExtAction(ISD::EXTLOAD, VT, MVT::f16, Expand);
    setTruncStoreAction(VT, MVT::f16, Expand);
    setLoadExtAction(ISD::EXTLOAD, VT, MVT::bf16, Expand);
    setTruncStoreAction(VT, MVT::bf16, Expand);
  }
  setLoadExtAction(ISD::EXTLOAD, MVT::f64, MVT::f32, Expand);
  setTruncStoreAction(MVT::f64, MVT::f32, Expand);
  // f32 <-> i32 bit casts go through the 64-bit register (i32 is promoted).
  setOperationAction(ISD::BITCAST, MVT::i32, Custom);

  // Vectors: what an instruction does is legal (AccelPatterns.td), the rest
  // is expanded, usually into scalar operations.
  for (MVT VT : VectorTypes) {
    for (unsigned Op = 0; Op != ISD::BUILTIN_OP_END; ++Op)
      setOperationAction(Op, VT, Expand);
    for (unsigned Op : {ISD::LOAD, ISD::STORE, ISD::BITCAST, ISD::VSELECT,
                        ISD::SETCC})
      setOperationAction(Op, VT, Legal);
    setOperationAction(ISD::INSERT_VECTOR_ELT, VT, Custom);
    setOperationAction(ISD::EXTRACT_VECTOR_ELT, VT, Custom);
    setOperationAction(ISD::BUILD_VECTOR, VT, Custom);
    for (MVT Other : MVT::all_valuetypes()) {
      setTruncStoreAction(VT, Other, Expand);
      setLoadExtAction({ISD::SEXTLOAD, ISD::ZEXTLOAD, ISD::EXTLOAD}, VT, Other,
                       Expand);
    }
  }
  // Other reductions are LLVM's generic expansion.
  setOperationAction(ISD::VECREDUCE_FADD, MVT::v16f32, Custom);
  setOperationAction(ISD::VECREDUCE_FMAX, MVT::v16f32, Custom);
  setOperationAction(ISD::VECREDUCE_ADD, MVT::v16i32, Custom);
  // On the bits: LLVM's own expansion of a vector fneg is -0.0 - x, which
  // leaves a NaN's sign alone; fabs and copysign it would do lane by lane.
  for (unsigned Op : {ISD::FNEG, ISD::FABS, ISD::FCOPYSIGN})
    setOperationAction(Op, MVT::v16f32, Custom);
  for (unsigned Op : {ISD::VECREDUCE_SMAX, ISD::VECREDUCE_SMIN,
                      ISD::VECREDUCE_UMAX, ISD::VECREDUCE_UMIN})
    setOperationAction(Op, MVT::v16i32, Custom);
  setOperationAction(ISD::VECREDUCE_FMIN, MVT::v16f32, Custom);
  // Conversions are keyed by their integer type, the result of FP_TO_SINT
  // and the operand of SINT_TO_FP.
  for (unsigned Op : {ISD::FADD, ISD::FSUB, ISD::FMUL, ISD::FMA, ISD::FMINNUM,
                      ISD::FMAXNUM})
    setOperationAction(Op, MVT::v16f32, Legal);
  for (unsigned Op : {ISD::ADD, ISD::SUB, ISD::MUL, ISD::SMIN, ISD::SMAX,
                      ISD::AND, ISD::OR, ISD::XOR, ISD::SHL, ISD::SRL,
                      ISD::SRA, ISD::FP_TO_SINT, ISD::SINT_TO_FP})
    setOperationAction(Op, MVT::v16i32, Legal);
  for (ISD::CondCode CC : {ISD::SETO, ISD::SETUO, ISD::SETONE, ISD::SETUEQ,
                           ISD::SETUGT, ISD::SETUGE, ISD::SETULT, ISD::SETULE,
                           ISD::SETUNE, ISD::SETNE})
    setCondCodeAction(CC, MVT::v16f32, Expand);
  setCondCodeAction(ISD::SETNE, MVT::v16i32, Expand);
  // Unsigned lane compares are signed compares with the sign bits flipped
  // (LLVM's generic expansion of them is meant for floating point).
  for (ISD::CondCode CC : {ISD::SETUGT, ISD::SETUGE, ISD::SETULT, ISD::SETULE})
    setCondCodeAction(CC, MVT::v16i32, Custom);

  // Stack, variadic functions, frames.
  setOperationAction(ISD::VASTART, MVT::Other, Custom);
  for (unsigned Op : {ISD::VAARG, ISD::VACOPY, ISD::VAEND, ISD::STACKSAVE,
                      ISD::STACKRESTORE})
    setOperationAction(Op, MVT::Other, Expand);
  setOperationAction(ISD::DYNAMIC_STACKALLOC, MVT::i64, Expand);
  setOperationAction(ISD::FRAMEADDR, MVT::i64, Custom);
  setOperationAction(ISD::RETURNADDR, MVT::i64, Custom);
  // __builtin_setjmp/__builtin_longjmp. setjmp's result is an i32, which
  // is promoted: ReplaceNodeResults.
  setOperationAction(ISD::EH_SJLJ_SETJMP, MVT::i32, Custom);
  setOperationAction(ISD::EH_SJLJ_LONGJMP, MVT::Other, Custom);
  // __builtin_dwarf_cfa, keyed by its i32 offset operand (promoted).
  setOperationAction(ISD::EH_DWARF_CFA, MVT::i32, Custom);
  setOperationAction(ISD::ATOMIC_FENCE, MVT::Other, Custom);
  setOperationAction(ISD::PREFETCH, MVT::Other, Expand);
  setOperationAction(ISD::TRAP, MVT::Other, Legal);
  setOperationAction(ISD::DEBUGTRAP, MVT::Other, Legal);
  setOperationAction(ISD::GlobalTLSAddress, MVT::i64, Custom);

  // Inline memcpy/memset of modest sizes with 64-bit moves.
  MaxStoresPerMemcpy = MaxStoresPerMemmove = MaxStoresPerMemset = 16;
}

const char *AccelTargetLowering::getTargetNodeName(unsigned Opcode) const {
  switch (Opcode) {
  case AccelISD::CALL:
    return "AccelISD::CALL";
  case AccelISD::RET:
    return "AccelISD::RET";
  case AccelISD::ADDR:
    return "AccelISD::ADDR";
  case AccelISD::F32_TO_BITS:
    return "AccelISD::F32_TO_BITS";
  case AccelISD::BITS_TO_F32:
    return "AccelISD::BITS_TO_F32";
  case AccelISD::VBCAST:
    return "AccelISD::VBCAST";
  case AccelISD::VINS:
    return "AccelISD::VINS";
  case AccelISD::VREDSUM:
    return "AccelISD::VREDSUM";
  case AccelISD::VREDMAX:
    return "AccelISD::VREDMAX";
  case AccelISD::EH_SJLJ_SETJMP:
    return "AccelISD::EH_SJLJ_SETJMP";
  case AccelISD::EH_SJLJ_LONGJMP:
    return "AccelISD::EH_SJLJ_LONGJMP";
  default:
    return nullptr;
  }
}

EVT AccelTargetLowering::getSetCCResultType(const DataLayout &DL,
                                            LLVMContext &Context,
                                            EVT VT) const {
  if (VT.isVector())
    return VT.changeVectorElementTypeToInteger();
  return MVT::i64;
}

/// Reports \p Msg as an error against the current function (a diagnostic,
/// not a crash) and returns an undefined value of \p Op's type.
static SDValue unsupported(SDValue Op, SelectionDAG &DAG, const Twine &Msg) {
  const Function &F = DAG.getMachineFunction().getFunction();
  DAG.getContext()->diagnose(
      DiagnosticInfoUnsupported(F, Msg, SDLoc(Op).getDebugLoc()));
  if (Op->getNumValues() > 1)
    return DAG.getMergeValues({DAG.getUNDEF(Op.getValueType()),
                               Op.getOperand(0)},
                              SDLoc(Op));
  return DAG.getUNDEF(Op.getValueType());
}

SDValue AccelTargetLowering::LowerOperation(SDValue Op,
                                            SelectionDAG &DAG) const {
  switch (Op.getOpcode()) {
  case ISD::GlobalAddress:
  case ISD::ExternalSymbol:
  case ISD::BlockAddress:
  case ISD::ConstantPool:
  case ISD::JumpTable:
    return lowerSymbolAddress(Op, DAG);
  case ISD::BITCAST:
    return lowerBitcast(Op, DAG);
  case ISD::VASTART:
    return lowerVASTART(Op, DAG);
  case ISD::FRAMEADDR:
    return lowerFRAMEADDR(Op, DAG);
  case ISD::RETURNADDR:
    return lowerRETURNADDR(Op, DAG);
  case ISD::EH_DWARF_CFA:
    return lowerEH_DWARF_CFA(Op, DAG);
  case ISD::EH_SJLJ_LONGJMP:
    return DAG.getNode(AccelISD::EH_SJLJ_LONGJMP, SDLoc(Op), MVT::Other,
                       Op.getOperand(0), Op.getOperand(1));
  case ISD::ATOMIC_FENCE:
    return Op.getOperand(0); // One core: ordering is program order.
  case ISD::GlobalTLSAddress:
    return unsupported(Op, DAG, "thread-local storage is not supported");
  case ISD::EXTRACT_VECTOR_ELT:
    // A constant lane is one vext; a variable one goes through memory.
    return isa<ConstantSDNode>(Op.getOperand(1)) ? Op : SDValue();
  case ISD::INSERT_VECTOR_ELT:
    // Likewise: vins for a constant lane, else through memory.
    return isa<ConstantSDNode>(Op.getOperand(2)) ? Op : SDValue();
  case ISD::BUILD_VECTOR:
    return lowerBuildVector(Op, DAG);
  case ISD::SETCC: {
    // Only unsigned v16i32 compares are custom: flip the sign bits.
    SDLoc DL(Op);
    SDValue SignBit = DAG.getConstant(0x80000000u, DL, MVT::v16i32);
    SDValue A = DAG.getNode(ISD::XOR, DL, MVT::v16i32, Op.getOperand(0),
                            SignBit);
    SDValue B = DAG.getNode(ISD::XOR, DL, MVT::v16i32, Op.getOperand(1),
                            SignBit);
    ISD::CondCode CC;
    switch (cast<CondCodeSDNode>(Op.getOperand(2))->get()) {
    case ISD::SETUGT:
      CC = ISD::SETGT;
      break;
    case ISD::SETUGE:
      CC = ISD::SETGE;
      break;
    case ISD::SETULT:
      CC = ISD::SETLT;
      break;
    default:
      CC = ISD::SETLE;
      break;
    }
    return DAG.getSetCC(DL, Op.getValueType(), A, B, CC);
  }
  case ISD::VECREDUCE_FADD:
  case ISD::VECREDUCE_FMAX:
  case ISD::VECREDUCE_FMIN:
  case ISD::VECREDUCE_ADD:
  case ISD::VECREDUCE_SMAX:
  case ISD::VECREDUCE_SMIN:
  case ISD::VECREDUCE_UMAX:
  case ISD::VECREDUCE_UMIN:
    return lowerVectorReduction(Op, DAG);
  case ISD::FNEG:
  case ISD::FABS:
  case ISD::FCOPYSIGN:
    return lowerVectorSignBit(Op, DAG);
  default:
    return unsupported(Op, DAG, "cannot lower this operation for Accel");
  }
}

/// The bits to flip in each i32 lane so that the signed order of the
/// flipped values is the order \p Opcode reduces by.
static uint32_t orderFlip(unsigned Opcode) {
  switch (Opcode) {
  case ISD::VECREDUCE_SMIN:
    return 0xffffffff;
  case ISD::VECREDUCE_UMAX:
    return 0x80000000;
  case ISD::VECREDUCE_UMIN:
    return 0x7fffffff;
  default:
    return 0;
  }
}

/// Reductions through vredsum and vredmax. vredsum.f32's fixed tree is a
/// valid order for the reassociable VECREDUCE_FADD, and vredmax.f32 is
/// maxNum, as VECREDUCE_FMAX is; minNum is -maxNum of the negated lanes.
/// The i32 results come sign-extended, which fills the i64 an i32 result is
/// promoted to. The other integer orders are the signed one after flipping
/// bits of every lane and of the result: ~x reverses the signed order, the
/// sign bit turns the unsigned order into the signed one.
SDValue AccelTargetLowering::lowerVectorReduction(SDValue Op,
                                                  SelectionDAG &DAG) const {
  SDLoc DL(Op);
  EVT VT = Op.getValueType();
  SDValue Vec = Op.getOperand(0);
  EVT VecVT = Vec.getValueType();
  switch (Op.getOpcode()) {
  case ISD::VECREDUCE_FADD:
  case ISD::VECREDUCE_ADD:
    return DAG.getNode(AccelISD::VREDSUM, DL, VT, Vec);
  case ISD::VECREDUCE_FMAX:
    return DAG.getNode(AccelISD::VREDMAX, DL, VT, Vec);
  case ISD::VECREDUCE_FMIN: {
    SDValue Max = DAG.getNode(AccelISD::VREDMAX, DL, VT,
                              DAG.getNode(ISD::FNEG, DL, VecVT, Vec));
    return DAG.getNode(ISD::FNEG, DL, VT, Max);
  }
  default:
    break;
  }
  uint32_t Flip = orderFlip(Op.getOpcode());
  if (!Flip)
    return DAG.getNode(AccelISD::VREDMAX, DL, VT, Vec);
  SDValue Lanes = DAG.getNode(ISD::XOR, DL, VecVT, Vec,
                              DAG.getConstant(Flip, DL, VecVT));
  SDValue Max = DAG.getNode(AccelISD::VREDMAX, DL, VT, Lanes);
  return DAG.getNode(ISD::XOR, DL, VT, Max,
                     DAG.getConstant(SignExtend64<32>(Flip), DL, VT));
}

/// A splat is one vbcast. Other vectors of computed lanes are a vbcast of
/// the most frequent lane and a vins for each lane that differs: through
/// memory they would take 16 stores and a vld, all on the load/store unit.
/// Target nodes, not INSERT_VECTOR_ELT: the DAG combiner rebuilds a
/// BUILD_VECTOR from a chain of those, and cycles with SimplifyDemandedBits
/// on a lane extracted from it. Vectors of constants come from the constant
/// pool (LLVM's expansion).
SDValue AccelTargetLowering::lowerBuildVector(SDValue Op,
                                              SelectionDAG &DAG) const {
  auto *BV = cast<BuildVectorSDNode>(Op);
  SDLoc DL(Op);
  EVT VT = Op.getValueType();
  if (SDValue Splat = BV->getSplatValue()) {
    // vbcast reads the low 32 bits: a sign-extended constant is often one
    // li where the zero-extended one needs li + lih.
    if (auto *C = dyn_cast<ConstantSDNode>(Splat))
      Splat = DAG.getConstant(SignExtend64<32>(C->getZExtValue()), DL,
                              Splat.getValueType());
    return DAG.getNode(AccelISD::VBCAST, DL, VT, Splat);
  }
  if (BV->isConstant())
    return SDValue();
  // Broadcast the most frequent lane value: fewest vins.
  SmallDenseMap<SDValue, unsigned, 16> Count;
  SDValue Common;
  unsigned Most = 0;
  for (SDValue Lane : BV->op_values()) {
    if (Lane.isUndef())
      continue;
    unsigned N = ++Count[Lane];
    if (N > Most) {
      Most = N;
      Common = Lane;
    }
  }
  SDValue Vec = DAG.getNode(AccelISD::VBCAST, DL, VT, Common);
  for (unsigned I = 0, E = BV->getNumOperands(); I != E; ++I) {
    SDValue Lane = BV->getOperand(I);
    if (!Lane.isUndef() && Lane != Common)
      Vec = DAG.getNode(AccelISD::VINS, DL, VT, Vec, Lane,
                        DAG.getConstant(I, DL, MVT::i64));
  }
  return Vec;
}

/// fneg, fabs and copysign of f32 lanes as vxor/vand/vor of the sign bit.
SDValue AccelTargetLowering::lowerVectorSignBit(SDValue Op,
                                                SelectionDAG &DAG) const {
  SDLoc DL(Op);
  EVT VT = Op.getValueType(), IntVT = MVT::v16i32;
  SDValue X = DAG.getBitcast(IntVT, Op.getOperand(0));
  SDValue Sign = DAG.getConstant(APInt::getSignMask(32), DL, IntVT);
  SDValue Magnitude = DAG.getConstant(APInt::getSignedMaxValue(32), DL, IntVT);
  SDValue Bits;
  switch (Op.getOpcode()) {
  case ISD::FNEG:
    Bits = DAG.getNode(ISD::XOR, DL, IntVT, X, Sign);
    break;
  case ISD::FABS:
    Bits = DAG.getNode(ISD::AND, DL, IntVT, X, Magnitude);
    break;
  default: {
    if (Op.getOperand(1).getValueType() != VT)
      return SDValue(); // A sign of another type: the generic expansion.
    SDValue Y = DAG.getBitcast(IntVT, Op.getOperand(1));
    Bits = DAG.getNode(ISD::OR, DL, IntVT,
                       DAG.getNode(ISD::AND, DL, IntVT, X, Magnitude),
                       DAG.getNode(ISD::AND, DL, IntVT, Y, Sign));
    break;
  }
  }
  return DAG.getBitcast(VT, Bits);
}

void AccelTargetLowering::ReplaceNodeResults(SDNode *N,
                                             SmallVectorImpl<SDValue> &Results,
                                             SelectionDAG &DAG) const {
  SDLoc DL(N);
  switch (N->getOpcode()) {
  case ISD::BITCAST:
    if (N->getValueType(0) == MVT::i32 &&
        N->getOperand(0).getValueType() == MVT::f32) {
      SDValue Bits =
          DAG.getNode(AccelISD::F32_TO_BITS, DL, MVT::i64, N->getOperand(0));
      Results.push_back(DAG.getNode(ISD::TRUNCATE, DL, MVT::i32, Bits));
    }
    break;
  case ISD::EH_SJLJ_SETJMP: {
    MachineFunction &MF = DAG.getMachineFunction();
    // The longjmp sets r29 from the buffer: r29 must be this function's
    // frame pointer (clang's __builtin_setjmp takes the frame address
    // anyway; this covers IR that does not).
    MF.getFrameInfo().setFrameAddressIsTaken(true);
    // The longjmp comes back to memory as the calls after the setjmp left
    // it: keep spill slots and registers from being shared across it (stack
    // slot colouring and coalescing), as for a returns_twice call.
    MF.setExposesReturnsTwice(true);
    SDValue SetJmp =
        DAG.getNode(AccelISD::EH_SJLJ_SETJMP, DL,
                    DAG.getVTList(MVT::i64, MVT::Other), N->getOperand(0),
                    N->getOperand(1));
    // 0 or 1: saying so spares the zero extension of a compare with 0.
    SDValue Value = DAG.getNode(ISD::AssertZext, DL, MVT::i64, SetJmp,
                                DAG.getValueType(MVT::i1));
    Results.push_back(DAG.getNode(ISD::TRUNCATE, DL, MVT::i32, Value));
    Results.push_back(SetJmp.getValue(1));
    break;
  }
  default:
    break;
  }
}

SDValue AccelTargetLowering::lowerSymbolAddress(SDValue Op,
                                                SelectionDAG &DAG) const {
  SDLoc DL(Op);
  EVT VT = Op.getValueType();
  SDValue Target;
  if (auto *G = dyn_cast<GlobalAddressSDNode>(Op))
    Target = DAG.getTargetGlobalAddress(G->getGlobal(), DL, VT, G->getOffset());
  else if (auto *E = dyn_cast<ExternalSymbolSDNode>(Op))
    Target = DAG.getTargetExternalSymbol(E->getSymbol(), VT);
  else if (auto *B = dyn_cast<BlockAddressSDNode>(Op))
    Target = DAG.getTargetBlockAddress(B->getBlockAddress(), VT, B->getOffset());
  else if (auto *C = dyn_cast<ConstantPoolSDNode>(Op))
    Target = C->isMachineConstantPoolEntry()
                 ? DAG.getTargetConstantPool(C->getMachineCPVal(), VT,
                                             C->getAlign(), C->getOffset())
                 : DAG.getTargetConstantPool(C->getConstVal(), VT,
                                             C->getAlign(), C->getOffset());
  else
    Target = DAG.getTargetJumpTable(cast<JumpTableSDNode>(Op)->getIndex(), VT);
  return DAG.getNode(AccelISD::ADDR, DL, VT, Target);
}

SDValue AccelTargetLowering::lowerBitcast(SDValue Op, SelectionDAG &DAG) const {
  // (f32 (bitcast i32)): the i32 operand is being promoted.
  SDLoc DL(Op);
  SDValue In = Op.getOperand(0);
  if (Op.getValueType() == MVT::f32 && In.getValueType() == MVT::i32)
    return DAG.getNode(AccelISD::BITS_TO_F32, DL, MVT::f32,
                       DAG.getNode(ISD::ANY_EXTEND, DL, MVT::i64, In));
  return SDValue();
}

SDValue AccelTargetLowering::lowerVASTART(SDValue Op, SelectionDAG &DAG) const {
  MachineFunction &MF = DAG.getMachineFunction();
  auto *AFI = MF.getInfo<AccelMachineFunctionInfo>();
  SDLoc DL(Op);
  SDValue FI = DAG.getFrameIndex(AFI->getVarArgsFrameIndex(),
                                 getPointerTy(MF.getDataLayout()));
  // va_list is a pointer to the next unnamed argument on the stack.
  const Value *SV = cast<SrcValueSDNode>(Op.getOperand(2))->getValue();
  return DAG.getStore(Op.getOperand(0), DL, FI, Op.getOperand(1),
                      MachinePointerInfo(SV));
}

/// Deeper levels than clang accepts would only make a DAG of that many loads.
static constexpr uint64_t MaxFrameLevel = 0xffff;

/// r29 of the frame \p Level calls up: each frame record holds the caller's
/// r29 at CallerFrameOffset (docs/abi.md "Frame"). Marks the frame address
/// taken, which gives this function a frame pointer and its frame record.
static SDValue frameAddress(uint64_t Level, SelectionDAG &DAG,
                            const SDLoc &DL) {
  DAG.getMachineFunction().getFrameInfo().setFrameAddressIsTaken(true);
  SDValue Frame = DAG.getCopyFromReg(DAG.getEntryNode(), DL, Accel::R29,
                                     MVT::i64);
  for (uint64_t I = 0; I != Level; ++I)
    Frame = DAG.getLoad(
        MVT::i64, DL, DAG.getEntryNode(),
        DAG.getMemBasePlusOffset(
            Frame, TypeSize::getFixed(AccelFrameLowering::CallerFrameOffset),
            DL),
        MachinePointerInfo());
  return Frame;
}

SDValue AccelTargetLowering::lowerFRAMEADDR(SDValue Op,
                                            SelectionDAG &DAG) const {
  uint64_t Level = Op.getConstantOperandVal(0);
  if (Level > MaxFrameLevel)
    return unsupported(Op, DAG, "__builtin_frame_address level over 65535");
  return frameAddress(Level, DAG, SDLoc(Op));
}

SDValue AccelTargetLowering::lowerRETURNADDR(SDValue Op,
                                             SelectionDAG &DAG) const {
  uint64_t Level = Op.getConstantOperandVal(0);
  if (Level > MaxFrameLevel)
    return unsupported(Op, DAG, "__builtin_return_address level over 65535");
  MachineFunction &MF = DAG.getMachineFunction();
  MF.getFrameInfo().setReturnAddressIsTaken(true);
  SDLoc DL(Op);
  if (Level == 0) {
    // Our own return address needs no frame record: it is a value.
    Register RA = MF.getInfo<AccelMachineFunctionInfo>()->getReturnAddressReg();
    return DAG.getCopyFromReg(DAG.getEntryNode(), DL, RA, MVT::i64);
  }
  SDValue Frame = frameAddress(Level, DAG, DL);
  return DAG.getLoad(
      MVT::i64, DL, DAG.getEntryNode(),
      DAG.getMemBasePlusOffset(
          Frame, TypeSize::getFixed(AccelFrameLowering::ReturnAddressOffset),
          DL),
      MachinePointerInfo());
}

/// __builtin_dwarf_cfa(): the CFA, which is r29 (docs/abi.md "Frame"), plus
/// the operand's offset.
SDValue AccelTargetLowering::lowerEH_DWARF_CFA(SDValue Op,
                                               SelectionDAG &DAG) const {
  SDLoc DL(Op);
  SDValue Offset = DAG.getSExtOrTrunc(Op.getOperand(0), DL, MVT::i64);
  return DAG.getNode(ISD::ADD, DL, MVT::i64, frameAddress(0, DAG, DL), Offset);
}

//===----------------------------------------------------------------------===//
// Calls, arguments and returns.
//===----------------------------------------------------------------------===//

static const TargetRegisterClass *regClassFor(MVT VT) {
  return VT.isVector() ? &Accel::VRRegClass : &Accel::GPRRegClass;
}

/// Undoes a CCPromoteToType: the value was extended to the location type.
static SDValue fromLocation(SDValue V, const CCValAssign &VA,
                            SelectionDAG &DAG, const SDLoc &DL) {
  switch (VA.getLocInfo()) {
  case CCValAssign::SExt:
    V = DAG.getNode(ISD::AssertSext, DL, VA.getLocVT(), V,
                    DAG.getValueType(VA.getValVT()));
    break;
  case CCValAssign::ZExt:
    V = DAG.getNode(ISD::AssertZext, DL, VA.getLocVT(), V,
                    DAG.getValueType(VA.getValVT()));
    break;
  default:
    break;
  }
  if (VA.getValVT() != VA.getLocVT())
    V = DAG.getNode(ISD::TRUNCATE, DL, VA.getValVT(), V);
  return V;
}

static SDValue toLocation(SDValue V, const CCValAssign &VA, SelectionDAG &DAG,
                          const SDLoc &DL) {
  switch (VA.getLocInfo()) {
  case CCValAssign::SExt:
    return DAG.getNode(ISD::SIGN_EXTEND, DL, VA.getLocVT(), V);
  case CCValAssign::ZExt:
    return DAG.getNode(ISD::ZERO_EXTEND, DL, VA.getLocVT(), V);
  case CCValAssign::AExt:
    return DAG.getNode(ISD::ANY_EXTEND, DL, VA.getLocVT(), V);
  default:
    return V;
  }
}

SDValue AccelTargetLowering::LowerFormalArguments(
    SDValue Chain, CallingConv::ID CallConv, bool IsVarArg,
    const SmallVectorImpl<ISD::InputArg> &Ins, const SDLoc &DL,
    SelectionDAG &DAG, SmallVectorImpl<SDValue> &InVals) const {
  MachineFunction &MF = DAG.getMachineFunction();
  MachineFrameInfo &MFI = MF.getFrameInfo();
  MVT PtrVT = getPointerTy(MF.getDataLayout());

  // The return address is an ordinary value from here to the return.
  MF.getInfo<AccelMachineFunctionInfo>()->setReturnAddressReg(
      MF.addLiveIn(Accel::R31, &Accel::GPRRegClass));

  SmallVector<CCValAssign, 16> ArgLocs;
  CCState CCInfo(CallConv, IsVarArg, MF, ArgLocs, *DAG.getContext());
  CCInfo.AnalyzeFormalArguments(Ins, CC_Accel);

  for (unsigned I = 0, E = ArgLocs.size(); I != E; ++I) {
    const CCValAssign &VA = ArgLocs[I];
    if (VA.isRegLoc()) {
      Register VReg = MF.getRegInfo().createVirtualRegister(
          regClassFor(VA.getLocVT()));
      MF.getRegInfo().addLiveIn(VA.getLocReg(), VReg);
      SDValue V = DAG.getCopyFromReg(Chain, DL, VReg, VA.getLocVT());
      InVals.push_back(fromLocation(V, VA, DAG, DL));
      continue;
    }
    // On the stack, above the incoming stack pointer.
    int FI = MFI.CreateFixedObject(VA.getLocVT().getStoreSize(),
                                   VA.getLocMemOffset(), /*IsImmutable=*/true);
    SDValue Addr = DAG.getFrameIndex(FI, PtrVT);
    // Little endian: a promoted value's low bytes are at the slot's start.
    InVals.push_back(DAG.getLoad(VA.getValVT(), DL, Chain, Addr,
                                 MachinePointerInfo::getFixedStack(MF, FI)));
  }

  if (IsVarArg) {
    // Unnamed arguments follow the named stack arguments.
    int FI = MFI.CreateFixedObject(8, CCInfo.getStackSize(), true);
    MF.getInfo<AccelMachineFunctionInfo>()->setVarArgsFrameIndex(FI);
  }
  return Chain;
}

SDValue AccelTargetLowering::LowerCall(CallLoweringInfo &CLI,
                                       SmallVectorImpl<SDValue> &InVals) const {
  SelectionDAG &DAG = CLI.DAG;
  SDLoc DL = CLI.DL;
  SDValue Chain = CLI.Chain;
  SDValue Callee = CLI.Callee;
  MachineFunction &MF = DAG.getMachineFunction();
  MVT PtrVT = getPointerTy(MF.getDataLayout());
  CLI.IsTailCall = false;

  StringRef CalleeName;
  if (auto *G = dyn_cast<GlobalAddressSDNode>(Callee))
    CalleeName = G->getGlobal()->getName();
  else if (auto *S = dyn_cast<ExternalSymbolSDNode>(Callee))
    CalleeName = S->getSymbol();
  if (const AccelIntrinsic *Info = lookupAccelIntrinsic(CalleeName))
    return lowerAccelIntrinsic(*Info, CLI, InVals);

  SmallVector<CCValAssign, 16> ArgLocs;
  CCState CCInfo(CLI.CallConv, CLI.IsVarArg, MF, ArgLocs, *DAG.getContext());
  for (unsigned I = 0, E = CLI.Outs.size(); I != E; ++I) {
    MVT VT = CLI.Outs[I].VT;
    CCAssignFn *Fn =
        CLI.IsVarArg && !CLI.Outs[I].IsFixed ? CC_Accel_VarArg : CC_Accel;
    if (Fn(I, VT, VT, CCValAssign::Full, CLI.Outs[I].Flags, CCInfo)) {
      DAG.getContext()->diagnose(DiagnosticInfoUnsupported(
          MF.getFunction(), "call argument of an unsupported type",
          DL.getDebugLoc()));
      return DAG.getUNDEF(MVT::Other);
    }
  }
  uint64_t NumBytes = alignTo(CCInfo.getStackSize(), 16);

  // A byval aggregate is passed as a pointer to a copy in the caller's
  // frame, made before the call sequence so that the copy may itself be a
  // memcpy call. (It is also what clang's va_arg expects of an aggregate.)
  SmallVector<SDValue, 8> OutVals(CLI.OutVals.begin(), CLI.OutVals.end());
  SmallVector<SDValue, 4> ByValCopies;
  for (unsigned I = 0, E = CLI.Outs.size(); I != E; ++I) {
    ISD::ArgFlagsTy Flags = CLI.Outs[I].Flags;
    if (!Flags.isByVal())
      continue;
    Align Alignment = Flags.getNonZeroByValAlign();
    int FI = MF.getFrameInfo().CreateStackObject(Flags.getByValSize(),
                                                 Alignment, false);
    SDValue Copy = DAG.getFrameIndex(FI, PtrVT);
    ByValCopies.push_back(DAG.getMemcpy(
        Chain, DL, Copy, OutVals[I],
        DAG.getConstant(Flags.getByValSize(), DL, MVT::i64), Alignment,
        /*isVol=*/false, /*AlwaysInline=*/false, /*CI=*/nullptr, std::nullopt,
        MachinePointerInfo::getFixedStack(MF, FI), MachinePointerInfo()));
    OutVals[I] = Copy;
  }
  if (!ByValCopies.empty())
    Chain = DAG.getNode(ISD::TokenFactor, DL, MVT::Other, ByValCopies);

  Chain = DAG.getCALLSEQ_START(Chain, NumBytes, 0, DL);
  SmallVector<std::pair<unsigned, SDValue>, 8> RegsToPass;
  SmallVector<SDValue, 8> MemOpChains;
  SDValue StackPtr;
  for (unsigned I = 0, E = ArgLocs.size(); I != E; ++I) {
    const CCValAssign &VA = ArgLocs[I];
    SDValue Arg = toLocation(OutVals[I], VA, DAG, DL);
    if (VA.isRegLoc()) {
      RegsToPass.push_back({VA.getLocReg(), Arg});
      continue;
    }
    if (!StackPtr)
      StackPtr = DAG.getCopyFromReg(Chain, DL, Accel::R30, PtrVT);
    SDValue Addr = DAG.getNode(ISD::ADD, DL, PtrVT, StackPtr,
                               DAG.getIntPtrConstant(VA.getLocMemOffset(), DL));
    MemOpChains.push_back(
        DAG.getStore(Chain, DL, Arg, Addr, MachinePointerInfo()));
  }
  if (!MemOpChains.empty())
    Chain = DAG.getNode(ISD::TokenFactor, DL, MVT::Other, MemOpChains);

  SDValue Glue;
  for (auto &[Reg, Val] : RegsToPass) {
    Chain = DAG.getCopyToReg(Chain, DL, Reg, Val, Glue);
    Glue = Chain.getValue(1);
  }

  if (auto *G = dyn_cast<GlobalAddressSDNode>(Callee))
    Callee = DAG.getTargetGlobalAddress(G->getGlobal(), DL, PtrVT,
                                        G->getOffset());
  else if (auto *S = dyn_cast<ExternalSymbolSDNode>(Callee))
    Callee = DAG.getTargetExternalSymbol(S->getSymbol(), PtrVT);

  SmallVector<SDValue, 16> Ops{Chain, Callee};
  for (auto &[Reg, Val] : RegsToPass)
    Ops.push_back(DAG.getRegister(Reg, Val.getValueType()));
  const TargetRegisterInfo *TRI = Subtarget.getRegisterInfo();
  Ops.push_back(
      DAG.getRegisterMask(TRI->getCallPreservedMask(MF, CLI.CallConv)));
  if (Glue)
    Ops.push_back(Glue);

  Chain = DAG.getNode(AccelISD::CALL, DL, {MVT::Other, MVT::Glue}, Ops);
  Glue = Chain.getValue(1);
  Chain = DAG.getCALLSEQ_END(Chain, NumBytes, 0, Glue, DL);
  Glue = Chain.getValue(1);
  return lowerCallResult(Chain, Glue, CLI.CallConv, CLI.IsVarArg, CLI.Ins, DL,
                         DAG, InVals);
}

SDValue AccelTargetLowering::lowerCallResult(
    SDValue Chain, SDValue Glue, CallingConv::ID CallConv, bool IsVarArg,
    const SmallVectorImpl<ISD::InputArg> &Ins, const SDLoc &DL,
    SelectionDAG &DAG, SmallVectorImpl<SDValue> &InVals) const {
  SmallVector<CCValAssign, 4> RVLocs;
  CCState CCInfo(CallConv, IsVarArg, DAG.getMachineFunction(), RVLocs,
                 *DAG.getContext());
  CCInfo.AnalyzeCallResult(Ins, RetCC_Accel);
  for (const CCValAssign &VA : RVLocs) {
    SDValue V =
        DAG.getCopyFromReg(Chain, DL, VA.getLocReg(), VA.getLocVT(), Glue);
    Chain = V.getValue(1);
    Glue = V.getValue(2);
    InVals.push_back(fromLocation(V, VA, DAG, DL));
  }
  return Chain;
}

bool AccelTargetLowering::CanLowerReturn(
    CallingConv::ID CallConv, MachineFunction &MF, bool IsVarArg,
    const SmallVectorImpl<ISD::OutputArg> &Outs, LLVMContext &Context) const {
  // Results that do not fit r1/r2 (v1/v2) are returned through memory.
  SmallVector<CCValAssign, 4> RVLocs;
  CCState CCInfo(CallConv, IsVarArg, MF, RVLocs, Context);
  return CCInfo.CheckReturn(Outs, RetCC_Accel);
}

SDValue
AccelTargetLowering::LowerReturn(SDValue Chain, CallingConv::ID CallConv,
                                 bool IsVarArg,
                                 const SmallVectorImpl<ISD::OutputArg> &Outs,
                                 const SmallVectorImpl<SDValue> &OutVals,
                                 const SDLoc &DL, SelectionDAG &DAG) const {
  SmallVector<CCValAssign, 4> RVLocs;
  CCState CCInfo(CallConv, IsVarArg, DAG.getMachineFunction(), RVLocs,
                 *DAG.getContext());
  CCInfo.AnalyzeReturn(Outs, RetCC_Accel);

  // ret jumps to r31: put the return address back first (a read between
  // the glued result copies below would be unschedulable).
  Register RA = DAG.getMachineFunction()
                    .getInfo<AccelMachineFunctionInfo>()
                    ->getReturnAddressReg();
  SDValue Glue;
  Chain = DAG.getCopyToReg(Chain, DL, Accel::R31,
                           DAG.getCopyFromReg(Chain, DL, RA, MVT::i64), Glue);
  Glue = Chain.getValue(1);
  SmallVector<SDValue, 4> RetOps{Chain, DAG.getRegister(Accel::R31, MVT::i64)};
  for (unsigned I = 0, E = RVLocs.size(); I != E; ++I) {
    const CCValAssign &VA = RVLocs[I];
    Chain = DAG.getCopyToReg(Chain, DL, VA.getLocReg(),
                             toLocation(OutVals[I], VA, DAG, DL), Glue);
    Glue = Chain.getValue(1);
    RetOps.push_back(DAG.getRegister(VA.getLocReg(), VA.getLocVT()));
  }
  RetOps[0] = Chain;
  RetOps.push_back(Glue);
  return DAG.getNode(AccelISD::RET, DL, MVT::Other, RetOps);
}

//===----------------------------------------------------------------------===//
// Pseudos expanded after selection.
//===----------------------------------------------------------------------===//

MachineBasicBlock *
AccelTargetLowering::EmitInstrWithCustomInserter(MachineInstr &MI,
                                                 MachineBasicBlock *BB) const {
  switch (MI.getOpcode()) {
  case Accel::PseudoTileOp:
    return emitTileOp(MI, BB);
  case Accel::PseudoSetJmp:
    return emitSetJmp(MI, BB);
  default:
    llvm_unreachable("no custom inserter for this instruction");
  }
}

/// v = setjmp(buf) becomes a diamond:
///   This:    t = li Restore; st.i64 t, 8(buf); PseudoSetJmpSetup Restore
///   Main:    v0 = li 0                        (falls through to Sink)
///   Sink:    v = phi(v0, Main; v1, Restore)   (the rest of the block)
///   Restore: v1 = li 1; jmp Sink              (at the end of the function)
/// A longjmp arrives at Restore with r29 and r30 as they were at the setjmp
/// and every other register changed. The setup's edge to Restore tells the
/// register allocator so (its mask preserves nothing): every value live
/// across the setjmp is in memory, and since the callee-saved registers
/// count as clobbered, the function saves and restores them all.
MachineBasicBlock *AccelTargetLowering::emitSetJmp(MachineInstr &MI,
                                                   MachineBasicBlock *This)
    const {
  MachineFunction &MF = *This->getParent();
  const TargetInstrInfo &TII = *Subtarget.getInstrInfo();
  MachineRegisterInfo &MRI = MF.getRegInfo();
  const DebugLoc &DL = MI.getDebugLoc();
  const BasicBlock *BB = This->getBasicBlock();

  MachineBasicBlock *Main = MF.CreateMachineBasicBlock(BB);
  MachineBasicBlock *Sink = MF.CreateMachineBasicBlock(BB);
  MachineBasicBlock *Restore = MF.CreateMachineBasicBlock(BB);
  MachineFunction::iterator Next = std::next(This->getIterator());
  MF.insert(Next, Main);
  MF.insert(Next, Sink);
  MF.push_back(Restore);
  // Its address is stored: it must keep a label and never be merged away.
  Restore->setMachineBlockAddressTaken();

  Sink->splice(Sink->begin(), This, std::next(MI.getIterator()), This->end());
  Sink->transferSuccessorsAndUpdatePHIs(This);

  Register Resume = MRI.createVirtualRegister(&Accel::GPRRegClass);
  BuildMI(*This, MI, DL, TII.get(Accel::LI), Resume).addMBB(Restore);
  BuildMI(*This, MI, DL, TII.get(Accel::ST_I64))
      .addReg(Resume, RegState::Kill)
      .add(MI.getOperand(1))
      .addImm(8);
  BuildMI(*This, MI, DL, TII.get(Accel::PseudoSetJmpSetup))
      .addMBB(Restore)
      .addRegMask(Subtarget.getRegisterInfo()->getNoPreservedMask());
  This->addSuccessor(Main);
  This->addSuccessor(Restore);

  Register MainValue = MRI.createVirtualRegister(&Accel::GPRRegClass);
  BuildMI(Main, DL, TII.get(Accel::LI), MainValue).addImm(0);
  Main->addSuccessor(Sink);

  Register RestoreValue = MRI.createVirtualRegister(&Accel::GPRRegClass);
  BuildMI(Restore, DL, TII.get(Accel::LI), RestoreValue).addImm(1);
  BuildMI(Restore, DL, TII.get(Accel::JMP)).addMBB(Sink);
  Restore->addSuccessor(Sink);

  BuildMI(*Sink, Sink->begin(), DL, TII.get(TargetOpcode::PHI),
          MI.getOperand(0).getReg())
      .addReg(MainValue)
      .addMBB(Main)
      .addReg(RestoreValue)
      .addMBB(Restore);
  MI.eraseFromParent();
  return Sink;
}

//===----------------------------------------------------------------------===//
// Inline assembly.
//===----------------------------------------------------------------------===//

TargetLowering::ConstraintType
AccelTargetLowering::getConstraintType(StringRef Constraint) const {
  if (Constraint == "r" || Constraint == "v")
    return C_RegisterClass;
  return TargetLowering::getConstraintType(Constraint);
}

std::pair<unsigned, const TargetRegisterClass *>
AccelTargetLowering::getRegForInlineAsmConstraint(const TargetRegisterInfo *TRI,
                                                  StringRef Constraint,
                                                  MVT VT) const {
  if (Constraint == "r")
    return {0U, &Accel::GPRRegClass};
  if (Constraint == "v")
    return {0U, &Accel::VRRegClass};
  return TargetLowering::getRegForInlineAsmConstraint(TRI, Constraint, VT);
}
