//===-- AccelInstrInfoScalar.td - integer, memory, control -*- tablegen -*-===//

//===----------------------------------------------------------------------===//
// Integer register-register operations. Each has a 64-bit form (group Int)
// and a 32-bit form with a ".w" suffix (group IntW, same function code) that
// operates on the low 32 bits and sign-extends the 32-bit result.
//===----------------------------------------------------------------------===//

multiclass IntRR<string Mn, bits<6> Func, InstrItinClass Itin = IIAlu> {
  def NAME : FmtR<GrpInt.V, Func, (outs GPR:$rd), (ins GPR:$rs1, GPR:$rs2),
                  Mn # " $rd, $rs1, $rs2", Itin>;
  def _W : FmtR<GrpIntW.V, Func, (outs GPR:$rd), (ins GPR:$rs1, GPR:$rs2),
                Mn # ".w $rd, $rs1, $rs2", Itin>;
}

defm ADD  : IntRR<"add",  0>;
defm SUB  : IntRR<"sub",  1>;
defm AND  : IntRR<"and",  2>;
defm OR   : IntRR<"or",   3>;
defm XOR  : IntRR<"xor",  4>;
defm SHL  : IntRR<"shl",  5>;  // shift amount: rs2 mod width
defm SRL  : IntRR<"srl",  6>;
defm SRA  : IntRR<"sra",  7>;
defm MUL  : IntRR<"mul",  8, IIMul>;
defm DIV  : IntRR<"div",  9, IIDiv>;   // x/0 = -1, INT_MIN/-1 = INT_MIN
defm DIVU : IntRR<"divu", 10, IIDiv>;  // x/0 = all ones
defm REM  : IntRR<"rem",  11, IIDiv>;  // x%0 = x, INT_MIN%-1 = 0
defm REMU : IntRR<"remu", 12, IIDiv>;  // x%0 = x
defm SEQ  : IntRR<"seq",  13>;         // compares write 1 or 0
defm SNE  : IntRR<"sne",  14>;
defm SLT  : IntRR<"slt",  15>;
defm SLTU : IntRR<"sltu", 16>;

def MULH  : FmtR<GrpInt.V, 17, (outs GPR:$rd), (ins GPR:$rs1, GPR:$rs2),
                 "mulh $rd, $rs1, $rs2", IIMul>;
def MULHU : FmtR<GrpInt.V, 18, (outs GPR:$rd), (ins GPR:$rs1, GPR:$rs2),
                 "mulhu $rd, $rs1, $rs2", IIMul>;
// rd = rs1 != 0 ? rs2 : rs3
def SEL   : FmtR4<GrpInt.V, 19, (outs GPR:$rd),
                  (ins GPR:$rs1, GPR:$rs2, GPR:$rs3),
                  "sel $rd, $rs1, $rs2, $rs3", IIAlu>;

//===----------------------------------------------------------------------===//
// Integer register-immediate operations (imm sign-extended from 32 bits).
//===----------------------------------------------------------------------===//

class IntRI<string Mn, bits<6> Func, Operand ImmOp>
    : FmtI<GrpIntImm.V, Func, (outs GPR:$rd), (ins GPR:$rs1, ImmOp:$imm),
           Mn # " $rd, $rs1, $imm", IIAlu>;

def ADDI   : IntRI<"addi",   0, simm32>;
def ANDI   : IntRI<"andi",   1, simm32>;
def ORI    : IntRI<"ori",    2, simm32>;
def XORI   : IntRI<"xori",   3, simm32>;
def SHLI   : IntRI<"shli",   4, shamt6>;
def SRLI   : IntRI<"srli",   5, shamt6>;
def SRAI   : IntRI<"srai",   6, shamt6>;
def SLTI   : IntRI<"slti",   7, simm32>;
def SLTIU  : IntRI<"sltiu",  8, simm32>;
def ADDI_W : IntRI<"addi.w", 16, simm32>;
def SHLI_W : IntRI<"shli.w", 17, shamt5>;
def SRLI_W : IntRI<"srli.w", 18, shamt5>;
def SRAI_W : IntRI<"srai.w", 19, shamt5>;

// rd = sext(imm)
let rs1 = 0, isMoveImm = 1, isReMaterializable = 1, isAsCheapAsAMove = 1 in
def LI : FmtI<GrpIntImm.V, 32, (outs GPR:$rd), (ins simm32:$imm),
              "li $rd, $imm", IIAlu>;
