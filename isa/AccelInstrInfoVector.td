//===-- AccelInstrInfoVector.td - vector unit --------------*- tablegen -*-===//
//
// 512-bit vector registers of 16 lanes, each an f32 or i32. Lane i of a
// vector in memory is at address + 4*i (unit stride) or + stride*i (strided).
// Vector memory accesses issue on the LSU, everything else on the VPU.
// Compares write all ones (true) or zero to each lane; vsel picks by lane.
//
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Loads and stores. Addresses are 4-byte aligned.
//===----------------------------------------------------------------------===//

let mayLoad = 1 in {
def VLD : FmtI<GrpVMem.V, 0, (outs VR:$rd), (ins GPR:$rs1, simm32:$imm),
               "vld $rd, ${imm}(${rs1})", IIVLoad>;
// Lane i from rs1 + i * rs2.
def VLD_S : FmtR<GrpVMem.V, 2, (outs VR:$rd), (ins GPR:$rs1, GPR:$rs2),
                 "vld.s $rd, $rs1, $rs2", IIVLoad>;
}

let mayStore = 1 in {
def VST : FmtS<GrpVMem.V, 1, (outs), (ins VR:$rs2, GPR:$rs1, simm32:$imm),
               "vst $rs2, ${imm}(${rs1})", IIVStore>;
// Lane i to rs1 + i * rs2.
let rd = 0 in
def VST_S : FmtR4<GrpVMem.V, 3, (outs), (ins VR:$rs3, GPR:$rs1, GPR:$rs2),
                  "vst.s $rs3, $rs1, $rs2", IIVStore>;
}

//===----------------------------------------------------------------------===//
// Lane-wise arithmetic.
//===----------------------------------------------------------------------===//

class VBinary<bits<4> Group, bits<6> Func, string Mn,
              InstrItinClass Itin = IIVAlu>
    : FmtR<Group, Func, (outs VR:$rd), (ins VR:$rs1, VR:$rs2),
           Mn # " $rd, $rs1, $rs2", Itin>;

class VUnary<bits<4> Group, bits<6> Func, string Mn, InstrItinClass Itin>
    : FmtR1<Group, Func, (outs VR:$rd), (ins VR:$rs1), Mn # " $rd, $rs1", Itin>;

def VADD_F32 : VBinary<GrpVF32.V, 0, "vadd.f32", IIVMul>;
def VSUB_F32 : VBinary<GrpVF32.V, 1, "vsub.f32", IIVMul>;
def VMUL_F32 : VBinary<GrpVF32.V, 2, "vmul.f32", IIVMul>;
def VMIN_F32 : VBinary<GrpVF32.V, 3, "vmin.f32">;
def VMAX_F32 : VBinary<GrpVF32.V, 4, "vmax.f32">;
// rd = rs1 * rs2 + rs3, single rounding.
def VFMA_F32 : FmtR4<GrpVF32.V, 5, (outs VR:$rd),
                     (ins VR:$rs1, VR:$rs2, VR:$rs3),
                     "vfma.f32 $rd, $rs1, $rs2, $rs3", IIVMul>;
def VCEQ_F32 : VBinary<GrpVF32.V, 6, "vceq.f32">;
def VCLT_F32 : VBinary<GrpVF32.V, 7, "vclt.f32">;
def VCLE_F32 : VBinary<GrpVF32.V, 8, "vcle.f32">;
// Approximations: relative error below 2^-20 (see docs/isa.md).
def VEXP_F32   : VUnary<GrpVF32.V, 9,  "vexp.f32",   IIVSpecial>;
def VRCP_F32   : VUnary<GrpVF32.V, 10, "vrcp.f32",   IIVSpecial>;
def VRSQRT_F32 : VUnary<GrpVF32.V, 11, "vrsqrt.f32", IIVSpecial>;
def VTANH_F32  : VUnary<GrpVF32.V, 12, "vtanh.f32",  IIVSpecial>;

