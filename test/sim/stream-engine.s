# The stream engine in accel-sim's reports (docs/simulator.md): a vs.add.f32
# and a vs.redmax.f32 on a block of 4 x 256 floats (1024 elements, 16
# cycles each at 64 a cycle) show in --stats as the engine's busy cycles
# and as stream-busy stalls: the reduction waits 15 cycles for the engine
# (the add's 16, less the cycle it issues after it anyway) and the load 21
# for the reduction's result (16 + StreamLatency 6, less one): 36. In the
# timeline they are one span per operation on the
# "Stream engine" track. With an argument, the add's first source is in
# DRAM: a stream fault, exit status 139, naming the operand and the address.
# (Element results and timing in detail: test/unit/sim/StreamEngineTest.cpp.)
#
# RUN: accel-as %s -o %t.o
# RUN: %link %t.o -o %t.elf
# RUN: %expect-exit 0 %sim --stats %t.elf 2>&1 | FileCheck %s --check-prefix=STATS
# RUN: %expect-exit 0 %sim --timeline=%t.json %t.elf
# RUN: python3 %S/../Inputs/timeline_summary.py %t.json | FileCheck %s --check-prefix=TIMELINE
# RUN: %expect-exit 139 %sim %t.elf dram 2>&1 | FileCheck %s --check-prefix=FAULT
# REQUIRES: cycle-model

# STATS:      stream engine {{ *}}0.{{[0-9]+}}
# STATS:      stream-busy {{ *}}36
# TIMELINE:   Stream engine: VS_ADD_F32:16 VS_REDMAX_F32:16{{$}}
# FAULT:      accel-sim: fault: stream engine fault: vs operand a at 0x10000000 is not in the scratchpad

  .text
  .globl main
main:
  { li r10, 4 ; li r11, 256 }
  vs.shape r10, r11
  li r12, 0x110000              # the block
  li r13, 0x120000              # the maxima
  addi r3, r1, -2               # argc == 2: the first source in DRAM
  bne r3, r0, .Lrun
  li r12, 0x10000000
.Lrun:
  vs.add.f32 r12, r12, r12
  vs.redmax.f32 r13, r12
  ld.i32 r1, 0(r13)             # 0: max of zeros
  ret
