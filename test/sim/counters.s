# The statistics services: sys 15 (macs) and sys 16 (dma_bytes) read the
# counters accel-sim --stats reports, so that a program can measure a
# stretch of itself (the graph runtime's profile of each operator). Around
# one mmac with K = 8 the MACs grow by 16 x 16 x 8 = 2048, with the exit
# status 2048 / 256 = 8; around a 100-byte dma.1d the DMA bytes by 100
# (the exit status with an argument).
#
# RUN: accel-as %s -o %t.o
# RUN: %link %t.o -o %t.elf
# RUN: %expect-exit 8 %sim %t.elf
# RUN: %expect-exit 8 accel-sim --fast %t.elf
# RUN: %expect-exit 100 %sim %t.elf dma
# RUN: %expect-exit 100 %sim --stats %t.elf dma 2>&1 | FileCheck %s
# CHECK: dma bytes {{ *}}100

  .text
  .globl main
main:
  addi r3, r1, -2                 # argc == 2: the DMA bytes
  beq r3, r0, .Ldma
  sys 15
  addi r16, r1, 0
  { li r10, spm_a ; li r11, spm_b }
  li r14, 8
  mmac acc0, r10, r11, r14
  sys 15
  sub r1, r1, r16
  srli r1, r1, 8
  ret
.Ldma:
  sys 16
  addi r16, r1, 0
  { li r10, spm_a ; li r11, src }
  li r12, 100
  dma.1d 0, r10, r11, r12
  dma.wait 0
  sys 16
  sub r1, r1, r16
  ret

  .data
  .p2align 6
src:
  .zero 128

  .section .spm.bss,"aw",@nobits
  .p2align 6
spm_a:
  .zero 512
spm_b:
  .zero 512
