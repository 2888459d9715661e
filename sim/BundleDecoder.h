//===-- BundleDecoder.h - pre-decode program text ---------------*- C++ -*-===//
//
// Decodes the program's text once, at load time, through the TableGen-
// generated disassembler into an array of bundles the simulator dispatches
// on without decoding again. Each instruction carries what the cycle model
// needs (unit, result latency, source and destination registers), all taken
// from the generated instruction and itinerary tables.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_SIM_BUNDLEDECODER_H
#define ACCEL_SIM_BUNDLEDECODER_H

#include "AccelMCObjects.h"
#include "MCTargetDesc/AccelMCTargetDesc.h"
#include "MCTargetDesc/AccelMachineParams.h"
#include "MCTargetDesc/AccelUnits.h"
#include "ProgramLoader.h"
#include "llvm/MC/MCInst.h"
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class MCDisassembler;
class MCInstPrinter;
} // namespace llvm

namespace accel_sim {

/// mmac and its wide forms: each adds to its tile inside the matrix unit.
inline bool isMatmulStep(unsigned Opcode) {
  return Opcode == llvm::Accel::MMAC || Opcode == llvm::Accel::MMAC_4X64 ||
         Opcode == llvm::Accel::MMAC_8X32;
}

/// Registers in one index space for the scoreboard: r0..r31 are 0..31,
/// v0..v31 are 32..63, then the accumulator tiles.
enum : unsigned {
  FirstVReg = 32,
  FirstAcc = 64,
  NumScoreboardRegs = FirstAcc + llvm::AccelParam::AccTiles
};

/// Load/store ports, LSU0 up to LSU1 of AccelSchedule.td.
constexpr unsigned NumLoadStorePorts =
    llvm::Accel::LSU1 - llvm::Accel::LSU0 + 1;

struct DecodedInst {
  uint16_t Opcode = 0;  ///< llvm::Accel::* opcode.
  /// Register operands by name (llvm::Accel::OpName::rd, ...), each the
  /// register's number within its file.
  uint8_t Reg[llvm::Accel::OpName::OPERAND_LAST] = {};
  int64_t Imm = 0;      ///< The immediate operand (imm), if any.
  /// llvm::Accel::Unit: the first of its itinerary's units (ALU0 for either
  /// ALU, LSU0 for either load/store port).
  uint8_t Unit = 0;
  /// A memory access's load/store port: the bundle's first access uses
  /// port 0, the second port 1.
  uint8_t Port = 0;
  uint8_t Latency = 1;  ///< Cycles until the result is ready.
  uint8_t NumSrcs = 0, NumDsts = 0;
  uint8_t Srcs[6] = {}, Dsts[2] = {}; ///< Scoreboard indices.
  int32_t Target = -1;  ///< Bundle index of a direct branch's target.
  bool WritesR0 = false; ///< Discarded, but later slots must still read 0.
};

struct Bundle {
  uint64_t Pc = 0;
  uint8_t Size = 0;     ///< Instructions (0: the word does not decode).
  uint8_t Words = 1;    ///< Instruction words, for the next bundle's pc.
  /// A slot reads a register that an earlier slot writes: execute from a
  /// snapshot so every slot sees the registers as they were.
  bool ReadsEarlierWrite = false;
  bool UsesVectors = false;
  int32_t NextSeq = -1; ///< The bundle at the next address, or -1.
  DecodedInst Insts[4];

  // The cycle model's view of the whole bundle, precomputed.
  /// Registers to wait for (an mmac's own tile excepted: see CycleModel).
  uint8_t NumReads = 0, Reads[24] = {};
  /// Registers written, with their result latencies.
  uint8_t NumWrites = 0, Writes[8] = {}, WriteLatency[8] = {};
  /// Holds a load, matrix or DMA instruction, whose timing depends on
  /// operands: the cycle model handles those one by one.
  bool DynamicTiming = false;
  /// Holds a dma.wait or dma.wait.older: the transfers it covers end
  /// before the bundle issues (the race checker retires them first).
  bool WaitsForDma = false;
};

class BundleDecoder {
public:
  BundleDecoder();
  ~BundleDecoder();

  /// Decodes every bundle of \p Prog's text.
  void decode(const LoadedProgram &Prog);

  const std::vector<Bundle> &bundles() const { return Bundles; }
  /// The bundle starting at \p Pc, or -1 (not in text, or not the start of
  /// a bundle).
  int32_t bundleAt(uint64_t Pc) const {
    uint64_t W = (Pc - TextBase) / 8;
    if (Pc % 8 || Pc < TextBase || W >= WordToBundle.size())
      return -1;
    return WordToBundle[W];
  }
  /// Assembly text of a bundle, as accel-objdump prints it.
  std::string disassemble(const Bundle &B) const;
  /// The TableGen record name of an opcode (VS_ADD_F32), NUL-terminated
  /// and lasting as long as the program.
  const char *opcodeName(unsigned Opcode) const;

private:
  void fill(DecodedInst &D, const llvm::MCInst &MI) const;
  /// Adds \p D's reads, writes and timing class to \p B's summary.
  void summarizeTiming(Bundle &B, const DecodedInst &D) const;

  llvm::AccelMCObjects MC;
  std::unique_ptr<llvm::MCDisassembler> Dis;
  std::unique_ptr<llvm::MCInstPrinter> Printer;
  std::vector<uint16_t> RegIndex; ///< MCRegister -> scoreboard index.
  std::vector<llvm::MCInst> Raw;  ///< Decoded bundles, for printing.

  std::vector<Bundle> Bundles;
  std::vector<int32_t> WordToBundle;
  uint64_t TextBase = 0;
};

} // namespace accel_sim

#endif
