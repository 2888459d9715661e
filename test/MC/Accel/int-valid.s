# Integer register-register instructions: the 64-bit forms (group 0, GrpInt),
# the 32-bit ".w" forms (group 1, GrpIntW, same function code), and mulh, mulhu
# (group 0, R format) and sel (group 0, R4 format).
#
# Every expected encoding is computed from AccelInstrFormats.td:
#   bit 63 E (end of bundle), 62-59 group, 58-53 func, 52-48 A, 47-43 B,
#   42-38 C, 37-33 D, bit 32 zero, 31-0 imm32;
# R format: A = rd, B = rs1, C = rs2; R4 adds D = rs3.
#
# RUN: accel-as --show-encoding %s \
# RUN:   | FileCheck --check-prefixes=CHECK-ASM,CHECK-ENC %s
# RUN: accel-as %s -o %t.o
# RUN: accel-objdump -d %t.o | FileCheck --check-prefix=CHECK-OBJ %s

# CHECK-OBJ: Disassembly of section .text:

# 64-bit forms: group 0, func 0 (add) to 16 (sltu) in .td order.
# CHECK-ASM: add r1, r2, r3
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0x10,0x01,0x80]
# CHECK-OBJ-NEXT: 0: 800110c000000000 add r1, r2, r3
add r1, r2, r3
# CHECK-ASM: sub r31, r30, r29
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x40,0xf7,0x3f,0x80]
# CHECK-OBJ-NEXT: 8: 803ff74000000000 sub r31, r30, r29
sub r31, r30, r29
# CHECK-ASM: and r0, r31, r0
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xf8,0x40,0x80]
# CHECK-OBJ-NEXT: 10: 8040f80000000000 and r0, r31, r0
and r0, r31, r0
# CHECK-ASM: or r17, r8, r16
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x44,0x71,0x80]
# CHECK-OBJ-NEXT: 18: 8071440000000000 or r17, r8, r16
or r17, r8, r16
# CHECK-ASM: xor r4, r4, r4
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x21,0x84,0x80]
# CHECK-OBJ-NEXT: 20: 8084210000000000 xor r4, r4, r4
xor r4, r4, r4
# CHECK-ASM: shl r5, r6, r31
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0x37,0xa5,0x80]
# CHECK-OBJ-NEXT: 28: 80a537c000000000 shl r5, r6, r31
shl r5, r6, r31
# CHECK-ASM: srl r31, r0, r0
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x00,0xdf,0x80]
# CHECK-OBJ-NEXT: 30: 80df000000000000 srl r31, r0, r0
srl r31, r0, r0
# CHECK-ASM: sra r0, r0, r31
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0x07,0xe0,0x80]
# CHECK-OBJ-NEXT: 38: 80e007c000000000 sra r0, r0, r31
sra r0, r0, r31
# CHECK-ASM: mul r9, r10, r11
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0x52,0x09,0x81]
# CHECK-OBJ-NEXT: 40: 810952c000000000 mul r9, r10, r11
mul r9, r10, r11
# CHECK-ASM: div r12, r13, r14
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x80,0x6b,0x2c,0x81]
# CHECK-OBJ-NEXT: 48: 812c6b8000000000 div r12, r13, r14
div r12, r13, r14
# CHECK-ASM: divu r15, r16, r17
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x40,0x84,0x4f,0x81]
# CHECK-OBJ-NEXT: 50: 814f844000000000 divu r15, r16, r17
divu r15, r16, r17
# CHECK-ASM: rem r18, r19, r20
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x9d,0x72,0x81]
# CHECK-OBJ-NEXT: 58: 81729d0000000000 rem r18, r19, r20
rem r18, r19, r20
# CHECK-ASM: remu r21, r22, r23
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0xb5,0x95,0x81]
# CHECK-OBJ-NEXT: 60: 8195b5c000000000 remu r21, r22, r23
remu r21, r22, r23
# CHECK-ASM: seq r24, r25, r26
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x80,0xce,0xb8,0x81]
# CHECK-OBJ-NEXT: 68: 81b8ce8000000000 seq r24, r25, r26
seq r24, r25, r26
# CHECK-ASM: sne r27, r28, r29
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x40,0xe7,0xdb,0x81]
# CHECK-OBJ-NEXT: 70: 81dbe74000000000 sne r27, r28, r29
sne r27, r28, r29
# CHECK-ASM: slt r30, r31, r1
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x40,0xf8,0xfe,0x81]
# CHECK-OBJ-NEXT: 78: 81fef84000000000 slt r30, r31, r1
slt r30, r31, r1
# CHECK-ASM: sltu r2, r1, r30
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x80,0x0f,0x02,0x82]
# CHECK-OBJ-NEXT: 80: 82020f8000000000 sltu r2, r1, r30
sltu r2, r1, r30