def VADD_I32 : VBinary<GrpVI32.V, 0,  "vadd.i32">;
def VSUB_I32 : VBinary<GrpVI32.V, 1,  "vsub.i32">;
def VMUL_I32 : VBinary<GrpVI32.V, 2,  "vmul.i32", IIVMul>;
def VMIN_I32 : VBinary<GrpVI32.V, 3,  "vmin.i32">;
def VMAX_I32 : VBinary<GrpVI32.V, 4,  "vmax.i32">;
def VCEQ_I32 : VBinary<GrpVI32.V, 6,  "vceq.i32">;
def VCLT_I32 : VBinary<GrpVI32.V, 7,  "vclt.i32">;
def VCLE_I32 : VBinary<GrpVI32.V, 8,  "vcle.i32">;
def VAND     : VBinary<GrpVI32.V, 12, "vand">;
def VOR      : VBinary<GrpVI32.V, 13, "vor">;
def VXOR     : VBinary<GrpVI32.V, 14, "vxor">;
def VSHL_I32 : VBinary<GrpVI32.V, 15, "vshl.i32">; // shift by lane mod 32
def VSRL_I32 : VBinary<GrpVI32.V, 16, "vsrl.i32">;
def VSRA_I32 : VBinary<GrpVI32.V, 17, "vsra.i32">;
// Lane i: rd = rs1[i] != 0 ? rs2[i] : rs3[i].
def VSEL : FmtR4<GrpVI32.V, 18, (outs VR:$rd), (ins VR:$rs1, VR:$rs2, VR:$rs3),
                 "vsel $rd, $rs1, $rs2, $rs3", IIVAlu>;

//===----------------------------------------------------------------------===//
// Moves, lanes, reductions and conversions.
//===----------------------------------------------------------------------===//

def VMOV : VUnary<GrpVMisc.V, 0, "vmov", IIVMove>;
// Every lane = low 32 bits of rs1.
def VBCAST : FmtR1<GrpVMisc.V, 1, (outs VR:$rd), (ins GPR:$rs1),
                   "vbcast $rd, $rs1", IIVMove>;
// rd = sext(rs1[lane]).
def VEXT : FmtI<GrpVMisc.V, 2, (outs GPR:$rd), (ins VR:$rs1, lane:$imm),
                "vext $rd, $rs1, $imm", IIVMove>;
// rd[lane] = low 32 bits of rs1; other lanes unchanged.
let Constraints = "$rd = $src" in
def VINS : FmtI<GrpVMisc.V, 3, (outs VR:$rd), (ins VR:$src, GPR:$rs1, lane:$imm),
                "vins $rd, $rs1, $imm", IIVMove>;

// Horizontal reductions into a general register (f32 zero-extended, i32
// sign-extended). Sums add in a fixed pairwise tree, documented in isa.md.
class VReduce<bits<6> Func, string Mn>
    : FmtR1<GrpVMisc.V, Func, (outs GPR:$rd), (ins VR:$rs1),
            Mn # " $rd, $rs1", IIVReduce>;

def VREDSUM_F32 : VReduce<4, "vredsum.f32">;
def VREDMAX_F32 : VReduce<5, "vredmax.f32">;
def VREDSUM_I32 : VReduce<6, "vredsum.i32">;
def VREDMAX_I32 : VReduce<7, "vredmax.i32">;

def VCVT_F32_I32 : VUnary<GrpVMisc.V, 8, "vcvt.f32.i32", IIVMove>;
def VCVT_I32_F32 : VUnary<GrpVMisc.V, 9, "vcvt.i32.f32", IIVMove>;
// Half precision, two 16-bit elements a lane (the even one low): rd[i] packs
// rs1[i] (low half) and rs2[i] (high half) rounded to nearest even, overflow
// to infinity, subnormals as IEEE, a NaN quiet with its sign and top payload.
def VCVT_F16_F32  : VBinary<GrpVMisc.V, 10, "vcvt.f16.f32", IIVMove>;
def VCVT_BF16_F32 : VBinary<GrpVMisc.V, 11, "vcvt.bf16.f32", IIVMove>;
// rd[i] = rs1[i]'s low (.lo) or high (.hi) f16 half as f32, exactly. bf16
// needs no instruction: its f32 is its bits moved up (vshl, vand).
def VCVT_F32_F16_LO : VUnary<GrpVMisc.V, 12, "vcvt.f32.f16.lo", IIVMove>;
def VCVT_F32_F16_HI : VUnary<GrpVMisc.V, 13, "vcvt.f32.f16.hi", IIVMove>;
