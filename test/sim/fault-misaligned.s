# Misaligned accesses fault with exit status 130 (docs/isa.md §4: scalar
# accesses naturally aligned, vector lanes 4-byte aligned), naming the
# access, its size and address, the pc and its symbol, the bundle and the
# cycle. The first argument selects the case:
#   ld64  ld.i64 from buf+4 (DRAM)
#   st32  st.i32 to buf+2
#   ld16  ld.u16 from buf+1
#   vld   vld from buf+2
#   spm   st.i64 to the scratchpad at spm_buf+12
#
# RUN: accel-as %s -o %t.o
# RUN: %link %t.o -o %t.elf
# RUN: accel-objdump -t %t.elf > %t.sym
# RUN: %expect-exit 130 %sim %t.elf ld64 2> %t.ld64
# RUN: cat %t.sym %t.ld64 | FileCheck %s --check-prefix=LD64
# RUN: %expect-exit 130 %sim %t.elf st32 2> %t.st32
# RUN: cat %t.sym %t.st32 | FileCheck %s --check-prefix=ST32
# RUN: %expect-exit 130 %sim %t.elf ld16 2> %t.ld16
# RUN: cat %t.sym %t.ld16 | FileCheck %s --check-prefix=LD16
# RUN: %expect-exit 130 %sim %t.elf vld 2> %t.vld
# RUN: cat %t.sym %t.vld | FileCheck %s --check-prefix=VLD
# RUN: %expect-exit 130 %sim %t.elf spm 2> %t.spm
# RUN: cat %t.sym %t.spm | FileCheck %s --check-prefix=SPM

# LD64-DAG: {{^}}[[#%x,BUF:]] l .data {{[0-9a-f]+}} buf
# LD64-DAG: {{^}}[[#%x,PC:]] l .text {{[0-9a-f]+}} do_ld64
# LD64:      accel-sim: fault: misaligned access: read of 8 bytes at 0x[[#%x,BUF+4]]
# LD64-NEXT:   pc 0x[[#%x,PC]] <do_ld64>
# LD64-NEXT:   bundle: ld.i64 r1, 4(r2)
# LD64-NEXT:   cycle {{[0-9]+}}

# ST32-DAG: {{^}}[[#%x,BUF:]] l .data {{[0-9a-f]+}} buf
# ST32-DAG: {{^}}[[#%x,PC:]] l .text {{[0-9a-f]+}} do_st32
# ST32:      accel-sim: fault: misaligned access: write of 4 bytes at 0x[[#%x,BUF+2]]
# ST32-NEXT:   pc 0x[[#%x,PC]] <do_st32>
# ST32-NEXT:   bundle: { st.i32 r3, 2(r2) ; li r4, 1 }
# ST32-NEXT:   cycle {{[0-9]+}}

# LD16-DAG: {{^}}[[#%x,BUF:]] l .data {{[0-9a-f]+}} buf
# LD16-DAG: {{^}}[[#%x,PC:]] l .text {{[0-9a-f]+}} do_ld16
# LD16:      accel-sim: fault: misaligned access: read of 2 bytes at 0x[[#%x,BUF+1]]
# LD16-NEXT:   pc 0x[[#%x,PC]] <do_ld16>
# LD16-NEXT:   bundle: ld.u16 r1, 1(r2)

# VLD-DAG: {{^}}[[#%x,BUF:]] l .data {{[0-9a-f]+}} buf
# VLD-DAG: {{^}}[[#%x,PC:]] l .text {{[0-9a-f]+}} do_vld
# VLD:      accel-sim: fault: misaligned access: read of 4 bytes at 0x[[#%x,BUF+2]]
# VLD-NEXT:   pc 0x[[#%x,PC]] <do_vld>
# VLD-NEXT:   bundle: vld v1, 2(r2)

# SPM-DAG: {{^}}0000000000100000 l .spm.bss {{[0-9a-f]+}} spm_buf
# SPM-DAG: {{^}}[[#%x,PC:]] l .text {{[0-9a-f]+}} do_spm
# SPM:      accel-sim: fault: misaligned access: write of 8 bytes at 0x10000c
# SPM-NEXT:   pc 0x[[#%x,PC]] <do_spm>
# SPM-NEXT:   bundle: st.i64 r3, 12(r2)

  .text
  .globl main
main:
  ld.i64 r5, 8(r2)                # argv[1][2]
  ld.u8 r5, 2(r5)
  { li r2, buf ; li r3, 7 }
  li r4, 54                       # ld64: '6'
  beq r5, r4, do_ld64
  li r4, 51                       # st32: '3'
  beq r5, r4, do_st32
  li r4, 49                       # ld16: '1'
  beq r5, r4, do_ld16
  li r4, 100                      # vld: 'd'
  beq r5, r4, do_vld
  li r4, 109                      # spm: 'm'
  beq r5, r4, spm_prep
  li r1, 1
  ret
do_ld64:
  ld.i64 r1, 4(r2)
  ret
do_st32:
  { st.i32 r3, 2(r2) ; li r4, 1 }
  ret
do_ld16:
  ld.u16 r1, 1(r2)
  ret
do_vld:
  vld v1, 2(r2)
  ret
spm_prep:
  li r2, spm_buf
do_spm:
  st.i64 r3, 12(r2)
  ret

  .data
  .p2align 6
buf:
  .zero 128

  .section .spm.bss,"aw",@nobits
spm_buf:
  .zero 64