# 32-bit forms: group 1, same func codes.
# CHECK-ASM: add.w r5, r6, r31
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0x37,0x05,0x88]
# CHECK-OBJ-NEXT: 88: 880537c000000000 add.w r5, r6, r31
add.w r5, r6, r31
# CHECK-ASM: sub.w r31, r0, r0
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x00,0x3f,0x88]
# CHECK-OBJ-NEXT: 90: 883f000000000000 sub.w r31, r0, r0
sub.w r31, r0, r0
# CHECK-ASM: and.w r0, r0, r31
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0x07,0x40,0x88]
# CHECK-OBJ-NEXT: 98: 884007c000000000 and.w r0, r0, r31
and.w r0, r0, r31
# CHECK-ASM: or.w r9, r10, r11
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0x52,0x69,0x88]
# CHECK-OBJ-NEXT: a0: 886952c000000000 or.w r9, r10, r11
or.w r9, r10, r11
# CHECK-ASM: xor.w r12, r13, r14
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x80,0x6b,0x8c,0x88]
# CHECK-OBJ-NEXT: a8: 888c6b8000000000 xor.w r12, r13, r14
xor.w r12, r13, r14
# CHECK-ASM: shl.w r15, r16, r17
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x40,0x84,0xaf,0x88]
# CHECK-OBJ-NEXT: b0: 88af844000000000 shl.w r15, r16, r17
shl.w r15, r16, r17
# CHECK-ASM: srl.w r18, r19, r20
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x9d,0xd2,0x88]
# CHECK-OBJ-NEXT: b8: 88d29d0000000000 srl.w r18, r19, r20
srl.w r18, r19, r20
# CHECK-ASM: sra.w r21, r22, r23
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0xb5,0xf5,0x88]
# CHECK-OBJ-NEXT: c0: 88f5b5c000000000 sra.w r21, r22, r23
sra.w r21, r22, r23
# CHECK-ASM: mul.w r24, r25, r26
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x80,0xce,0x18,0x89]
# CHECK-OBJ-NEXT: c8: 8918ce8000000000 mul.w r24, r25, r26
mul.w r24, r25, r26
# CHECK-ASM: div.w r27, r28, r29
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x40,0xe7,0x3b,0x89]
# CHECK-OBJ-NEXT: d0: 893be74000000000 div.w r27, r28, r29
div.w r27, r28, r29
# CHECK-ASM: divu.w r30, r31, r1
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x40,0xf8,0x5e,0x89]
# CHECK-OBJ-NEXT: d8: 895ef84000000000 divu.w r30, r31, r1
divu.w r30, r31, r1
# CHECK-ASM: rem.w r2, r1, r30
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x80,0x0f,0x62,0x89]
# CHECK-OBJ-NEXT: e0: 89620f8000000000 rem.w r2, r1, r30
rem.w r2, r1, r30
# CHECK-ASM: remu.w r1, r2, r3
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0x10,0x81,0x89]
# CHECK-OBJ-NEXT: e8: 898110c000000000 remu.w r1, r2, r3
remu.w r1, r2, r3
# CHECK-ASM: seq.w r31, r30, r29
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x40,0xf7,0xbf,0x89]
# CHECK-OBJ-NEXT: f0: 89bff74000000000 seq.w r31, r30, r29
seq.w r31, r30, r29
# CHECK-ASM: sne.w r0, r31, r0
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xf8,0xc0,0x89]
# CHECK-OBJ-NEXT: f8: 89c0f80000000000 sne.w r0, r31, r0
sne.w r0, r31, r0
# CHECK-ASM: slt.w r17, r8, r16
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x44,0xf1,0x89]
# CHECK-OBJ-NEXT: 100: 89f1440000000000 slt.w r17, r8, r16
slt.w r17, r8, r16
# CHECK-ASM: sltu.w r4, r4, r4
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x21,0x04,0x8a]
# CHECK-OBJ-NEXT: 108: 8a04210000000000 sltu.w r4, r4, r4
sltu.w r4, r4, r4

# mulh (func 17), mulhu (func 18), sel (func 19, R4).
# CHECK-ASM: mulh r1, r2, r3
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0x10,0x21,0x82]
# CHECK-OBJ-NEXT: 110: 822110c000000000 mulh r1, r2, r3
mulh r1, r2, r3
# CHECK-ASM: mulh r31, r31, r31
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0xff,0x3f,0x82]
# CHECK-OBJ-NEXT: 118: 823fffc000000000 mulh r31, r31, r31
mulh r31, r31, r31
# CHECK-ASM: mulhu r7, r8, r9
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x40,0x42,0x47,0x82]
# CHECK-OBJ-NEXT: 120: 8247424000000000 mulhu r7, r8, r9
mulhu r7, r8, r9
# CHECK-ASM: sel r1, r2, r3, r4
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc8,0x10,0x61,0x82]
# CHECK-OBJ-NEXT: 128: 826110c800000000 sel r1, r2, r3, r4
sel r1, r2, r3, r4
# CHECK-ASM: sel r31, r0, r31, r31
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xfe,0x07,0x7f,0x82]
# CHECK-OBJ-NEXT: 130: 827f07fe00000000 sel r31, r0, r31, r31
sel r31, r0, r31, r31
# CHECK-ASM: sel r0, r0, r0, r0
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x00,0x60,0x82]
# CHECK-OBJ-NEXT: 138: 8260000000000000 sel r0, r0, r0, r0
sel r0, r0, r0, r0

# Two ALU operations share a bundle (ALU0 and ALU1); E only on the last word.
# CHECK-ASM: { add r1, r2, r3 ; sub.w r4, r5, r6 }
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0x10,0x01,0x00,0x00,0x00,0x00,0x00,0x80,0x29,0x24,0x88]
# CHECK-OBJ-NEXT: 140: 000110c000000000 { add r1, r2, r3
# CHECK-OBJ-NEXT: 148: 8824298000000000 sub.w r4, r5, r6 }
{ add r1, r2, r3 ; sub.w r4, r5, r6 }
# CHECK-ASM: { sel r10, r11, r12, r13 ; mulhu r14, r15, r16 }
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x1a,0x5b,0x6a,0x02,0x00,0x00,0x00,0x00,0x00,0x7c,0x4e,0x82]
# CHECK-OBJ-NEXT: 150: 026a5b1a00000000 { sel r10, r11, r12, r13
# CHECK-OBJ-NEXT: 158: 824e7c0000000000 mulhu r14, r15, r16 }
{ sel r10, r11, r12, r13 ; mulhu r14, r15, r16 }