// rd = (rs1 & 0xffffffff) | (imm << 32)
def LIH : FmtI<GrpIntImm.V, 33, (outs GPR:$rd), (ins GPR:$rs1, uimm32:$imm),
               "lih $rd, $rs1, $imm", IIAlu>;

//===----------------------------------------------------------------------===//
// Loads and stores: address = rs1 + sext(imm), naturally aligned.
//===----------------------------------------------------------------------===//

class Load<string Mn, bits<6> Func>
    : FmtI<GrpMem.V, Func, (outs GPR:$rd), (ins GPR:$rs1, simm32:$imm),
           Mn # " $rd, ${imm}(${rs1})", IILoad> {
  let mayLoad = 1;
}

def LD_I8  : Load<"ld.i8",  0>;
def LD_U8  : Load<"ld.u8",  1>;
def LD_I16 : Load<"ld.i16", 2>;
def LD_U16 : Load<"ld.u16", 3>;
def LD_I32 : Load<"ld.i32", 4>;
def LD_U32 : Load<"ld.u32", 5>;
def LD_I64 : Load<"ld.i64", 6>;

class Store<string Mn, bits<6> Func>
    : FmtS<GrpMem.V, Func, (outs), (ins GPR:$rs2, GPR:$rs1, simm32:$imm),
           Mn # " $rs2, ${imm}(${rs1})", IIStore> {
  let mayStore = 1;
}

def ST_I8  : Store<"st.i8",  16>;
def ST_I16 : Store<"st.i16", 17>;
def ST_I32 : Store<"st.i32", 18>;
def ST_I64 : Store<"st.i64", 19>;

//===----------------------------------------------------------------------===//
// Control transfer. Targets are byte offsets from the bundle's address; the
// transfer takes effect after the whole bundle has executed.
//===----------------------------------------------------------------------===//

class CondBranch<string Mn, bits<6> Func>
    : FmtS<GrpCtrl.V, Func, (outs), (ins GPR:$rs1, GPR:$rs2, brtarget:$imm),
           Mn # " $rs1, $rs2, $imm", IIBranch> {
  let isBranch = 1;
  let isTerminator = 1;
}

def BEQ  : CondBranch<"beq",  0>;
def BNE  : CondBranch<"bne",  1>;
def BLT  : CondBranch<"blt",  2>;
def BGE  : CondBranch<"bge",  3>;
def BLTU : CondBranch<"bltu", 4>;
def BGEU : CondBranch<"bgeu", 5>;

let isBranch = 1, isTerminator = 1, isBarrier = 1 in
def JMP : FmtJ<GrpCtrl.V, 8, (outs), (ins brtarget:$imm), "jmp $imm",
               IIBranch>;

// r31 = address of the next bundle; pc = target.
let isCall = 1, Defs = [R31] in
def CALL : FmtJ<GrpCtrl.V, 9, (outs), (ins calltarget:$imm), "call $imm",
                IIBranch>;

let rd = 0 in {
let isBranch = 1, isIndirectBranch = 1, isTerminator = 1, isBarrier = 1 in
def JR : FmtR1<GrpCtrl.V, 10, (outs), (ins GPR:$rs1), "jr $rs1", IIBranch>;

let isCall = 1, Defs = [R31] in
def CALLR : FmtR1<GrpCtrl.V, 11, (outs), (ins GPR:$rs1), "callr $rs1",
                  IIBranch>;
}

let isReturn = 1, isTerminator = 1, isBarrier = 1, Uses = [R31] in
def RET : FmtN<GrpCtrl.V, 12, "ret", IIBranch>;

// System service `imm` with arguments in r1..r3 and the result in r1
// (0: exit(r1); 1: write(fd r1, buffer r2, length r3); 2, 3: begin and end
// the region of interest).
let hasSideEffects = 1, mayLoad = 1, Uses = [R1, R2, R3], Defs = [R1] in
def SYS : FmtJ<GrpCtrl.V, 16, (outs), (ins syscode:$imm), "sys $imm",
               IIBranch>;

// Stops the program with a trap fault (llvm.trap and llvm.debugtrap). Not
// a terminator: debugtrap may stand in the middle of a block.
let hasSideEffects = 1, isTrap = 1 in
def TRAP : FmtN<GrpCtrl.V, 17, "trap", IIBranch>;

def NOP : FmtN<GrpCtrl.V, 18, "nop", IIAlu>;
