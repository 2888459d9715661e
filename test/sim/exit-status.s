# The exit status (docs/simulator.md): the int main returns (crt0 passes it
# to sys 0), or the int given to _exit, if it is 0..127; any other value,
# including a negative one, becomes 127, so a failure never reads as
# success. Only the low 32 bits of an int count (docs/abi.md), so
# 4294967296 is the int 0. The program returns, or with a second argument "x" passes to
# _exit from a nested call, the number in its first argument.
#
# RUN: accel-as %s -o %t.o
# RUN: %link %t.o -o %t.elf
# RUN: %expect-exit 0 %sim %t.elf 0
# RUN: %expect-exit 1 %sim %t.elf 1
# RUN: %expect-exit 42 %sim %t.elf 42
# RUN: %expect-exit 127 %sim %t.elf 127
# RUN: %expect-exit 127 %sim %t.elf 128
# RUN: %expect-exit 127 %sim %t.elf 255
# RUN: %expect-exit 127 %sim %t.elf 256
# RUN: %expect-exit 127 %sim %t.elf 300
# RUN: %expect-exit 127 %sim %t.elf -1
# RUN: %expect-exit 127 %sim %t.elf -256
# RUN: %expect-exit 0 %sim %t.elf 4294967296
# RUN: %expect-exit 127 %sim %t.elf 4294967295
# RUN: %expect-exit 0 %sim %t.elf 0 x
# RUN: %expect-exit 42 %sim %t.elf 42 x
# RUN: %expect-exit 127 %sim %t.elf 300 x
# RUN: %expect-exit 127 %sim %t.elf -1 x

  .text
  .globl main
main:
  addi r30, r30, -16
  st.i64 r31, 8(r30)
  { addi r6, r1, 0 ; addi r7, r2, 0 }   # argc, argv
  ld.i64 r1, 8(r7)
  call parse_long
  li r2, 3
  bltu r6, r2, .Lreturn
  # A second argument: exit from inside a nested call.
  call leave
  trap                            # not reached
.Lreturn:
  ld.i64 r31, 8(r30)
  addi r30, r30, 16
  ret

leave:
  addi r30, r30, -16
  st.i64 r31, 8(r30)
  call _exit
  trap                            # not reached

# long parse_long(const char *s): optional '-', then decimal digits.
parse_long:
  { li r2, 0 ; li r3, 0 }         # value, negative
  ld.u8 r4, 0(r1)
  li r5, 45                       # '-'
  bne r4, r5, .Ldigits
  { addi r1, r1, 1 ; li r3, 1 }
.Ldigits:
  ld.u8 r4, 0(r1)
  beq r4, r0, .Lsign
  li r5, 10
  mul r2, r2, r5
  addi r4, r4, -48
  { add r2, r2, r4 ; addi r1, r1, 1 }
  jmp .Ldigits
.Lsign:
  sub r4, r0, r2
  sel r1, r3, r4, r2
  ret
