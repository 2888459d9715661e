# Integer register-immediate instructions (group 2, GrpIntImm, I format:
# A = rd, B = rs1, imm32 = immediate), li (func 32, B = 0) and lih (func 33),
# with the boundary values of every immediate class in AccelOperands.td:
#   simm32 [-2147483648, 2147483647], uimm32 [0, 4294967295] (printed in hex),
#   shamt6 [0, 63], shamt5 [0, 31].
# Expected encodings are computed from AccelInstrFormats.td (see int-valid.s).
#
# RUN: accel-as --show-encoding %s \
# RUN:   | FileCheck --check-prefixes=CHECK-ASM,CHECK-ENC %s
# RUN: accel-as %s -o %t.o
# RUN: accel-objdump -d %t.o | FileCheck --check-prefix=CHECK-OBJ %s

# CHECK-OBJ: Disassembly of section .text:

# addi (func 0): simm32, both ends of the range, -1 and 0.
# CHECK-ASM: addi r1, r2, 0
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x10,0x01,0x90]
# CHECK-OBJ-NEXT: 0: 9001100000000000 addi r1, r2, 0
addi r1, r2, 0
# CHECK-ASM: addi r1, r2, -1
# CHECK-ENC-SAME: # encoding: [0xff,0xff,0xff,0xff,0x00,0x10,0x01,0x90]
# CHECK-OBJ-NEXT: 8: 90011000ffffffff addi r1, r2, -1
addi r1, r2, -1
# CHECK-ASM: addi r31, r31, -2147483648
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x80,0x00,0xf8,0x1f,0x90]
# CHECK-OBJ-NEXT: 10: 901ff80080000000 addi r31, r31, -2147483648
addi r31, r31, -2147483648
# CHECK-ASM: addi r0, r0, 2147483647
# CHECK-ENC-SAME: # encoding: [0xff,0xff,0xff,0x7f,0x00,0x00,0x00,0x90]
# CHECK-OBJ-NEXT: 18: 900000007fffffff addi r0, r0, 2147483647
addi r0, r0, 2147483647

# Hexadecimal and constant-expression operands print in decimal.
# CHECK-ASM: addi r3, r4, 2147483647
# CHECK-ENC-SAME: # encoding: [0xff,0xff,0xff,0x7f,0x00,0x20,0x03,0x90]
# CHECK-OBJ-NEXT: 20: 900320007fffffff addi r3, r4, 2147483647
addi r3, r4, 0x7fffffff
# CHECK-ASM: addi r3, r4, -2147483648
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x80,0x00,0x20,0x03,0x90]
# CHECK-OBJ-NEXT: 28: 9003200080000000 addi r3, r4, -2147483648
addi r3, r4, -0x80000000
# CHECK-ASM: addi r3, r4, -8
# CHECK-ENC-SAME: # encoding: [0xf8,0xff,0xff,0xff,0x00,0x20,0x03,0x90]
# CHECK-OBJ-NEXT: 30: 90032000fffffff8 addi r3, r4, -8
addi r3, r4, 3*4-20

# andi, ori, xori (func 1..3), slti, sltiu (func 7, 8): simm32.
# CHECK-ASM: andi r5, r6, -2147483648
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x80,0x00,0x30,0x25,0x90]
# CHECK-OBJ-NEXT: 38: 9025300080000000 andi r5, r6, -2147483648
andi r5, r6, -2147483648
# CHECK-ASM: andi r5, r6, 255
# CHECK-ENC-SAME: # encoding: [0xff,0x00,0x00,0x00,0x00,0x30,0x25,0x90]
# CHECK-OBJ-NEXT: 40: 90253000000000ff andi r5, r6, 255
andi r5, r6, 255
# CHECK-ASM: ori r7, r8, 2147483647
# CHECK-ENC-SAME: # encoding: [0xff,0xff,0xff,0x7f,0x00,0x40,0x47,0x90]
# CHECK-OBJ-NEXT: 48: 904740007fffffff ori r7, r8, 2147483647
ori r7, r8, 2147483647
# CHECK-ASM: ori r7, r8, -16
# CHECK-ENC-SAME: # encoding: [0xf0,0xff,0xff,0xff,0x00,0x40,0x47,0x90]
# CHECK-OBJ-NEXT: 50: 90474000fffffff0 ori r7, r8, -16
ori r7, r8, -16
# CHECK-ASM: xori r9, r10, -1
# CHECK-ENC-SAME: # encoding: [0xff,0xff,0xff,0xff,0x00,0x50,0x69,0x90]
# CHECK-OBJ-NEXT: 58: 90695000ffffffff xori r9, r10, -1
xori r9, r10, -1
# CHECK-ASM: xori r9, r10, 1
# CHECK-ENC-SAME: # encoding: [0x01,0x00,0x00,0x00,0x00,0x50,0x69,0x90]
# CHECK-OBJ-NEXT: 60: 9069500000000001 xori r9, r10, 1
xori r9, r10, 1
# CHECK-ASM: slti r11, r12, -2147483648
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x80,0x00,0x60,0xeb,0x90]
# CHECK-OBJ-NEXT: 68: 90eb600080000000 slti r11, r12, -2147483648
slti r11, r12, -2147483648
# CHECK-ASM: slti r11, r12, 100
# CHECK-ENC-SAME: # encoding: [0x64,0x00,0x00,0x00,0x00,0x60,0xeb,0x90]
# CHECK-OBJ-NEXT: 70: 90eb600000000064 slti r11, r12, 100
slti r11, r12, 100
# CHECK-ASM: sltiu r13, r14, 2147483647
# CHECK-ENC-SAME: # encoding: [0xff,0xff,0xff,0x7f,0x00,0x70,0x0d,0x91]
# CHECK-OBJ-NEXT: 78: 910d70007fffffff sltiu r13, r14, 2147483647
sltiu r13, r14, 2147483647
# CHECK-ASM: sltiu r13, r14, -1
# CHECK-ENC-SAME: # encoding: [0xff,0xff,0xff,0xff,0x00,0x70,0x0d,0x91]
# CHECK-OBJ-NEXT: 80: 910d7000ffffffff sltiu r13, r14, -1
sltiu r13, r14, -1

