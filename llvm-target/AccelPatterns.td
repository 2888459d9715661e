//===-- AccelPatterns.td - Accel instruction selection -----*- tablegen -*-===//
//
// Target nodes, code-generation pseudos and the SelectionDAG patterns that
// map LLVM's nodes onto Accel instructions. i32 is not a legal type: it is
// promoted to i64, and patterns on sext_inreg pick the ".w" forms.
//
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Target nodes (AccelISD::*).
//===----------------------------------------------------------------------===//

def SDT_AccelCall : SDTypeProfile<0, -1, [SDTCisVT<0, i64>]>;
def SDT_AccelCallSeqStart : SDCallSeqStart<[SDTCisVT<0, i64>,
                                            SDTCisVT<1, i64>]>;
def SDT_AccelCallSeqEnd : SDCallSeqEnd<[SDTCisVT<0, i64>, SDTCisVT<1, i64>]>;

def Accel_call : SDNode<"AccelISD::CALL", SDT_AccelCall,
                        [SDNPHasChain, SDNPOptInGlue, SDNPOutGlue,
                         SDNPVariadic]>;
def Accel_ret : SDNode<"AccelISD::RET", SDTNone,
                       [SDNPHasChain, SDNPOptInGlue, SDNPVariadic]>;
// The absolute address of a symbol (always below 2^31: one `li`).
def Accel_addr : SDNode<"AccelISD::ADDR", SDTIntUnaryOp>;
// f32 <-> its bit pattern in a 64-bit integer (zero-extended).
def Accel_f32_to_bits : SDNode<"AccelISD::F32_TO_BITS",
                               SDTypeProfile<1, 1, [SDTCisVT<0, i64>,
                                                    SDTCisVT<1, f32>]>>;
def Accel_bits_to_f32 : SDNode<"AccelISD::BITS_TO_F32",
                               SDTypeProfile<1, 1, [SDTCisVT<0, f32>,
                                                    SDTCisVT<1, i64>]>>;
def callseq_start : SDNode<"ISD::CALLSEQ_START", SDT_AccelCallSeqStart,
                           [SDNPHasChain, SDNPOutGlue]>;
def callseq_end : SDNode<"ISD::CALLSEQ_END", SDT_AccelCallSeqEnd,
                         [SDNPHasChain, SDNPOptInGlue, SDNPOutGlue]>;

//===----------------------------------------------------------------------===//
// Pseudos, expanded before emission.
//===----------------------------------------------------------------------===//

class AccelPseudo<dag Outs, dag Ins, list<dag> Pat>
    : Instruction {
  let Namespace = "Accel";
  let OutOperandList = Outs;
  let InOperandList = Ins;
  let Pattern = Pat;
  let isPseudo = 1;
  let isCodeGenOnly = 1;
  let AsmString = "";
  let Size = 0;
}

let Defs = [R30], Uses = [R30] in {
def ADJCALLSTACKDOWN : AccelPseudo<(outs), (ins i64imm:$amt1, i64imm:$amt2),
                                   [(callseq_start timm:$amt1, timm:$amt2)]>;
def ADJCALLSTACKUP : AccelPseudo<(outs), (ins i64imm:$amt1, i64imm:$amt2),
                                 [(callseq_end timm:$amt1, timm:$amt2)]>;
}

//===----------------------------------------------------------------------===//
// Immediates.
//===----------------------------------------------------------------------===//

// The low 32 bits, sign-extended (for li), and the high 32 bits (for lih).
def Lo32 : SDNodeXForm<imm, [{
  return CurDAG->getTargetConstant(SignExtend64<32>(N->getZExtValue()),
                                   SDLoc(N), MVT::i64);
}]>;
def Hi32 : SDNodeXForm<imm, [{
  return CurDAG->getTargetConstant(N->getZExtValue() >> 32, SDLoc(N),
                                   MVT::i64);
}]>;

