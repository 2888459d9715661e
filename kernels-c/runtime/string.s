# string.s - memcpy, memmove and memset, which code generation calls for
# copies and fills too large to inline (and byval copies). Eight bytes at a
# time when the addresses and the length allow it, else byte by byte.
# Leaf functions: r1..r8 are free, r1 returns the destination.

  .text

# void *memcpy(void *dst, const void *src, unsigned long n)
# void *memmove(void *dst, const void *src, unsigned long n)
# A forward copy is right for memmove when dst <= src (or no overlap); a
# backward one otherwise.
  .globl memcpy
  .type memcpy, @function
  .globl memmove
  .type memmove, @function
memmove:
  bltu r2, r1, .Lbackward
memcpy:
  addi r4, r1, 0          # r4 = cursor in dst
  or r5, r1, r2
  or r5, r5, r3
  andi r5, r5, 7
  bne r5, r0, .Lfwd_bytes
.Lfwd_words:
  beq r3, r0, .Ldone
  ld.i64 r6, 0(r2)
  st.i64 r6, 0(r4)
  addi r2, r2, 8
  addi r4, r4, 8
  addi r3, r3, -8
  jmp .Lfwd_words
.Lfwd_bytes:
  beq r3, r0, .Ldone
  ld.u8 r6, 0(r2)
  st.i8 r6, 0(r4)
  addi r2, r2, 1
  addi r4, r4, 1
  addi r3, r3, -1
  jmp .Lfwd_bytes

.Lbackward:               # dst > src: copy from the end
  add r4, r1, r3          # r4 = end of dst, r2 = end of src
  add r2, r2, r3
.Lback_bytes:
  beq r3, r0, .Ldone
  addi r2, r2, -1
  addi r4, r4, -1
  ld.u8 r6, 0(r2)
  st.i8 r6, 0(r4)
  addi r3, r3, -1
  jmp .Lback_bytes

# void *memset(void *dst, int c, unsigned long n)
  .globl memset
  .type memset, @function
memset:
  addi r4, r1, 0
  andi r2, r2, 255
  or r5, r1, r3
  andi r5, r5, 7
  bne r5, r0, .Lset_bytes
  li r6, 0x01010101
  lih r6, r6, 0x01010101
  mul r2, r2, r6          # the byte in all eight lanes
.Lset_words:
  beq r3, r0, .Ldone
  st.i64 r2, 0(r4)
  addi r4, r4, 8
  addi r3, r3, -8
  jmp .Lset_words
.Lset_bytes:
  beq r3, r0, .Ldone
  st.i8 r2, 0(r4)
  addi r4, r4, 1
  addi r3, r3, -1
  jmp .Lset_bytes

.Ldone:
  ret
