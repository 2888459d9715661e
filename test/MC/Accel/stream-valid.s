# Vector stream engine (group 14, GrpStream), X format: A = ra, B = rb,
# C = rc, D = rd, imm32 = 0; fields an instruction does not use are 0.
#   vs.shape rows, len                  A, B
#   vs.stride dst, a, b strides         A, B, C
#   vs.add/sub/mul/div/max/min dst, a, b A, B, C
#   vs.fma dst, a, g, b                 A, B, C, D
#   vs.redmax / vs.moments dst, src     A, B
#   vs.act.<f> dst, src, params, sums   A, B, C, D
# Expected encodings are E<<63 | 14<<59 | func<<53 | A<<48 | B<<43 | C<<38 |
# D<<33 (docs/isa.md section 2), each instruction its own bundle.
#
# RUN: accel-as --show-encoding %s \
# RUN:   | FileCheck --check-prefixes=CHECK-ASM,CHECK-ENC %s
# RUN: accel-as %s -o %t.o
# RUN: accel-objdump -d %t.o | FileCheck --check-prefix=CHECK-OBJ %s

# CHECK-OBJ: Disassembly of section .text:

# CHECK-ASM: vs.shape r1, r2
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x10,0x01,0xf0]
# CHECK-OBJ-NEXT: 0: f001100000000000 vs.shape r1, r2
vs.shape r1, r2

# CHECK-ASM: vs.add.f32 r3, r4, r5
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x40,0x21,0x23,0xf0]
# CHECK-OBJ-NEXT: 8: f023214000000000 vs.add.f32 r3, r4, r5
vs.add.f32 r3, r4, r5

# CHECK-ASM: vs.sub.f32 r31, r30, r29
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x40,0xf7,0x5f,0xf0]
# CHECK-OBJ-NEXT: 10: f05ff74000000000 vs.sub.f32 r31, r30, r29
vs.sub.f32 r31, r30, r29

# CHECK-ASM: vs.mul.f32 r1, r2, r3
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0x10,0x61,0xf0]
# CHECK-OBJ-NEXT: 18: f06110c000000000 vs.mul.f32 r1, r2, r3
vs.mul.f32 r1, r2, r3

# CHECK-ASM: vs.div.f32 r1, r2, r3
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0x10,0x81,0xf0]
# CHECK-OBJ-NEXT: 20: f08110c000000000 vs.div.f32 r1, r2, r3
vs.div.f32 r1, r2, r3

# CHECK-ASM: vs.max.f32 r1, r2, r3
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0x10,0xa1,0xf0]
# CHECK-OBJ-NEXT: 28: f0a110c000000000 vs.max.f32 r1, r2, r3
vs.max.f32 r1, r2, r3

# CHECK-ASM: vs.min.f32 r1, r2, r3
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0x10,0xc1,0xf0]
# CHECK-OBJ-NEXT: 30: f0c110c000000000 vs.min.f32 r1, r2, r3
vs.min.f32 r1, r2, r3

# CHECK-ASM: vs.fma.f32 r1, r2, r3, r4
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc8,0x10,0xe1,0xf0]
# CHECK-OBJ-NEXT: 38: f0e110c800000000 vs.fma.f32 r1, r2, r3, r4
vs.fma.f32 r1, r2, r3, r4

# CHECK-ASM: vs.redmax.f32 r6, r7
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x38,0x06,0xf1]
# CHECK-OBJ-NEXT: 40: f106380000000000 vs.redmax.f32 r6, r7
vs.redmax.f32 r6, r7

# CHECK-ASM: vs.moments.f32 r6, r7
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x38,0x26,0xf1]
# CHECK-OBJ-NEXT: 48: f126380000000000 vs.moments.f32 r6, r7
vs.moments.f32 r6, r7

# CHECK-ASM: vs.act.none.f32 r1, r2, r3, r0
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0x10,0x01,0xf2]
# CHECK-OBJ-NEXT: 50: f20110c000000000 vs.act.none.f32 r1, r2, r3, r0
vs.act.none.f32 r1, r2, r3, r0

