//===-- DebugInspector.cpp - what accel-sim's debugger shows --------------===//

#include "DebugInspector.h"
#include "MCTargetDesc/AccelMCTargetDesc.h"
#include "MCTargetDesc/AccelUnits.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include <cmath>
#include <cstdlib>

using namespace llvm;
using namespace accel_sim;
namespace A = llvm::Accel;
namespace P = llvm::AccelParam;

/// The shortest decimal that reads back as the same float.
static std::string formatFloat(float F) {
  char Buf[32];
  for (int Digits = 6; Digits <= 9; ++Digits) {
    std::snprintf(Buf, sizeof Buf, "%.*g", Digits, double(F));
    if (std::strtof(Buf, nullptr) == F || F != F)
      break;
  }
  return Buf;
}

static float asFloat(uint32_t Bits) {
  float F;
  std::memcpy(&F, &Bits, 4);
  return F;
}

/// Right-aligns \p Cells in columns of the widest one's width, \p PerRow to
/// a row, each row after \p Lead (the first) or as much space.
static void printColumns(raw_ostream &OS, StringRef Lead,
                         const std::vector<std::string> &Cells, unsigned PerRow,
                         const std::vector<std::string> &RowLabels = {}) {
  size_t Width = 0;
  for (const std::string &C : Cells)
    Width = std::max(Width, C.size());
  for (size_t I = 0; I < Cells.size(); I += PerRow) {
    OS << (I == 0 ? Lead.str() : std::string(Lead.size(), ' '));
    if (!RowLabels.empty())
      OS << RowLabels[I / PerRow];
    for (size_t J = I; J != std::min(Cells.size(), I + PerRow); ++J)
      OS << ' ' << std::string(Width - Cells[J].size(), ' ') << Cells[J];
    OS << '\n';
  }
}

DebugInspector::DebugInspector(Simulator &Sim, const LoadedProgram &Prog,
                               const BundleDecoder &Dec, Memory &Mem,
                               const SourceLines &Lines)
    : Sim(Sim), Prog(Prog), Dec(Dec), Mem(Mem), Lines(Lines) {
  for (const auto &[Addr, Name] : Prog.Symbols)
    SymbolAddrs.emplace(Name, Addr);
}

uint64_t DebugInspector::pc() const {
  int32_t Idx = Sim.pendingBundle();
  return Idx >= 0 ? Dec.bundles()[Idx].Pc : Prog.Entry;
}

std::string DebugInspector::describe(uint64_t Addr) const {
  std::string S = hex(Addr);
  // The symbol table has no sizes: a data address far past the nearest
  // symbol (the stack, the heap) is not that symbol's.
  constexpr uint64_t NearData = 1 << 16;
  const auto *Sym = Prog.symbolAt(Addr);
  if (Sym && (Addr - Sym->first < NearData || bundleContaining(Addr) >= 0))
    S += " <" + Prog.symbolize(Addr) + ">";
  return S;
}

std::optional<uint64_t> DebugInspector::functionStart(uint64_t Pc) const {
  auto It = Prog.Functions.upper_bound(Pc);
  if (It != Prog.Functions.begin())
    return *std::prev(It);
  // No typed or global symbol precedes: the nearest label will do.
  if (const auto *Sym = Prog.symbolAt(Pc))
    return Sym->first;
  return std::nullopt;
}

std::string DebugInspector::functionAt(uint64_t Pc) const {
  std::optional<uint64_t> Start = functionStart(Pc);
  return Start ? Prog.Symbols.at(*Start) : "??";
}

int32_t DebugInspector::bundleContaining(uint64_t Addr) const {
  // A bundle is at most four words long.
  Addr &= ~uint64_t(7);
  for (unsigned Back = 0; Back != 4 && Addr >= 8 * Back; ++Back) {
    int32_t Idx = Dec.bundleAt(Addr - 8 * Back);
    if (Idx >= 0)
      return Dec.bundles()[Idx].Pc + 8 * Dec.bundles()[Idx].Words > Addr ? Idx
                                                                         : -1;
  }
  return -1;
}

