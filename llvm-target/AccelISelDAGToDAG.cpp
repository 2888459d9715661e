//===-- AccelISelDAGToDAG.cpp - Accel instruction selector ----------------===//
//
// The generated matcher does almost everything; this file adds frame
// indices, the base+offset address form and vector constants.
//
//===----------------------------------------------------------------------===//

#include "Accel.h"
#include "AccelISelLowering.h"
#include "AccelTargetMachine.h"
#include "MCTargetDesc/AccelMCTargetDesc.h"
#include "llvm/CodeGen/SelectionDAGISel.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

#define DEBUG_TYPE "accel-isel"
#define PASS_NAME "Accel DAG->DAG Pattern Instruction Selection"

namespace {
class AccelDAGToDAGISel : public SelectionDAGISel {
public:
  AccelDAGToDAGISel(AccelTargetMachine &TM, CodeGenOptLevel OL)
      : SelectionDAGISel(TM, OL) {}

  void Select(SDNode *N) override;

  /// Address = base register + signed 32-bit offset; a frame index is a
  /// base that frame lowering rewrites.
  bool selectAddrRegImm(SDValue Addr, SDValue &Base, SDValue &Offset);

  /// Every memory constraint ("m", "o", ...) is a base register and an
  /// offset, printed as off(reg) by the asm printer.
  bool SelectInlineAsmMemoryOperand(const SDValue &Op,
                                    InlineAsm::ConstraintCode ConstraintID,
                                    std::vector<SDValue> &OutOps) override {
    SDValue Base, Offset;
    selectAddrRegImm(Op, Base, Offset);
    OutOps.push_back(Base);
    OutOps.push_back(Offset);
    return false;
  }

#include "AccelGenDAGISel.inc"
};

class AccelDAGToDAGISelLegacy : public SelectionDAGISelLegacy {
public:
  static char ID;
  AccelDAGToDAGISelLegacy(AccelTargetMachine &TM, CodeGenOptLevel OL)
      : SelectionDAGISelLegacy(
            ID, std::make_unique<AccelDAGToDAGISel>(TM, OL)) {}
};
} // namespace

char AccelDAGToDAGISelLegacy::ID = 0;
INITIALIZE_PASS(AccelDAGToDAGISelLegacy, DEBUG_TYPE, PASS_NAME, false, false)

void AccelDAGToDAGISel::Select(SDNode *N) {
  if (N->isMachineOpcode()) {
    N->setNodeId(-1);
    return;
  }
  SDLoc DL(N);
  // Zero, and +0.0 (all bits clear), is r0: no `li`, and stores and
  // compares of zero read r0 directly.
  bool IsZero = false;
  if (N->getOpcode() == ISD::Constant)
    IsZero = cast<ConstantSDNode>(N)->isZero();
  else if (N->getOpcode() == ISD::ConstantFP)
    IsZero = cast<ConstantFPSDNode>(N)->getValueAPF().isPosZero();
  if (IsZero) {
    ReplaceNode(N, CurDAG->getCopyFromReg(CurDAG->getEntryNode(), DL,
                                          Accel::R0, N->getValueType(0))
                       .getNode());
    return;
  }
  if (N->getOpcode() == ISD::FrameIndex) {
    // The address of a stack object: addi fi, 0.
    int FI = cast<FrameIndexSDNode>(N)->getIndex();
    SDValue TFI = CurDAG->getTargetFrameIndex(FI, MVT::i64);
    ReplaceNode(N, CurDAG->getMachineNode(Accel::ADDI, DL, MVT::i64, TFI,
                                          CurDAG->getTargetConstant(0, DL,
                                                                    MVT::i64)));
    return;
  }
  SelectCode(N);
}

/// The symbol whose address \p V is, if a memory operand's offset can hold
/// it: a global or constant pool entry (absolute addresses fit the signed
/// 32-bit offset, as they fit `li`).
static SDValue getOffsetSymbol(SDValue V) {
  if (V.getOpcode() != AccelISD::ADDR)
    return SDValue();
  SDValue Sym = V.getOperand(0);
  if (isa<GlobalAddressSDNode>(Sym) || isa<ConstantPoolSDNode>(Sym))
    return Sym;
  return SDValue();
}

/// \p Sym + \p C as one relocatable offset.
static SDValue addToSymbol(SelectionDAG &DAG, SDValue Sym, int64_t C) {
  if (C == 0)
    return Sym;
  SDLoc DL(Sym);
  if (auto *G = dyn_cast<GlobalAddressSDNode>(Sym))
    return DAG.getTargetGlobalAddress(G->getGlobal(), DL, MVT::i64,
                                      G->getOffset() + C, G->getTargetFlags());
  auto *CP = cast<ConstantPoolSDNode>(Sym);
  return CP->isMachineConstantPoolEntry()
             ? DAG.getTargetConstantPool(CP->getMachineCPVal(), MVT::i64,
                                         CP->getAlign(), CP->getOffset() + C)
             : DAG.getTargetConstantPool(CP->getConstVal(), MVT::i64,
                                         CP->getAlign(), CP->getOffset() + C);
}

bool AccelDAGToDAGISel::selectAddrRegImm(SDValue Addr, SDValue &Base,
                                         SDValue &Offset) {
  SDLoc DL(Addr);
  int64_t C = 0;
  if (CurDAG->isBaseWithConstantOffset(Addr)) {
    int64_t V = cast<ConstantSDNode>(Addr.getOperand(1))->getSExtValue();
    if (isInt<32>(V)) {
      C = V;
      Addr = Addr.getOperand(0);
    }
  }
  // A symbol's address goes into the offset: ld r1, sym+C(r0), or
  // ld r1, sym+C(r2) for r2 + sym. (A frame index stays the base: frame
  // lowering rewrites it with an immediate offset.)
  if (SDValue Sym = getOffsetSymbol(Addr)) {
    Base = CurDAG->getRegister(Accel::R0, MVT::i64);
    Offset = addToSymbol(*CurDAG, Sym, C);
    return true;
  }
  if (Addr.getOpcode() == ISD::ADD) {
    for (unsigned I = 0; I != 2; ++I) {
      SDValue Sym = getOffsetSymbol(Addr.getOperand(I));
      SDValue Other = Addr.getOperand(1 - I);
      if (Sym && !isa<FrameIndexSDNode>(Other)) {
        Base = Other;
        Offset = addToSymbol(*CurDAG, Sym, C);
        return true;
      }
    }
  }
  if (auto *FI = dyn_cast<FrameIndexSDNode>(Addr))
    Base = CurDAG->getTargetFrameIndex(FI->getIndex(), MVT::i64);
  else
    Base = Addr;
  Offset = CurDAG->getTargetConstant(C, DL, MVT::i64);
  return true;
}

FunctionPass *llvm::createAccelISelDag(AccelTargetMachine &TM,
                                       CodeGenOptLevel OptLevel) {
  return new AccelDAGToDAGISelLegacy(TM, OptLevel);
}
