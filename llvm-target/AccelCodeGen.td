//===-- AccelCodeGen.td - Accel target for code generation -*- tablegen -*-===//
//
// The top-level file every TableGen generator of the target runs on: the ISA
// of isa/ (Accel.td: registers, instructions, schedule, machine parameters)
// plus what only the compiler needs: selection patterns and pseudos
// (AccelPatterns.td) and the __accel_* intrinsics (AccelIntrinsics.td).
//
//===----------------------------------------------------------------------===//

include "Accel.td"
include "AccelPatterns.td"
include "AccelIntrinsics.td"
