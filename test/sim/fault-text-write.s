# Writes into the program's text fault with exit status 132 (docs/isa.md
# §4, §8): a scalar store, a vector store, a byte store into the last byte of
# the text, and a DMA whose destination is the text. The first argument
# selects the case; each report names the address, pc, symbol, bundle, cycle.
#
# RUN: accel-as %s -o %t.o
# RUN: %link %t.o -o %t.elf
# RUN: accel-objdump -t -h %t.elf > %t.sym
# RUN: %expect-exit 132 %sim %t.elf store 2> %t.store
# RUN: cat %t.sym %t.store | FileCheck %s --check-prefix=STORE
# RUN: %expect-exit 132 %sim %t.elf vector 2> %t.vector
# RUN: cat %t.sym %t.vector | FileCheck %s --check-prefix=VECTOR
# RUN: %expect-exit 132 %sim %t.elf byte 2> %t.byte
# RUN: cat %t.sym %t.byte | FileCheck %s --check-prefix=BYTE
# RUN: %expect-exit 132 %sim %t.elf dma 2> %t.dma
# RUN: cat %t.sym %t.dma | FileCheck %s --check-prefix=DMA

# STORE-DAG: {{^}}[[#%x,MAIN:]] g .text {{[0-9a-f]+}} main
# STORE-DAG: {{^}}[[#%x,PC:]] l .text {{[0-9a-f]+}} do_store
# STORE:      accel-sim: fault: write to program text: write of 8 bytes at 0x[[#%x,MAIN]]
# STORE-NEXT:   pc 0x[[#%x,PC]] <do_store>
# STORE-NEXT:   bundle: st.i64 r3, [[#%d,MAIN]](r0)
# STORE-NEXT:   cycle {{[0-9]+}}

# VECTOR-DAG: {{^}}[[#%x,MAIN:]] g .text {{[0-9a-f]+}} main
# VECTOR-DAG: {{^}}[[#%x,PC:]] l .text {{[0-9a-f]+}} do_vector
# VECTOR:      accel-sim: fault: write to program text: write of 4 bytes at 0x[[#%x,MAIN]]
# VECTOR-NEXT:   pc 0x[[#%x,PC]] <do_vector>
# VECTOR-NEXT:   bundle: vst v1, 0(r2)

# BYTE: .text [[#%x,TSIZE:]] 0000000010000000 TEXT
# BYTE: .rodata {{[0-9a-f]+}} [[#%.16x,0x10000000+TSIZE]] DATA
# BYTE: {{^}}[[#%x,PC:]] l .text {{[0-9a-f]+}} do_byte
# BYTE:      accel-sim: fault: write to program text: write of 1 bytes at 0x[[#%x,0x10000000+TSIZE-1]]
# BYTE-NEXT:   pc 0x[[#%x,PC]] <do_byte>

# DMA-DAG: {{^}}[[#%x,MAIN:]] g .text {{[0-9a-f]+}} main
# DMA-DAG: {{^}}[[#%x,PC:]] l .text {{[0-9a-f]+}} do_dma
# DMA:      accel-sim: fault: write to program text: DMA destination writes 64 bytes at 0x[[#%x,MAIN]]
# DMA-NEXT:   pc 0x[[#%x,PC]] <do_dma>
# DMA-NEXT:   bundle: dma.1d 2, r2, r4, r5

  .text
  .globl main
main:
  ld.i64 r5, 8(r2)
  ld.u8 r5, 0(r5)
  { li r2, main ; li r3, 7 }
  li r4, src
  li r6, 115                      # 's'tore
  beq r5, r6, do_store
  li r6, 118                      # 'v'ector
  beq r5, r6, do_vector
  li r6, 98                       # 'b'yte
  beq r5, r6, byte_prep
  li r6, 100                      # 'd'ma
  beq r5, r6, dma_prep
  li r1, 1
  ret
do_store:
  st.i64 r3, main(r0)
  ret
do_vector:
  vst v1, 0(r2)
  ret
byte_prep:
  li r2, rodata_first-1           # .rodata starts right after the text
do_byte:
  st.i8 r3, 0(r2)
  ret
dma_prep:
  li r5, 64
do_dma:
  dma.1d 2, r2, r4, r5
  dma.wait 2
  ret

  .rodata
  .p2align 3
rodata_first:
src:
  .zero 64
