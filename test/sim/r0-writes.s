# r0 reads as zero and writes to it are discarded (docs/isa.md §3), also
# within a bundle: with parallel semantics (§5) every slot reads its sources
# before any slot writes, so a slot never sees another slot's write anyway,
# and a write to r0 least of all. Each check compares with the documented
# value; the program exits with the number of failures.
#
# RUN: accel-as -I %S/../Inputs %s -o %t.o
# RUN: accel-as %S/../Inputs/print.s -o %t.print.o
# RUN: %link %t.o %t.print.o -o %t.elf
# RUN: %expect-exit 0 %sim %t.elf | FileCheck %s --implicit-check-not=FAIL

# CHECK:      li r0 then read r0: ok
# CHECK-NEXT: ld r0 then read r0: ok
# CHECK-NEXT: same bundle, li r0 first: ok
# CHECK-NEXT: same bundle, add r0 first: ok
# CHECK-NEXT: same bundle, ld r0 first: ok
# CHECK-NEXT: same bundle, read r0 first: ok
# CHECK-NEXT: PASS

  .include "expect.inc"

  .text
  .globl main
main:
  addi r30, r30, -32
  st.i64 r31, 24(r30)
  st.i64 r16, 16(r30)
  st.i64 r20, 8(r30)
  li r16, 0

# In separate bundles.
  li r0, 5
  addi r20, r0, 3
  EXPECT "li r0 then read r0", r20, 3
  ld.i64 r0, ninety_nine(r0)
  addi r20, r0, 3
  EXPECT "ld r0 then read r0", r20, 3

# In one bundle, the write to r0 in an earlier slot than the read.
  { li r0, 5 ; addi r20, r0, 3 }
  EXPECT "same bundle, li r0 first", r20, 3
  li r20, 40
  { add r0, r20, r20 ; sub r20, r20, r0 }
  EXPECT "same bundle, add r0 first", r20, 40
  { ld.i64 r0, ninety_nine(r0) ; addi r20, r0, 3 }
  EXPECT "same bundle, ld r0 first", r20, 3
# And with the read first.
  { addi r20, r0, 3 ; li r0, 5 }
  EXPECT "same bundle, read r0 first", r20, 3

  bne r16, r0, .Lout
  li r1, s_pass
  call print_str
.Lout:
  addi r1, r16, 0
  ld.i64 r20, 8(r30)
  ld.i64 r16, 16(r30)
  ld.i64 r31, 24(r30)
  addi r30, r30, 32
  ret

  .rodata
  .p2align 3
ninety_nine: .quad 99
s_pass: .asciz "PASS\n"
