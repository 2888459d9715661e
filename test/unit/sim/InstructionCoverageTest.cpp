//===-- InstructionCoverageTest.cpp - every instruction is complete -------===//
//
// Enumerates every real instruction of the generated tables and requires
// what the rest of the toolchain needs of it: semantics in a simulator file
// (sim/semantics/*.inc), a functional unit and a result latency in the
// itineraries (isa/AccelSchedule.td), and a row in the manual's instruction
// tables (docs/isa.md; test/docs/check_isa_manual.py checks the row's
// contents). A newcomer who adds an instruction to isa/ and forgets one of
// them is told here which.
//
//===----------------------------------------------------------------------===//

#include "AccelMCObjects.h"
#include "MCTargetDesc/AccelMCTargetDesc.h"
#include "MCTargetDesc/AccelUnits.h"
#include "SemanticsCoverage.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCInstrItineraries.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "gtest/gtest.h"
#include <fstream>
#include <sstream>

using namespace llvm;

namespace {

class InstructionCoverage : public ::testing::Test {
protected:
  AccelMCObjects MC;
  std::unique_ptr<MCInstPrinter> Printer = MC.createInstPrinter();

  /// The real instructions: 8-byte words, not pseudos or generic opcodes.
  std::vector<unsigned> instructions() const {
    std::vector<unsigned> Opcodes;
    for (unsigned Op = 0; Op != Accel::INSTRUCTION_LIST_END; ++Op) {
      const MCInstrDesc &Desc = MC.MII->get(Op);
      if (Desc.getSize() == 8 && !Desc.isPseudo())
        Opcodes.push_back(Op);
    }
    return Opcodes;
  }

  std::string mnemonic(unsigned Opcode) {
    MCInst MI;
    MI.setOpcode(Opcode);
    return StringRef(Printer->getMnemonic(&MI).first).trim().str();
  }
};

TEST_F(InstructionCoverage, TablesHoldTheInstructions) {
  // Guards the filter above: the ISA has well over 100 instructions.
  EXPECT_GT(instructions().size(), 100u);
}

TEST_F(InstructionCoverage, EveryInstructionHasSemantics) {
  for (unsigned Op : instructions())
    EXPECT_TRUE(accel_sim::hasSemantics(Op))
        << MC.MII->getName(Op).str()
        << " has no SEMANTICS entry in sim/semantics/*.inc";
}

TEST_F(InstructionCoverage, EveryInstructionHasAUnitAndALatency) {
  InstrItineraryData Itins = MC.STI->getInstrItineraryForCPU("generic");
  for (unsigned Op : instructions()) {
    unsigned Class = MC.MII->get(Op).getSchedClass();
    std::string Name = MC.MII->getName(Op).str();
    ASSERT_NE(Class, 0u) << Name << " has no itinerary class (AccelSchedule.td)";
    EXPECT_NE(Accel::getFirstUnit(Itins.beginStage(Class)->getUnits()),
              Accel::NumUnits)
        << Name << "'s itinerary names no functional unit";
    EXPECT_TRUE(Itins.getOperandCycle(Class, 0).has_value())
        << Name << "'s itinerary gives no result latency";
  }
}

TEST_F(InstructionCoverage, EveryInstructionHasAManualEntry) {
  std::ifstream In(ACCEL_SOURCE_DIR "/docs/isa.md");
  ASSERT_TRUE(In) << "cannot read docs/isa.md";
  std::stringstream Manual;
  Manual << In.rdbuf();
  for (unsigned Op : instructions()) {
    std::string Row = "| `" + mnemonic(Op) + "` |";
    EXPECT_NE(Manual.str().find(Row), std::string::npos)
        << MC.MII->getName(Op).str() << ": docs/isa.md has no row " << Row;
  }
}

} // namespace
