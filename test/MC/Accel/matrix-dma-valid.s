# Matrix unit (group 12, GrpMatrix) and DMA engine (group 13, GrpDma), X
# format: A = ra, B = rb, C = rc, D = rd, imm32 = imm; fields an instruction
# does not use are 0.
#   mzero  acc           A = tile
#   mmac, mmac.4x64, mmac.8x32 acc, ra, rb, k    A = tile, B, C, D = GPRs
#   mld / mst / mst.relu / mst.t acc, ra   A = tile, B = GPR
#   dma.1d ch, dst, src, len       imm32 = channel, A, B, C
#   dma.2d ch, dst, src, shape, strides   imm32 = channel, A, B, C, D
#   dma.wait ch                    imm32 = channel
#   dma.wait.older ch              imm32 = channel
# Tiles are acc0..acc15, channels 0..3. Expected encodings are computed from
# AccelInstrFormats.td (see int-valid.s).
#
# RUN: accel-as --show-encoding %s \
# RUN:   | FileCheck --check-prefixes=CHECK-ASM,CHECK-ENC %s
# RUN: accel-as %s -o %t.o
# RUN: accel-objdump -d %t.o | FileCheck --check-prefix=CHECK-OBJ %s

# CHECK-OBJ: Disassembly of section .text:

# Matrix: mzero 0, mmac 1, mld 2, mst 3, mst.relu 4, mst.t 5.
# CHECK-ASM: mzero acc0
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x00,0x00,0xe0]
# CHECK-OBJ-NEXT: 0: e000000000000000 mzero acc0
mzero acc0
# CHECK-ASM: mzero acc15
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x00,0x0f,0xe0]
# CHECK-OBJ-NEXT: 8: e00f000000000000 mzero acc15
mzero acc15
# CHECK-ASM: mmac acc0, r1, r2, r3
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x86,0x08,0x20,0xe0]
# CHECK-OBJ-NEXT: 10: e020088600000000 mmac acc0, r1, r2, r3
mmac acc0, r1, r2, r3
# CHECK-ASM: mmac acc15, r31, r30, r29
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xba,0xff,0x2f,0xe0]
# CHECK-OBJ-NEXT: 18: e02fffba00000000 mmac acc15, r31, r30, r29
mmac acc15, r31, r30, r29
# CHECK-ASM: mmac acc7, r0, r31, r0
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0x07,0x27,0xe0]
# CHECK-OBJ-NEXT: 20: e02707c000000000 mmac acc7, r0, r31, r0
mmac acc7, r0, r31, r0
# CHECK-ASM: mld acc0, r4
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x20,0x40,0xe0]
# CHECK-OBJ-NEXT: 28: e040200000000000 mld acc0, r4
mld acc0, r4
# CHECK-ASM: mld acc15, r31
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xf8,0x4f,0xe0]
# CHECK-OBJ-NEXT: 30: e04ff80000000000 mld acc15, r31
mld acc15, r31
# CHECK-ASM: mst acc1, r5
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x28,0x61,0xe0]
# CHECK-OBJ-NEXT: 38: e061280000000000 mst acc1, r5
mst acc1, r5
# CHECK-ASM: mst acc15, r0
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x00,0x6f,0xe0]
# CHECK-OBJ-NEXT: 40: e06f000000000000 mst acc15, r0
mst acc15, r0
# CHECK-ASM: mst.relu acc2, r6
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x30,0x82,0xe0]
# CHECK-OBJ-NEXT: 48: e082300000000000 mst.relu acc2, r6
mst.relu acc2, r6
# CHECK-ASM: mst.relu acc15, r31
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xf8,0x8f,0xe0]
# CHECK-OBJ-NEXT: 50: e08ff80000000000 mst.relu acc15, r31
mst.relu acc15, r31
# CHECK-ASM: mst.t acc3, r7
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x38,0xa3,0xe0]
# CHECK-OBJ-NEXT: 58: e0a3380000000000 mst.t acc3, r7
mst.t acc3, r7
# CHECK-ASM: mst.t acc15, r31
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0xf8,0xaf,0xe0]
# CHECK-OBJ-NEXT: 60: e0aff80000000000 mst.t acc15, r31
mst.t acc15, r31

