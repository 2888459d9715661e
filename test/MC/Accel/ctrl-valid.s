# Control transfer (group 4, GrpCtrl): conditional branches (S format: B = rs1,
# C = rs2, imm32 = offset), jmp and call (J format: imm32 = offset), jr and
# callr (R1 format with A = 0: B = rs1), ret, trap and nop (no operands), and
# sys (J format, syscode 0..255).
#
# Branch, jump and call offsets are signed byte offsets from the address of the
# bundle holding the instruction, whatever its slot. The assembler resolves
# local labels and ".+N"/".-N"; --show-encoding leaves them as fixups (A bytes).
# A call to an undefined symbol leaves an R_ACCEL_PCREL_IMM32 relocation whose
# addend is the slot's byte offset within the bundle (the field holds S - B).
# Expected encodings are computed from AccelInstrFormats.td (see int-valid.s).
#
# RUN: accel-as --show-encoding %s \
# RUN:   | FileCheck --check-prefixes=CHECK-ASM,CHECK-ENC %s
# RUN: accel-as %s -o %t.o
# RUN: accel-objdump -d -r %t.o | FileCheck --check-prefix=CHECK-OBJ %s

# CHECK-OBJ: Disassembly of section .text:
# CHECK-OBJ-EMPTY:
# CHECK-OBJ-NEXT: 0000000000000000 <top>:
top:

# Each conditional branch (func 0..5), to labels forward and backward.
# CHECK-ASM: beq r1, r2, fwd
# CHECK-ENC-SAME: # encoding: [A,A,A,A,0x80,0x08,0x00,0xa0]
# CHECK-ENC-NEXT: fixup A - offset: 0, value: fwd, kind: fixup_accel_pcrel_imm32
# CHECK-OBJ-NEXT: 0: a000088000000090 beq r1, r2, 0x90 <fwd>
beq r1, r2, fwd
# CHECK-ASM: bne r3, r4, top
# CHECK-ENC-SAME: # encoding: [A,A,A,A,0x00,0x19,0x20,0xa0]
# CHECK-ENC-NEXT: fixup A - offset: 0, value: top, kind: fixup_accel_pcrel_imm32
# CHECK-OBJ-NEXT: 8: a0201900fffffff8 bne r3, r4, 0x0 <top>
bne r3, r4, top
# CHECK-ASM: blt r5, r6, fwd
# CHECK-ENC-SAME: # encoding: [A,A,A,A,0x80,0x29,0x40,0xa0]
# CHECK-ENC-NEXT: fixup A - offset: 0, value: fwd, kind: fixup_accel_pcrel_imm32
# CHECK-OBJ-NEXT: 10: a040298000000080 blt r5, r6, 0x90 <fwd>
blt r5, r6, fwd
# CHECK-ASM: bge r7, r8, top
# CHECK-ENC-SAME: # encoding: [A,A,A,A,0x00,0x3a,0x60,0xa0]
# CHECK-ENC-NEXT: fixup A - offset: 0, value: top, kind: fixup_accel_pcrel_imm32
# CHECK-OBJ-NEXT: 18: a0603a00ffffffe8 bge r7, r8, 0x0 <top>
bge r7, r8, top
# CHECK-ASM: bltu r31, r0, fwd
# CHECK-ENC-SAME: # encoding: [A,A,A,A,0x00,0xf8,0x80,0xa0]
# CHECK-ENC-NEXT: fixup A - offset: 0, value: fwd, kind: fixup_accel_pcrel_imm32
# CHECK-OBJ-NEXT: 20: a080f80000000070 bltu r31, r0, 0x90 <fwd>
bltu r31, r0, fwd
# CHECK-ASM: bgeu r0, r31, top
# CHECK-ENC-SAME: # encoding: [A,A,A,A,0xc0,0x07,0xa0,0xa0]
# CHECK-ENC-NEXT: fixup A - offset: 0, value: top, kind: fixup_accel_pcrel_imm32
# CHECK-OBJ-NEXT: 28: a0a007c0ffffffd8 bgeu r0, r31, 0x0 <top>
bgeu r0, r31, top
# CHECK-OBJ-EMPTY:
# CHECK-OBJ-NEXT: 0000000000000030 <mid>:
mid:

# ".+N" and ".-N" are offsets from the bundle; a plain number is an offset too
# (printed as ".+N").
# CHECK-ASM: beq r1, r2, {{\.Ltmp[0-9]+}}+24
# CHECK-ENC-SAME: # encoding: [A,A,A,A,0x80,0x08,0x00,0xa0]
# CHECK-ENC-NEXT: fixup A - offset: 0, value: {{\.Ltmp[0-9]+}}+24, kind: fixup_accel_pcrel_imm32
# CHECK-OBJ-NEXT: 30: a000088000000018 beq r1, r2, 0x48 <mid+0x18>
beq r1, r2, .+24
# CHECK-ASM: bne r1, r2, {{\.Ltmp[0-9]+}}-8
# CHECK-ENC-SAME: # encoding: [A,A,A,A,0x80,0x08,0x20,0xa0]
# CHECK-ENC-NEXT: fixup A - offset: 0, value: {{\.Ltmp[0-9]+}}-8, kind: fixup_accel_pcrel_imm32
# CHECK-OBJ-NEXT: 38: a0200880fffffff8 bne r1, r2, 0x30 <mid>
bne r1, r2, .-8
# CHECK-ASM: blt r9, r10, {{\.Ltmp[0-9]+}}+0
# CHECK-ENC-SAME: # encoding: [A,A,A,A,0x80,0x4a,0x40,0xa0]
# CHECK-ENC-NEXT: fixup A - offset: 0, value: {{\.Ltmp[0-9]+}}+0, kind: fixup_accel_pcrel_imm32
# CHECK-OBJ-NEXT: 40: a0404a8000000000 blt r9, r10, 0x40 <mid+0x10>
blt r9, r10, .+0
# CHECK-ASM: jmp .+16
# CHECK-ENC-SAME: # encoding: [0x10,0x00,0x00,0x00,0x00,0x00,0x00,0xa1]
# CHECK-OBJ-NEXT: 48: a100000000000010 jmp 0x58 <mid+0x28>
jmp 16
# CHECK-ASM: jmp .-16
# CHECK-ENC-SAME: # encoding: [0xf0,0xff,0xff,0xff,0x00,0x00,0x00,0xa1]
# CHECK-OBJ-NEXT: 50: a1000000fffffff0 jmp 0x40 <mid+0x10>
jmp -16
# CHECK-ASM: jmp .+0
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x00,0x00,0xa1]
# CHECK-OBJ-NEXT: 58: a100000000000000 jmp 0x58 <mid+0x28>
jmp 0

# The extreme offsets of the signed 32-bit field.
# CHECK-ASM: jmp .+2147483647
# CHECK-ENC-SAME: # encoding: [0xff,0xff,0xff,0x7f,0x00,0x00,0x00,0xa1]
# CHECK-OBJ-NEXT: 60: a10000007fffffff jmp 0x8000005f{{( <.*>)?}}
jmp 2147483647
# CHECK-ASM: call .-2147483648
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x80,0x00,0x00,0x20,0xa1]
# CHECK-OBJ-NEXT: 68: a120000080000000 call 0xffffffff80000068{{( <.*>)?}}
call -2147483648

# jmp (func 8) and call (func 9) to labels.
# CHECK-ASM: jmp fwd
# CHECK-ENC-SAME: # encoding: [A,A,A,A,0x00,0x00,0x00,0xa1]
# CHECK-ENC-NEXT: fixup A - offset: 0, value: fwd, kind: fixup_accel_pcrel_imm32
# CHECK-OBJ-NEXT: 70: a100000000000020 jmp 0x90 <fwd>
jmp fwd
# CHECK-ASM: jmp mid
# CHECK-ENC-SAME: # encoding: [A,A,A,A,0x00,0x00,0x00,0xa1]
# CHECK-ENC-NEXT: fixup A - offset: 0, value: mid, kind: fixup_accel_pcrel_imm32
# CHECK-OBJ-NEXT: 78: a1000000ffffffb8 jmp 0x30 <mid>
jmp mid
# CHECK-ASM: call top
# CHECK-ENC-SAME: # encoding: [A,A,A,A,0x00,0x00,0x20,0xa1]
# CHECK-ENC-NEXT: fixup A - offset: 0, value: top, kind: fixup_accel_pcrel_imm32
# CHECK-OBJ-NEXT: 80: a1200000ffffff80 call 0x0 <top>
call top
# CHECK-ASM: call fwd
# CHECK-ENC-SAME: # encoding: [A,A,A,A,0x00,0x00,0x20,0xa1]
# CHECK-ENC-NEXT: fixup A - offset: 0, value: fwd, kind: fixup_accel_pcrel_imm32
# CHECK-OBJ-NEXT: 88: a120000000000008 call 0x90 <fwd>
call fwd
# CHECK-OBJ-EMPTY:
# CHECK-OBJ-NEXT: 0000000000000090 <fwd>:
fwd:

# jr (func 10), callr (func 11), ret (func 12), sys (func 16), trap (func 17),
# nop (func 18).
# CHECK-ASM: jr r5
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x28,0x40,0xa1]
# CHECK-OBJ-NEXT: 90: a140280000000000 jr r5
jr r5
# CHECK-ASM: jr r31
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xf8,0x40,0xa1]
# CHECK-OBJ-NEXT: 98: a140f80000000000 jr r31
jr r31
# CHECK-ASM: callr r1
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x08,0x60,0xa1]
# CHECK-OBJ-NEXT: a0: a160080000000000 callr r1
callr r1
# CHECK-ASM: callr r31
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xf8,0x60,0xa1]
# CHECK-OBJ-NEXT: a8: a160f80000000000 callr r31
callr r31
# CHECK-ASM: ret
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x00,0x80,0xa1]
# CHECK-OBJ-NEXT: b0: a180000000000000 ret
ret
# CHECK-ASM: sys 0
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x00,0x00,0xa2]
# CHECK-OBJ-NEXT: b8: a200000000000000 sys 0
sys 0
# CHECK-ASM: sys 1
# CHECK-ENC-SAME: # encoding: [0x01,0x00,0x00,0x00,0x00,0x00,0x00,0xa2]
# CHECK-OBJ-NEXT: c0: a200000000000001 sys 1
sys 1
# CHECK-ASM: sys 255
# CHECK-ENC-SAME: # encoding: [0xff,0x00,0x00,0x00,0x00,0x00,0x00,0xa2]
# CHECK-OBJ-NEXT: c8: a2000000000000ff sys 255
sys 255
# CHECK-ASM: trap
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x00,0x20,0xa2]
# CHECK-OBJ-NEXT: d0: a220000000000000 trap
trap
# CHECK-ASM: nop
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x00,0x40,0xa2]
# CHECK-OBJ-NEXT: d8: a240000000000000 nop
nop

# A branch in a later slot is still relative to the bundle's address.
# CHECK-ASM: { add r1, r1, r2 ; bne r1, r0, top }
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x80,0x08,0x01,0x00,A,A,A,A,0x00,0x08,0x20,0xa0]
# CHECK-ENC-NEXT: fixup A - offset: 8, value: top+8, kind: fixup_accel_pcrel_imm32
# CHECK-OBJ-NEXT: e0: 0001088000000000 { add r1, r1, r2
# CHECK-OBJ-NEXT: e8: a0200800ffffff20 bne r1, r0, 0x0 <top> }
{ add r1, r1, r2 ; bne r1, r0, top }
# CHECK-ASM: { ld.i64 r3, 0(r4) ; add r5, r5, r6 ; beq r5, r0, fwd2 }
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x20,0xc3,0x18,0x00,0x00,0x00,0x00,0x80,0x29,0x05,0x00,A,A,A,A,0x00,0x28,0x00,0xa0]
# CHECK-ENC-NEXT: fixup A - offset: 16, value: fwd2+16, kind: fixup_accel_pcrel_imm32
# CHECK-OBJ-NEXT: f0: 18c3200000000000 { ld.i64 r3, 0(r4)
# CHECK-OBJ-NEXT: f8: 0005298000000000 add r5, r5, r6
# CHECK-OBJ-NEXT: 100: a000280000000038 beq r5, r0, 0x128 <fwd2> }
{ ld.i64 r3, 0(r4) ; add r5, r5, r6 ; beq r5, r0, fwd2 }
# CHECK-ASM: { add r7, r8, r9 ; jmp {{\.Ltmp[0-9]+}}+16 }
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x40,0x42,0x07,0x00,A,A,A,A,0x00,0x00,0x00,0xa1]
# CHECK-ENC-NEXT: fixup A - offset: 8, value: ({{\.Ltmp[0-9]+}}+16)+8, kind: fixup_accel_pcrel_imm32
# CHECK-OBJ-NEXT: 108: 0007424000000000 { add r7, r8, r9
# CHECK-OBJ-NEXT: 110: a100000000000010 jmp 0x118 <fwd+0x88> }
{ add r7, r8, r9 ; jmp .+16 }
# CHECK-ASM: { nop ; jmp fwd2 }
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x00,0x40,0x22,A,A,A,A,0x00,0x00,0x00,0xa1]
# CHECK-ENC-NEXT: fixup A - offset: 8, value: fwd2+8, kind: fixup_accel_pcrel_imm32
# CHECK-OBJ-NEXT: 118: 2240000000000000 { nop
# CHECK-OBJ-NEXT: 120: a100000000000010 jmp 0x128 <fwd2> }
{ nop ; jmp fwd2 }
# CHECK-OBJ-EMPTY:
# CHECK-OBJ-NEXT: 0000000000000128 <fwd2>:
fwd2:

# A call to an undefined symbol: relocation, addend 0 in slot 0 and the slot's
# offset in later slots.
# CHECK-ASM: call ext
# CHECK-ENC-SAME: # encoding: [A,A,A,A,0x00,0x00,0x20,0xa1]
# CHECK-ENC-NEXT: fixup A - offset: 0, value: ext, kind: fixup_accel_pcrel_imm32
# CHECK-OBJ-NEXT: 128: a120000000000000 call 0x128 <fwd2>
# CHECK-OBJ-NEXT: 0000000000000128: R_ACCEL_PCREL_IMM32 ext
call ext
# CHECK-ASM: { li r1, 5 ; call ext }
# CHECK-ENC-SAME: # encoding: [0x05,0x00,0x00,0x00,0x00,0x00,0x01,0x14,A,A,A,A,0x00,0x00,0x20,0xa1]
# CHECK-ENC-NEXT: fixup A - offset: 8, value: ext+8, kind: fixup_accel_pcrel_imm32
# CHECK-OBJ-NEXT: 130: 1401000000000005 { li r1, 5
# CHECK-OBJ-NEXT: 138: a120000000000000 call 0x130 <fwd2+0x8> }
# CHECK-OBJ-NEXT: 0000000000000138: R_ACCEL_PCREL_IMM32 ext+0x8
{ li r1, 5 ; call ext }
# CHECK-ASM: { li r1, 5 ; ld.i64 r2, 8(r3) ; vadd.f32 v1, v2, v3 ; call ext2 }
# CHECK-ENC-SAME: # encoding: [0x05,0x00,0x00,0x00,0x00,0x00,0x01,0x14,0x08,0x00,0x00,0x00,0x00,0x18,0xc2,0x18,0x00,0x00,0x00,0x00,0xc0,0x10,0x01,0x48,A,A,A,A,0x00,0x00,0x20,0xa1]
# CHECK-ENC-NEXT: fixup A - offset: 24, value: ext2+24, kind: fixup_accel_pcrel_imm32
# CHECK-OBJ-NEXT: 140: 1401000000000005 { li r1, 5
# CHECK-OBJ-NEXT: 148: 18c2180000000008 ld.i64 r2, 8(r3)
# CHECK-OBJ-NEXT: 150: 480110c000000000 vadd.f32 v1, v2, v3
# CHECK-OBJ-NEXT: 158: a120000000000000 call 0x140 <fwd2+0x18> }
# CHECK-OBJ-NEXT: 0000000000000158: R_ACCEL_PCREL_IMM32 ext2+0x18
{ li r1, 5 ; ld.i64 r2, 8(r3) ; vadd.f32 v1, v2, v3 ; call ext2 }

# The relocation line follows its word, inside the bundle.
# CHECK-ASM: { li r1, 5 ; call ext ; ld.i64 r2, 8(r3) }
# CHECK-ENC-SAME: # encoding: [0x05,0x00,0x00,0x00,0x00,0x00,0x01,0x14,A,A,A,A,0x00,0x00,0x20,0x21,0x08,0x00,0x00,0x00,0x00,0x18,0xc2,0x98]
# CHECK-ENC-NEXT: fixup A - offset: 8, value: ext+8, kind: fixup_accel_pcrel_imm32
# CHECK-OBJ-NEXT: 160: 1401000000000005 { li r1, 5
# CHECK-OBJ-NEXT: 168: 2120000000000000 call 0x160 <fwd2+0x38>
# CHECK-OBJ-NEXT: 0000000000000168: R_ACCEL_PCREL_IMM32 ext+0x8
# CHECK-OBJ-NEXT: 170: 98c2180000000008 ld.i64 r2, 8(r3) }
{ li r1, 5 ; call ext ; ld.i64 r2, 8(r3) }

# jmp to an undefined symbol.
# CHECK-ASM: jmp ext
# CHECK-ENC-SAME: # encoding: [A,A,A,A,0x00,0x00,0x00,0xa1]
# CHECK-ENC-NEXT: fixup A - offset: 0, value: ext, kind: fixup_accel_pcrel_imm32
# CHECK-OBJ-NEXT: 178: a100000000000000 jmp 0x178 <fwd2+0x50>
# CHECK-OBJ-NEXT: 0000000000000178: R_ACCEL_PCREL_IMM32 ext
jmp ext
