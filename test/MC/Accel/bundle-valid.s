# Bundles: encoding (end-of-bundle bit on the last word only) and round trip
# through the object file and the disassembler.
# RUN: accel-as --show-encoding %s | FileCheck --check-prefix=ENC %s
# RUN: accel-as %s -o %t.o
# RUN: accel-objdump -d %t.o | FileCheck --check-prefix=DIS %s

# A lone instruction is a bundle of one: E (bit 63) set.
# ENC: add r1, r2, r3 # encoding: [0x00,0x00,0x00,0x00,0xc0,0x10,0x01,0x80]
# DIS: 0: 800110c000000000    add r1, r2, r3
add r1, r2, r3

# Three slots: E set on the last word only.
# ENC: { add r1, r2, r3 ; ld.i64 r4, 8(r5) ; vadd.f32 v1, v2, v3 }
# ENC-SAME: encoding: [0x00,0x00,0x00,0x00,0xc0,0x10,0x01,0x00,0x08,0x00,0x00,0x00,0x00,0x28,0xc4,0x18,0x00,0x00,0x00,0x00,0xc0,0x10,0x01,0xc8]
# DIS:      8: 000110c000000000  { add r1, r2, r3
# DIS-NEXT: 10: 18c4280000000008    ld.i64 r4, 8(r5)
# DIS-NEXT: 18: c80110c000000000    vadd.f32 v1, v2, v3 }
{ add r1, r2, r3 ; ld.i64 r4, 8(r5) ; vadd.f32 v1, v2, v3 }

# Multi-line form, four slots (both ALUs, MXU, DMA).
# ENC: { sub r1, r1, r2 ; mul r3, r4, r5 ; mzero acc0 ; dma.wait 3 }
# DIS:      20: 0021088000000000  { sub r1, r1, r2
# DIS-NEXT: 28: 0103214000000000    mul r3, r4, r5
# DIS-NEXT: 30: 6000000000000000    mzero acc0
# DIS-NEXT: 38: e840000000000003    dma.wait 3 }
{
  sub r1, r1, r2
  mul r3, r4, r5
  mzero acc0
  dma.wait 3
}

# Branch offsets are relative to the bundle, whatever the slot.
# ENC: { add r1, r1, r2 ; bne r1, r0, back }
# ENC: fixup A - offset: 8, value: back+8, kind: fixup_accel_pcrel_imm32
# DIS:      40: 0001088000000000  { add r1, r1, r2
# DIS-NEXT: 48: a0200800fffffff8    bne r1, r0, 0x38 <back> }
back = . - 8
{ add r1, r1, r2 ; bne r1, r0, back }
