# Vector unit: loads and stores (group 8, GrpVMem), f32 arithmetic (group 9,
# GrpVF32), i32 arithmetic and logic (group 10, GrpVI32), and moves, lane
# access, reductions and conversions (group 11, GrpVMisc).
#   vld    I format:  A = vd, B = base, imm32 = offset
#   vst    S format:  C = vs (value), B = base, imm32 = offset
#   vld.s  R format:  A = vd, B = base, C = stride
#   vst.s  R4 format: D = vs (value), B = base, C = stride, A = 0
#   vext   I format:  A = rd (GPR), B = vs, imm32 = lane 0..15
#   vins   I format:  A = vd, B = rs (GPR), imm32 = lane 0..15
#   vbcast R1 format: A = vd, B = rs (GPR); reductions A = rd (GPR), B = vs
# Expected encodings are computed from AccelInstrFormats.td (see int-valid.s).
#
# RUN: accel-as --show-encoding %s \
# RUN:   | FileCheck --check-prefixes=CHECK-ASM,CHECK-ENC %s
# RUN: accel-as %s -o %t.o
# RUN: accel-objdump -d %t.o | FileCheck --check-prefix=CHECK-OBJ %s

# CHECK-OBJ: Disassembly of section .text:

# Vector memory (group 8): vld 0, vst 1, vld.s 2, vst.s 3.
# CHECK-ASM: vld v1, 0(r2)
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x10,0x01,0xc0]
# CHECK-OBJ-NEXT: 0: c001100000000000 vld v1, 0(r2)
vld v1, 0(r2)
# CHECK-ASM: vld v31, -64(r31)
# CHECK-ENC-SAME: # encoding: [0xc0,0xff,0xff,0xff,0x00,0xf8,0x1f,0xc0]
# CHECK-OBJ-NEXT: 8: c01ff800ffffffc0 vld v31, -64(r31)
vld v31, -64(r31)
# CHECK-ASM: vld v0, 0(r5)
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x28,0x00,0xc0]
# CHECK-OBJ-NEXT: 10: c000280000000000 vld v0, 0(r5)
vld v0, (r5)
# CHECK-ASM: vld v7, 2147483647(r0)
# CHECK-ENC-SAME: # encoding: [0xff,0xff,0xff,0x7f,0x00,0x00,0x07,0xc0]
# CHECK-OBJ-NEXT: 18: c00700007fffffff vld v7, 2147483647(r0)
vld v7, 2147483647(r0)
# CHECK-ASM: vst v3, 64(r4)
# CHECK-ENC-SAME: # encoding: [0x40,0x00,0x00,0x00,0xc0,0x20,0x20,0xc0]
# CHECK-OBJ-NEXT: 20: c02020c000000040 vst v3, 64(r4)
vst v3, 64(r4)
# CHECK-ASM: vst v31, -2147483648(r0)
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x80,0xc0,0x07,0x20,0xc0]
# CHECK-OBJ-NEXT: 28: c02007c080000000 vst v31, -2147483648(r0)
vst v31, -2147483648(r0)
# CHECK-ASM: vst v0, 0(r31)
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xf8,0x20,0xc0]
# CHECK-OBJ-NEXT: 30: c020f80000000000 vst v0, 0(r31)
vst v0, (r31)
# CHECK-ASM: vld.s v5, r6, r7
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0x31,0x45,0xc0]
# CHECK-OBJ-NEXT: 38: c04531c000000000 vld.s v5, r6, r7
vld.s v5, r6, r7
# CHECK-ASM: vld.s v31, r31, r0
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xf8,0x5f,0xc0]
# CHECK-OBJ-NEXT: 40: c05ff80000000000 vld.s v31, r31, r0
vld.s v31, r31, r0
# CHECK-ASM: vst.s v8, r9, r10
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x90,0x4a,0x60,0xc0]
# CHECK-OBJ-NEXT: 48: c0604a9000000000 vst.s v8, r9, r10
vst.s v8, r9, r10
# CHECK-ASM: vst.s v31, r0, r31
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xfe,0x07,0x60,0xc0]
# CHECK-OBJ-NEXT: 50: c06007fe00000000 vst.s v31, r0, r31
vst.s v31, r0, r31

