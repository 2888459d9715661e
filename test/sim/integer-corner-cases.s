# Integer corner cases end to end, as docs/isa.md §7.1-7.2 defines them:
# division never faults (x / 0 = -1, x % 0 = x, INT_MIN / -1 = INT_MIN,
# INT_MIN % -1 = 0, for 64 bits and for .w), shift amounts are taken modulo
# the width (64, or 32 for .w), .w operations read the low 32 bits and write
# sign-extended results, and arithmetic wraps. Each result is compared with
# its documented value; the program prints one line per check and exits with
# the number of failures.
#
# RUN: accel-as %s -o %t.o
# RUN: accel-as %S/../Inputs/print.s -o %t.print.o
# RUN: %link %t.o %t.print.o -o %t.elf
# RUN: %expect-exit 0 %sim %t.elf | FileCheck %s --implicit-check-not=FAIL

# CHECK:      div 7/0: ok
# CHECK-COUNT-51: : ok{{$}}
# CHECK-NEXT: PASS

# EXPECT name, lo [, hi]: checks r20 == sext(lo), or (hi << 32 | lo32(lo)).
# check_eq clobbers r1..r9, so operands live in callee-saved r21..r24.
  .macro EXPECT name:req, lo:req, hi=none
  .pushsection .rodata.names,"a"
.Lname\@: .asciz "\name"
  .popsection
  { li r1, .Lname\@ ; addi r2, r20, 0 }
  li r3, \lo
  .ifnc \hi,none
  lih r3, r3, \hi
  .endif
  call check_eq
  add r16, r16, r1
  .endm

  .text
  .globl main
main:
  addi r30, r30, -64
  st.i64 r31, 56(r30)
  st.i64 r16, 48(r30)
  st.i64 r20, 40(r30)
  st.i64 r21, 32(r30)
  st.i64 r22, 24(r30)
  st.i64 r23, 16(r30)
  st.i64 r24, 8(r30)
  li r16, 0                       # failures
  li r21, 0
  lih r21, r21, 0x80000000        # r21 = INT64_MIN

# 64-bit division and remainder.
  { li r22, 7 ; li r23, 0 }
  div r20, r22, r23
  EXPECT "div 7/0", -1
  divu r20, r22, r23
  EXPECT "divu 7/0", -1
  rem r20, r22, r23
  EXPECT "rem 7%0", 7
  remu r20, r22, r23
  EXPECT "remu 7%0", 7
  li r23, -1
  div r20, r21, r23
  EXPECT "div INT64_MIN/-1", 0, 0x80000000
  rem r20, r21, r23
  EXPECT "rem INT64_MIN%-1", 0
  div r20, r21, r0
  EXPECT "div INT64_MIN/0", -1
  rem r20, r21, r0
  EXPECT "rem INT64_MIN%0", 0, 0x80000000
  { li r22, -7 ; li r23, 2 }
  div r20, r22, r23
  EXPECT "div -7/2", -3
  rem r20, r22, r23
  EXPECT "rem -7%2", -1
  li r22, -1
  divu r20, r22, r23
  EXPECT "divu (2^64-1)/2", -1, 0x7fffffff
  li r23, 10
  remu r20, r22, r23
  EXPECT "remu (2^64-1)%10", 5

# 32-bit division: low halves in, sign-extended result out.
  { li r22, -0x80000000 ; li r23, -1 }
  div.w r20, r22, r23
  EXPECT "div.w INT32_MIN/-1", -0x80000000
  rem.w r20, r22, r23
  EXPECT "rem.w INT32_MIN%-1", 0
  { li r22, 7 ; li r23, 0 }
  div.w r20, r22, r23
  EXPECT "div.w 7/0", -1
  divu.w r20, r22, r23
  EXPECT "divu.w 7/0", -1
  li r22, -0x7fffffff              # lo32 = 0x80000001
  rem.w r20, r22, r23
  EXPECT "rem.w 0x80000001%0", -0x7fffffff
  li r22, -0x80000000
  lih r22, r22, 0                   # 0x0000000080000000
  remu.w r20, r22, r23
  EXPECT "remu.w 0x80000000%0", -0x80000000
  li r22, 7
  lih r22, r22, 1                   # 0x1_00000007: a = 7
  li r23, 2
  lih r23, r23, 0xffffffff          # b = 2
  div.w r20, r22, r23
  EXPECT "div.w ignores upper bits", 3
  { li r22, -2 ; li r23, 2 }        # a = 0xfffffffe
  divu.w r20, r22, r23
  EXPECT "divu.w 0xfffffffe/2", 0x7fffffff
  div.w r20, r22, r23
  EXPECT "div.w -2/2", -1