// The bits of a floating-point constant, split like an integer's.
def FPLo32 : SDNodeXForm<fpimm, [{
  uint64_t Bits = N->getValueAPF().bitcastToAPInt().getZExtValue();
  return CurDAG->getTargetConstant(SignExtend64<32>(Bits), SDLoc(N), MVT::i64);
}]>;
def FPHi32 : SDNodeXForm<fpimm, [{
  uint64_t Bits = N->getValueAPF().bitcastToAPInt().getZExtValue();
  return CurDAG->getTargetConstant(Bits >> 32, SDLoc(N), MVT::i64);
}]>;

def : Pat<(i64 simm32:$i), (LI imm:$i)>;
// An f32 reads only the low 32 bits of its register, so one li suffices.
def : Pat<(f32 fpimm:$f), (COPY_TO_REGCLASS (LI (FPLo32 fpimm:$f)), GPR)>;
def : Pat<(f64 fpimm:$f),
          (COPY_TO_REGCLASS (LIH (LI (FPLo32 fpimm:$f)), (FPHi32 fpimm:$f)),
                            GPR)>;
def : Pat<(i64 imm:$i), (LIH (LI (Lo32 imm:$i)), (Hi32 imm:$i))>;

def : Pat<(Accel_addr tglobaladdr:$s), (LI tglobaladdr:$s)>;
def : Pat<(Accel_addr texternalsym:$s), (LI texternalsym:$s)>;
def : Pat<(Accel_addr tjumptable:$s), (LI tjumptable:$s)>;
def : Pat<(Accel_addr tconstpool:$s), (LI tconstpool:$s)>;
def : Pat<(Accel_addr tblockaddress:$s), (LI tblockaddress:$s)>;

//===----------------------------------------------------------------------===//
// Integer arithmetic.
//===----------------------------------------------------------------------===//

class RR<SDPatternOperator Op, Instruction Inst>
    : Pat<(Op GPR:$a, GPR:$b), (Inst GPR:$a, GPR:$b)>;
class RI<SDPatternOperator Op, AccelImm Leaf, Instruction Inst>
    : Pat<(Op GPR:$a, Leaf:$i), (Inst GPR:$a, imm:$i)>;

def : RR<add, ADD>;
def : RR<sub, SUB>;
def : RR<and, AND>;
def : RR<or, OR>;
def : RR<xor, XOR>;
def : RR<shl, SHL>;
def : RR<srl, SRL>;
def : RR<sra, SRA>;
def : RR<mul, MUL>;
def : RR<mulhs, MULH>;
def : RR<mulhu, MULHU>;
def : RR<sdiv, DIV>;
def : RR<udiv, DIVU>;
def : RR<srem, REM>;
def : RR<urem, REMU>;

def : RI<add, simm32, ADDI>;
def : RI<and, simm32, ANDI>;
def : RI<or, simm32, ORI>;
def : RI<xor, simm32, XORI>;
def : RI<shl, shamt6, SHLI>;
def : RI<srl, shamt6, SRLI>;
def : RI<sra, shamt6, SRAI>;

// 32-bit operations whose result is sign-extended: the ".w" forms.
class RRW<SDPatternOperator Op, Instruction Inst>
    : Pat<(sext_inreg (Op GPR:$a, GPR:$b), i32), (Inst GPR:$a, GPR:$b)>;
def : RRW<add, ADD_W>;
def : RRW<sub, SUB_W>;
def : RRW<mul, MUL_W>;
def : Pat<(sext_inreg (add GPR:$a, simm32:$i), i32),
          (ADDI_W GPR:$a, imm:$i)>;
def : Pat<(sext_inreg (shl GPR:$a, shamt5:$i), i32),
          (SHLI_W GPR:$a, imm:$i)>;
def : Pat<(sext_inreg GPR:$a, i32), (ADDI_W GPR:$a, 0)>;
def : Pat<(sext_inreg GPR:$a, i16), (SRAI (SHLI GPR:$a, 48), 48)>;
def : Pat<(sext_inreg GPR:$a, i8), (SRAI (SHLI GPR:$a, 56), 56)>;

