# The program of the debugger's tests (debug-*.test): a call and a callr to
# step over, a loop for breakpoint hits, vector and tile registers, words
# and floats to examine, a DMA transfer and a matrix operation to wait for.
# Exits 0.

  .text
  .globl main
main:
  addi r30, r30, -16
  st.i64 r31, 8(r30)
  li r1, 5
  call double_it                  # r1 = 10
after_call:
  li r5, triple_it
  callr r5                        # r1 = 30
after_callr:
  li r2, 0x40400000               # 3.0f in every lane of v3
  vbcast v3, r2
  li r10, tile
  mld acc2, r10
  { li r11, words ; li r12, spm_buf }
  li r13, 4096
  dma.1d 1, r12, r11, r13
dma_wait:
  dma.wait 1
  mld acc1, r10
tile_store:
  mst acc1, r12                   # waits for the mld: tile and unit
  li r7, 7
  mul r7, r7, r7
product_use:
  add r8, r7, r7                  # waits for the mul's result
  li r6, 3
count:
  addi r6, r6, -1
  bne r6, r0, count
  ld.i64 r31, 8(r30)
  addi r30, r30, 16
  li r1, 0
  ret

  .type double_it, @function
double_it:
  add r1, r1, r1
  ret

  .type triple_it, @function
triple_it:
  shli r2, r1, 1
  add r1, r1, r2
  ret

  .data
  .p2align 3
words:
  .long 1, 2, 0xffffffff, 0x3f800000
  .zero 4080

  .section .spm,"aw"
  .p2align 6
tile:                             # 2.5, then 255 times 1.5
  .long 0x40200000
  .rept 255
  .long 0x3fc00000
  .endr

  .section .spm.bss,"aw",@nobits
  .p2align 6
spm_buf:
  .zero 4096