std::string DebugInspector::sourceText(const std::string &Path, unsigned Line) {
  auto [It, New] = Sources.try_emplace(Path);
  // The path comes from the program's DWARF: only a regular file of sane
  // size is read (not /dev/zero, not a fifo that never ends).
  constexpr uint64_t MaxSourceBytes = 64 << 20;
  sys::fs::file_status Status;
  if (New && !sys::fs::status(Path, Status) &&
      sys::fs::is_regular_file(Status) && Status.getSize() <= MaxSourceBytes) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
        MemoryBuffer::getFile(Path, /*IsText=*/true);
    if (Buf) {
      SmallVector<StringRef, 0> Split;
      (*Buf)->getBuffer().split(Split, '\n');
      for (StringRef L : Split)
        It->second.push_back(L.rtrim('\r').str());
    }
  }
  return Line && Line <= It->second.size() ? It->second[Line - 1] : "";
}

void DebugInspector::printLocation(raw_ostream &OS, uint64_t Pc) {
  OS << "  pc " << describe(Pc);
  SourceLines::Position Pos = Lines.position(Pc);
  if (Pos.Line) {
    OS << " at " << Pos.File << ":" << Pos.Line;
    if (Pos.Column)
      OS << ":" << Pos.Column;
  }
  OS << "\n";
  if (Pos.Line) {
    std::string Text = sourceText(Pos.Path, Pos.Line);
    if (!Text.empty())
      OS << format("  %5u | ", Pos.Line) << Text << "\n";
  }
  int32_t Idx = Dec.bundleAt(Pc);
  if (Idx >= 0)
    OS << "  bundle: " << Dec.disassemble(Dec.bundles()[Idx]) << "\n";
}

/// r0..r31, v0..v31, acc0..acc15 and the ABI's names sp, fp, ra.
static bool parseRegister(StringRef Name, char &File, unsigned &Num) {
  Name.consume_front("$");
  if (Name == "sp" || Name == "fp" || Name == "ra") {
    File = 'r';
    Num = Name == "sp" ? 30 : Name == "fp" ? 29 : 31;
    return true;
  }
  unsigned Limit;
  if (Name.consume_front("acc")) {
    File = 'a';
    Limit = P::AccTiles;
  } else if (Name.consume_front("r")) {
    File = 'r';
    Limit = 32;
  } else if (Name.consume_front("v")) {
    File = 'v';
    Limit = 32;
  } else {
    return false;
  }
  // Decimal digits only: "r05" and "r0x1" are not register names.
  if (Name.empty() || (Name.size() > 1 && Name[0] == '0') ||
      Name.find_first_not_of("0123456789") != StringRef::npos ||
      Name.getAsInteger(10, Num))
    return false;
  return Num < Limit;
}

bool DebugInspector::printRegister(raw_ostream &OS, StringRef Name,
                                   std::string &Error) const {
  StringRef Bare = Name;
  Bare.consume_front("$");
  if (Bare == "pc") {
    OS << "pc = " << describe(pc()) << "\n";
    return true;
  }
  if (Bare == "cycle") {
    OS << "cycle = " << Sim.cycle() << (Sim.timed() ? "" : " (bundles)")
       << "\n";
    return true;
  }
  char File;
  unsigned Num;
  if (!parseRegister(Bare, File, Num)) {
    Error = "unknown register '" + Name.str() +
            "' (r0..r31, v0..v31, acc0..acc" + std::to_string(P::AccTiles - 1) +
            ", sp, fp, ra, pc, cycle)";
    return false;
  }
  if (File == 'r') {
    uint64_t X = Sim.X[Num];
    OS << Bare << " = " << hex(X) << " (" << int64_t(X) << ")";
    if (bundleContaining(X) >= 0)
      OS << " <" << Prog.symbolize(X) << ">";
    OS << "\n";
    return true;
  }
  if (File == 'v') {
    const VecReg &V = Sim.V[Num];
    std::vector<std::string> Hex, Floats;
    for (uint32_t Lane : V) {
      Hex.push_back(utohexstr(Lane, /*LowerCase=*/true));
      Hex.back().insert(0, 8 - Hex.back().size(), '0');
      Floats.push_back(formatFloat(asFloat(Lane)));
    }
    std::string Lead = Bare.str() + " ";
    unsigned Half = P::VectorLanes / 2;
    std::vector<std::string> Labels = {"[0.." + std::to_string(Half - 1) + "]",
                                       "[" + std::to_string(Half) + ".." +
                                           std::to_string(P::VectorLanes - 1) +
                                           "]"};
    size_t LabelWidth = Labels[1].size();
    for (std::string &L : Labels)
      L.resize(LabelWidth, ' ');
    printColumns(OS, Lead + "hex ", Hex, Half, Labels);
    printColumns(OS, Lead + "f32 ", Floats, Half, Labels);
    return true;
  }
  const AccTile &T = Sim.Acc[Num];
  bool AllZero = true;
  for (float F : T)
    AllZero &= F == 0.0f && !std::signbit(F);
  OS << Bare << " (" << P::TileDim << "x" << P::TileDim << " f32";
  if (AllZero) {
    OS << "): all +0\n";
    return true;
  }
  OS << ", a row per line):\n";
  std::vector<std::string> Cells, Labels;
  for (float F : T)
    Cells.push_back(formatFloat(F));
  for (unsigned R = 0; R != P::TileDim; ++R)
    Labels.push_back((R < 10 ? " " : "") + std::to_string(R) + ":");
  printColumns(OS, "  ", Cells, P::TileDim, Labels);
  return true;
}