//===----------------------------------------------------------------------===//
// Comparisons (results 1 or 0) and select.
//===----------------------------------------------------------------------===//

def : Pat<(seteq (i64 GPR:$a), GPR:$b), (SEQ GPR:$a, GPR:$b)>;
def : Pat<(setne (i64 GPR:$a), GPR:$b), (SNE GPR:$a, GPR:$b)>;
def : Pat<(setlt (i64 GPR:$a), GPR:$b), (SLT GPR:$a, GPR:$b)>;
def : Pat<(setult (i64 GPR:$a), GPR:$b), (SLTU GPR:$a, GPR:$b)>;
def : Pat<(setgt (i64 GPR:$a), GPR:$b), (SLT GPR:$b, GPR:$a)>;
def : Pat<(setugt (i64 GPR:$a), GPR:$b), (SLTU GPR:$b, GPR:$a)>;
def : Pat<(setge (i64 GPR:$a), GPR:$b), (XORI (SLT GPR:$a, GPR:$b), 1)>;
def : Pat<(setuge (i64 GPR:$a), GPR:$b), (XORI (SLTU GPR:$a, GPR:$b), 1)>;
def : Pat<(setle (i64 GPR:$a), GPR:$b), (XORI (SLT GPR:$b, GPR:$a), 1)>;
def : Pat<(setule (i64 GPR:$a), GPR:$b), (XORI (SLTU GPR:$b, GPR:$a), 1)>;
def : Pat<(setlt (i64 GPR:$a), simm32:$i), (SLTI GPR:$a, imm:$i)>;
def : Pat<(setult (i64 GPR:$a), simm32:$i), (SLTIU GPR:$a, imm:$i)>;

foreach Ty = [i64, f64, f32] in
def : Pat<(Ty (select GPR:$c, (Ty GPR:$t), (Ty GPR:$f))),
          (SEL GPR:$c, GPR:$t, GPR:$f)>;

//===----------------------------------------------------------------------===//
// Loads and stores: base register + sign-extended 32-bit offset.
//===----------------------------------------------------------------------===//

def AddrRegImm : ComplexPattern<i64, 2, "selectAddrRegImm", [frameindex]>;

class LdPat<PatFrag Load, Instruction Inst, ValueType Ty>
    : Pat<(Ty (Load (AddrRegImm (i64 GPR:$base), simm32:$off))),
          (Inst GPR:$base, simm32:$off)>;
class StPat<PatFrag Store, Instruction Inst, ValueType Ty>
    : Pat<(Store (Ty GPR:$v), (AddrRegImm (i64 GPR:$base), simm32:$off)),
          (Inst GPR:$v, GPR:$base, simm32:$off)>;

def : LdPat<sextloadi8, LD_I8, i64>;
def : LdPat<zextloadi8, LD_U8, i64>;
def : LdPat<extloadi8, LD_U8, i64>;
def : LdPat<sextloadi16, LD_I16, i64>;
def : LdPat<zextloadi16, LD_U16, i64>;
def : LdPat<extloadi16, LD_U16, i64>;
def : LdPat<sextloadi32, LD_I32, i64>;
def : LdPat<zextloadi32, LD_U32, i64>;
def : LdPat<extloadi32, LD_U32, i64>;
def : LdPat<load, LD_I64, i64>;
def : LdPat<load, LD_I64, f64>;
def : LdPat<load, LD_U32, f32>;

def : StPat<truncstorei8, ST_I8, i64>;
def : StPat<truncstorei16, ST_I16, i64>;
def : StPat<truncstorei32, ST_I32, i64>;
def : StPat<store, ST_I64, i64>;
def : StPat<store, ST_I64, f64>;
def : StPat<store, ST_I32, f32>;

// Atomic accesses never reach selection: on one non-preemptible core
// AtomicExpand rewrites them as plain ones (AccelISelLowering.h).

//===----------------------------------------------------------------------===//
// Control flow.
//===----------------------------------------------------------------------===//

