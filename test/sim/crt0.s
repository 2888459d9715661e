# The runtime's crt0 (kernels-c/runtime/crt0.s): before main it clears .bss
# and .spm.bss, then runs the .init_array constructors in order, and passes
# argc/argv to main. The simulator starts with zeroed memory, so to see the
# clearing this program is linked with its own entry, dirty_then_start, which
# fills .bss and .spm.bss with 0xa5 bytes and jumps to _start (keeping r1,
# r2 and r30 for it). The constructors check that the clearing happened
# before them and log their order; ctor2 clobbers every caller-saved
# register to check that crt0 keeps argc and argv. main checks everything.
#
# RUN: accel-as -I %S/../Inputs %s -o %t.o
# RUN: accel-as %S/../Inputs/print.s -o %t.print.o
# RUN: %link %t.o %t.print.o -e dirty_then_start -o %t.elf
# RUN: %expect-exit 0 %sim %t.elf alpha beta | FileCheck %s --implicit-check-not=FAIL
# With the normal entry the program behaves the same.
# RUN: %link %t.o %t.print.o -o %t.plain.elf
# RUN: %expect-exit 0 %sim %t.plain.elf alpha beta | FileCheck %s --implicit-check-not=FAIL

# CHECK:      .bss is zero at main: ok
# CHECK-NEXT: .spm.bss is zero at main: ok
# CHECK-NEXT: .data keeps its contents: ok
# CHECK-NEXT: .bss was zero in the first constructor: ok
# CHECK-NEXT: constructors ran before main, in order: ok
# CHECK-NEXT: argc: ok
# CHECK-NEXT: argv[1] is "alpha": ok
# CHECK-NEXT: argv[2] is "beta": ok
# CHECK-NEXT: argv[3] is NULL: ok
# CHECK-NEXT: PASS

  .include "expect.inc"

  .text
  .globl dirty_then_start
dirty_then_start:
  li r3, -0x5a5a5a5b              # 0xffffffffa5a5a5a5
  lih r3, r3, 0xa5a5a5a5
  { li r4, __bss_start ; li r5, __bss_end }
.Ldirty_bss:
  { st.i64 r3, 0(r4) ; addi r4, r4, 8 }
  bltu r4, r5, .Ldirty_bss
  { li r4, __spm_bss_start ; li r5, __spm_bss_end }
.Ldirty_spm:
  { st.i64 r3, 0(r4) ; addi r4, r4, 8 }
  bltu r4, r5, .Ldirty_spm
  jmp _start

ctor1:
  ld.i64 r1, bss_words(r0)
  seq r1, r1, r0
  st.i64 r1, ctor1_saw_zero(r0)
  ld.i64 r1, order(r0)
  li r2, 10
  mul r1, r1, r2
  addi r1, r1, 1
  st.i64 r1, order(r0)
  ret

ctor2:
  ld.i64 r1, order(r0)
  li r2, 10
  mul r1, r1, r2
  addi r1, r1, 2
  st.i64 r1, order(r0)
  # Clobber the caller-saved registers.
  { li r1, -1 ; li r2, -1 }
  { li r3, -1 ; li r4, -1 }
  { li r5, -1 ; li r6, -1 }
  { li r7, -1 ; li r8, -1 }
  { li r9, -1 ; li r10, -1 }
  { li r11, -1 ; li r12, -1 }
  { li r13, -1 ; li r14, -1 }
  li r15, -1
  ret

  .globl main
main:
  addi r30, r30, -48
  st.i64 r31, 40(r30)
  st.i64 r16, 32(r30)
  st.i64 r17, 24(r30)
  st.i64 r18, 16(r30)
  st.i64 r19, 8(r30)
  { addi r17, r1, 0 ; addi r18, r2, 0 } # argc, argv
  li r16, 0

  # OR of every .bss word and every .spm.bss word.
  { li r4, __bss_start ; li r5, __bss_end }
  li r19, 0
.Lscan_bss:
  ld.i64 r6, 0(r4)
  { or r19, r19, r6 ; addi r4, r4, 8 }
  bltu r4, r5, .Lscan_bss
  EXPECT ".bss is zero at main", r19, 0
  { li r4, __spm_bss_start ; li r5, __spm_bss_end }
  li r19, 0
.Lscan_spm:
  ld.i64 r6, 0(r4)
  { or r19, r19, r6 ; addi r4, r4, 8 }
  bltu r4, r5, .Lscan_spm
  EXPECT ".spm.bss is zero at main", r19, 0

  ld.i64 r19, data_word(r0)
  EXPECT ".data keeps its contents", r19, 0x1234
  ld.i64 r19, ctor1_saw_zero(r0)
  EXPECT ".bss was zero in the first constructor", r19, 1
  ld.i64 r19, order(r0)
  EXPECT "constructors ran before main, in order", r19, 12

  EXPECT "argc", r17, 3
  # argv[1] == "alpha": compare 6 bytes (with the NUL) as a word.
  ld.i64 r4, 8(r18)
  li r19, 0
.Lcmp1:
  ld.u8 r5, 0(r4)
  ld.u8 r6, s_alpha(r19)
  bne r5, r6, .Ldiff1
  addi r4, r4, 1
  addi r19, r19, 1
  bne r5, r0, .Lcmp1
  li r19, 0
.Ldiff1:
  EXPECT "argv[1] is \"alpha\"", r19, 0
  ld.i64 r4, 16(r18)
  li r19, 0
.Lcmp2:
  ld.u8 r5, 0(r4)
  ld.u8 r6, s_beta(r19)
  bne r5, r6, .Ldiff2
  addi r4, r4, 1
  addi r19, r19, 1
  bne r5, r0, .Lcmp2
  li r19, 0
.Ldiff2:
  EXPECT "argv[2] is \"beta\"", r19, 0
  ld.i64 r19, 24(r18)
  EXPECT "argv[3] is NULL", r19, 0

  bne r16, r0, .Lout
  li r1, s_pass
  call print_str
.Lout:
  addi r1, r16, 0
  ld.i64 r19, 8(r30)
  ld.i64 r18, 16(r30)
  ld.i64 r17, 24(r30)
  ld.i64 r16, 32(r30)
  ld.i64 r31, 40(r30)
  addi r30, r30, 48
  ret

  .section .init_array,"aw"
  .quad ctor1
  .quad ctor2

  .data
  .p2align 3
data_word:      .quad 0x1234
order:          .quad 0
ctor1_saw_zero: .quad 0

  .bss
  .p2align 3
bss_words:
  .zero 256

  .section .spm.bss,"aw",@nobits
  .p2align 3
spm_words:
  .zero 256

  .rodata
s_alpha: .asciz "alpha"
s_beta:  .asciz "beta"
s_pass:  .asciz "PASS\n"
