# Matrix-unit faults, exit status 134 (docs/isa.md §7.11): operands and tiles
# must lie entirely in the SPM, 4-byte aligned, and 1 <= K <= 4096. Each report
# names the operand, the pc and its symbol, the bundle and the cycle. The
# first argument selects the case:
#   dram    mmac with operand A in DRAM
#   bend    mmac with operand B (K = 8: 512 bytes) running past the SPM's end
#   k0      mmac with K = 0
#   kbig    mmac with K = 4097
#   mst     mst to a DRAM address
#   mld     mld from a misaligned SPM address
#
# RUN: accel-as %s -o %t.o
# RUN: %link %t.o -o %t.elf --defsym=spm_limit=%spm_limit
# RUN: accel-objdump -t %t.elf > %t.sym
# RUN: %expect-exit 134 %sim %t.elf dram 2> %t.dram
# RUN: cat %t.sym %t.dram | FileCheck %s --check-prefix=DRAM -D#SPM_LIMIT=%spm_limit
# RUN: %expect-exit 134 %sim %t.elf bend 2> %t.bend
# RUN: cat %t.sym %t.bend | FileCheck %s --check-prefix=BEND -D#SPM_LIMIT=%spm_limit
# RUN: %expect-exit 134 %sim %t.elf k0 2> %t.k0
# RUN: cat %t.sym %t.k0 | FileCheck %s --check-prefix=K0 -D#SPM_LIMIT=%spm_limit
# RUN: %expect-exit 134 %sim %t.elf kbig 2> %t.kbig
# RUN: cat %t.sym %t.kbig | FileCheck %s --check-prefix=KBIG -D#SPM_LIMIT=%spm_limit
# RUN: %expect-exit 134 %sim %t.elf mst 2> %t.mst
# RUN: cat %t.sym %t.mst | FileCheck %s --check-prefix=MST -D#SPM_LIMIT=%spm_limit
# RUN: %expect-exit 134 %sim %t.elf mld 2> %t.mld
# RUN: cat %t.sym %t.mld | FileCheck %s --check-prefix=MLD -D#SPM_LIMIT=%spm_limit

# DRAM-DAG: {{^}}[[#%x,BUF:]] l .bss {{[0-9a-f]+}} dram_buf
# DRAM-DAG: {{^}}[[#%x,PC:]] l .text {{[0-9a-f]+}} do_mmac
# DRAM:      accel-sim: fault: matrix unit fault: mmac operand A at 0x[[#%x,BUF]] is not in the scratchpad
# DRAM-NEXT:   pc 0x[[#%x,PC]] <do_mmac>
# DRAM-NEXT:   bundle: mmac acc1, r10, r11, r12
# DRAM-NEXT:   cycle {{[0-9]+}}

# BEND: {{^}}[[#%x,PC:]] l .text {{[0-9a-f]+}} do_mmac
# BEND:      accel-sim: fault: matrix unit fault: mmac operand B reads 512 bytes at 0x[[#%x,SPM_LIMIT-256]] (outside DRAM and SPM, or across them)
# BEND-NEXT:   pc 0x[[#%x,PC]] <do_mmac>
# BEND-NEXT:   bundle: mmac acc1, r10, r11, r12

# K0: accel-sim: fault: matrix unit fault: mmac K = 0 is outside [1, 4096]
# K0-NEXT:   pc 0x{{[0-9a-f]+}} <do_mmac>
# KBIG: accel-sim: fault: matrix unit fault: mmac K = 4097 is outside [1, 4096]
# KBIG-NEXT:   pc 0x{{[0-9a-f]+}} <do_mmac>

# MST-DAG: {{^}}[[#%x,BUF:]] l .bss {{[0-9a-f]+}} dram_buf
# MST-DAG: {{^}}[[#%x,PC:]] l .text {{[0-9a-f]+}} do_mst
# MST:      accel-sim: fault: matrix unit fault: mst address 0x[[#%x,BUF]] is not in the scratchpad
# MST-NEXT:   pc 0x[[#%x,PC]] <do_mst>
# MST-NEXT:   bundle: mst acc2, r10
# MST-NEXT:   cycle {{[0-9]+}}

# MLD: {{^}}[[#%x,PC:]] l .text {{[0-9a-f]+}} do_mld
# MLD:      accel-sim: fault: matrix unit fault: mld reads 1024 bytes at 0x100002 (misaligned)
# MLD-NEXT:   pc 0x[[#%x,PC]] <do_mld>
# MLD-NEXT:   bundle: mld acc3, r10

  .text
  .globl main
main:
  ld.i64 r5, 8(r2)
  ld.u8 r6, 1(r5)                 # argv[1][1]
  ld.u8 r5, 0(r5)                 # argv[1][0]
  { li r10, spm_a ; li r11, spm_b }
  li r12, 8
  li r4, 100                      # 'd'ram
  beq r5, r4, dram_prep
  li r4, 98                       # 'b'end
  beq r5, r4, bend_prep
  li r4, 48                       # k'0'
  beq r6, r4, k0_prep
  li r4, 98                       # k'b'ig
  beq r6, r4, kbig_prep
  li r4, 115                      # m's't
  beq r6, r4, mst_prep
  li r4, 108                      # m'l'd
  beq r6, r4, mld_prep
  li r1, 1
  ret
dram_prep:
  li r10, dram_buf
  jmp do_mmac
bend_prep:
  li r11, spm_limit - 256
  jmp do_mmac
k0_prep:
  li r12, 0
  jmp do_mmac
kbig_prep:
  li r12, 4097
do_mmac:
  mmac acc1, r10, r11, r12
  ret
mst_prep:
  li r10, dram_buf
do_mst:
  mst acc2, r10
  ret
mld_prep:
  li r10, 0x100002
do_mld:
  mld acc3, r10
  ret

  .bss
  .p2align 6
dram_buf:
  .zero 1024
  .section .spm.bss,"aw",@nobits
  .p2align 6
spm_a:
  .zero 16 * 8 * 4
spm_b:
  .zero 8 * 16 * 4