void DebugInspector::printScalarRegisters(raw_ostream &OS) const {
  for (unsigned R = 0; R != 32; ++R) {
    const char *Alias = R == 29   ? " (fp)"
                        : R == 30 ? " (sp)"
                        : R == 31 ? " (ra)"
                                  : "";
    uint64_t X = Sim.X[R];
    OS << format("r%-2u%-5s 0x%016llx %21lld", R, Alias, (unsigned long long)X,
                 (long long)X);
    if (bundleContaining(X) >= 0)
      OS << "  <" << Prog.symbolize(X) << ">";
    OS << "\n";
  }
  OS << "pc         " << describe(pc()) << "\n";
}

bool DebugInspector::examine(raw_ostream &OS, char Format, uint64_t Count,
                             uint64_t Addr, std::string &Error) {
  unsigned Size = Format == 'b' ? 1 : Format == 'g' ? 8 : 4;
  unsigned PerLine = Format == 'b' ? 8 : Format == 'g' ? 2 : 4;
  if (!Mem.hostRange(Addr, Size)) {
    Error = "cannot read " + hex(Addr) + ": not in DRAM or the scratchpad";
    return false;
  }
  uint64_t Readable = Count;
  while (Readable && !Mem.hostRange(Addr, Readable * Size))
    Readable = Readable / 2;
  // Halving found a readable count; walk up to the exact end.
  while (Readable < Count && Mem.hostRange(Addr, (Readable + 1) * Size))
    ++Readable;
  const uint8_t *Bytes = Mem.hostRange(Addr, Readable * Size);
  for (uint64_t I = 0; I < Readable; I += PerLine) {
    uint64_t LineAddr = Addr + I * Size;
    OS << describe(LineAddr) << ":";
    for (uint64_t J = I; J != std::min(Readable, I + PerLine); ++J) {
      const uint8_t *Item = Bytes + J * Size;
      if (Format == 'b') {
        OS << format(" 0x%02x", Item[0]);
      } else if (Format == 'g') {
        uint64_t V;
        std::memcpy(&V, Item, 8);
        OS << format(" 0x%016llx", (unsigned long long)V);
      } else {
        uint32_t V;
        std::memcpy(&V, Item, 4);
        if (Format == 'f')
          OS << format(" %14s", formatFloat(asFloat(V)).c_str());
        else
          OS << format(" 0x%08x", V);
      }
    }
    OS << "\n";
  }
  if (Readable < Count) {
    Error = "cannot read " + hex(Addr + Readable * Size) +
            ": not in DRAM or the scratchpad";
    return false;
  }
  return true;
}

