//===-- SimHarness.h - run instruction sequences on the simulator -*- C++ -*-=//
//
// Encodes instructions with the real code emitter, places them at the start
// of DRAM as a program (each a bundle of its own, or bundles given
// explicitly, then `sys 0`), runs it on the simulator, and exposes the final
// state. Tests state inputs in registers and check outputs against values
// computed on the host.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_TEST_UNIT_SIM_SIMHARNESS_H
#define ACCEL_TEST_UNIT_SIM_SIMHARNESS_H

#include "AccelMCObjects.h"
#include "BundleDecoder.h"
#include "MCTargetDesc/AccelMCTargetDesc.h"
#include "Memory.h"
#include "ProgramLoader.h"
#include "Simulator.h"
#include "llvm/CodeGen/TargetOpcodes.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCCodeEmitter.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCFixup.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/MC/TargetRegistry.h"
#include "gtest/gtest.h"
#include <cstring>

namespace accel_test {

namespace A = llvm::Accel;
using llvm::MCInst;
using llvm::MCOperand;

inline unsigned r(unsigned N) { return A::R0 + N; }
inline unsigned v(unsigned N) { return A::V0 + N; }
inline unsigned acc(unsigned N) { return A::ACC0 + N; }

/// Builds an MCInst: registers are given as MCRegister numbers (r(), v(),
/// acc()), immediates with imm().
struct Op {
  bool IsImm;
  int64_t Value;
};
inline Op reg(unsigned R) { return {false, R}; }
inline Op imm(int64_t V) { return {true, V}; }
inline MCInst inst(unsigned Opcode, std::initializer_list<Op> Ops) {
  MCInst MI;
  MI.setOpcode(Opcode);
  for (const Op &O : Ops)
    MI.addOperand(O.IsImm ? MCOperand::createImm(O.Value)
                          : MCOperand::createReg(unsigned(O.Value)));
  return MI;
}

class SimTest : public ::testing::Test {
protected:
  static constexpr uint64_t TextBase = accel_sim::Memory::DramBase;
  /// A data area tests may use, in DRAM and in the scratchpad.
  static constexpr uint64_t DramData = TextBase + 0x100000;
  static constexpr uint64_t SpmData = accel_sim::Memory::SpmBase;

  accel_sim::Memory Mem;
  accel_sim::LoadedProgram Prog;
  accel_sim::BundleDecoder Dec;
  std::unique_ptr<accel_sim::Simulator> Sim;
  uint64_t InitX[32] = {};
  accel_sim::VecReg InitV[32] = {};
  /// The simulator's race checker (SimOptions::RaceCheck). The cycle
  /// model's tests turn it off: they end programs with work in flight, to
  /// read its timing at the exit, which the checker reports (its own tests
  /// are RaceCheckTest.cpp and test/sim/race-*.s).
  bool RaceCheck = true;
  /// Bundles run after the test's, before the exit: a fixture's way to
  /// wait for its work.
  std::vector<std::vector<MCInst>> BeforeExit;

  /// Runs \p Bundles (each a list of instructions), then exit. Returns the
  /// exit status (a fault's status when one occurs).
  int runBundles(const std::vector<std::vector<MCInst>> &Bundles,
                 bool Timed = true) {
    load(Bundles, Timed);
    // r1 is the exit status: keep the value a test put there only if the
    // program does not overwrite it.
    return Sim->run();
  }
  /// Loads \p Bundles (then exit) and creates the simulator, for tests
  /// that drive it themselves.
  void load(const std::vector<std::vector<MCInst>> &Bundles,
            bool Timed = true) {
    std::vector<uint8_t> Text;
    for (const auto &B : Bundles)
      append(Text, B);
    for (const auto &B : BeforeExit)
      append(Text, B);
    append(Text, {inst(A::SYS, {imm(0)})});
    uint8_t *P = Mem.hostRange(TextBase, Text.size());
    std::memcpy(P, Text.data(), Text.size());
    Prog.Text.assign(1, {TextBase, Text});
    Prog.Entry = TextBase;
    Mem.setText(TextBase, Text.size());
    Dec.decode(Prog);
    accel_sim::SimOptions Opts;
    Opts.Timed = Timed;
    Opts.MaxCycles = 1000000;
    Opts.RaceCheck = RaceCheck;
    Sim = std::make_unique<accel_sim::Simulator>(Mem, Prog, Dec, Opts);
    std::memcpy(Sim->X, InitX, sizeof(InitX));
    std::copy(InitV, InitV + 32, Sim->V);
  }
  /// One instruction per bundle.
  int run(std::initializer_list<MCInst> Insts, bool Timed = true) {
    std::vector<std::vector<MCInst>> Bundles;
    for (const MCInst &I : Insts)
      Bundles.push_back({I});
    return runBundles(Bundles, Timed);
  }
  uint64_t x(unsigned N) const { return Sim->X[N]; }

  template <typename T> void poke(uint64_t Addr, T Value) {
    std::memcpy(Mem.hostRange(Addr, sizeof(T)), &Value, sizeof(T));
  }
  template <typename T> T peek(uint64_t Addr) {
    T Value;
    std::memcpy(&Value, Mem.hostRange(Addr, sizeof(T)), sizeof(T));
    return Value;
  }

private:
  void append(std::vector<uint8_t> &Text, const std::vector<MCInst> &B) {
    static Encoder E;
    MCInst Bundle;
    Bundle.setOpcode(llvm::TargetOpcode::BUNDLE);
    for (const MCInst &I : B)
      Bundle.addOperand(MCOperand::createInst(&I));
    llvm::SmallVector<char, 32> Bytes;
    llvm::SmallVector<llvm::MCFixup, 4> Fixups;
    E.Emitter->encodeInstruction(Bundle, Bytes, Fixups, *E.MC.STI);
    Text.insert(Text.end(), Bytes.begin(), Bytes.end());
  }

  struct Encoder {
    llvm::AccelMCObjects MC;
    std::unique_ptr<llvm::MCCodeEmitter> Emitter = MC.createCodeEmitter();
  };
};

} // namespace accel_test

#endif
