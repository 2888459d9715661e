# Frames for the debugger's backtrace (debug-frames.test): main and f keep
# frame records (docs/abi.md "Frame": r29 = the CFA, the return address at
# r29 - 8, the caller's r29 at r29 - 16), g keeps none, h damages the chain
# step by step: a record whose saved r29 points at itself, then an r29
# outside memory. Exits 0.

  .text
  .globl main
main:
  addi r30, r30, -32
  st.i64 r31, 24(r30)
  st.i64 r29, 16(r30)
  addi r29, r30, 32
main_body:
  call f
  ld.i64 r29, 16(r30)
  ld.i64 r31, 24(r30)
main_exit:
  addi r30, r30, 32
  li r1, 0
  ret

  .type f, @function
f:
  addi r30, r30, -16
  st.i64 r31, 8(r30)
  st.i64 r29, 0(r30)
  addi r29, r30, 16
  call g
  ld.i64 r29, 0(r30)
  ld.i64 r31, 8(r30)
  addi r30, r30, 16
  ret

  .type g, @function
g:
  addi r30, r30, -16
  st.i64 r31, 8(r30)
  call h
  ld.i64 r31, 8(r30)
  addi r30, r30, 16
  ret

  .type h, @function
h:
  st.i64 r29, -16(r29)            # f's record now links to itself
looping:
  li r29, 0x12345
outside:
  ret