def : Pat<(br bb:$t), (JMP bb:$t)>;
def : Pat<(brind (i64 GPR:$r)), (JR GPR:$r)>;
def : Pat<(brcond (i64 (seteq (i64 GPR:$a), GPR:$b)), bb:$t), (BEQ GPR:$a, GPR:$b, bb:$t)>;
def : Pat<(brcond (i64 (setne (i64 GPR:$a), GPR:$b)), bb:$t), (BNE GPR:$a, GPR:$b, bb:$t)>;
def : Pat<(brcond (i64 (setlt (i64 GPR:$a), GPR:$b)), bb:$t), (BLT GPR:$a, GPR:$b, bb:$t)>;
def : Pat<(brcond (i64 (setge (i64 GPR:$a), GPR:$b)), bb:$t), (BGE GPR:$a, GPR:$b, bb:$t)>;
def : Pat<(brcond (i64 (setult (i64 GPR:$a), GPR:$b)), bb:$t), (BLTU GPR:$a, GPR:$b, bb:$t)>;
def : Pat<(brcond (i64 (setuge (i64 GPR:$a), GPR:$b)), bb:$t), (BGEU GPR:$a, GPR:$b, bb:$t)>;
def : Pat<(brcond (i64 (setgt (i64 GPR:$a), GPR:$b)), bb:$t), (BLT GPR:$b, GPR:$a, bb:$t)>;
def : Pat<(brcond (i64 (setle (i64 GPR:$a), GPR:$b)), bb:$t), (BGE GPR:$b, GPR:$a, bb:$t)>;
def : Pat<(brcond (i64 (setugt (i64 GPR:$a), GPR:$b)), bb:$t), (BLTU GPR:$b, GPR:$a, bb:$t)>;
def : Pat<(brcond (i64 (setule (i64 GPR:$a), GPR:$b)), bb:$t), (BGEU GPR:$b, GPR:$a, bb:$t)>;
def : Pat<(brcond (i64 GPR:$c), bb:$t), (BNE GPR:$c, (i64 R0), bb:$t)>;

def : Pat<(Accel_call tglobaladdr:$f), (CALL tglobaladdr:$f)>;
def : Pat<(Accel_call texternalsym:$f), (CALL texternalsym:$f)>;
def : Pat<(Accel_call (i64 GPR:$f)), (CALLR GPR:$f)>;
def : Pat<(Accel_ret), (RET)>;

//===----------------------------------------------------------------------===//
// Floating point (values in the general registers).
//===----------------------------------------------------------------------===//

