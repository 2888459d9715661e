//===-- AccelInstrInfoFloat.td - scalar floating point -----*- tablegen -*-===//
//
// IEEE-754 binary32 and binary64 in the general registers, round to nearest
// even, no exception flags. An f32 operand is the low 32 bits of its register;
// an f32 result is written zero-extended. Compares write 1 or 0.
//
//===----------------------------------------------------------------------===//

multiclass FloatOps<string Ty, bits<4> Group> {
  def _ADD : FmtR<Group, 0, (outs GPR:$rd), (ins GPR:$rs1, GPR:$rs2),
                  "fadd." # Ty # " $rd, $rs1, $rs2", IIFpu>;
  def _SUB : FmtR<Group, 1, (outs GPR:$rd), (ins GPR:$rs1, GPR:$rs2),
                  "fsub." # Ty # " $rd, $rs1, $rs2", IIFpu>;
  def _MUL : FmtR<Group, 2, (outs GPR:$rd), (ins GPR:$rs1, GPR:$rs2),
                  "fmul." # Ty # " $rd, $rs1, $rs2", IIFpu>;
  def _DIV : FmtR<Group, 3, (outs GPR:$rd), (ins GPR:$rs1, GPR:$rs2),
                  "fdiv." # Ty # " $rd, $rs1, $rs2", IIFdiv>;
  // IEEE-754 minNum/maxNum: a NaN operand yields the other operand.
  def _MIN : FmtR<Group, 4, (outs GPR:$rd), (ins GPR:$rs1, GPR:$rs2),
                  "fmin." # Ty # " $rd, $rs1, $rs2", IIFpuFast>;
  def _MAX : FmtR<Group, 5, (outs GPR:$rd), (ins GPR:$rs1, GPR:$rs2),
                  "fmax." # Ty # " $rd, $rs1, $rs2", IIFpuFast>;
  def _SQRT : FmtR1<Group, 6, (outs GPR:$rd), (ins GPR:$rs1),
                    "fsqrt." # Ty # " $rd, $rs1", IIFdiv>;
  def _NEG : FmtR1<Group, 7, (outs GPR:$rd), (ins GPR:$rs1),
                   "fneg." # Ty # " $rd, $rs1", IIFpuFast>;
  def _ABS : FmtR1<Group, 8, (outs GPR:$rd), (ins GPR:$rs1),
                   "fabs." # Ty # " $rd, $rs1", IIFpuFast>;
  // rd = rs1 * rs2 + rs3 with a single rounding.
  def _FMA : FmtR4<Group, 9, (outs GPR:$rd), (ins GPR:$rs1, GPR:$rs2, GPR:$rs3),
                   "fma." # Ty # " $rd, $rs1, $rs2, $rs3", IIFpu>;
  // Ordered compares are false when either operand is NaN; fun (unordered)
  // is true exactly then.
  def _EQ : FmtR<Group, 10, (outs GPR:$rd), (ins GPR:$rs1, GPR:$rs2),
                 "feq." # Ty # " $rd, $rs1, $rs2", IIFpuFast>;
  def _LT : FmtR<Group, 11, (outs GPR:$rd), (ins GPR:$rs1, GPR:$rs2),
                 "flt." # Ty # " $rd, $rs1, $rs2", IIFpuFast>;
  def _LE : FmtR<Group, 12, (outs GPR:$rd), (ins GPR:$rs1, GPR:$rs2),
                 "fle." # Ty # " $rd, $rs1, $rs2", IIFpuFast>;
  def _UN : FmtR<Group, 13, (outs GPR:$rd), (ins GPR:$rs1, GPR:$rs2),
                 "fun." # Ty # " $rd, $rs1, $rs2", IIFpuFast>;
}

defm F32 : FloatOps<"f32", GrpF32.V>;
defm F64 : FloatOps<"f64", GrpF64.V>;

//===----------------------------------------------------------------------===//
// Conversions cvt.<to>.<from>. Float to integer truncates toward zero and
// saturates: out-of-range values give the nearest representable integer,
// NaN gives 0. Integer to float rounds to nearest even.
//===----------------------------------------------------------------------===//

class Cvt<bits<6> Func, string To, string From>
    : FmtR1<GrpCvt.V, Func, (outs GPR:$rd), (ins GPR:$rs1),
            "cvt." # To # "." # From # " $rd, $rs1", IICvt>;

def CVT_F64_F32 : Cvt<0, "f64", "f32">;
def CVT_F32_F64 : Cvt<1, "f32", "f64">;
def CVT_I32_F32 : Cvt<2, "i32", "f32">;
def CVT_U32_F32 : Cvt<3, "u32", "f32">;
def CVT_I64_F32 : Cvt<4, "i64", "f32">;
def CVT_U64_F32 : Cvt<5, "u64", "f32">;
def CVT_I32_F64 : Cvt<6, "i32", "f64">;
def CVT_U32_F64 : Cvt<7, "u32", "f64">;
def CVT_I64_F64 : Cvt<8, "i64", "f64">;
def CVT_U64_F64 : Cvt<9, "u64", "f64">;
def CVT_F32_I32 : Cvt<10, "f32", "i32">;
def CVT_F32_U32 : Cvt<11, "f32", "u32">;
def CVT_F32_I64 : Cvt<12, "f32", "i64">;
def CVT_F32_U64 : Cvt<13, "f32", "u64">;
def CVT_F64_I32 : Cvt<14, "f64", "i32">;
def CVT_F64_U32 : Cvt<15, "f64", "u32">;
def CVT_F64_I64 : Cvt<16, "f64", "i64">;
def CVT_F64_U64 : Cvt<17, "f64", "u64">;
