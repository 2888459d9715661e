//===-- Fault.h - simulator faults and exit statuses ------------*- C++ -*-===//
//
// A fault stops the program. Each kind has its own exit status, all above the
// 0..127 range of program exit statuses (docs/simulator.md).
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_SIM_FAULT_H
#define ACCEL_SIM_FAULT_H

#include <cstdint>
#include <string>

namespace accel_sim {

enum class FaultKind {
  None = 0,
  IllegalInstruction = 129, // bad encoding, bad sys number, bad pc
  MisalignedAccess = 130,
  OutOfRangeAccess = 131,
  TextWrite = 132,
  DmaFault = 133,
  MatrixFault = 134,
  StackOverflow = 135,
  Trap = 136,
  MaxCycles = 137,
  StreamFault = 139, // a stream engine operand outside the scratchpad (138:
                     // Debugger::KilledStatus)
  Race = 140,        // an access conflicts with work in flight, or work is
                     // left in flight at exit or a region's end
};

/// The status for a simulator that could not run the program at all (usage,
/// unreadable or invalid ELF).
constexpr int LoadFailureStatus = 255;

const char *getFaultName(FaultKind K);

/// "0x1f": addresses and values in messages, lowercase like accel-objdump.
std::string hex(uint64_t Value);

struct Fault {
  FaultKind Kind = FaultKind::None;
  std::string Detail;
  explicit operator bool() const { return Kind != FaultKind::None; }
};

} // namespace accel_sim

#endif
