# Parallel semantics of bundles (docs/isa.md §5): every instruction of a
# bundle reads its source registers before any of them writes, whatever the
# slot order, including implicit writes (r31 by call, r1 by sys), vector
# registers and branch conditions. Memory, though, is accessed in slot
# order by the two load/store ports (§5, memory order). Each check compares with the documented
# value; the program exits with the number of failures.
#
# RUN: accel-as %s -o %t.o
# RUN: accel-as %S/../Inputs/print.s -o %t.print.o
# RUN: %link %t.o %t.print.o -o %t.elf
# RUN: %expect-exit 0 %sim %t.elf | FileCheck %s --implicit-check-not=FAIL

# CHECK:      swap r22: ok
# CHECK-NEXT: swap r23: ok
# CHECK-NEXT: addi then store stores the old value: ok
# CHECK-NEXT: store then addi stores the old value: ok
# CHECK-NEXT: store+increment loop, array[0]: ok
# CHECK-NEXT: store+increment loop, array[7]: ok
# CHECK-NEXT: store+increment loop, end pointer: ok
# CHECK-NEXT: increment+store loop, array[0]: ok
# CHECK-NEXT: increment+store loop, array[7]: ok
# CHECK-NEXT: increment+store loop, end pointer: ok
# CHECK-NEXT: load through the old address: ok
# CHECK-NEXT: swap with a load through the old r22: ok
# CHECK-NEXT: branch tests the old register: ok
# CHECK-NEXT: addi reads r31 before call writes it: ok
# CHECK-NEXT: call returns to the next bundle: ok
# CHECK-NEXT: call first, addi reads the old r31: ok
# CHECK-NEXT: callr r31 jumps to the old r31: ok
# CHECK-NEXT: addi reads r1 before sys writes it: ok
# CHECK-NEXT: sys result in r1: ok
# CHECK-NEXT: vadd reads v1 before vld writes it: ok
# CHECK-NEXT: vld wrote v1: ok
# CHECK-NEXT: vext reads v1 before vld writes it: ok
# CHECK-NEXT: load after a store in the bundle sees it: ok
# CHECK-NEXT: load before a store in the bundle sees the old value: ok
# CHECK-NEXT: two stores to one address, the later slot stays: ok
# CHECK-NEXT: vst then vld of the same vector: ok
# CHECK-NEXT: two loads in a bundle, first: ok
# CHECK-NEXT: two loads in a bundle, second: ok
# CHECK-NEXT: PASS

  .macro EXPECT name:req, reg:req, value:req
  .pushsection .rodata.names,"a"
.Lname\@: .asciz "\name"
  .popsection
  { li r1, .Lname\@ ; addi r2, \reg, 0 }
  li r3, \value
  call check_eq
  add r16, r16, r1
  .endm

  .text
  .globl main
main:
  addi r30, r30, -64
  st.i64 r31, 56(r30)
  st.i64 r16, 48(r30)
  st.i64 r22, 40(r30)
  st.i64 r23, 32(r30)
  st.i64 r24, 24(r30)
  st.i64 r25, 16(r30)
  li r16, 0

# A swap in one bundle.
  { li r22, 1 ; li r23, 2 }
  { add r22, r23, r0 ; add r23, r22, r0 }
  EXPECT "swap r22", r22, 2
  EXPECT "swap r23", r23, 1

# A store and a write of its value register in one bundle, in both orders.
  li r22, 10
  { addi r22, r22, 1 ; st.i64 r22, slot(r0) }
  ld.i64 r24, slot(r0)
  EXPECT "addi then store stores the old value", r24, 10
  { st.i64 r22, slot(r0) ; addi r22, r22, 1 }
  ld.i64 r24, slot(r0)
  EXPECT "store then addi stores the old value", r24, 11

# array[i] = i through a pointer incremented in the storing bundle.
  { li r22, 0 ; li r23, array }
.Lfill1:
  { st.i64 r22, 0(r23) ; addi r23, r23, 8 ; addi r22, r22, 1 }
  slti r24, r22, 8
  bne r24, r0, .Lfill1
  ld.i64 r24, array(r0)
  EXPECT "store+increment loop, array[0]", r24, 0
  ld.i64 r24, array+56(r0)
  EXPECT "store+increment loop, array[7]", r24, 7
  EXPECT "store+increment loop, end pointer", r23, array+64
# The same with the increment in the first slot: array2[i] = 100 + i.
  { li r22, 100 ; li r23, array2 }
