# --max-cycles=N stops a program that runs too long with exit status 137
# (docs/simulator.md): in the timed mode after N cycles, with --fast after N
# bundles; either way the report says cycle N. An infinite loop (jmp to
# itself) hits the limit in both modes. (A loop whose bundles stall:
# fault-max-cycles-stall.s.)
#
# RUN: accel-as %s -o %t.o
# RUN: %link %t.o -o %t.elf
# RUN: accel-objdump -t %t.elf > %t.sym
# RUN: %expect-exit 137 %sim --max-cycles=1000 %t.elf spin 2> %t.spin
# RUN: cat %t.sym %t.spin | FileCheck %s --check-prefix=SPIN
# The limit applies to the whole run, not per loop: a finite program that
# needs more fails too, and runs to completion without the limit.
# RUN: %expect-exit 137 %sim --max-cycles=100 %t.elf stall-short 2>&1 \
# RUN:   | FileCheck %s --check-prefix=SHORT
# RUN: %expect-exit 0 %sim %t.elf stall-short

# SPIN: {{^}}[[#%x,PC:]] l .text {{[0-9a-f]+}} spin
# SPIN:      accel-sim: fault: cycle limit exceeded: --max-cycles=1000 reached
# SPIN-NEXT:   pc 0x[[#%x,PC]] <spin>
# SPIN-NEXT:   bundle: jmp 0x[[#%x,PC]]
# SPIN-NEXT:   cycle 1000
# SPIN-EMPTY:

# SHORT:      accel-sim: fault: cycle limit exceeded: --max-cycles=100 reached
# SHORT-NEXT:   pc 0x{{[0-9a-f]+}} <{{.*}}>
# SHORT-NEXT:   bundle: {{.*}}
# SHORT-NEXT:   cycle {{[0-9]+}}

  .text
  .globl main
main:
  ld.i64 r5, 8(r2)
  ld.u8 r6, 5(r5)                 # argv[1][5]: '-' for stall-short
  ld.u8 r5, 1(r5)                 # argv[1][1]: 'p'in or 't'all
  li r4, 112
  beq r5, r4, spin
  { li r7, 2 ; li r8, -1 }        # forever, unless stall-short
  li r4, 45
  bne r6, r4, slow
  li r8, 100
slow:
  mul r7, r7, r7                  # latency 3: the next bundle waits
  { add r7, r7, r0 ; addi r8, r8, -1 }
  bne r8, r0, slow
  li r1, 0
  ret
spin:
  jmp spin