# DMA: dma.1d 0, dma.2d 1, dma.wait 2 (dma.wait.older 3 at the end).
# CHECK-ASM: dma.1d 0, r1, r2, r3
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc0,0x10,0x01,0xe8]
# CHECK-OBJ-NEXT: 68: e80110c000000000 dma.1d 0, r1, r2, r3
dma.1d 0, r1, r2, r3
# CHECK-ASM: dma.1d 3, r31, r30, r29
# CHECK-ENC-SAME: # encoding: [0x03,0x00,0x00,0x00,0x40,0xf7,0x1f,0xe8]
# CHECK-OBJ-NEXT: 70: e81ff74000000003 dma.1d 3, r31, r30, r29
dma.1d 3, r31, r30, r29
# CHECK-ASM: dma.2d 0, r1, r2, r3, r4
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xc8,0x10,0x21,0xe8]
# CHECK-OBJ-NEXT: 78: e82110c800000000 dma.2d 0, r1, r2, r3, r4
dma.2d 0, r1, r2, r3, r4
# CHECK-ASM: dma.2d 3, r31, r0, r31, r0
# CHECK-ENC-SAME: # encoding: [0x03,0x00,0x00,0x00,0xc0,0x07,0x3f,0xe8]
# CHECK-OBJ-NEXT: 80: e83f07c000000003 dma.2d 3, r31, r0, r31, r0
dma.2d 3, r31, r0, r31, r0
# CHECK-ASM: dma.wait 0
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x00,0x40,0xe8]
# CHECK-OBJ-NEXT: 88: e840000000000000 dma.wait 0
dma.wait 0
# CHECK-ASM: dma.wait 3
# CHECK-ENC-SAME: # encoding: [0x03,0x00,0x00,0x00,0x00,0x00,0x40,0xe8]
# CHECK-OBJ-NEXT: 90: e840000000000003 dma.wait 3
dma.wait 3

# The MXU and the DMA port issue in the same bundle.
# CHECK-ASM: { mmac acc3, r1, r2, r3 ; dma.1d 1, r4, r5, r6 }
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x86,0x08,0x23,0x60,0x01,0x00,0x00,0x00,0x80,0x29,0x04,0xe8]
# CHECK-OBJ-NEXT: 98: 6023088600000000 { mmac acc3, r1, r2, r3
# CHECK-OBJ-NEXT: a0: e804298000000001 dma.1d 1, r4, r5, r6 }
{ mmac acc3, r1, r2, r3 ; dma.1d 1, r4, r5, r6 }
# CHECK-ASM: { add r1, r1, r2 ; vld v1, 0(r3) ; mst.relu acc4, r5 ; dma.wait 2 }
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x80,0x08,0x01,0x00,0x00,0x00,0x00,0x00,0x00,0x18,0x01,0x40,0x00,0x00,0x00,0x00,0x00,0x28,0x84,0x60,0x02,0x00,0x00,0x00,0x00,0x00,0x40,0xe8]
# CHECK-OBJ-NEXT: a8: 0001088000000000 { add r1, r1, r2
# CHECK-OBJ-NEXT: b0: 4001180000000000 vld v1, 0(r3)
# CHECK-OBJ-NEXT: b8: 6084280000000000 mst.relu acc4, r5
# CHECK-OBJ-NEXT: c0: e840000000000002 dma.wait 2 }
{ add r1, r1, r2 ; vld v1, 0(r3) ; mst.relu acc4, r5 ; dma.wait 2 }

# dma.wait.older (func 3): every transfer of the channel but the newest.
# CHECK-ASM: dma.wait.older 0
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x00,0x00,0x60,0xe8]
# CHECK-OBJ-NEXT: c8: e860000000000000 dma.wait.older 0
dma.wait.older 0
# CHECK-ASM: dma.wait.older 3
# CHECK-ENC-SAME: # encoding: [0x03,0x00,0x00,0x00,0x00,0x00,0x60,0xe8]
# CHECK-OBJ-NEXT: d0: e860000000000003 dma.wait.older 3
dma.wait.older 3

# The wide forms of mmac (func 6 and 7): the same fields as mmac.
# CHECK-ASM: mmac.4x64 acc0, r1, r2, r3
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0x86,0x08,0xc0,0xe0]
# CHECK-OBJ-NEXT: d8: e0c0088600000000 mmac.4x64 acc0, r1, r2, r3
mmac.4x64 acc0, r1, r2, r3
# CHECK-ASM: mmac.8x32 acc15, r31, r30, r29
# CHECK-ENC-SAME: # encoding: [0x00,0x00,0x00,0x00,0xba,0xff,0xef,0xe0]
# CHECK-OBJ-NEXT: e0: e0efffba00000000 mmac.8x32 acc15, r31, r30, r29
mmac.8x32 acc15, r31, r30, r29