# f32 lane arithmetic (group 9): func 0..4, vfma 5 (R4), compares 6..8,
# approximations 9..12 (R1).
# CHECK-ASM: vadd.f32 v1, v2, v3
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0x10,0x01,0xc8]
# CHECK-OBJ-NEXT: 58: c80110c000000000 vadd.f32 v1, v2, v3
vadd.f32 v1, v2, v3
# CHECK-ASM: vsub.f32 v31, v30, v29
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x40,0xf7,0x3f,0xc8]
# CHECK-OBJ-NEXT: 60: c83ff74000000000 vsub.f32 v31, v30, v29
vsub.f32 v31, v30, v29
# CHECK-ASM: vmul.f32 v0, v31, v0
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xf8,0x40,0xc8]
# CHECK-OBJ-NEXT: 68: c840f80000000000 vmul.f32 v0, v31, v0
vmul.f32 v0, v31, v0
# CHECK-ASM: vmin.f32 v4, v5, v6
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x80,0x29,0x64,0xc8]
# CHECK-OBJ-NEXT: 70: c864298000000000 vmin.f32 v4, v5, v6
vmin.f32 v4, v5, v6
# CHECK-ASM: vmax.f32 v7, v8, v9
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x40,0x42,0x87,0xc8]
# CHECK-OBJ-NEXT: 78: c887424000000000 vmax.f32 v7, v8, v9
vmax.f32 v7, v8, v9
# CHECK-ASM: vfma.f32 v1, v2, v3, v4
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc8,0x10,0xa1,0xc8]
# CHECK-OBJ-NEXT: 80: c8a110c800000000 vfma.f32 v1, v2, v3, v4
vfma.f32 v1, v2, v3, v4
# CHECK-ASM: vfma.f32 v31, v30, v29, v28
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x78,0xf7,0xbf,0xc8]
# CHECK-OBJ-NEXT: 88: c8bff77800000000 vfma.f32 v31, v30, v29, v28
vfma.f32 v31, v30, v29, v28
# CHECK-ASM: vceq.f32 v10, v11, v12
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x5b,0xca,0xc8]
# CHECK-OBJ-NEXT: 90: c8ca5b0000000000 vceq.f32 v10, v11, v12
vceq.f32 v10, v11, v12
# CHECK-ASM: vclt.f32 v13, v14, v15
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0x73,0xed,0xc8]
# CHECK-OBJ-NEXT: 98: c8ed73c000000000 vclt.f32 v13, v14, v15
vclt.f32 v13, v14, v15
# CHECK-ASM: vcle.f32 v16, v17, v18
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x80,0x8c,0x10,0xc9]
# CHECK-OBJ-NEXT: a0: c9108c8000000000 vcle.f32 v16, v17, v18
vcle.f32 v16, v17, v18
# CHECK-ASM: vexp.f32 v19, v20
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xa0,0x33,0xc9]
# CHECK-OBJ-NEXT: a8: c933a00000000000 vexp.f32 v19, v20
vexp.f32 v19, v20
# CHECK-ASM: vrcp.f32 v22, v23
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xb8,0x56,0xc9]
# CHECK-OBJ-NEXT: b0: c956b80000000000 vrcp.f32 v22, v23
vrcp.f32 v22, v23
# CHECK-ASM: vrsqrt.f32 v25, v26
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xd0,0x79,0xc9]
# CHECK-OBJ-NEXT: b8: c979d00000000000 vrsqrt.f32 v25, v26
vrsqrt.f32 v25, v26
# CHECK-ASM: vtanh.f32 v27, v28
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xe0,0x9b,0xc9]
# CHECK-OBJ-NEXT: c0: c99be00000000000 vtanh.f32 v27, v28
vtanh.f32 v27, v28

