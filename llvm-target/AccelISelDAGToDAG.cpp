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

bool AccelDAGToDAGISel::selectAddrRegImm(SDValue Addr, SDValue &Base,
                                         SDValue &Offset) {
  SDLoc DL(Addr);
  auto AsBase = [&](SDValue V) {
    if (auto *FI = dyn_cast<FrameIndexSDNode>(V))
      return CurDAG->getTargetFrameIndex(FI->getIndex(), MVT::i64);
    return V;
  };
  if (CurDAG->isBaseWithConstantOffset(Addr)) {
    int64_t C = cast<ConstantSDNode>(Addr.getOperand(1))->getSExtValue();
    if (isInt<32>(C)) {
      Base = AsBase(Addr.getOperand(0));
      Offset = CurDAG->getTargetConstant(C, DL, MVT::i64);
      return true;
    }
  }
  // A symbol's absolute address as the offset from r0: ld r1, sym(r0).
  if (Addr.getOpcode() == AccelISD::ADDR) {
    SDValue Sym = Addr.getOperand(0);
    if (isa<GlobalAddressSDNode>(Sym) || isa<ConstantPoolSDNode>(Sym)) {
      Base = CurDAG->getRegister(Accel::R0, MVT::i64);
      Offset = Sym;
      return true;
    }
  }
  Base = AsBase(Addr);
  Offset = CurDAG->getTargetConstant(0, DL, MVT::i64);
  return true;
}

FunctionPass *llvm::createAccelISelDag(AccelTargetMachine &TM,
                                       CodeGenOptLevel OptLevel) {
  return new AccelDAGToDAGISelLegacy(TM, OptLevel);
}
