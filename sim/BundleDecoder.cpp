//===-- BundleDecoder.cpp - pre-decode program text -----------------------===//

#include "BundleDecoder.h"
#include "MCTargetDesc/AccelMCTargetDesc.h"
#include "MCTargetDesc/AccelUnits.h"
#include "llvm/MC/MCDisassembler/MCDisassembler.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCInstrItineraries.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>

using namespace llvm;
using namespace accel_sim;

BundleDecoder::BundleDecoder()
    : Dis(MC.createDisassembler()), Printer(MC.createInstPrinter()) {
  Printer->setPrintBranchImmAsAddress(true);

  // Scoreboard indices from the register classes' own order.
  RegIndex.assign(MC.MRI->getNumRegs(), 0xffff);
  auto Map = [&](unsigned ClassID, unsigned Base) {
    const MCRegisterClass &RC = MC.MRI->getRegClass(ClassID);
    for (unsigned I = 0; I != RC.getNumRegs(); ++I)
      RegIndex[RC.getRegister(I)] = Base + I;
  };
  Map(Accel::GPRRegClassID, 0);
  Map(Accel::VRRegClassID, FirstVReg);
  Map(Accel::ACCRegClassID, FirstAcc);
}

BundleDecoder::~BundleDecoder() = default;

void BundleDecoder::fill(DecodedInst &D, const MCInst &MI) const {
  const MCInstrDesc &Desc = MC.MII->get(MI.getOpcode());
  D.Opcode = MI.getOpcode();
  // The semantics read operands by name.
  for (unsigned Name = 0; Name != Accel::OpName::OPERAND_LAST; ++Name) {
    int Idx = Accel::getNamedOperandIdx(D.Opcode, Name);
    if (Idx < 0)
      continue;
    const MCOperand &Op = MI.getOperand(Idx);
    if (Op.isImm()) {
      D.Imm = Op.getImm();
      continue;
    }
    unsigned Index = RegIndex[Op.getReg()];
    D.Reg[Name] = Index >= FirstAcc    ? Index - FirstAcc
                  : Index >= FirstVReg ? Index - FirstVReg
                                       : Index;
  }
  // The cycle model's view: which registers are read and written.
  for (unsigned I = 0; I != MI.getNumOperands(); ++I) {
    const MCOperand &Op = MI.getOperand(I);
    if (!Op.isReg())
      continue;
    unsigned Index = RegIndex[Op.getReg()];
    if (I < Desc.getNumDefs()) {
      if (Index != 0) // Writes to r0 are discarded.
        D.Dsts[D.NumDsts++] = Index;
      else
        D.WritesR0 = true;
    } else {
      D.Srcs[D.NumSrcs++] = Index;
    }
  }
  for (MCPhysReg R : Desc.implicit_defs())
    D.Dsts[D.NumDsts++] = RegIndex[R];
  for (MCPhysReg R : Desc.implicit_uses())
    D.Srcs[D.NumSrcs++] = RegIndex[R];

  const InstrItineraryData Itins = MC.STI->getInstrItineraryForCPU("generic");
  unsigned Class = Desc.getSchedClass();
  D.Unit = Accel::getFirstUnit(Itins.beginStage(Class)->getUnits());
  D.Latency = Itins.getOperandCycle(Class, 0).value_or(1);
}

void BundleDecoder::summarizeTiming(Bundle &B, const DecodedInst &D) const {
  for (unsigned S = 0; S != D.NumSrcs; ++S)
    if (!(isMatmulStep(D.Opcode) && D.Srcs[S] >= FirstAcc))
      B.Reads[B.NumReads++] = D.Srcs[S];
  for (unsigned S = 0; S != D.NumDsts; ++S) {
    B.Writes[B.NumWrites] = D.Dsts[S];
    B.WriteLatency[B.NumWrites++] = D.Latency;
  }
  B.DynamicTiming |= D.Unit == Accel::LSU0 || D.Unit == Accel::MXU ||
                     D.Unit == Accel::MXM || D.Unit == Accel::DMA ||
                     D.Unit == Accel::VSE;
  B.WaitsForDma |=
      D.Opcode == Accel::DMA_WAIT || D.Opcode == Accel::DMA_WAIT_OLDER;
}

