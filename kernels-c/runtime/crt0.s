# crt0.s - program entry for Accel executables.
#
# The simulator enters _start with r1 = argc, r2 = argv and r30 = the
# initial stack pointer (just below the argument strings, 16-byte aligned).
# crt0 clears .bss and the scratchpad's .spm.bss, runs the constructors of
# .init_array, calls main(argc, argv) and exits with its return value
# through exit(): the C library's runs atexit handlers and static
# destructors and flushes stdio; without the C library, libaccelrt's exit
# just stops.

  .text
  .globl _start
  .type _start, @function
_start:
  { li r18, __bss_start ; li r19, __bss_end }
  call __accel_clear
  { li r18, __spm_bss_start ; li r19, __spm_bss_end }
  call __accel_clear

  # argc and argv live in callee-saved registers across the constructors.
  { addi r20, r1, 0 ; addi r21, r2, 0 }
  { li r16, __init_array_start ; li r17, __init_array_end }
.Linit:
  bgeu r16, r17, .Linit_done
  ld.i64 r5, 0(r16)
  { callr r5 ; addi r16, r16, 8 }
  jmp .Linit
.Linit_done:
  { addi r1, r20, 0 ; addi r2, r21, 0 }
  call main
  # main returns an int: its upper 32 bits are unspecified (docs/abi.md).
  addi.w r1, r1, 0
  call exit                   # does not return

# Zeroes [r18, r19), both 8-byte aligned: 64 bytes a vector store while
# that many are left, then 8 at a time. In a bundle every instruction reads
# the registers as they were before it, so a store uses r18 before the add
# beside it moves it on. Clobbers r17 and v0. Global so that tests can call
# it (test/ld/crt0-clear.test): the simulator's memory starts zeroed, so
# crt0's own calls could not show a mistake.
  .globl __accel_clear
  .type __accel_clear, @function
__accel_clear:
  { vbcast v0, r0 ; addi r17, r18, 64 }  # r17: the end of the next 64
  bltu r19, r17, .Lclear_words
.Lclear_vectors:
  { vst v0, 0(r18) ; addi r18, r18, 64 ; addi r17, r17, 64 }
  bgeu r19, r17, .Lclear_vectors
.Lclear_words:
  bgeu r18, r19, .Lclear_done
.Lclear:
  { st.i64 r0, 0(r18) ; addi r18, r18, 8 }
  bltu r18, r19, .Lclear
.Lclear_done:
  ret