# i32 lane arithmetic and logic (group 10): func 0..4, 6..8, 12..17, vsel 18 (R4).
# CHECK-ASM: vadd.i32 v1, v2, v3
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0x10,0x01,0xd0]
# CHECK-OBJ-NEXT: c8: d00110c000000000 vadd.i32 v1, v2, v3
vadd.i32 v1, v2, v3
# CHECK-ASM: vsub.i32 v31, v30, v29
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x40,0xf7,0x3f,0xd0]
# CHECK-OBJ-NEXT: d0: d03ff74000000000 vsub.i32 v31, v30, v29
vsub.i32 v31, v30, v29
# CHECK-ASM: vmul.i32 v0, v31, v0
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xf8,0x40,0xd0]
# CHECK-OBJ-NEXT: d8: d040f80000000000 vmul.i32 v0, v31, v0
vmul.i32 v0, v31, v0
# CHECK-ASM: vmin.i32 v4, v5, v6
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x80,0x29,0x64,0xd0]
# CHECK-OBJ-NEXT: e0: d064298000000000 vmin.i32 v4, v5, v6
vmin.i32 v4, v5, v6
# CHECK-ASM: vmax.i32 v7, v8, v9
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x40,0x42,0x87,0xd0]
# CHECK-OBJ-NEXT: e8: d087424000000000 vmax.i32 v7, v8, v9
vmax.i32 v7, v8, v9
# CHECK-ASM: vceq.i32 v10, v11, v12
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x5b,0xca,0xd0]
# CHECK-OBJ-NEXT: f0: d0ca5b0000000000 vceq.i32 v10, v11, v12
vceq.i32 v10, v11, v12
# CHECK-ASM: vclt.i32 v13, v14, v15
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0x73,0xed,0xd0]
# CHECK-OBJ-NEXT: f8: d0ed73c000000000 vclt.i32 v13, v14, v15
vclt.i32 v13, v14, v15
# CHECK-ASM: vcle.i32 v16, v17, v18
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x80,0x8c,0x10,0xd1]
# CHECK-OBJ-NEXT: 100: d1108c8000000000 vcle.i32 v16, v17, v18
vcle.i32 v16, v17, v18
# CHECK-ASM: vand v19, v20, v21
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x40,0xa5,0x93,0xd1]
# CHECK-OBJ-NEXT: 108: d193a54000000000 vand v19, v20, v21
vand v19, v20, v21
# CHECK-ASM: vor v22, v23, v24
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xbe,0xb6,0xd1]
# CHECK-OBJ-NEXT: 110: d1b6be0000000000 vor v22, v23, v24
vor v22, v23, v24
# CHECK-ASM: vxor v25, v26, v27
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0xd6,0xd9,0xd1]
# CHECK-OBJ-NEXT: 118: d1d9d6c000000000 vxor v25, v26, v27
vxor v25, v26, v27
# CHECK-ASM: vshl.i32 v28, v29, v30
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x80,0xef,0xfc,0xd1]
# CHECK-OBJ-NEXT: 120: d1fcef8000000000 vshl.i32 v28, v29, v30
vshl.i32 v28, v29, v30
# CHECK-ASM: vsrl.i32 v31, v0, v31
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0x07,0x1f,0xd2]
# CHECK-OBJ-NEXT: 128: d21f07c000000000 vsrl.i32 v31, v0, v31
vsrl.i32 v31, v0, v31
# CHECK-ASM: vsra.i32 v2, v4, v8
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x22,0x22,0xd2]
# CHECK-OBJ-NEXT: 130: d222220000000000 vsra.i32 v2, v4, v8
vsra.i32 v2, v4, v8
# CHECK-ASM: vsel v1, v2, v3, v4
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc8,0x10,0x41,0xd2]
# CHECK-OBJ-NEXT: 138: d24110c800000000 vsel v1, v2, v3, v4
vsel v1, v2, v3, v4
# CHECK-ASM: vsel v0, v31, v0, v31
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x3e,0xf8,0x40,0xd2]
# CHECK-OBJ-NEXT: 140: d240f83e00000000 vsel v0, v31, v0, v31
vsel v0, v31, v0, v31

