# The race checker and DMA transfers (docs/simulator.md, "Races"): a
# transfer is in flight from its start until a dma.wait or dma.wait.older
# covers it in program order, in the functional mode as in the timed one.
# An access that reads bytes a transfer in flight writes, or writes bytes it
# reads or writes, stops the program with a report that begins "race:"
# and exit status 140, naming both parties, the overlapping bytes and the
# cycle; so does a transfer left in flight at the program's exit or at the
# end of the region of interest. The first argument's first letter selects
# the case:
#   l  a load from the destination of a transfer in flight
#   s  a store into the source of a transfer in flight
#   d  a store into the destination of a transfer in flight
#   v  a vector load whose first four lanes are the destination's last 16
#      bytes
#   c  a transfer on channel 1 that reads what channel 0's writes
#   o  dma.wait.older, then a load from the newest transfer's destination
#   g  a 2-D transfer writing 8 rows of 32 bytes 64 apart, then one on
#      another channel whose rows start at the first one's third (the
#      report names the first overlapping run of bytes: that row)
#   e  a transfer left in flight at the program's exit
#   r  a transfer left in flight at the end of the region of interest
#   a  a stream operation reading the destination of a transfer in flight
#   f  a file read (sys read) into the destination of a transfer in flight,
#      after a file write from it (sys write: a read, no race)
# and without a race (exit 0):
#   F  race-free work: two transfers reading one source at once, loads from
#      a source in flight, a transfer queued behind another on its channel
#      reading what that one writes, loads after dma.wait, loads from all
#      but the newest after dma.wait.older, a 2-D transfer writing the odd
#      rows while another writes the even ones, and nine transfers on one
#      channel, the ninth's start retiring the first
#   D  a race (case l) under --no-race-check runs to its end
#
# RUN: accel-as %s -o %t.o
# RUN: %link %t.o -o %t.elf
# RUN: accel-objdump -t %t.elf > %t.sym
# RUN: %expect-exit 140 %sim %t.elf l 2> %t.l
# RUN: cat %t.sym %t.l | FileCheck %s --check-prefix=LOAD
# RUN: %expect-exit 140 %sim %t.elf s 2>&1 | FileCheck %s --check-prefix=STSRC
# RUN: %expect-exit 140 %sim %t.elf d 2>&1 | FileCheck %s --check-prefix=STDST
# RUN: %expect-exit 140 %sim %t.elf v 2>&1 | FileCheck %s --check-prefix=VEC
# RUN: %expect-exit 140 %sim %t.elf c 2>&1 | FileCheck %s --check-prefix=CROSS
# RUN: %expect-exit 140 %sim %t.elf o 2>&1 | FileCheck %s --check-prefix=OLDER
# RUN: %expect-exit 140 %sim %t.elf g 2>&1 | FileCheck %s --check-prefix=GAPS
# RUN: %expect-exit 140 %sim %t.elf e 2>&1 | FileCheck %s --check-prefix=EXIT
# RUN: %expect-exit 140 %sim %t.elf r 2>&1 | FileCheck %s --check-prefix=REGION
# RUN: %expect-exit 140 %sim %t.elf a 2>&1 | FileCheck %s --check-prefix=STREAM
# RUN: %expect-exit 140 %sim %t.elf f 2>&1 | FileCheck %s --check-prefix=FILE
# RUN: %expect-exit 0 %sim %t.elf F
# RUN: %expect-exit 0 %sim --no-race-check %t.elf l

# LOAD: {{^}}[[#%x,START:]] l .text {{[0-9a-f]+}} start_l
# LOAD: {{^}}[[#%x,LOAD:]] l .text {{[0-9a-f]+}} load_l
# LOAD:      {{^}}race: load reads bytes that a DMA transfer in flight writes
# LOAD-NEXT:   the load: pc 0x[[#%x,LOAD]] <load_l>
# LOAD-NEXT:     bundle: ld.i32 r1, 64(r10)
# LOAD-NEXT:     reads [0x[[#%x,DST:]], 0x{{[0-9a-f]+}})
# LOAD-NEXT:   the DMA transfer on channel 0, started at {{cycle|bundle}} [[#]] and covered by no dma.wait 0 since: pc 0x[[#%x,START]] <start_l>
# LOAD-NEXT:     bundle: dma.1d 0, r10, r11, r12
# LOAD-NEXT:     reads [0x[[#%x,SRC:]], 0x{{[0-9a-f]+}})
# LOAD-NEXT:     writes [0x[[#%x,DST-64]], 0x[[#%x,DST+192]])
# LOAD-NEXT:   overlapping bytes: [0x[[#%x,DST]], 0x[[#%x,DST+4]]), 4 bytes
# LOAD-NEXT:   {{cycle|bundle}} [[#]]

