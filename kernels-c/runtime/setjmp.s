# setjmp.s - setjmp and longjmp. jmp_buf holds the callee-saved registers
# r16..r27 and r29, the stack pointer r30 and the return address r31:
# 15 doublewords (_JBLEN in the C library's machine/setjmp.h).

  .text

# int setjmp(jmp_buf env): saves the registers, returns 0.
  .globl setjmp
  .type setjmp, @function
setjmp:
  st.i64 r16, 0(r1)
  st.i64 r17, 8(r1)
  st.i64 r18, 16(r1)
  st.i64 r19, 24(r1)
  st.i64 r20, 32(r1)
  st.i64 r21, 40(r1)
  st.i64 r22, 48(r1)
  st.i64 r23, 56(r1)
  st.i64 r24, 64(r1)
  st.i64 r25, 72(r1)
  st.i64 r26, 80(r1)
  st.i64 r27, 88(r1)
  st.i64 r29, 96(r1)
  st.i64 r30, 104(r1)
  { st.i64 r31, 112(r1) ; li r1, 0 }
  ret

# void longjmp(jmp_buf env, int val): restores the registers and returns
# from the setjmp call that saved them, with val (1 if val is 0).
  .globl longjmp
  .type longjmp, @function
longjmp:
  { ld.i64 r16, 0(r1) ; addi.w r2, r2, 0 }
  { ld.i64 r17, 8(r1) ; seq r3, r2, r0 }
  { ld.i64 r18, 16(r1) ; or r2, r2, r3 }
  ld.i64 r19, 24(r1)
  ld.i64 r20, 32(r1)
  ld.i64 r21, 40(r1)
  ld.i64 r22, 48(r1)
  ld.i64 r23, 56(r1)
  ld.i64 r24, 64(r1)
  ld.i64 r25, 72(r1)
  ld.i64 r26, 80(r1)
  ld.i64 r27, 88(r1)
  ld.i64 r29, 96(r1)
  ld.i64 r30, 104(r1)
  { ld.i64 r31, 112(r1) ; addi r1, r2, 0 }
  ret
