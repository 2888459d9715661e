# The time services: sys 13 (cycles) reads the issue cycle of its bundle,
# so two reads ten bundles apart, with nothing stalling between them, differ
# by exactly 10, with the cycle model and in --fast mode (where cycles count
# bundles); the trace shows the same two cycles. sys 14 reads --clock-hz.
#
# RUN: accel-as %s -o %t.o
# RUN: %link %t.o -o %t.elf
# RUN: %expect-exit 10 %sim %t.elf
# RUN: %expect-exit 10 %sim --trace %t.elf 2>&1 | FileCheck %s
# RUN: %expect-exit 10 accel-sim --fast %t.elf
# RUN: %expect-exit 42 %sim --clock-hz=42 %t.elf hz
# RUN: %expect-exit 127 %sim %t.elf hz

# CHECK: [[#C0:]] {{[0-9a-f]+}}: sys 13
# CHECK: [[#C0+10]] {{[0-9a-f]+}}: sys 13

  .text
  .globl main
main:
  addi r3, r1, -2                 # argc == 2: report the clock rate
  beq r3, r0, .Lhz
  sys 13
  addi r16, r1, 0
  nop
  nop
  nop
  nop
  nop
  nop
  nop
  nop
  sys 13
  sub r1, r1, r16
  ret
.Lhz:
  sys 14                          # 1000000000 by default: exit status 127
  ret
