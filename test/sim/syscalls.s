# The runtime's write (sys 1, docs/simulator.md "System services"):
# write(fd, buf, len) writes to stdout for fd 1 and stderr for fd 2 and
# returns len; a descriptor that is not open writes nothing and returns -1
# (EBADF), and so does a buffer outside memory or running past the end of
# the SPM (EFAULT) instead of faulting; a zero-length write returns 0; a
# buffer may be in the SPM. The program checks the return values and exits
# with the number of mismatches. (Without the C library's errno, the error
# numbers are not visible here: fs-escapes.test checks them.)
#
# RUN: accel-as %s -o %t.o
# RUN: %link %t.o -o %t.elf --defsym=spm_limit=%spm_limit
# RUN: %expect-exit 0 %sim %t.elf > %t.out 2> %t.err
# RUN: FileCheck %s --check-prefix=OUT --implicit-check-not=wrong < %t.out
# RUN: FileCheck %s --check-prefix=ERR --implicit-check-not=wrong < %t.err

# OUT:      to stdout
# OUT-NEXT: from the scratchpad
# OUT-NEXT: results ok
# ERR:      to stderr

  .text
  .globl main
main:
  addi r30, r30, -32
  st.i64 r31, 24(r30)
  st.i64 r16, 16(r30)
  st.i64 r17, 8(r30)
  li r17, 0                       # mismatches

  { li r1, 1 ; li r2, m_out }
  li r3, 10
  call write
  addi r16, r1, -10
  or r17, r17, r16

  { li r1, 2 ; li r2, m_err }
  li r3, 10
  call write
  addi r16, r1, -10
  or r17, r17, r16

  { li r1, 3 ; li r2, m_wrong }   # fd 3: not open, nothing written, -1
  li r3, 6
  call write
  addi r16, r1, 1
  or r17, r17, r16
  { li r1, 1 ; li r2, 8 }         # a buffer outside memory: -1
  li r3, 4
  call write
  addi r16, r1, 1
  or r17, r17, r16
  { li r1, 1 ; li r2, spm_limit - 2 }  # across the SPM's end: -1
  li r3, 4
  call write
  addi r16, r1, 1
  or r17, r17, r16

  { li r1, 1 ; li r2, m_wrong }   # zero length
  li r3, 0
  call write
  or r17, r17, r1

  # Copy a line into the scratchpad and write it from there.
  { li r4, m_spm ; li r5, spm_buf }
  li r6, 0
.Lcopy:
  ld.u8 r7, 0(r4)
  { st.i8 r7, 0(r5) ; addi r6, r6, 1 }
  { addi r4, r4, 1 ; addi r5, r5, 1 }
  slti r7, r6, 20
  bne r7, r0, .Lcopy
  { li r1, 1 ; li r2, spm_buf }
  li r3, 20
  call write
  addi r16, r1, -20
  or r17, r17, r16

  bne r17, r0, .Lout
  { li r1, 1 ; li r2, m_ok }
  li r3, 11
  call write
.Lout:
  sne r1, r17, r0
  ld.i64 r17, 8(r30)
  ld.i64 r16, 16(r30)
  ld.i64 r31, 24(r30)
  addi r30, r30, 32
  ret

  .rodata
m_out:   .ascii "to stdout\n"
m_err:   .ascii "to stderr\n"
m_wrong: .ascii "wrong\n"
m_spm:   .ascii "from the scratchpad\n"
m_ok:    .ascii "results ok\n"

  .section .spm.bss,"aw",@nobits
spm_buf:
  .zero 32
