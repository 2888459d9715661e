//===-- SemanticsCoverage.h - which opcodes have semantics ------*- C++ -*-===//

#ifndef ACCEL_SIM_SEMANTICSCOVERAGE_H
#define ACCEL_SIM_SEMANTICSCOVERAGE_H

namespace accel_sim {

/// Whether a semantics file (sim/semantics/*.inc) has an entry for the
/// llvm::Accel opcode \p Opcode.
bool hasSemantics(unsigned Opcode);

} // namespace accel_sim

#endif
