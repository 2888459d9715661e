# Illegal-instruction faults (exit status 129, docs/simulator.md), each
# reported with the cause, the pc and its symbol, the bundle's disassembly
# and the cycle. The first argument selects the case:
#   garbage  executing a word that does not decode (.quad in .text: group
#            0xF is unassigned)
#   bit32    executing `add r1, r2, r3` with the always-zero bit 32 set
#   sys      sys 255, an unknown service
#   target   jr to the middle of a bundle
#   end      running past the end of the program text (linked without the
#            runtime library, so this object's code is last; it has its
#            own exit, which crt0 needs)
#
# RUN: accel-as %s -o %t.o
# RUN: %link %t.o -o %t.elf
# RUN: accel-objdump -t %t.elf > %t.sym
# RUN: %expect-exit 129 %sim %t.elf garbage 2> %t.garbage
# RUN: cat %t.sym %t.garbage | FileCheck %s --check-prefix=GARBAGE
# RUN: %expect-exit 129 %sim %t.elf bit32 2> %t.bit32
# RUN: cat %t.sym %t.bit32 | FileCheck %s --check-prefix=BIT32
# RUN: %expect-exit 129 %sim %t.elf sys 2> %t.sys
# RUN: cat %t.sym %t.sys | FileCheck %s --check-prefix=SYS
# RUN: %expect-exit 129 %sim %t.elf target 2> %t.target
# RUN: cat %t.sym %t.target | FileCheck %s --check-prefix=TARGET
# RUN: accel-ld %accel_rt/crt0.o %t.o -o %t.nolib.elf
# RUN: accel-objdump -t %t.nolib.elf > %t.nolib.sym
# RUN: %expect-exit 129 %sim %t.nolib.elf end 2> %t.end
# RUN: cat %t.nolib.sym %t.end | FileCheck %s --check-prefix=END

# GARBAGE: {{^}}[[#%x,PC:]] g .text {{[0-9a-f]+}} garbage
# GARBAGE:      accel-sim: fault: illegal instruction: the word does not decode to an Accel instruction
# GARBAGE-NEXT:   pc 0x[[#%x,PC+8]] <garbage+0x8>
# GARBAGE-NEXT:   bundle: <invalid>
# GARBAGE-NEXT:   cycle {{[0-9]+}}
# GARBAGE-EMPTY:

# BIT32: {{^}}[[#%x,PC:]] g .text {{[0-9a-f]+}} bit32
# BIT32:      accel-sim: fault: illegal instruction: the word does not decode to an Accel instruction
# BIT32-NEXT:   pc 0x[[#%x,PC]] <bit32>
# BIT32-NEXT:   bundle: <invalid>
# BIT32-NEXT:   cycle {{[0-9]+}}

# SYS: {{^}}[[#%x,PC:]] g .text {{[0-9a-f]+}} bad_sys
# SYS:      accel-sim: fault: illegal instruction: unknown sys service 255
# SYS-NEXT:   pc 0x[[#%x,PC+8]] <bad_sys+0x8>
# SYS-NEXT:   bundle: { li r2, 2 ; sys 255 }
# SYS-NEXT:   cycle {{[0-9]+}}

# TARGET-DAG: {{^}}[[#%x,MID:]] g .text {{[0-9a-f]+}} mid_bundle
# TARGET-DAG: {{^}}[[#%x,PC:]] g .text {{[0-9a-f]+}} bad_jump
# TARGET:      accel-sim: fault: illegal instruction: control transfer to 0x[[#%x,MID+8]], which is not the start of a bundle in the program text
# TARGET-NEXT:   pc 0x[[#%x,PC+8]] <bad_jump+0x8>
# TARGET-NEXT:   bundle: jr r5
# TARGET-NEXT:   cycle {{[0-9]+}}

# END: {{^}}[[#%x,PC:]] g .text {{[0-9a-f]+}} last_code
# END:      accel-sim: fault: illegal instruction: execution ran past the end of the program text
# END-NEXT:   pc 0x[[#%x,PC+8]] <last_code+0x8>
# END-NEXT:   bundle: li r2, 2
# END-NEXT:   cycle {{[0-9]+}}

  .text
  .globl main
main:
  ld.i64 r3, 8(r2)                # argv[1]
  ld.u8 r3, 0(r3)
  li r4, 103                      # 'g'
  beq r3, r4, garbage
  li r4, 98                       # 'b'
  beq r3, r4, bit32
  li r4, 115                      # 's'
  beq r3, r4, bad_sys
  li r4, 116                      # 't'
  beq r3, r4, bad_jump
  li r4, 101                      # 'e'
  beq r3, r4, last_code
  li r1, 1
  ret

  .globl exit
exit:
  sys 0

  .globl garbage, bit32, bad_sys, mid_bundle, bad_jump, last_code
garbage:
  nop
  .quad 0xffffffffffffffff

bit32:
  .quad 0x800110c100000000        # add r1, r2, r3 | 1 << 32
  ret

bad_sys:
  li r1, 1
  { li r2, 2 ; sys 255 }
  ret

mid_bundle:
  { li r1, 1 ; li r2, 2 }
bad_jump:
  li r5, mid_bundle+8             # the second word of that bundle
  jr r5

last_code:
  li r1, 1
  li r2, 2                        # the last bundle of the text