# 64-bit shifts (func 4..6): shamt6 [0, 63].
# CHECK-ASM: shli r1, r2, 0
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x10,0x81,0x90]
# CHECK-OBJ-NEXT: 88: 9081100000000000 shli r1, r2, 0
shli r1, r2, 0
# CHECK-ASM: shli r1, r2, 63
# CHECK-ENC-SAME: # encoding: [0x3f,0x00,0x00,0x00,0x00,0x10,0x81,0x90]
# CHECK-OBJ-NEXT: 90: 908110000000003f shli r1, r2, 63
shli r1, r2, 63
# CHECK-ASM: srli r15, r16, 0
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x80,0xaf,0x90]
# CHECK-OBJ-NEXT: 98: 90af800000000000 srli r15, r16, 0
srli r15, r16, 0
# CHECK-ASM: srli r15, r16, 63
# CHECK-ENC-SAME: # encoding: [0x3f,0x00,0x00,0x00,0x00,0x80,0xaf,0x90]
# CHECK-OBJ-NEXT: a0: 90af80000000003f srli r15, r16, 63
srli r15, r16, 63
# CHECK-ASM: srai r17, r18, 1
# CHECK-ENC-SAME: # encoding: [0x01,0x00,0x00,0x00,0x00,0x90,0xd1,0x90]
# CHECK-OBJ-NEXT: a8: 90d1900000000001 srai r17, r18, 1
srai r17, r18, 1
# CHECK-ASM: srai r17, r18, 63
# CHECK-ENC-SAME: # encoding: [0x3f,0x00,0x00,0x00,0x00,0x90,0xd1,0x90]
# CHECK-OBJ-NEXT: b0: 90d190000000003f srai r17, r18, 63
srai r17, r18, 63

# 32-bit forms: addi.w (func 16) takes simm32, shifts (func 17..19) shamt5 [0, 31].
# CHECK-ASM: addi.w r19, r20, -2147483648
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x80,0x00,0xa0,0x13,0x92]
# CHECK-OBJ-NEXT: b8: 9213a00080000000 addi.w r19, r20, -2147483648
addi.w r19, r20, -2147483648
# CHECK-ASM: addi.w r19, r20, 2147483647
# CHECK-ENC-SAME: # encoding: [0xff,0xff,0xff,0x7f,0x00,0xa0,0x13,0x92]
# CHECK-OBJ-NEXT: c0: 9213a0007fffffff addi.w r19, r20, 2147483647
addi.w r19, r20, 2147483647
# CHECK-ASM: shli.w r21, r22, 0
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xb0,0x35,0x92]
# CHECK-OBJ-NEXT: c8: 9235b00000000000 shli.w r21, r22, 0
shli.w r21, r22, 0
# CHECK-ASM: shli.w r21, r22, 31
# CHECK-ENC-SAME: # encoding: [0x1f,0x00,0x00,0x00,0x00,0xb0,0x35,0x92]
# CHECK-OBJ-NEXT: d0: 9235b0000000001f shli.w r21, r22, 31
shli.w r21, r22, 31
# CHECK-ASM: srli.w r23, r24, 0
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xc0,0x57,0x92]
# CHECK-OBJ-NEXT: d8: 9257c00000000000 srli.w r23, r24, 0
srli.w r23, r24, 0
# CHECK-ASM: srli.w r23, r24, 31
# CHECK-ENC-SAME: # encoding: [0x1f,0x00,0x00,0x00,0x00,0xc0,0x57,0x92]
# CHECK-OBJ-NEXT: e0: 9257c0000000001f srli.w r23, r24, 31
srli.w r23, r24, 31
# CHECK-ASM: srai.w r25, r26, 16
# CHECK-ENC-SAME: # encoding: [0x10,0x00,0x00,0x00,0x00,0xd0,0x79,0x92]
# CHECK-OBJ-NEXT: e8: 9279d00000000010 srai.w r25, r26, 16
srai.w r25, r26, 16
# CHECK-ASM: srai.w r25, r26, 31
# CHECK-ENC-SAME: # encoding: [0x1f,0x00,0x00,0x00,0x00,0xd0,0x79,0x92]
# CHECK-OBJ-NEXT: f0: 9279d0000000001f srai.w r25, r26, 31
srai.w r25, r26, 31