void DebugInspector::printDma(raw_ostream &OS) const {
  uint64_t Now = Sim.cycle();
  if (!Sim.timed())
    OS << "(--fast: no DMA timing; a transfer completes when it starts)\n";
  for (unsigned C = 0; C != P::DmaChannels; ++C) {
    const Simulator::DmaTransfer &T = Sim.lastTransfer(C);
    uint64_t Free = Sim.channelFreeCycle(C);
    OS << "channel " << C << ": ";
    if (Sim.timed() && Free > Now)
      OS << "busy until cycle " << Free << " (" << Free - Now << " more)";
    else
      OS << "idle";
    if (!T.Started) {
      OS << ", no transfer yet\n";
      continue;
    }
    OS << (Sim.timed() && Free > Now ? ": " : "; last: ")
       << (T.TwoD ? "dma.2d " : "dma.1d ") << T.Bytes << " bytes "
       << describe(T.Src) << " -> " << describe(T.Dst) << ", issued at cycle "
       << T.Start;
    if (Sim.timed())
      OS << ", done at " << T.End;
    OS << "\n";
  }
}

/// What a scoreboard register is, by name.
static std::string registerName(unsigned Reg) {
  if (Reg >= FirstAcc)
    return "acc" + std::to_string(Reg - FirstAcc);
  if (Reg >= FirstVReg)
    return "v" + std::to_string(Reg - FirstVReg);
  return "r" + std::to_string(Reg);
}

void DebugInspector::printStall(raw_ostream &OS) {
  int32_t Idx = Sim.pendingBundle();
  if (Idx < 0 || Sim.fault() || Sim.exited()) {
    OS << "the program is not running: no bundle is waiting to issue\n";
    return;
  }
  const Bundle &B = Dec.bundles()[Idx];
  OS << "bundle at " << describe(B.Pc) << ": " << Dec.disassemble(B) << "\n";
  if (!Sim.timed()) {
    OS << "  --fast: no cycle model, nothing stalls\n";
    return;
  }
  // What Simulator::issueCycle() and unitsFreeCycle() wait for, item by
  // item; the total comes from the simulator's own computation below.
  uint64_t Now = Sim.cycle();
  bool Waits = false;
  auto Wait = [&](const std::string &What, unsigned Cause, uint64_t Until) {
    if (Until <= Now)
      return;
    Waits = true;
    OS << "  waits for " << What << " (" << getStallName(Cause)
       << ") until cycle " << Until << ": " << Until - Now
       << (Until - Now == 1 ? " cycle\n" : " cycles\n");
  };
  for (unsigned R = 0; R != B.NumReads; ++R) {
    unsigned Reg = B.Reads[R];
    unsigned Cause = Simulator::stallCauseFor(Reg);
    // A register read twice in a bundle waits once.
    bool Seen = false;
    for (unsigned E = 0; E != R; ++E)
      Seen |= B.Reads[E] == Reg;
    if (!Seen)
      Wait(registerName(Reg), Cause, Sim.readyCycle(Reg));
  }
  if (B.DynamicTiming)
    for (unsigned I = 0; I != B.Size; ++I) {
      const DecodedInst &D = B.Insts[I];
      Simulator::UnitWait W = Sim.unitWaitFor(D);
      std::string Channel = "DMA channel " + std::to_string(D.Imm);
      switch (W.Cause) {
      case StallMatrixBusy:
        Wait("the matrix unit", W.Cause, W.Until);
        break;
      case StallTileMoveBusy:
        Wait("the tile-move port", W.Cause, W.Until);
        break;
      case StallAccDep:
        Wait(registerName(FirstAcc + D.Reg[A::OpName::ra]), W.Cause, W.Until);
        break;
      case StallDmaBusy:
        Wait(Channel, W.Cause, W.Until);
        break;
      case StallDmaWait:
        Wait("the transfer on " + Channel, W.Cause, W.Until);
        break;
      case StallDramPort:
        Wait("the core's DRAM port", W.Cause, W.Until);
        break;
      }
    }
  unsigned Cause;
  uint64_t Issue = Sim.plannedIssue(B, Cause);
  if (!Waits || Issue == Now)
    OS << "  issues at cycle " << Issue << " without stalling\n";
  else
    OS << "  issues at cycle " << Issue << " after " << Issue - Now
       << (Issue - Now == 1 ? " stall cycle" : " stall cycles")
       << ", charged to " << getStallName(Cause) << "\n";
}

bool DebugInspector::readWord(uint64_t Addr, uint64_t &Value) const {
  if (Addr % 8 || !Mem.isDram(Addr) || !Mem.isDram(Addr + 7))
    return false;
  std::memcpy(&Value, Mem.hostRange(Addr, 8), 8);
  return true;
}

