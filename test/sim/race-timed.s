# The race checker and the work the cycle model times (docs/simulator.md,
# "Races"): an mmac reads its A and B during its K cycles, and a stream
# operation is in flight until its results are written; the tile-move port
# and the matrix unit are not interlocked with the stream engine, nor is a
# DMA start with an mmac. (Loads and stores wait for the stream operations
# they overlap: no race.) The first argument's first letter selects the case:
#   s  a store into an mmac's A during its K = 64 cycles
#   t  an mst into an mmac's B
#   d  a DMA transfer into an mmac's A
#   l  an mld of a block a stream operation is still writing
#   w  an mst into a block a stream operation is still reading
#   x  an mmac still in flight at the end of the region of interest
# and without a race (exit 0):
#   F  a store into an mmac's A once its K cycles have passed (the mst of
#      its tile waited for them), a load of a stream operation's result
#      (interlocked) before an mld of the block, and a region's end after
#      both
# Functional mode times nothing, so there every case runs to its end.
#
# RUN: accel-as %s -o %t.o
# RUN: %link %t.o -o %t.elf
# RUN: %expect-exit 140 %sim %t.elf s 2>&1 | FileCheck %s --check-prefix=STORE
# RUN: %expect-exit 140 %sim %t.elf t 2>&1 | FileCheck %s --check-prefix=MST
# RUN: %expect-exit 140 %sim %t.elf d 2>&1 | FileCheck %s --check-prefix=DMA
# RUN: %expect-exit 140 %sim %t.elf l 2>&1 | FileCheck %s --check-prefix=MLD
# RUN: %expect-exit 140 %sim %t.elf w 2>&1 | FileCheck %s --check-prefix=WRITE
# RUN: %expect-exit 140 %sim %t.elf x 2>&1 | FileCheck %s --check-prefix=REGION
# RUN: %expect-exit 0 %sim %t.elf F
# RUN: %expect-exit 0 %sim --fast %t.elf s
# RUN: %expect-exit 0 %sim --fast %t.elf t
# RUN: %expect-exit 0 %sim --fast %t.elf d
# RUN: %expect-exit 0 %sim --fast %t.elf l
# RUN: %expect-exit 0 %sim --fast %t.elf w
# RUN: %expect-exit 0 %sim --fast %t.elf x
# RUN: %expect-exit 0 %sim --fast %t.elf F
# REQUIRES: cycle-model

# STORE:      {{^}}race: store writes bytes that an mmac in flight reads
# STORE-NEXT:   the store: pc {{.*}}
# STORE-NEXT:     bundle: st.i32 r0, 4092(r10)
# STORE-NEXT:     writes [0x[[#%x,A:]], 0x{{[0-9a-f]+}})
# STORE-NEXT:   the mmac issued at cycle [[#ISSUE:]], reading its operands until cycle {{[0-9]+}}: pc {{.*}}
# STORE-NEXT:     bundle: mmac acc0, r10, r11, r12
# STORE-NEXT:     reads [0x[[#%x,A-4092]], 0x[[#%x,A+4]])
# STORE-NEXT:     reads [0x[[#%x,B:]], 0x{{[0-9a-f]+}})
# STORE-NEXT:   overlapping bytes: [0x[[#%x,A]], 0x[[#%x,A+4]]), 4 bytes
# STORE-NEXT:   cycle [[#ISSUE+1]]
# MST: race: mst writes bytes that an mmac in flight reads
# MST: overlapping bytes: [{{.*}}), 1024 bytes
# DMA: race: DMA destination writes bytes that an mmac in flight reads
# MLD: race: mld reads bytes that a stream operation in flight writes
# MLD: the stream operation issued at cycle {{[0-9]+}}, in flight until cycle {{[0-9]+}}: pc
# MLD-NEXT: bundle: vs.add.f32 r14, r14, r14
# MLD-NEXT: reads [0x[[#%x,S:]], 0x{{[0-9a-f]+}})
# MLD-NEXT: reads [0x[[#%x,S]], 0x[[#%x,S+4096]])
# MLD-NEXT: writes [0x[[#%x,S]], 0x[[#%x,S+4096]])
# WRITE: race: mst writes bytes that a stream operation in flight reads
# REGION: race: an mmac is still in flight at the end of the region of interest

  .text
  .globl main
main:
  ld.i64 r5, 8(r2)
  ld.u8 r5, 0(r5)                 # argv[1][0]
  { li r10, spm_a ; li r11, spm_b }
  { li r12, 64 ; li r14, spm_c }
  { li r13, dram_a ; li r15, 4096 }
  li r4, 115                      # s
  beq r5, r4, case_s
  li r4, 116                      # t
  beq r5, r4, case_t
  li r4, 100                      # d
  beq r5, r4, case_d
  li r4, 108                      # l
  beq r5, r4, case_l
  li r4, 119                      # w
  beq r5, r4, case_w
  li r4, 120                      # x
  beq r5, r4, case_x
  li r4, 70                       # F
  beq r5, r4, case_free
  li r1, 1
  ret

case_s:
  mmac acc0, r10, r11, r12        # A: 16 x 64 floats at spm_a
  st.i32 r0, 4092(r10)            # A's last element
  li r1, 0
  ret

case_t:
  mmac acc0, r10, r11, r12
  mst acc1, r11                   # into B
  li r1, 0
  ret

case_d:
  mmac acc0, r10, r11, r12
  dma.1d 0, r10, r13, r15         # into A
  dma.wait 0
  li r1, 0
  ret

case_l:
  { li r4, 16 ; li r6, 64 }
  vs.shape r4, r6                 # 16 rows of 64 floats: 16 cycles
  vs.add.f32 r14, r14, r14
  mld acc1, r14
  li r1, 0
  ret

case_w:
  { li r4, 16 ; li r6, 64 }
  vs.shape r4, r6
  vs.add.f32 r10, r14, r14        # reads spm_c
  mst acc1, r14
  li r1, 0
  ret

case_x:
  sys 2
  mmac acc0, r10, r11, r12
  sys 3
  li r1, 0
  ret

case_free:
  sys 2
  mmac acc0, r10, r11, r12
  mst acc0, r14                   # waits for the tile: K + 4 cycles
  st.i32 r0, 0(r10)
  { li r4, 16 ; li r6, 64 }
  vs.shape r4, r6
  vs.add.f32 r14, r14, r14
  ld.i32 r1, 4092(r14)            # waits for the operation's last result
  mld acc1, r14
  sys 3
  li r1, 0
  ret

  .section .spm.bss,"aw",@nobits
  .p2align 6
spm_a:
  .zero 4096
spm_b:
  .zero 4096
spm_c:
  .zero 4096
  .bss
  .p2align 6
dram_a:
  .zero 4096
