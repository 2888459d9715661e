# Scalar floating point in the general registers: f32 arithmetic (group 5,
# GrpF32), f64 arithmetic (group 6, GrpF64, same function codes) and the
# conversions cvt.<to>.<from> (group 7, GrpCvt, R1 format).
# Binary operations and compares use the R format (A = rd, B = rs1, C = rs2),
# fsqrt/fneg/fabs and every cvt the R1 format (A = rd, B = rs1), fma the R4
# format (D = rs3). Expected encodings are computed from AccelInstrFormats.td
# (see int-valid.s).
#
# RUN: accel-as --show-encoding %s \
# RUN:   | FileCheck --check-prefixes=CHECK-ASM,CHECK-ENC %s
# RUN: accel-as %s -o %t.o
# RUN: accel-objdump -d %t.o | FileCheck --check-prefix=CHECK-OBJ %s

# CHECK-OBJ: Disassembly of section .text:

# f32: group 5, func 0 (fadd) to 13 (fun).
# CHECK-ASM: fadd.f32 r1, r2, r3
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0x10,0x01,0xa8]
# CHECK-OBJ-NEXT: 0: a80110c000000000 fadd.f32 r1, r2, r3
fadd.f32 r1, r2, r3
# CHECK-ASM: fsub.f32 r31, r30, r29
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x40,0xf7,0x3f,0xa8]
# CHECK-OBJ-NEXT: 8: a83ff74000000000 fsub.f32 r31, r30, r29
fsub.f32 r31, r30, r29
# CHECK-ASM: fmul.f32 r0, r31, r0
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xf8,0x40,0xa8]
# CHECK-OBJ-NEXT: 10: a840f80000000000 fmul.f32 r0, r31, r0
fmul.f32 r0, r31, r0
# CHECK-ASM: fdiv.f32 r5, r6, r7
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0x31,0x65,0xa8]
# CHECK-OBJ-NEXT: 18: a86531c000000000 fdiv.f32 r5, r6, r7
fdiv.f32 r5, r6, r7
# CHECK-ASM: fmin.f32 r9, r10, r11
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0x52,0x89,0xa8]
# CHECK-OBJ-NEXT: 20: a88952c000000000 fmin.f32 r9, r10, r11
fmin.f32 r9, r10, r11
# CHECK-ASM: fmax.f32 r13, r14, r15
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0x73,0xad,0xa8]
# CHECK-OBJ-NEXT: 28: a8ad73c000000000 fmax.f32 r13, r14, r15
fmax.f32 r13, r14, r15
# CHECK-ASM: fsqrt.f32 r17, r18
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x90,0xd1,0xa8]
# CHECK-OBJ-NEXT: 30: a8d1900000000000 fsqrt.f32 r17, r18
fsqrt.f32 r17, r18
# CHECK-ASM: fneg.f32 r21, r22
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xb0,0xf5,0xa8]
# CHECK-OBJ-NEXT: 38: a8f5b00000000000 fneg.f32 r21, r22
fneg.f32 r21, r22
# CHECK-ASM: fabs.f32 r25, r26
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xd0,0x19,0xa9]
# CHECK-OBJ-NEXT: 40: a919d00000000000 fabs.f32 r25, r26
fabs.f32 r25, r26
# CHECK-ASM: fma.f32 r29, r30, r31, r1
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc2,0xf7,0x3d,0xa9]
# CHECK-OBJ-NEXT: 48: a93df7c200000000 fma.f32 r29, r30, r31, r1
fma.f32 r29, r30, r31, r1
# CHECK-ASM: feq.f32 r2, r3, r4
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x19,0x42,0xa9]
# CHECK-OBJ-NEXT: 50: a942190000000000 feq.f32 r2, r3, r4
feq.f32 r2, r3, r4
# CHECK-ASM: flt.f32 r6, r7, r8
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x3a,0x66,0xa9]
# CHECK-OBJ-NEXT: 58: a9663a0000000000 flt.f32 r6, r7, r8
flt.f32 r6, r7, r8
# CHECK-ASM: fle.f32 r10, r11, r12
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x5b,0x8a,0xa9]
# CHECK-OBJ-NEXT: 60: a98a5b0000000000 fle.f32 r10, r11, r12
fle.f32 r10, r11, r12
# CHECK-ASM: fun.f32 r14, r15, r16
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x7c,0xae,0xa9]
# CHECK-OBJ-NEXT: 68: a9ae7c0000000000 fun.f32 r14, r15, r16
fun.f32 r14, r15, r16

