# DMA transfers whose source or destination range is not entirely inside the
# SPM or entirely inside DRAM fault at the start with exit status 133
# (docs/isa.md §7.12), naming the side, the byte count and address, the pc and
# its symbol, the bundle and the cycle. The first argument selects the case:
#   source  dma.1d of 64 bytes from 0x8 (the null guard)
#   across  dma.1d of 128 bytes to the SPM's end - 64 (spm_limit, SpmBase +
#           SpmSize, defined at the link): the destination runs past it
#   stride  dma.2d of 4 rows of 64 bytes from 0x18000000 with a 128 MiB
#           source stride: the last rows lie past the end of DRAM (the span
#           is 3 * 0x8000000 + 64 bytes)
#
# RUN: accel-as %s -o %t.o
# RUN: %link %t.o -o %t.elf --defsym=spm_limit=%spm_limit
# RUN: accel-objdump -t %t.elf > %t.sym
# RUN: %expect-exit 133 %sim %t.elf source 2> %t.source
# RUN: cat %t.sym %t.source | FileCheck %s --check-prefix=SOURCE -D#SPM_LIMIT=%spm_limit
# RUN: %expect-exit 133 %sim %t.elf across 2> %t.across
# RUN: cat %t.sym %t.across | FileCheck %s --check-prefix=ACROSS -D#SPM_LIMIT=%spm_limit
# RUN: %expect-exit 133 %sim %t.elf stride 2> %t.stride
# RUN: cat %t.sym %t.stride | FileCheck %s --check-prefix=STRIDE -D#SPM_LIMIT=%spm_limit

# SOURCE: {{^}}[[#%x,PC:]] l .text {{[0-9a-f]+}} do_source
# SOURCE:      accel-sim: fault: DMA out of range: DMA source reads 64 bytes at 0x8 (outside DRAM and SPM, or across them)
# SOURCE-NEXT:   pc 0x[[#%x,PC]] <do_source>
# SOURCE-NEXT:   bundle: dma.1d 0, r10, r11, r12
# SOURCE-NEXT:   cycle {{[0-9]+}}

# ACROSS: {{^}}[[#%x,PC:]] l .text {{[0-9a-f]+}} do_across
# ACROSS:      accel-sim: fault: DMA out of range: DMA destination writes 128 bytes at 0x[[#%x,SPM_LIMIT-64]] (outside DRAM and SPM, or across them)
# ACROSS-NEXT:   pc 0x[[#%x,PC]] <do_across>
# ACROSS-NEXT:   bundle: dma.1d 1, r10, r11, r12
# ACROSS-NEXT:   cycle {{[0-9]+}}

# STRIDE: {{^}}[[#%x,PC:]] l .text {{[0-9a-f]+}} do_stride
# STRIDE:      accel-sim: fault: DMA out of range: DMA source reads 402653248 bytes at 0x18000000 (outside DRAM and SPM, or across them)
# STRIDE-NEXT:   pc 0x[[#%x,PC]] <do_stride>
# STRIDE-NEXT:   bundle: { dma.2d 3, r10, r11, r12, r13 ; li r1, 1 }
# STRIDE-NEXT:   cycle {{[0-9]+}}

  .text
  .globl main
main:
  ld.i64 r5, 8(r2)
  ld.u8 r5, 1(r5)                 # argv[1][1]: 'o', 'c', 't'
  li r4, 111
  beq r5, r4, source_prep
  li r4, 99
  beq r5, r4, across_prep
  li r4, 116
  beq r5, r4, stride_prep
  li r1, 1
  ret
source_prep:
  { li r10, spm_buf ; li r11, 8 }
  li r12, 64
do_source:
  dma.1d 0, r10, r11, r12
  dma.wait 0
  ret
across_prep:
  { li r10, spm_limit - 64 ; li r11, dram_buf }
  li r12, 128
do_across:
  dma.1d 1, r10, r11, r12
  dma.wait 1
  ret
stride_prep:
  { li r10, spm_buf ; li r11, 0x18000000 }
  { li r12, 64 ; li r13, 0x8000000 }
  { lih r12, r12, 4 ; lih r13, r13, 64 } # 4 rows of 64 B; dst 64, src 128 MiB
do_stride:
  { dma.2d 3, r10, r11, r12, r13 ; li r1, 1 }
  dma.wait 3
  ret

  .bss
  .p2align 6
dram_buf:
  .zero 256
  .section .spm.bss,"aw",@nobits
spm_buf:
  .zero 256