/// ADDI r29, r30, N: the prologue's last step sets the frame pointer.
static bool setsFramePointer(const DecodedInst &D) {
  return D.Opcode == A::ADDI && D.Reg[A::OpName::rd] == 29 &&
         D.Reg[A::OpName::rs1] == 30;
}

static bool writesR29(const DecodedInst &D) {
  for (unsigned S = 0; S != D.NumDsts; ++S)
    if (D.Dsts[S] == 29)
      return true;
  return false;
}

static bool returns(const Bundle &B) {
  for (unsigned I = 0; I != B.Size; ++I)
    if (B.Insts[I].Opcode == A::RET || B.Insts[I].Opcode == A::JR)
      return true;
  return false;
}

/// Read from the code alone: the function's first bundles hold the
/// prologue, which ends by setting r29; between its start and the pc, a
/// write of r29 other than that restores the caller's (the epilogue), and a
/// return ends an epilogue (code after it is reached from elsewhere, with
/// the frame set up).
FrameSetup DebugInspector::frameSetup(uint64_t Pc) const {
  std::optional<uint64_t> Fn = functionStart(Pc);
  int32_t PcIdx = Dec.bundleAt(Pc);
  if (!Fn || PcIdx < 0)
    return FrameSetup::NoFramePointer;
  if (*Fn == Pc)
    return FrameSetup::AtEntry;
  int32_t Start = Dec.bundleAt(*Fn);
  if (Start < 0 || Start > PcIdx)
    return FrameSetup::NoFramePointer;
  const std::vector<Bundle> &All = Dec.bundles();
  // The prologue: the stack adjustment, the saves, then r29.
  constexpr int32_t PrologueBundles = 24;
  int32_t SetUp = -1;
  int32_t End = std::min<int32_t>(All.size(), Start + PrologueBundles);
  auto NextFn = Prog.Functions.upper_bound(*Fn);
  if (NextFn != Prog.Functions.end()) {
    int32_t NextIdx = bundleContaining(*NextFn);
    if (NextIdx >= 0)
      End = std::min(End, NextIdx);
  }
  for (int32_t I = Start; I != End && SetUp < 0 && !returns(All[I]); ++I)
    for (unsigned S = 0; S != All[I].Size; ++S)
      if (setsFramePointer(All[I].Insts[S]))
        SetUp = I;
  if (SetUp < 0)
    return FrameSetup::NoFramePointer;
  if (PcIdx <= SetUp)
    return FrameSetup::NotYet;
  FrameSetup State = FrameSetup::Ready;
  for (int32_t I = SetUp + 1; I < PcIdx; ++I) {
    if (returns(All[I])) {
      State = FrameSetup::Ready;
      continue;
    }
    for (unsigned S = 0; S != All[I].Size; ++S)
      if (writesR29(All[I].Insts[S]))
        State = setsFramePointer(All[I].Insts[S]) ? FrameSetup::Ready
                                                  : FrameSetup::TornDown;
  }
  return State;
}

bool DebugInspector::callerFrame(CallerFrame &Frame, std::string &Error) const {
  uint64_t Pc = pc();
  switch (frameSetup(Pc)) {
  case FrameSetup::AtEntry:
  case FrameSetup::NotYet:
  case FrameSetup::TornDown:
    // No call has happened in the prologue, and the epilogue has restored
    // r31: it holds the return address. r30 is at most the CFA.
    Frame = {Sim.X[31], Sim.X[30]};
    break;
  case FrameSetup::Ready: {
    uint64_t Fp = Sim.X[29];
    if (!readWord(Fp - 8, Frame.ReturnAddress)) {
      Error = "r29 = " + hex(Fp) + " is not a frame address";
      return false;
    }
    Frame.Cfa = Fp;
    break;
  }
  case FrameSetup::NoFramePointer:
    Error = functionAt(Pc) + " keeps no frame pointer: its return address "
                             "is not known here";
    return false;
  }
  if (Dec.bundleAt(Frame.ReturnAddress) < 0) {
    Error = "the return address " + hex(Frame.ReturnAddress) +
            " is not the start of a bundle";
    return false;
  }
  return true;
}

