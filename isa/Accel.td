//===-- Accel.td - Accel target description ----------------*- tablegen -*-===//
//
// The single source of truth for the Accel ISA: registers, instructions and
// their encodings, functional units and latencies, machine parameters.
// llvm-target/AccelCodeGen.td adds the compiler's patterns and intrinsics,
// and every generator runs on that: register, instruction and subtarget
// info, the asm matcher and writer, the code emitter, the disassembler, the
// named-operand table the simulator reads operands through, the machine-
// parameter table, instruction selection and the DFA packetizer. docs/isa.md
// describes the same instructions in prose (test/docs checks it against
// this file).
//
//===----------------------------------------------------------------------===//

include "llvm/Target/Target.td"

include "AccelMachine.td"
include "AccelRegisterInfo.td"
include "AccelSchedule.td"
include "AccelOperands.td"
include "AccelInstrFormats.td"
include "AccelInstrInfo.td"
include "AccelCallingConv.td"

def AccelInstrInfo : InstrInfo;

def AccelAsmParser : AsmParser {
  // Operand diagnostics (out-of-range immediates, wrong register file) come
  // from the DiagnosticString of each operand class.
  let ReportMultipleNearMisses = 0;
}

def AccelAsmWriter : AsmWriter;

def : ProcessorModel<"generic", AccelSchedModel, []>;

def Accel : Target {
  let InstructionSet = AccelInstrInfo;
  let AssemblyParsers = [AccelAsmParser];
  let AssemblyWriters = [AccelAsmWriter];
}