multiclass FloatPats<ValueType Ty, string P> {
  def : Pat<(fadd (Ty GPR:$a), (Ty GPR:$b)), (!cast<Instruction>(P # "_ADD") GPR:$a, GPR:$b)>;
  def : Pat<(fsub (Ty GPR:$a), (Ty GPR:$b)), (!cast<Instruction>(P # "_SUB") GPR:$a, GPR:$b)>;
  def : Pat<(fmul (Ty GPR:$a), (Ty GPR:$b)), (!cast<Instruction>(P # "_MUL") GPR:$a, GPR:$b)>;
  def : Pat<(fdiv (Ty GPR:$a), (Ty GPR:$b)), (!cast<Instruction>(P # "_DIV") GPR:$a, GPR:$b)>;
  def : Pat<(fminnum (Ty GPR:$a), (Ty GPR:$b)), (!cast<Instruction>(P # "_MIN") GPR:$a, GPR:$b)>;
  def : Pat<(fmaxnum (Ty GPR:$a), (Ty GPR:$b)), (!cast<Instruction>(P # "_MAX") GPR:$a, GPR:$b)>;
  def : Pat<(fsqrt (Ty GPR:$a)), (!cast<Instruction>(P # "_SQRT") GPR:$a)>;
  def : Pat<(fneg (Ty GPR:$a)), (!cast<Instruction>(P # "_NEG") GPR:$a)>;
  def : Pat<(fabs (Ty GPR:$a)), (!cast<Instruction>(P # "_ABS") GPR:$a)>;
  def : Pat<(fma (Ty GPR:$a), (Ty GPR:$b), (Ty GPR:$c)),
            (!cast<Instruction>(P # "_FMA") GPR:$a, GPR:$b, GPR:$c)>;

  defvar EQ = !cast<Instruction>(P # "_EQ");
  defvar LT = !cast<Instruction>(P # "_LT");
  defvar LE = !cast<Instruction>(P # "_LE");
  defvar UN = !cast<Instruction>(P # "_UN");
  // Ordered (and "don't care") compares are direct; unordered ones are
  // negations of the opposite ordered compare.
  foreach CC = [SETOEQ, SETEQ] in
  def : Pat<(setcc (Ty GPR:$a), (Ty GPR:$b), CC), (EQ GPR:$a, GPR:$b)>;
  foreach CC = [SETOLT, SETLT] in
  def : Pat<(setcc (Ty GPR:$a), (Ty GPR:$b), CC), (LT GPR:$a, GPR:$b)>;
  foreach CC = [SETOLE, SETLE] in
  def : Pat<(setcc (Ty GPR:$a), (Ty GPR:$b), CC), (LE GPR:$a, GPR:$b)>;
  foreach CC = [SETOGT, SETGT] in
  def : Pat<(setcc (Ty GPR:$a), (Ty GPR:$b), CC), (LT GPR:$b, GPR:$a)>;
  foreach CC = [SETOGE, SETGE] in
  def : Pat<(setcc (Ty GPR:$a), (Ty GPR:$b), CC), (LE GPR:$b, GPR:$a)>;
  def : Pat<(setcc (Ty GPR:$a), (Ty GPR:$b), SETUO), (UN GPR:$a, GPR:$b)>;
  def : Pat<(setcc (Ty GPR:$a), (Ty GPR:$b), SETO),
            (XORI (UN GPR:$a, GPR:$b), 1)>;
  foreach CC = [SETUNE, SETNE] in
  def : Pat<(setcc (Ty GPR:$a), (Ty GPR:$b), CC),
            (XORI (EQ GPR:$a, GPR:$b), 1)>;
  def : Pat<(setcc (Ty GPR:$a), (Ty GPR:$b), SETUEQ),
            (OR (UN GPR:$a, GPR:$b), (EQ GPR:$a, GPR:$b))>;
  def : Pat<(setcc (Ty GPR:$a), (Ty GPR:$b), SETONE),
            (XORI (OR (UN GPR:$a, GPR:$b), (EQ GPR:$a, GPR:$b)), 1)>;
  def : Pat<(setcc (Ty GPR:$a), (Ty GPR:$b), SETULT),
            (XORI (LE GPR:$b, GPR:$a), 1)>;
  def : Pat<(setcc (Ty GPR:$a), (Ty GPR:$b), SETULE),
            (XORI (LT GPR:$b, GPR:$a), 1)>;
  def : Pat<(setcc (Ty GPR:$a), (Ty GPR:$b), SETUGT),
            (XORI (LE GPR:$a, GPR:$b), 1)>;
  def : Pat<(setcc (Ty GPR:$a), (Ty GPR:$b), SETUGE),
            (XORI (LT GPR:$a, GPR:$b), 1)>;
}
defm : FloatPats<f32, "F32">;
defm : FloatPats<f64, "F64">;

def : Pat<(f64 (fpextend (f32 GPR:$a))), (CVT_F64_F32 GPR:$a)>;
def : Pat<(f32 (fpround (f64 GPR:$a))), (CVT_F32_F64 GPR:$a)>;
def : Pat<(i64 (fp_to_sint (f32 GPR:$a))), (CVT_I64_F32 GPR:$a)>;
def : Pat<(i64 (fp_to_uint (f32 GPR:$a))), (CVT_U64_F32 GPR:$a)>;
def : Pat<(i64 (fp_to_sint (f64 GPR:$a))), (CVT_I64_F64 GPR:$a)>;
def : Pat<(i64 (fp_to_uint (f64 GPR:$a))), (CVT_U64_F64 GPR:$a)>;
def : Pat<(f32 (sint_to_fp (i64 GPR:$a))), (CVT_F32_I64 GPR:$a)>;
def : Pat<(f32 (uint_to_fp (i64 GPR:$a))), (CVT_F32_U64 GPR:$a)>;
def : Pat<(f64 (sint_to_fp (i64 GPR:$a))), (CVT_F64_I64 GPR:$a)>;
def : Pat<(f64 (uint_to_fp (i64 GPR:$a))), (CVT_F64_U64 GPR:$a)>;

// Bit patterns: f64 and i64 share all 64 bits; an f32 is the low half, and
// its integer image is zero-extended.
def : Pat<(i64 (bitconvert (f64 GPR:$a))), (COPY_TO_REGCLASS GPR:$a, GPR)>;
def : Pat<(f64 (bitconvert (i64 GPR:$a))), (COPY_TO_REGCLASS GPR:$a, GPR)>;
def : Pat<(Accel_f32_to_bits (f32 GPR:$a)), (SRLI (SHLI GPR:$a, 32), 32)>;
def : Pat<(Accel_bits_to_f32 (i64 GPR:$a)), (COPY_TO_REGCLASS GPR:$a, GPR)>;

//===----------------------------------------------------------------------===//
// Vectors: <16 x float> and <16 x i32> in the vector registers. A lane
// value in a general register is an f32, or an i32 promoted to i64.
//===----------------------------------------------------------------------===//

def Accel_vbcast : SDNode<"AccelISD::VBCAST",
                          SDTypeProfile<1, 1, [SDTCisVec<0>]>>;
// A lane insert that the DAG combiner leaves alone (BUILD_VECTOR lowering).
def Accel_vins : SDNode<"AccelISD::VINS",
                        SDTypeProfile<1, 3, [SDTCisVec<0>, SDTCisSameAs<0, 1>,
                                             SDTCisVT<3, i64>]>>;

foreach VT = [v16f32, v16i32] in {
  def : Pat<(VT (load (AddrRegImm (i64 GPR:$base), simm32:$off))),
            (VLD GPR:$base, simm32:$off)>;
  def : Pat<(store (VT VR:$v), (AddrRegImm (i64 GPR:$base), simm32:$off)),
            (VST VR:$v, GPR:$base, simm32:$off)>;
  def : Pat<(VT (vselect (v16i32 VR:$m), (VT VR:$a), (VT VR:$b))),
            (VSEL VR:$m, VR:$a, VR:$b)>;
}
def : Pat<(v16f32 (bitconvert (v16i32 VR:$v))), (v16f32 VR:$v)>;
def : Pat<(v16i32 (bitconvert (v16f32 VR:$v))), (v16i32 VR:$v)>;

def : Pat<(v16f32 (Accel_vbcast (f32 GPR:$x))), (VBCAST GPR:$x)>;
def : Pat<(v16i32 (Accel_vbcast (i64 GPR:$x))), (VBCAST GPR:$x)>;
def : Pat<(v16f32 (Accel_vins (v16f32 VR:$v), (f32 GPR:$x), lane:$i)),
          (VINS VR:$v, GPR:$x, lane:$i)>;
def : Pat<(v16i32 (Accel_vins (v16i32 VR:$v), (i64 GPR:$x), lane:$i)),
          (VINS VR:$v, GPR:$x, lane:$i)>;
def : Pat<(f32 (extractelt (v16f32 VR:$v), lane:$i)), (VEXT VR:$v, lane:$i)>;
def : Pat<(i64 (vector_extract (v16i32 VR:$v), lane:$i)), (VEXT VR:$v, lane:$i)>;
def : Pat<(v16f32 (insertelt (v16f32 VR:$v), (f32 GPR:$x), lane:$i)),
          (VINS VR:$v, GPR:$x, lane:$i)>;
def : Pat<(v16i32 (vector_insert (v16i32 VR:$v), (i64 GPR:$x), lane:$i)),
          (VINS VR:$v, GPR:$x, lane:$i)>;

class VPat2<SDPatternOperator Op, ValueType VT, Instruction Inst>
    : Pat<(VT (Op (VT VR:$a), (VT VR:$b))), (Inst VR:$a, VR:$b)>;
def : VPat2<fadd, v16f32, VADD_F32>;
def : VPat2<fsub, v16f32, VSUB_F32>;
def : VPat2<fmul, v16f32, VMUL_F32>;
def : VPat2<fminnum, v16f32, VMIN_F32>;
def : VPat2<fmaxnum, v16f32, VMAX_F32>;
def : Pat<(v16f32 (fma VR:$a, VR:$b, VR:$c)), (VFMA_F32 VR:$a, VR:$b, VR:$c)>;
def : VPat2<add, v16i32, VADD_I32>;
def : VPat2<sub, v16i32, VSUB_I32>;
def : VPat2<mul, v16i32, VMUL_I32>;
def : VPat2<smin, v16i32, VMIN_I32>;
def : VPat2<smax, v16i32, VMAX_I32>;
def : VPat2<and, v16i32, VAND>;
def : VPat2<or, v16i32, VOR>;
def : VPat2<xor, v16i32, VXOR>;
def : VPat2<shl, v16i32, VSHL_I32>;
def : VPat2<srl, v16i32, VSRL_I32>;
def : VPat2<sra, v16i32, VSRA_I32>;
def : Pat<(v16f32 (sint_to_fp (v16i32 VR:$a))), (VCVT_F32_I32 VR:$a)>;
def : Pat<(v16i32 (fp_to_sint (v16f32 VR:$a))), (VCVT_I32_F32 VR:$a)>;

// Compares give all-ones or zero lanes; greater-than swaps the operands.
multiclass VCmpPats<ValueType VT, Instruction EQ, Instruction LT,
                    Instruction LE, list<CondCode> EQs, list<CondCode> LTs,
                    list<CondCode> LEs, list<CondCode> GTs,
                    list<CondCode> GEs> {
  foreach CC = EQs in
  def : Pat<(v16i32 (setcc (VT VR:$a), (VT VR:$b), CC)), (EQ VR:$a, VR:$b)>;
  foreach CC = LTs in
  def : Pat<(v16i32 (setcc (VT VR:$a), (VT VR:$b), CC)), (LT VR:$a, VR:$b)>;
  foreach CC = LEs in
  def : Pat<(v16i32 (setcc (VT VR:$a), (VT VR:$b), CC)), (LE VR:$a, VR:$b)>;
  foreach CC = GTs in
  def : Pat<(v16i32 (setcc (VT VR:$a), (VT VR:$b), CC)), (LT VR:$b, VR:$a)>;
  foreach CC = GEs in
  def : Pat<(v16i32 (setcc (VT VR:$a), (VT VR:$b), CC)), (LE VR:$b, VR:$a)>;
}
defm : VCmpPats<v16f32, VCEQ_F32, VCLT_F32, VCLE_F32, [SETOEQ, SETEQ],
                [SETOLT, SETLT], [SETOLE, SETLE], [SETOGT, SETGT],
                [SETOGE, SETGE]>;
defm : VCmpPats<v16i32, VCEQ_I32, VCLT_I32, VCLE_I32, [SETEQ], [SETLT],
                [SETLE], [SETGT], [SETGE]>;

// llvm.trap and llvm.debugtrap stop the program with a trap fault (the
// simulator has no debugger to hand it to), as does llvm.ubsantrap, a
// failed -fsanitize-trap= check, which LLVM expands to a trap.
def : Pat<(trap), (TRAP)>;
def : Pat<(debugtrap), (TRAP)>;

//===----------------------------------------------------------------------===//
// Horizontal reductions (vector_reduce_* lowered in AccelISelLowering.cpp):
// f32 from v16f32, an i32 lane value (sign-extended to i64) from v16i32.
//===----------------------------------------------------------------------===//

def SDT_AccelVReduce : SDTypeProfile<1, 1, [SDTCisVec<1>]>;
def Accel_vredsum : SDNode<"AccelISD::VREDSUM", SDT_AccelVReduce>;
def Accel_vredmax : SDNode<"AccelISD::VREDMAX", SDT_AccelVReduce>;
def : Pat<(f32 (Accel_vredsum (v16f32 VR:$a))), (VREDSUM_F32 VR:$a)>;
def : Pat<(f32 (Accel_vredmax (v16f32 VR:$a))), (VREDMAX_F32 VR:$a)>;
def : Pat<(i64 (Accel_vredsum (v16i32 VR:$a))), (VREDSUM_I32 VR:$a)>;
def : Pat<(i64 (Accel_vredmax (v16i32 VR:$a))), (VREDMAX_I32 VR:$a)>;

//===----------------------------------------------------------------------===//
// Accelerator intrinsics (AccelIntrinsics.td) need no patterns: a call
// becomes its instruction as a machine node. A tile operation is this pseudo
// until its tile number becomes a register (EmitInstrWithCustomInserter):
// operands are the real opcode, the tile number and the real operands.
//===----------------------------------------------------------------------===//

let usesCustomInserter = 1, hasSideEffects = 1, mayLoad = 1, mayStore = 1 in
def PseudoTileOp : AccelPseudo<(outs), (ins i64imm:$opcode, i64imm:$tile,
                                            variable_ops), []>;

//===----------------------------------------------------------------------===//
// __builtin_setjmp and __builtin_longjmp (llvm.eh.sjlj.setjmp/longjmp). The
// buffer holds the frame address (r29) in word 0 and the stack pointer in
// word 2, both stored by clang, and the resume address in word 1, stored by
// the setjmp (docs/abi.md "__builtin_setjmp").
//===----------------------------------------------------------------------===//

def Accel_eh_sjlj_setjmp
    : SDNode<"AccelISD::EH_SJLJ_SETJMP",
             SDTypeProfile<1, 1, [SDTCisVT<0, i64>, SDTCisVT<1, i64>]>,
             [SDNPHasChain, SDNPSideEffect]>;
def Accel_eh_sjlj_longjmp
    : SDNode<"AccelISD::EH_SJLJ_LONGJMP", SDTypeProfile<0, 1, [SDTCisVT<0, i64>]>,
             [SDNPHasChain, SDNPSideEffect]>;

// $dst = 0 on the way through, 1 when a longjmp resumes here. Becomes a
// diamond of blocks with PseudoSetJmpSetup (EmitInstrWithCustomInserter).
let usesCustomInserter = 1, hasSideEffects = 1 in
def PseudoSetJmp : AccelPseudo<(outs GPR:$dst), (ins GPR:$buf),
    [(set GPR:$dst, (Accel_eh_sjlj_setjmp GPR:$buf))]>;

// Reloads r29, the resume address and r30 from the buffer and jumps
// (AccelInstrInfo::expandPostRAPseudo): after register allocation, where
// the buffer's register cannot be moved between the loads.
let isTerminator = 1, isBarrier = 1, hasSideEffects = 1, mayLoad = 1,
    Defs = [R29, R30, R31] in
def PseudoLongJmp : AccelPseudo<(outs), (ins GPR:$buf),
    [(Accel_eh_sjlj_longjmp GPR:$buf)]>;

// Emits nothing: it stands for the longjmp's arrival at $dst, an edge
// that clobbers every register (its register mask preserves none), so
// nothing is live in a register across the setjmp and the function saves
// every callee-saved register. Unanalyzable, so the blocks stay as built.
let isTerminator = 1, isBranch = 1 in
def PseudoSetJmpSetup : AccelPseudo<(outs), (ins brtarget:$dst), []>;

// The register mask of PseudoSetJmpSetup.
def CSR_Accel_NoRegs : CalleeSavedRegs<(add)>;
