//===-- AccelInstrFormats.td - Accel instruction encodings -*- tablegen -*-===//
//
// Every instruction is one 64-bit little-endian word:
//
//   63  62      59 58     53 52   48 47   43 42   38 37   33 32 31          0
//  +---+----------+---------+-------+-------+-------+-------+---+-------------+
//  | E |  group   |  func   |   A   |   B   |   C   |   D   | 0 |    imm32    |
//  +---+----------+---------+-------+-------+-------+-------+---+-------------+
//
// E     end of bundle: set on the last word of a bundle. The encoder sets it
//       (AccelMCCodeEmitter); it is 0 here and masked off before decoding.
// group 4-bit instruction group, func 6-bit function: together the opcode.
// A..D  5-bit register fields; unused fields and bit 32 are 0 (a word with a
//       nonzero unused field does not decode).
// imm32 immediate, branch offset, lane, channel or service number.
//
// The formats below name which operand each field holds.
//
//===----------------------------------------------------------------------===//

// Opcode groups.
def GrpInt    { bits<4> V = 0;  } // 64-bit integer register-register
def GrpIntW   { bits<4> V = 1;  } // 32-bit integer register-register
def GrpIntImm { bits<4> V = 2;  } // integer register-immediate
def GrpMem    { bits<4> V = 3;  } // scalar loads and stores
def GrpCtrl   { bits<4> V = 4;  } // branches, jumps, calls, system
def GrpF32    { bits<4> V = 5;  } // f32 arithmetic
def GrpF64    { bits<4> V = 6;  } // f64 arithmetic
def GrpCvt    { bits<4> V = 7;  } // scalar conversions
def GrpVMem   { bits<4> V = 8;  } // vector loads and stores
def GrpVF32   { bits<4> V = 9;  } // vector f32 arithmetic
def GrpVI32   { bits<4> V = 10; } // vector i32 arithmetic and logic
def GrpVMisc  { bits<4> V = 11; } // vector moves, reductions, conversions
def GrpMatrix { bits<4> V = 12; } // matrix unit
def GrpDma    { bits<4> V = 13; } // DMA engine
def GrpStream { bits<4> V = 14; } // vector stream engine

class AccelInst<bits<4> Group, bits<6> Func, dag Outs, dag Ins, string Asm,
                InstrItinClass Itin> : Instruction {
  field bits<64> Inst;
  field bits<64> SoftFail = 0;
  let Namespace = "Accel";
  let DecoderNamespace = "Accel";
  let Size = 8;
  let OutOperandList = Outs;
  let InOperandList = Ins;
  let AsmString = Asm;
  let Itinerary = Itin;
  let hasSideEffects = 0;
  let mayLoad = 0;
  let mayStore = 0;
  // The simulator reads operands by name (Accel::getNamedOperandIdx).
  let UseNamedOperandTable = 1;

  let Inst{63} = 0;
  let Inst{62-59} = Group;
  let Inst{58-53} = Func;
  let Inst{32} = 0;
}

// Each format binds the fields it uses to named operands and zeroes the rest.

// R: A = rd, B = rs1, C = rs2.
class FmtR<bits<4> G, bits<6> F, dag Outs, dag Ins, string Asm,
           InstrItinClass Itin> : AccelInst<G, F, Outs, Ins, Asm, Itin> {
  bits<5> rd;
  bits<5> rs1;
  bits<5> rs2;
  let Inst{52-48} = rd;
  let Inst{47-43} = rs1;
  let Inst{42-38} = rs2;
  let Inst{37-33} = 0;
  let Inst{31-0} = 0;
}

// R4: A = rd, B = rs1, C = rs2, D = rs3.
class FmtR4<bits<4> G, bits<6> F, dag Outs, dag Ins, string Asm,
            InstrItinClass Itin> : AccelInst<G, F, Outs, Ins, Asm, Itin> {
  bits<5> rd;
  bits<5> rs1;
  bits<5> rs2;
  bits<5> rs3;
  let Inst{52-48} = rd;
  let Inst{47-43} = rs1;
  let Inst{42-38} = rs2;
  let Inst{37-33} = rs3;
  let Inst{31-0} = 0;
}

// R1: A = rd, B = rs1 (unary operations).
class FmtR1<bits<4> G, bits<6> F, dag Outs, dag Ins, string Asm,
            InstrItinClass Itin> : AccelInst<G, F, Outs, Ins, Asm, Itin> {
  bits<5> rd;
  bits<5> rs1;
  let Inst{52-48} = rd;
  let Inst{47-43} = rs1;
  let Inst{42-33} = 0;
  let Inst{31-0} = 0;
}

// I: A = rd, B = rs1, imm32 = imm. Loads use B as the base and imm as the
// byte offset.
class FmtI<bits<4> G, bits<6> F, dag Outs, dag Ins, string Asm,
           InstrItinClass Itin> : AccelInst<G, F, Outs, Ins, Asm, Itin> {
  bits<5> rd;
  bits<5> rs1;
  bits<32> imm;
  let Inst{52-48} = rd;
  let Inst{47-43} = rs1;
  let Inst{42-33} = 0;
  let Inst{31-0} = imm;
}

// S: B = rs1 (base), C = rs2 (value), imm32 = byte offset. Stores, and
// conditional branches (B, C compared; imm32 = target offset).
class FmtS<bits<4> G, bits<6> F, dag Outs, dag Ins, string Asm,
           InstrItinClass Itin> : AccelInst<G, F, Outs, Ins, Asm, Itin> {
  bits<5> rs1;
  bits<5> rs2;
  bits<32> imm;
  let Inst{52-48} = 0;
  let Inst{47-43} = rs1;
  let Inst{42-38} = rs2;
  let Inst{37-33} = 0;
  let Inst{31-0} = imm;
}

// J: imm32 only (jumps, calls, sys).
class FmtJ<bits<4> G, bits<6> F, dag Outs, dag Ins, string Asm,
           InstrItinClass Itin> : AccelInst<G, F, Outs, Ins, Asm, Itin> {
  bits<32> imm;
  let Inst{52-33} = 0;
  let Inst{31-0} = imm;
}

// N: no operands.
class FmtN<bits<4> G, bits<6> F, string Asm, InstrItinClass Itin>
    : AccelInst<G, F, (outs), (ins), Asm, Itin> {
  let Inst{52-33} = 0;
  let Inst{31-0} = 0;
}

// X: A = ra, B = rb, C = rc, D = rd, imm32 = imm, all sources (matrix and DMA
// operations, which write only engine state or memory). Each instruction sets
// the fields it does not use to 0.
class FmtX<bits<4> G, bits<6> F, dag Outs, dag Ins, string Asm,
           InstrItinClass Itin> : AccelInst<G, F, Outs, Ins, Asm, Itin> {
  bits<5> ra;
  bits<5> rb;
  bits<5> rc;
  bits<5> rd;
  bits<32> imm;
  let Inst{52-48} = ra;
  let Inst{47-43} = rb;
  let Inst{42-38} = rc;
  let Inst{37-33} = rd;
  let Inst{31-0} = imm;
}