# Moves, lanes, reductions, conversions (group 11): func 0..9.
# CHECK-ASM: vmov v1, v2
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x10,0x01,0xd8]
# CHECK-OBJ-NEXT: 148: d801100000000000 vmov v1, v2
vmov v1, v2
# CHECK-ASM: vmov v31, v0
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x00,0x1f,0xd8]
# CHECK-OBJ-NEXT: 150: d81f000000000000 vmov v31, v0
vmov v31, v0
# CHECK-ASM: vbcast v3, r4
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x20,0x23,0xd8]
# CHECK-OBJ-NEXT: 158: d823200000000000 vbcast v3, r4
vbcast v3, r4
# CHECK-ASM: vbcast v31, r31
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xf8,0x3f,0xd8]
# CHECK-OBJ-NEXT: 160: d83ff80000000000 vbcast v31, r31
vbcast v31, r31
# CHECK-ASM: vext r1, v2, 0
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x10,0x41,0xd8]
# CHECK-OBJ-NEXT: 168: d841100000000000 vext r1, v2, 0
vext r1, v2, 0
# CHECK-ASM: vext r31, v31, 15
# CHECK-ENC-SAME: # encoding: [0x0f,0x00,0x00,0x00,0x00,0xf8,0x5f,0xd8]
# CHECK-OBJ-NEXT: 170: d85ff8000000000f vext r31, v31, 15
vext r31, v31, 15
# CHECK-ASM: vins v3, r4, 0
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x20,0x63,0xd8]
# CHECK-OBJ-NEXT: 178: d863200000000000 vins v3, r4, 0
vins v3, r4, 0
# CHECK-ASM: vins v31, r0, 15
# CHECK-ENC-SAME: # encoding: [0x0f,0x00,0x00,0x00,0x00,0x00,0x7f,0xd8]
# CHECK-OBJ-NEXT: 180: d87f00000000000f vins v31, r0, 15
vins v31, r0, 15
# CHECK-ASM: vredsum.f32 r1, v2
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x10,0x81,0xd8]
# CHECK-OBJ-NEXT: 188: d881100000000000 vredsum.f32 r1, v2
vredsum.f32 r1, v2
# CHECK-ASM: vredmax.f32 r31, v30
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xf0,0xbf,0xd8]
# CHECK-OBJ-NEXT: 190: d8bff00000000000 vredmax.f32 r31, v30
vredmax.f32 r31, v30
# CHECK-ASM: vredsum.i32 r0, v31
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xf8,0xc0,0xd8]
# CHECK-OBJ-NEXT: 198: d8c0f80000000000 vredsum.i32 r0, v31
vredsum.i32 r0, v31
# CHECK-ASM: vredmax.i32 r5, v6
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x30,0xe5,0xd8]
# CHECK-OBJ-NEXT: 1a0: d8e5300000000000 vredmax.i32 r5, v6
vredmax.i32 r5, v6
# CHECK-ASM: vcvt.f32.i32 v7, v8
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x40,0x07,0xd9]
# CHECK-OBJ-NEXT: 1a8: d907400000000000 vcvt.f32.i32 v7, v8
vcvt.f32.i32 v7, v8
# CHECK-ASM: vcvt.i32.f32 v31, v1
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x08,0x3f,0xd9]
# CHECK-OBJ-NEXT: 1b0: d93f080000000000 vcvt.i32.f32 v31, v1
vcvt.i32.f32 v31, v1

# A vector load (LSU), a vector operation (VPU) and two ALU operations in one bundle.
# CHECK-ASM: { vld v1, 0(r2) ; vfma.f32 v3, v4, v5, v6 ; add r7, r8, r9 ; addi r2, r2, 64 }
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x10,0x01,0x40,0x00,0x00,0x00,0x00,0x4c,0x21,0xa3,0x48,0x00,0x00,0x00,0x00,0x40,0x42,0x07,0x00,0x40,0x00,0x00,0x00,0x00,0x10,0x02,0x90]
# CHECK-OBJ-NEXT: 1b8: 4001100000000000 { vld v1, 0(r2)
# CHECK-OBJ-NEXT: 1c0: 48a3214c00000000 vfma.f32 v3, v4, v5, v6
# CHECK-OBJ-NEXT: 1c8: 0007424000000000 add r7, r8, r9
# CHECK-OBJ-NEXT: 1d0: 9002100000000040 addi r2, r2, 64 }
{ vld v1, 0(r2) ; vfma.f32 v3, v4, v5, v6 ; add r7, r8, r9 ; addi r2, r2, 64 }
# CHECK-ASM: { vst.s v9, r10, r11 ; vredsum.f32 r12, v13 }

# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xd2,0x52,0x60,0x40,0x00,0x00,0x00,0x00,0x00,0x68,0x8c,0xd8]
# CHECK-OBJ-NEXT: 1d8: 406052d200000000 { vst.s v9, r10, r11
# CHECK-OBJ-NEXT: 1e0: d88c680000000000 vredsum.f32 r12, v13 }
{ vst.s v9, r10, r11 ; vredsum.f32 r12, v13 }