# STSRC: race: store writes bytes that a DMA transfer in flight reads
# STSRC: overlapping bytes: [{{.*}}), 8 bytes
# STDST: race: store writes bytes that a DMA transfer in flight writes
# STDST: overlapping bytes: [{{.*}}), 2 bytes
# VEC: race: vector load reads bytes that a DMA transfer in flight writes
# VEC: reads [0x[[#%x,V:]], 0x{{[0-9a-f]+}})
# VEC: overlapping bytes: [0x[[#%x,V]], 0x[[#%x,V+4]]), 4 bytes
# CROSS: race: DMA source reads bytes that a DMA transfer in flight writes
# CROSS-NEXT: the DMA source: pc {{.*}}
# CROSS-NEXT: bundle: dma.1d 1, r14, r10, r12
# CROSS: the DMA transfer on channel 0,
# CROSS: overlapping bytes: [{{.*}}), 256 bytes
# OLDER: race: load reads bytes that a DMA transfer in flight writes
# OLDER: the DMA transfer on channel 2,
# OLDER-NEXT: bundle: dma.1d 2, r14, r11, r12
# GAPS: race: DMA destination writes bytes that a DMA transfer in flight writes
# GAPS-NEXT: the DMA destination: pc
# GAPS-NEXT: bundle: dma.2d 1, r14, r11, r12, r13
# GAPS-NEXT: writes 8 rows of 32 bytes, 64 apart, in [0x[[#%x,B:]], 0x{{[0-9a-f]+}})
# GAPS: bundle: dma.2d 0, r10, r11, r12, r13
# GAPS-NEXT: reads [{{.*}})
# GAPS-NEXT: writes 8 rows of 32 bytes, 64 apart, in [0x[[#%x,A:]], 0x{{[0-9a-f]+}})
# GAPS-NEXT: overlapping bytes: [0x[[#%x,A+128]], 0x[[#%x,A+160]]), 32 bytes
# EXIT: race: a DMA transfer is still in flight at the program's exit
# EXIT-NEXT: the DMA transfer on channel 3,
# EXIT: at pc {{.*}} <_exit{{.*}}>
# EXIT-NEXT: bundle: sys 0
# REGION: race: a DMA transfer is still in flight at the end of the region of interest
# STREAM: race: vs operand b reads bytes that a DMA transfer in flight writes
# STREAM-NEXT: the vs operand b: pc
# STREAM-NEXT: bundle: vs.add.f32 r14, r14, r10
# STREAM: overlapping bytes: [{{.*}}), 256 bytes
# FILE: race: sys read's buffer writes bytes that a DMA transfer in flight writes
# FILE: overlapping bytes: [{{.*}}), 4 bytes

  .text
  .globl main
main:
  ld.i64 r5, 8(r2)
  ld.u8 r5, 0(r5)                 # argv[1][0]
  { li r10, spm_a ; li r11, dram_a }
  { li r12, 256 ; li r14, spm_b }
  li r4, 108                      # l
  beq r5, r4, start_l
  li r4, 115                      # s
  beq r5, r4, case_s
  li r4, 100                      # d
  beq r5, r4, case_d
  li r4, 118                      # v
  beq r5, r4, case_v
  li r4, 99                       # c
  beq r5, r4, case_c
  li r4, 111                      # o
  beq r5, r4, case_o
  li r4, 103                      # g
  beq r5, r4, case_g
  li r4, 101                      # e
  beq r5, r4, case_e
  li r4, 114                      # r
  beq r5, r4, case_r
  li r4, 97                       # a
  beq r5, r4, case_a
  li r4, 102                      # f
  beq r5, r4, case_f
  li r4, 70                       # F
  beq r5, r4, case_free
  li r1, 1
  ret

