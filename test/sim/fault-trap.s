# The trap instruction stops the program with exit status 136 and a report
# naming the pc and its symbol, the whole bundle holding the trap (whose other
# instruction still executes) and the cycle. Output written before the trap
# is not lost.
#
# RUN: accel-as %s -o %t.o
# RUN: %link %t.o -o %t.elf
# RUN: accel-objdump -t %t.elf > %t.sym
# RUN: %expect-exit 136 %sim %t.elf > %t.out 2> %t.err
# RUN: FileCheck %s --check-prefix=OUT < %t.out
# RUN: cat %t.sym %t.err | FileCheck %s

# OUT: before the trap
# CHECK: {{^}}[[#%x,PC:]] l .text {{[0-9a-f]+}} stop_here
# CHECK:      accel-sim: fault: trap: trap instruction
# CHECK-NEXT:   pc 0x[[#%x,PC]] <stop_here>
# CHECK-NEXT:   bundle: { li r1, 5 ; trap }
# CHECK-NEXT:   cycle {{[0-9]+}}
# CHECK-EMPTY:

  .text
  .globl main
main:
  addi r30, r30, -16
  st.i64 r31, 8(r30)
  { li r1, 1 ; li r2, msg }
  li r3, 16
  call write
stop_here:
  { li r1, 5 ; trap }
  ld.i64 r31, 8(r30)
  addi r30, r30, 16
  ret

  .rodata
msg: .ascii "before the trap\n"