# f64: group 6, func 0 (fadd) to 13 (fun).
# CHECK-ASM: fadd.f64 r5, r6, r7
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0x31,0x05,0xb0]
# CHECK-OBJ-NEXT: 70: b00531c000000000 fadd.f64 r5, r6, r7
fadd.f64 r5, r6, r7
# CHECK-ASM: fsub.f64 r9, r10, r11
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0x52,0x29,0xb0]
# CHECK-OBJ-NEXT: 78: b02952c000000000 fsub.f64 r9, r10, r11
fsub.f64 r9, r10, r11
# CHECK-ASM: fmul.f64 r13, r14, r15
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0x73,0x4d,0xb0]
# CHECK-OBJ-NEXT: 80: b04d73c000000000 fmul.f64 r13, r14, r15
fmul.f64 r13, r14, r15
# CHECK-ASM: fdiv.f64 r17, r18, r19
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0x94,0x71,0xb0]
# CHECK-OBJ-NEXT: 88: b07194c000000000 fdiv.f64 r17, r18, r19
fdiv.f64 r17, r18, r19
# CHECK-ASM: fmin.f64 r21, r22, r23
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0xb5,0x95,0xb0]
# CHECK-OBJ-NEXT: 90: b095b5c000000000 fmin.f64 r21, r22, r23
fmin.f64 r21, r22, r23
# CHECK-ASM: fmax.f64 r25, r26, r27
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0xd6,0xb9,0xb0]
# CHECK-OBJ-NEXT: 98: b0b9d6c000000000 fmax.f64 r25, r26, r27
fmax.f64 r25, r26, r27
# CHECK-ASM: fsqrt.f64 r29, r30
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xf0,0xdd,0xb0]
# CHECK-OBJ-NEXT: a0: b0ddf00000000000 fsqrt.f64 r29, r30
fsqrt.f64 r29, r30
# CHECK-ASM: fneg.f64 r2, r3
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x18,0xe2,0xb0]
# CHECK-OBJ-NEXT: a8: b0e2180000000000 fneg.f64 r2, r3
fneg.f64 r2, r3
# CHECK-ASM: fabs.f64 r6, r7
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x38,0x06,0xb1]
# CHECK-OBJ-NEXT: b0: b106380000000000 fabs.f64 r6, r7
fabs.f64 r6, r7
# CHECK-ASM: fma.f64 r10, r11, r12, r13
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x1a,0x5b,0x2a,0xb1]
# CHECK-OBJ-NEXT: b8: b12a5b1a00000000 fma.f64 r10, r11, r12, r13
fma.f64 r10, r11, r12, r13
# CHECK-ASM: feq.f64 r14, r15, r16
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x7c,0x4e,0xb1]
# CHECK-OBJ-NEXT: c0: b14e7c0000000000 feq.f64 r14, r15, r16
feq.f64 r14, r15, r16
# CHECK-ASM: flt.f64 r1, r2, r3
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0x10,0x61,0xb1]
# CHECK-OBJ-NEXT: c8: b16110c000000000 flt.f64 r1, r2, r3
flt.f64 r1, r2, r3
# CHECK-ASM: fle.f64 r31, r30, r29
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x40,0xf7,0x9f,0xb1]
# CHECK-OBJ-NEXT: d0: b19ff74000000000 fle.f64 r31, r30, r29
fle.f64 r31, r30, r29
# CHECK-ASM: fun.f64 r0, r31, r0
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xf8,0xa0,0xb1]
# CHECK-OBJ-NEXT: d8: b1a0f80000000000 fun.f64 r0, r31, r0
fun.f64 r0, r31, r0