start_l:
  dma.1d 0, r10, r11, r12         # DRAM -> spm_a
  nop
load_l:
  ld.i32 r1, 64(r10)
  dma.wait 0
  ret

case_s:
  dma.1d 0, r11, r10, r12         # spm_a -> DRAM
  st.i64 r0, 128(r10)
  dma.wait 0
  ret

case_d:
  dma.1d 0, r10, r11, r12
  st.i16 r0, 254(r10)
  dma.wait 0
  ret

case_v:
  dma.1d 0, r10, r11, r12
  vld v1, 240(r10)
  dma.wait 0
  ret

case_c:
  dma.1d 0, r10, r11, r12         # DRAM -> spm_a on channel 0
  dma.1d 1, r14, r10, r12         # spm_a -> spm_b on channel 1: a race
  dma.wait 0
  dma.wait 1
  ret

case_o:
  dma.1d 2, r10, r11, r12         # the older
  dma.1d 2, r14, r11, r12         # the newest
  dma.wait.older 2
  ld.i32 r1, 0(r10)               # the older's: fine
  ld.i32 r1, 0(r14)               # the newest's: a race
  dma.wait 2
  ret

case_g:
  { li r12, 32 ; li r13, 0 }
  { lih r12, r12, 8 ; lih r13, r13, 64 } # 8 rows of 32 B; dst stride 64, src 0
  dma.2d 0, r10, r11, r12, r13
  addi r14, r10, 128
  dma.2d 1, r14, r11, r12, r13
  dma.wait 0
  dma.wait 1
  ret

case_e:
  dma.1d 3, r10, r11, r12
  li r1, 0
  ret

case_r:
  sys 2
  dma.1d 3, r10, r11, r12
  sys 3
  dma.wait 3
  ret

case_a:
  dma.1d 0, r10, r11, r12
  { li r4, 1 ; li r6, 64 }
  vs.shape r4, r6                 # one row of 64 floats: 256 bytes
  vs.add.f32 r14, r14, r10
  dma.wait 0
  ret

case_f:
  dma.1d 0, r10, r11, r12         # DRAM -> spm_a
  { li r1, 1 ; addi r2, r11, 0 }      # write(1, dram_a, 0): reads the source
  li r3, 0
  sys 1
  { li r1, 0 ; addi r2, r10, 8 }  # read(0, spm_a + 8, 4): a race
  li r3, 4
  sys 4
  dma.wait 0
  ret

case_free:
  li r15, spm_c
  dma.1d 0, r14, r10, r12         # spm_a -> spm_b
  dma.1d 1, r11, r10, r12         # spm_a -> DRAM: both read spm_a
  ld.i32 r1, 4(r10)               # a load of a source in flight
  dma.1d 0, r15, r14, r12         # queued behind the first on channel 0:
                                  # reads spm_b after that one wrote it
  dma.wait 0
  dma.wait 1
  ld.i32 r1, 4(r14)               # after dma.wait
  st.i32 r0, 0(r10)               # after dma.wait
  dma.1d 2, r10, r11, r12
  dma.1d 2, r14, r11, r12
  dma.wait.older 2
  ld.i32 r1, 0(r10)               # all but the newest
  dma.wait 2
  # Even rows, then odd rows, of one block on two channels.
  { li r12, 32 ; li r13, 64 }
  { lih r12, r12, 8 ; lih r13, r13, 64 }
  dma.2d 0, r10, r11, r12, r13
  addi r14, r10, 32
  dma.2d 1, r14, r11, r12, r13
  dma.wait 0
  dma.wait 1
  # Nine transfers on channel 3: the ninth's start waits for the first.
  li r12, 64
  { li r15, 9 ; addi r14, r10, 0 }
.Lnine:
  dma.1d 3, r14, r11, r12
  addi r14, r14, 64
  addi r15, r15, -1
  bne r15, r0, .Lnine
  ld.i32 r1, 0(r10)               # the first's destination: retired
  dma.wait 3
  li r1, 0
  ret

  .bss
  .p2align 6
dram_a:
  .zero 1024
  .section .spm.bss,"aw",@nobits
  .p2align 6
spm_a:
  .zero 1024
spm_b:
  .zero 1024
spm_c:
  .zero 1024