# Multiplication wraps; mulh/mulhu give the high half.
  li r23, 2
  mul r20, r21, r23
  EXPECT "mul INT64_MIN*2", 0
  li r22, -1
  mulhu r20, r22, r22
  EXPECT "mulhu (2^64-1)^2", -2
  mulh r20, r22, r22
  EXPECT "mulh -1*-1", 0
  mulh r20, r21, r21
  EXPECT "mulh INT64_MIN^2", 0, 0x40000000
  li r22, 0x10000
  mul.w r20, r22, r22
  EXPECT "mul.w 2^16*2^16", 0
  { li r22, 0x7fffffff ; li r23, 2 }
  mul.w r20, r22, r23
  EXPECT "mul.w 0x7fffffff*2", -2

# Shift amounts modulo the width.
  { li r22, 1 ; li r23, 64 }
  shl r20, r22, r23
  EXPECT "shl 1<<64", 1
  li r23, 65
  shl r20, r22, r23
  EXPECT "shl 1<<65", 2
  li r23, 127
  srl r20, r21, r23
  EXPECT "srl INT64_MIN>>127", 1
  sra r20, r21, r23
  EXPECT "sra INT64_MIN>>127", -1
  { li r22, 0x100 ; li r23, -1 }
  srl r20, r22, r23
  EXPECT "srl 0x100>>(2^64-1)", 0
  { li r22, 1 ; li r23, 32 }
  shl.w r20, r22, r23
  EXPECT "shl.w 1<<32", 1
  li r23, 31
  shl.w r20, r22, r23
  EXPECT "shl.w 1<<31", -0x80000000
  { li r22, -0x80000000 ; li r23, 35 }
  srl.w r20, r22, r23
  EXPECT "srl.w 0x80000000>>35", 0x10000000
  li r22, 0x10
  lih r22, r22, 0xffffffff
  li r23, 4
  srl.w r20, r22, r23
  EXPECT "srl.w ignores upper bits", 1
  { li r22, -0x80000000 ; li r23, 63 }
  sra.w r20, r22, r23
  EXPECT "sra.w 0x80000000>>63", -1
  li r22, 1
  shli r20, r22, 63
  EXPECT "shli 1<<63", 0, 0x80000000
  srai r20, r21, 63
  EXPECT "srai INT64_MIN>>63", -1
  srli r20, r21, 63
  EXPECT "srli INT64_MIN>>63", 1
  shli.w r20, r22, 31
  EXPECT "shli.w 1<<31", -0x80000000

# Wrapping adds, signed and unsigned compares, 32-bit compares, lih.
  li r22, 0x7fffffff
  { li r23, 1 ; addi r24, r21, -1 } # r24 = INT64_MAX
  add.w r20, r22, r23
  EXPECT "add.w 0x7fffffff+1", -0x80000000
  addi r20, r24, 1
  EXPECT "addi INT64_MAX+1", 0, 0x80000000
  slt r20, r21, r0
  EXPECT "slt INT64_MIN<0", 1
  sltu r20, r21, r0
  EXPECT "sltu INT64_MIN<0", 0
  li r22, 5
  sltiu r20, r22, -1
  EXPECT "sltiu 5<-1", 1
  slti r20, r22, -1
  EXPECT "slti 5<-1", 0
  { li r22, 0 ; li r23, 1 }
  lih r22, r22, 1                   # 0x1_00000000: lo32 = 0
  slt.w r20, r22, r23
  EXPECT "slt.w 0x100000000<1", 1
  li r22, -1
  sltu.w r20, r22, r23
  EXPECT "sltu.w 0xffffffff<1", 0
  li r22, 5
  lih r22, r22, 1
  seq.w r20, r22, r23
  EXPECT "seq.w 0x100000005==1", 0
  li r23, 5
  seq.w r20, r22, r23
  EXPECT "seq.w 0x100000005==5", 1
  li r20, -1
  lih r20, r20, 0x12345678
  EXPECT "lih", -1, 0x12345678

  bne r16, r0, .Lout
  li r1, s_pass
  call print_str
.Lout:
  addi r1, r16, 0
  ld.i64 r24, 8(r30)
  ld.i64 r23, 16(r30)
  ld.i64 r22, 24(r30)
  ld.i64 r21, 32(r30)
  ld.i64 r20, 40(r30)
  ld.i64 r16, 48(r30)
  ld.i64 r31, 56(r30)
  addi r30, r30, 64
  ret

  .rodata
s_pass: .asciz "PASS\n"