void BundleDecoder::decode(const LoadedProgram &Prog) {
  uint64_t Start = ~uint64_t(0), End = 0;
  for (const TextSegment &Seg : Prog.Text) {
    Start = std::min(Start, Seg.Addr);
    End = std::max<uint64_t>(End, Seg.Addr + Seg.Bytes.size());
  }
  TextBase = Start;
  WordToBundle.assign((End - Start) / 8, -1);
  Bundles.clear();
  Raw.clear();

  for (const TextSegment &Seg : Prog.Text) {
    uint64_t Off = 0;
    while (Off + 8 <= Seg.Bytes.size()) {
      Bundle B;
      B.Pc = Seg.Addr + Off;
      MCInst MI;
      uint64_t Size = 8;
      ArrayRef<uint8_t> Bytes(Seg.Bytes.data() + Off, Seg.Bytes.size() - Off);
      if (Dis->getInstruction(MI, Size, Bytes, B.Pc, nulls()) ==
          MCDisassembler::Success) {
        B.Size = MI.getNumOperands();
        B.Words = B.Size;
        uint8_t Written[NumScoreboardRegs] = {};
        unsigned Accesses = 0;
        for (unsigned I = 0; I != B.Size; ++I) {
          DecodedInst &D = B.Insts[I];
          fill(D, *MI.getOperand(I).getInst());
          // A bundle with more accesses than ports breaks the slot rule
          // (undefined); the extra ones share the last port.
          if (D.Unit == Accel::LSU0)
            D.Port = std::min(Accesses++, NumLoadStorePorts - 1);
          for (unsigned S = 0; S != D.NumSrcs; ++S) {
            B.ReadsEarlierWrite |= Written[D.Srcs[S]] != 0;
            B.UsesVectors |= D.Srcs[S] >= FirstVReg && D.Srcs[S] < FirstAcc;
          }
          for (unsigned S = 0; S != D.NumDsts; ++S)
            Written[D.Dsts[S]] = 1;
          // The executor writes X[0] and clears it after the bundle, so a
          // later slot reading r0 must read the snapshot.
          Written[0] |= D.WritesR0;
          summarizeTiming(B, D);
        }
      } else {
        Size = 8; // An undecodable word: executing it faults.
        MI.clear();
      }
      WordToBundle[(B.Pc - TextBase) / 8] = Bundles.size();
      Bundles.push_back(B);
      Raw.push_back(MI);
      Off += Size;
    }
  }

  for (Bundle &B : Bundles)
    B.NextSeq = bundleAt(B.Pc + 8 * B.Words);

  // Resolve direct branch targets to bundle indices.
  for (Bundle &B : Bundles)
    for (unsigned I = 0; I != B.Size; ++I) {
      DecodedInst &D = B.Insts[I];
      const MCInstrDesc &Desc = MC.MII->get(D.Opcode);
      if ((Desc.isBranch() || Desc.isCall()) && !Desc.isIndirectBranch() &&
          D.Opcode != Accel::CALLR)
        D.Target = bundleAt(B.Pc + D.Imm);
    }
}

std::string BundleDecoder::disassemble(const Bundle &B) const {
  const MCInst &MI = Raw[&B - Bundles.data()];
  if (!B.Size)
    return "<invalid>";
  std::string S;
  raw_string_ostream OS(S);
  Printer->printInst(&MI, B.Pc, "", *MC.STI, OS);
  return StringRef(S).ltrim('\t').str();
}

const char *BundleDecoder::opcodeName(unsigned Opcode) const {
  // The generated name table stores each name NUL-terminated.
  return MC.MII->getName(Opcode).data();
}