# li (func 32): rd and simm32, the B field is 0.
# CHECK-ASM: li r1, 0
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x00,0x01,0x94]
# CHECK-OBJ-NEXT: f8: 9401000000000000 li r1, 0
li r1, 0
# CHECK-ASM: li r31, -1
# CHECK-ENC-SAME: # encoding: [0xff,0xff,0xff,0xff,0x00,0x00,0x1f,0x94]
# CHECK-OBJ-NEXT: 100: 941f0000ffffffff li r31, -1
li r31, -1
# CHECK-ASM: li r2, -2147483648
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x80,0x00,0x00,0x02,0x94]
# CHECK-OBJ-NEXT: 108: 9402000080000000 li r2, -2147483648
li r2, -2147483648
# CHECK-ASM: li r3, 2147483647
# CHECK-ENC-SAME: # encoding: [0xff,0xff,0xff,0x7f,0x00,0x00,0x03,0x94]
# CHECK-OBJ-NEXT: 110: 940300007fffffff li r3, 2147483647
li r3, 2147483647
# CHECK-ASM: li r4, 268435456
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x10,0x00,0x00,0x04,0x94]
# CHECK-OBJ-NEXT: 118: 9404000010000000 li r4, 268435456
li r4, 0x10000000

# lih (func 33): uimm32, printed in hexadecimal.
# CHECK-ASM: lih r1, r1, 0x0
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x08,0x21,0x94]
# CHECK-OBJ-NEXT: 120: 9421080000000000 lih r1, r1, 0x0
lih r1, r1, 0
# CHECK-ASM: lih r2, r3, 0xffffffff
# CHECK-ENC-SAME: # encoding: [0xff,0xff,0xff,0xff,0x00,0x18,0x22,0x94]
# CHECK-OBJ-NEXT: 128: 94221800ffffffff lih r2, r3, 0xffffffff
lih r2, r3, 0xffffffff
# CHECK-ASM: lih r31, r0, 0xffffffff
# CHECK-ENC-SAME: # encoding: [0xff,0xff,0xff,0xff,0x00,0x00,0x3f,0x94]
# CHECK-OBJ-NEXT: 130: 943f0000ffffffff lih r31, r0, 0xffffffff
lih r31, r0, 4294967295
# CHECK-ASM: lih r4, r5, 0x80000000
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x80,0x00,0x28,0x24,0x94]
# CHECK-OBJ-NEXT: 138: 9424280080000000 lih r4, r5, 0x80000000
lih r4, r5, 0x80000000
# CHECK-ASM: lih r6, r7, 0x12345678
# CHECK-ENC-SAME: # encoding: [0x78,0x56,0x34,0x12,0x00,0x38,0x26,0x94]
# CHECK-OBJ-NEXT: 140: 9426380012345678 lih r6, r7, 0x12345678
lih r6, r7, 0x12345678

# li and lih of different registers share a bundle (ALU0 and ALU1).
# CHECK-ASM: { li r1, -2147483648 ; lih r2, r3, 0xdeadbeef }
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x80,0x00,0x00,0x01,0x14,0xef,0xbe,0xad,0xde,0x00,0x18,0x22,0x94]
# CHECK-OBJ-NEXT: 148: 1401000080000000 { li r1, -2147483648
# CHECK-OBJ-NEXT: 150: 94221800deadbeef lih r2, r3, 0xdeadbeef }
{ li r1, -2147483648 ; lih r2, r3, 0xdeadbeef }