void DebugInspector::printBacktrace(raw_ostream &OS) {
  uint64_t Pc = pc();
  auto Frame = [&](unsigned N, uint64_t Addr, uint64_t LineAddr) {
    OS << format("#%-2u ", N) << describe(Addr);
    std::string Loc = Lines.lookup(LineAddr);
    if (!Loc.empty())
      OS << " at " << Loc;
    OS << "\n";
  };
  // A return address is the bundle after the call: the call's line is the
  // caller's line.
  auto CallLine = [&](uint64_t ReturnAddress) {
    int32_t Idx = Dec.bundleAt(ReturnAddress);
    return Idx > 0 && Dec.bundles()[Idx - 1].NextSeq == Idx
               ? Dec.bundles()[Idx - 1].Pc
               : ReturnAddress;
  };
  // A caller without a record of its own: the next record is its caller's
  // (or further up), so the frames in between are not known.
  auto NoteSkipped = [&](uint64_t ReturnAddress) {
    if (frameSetup(ReturnAddress) == FrameSetup::NoFramePointer)
      OS << "    (" << functionAt(ReturnAddress)
         << " keeps no frame pointer: its callers up to the nearest one that "
            "keeps one are missing)\n";
  };
  Frame(0, Pc, Pc);
  unsigned N = 1;
  std::string Fn = functionAt(Pc);
  switch (frameSetup(Pc)) {
  case FrameSetup::AtEntry:
  case FrameSetup::NotYet:
  case FrameSetup::TornDown: {
    FrameSetup S = frameSetup(Pc);
    OS << "    (" << Fn
       << (S == FrameSetup::AtEntry  ? " is at its first bundle"
           : S == FrameSetup::NotYet ? " has not set up its frame yet"
                                     : " has left its frame")
       << ": #1 is r31, the return address)\n";
    uint64_t Ra = Sim.X[31];
    if (Dec.bundleAt(Ra) < 0) {
      OS << "    (r31 = " << hex(Ra) << " is not a return address)\n";
      return;
    }
    Frame(N++, Ra, CallLine(Ra));
    if (Sim.X[29])
      NoteSkipped(Ra);
    break;
  }
  case FrameSetup::NoFramePointer:
    OS << "    (" << Fn
       << " keeps no frame pointer: its callers up to the nearest one that "
          "keeps one are missing";
    // r31 still holds the return address unless the function has called.
    if (Dec.bundleAt(Sim.X[31]) >= 0)
      OS << "; r31 = " << describe(Sim.X[31]) << ", the return address if "
         << Fn << " has made no call";
    OS << ")\n";
    break;
  case FrameSetup::Ready:
    break;
  }
  // The chain: each record lies above the last (the stack grows down) and
  // inside DRAM; anything else is not a chain, and the walk stops there.
  constexpr unsigned MaxFrames = 1000;
  uint64_t Fp = Sim.X[29], Below = Sim.X[30];
  for (bool First = true; Fp != 0; ++N, First = false) {
    std::string Link = First ? "r29 = " + hex(Fp) : "the saved r29 " + hex(Fp);
    uint64_t Ra, CallerFp;
    if (!readWord(Fp - 8, Ra) || !readWord(Fp - 16, CallerFp)) {
      OS << "    (the chain stops: " << Link
         << " does not point at a frame record in DRAM)\n";
      return;
    }
    if (Fp <= Below) {
      OS << "    (the chain stops: " << Link << " is not above "
         << (First ? "the stack pointer " : "the last record ") << hex(Below)
         << (First ? ")\n" : ": a loop or a damaged record)\n");
      return;
    }
    if (Dec.bundleAt(Ra) < 0) {
      OS << "    (the chain stops: the record at " << hex(Fp) << " holds "
         << hex(Ra) << ", not a return address)\n";
      return;
    }
    if (N == MaxFrames) {
      OS << "    (more frames not shown)\n";
      return;
    }
    Frame(N, Ra, CallLine(Ra));
    if (CallerFp)
      NoteSkipped(Ra);
    Below = Fp;
    Fp = CallerFp;
  }
}

void DebugInspector::disassemble(raw_ostream &OS, int32_t Idx,
                                 unsigned Count) const {
  const std::vector<Bundle> &All = Dec.bundles();
  int32_t Pending = Sim.pendingBundle();
  for (; Count && Idx >= 0 && Idx < int32_t(All.size()); --Count, ++Idx) {
    const Bundle &B = All[Idx];
    OS << (Idx == Pending ? "=> " : "   ") << describe(B.Pc) << ": "
       << Dec.disassemble(B) << "\n";
  }
}

