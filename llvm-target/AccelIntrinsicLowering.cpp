//===-- AccelIntrinsicLowering.cpp - __accel_* calls to instructions ------===//
//
// A call of a reserved __accel_* function (AccelIntrinsics.td) becomes the
// instruction its record names, built as a machine node (no target node or
// pattern per intrinsic). Wrong signatures and channel or
// tile numbers that are not constants in range get a diagnostic naming the
// function, never a crash.
//
//===----------------------------------------------------------------------===//

#include "AccelISelLowering.h"
#include "AccelSubtarget.h"
#include "MCTargetDesc/AccelMCTargetDesc.h"
#include "MCTargetDesc/AccelMachineParams.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/IR/DiagnosticInfo.h"

using namespace llvm;

/// The type a signature letter of AccelIntrinsics.td stands for.
static MVT typeOfLetter(char C) {
  switch (C) {
  case 'i':
    return MVT::i64;
  case 's':
    return MVT::f32;
  case 'F':
    return MVT::v16f32;
  case 'I':
    return MVT::v16i32;
  default:
    return MVT::Other; // 'v': no value.
  }
}

static bool matchesSignature(const AccelIntrinsic &Info,
                             const TargetLowering::CallLoweringInfo &CLI) {
  StringRef Params = Info.Params;
  StringRef Result = StringRef(Info.Result) == "v" ? "" : Info.Result;
  if (CLI.Outs.size() != Params.size() || CLI.Ins.size() != Result.size())
    return false;
  for (unsigned I = 0, E = CLI.Outs.size(); I != E; ++I)
    if (CLI.Outs[I].VT != typeOfLetter(Params[I]))
      return false;
  for (unsigned I = 0, E = CLI.Ins.size(); I != E; ++I)
    if (CLI.Ins[I].VT != typeOfLetter(Result[I]))
      return false;
  return true;
}

/// hi << 32 | lo as a 32-bit pair: the packed shape and stride operands of
/// dma.2d.
static SDValue packPair(SDValue Hi, SDValue Lo, SelectionDAG &DAG,
                        const SDLoc &DL) {
  SDValue HiPart = DAG.getNode(ISD::SHL, DL, MVT::i64, Hi,
                               DAG.getConstant(32, DL, MVT::i64));
  SDValue LoPart = DAG.getNode(ISD::AND, DL, MVT::i64, Lo,
                               DAG.getConstant(0xffffffffu, DL, MVT::i64));
  return DAG.getNode(ISD::OR, DL, MVT::i64, HiPart, LoPart);
}

SDValue AccelTargetLowering::lowerAccelIntrinsic(
    const AccelIntrinsic &Info, CallLoweringInfo &CLI,
    SmallVectorImpl<SDValue> &InVals) const {
  SelectionDAG &DAG = CLI.DAG;
  const SDLoc &DL = CLI.DL;
  auto Fail = [&](const Twine &Why) {
    DAG.getContext()->diagnose(DiagnosticInfoUnsupported(
        DAG.getMachineFunction().getFunction(), Twine(Info.Name) + ": " + Why,
        DL.getDebugLoc()));
    for (const ISD::InputArg &In : CLI.Ins)
      InVals.push_back(DAG.getUNDEF(In.VT));
    return CLI.Chain;
  };
  if (!matchesSignature(Info, CLI))
    return Fail("declared with the wrong signature (see accel.h)");

  SmallVector<SDValue, 8> Ops(CLI.OutVals.begin(), CLI.OutVals.end());
  if (!CLI.Ins.empty()) {
    // A pure vector operation: a value, no chain. An i32 reduction is
    // already sign-extended in its register.
    SDValue V(DAG.getMachineNode(Info.Inst, DL, CLI.Ins[0].VT, Ops), 0);
    if (V.getValueType() == MVT::i64)
      V = DAG.getNode(ISD::AssertSext, DL, MVT::i64, V,
                      DAG.getValueType(MVT::i32));
    InVals.push_back(V);
    return CLI.Chain;
  }

  // An operation: the first operand may number a DMA channel or an
  // accumulator tile.
  bool IsChannel = Info.Number == AccelIntrinsics::NumberChannel;
  bool IsTile = Info.Number == AccelIntrinsics::NumberTile;
  if (IsChannel || IsTile) {
    unsigned Count = IsChannel ? AccelParam::DmaChannels : AccelParam::AccTiles;
    auto *Number = dyn_cast<ConstantSDNode>(Ops[0]);
    if (!Number || Number->getZExtValue() >= Count)
      return Fail(Twine("the ") + (IsChannel ? "channel" : "tile") +
                  " must be a constant from 0 to " + Twine(Count - 1));
    Ops[0] = DAG.getTargetConstant(Number->getZExtValue(), DL, MVT::i64);
  }

  if (Info.Inst == Accel::DMA_2D) {
    // (ch, dst, src, rows, row bytes, dst stride, src stride).
    SDValue Shape = packPair(Ops[3], Ops[4], DAG, DL);
    SDValue Strides = packPair(Ops[5], Ops[6], DAG, DL);
    Ops = {Ops[0], Ops[1], Ops[2], Shape, Strides};
  }
  unsigned Opcode = Info.Inst;
  if (IsTile) {
    // The tile becomes a register after selection (see below).
    Ops.insert(Ops.begin(), DAG.getTargetConstant(Info.Inst, DL, MVT::i64));
    Opcode = Accel::PseudoTileOp;
  }
  Ops.push_back(CLI.Chain);
  return SDValue(DAG.getMachineNode(Opcode, DL, MVT::Other, Ops), 0);
}

/// PseudoTileOp (real opcode, tile number, operands...) becomes the real
/// instruction on the tile's accumulator register, which is not allocatable
/// and so cannot be a value of the DAG.
MachineBasicBlock *AccelTargetLowering::emitTileOp(MachineInstr &MI,
                                                   MachineBasicBlock *BB) const {
  unsigned Opcode = MI.getOperand(0).getImm();
  const MCInstrDesc &Desc = Subtarget.getInstrInfo()->get(Opcode);
  Register Tile = Accel::ACCRegClass.getRegister(MI.getOperand(1).getImm());
  MachineInstrBuilder B = BuildMI(*BB, MI, MI.getDebugLoc(), Desc);
  // mzero, the mmacs and mld define the tile; an mmac also reads it (tied),
  // and mst only reads it.
  if (Desc.getNumDefs())
    B.addReg(Tile, RegState::Define);
  if (Desc.getOperandConstraint(1, MCOI::TIED_TO) == 0 || !Desc.getNumDefs())
    B.addReg(Tile);
  for (const MachineOperand &MO : drop_begin(MI.operands(), 2))
    B.add(MO);
  MI.eraseFromParent();
  return BB;
}
