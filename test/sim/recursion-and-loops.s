# Calls, returns and stack frames: fib(20) computed by naive recursion (each
# frame saves r31 and the callee-saved r16/r17 it uses) must equal fib(20)
# computed by a loop, and the sum 1..100 by a loop must equal n(n+1)/2. The
# program prints the values and PASS, and exits with the number of
# mismatches.
#
# RUN: accel-as %s -o %t.o
# RUN: accel-as %S/../Inputs/print.s -o %t.print.o
# RUN: %link %t.o %t.print.o -o %t.elf
# RUN: %expect-exit 0 %sim %t.elf | FileCheck %s

# CHECK:      fib(20) recursive: 6765
# CHECK-NEXT: fib(20) loop: 6765
# CHECK-NEXT: calls: 21891
# CHECK-NEXT: sum(1..100) loop: 5050
# CHECK-NEXT: PASS
# CHECK-EMPTY:

  .text
  .globl main
main:
  addi r30, r30, -32
  st.i64 r31, 24(r30)
  st.i64 r16, 16(r30)
  st.i64 r17, 8(r30)
  st.i64 r18, 0(r30)

  li r1, 20
  call fib_rec
  addi r16, r1, 0                 # recursive result
  li r1, 20
  call fib_loop
  addi r17, r1, 0                 # loop result
  li r1, 100
  call sum_loop
  addi r18, r1, 0

  li r1, s_rec
  call print_str
  addi r1, r16, 0
  call print_dec
  call print_nl
  li r1, s_loop
  call print_str
  addi r1, r17, 0
  call print_dec
  call print_nl
  li r1, s_calls
  call print_str
  ld.i64 r1, calls(r0)
  call print_dec
  call print_nl
  li r1, s_sum
  call print_str
  addi r1, r18, 0
  call print_dec
  call print_nl

  # Mismatches: recursive vs loop, the call count (fib(n) makes
  # 2*fib(n+1) - 1 = 21891 calls for n = 20), and the sum vs 100*101/2.
  { sne r1, r16, r17 ; li r2, 21891 }
  ld.i64 r3, calls(r0)
  sne r2, r3, r2
  add r1, r1, r2
  li r2, 5050
  sne r2, r18, r2
  add r16, r1, r2
  bne r16, r0, .Lout
  li r1, s_pass
  call print_str
.Lout:
  addi r1, r16, 0
  ld.i64 r18, 0(r30)
  ld.i64 r17, 8(r30)
  ld.i64 r16, 16(r30)
  ld.i64 r31, 24(r30)
  addi r30, r30, 32
  ret

# long fib_rec(long n): n < 2 ? n : fib_rec(n-1) + fib_rec(n-2); counts calls.
fib_rec:
  ld.i64 r2, calls(r0)
  addi r2, r2, 1
  st.i64 r2, calls(r0)
  slti r2, r1, 2
  beq r2, r0, .Lrecurse
  ret
.Lrecurse:
  addi r30, r30, -32
  st.i64 r31, 24(r30)
  st.i64 r16, 16(r30)
  st.i64 r17, 8(r30)
  addi r16, r1, 0                 # n
  addi r1, r16, -1
  call fib_rec
  addi r17, r1, 0                 # fib(n-1)
  addi r1, r16, -2
  call fib_rec
  add r1, r1, r17
  ld.i64 r17, 8(r30)
  ld.i64 r16, 16(r30)
  ld.i64 r31, 24(r30)
  addi r30, r30, 32
  ret

# long fib_loop(long n): a, b = 0, 1; repeat n times: a, b = b, a + b.
fib_loop:
  { li r2, 0 ; li r3, 1 }
  beq r1, r0, .Lfl_done
.Lfl:
  { add r2, r3, r0 ; add r3, r2, r3 }   # parallel: both read the old values
  addi r1, r1, -1
  bne r1, r0, .Lfl
.Lfl_done:
  addi r1, r2, 0
  ret

# long sum_loop(long n): 1 + 2 + ... + n, counting down.
sum_loop:
  li r2, 0
.Lsl:
  { add r2, r2, r1 ; addi r1, r1, -1 }
  bne r1, r0, .Lsl
  addi r1, r2, 0
  ret

  .data
  .p2align 3
calls:
  .quad 0

  .rodata
s_rec:   .asciz "fib(20) recursive: "
s_loop:  .asciz "fib(20) loop: "
s_calls: .asciz "calls: "
s_sum:   .asciz "sum(1..100) loop: "
s_pass:  .asciz "PASS\n"