bool DebugInspector::evaluate(StringRef Expr, uint64_t &Value,
                              std::string &Error) const {
  Expr = Expr.trim();
  // base [+|- offset]; a symbol may contain neither.
  size_t Op = Expr.find_last_of("+-");
  StringRef Base = Expr, Offset;
  if (Op != StringRef::npos && Op != 0) {
    Base = Expr.substr(0, Op).trim();
    Offset = Expr.substr(Op + 1).trim();
  }
  uint64_t Off = 0;
  if (!Offset.empty() && Offset.getAsInteger(0, Off)) {
    Error = "bad offset '" + Offset.str() + "' in '" + Expr.str() + "'";
    return false;
  }
  if (Op != StringRef::npos && Op != 0 && Expr[Op] == '-')
    Off = -Off;
  char File;
  unsigned Num;
  StringRef Bare = Base;
  Bare.consume_front("$");
  if (Base.empty()) {
    Error = "missing address";
    return false;
  }
  if (!Base.getAsInteger(0, Value)) {
  } else if (parseRegister(Bare, File, Num) && File == 'r') {
    Value = Sim.X[Num];
  } else if (Bare == "pc") {
    Value = pc();
  } else if (auto It = SymbolAddrs.find(Base.str()); It != SymbolAddrs.end()) {
    Value = It->second;
  } else {
    Error = "no symbol, scalar register or number '" + Base.str() + "'";
    return false;
  }
  Value += Off;
  return true;
}

bool DebugInspector::resolveCode(StringRef Spec, std::vector<int32_t> &Bundles,
                                 std::string &Where, std::string &Error) const {
  Bundles.clear();
  Spec = Spec.trim();
  size_t Colon = Spec.rfind(':');
  if (Colon != StringRef::npos) {
    unsigned Line;
    if (Spec.substr(Colon + 1).getAsInteger(10, Line)) {
      Error = "'" + Spec.substr(Colon + 1).str() + "' in '" + Spec.str() +
              "' is not a line number";
      return false;
    }
    std::string File = Spec.substr(0, Colon).str();
    if (Lines.empty()) {
      Error = "no line table: link the program from objects compiled with -g";
      return false;
    }
    bool Known;
    unsigned Found = Line;
    std::vector<uint64_t> Addrs = Lines.addressesOf(File, Found, Known);
    if (!Known) {
      Error = "no source file '" + File + "' in the line table";
      return false;
    }
    if (Addrs.empty() || Line == 0) {
      Error =
          "no code at or after line " + std::to_string(Line) + " of " + File;
      return false;
    }
    for (uint64_t Addr : Addrs) {
      int32_t Idx = bundleContaining(Addr);
      if (Idx >= 0 && !llvm::is_contained(Bundles, Idx))
        Bundles.push_back(Idx);
    }
    Where = File + ":" + std::to_string(Found);
    if (Found != Line)
      Where += " (line " + std::to_string(Line) + " has no code)";
    if (Bundles.empty())
      Error = "the code of " + Where + " is not in the program text";
    return !Bundles.empty();
  }
  StringRef Expr = Spec;
  Expr.consume_front("*");
  uint64_t Addr;
  char File;
  unsigned Num;
  StringRef Bare = Expr;
  Bare.consume_front("$");
  if (parseRegister(Bare, File, Num) && File != 'r') {
    Error = "'" + Spec.str() + "' is not a code address";
    return false;
  }
  if (!evaluate(Expr, Addr, Error))
    return false;
  int32_t Idx = Dec.bundleAt(Addr);
  if (Idx < 0) {
    int32_t Around = bundleContaining(Addr);
    Error = Around >= 0 ? hex(Addr) + " is inside the bundle at " +
                              describe(Dec.bundles()[Around].Pc)
                        : hex(Addr) + " is not in the program text";
    return false;
  }
  Bundles.push_back(Idx);
  Where = Prog.symbolize(Addr);
  if (Where.empty())
    Where = hex(Addr);
  std::string Loc = Lines.lookup(Addr, /*WithColumn=*/false);
  if (!Loc.empty())
    Where += " (" + Loc + ")";
  return true;
}