# Conversions: func 0 (cvt.f64.f32) to 17 (cvt.f64.u64).
# CHECK-ASM: cvt.f64.f32 r1, r2
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x10,0x01,0xb8]
# CHECK-OBJ-NEXT: e0: b801100000000000 cvt.f64.f32 r1, r2
cvt.f64.f32 r1, r2
# CHECK-ASM: cvt.f32.f64 r31, r0
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x00,0x3f,0xb8]
# CHECK-OBJ-NEXT: e8: b83f000000000000 cvt.f32.f64 r31, r0
cvt.f32.f64 r31, r0
# CHECK-ASM: cvt.i32.f32 r0, r31
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xf8,0x40,0xb8]
# CHECK-OBJ-NEXT: f0: b840f80000000000 cvt.i32.f32 r0, r31
cvt.i32.f32 r0, r31
# CHECK-ASM: cvt.u32.f32 r3, r3
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x18,0x63,0xb8]
# CHECK-OBJ-NEXT: f8: b863180000000000 cvt.u32.f32 r3, r3
cvt.u32.f32 r3, r3
# CHECK-ASM: cvt.i64.f32 r4, r27
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xd8,0x84,0xb8]
# CHECK-OBJ-NEXT: 100: b884d80000000000 cvt.i64.f32 r4, r27
cvt.i64.f32 r4, r27
# CHECK-ASM: cvt.u64.f32 r5, r26
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xd0,0xa5,0xb8]
# CHECK-OBJ-NEXT: 108: b8a5d00000000000 cvt.u64.f32 r5, r26
cvt.u64.f32 r5, r26
# CHECK-ASM: cvt.i32.f64 r6, r25
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xc8,0xc6,0xb8]
# CHECK-OBJ-NEXT: 110: b8c6c80000000000 cvt.i32.f64 r6, r25
cvt.i32.f64 r6, r25
# CHECK-ASM: cvt.u32.f64 r7, r24
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xc0,0xe7,0xb8]
# CHECK-OBJ-NEXT: 118: b8e7c00000000000 cvt.u32.f64 r7, r24
cvt.u32.f64 r7, r24
# CHECK-ASM: cvt.i64.f64 r8, r23
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xb8,0x08,0xb9]
# CHECK-OBJ-NEXT: 120: b908b80000000000 cvt.i64.f64 r8, r23
cvt.i64.f64 r8, r23
# CHECK-ASM: cvt.u64.f64 r9, r22
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xb0,0x29,0xb9]
# CHECK-OBJ-NEXT: 128: b929b00000000000 cvt.u64.f64 r9, r22
cvt.u64.f64 r9, r22
# CHECK-ASM: cvt.f32.i32 r10, r21
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xa8,0x4a,0xb9]
# CHECK-OBJ-NEXT: 130: b94aa80000000000 cvt.f32.i32 r10, r21
cvt.f32.i32 r10, r21
# CHECK-ASM: cvt.f32.u32 r11, r20
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xa0,0x6b,0xb9]
# CHECK-OBJ-NEXT: 138: b96ba00000000000 cvt.f32.u32 r11, r20
cvt.f32.u32 r11, r20
# CHECK-ASM: cvt.f32.i64 r12, r19
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x98,0x8c,0xb9]
# CHECK-OBJ-NEXT: 140: b98c980000000000 cvt.f32.i64 r12, r19
cvt.f32.i64 r12, r19
# CHECK-ASM: cvt.f32.u64 r13, r18
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x90,0xad,0xb9]
# CHECK-OBJ-NEXT: 148: b9ad900000000000 cvt.f32.u64 r13, r18
cvt.f32.u64 r13, r18
# CHECK-ASM: cvt.f64.i32 r14, r17
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x88,0xce,0xb9]
# CHECK-OBJ-NEXT: 150: b9ce880000000000 cvt.f64.i32 r14, r17
cvt.f64.i32 r14, r17
# CHECK-ASM: cvt.f64.u32 r15, r16
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x80,0xef,0xb9]
# CHECK-OBJ-NEXT: 158: b9ef800000000000 cvt.f64.u32 r15, r16
cvt.f64.u32 r15, r16
# CHECK-ASM: cvt.f64.i64 r16, r15
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x78,0x10,0xba]
# CHECK-OBJ-NEXT: 160: ba10780000000000 cvt.f64.i64 r16, r15
cvt.f64.i64 r16, r15
# CHECK-ASM: cvt.f64.u64 r17, r14
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x70,0x31,0xba]
# CHECK-OBJ-NEXT: 168: ba31700000000000 cvt.f64.u64 r17, r14
cvt.f64.u64 r17, r14

# Two scalar FP operations share a bundle (ALU0 and ALU1).
# CHECK-ASM: { fma.f64 r1, r2, r3, r4 ; cvt.i32.f32 r5, r6 }
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc8,0x10,0x21,0x31,0x00,0x00,0x00,0x00,0x00,0x30,0x45,0xb8]
# CHECK-OBJ-NEXT: 170: 312110c800000000 { fma.f64 r1, r2, r3, r4
# CHECK-OBJ-NEXT: 178: b845300000000000 cvt.i32.f32 r5, r6 }
{ fma.f64 r1, r2, r3, r4 ; cvt.i32.f32 r5, r6 }
