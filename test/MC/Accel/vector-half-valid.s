# Vector half-precision conversions (group 11, GrpVMisc, func 10-13):
#   vcvt.f16.f32, vcvt.bf16.f32      R format:  A = vd, B = vs1 (low halves),
#                                               C = vs2 (high halves)
#   vcvt.f32.f16.lo, vcvt.f32.f16.hi R1 format: A = vd, B = vs
# Expected encodings are computed from AccelInstrFormats.td (see int-valid.s):
# E = 1 (a bundle of one), group 11, func, A, B, C, zero elsewhere.
#
# RUN: accel-as --show-encoding %s \
# RUN:   | FileCheck --check-prefixes=CHECK-ASM,CHECK-ENC %s
# RUN: accel-as %s -o %t.o
# RUN: accel-objdump -d %t.o | FileCheck --check-prefix=CHECK-OBJ %s

# CHECK-OBJ: Disassembly of section .text:

# CHECK-ASM: vcvt.f16.f32 v1, v2, v3
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0x10,0x41,0xd9]
# CHECK-OBJ-NEXT: 0: d94110c000000000 vcvt.f16.f32 v1, v2, v3
vcvt.f16.f32 v1, v2, v3
# CHECK-ASM: vcvt.f16.f32 v31, v0, v30
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x80,0x07,0x5f,0xd9]
# CHECK-OBJ-NEXT: 8: d95f078000000000 vcvt.f16.f32 v31, v0, v30
vcvt.f16.f32 v31, v0, v30
# CHECK-ASM: vcvt.bf16.f32 v4, v5, v6
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x80,0x29,0x64,0xd9]
# CHECK-OBJ-NEXT: 10: d964298000000000 vcvt.bf16.f32 v4, v5, v6
vcvt.bf16.f32 v4, v5, v6
# CHECK-ASM: vcvt.bf16.f32 v0, v31, v1
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x40,0xf8,0x60,0xd9]
# CHECK-OBJ-NEXT: 18: d960f84000000000 vcvt.bf16.f32 v0, v31, v1
vcvt.bf16.f32 v0, v31, v1
# CHECK-ASM: vcvt.f32.f16.lo v7, v8
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x40,0x87,0xd9]
# CHECK-OBJ-NEXT: 20: d987400000000000 vcvt.f32.f16.lo v7, v8
vcvt.f32.f16.lo v7, v8
# CHECK-ASM: vcvt.f32.f16.lo v31, v0
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x00,0x9f,0xd9]
# CHECK-OBJ-NEXT: 28: d99f000000000000 vcvt.f32.f16.lo v31, v0
vcvt.f32.f16.lo v31, v0
# CHECK-ASM: vcvt.f32.f16.hi v9, v10
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x50,0xa9,0xd9]
# CHECK-OBJ-NEXT: 30: d9a9500000000000 vcvt.f32.f16.hi v9, v10
vcvt.f32.f16.hi v9, v10
# CHECK-ASM: vcvt.f32.f16.hi v0, v31
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xf8,0xa0,0xd9]
# CHECK-OBJ-NEXT: 38: d9a0f80000000000 vcvt.f32.f16.hi v0, v31
vcvt.f32.f16.hi v0, v31

# A conversion (VPU) beside a vector load (LSU) in one bundle.
# CHECK-ASM: { vld v1, 0(r2) ; vcvt.f16.f32 v3, v4, v5 }
# CHECK-OBJ-NEXT: 40: 4001100000000000 { vld v1, 0(r2)
# CHECK-OBJ-NEXT: 48: d943214000000000 vcvt.f16.f32 v3, v4, v5 }
{ vld v1, 0(r2) ; vcvt.f16.f32 v3, v4, v5 }
