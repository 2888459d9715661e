//===-- AccelOperands.td - Accel instruction operands ------*- tablegen -*-===//
//
// Every immediate sits in the 32-bit immediate field of the instruction word;
// the operand class states the legal range, which the assembler checks
// (AccelAsmParser: isImmInRange) and the disassembler enforces on decode.
//
//===----------------------------------------------------------------------===//

// An immediate operand class accepting [Lo, Hi]. Relocatable expressions are
// accepted only where a fixup can carry them (AllowExpr).
class AccelImmAsmOperand<string ClassName, int Lo, int Hi, bit AllowExpr = 0>
    : AsmOperandClass {
  let Name = ClassName;
  let RenderMethod = "addImmOperands";
  let PredicateMethod = "isImmInRange<" # Lo # "LL, " # Hi # "LL, "
                        # !if(AllowExpr, "true", "false") # ">";
  let DiagnosticType = "Invalid" # ClassName;
  let DiagnosticString = "immediate must be an integer in the range ["
                         # Lo # ", " # Hi # "]"
                         # !if(AllowExpr, " or a symbol expression", "");
}

// Also an ImmLeaf, so selection patterns can use the operand directly.
class AccelImm<string ClassName, int Lo, int Hi, bit AllowExpr = 0>
    : Operand<i64>,
      ImmLeaf<i64, "return Imm >= " # Lo # "LL && Imm <= " # Hi # "LL;"> {
  let ParserMatchClass = AccelImmAsmOperand<ClassName, Lo, Hi, AllowExpr>;
  let EncoderMethod = "getImm32OpValue";
  let DecoderMethod = "decodeImmOperand<" # Lo # "LL, " # Hi # "LL>";
  let OperandType = "OPERAND_IMMEDIATE";
}

// Sign-extended 32-bit immediate: ALU operands, load/store offsets, `li`.
def simm32 : AccelImm<"SImm32", -2147483648, 2147483647, 1>;
// Raw 32 bits for `lih` (upper half of a 64-bit constant).
def uimm32 : AccelImm<"UImm32", 0, 4294967295> {
  let PrintMethod = "printHexImm";
}
def shamt6  : AccelImm<"UImm6", 0, 63>;   // 64-bit shift amount
def shamt5  : AccelImm<"UImm5", 0, 31>;   // 32-bit shift amount
def lane    : AccelImm<"Lane", 0, !sub(VectorLanes.Value, 1)>;    // vector lane
def dmach   : AccelImm<"DmaChannel", 0, !sub(DmaChannels.Value, 1)>; // DMA channel
def syscode : AccelImm<"SysCode", 0, 255>;  // `sys` service number

// Branch, jump and call targets: a signed 32-bit byte offset from the address
// of the bundle holding the instruction.
def BrTargetAsmOperand : AsmOperandClass {
  let Name = "BrTarget";
  let RenderMethod = "addImmOperands";
  let PredicateMethod = "isImmInRange<-2147483648LL, 2147483647LL, true>";
  let DiagnosticType = "InvalidBrTarget";
  let DiagnosticString = "branch target must be a label or a byte offset in "
                         "the signed 32-bit range";
}

def brtarget : Operand<OtherVT> {
  let ParserMatchClass = BrTargetAsmOperand;
  let EncoderMethod = "getBranchTargetOpValue";
  let DecoderMethod = "decodeImmOperand<-2147483648LL, 2147483647LL>";
  let PrintMethod = "printBranchTarget";
  let OperandType = "OPERAND_PCREL";
}

// Call targets: encoded like branch targets, typed as pointers so that
// selection patterns can place a symbol in them.
def calltarget : Operand<i64> {
  let ParserMatchClass = BrTargetAsmOperand;
  let EncoderMethod = "getBranchTargetOpValue";
  let DecoderMethod = "decodeImmOperand<-2147483648LL, 2147483647LL>";
  let PrintMethod = "printBranchTarget";
  let OperandType = "OPERAND_PCREL";
}
