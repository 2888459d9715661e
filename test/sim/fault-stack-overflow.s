# Stack overflow, exit status 135 (docs/simulator.md): an access in the 4 KiB
# guard between the heap (__heap_end) and the stack (__stack_limit). Infinite
# recursion with 16-byte frames faults on the first store into the guard,
# just below __stack_limit = 0x1ff00000; a load from __heap_end (the guard's
# first byte) faults too, while the heap's last word below it is accessible.
# The first argument selects the case.
#
# RUN: accel-as %s -o %t.o
# RUN: %link %t.o -o %t.elf
# RUN: accel-objdump -t %t.elf > %t.sym
# RUN: %expect-exit 135 %sim %t.elf recurse 2> %t.recurse
# RUN: cat %t.sym %t.recurse | FileCheck %s --check-prefix=RECURSE
# RUN: %expect-exit 135 %sim %t.elf guard 2> %t.guard
# RUN: cat %t.sym %t.guard | FileCheck %s --check-prefix=GUARD

# RECURSE-DAG: {{^}}000000001ff00000 g *ABS* {{0+}} __stack_limit
# RECURSE-DAG: {{^}}[[#%x,PC:]] l .text {{[0-9a-f]+}} recurse
# RECURSE:      accel-sim: fault: stack overflow: write of 8 bytes at 0x1feffff8
# RECURSE-NEXT:   pc 0x[[#%x,PC+8]] <recurse+0x8>
# RECURSE-NEXT:   bundle: st.i64 r31, 8(r30)
# RECURSE-NEXT:   cycle {{[0-9]+}}

# GUARD-DAG: {{^}}000000001feff000 g *ABS* {{0+}} __heap_end
# GUARD-DAG: {{^}}[[#%x,PC:]] l .text {{[0-9a-f]+}} read_guard
# GUARD:      accel-sim: fault: stack overflow: read of 8 bytes at 0x1feff000
# GUARD-NEXT:   pc 0x[[#%x,PC]] <read_guard>
# GUARD-NEXT:   bundle: ld.i64 r1, 0(r2)
# GUARD-NEXT:   cycle {{[0-9]+}}

  .text
  .globl main
main:
  ld.i64 r5, 8(r2)
  ld.u8 r5, 0(r5)
  li r4, 114                      # 'r'ecurse
  beq r5, r4, recurse
  li r2, __heap_end
  ld.i64 r1, -8(r2)               # the heap's last word: fine
read_guard:
  ld.i64 r1, 0(r2)
  ret

recurse:
  addi r30, r30, -16
  st.i64 r31, 8(r30)
  call recurse
  ld.i64 r31, 8(r30)
  addi r30, r30, 16
  ret
