//===-- AccelInstrInfo.td - Accel instructions -------------*- tablegen -*-===//
//
// The instruction set, one file per unit. docs/isa.md gives each
// instruction's semantics; the record names (ADD, ADD_W, LD_I32, VFMA_F32,
// MMAC, DMA_2D, ...) are what the simulator's semantics switch on.
//
//===----------------------------------------------------------------------===//

include "AccelInstrInfoScalar.td"
include "AccelInstrInfoFloat.td"
include "AccelInstrInfoVector.td"
include "AccelInstrInfoMatrix.td"
include "AccelInstrInfoStream.td"