.Lfill2:
  { addi r23, r23, 8 ; addi r22, r22, 1 ; st.i64 r22, 0(r23) }
  slti r24, r22, 108
  bne r24, r0, .Lfill2
  ld.i64 r24, array2(r0)
  EXPECT "increment+store loop, array[0]", r24, 100
  ld.i64 r24, array2+56(r0)
  EXPECT "increment+store loop, array[7]", r24, 107
  EXPECT "increment+store loop, end pointer", r23, array2+64

# A load and an increment of its address register.
  li r23, array+16
  { addi r23, r23, 8 ; ld.i64 r24, 0(r23) }
  EXPECT "load through the old address", r24, 2

# Three slots: a swap of r22/r23 and a load through the old r22.
  { li r22, array+24 ; li r23, array+32 }
  { add r22, r23, r0 ; add r23, r22, r0 ; ld.i64 r24, 0(r22) }
  EXPECT "swap with a load through the old r22", r24, 3

# A branch in the bundle that changes its operand: beq sees the old -1.
  { li r22, -1 ; li r24, 0 }
  { addi r22, r22, 1 ; beq r22, r0, .Lwrong }
  li r24, 1
.Lwrong:
  EXPECT "branch tests the old register", r24, 1

# call writes r31 implicitly; another slot reads the old r31.
  li r31, 12345
  { addi r22, r31, 0 ; call set_r25 }
  EXPECT "addi reads r31 before call writes it", r22, 12345
  EXPECT "call returns to the next bundle", r25, 77

  li r31, 54321
  { call set_r25 ; addi r22, r31, 0 }
  EXPECT "call first, addi reads the old r31", r22, 54321

# callr r31: the target is the old r31, then r31 is the return address.
  li r31, set_r25_to_88
  li r25, 0
  callr r31
  EXPECT "callr r31 jumps to the old r31", r25, 88

# sys writes r1 implicitly (write of 0 bytes returns 0).
  { li r1, 1 ; li r2, slot }
  li r3, 0
  { sys 1 ; addi r22, r1, 0 }
  addi r24, r1, 0
  EXPECT "addi reads r1 before sys writes it", r22, 1
  EXPECT "sys result in r1", r24, 0

# Vector registers: vadd reads v1 before the vld in the same bundle writes it.
  li r22, 5
  vbcast v1, r22
  li r23, vdata
  { vld v1, 0(r23) ; vadd.i32 v2, v1, v1 }
  vext r24, v2, 15
  EXPECT "vadd reads v1 before vld writes it", r24, 10
  vext r24, v1, 15
  EXPECT "vld wrote v1", r24, 115
  li r22, 9
  vbcast v1, r22
  { vld v1, 0(r23) ; vext r24, v1, 0 }
  EXPECT "vext reads v1 before vld writes it", r24, 9

# Two memory accesses in one bundle, one per load/store port: slot order.
  { li r22, 31 ; li r23, 32 }
  { st.i64 r22, slot(r0) ; ld.i64 r24, slot(r0) }
  EXPECT "load after a store in the bundle sees it", r24, 31
  { ld.i64 r24, slot(r0) ; st.i64 r23, slot(r0) }
  EXPECT "load before a store in the bundle sees the old value", r24, 31
  { st.i64 r22, slot(r0) ; st.i64 r23, slot(r0) }
  ld.i64 r24, slot(r0)
  EXPECT "two stores to one address, the later slot stays", r24, 32
  li r22, 41
  vbcast v3, r22
  li r23, vdata
  { vst v3, 0(r23) ; vld v4, 0(r23) }
  vext r24, v4, 7
  EXPECT "vst then vld of the same vector", r24, 41
  { ld.i64 r24, array+8(r0) ; ld.i64 r25, array+24(r0) }
  EXPECT "two loads in a bundle, first", r24, 1
  EXPECT "two loads in a bundle, second", r25, 3

  bne r16, r0, .Lout
  li r1, s_pass
  call print_str
.Lout:
  addi r1, r16, 0
  ld.i64 r25, 16(r30)
  ld.i64 r24, 24(r30)
  ld.i64 r23, 32(r30)
  ld.i64 r22, 40(r30)
  ld.i64 r16, 48(r30)
  ld.i64 r31, 56(r30)
  addi r30, r30, 64
  ret

set_r25:
  li r25, 77
  ret

set_r25_to_88:
  li r25, 88
  ret

  .data
  .p2align 3
slot:
  .quad 0
array:
  .zero 64
array2:
  .zero 64
  .p2align 6
vdata:
  .long 100, 101, 102, 103, 104, 105, 106, 107
  .long 108, 109, 110, 111, 112, 113, 114, 115

  .rodata
s_pass: .asciz "PASS\n"