# CHECK-ASM: vs.act.relu.f32 r1, r2, r3, r4
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc8,0x10,0x21,0xf2]
# CHECK-OBJ-NEXT: 58: f22110c800000000 vs.act.relu.f32 r1, r2, r3, r4
vs.act.relu.f32 r1, r2, r3, r4

# CHECK-ASM: vs.act.exp.f32 r0, r2, r3, r4
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc8,0x10,0x40,0xf2]
# CHECK-OBJ-NEXT: 60: f24010c800000000 vs.act.exp.f32 r0, r2, r3, r4
vs.act.exp.f32 r0, r2, r3, r4

# CHECK-ASM: vs.act.log.f32 r1, r2, r3, r4
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc8,0x10,0x61,0xf2]
# CHECK-OBJ-NEXT: 68: f26110c800000000 vs.act.log.f32 r1, r2, r3, r4
vs.act.log.f32 r1, r2, r3, r4

# CHECK-ASM: vs.act.square.f32 r1, r2, r3, r4
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc8,0x10,0x81,0xf2]
# CHECK-OBJ-NEXT: 70: f28110c800000000 vs.act.square.f32 r1, r2, r3, r4
vs.act.square.f32 r1, r2, r3, r4

# CHECK-ASM: vs.act.sqrt.f32 r1, r2, r3, r4
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc8,0x10,0xa1,0xf2]
# CHECK-OBJ-NEXT: 78: f2a110c800000000 vs.act.sqrt.f32 r1, r2, r3, r4
vs.act.sqrt.f32 r1, r2, r3, r4

# CHECK-ASM: vs.act.rsqrt.f32 r1, r2, r3, r4
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc8,0x10,0xc1,0xf2]
# CHECK-OBJ-NEXT: 80: f2c110c800000000 vs.act.rsqrt.f32 r1, r2, r3, r4
vs.act.rsqrt.f32 r1, r2, r3, r4

# CHECK-ASM: vs.act.rcp.f32 r1, r2, r3, r4
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc8,0x10,0xe1,0xf2]
# CHECK-OBJ-NEXT: 88: f2e110c800000000 vs.act.rcp.f32 r1, r2, r3, r4
vs.act.rcp.f32 r1, r2, r3, r4

# CHECK-ASM: vs.stride r7, r8, r9
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x40,0x42,0x47,0xf1]
# CHECK-OBJ-NEXT: 90: f147424000000000 vs.stride r7, r8, r9
vs.stride r7, r8, r9

# CHECK-ASM: vs.act.sigmoid.f32 r1, r2, r3, r4
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc8,0x10,0x01,0xf3]
# CHECK-OBJ-NEXT: 98: f30110c800000000 vs.act.sigmoid.f32 r1, r2, r3, r4
vs.act.sigmoid.f32 r1, r2, r3, r4

# CHECK-ASM: vs.act.tanh.f32 r1, r2, r3, r4
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc8,0x10,0x21,0xf3]
# CHECK-OBJ-NEXT: a0: f32110c800000000 vs.act.tanh.f32 r1, r2, r3, r4
vs.act.tanh.f32 r1, r2, r3, r4

# CHECK-ASM: vs.act.erf.f32 r1, r2, r3, r4
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc8,0x10,0x41,0xf3]
# CHECK-OBJ-NEXT: a8: f34110c800000000 vs.act.erf.f32 r1, r2, r3, r4
vs.act.erf.f32 r1, r2, r3, r4

# CHECK-ASM: vs.act.gelu.f32 r1, r2, r3, r4
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc8,0x10,0x61,0xf3]
# CHECK-OBJ-NEXT: b0: f36110c800000000 vs.act.gelu.f32 r1, r2, r3, r4
vs.act.gelu.f32 r1, r2, r3, r4

# CHECK-ASM: vs.act.gelu_tanh.f32 r1, r2, r3, r4
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc8,0x10,0x81,0xf3]
# CHECK-OBJ-NEXT: b8: f38110c800000000 vs.act.gelu_tanh.f32 r1, r2, r3, r4
vs.act.gelu_tanh.f32 r1, r2, r3, r4
