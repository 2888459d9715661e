# Accesses outside the SPM and DRAM fault with exit status 131 (docs/isa.md
# §4 and §8), naming the access, the pc and its symbol, the bundle and the
# cycle. (A bad buffer given to a sys service is the program's EFAULT, not a
# fault: syscalls.s.) The first argument selects the case:
#   null    ld.i64 from 0x8, in the null guard
#   gap     st.i32 to the SPM's end + 1 MiB, between the SPM and DRAM
#           (spm_limit, SpmBase + SpmSize, is defined at the link)
#   top     ld.u8 from 0x20000000, just past the end of DRAM
#   vector  vld from the SPM's end - 16: lanes 4..15 lie past the end of the SPM
#
# RUN: accel-as %s -o %t.o
# RUN: %link %t.o -o %t.elf --defsym=spm_limit=%spm_limit
# RUN: accel-objdump -t %t.elf > %t.sym
# RUN: %expect-exit 131 %sim %t.elf null 2> %t.null
# RUN: cat %t.sym %t.null | FileCheck %s --check-prefix=NULL -D#SPM_LIMIT=%spm_limit
# RUN: %expect-exit 131 %sim %t.elf gap 2> %t.gap
# RUN: cat %t.sym %t.gap | FileCheck %s --check-prefix=GAP -D#SPM_LIMIT=%spm_limit
# RUN: %expect-exit 131 %sim %t.elf top 2> %t.top
# RUN: cat %t.sym %t.top | FileCheck %s --check-prefix=TOP -D#SPM_LIMIT=%spm_limit
# RUN: %expect-exit 131 %sim %t.elf vector 2> %t.vector
# RUN: cat %t.sym %t.vector | FileCheck %s --check-prefix=VECTOR -D#SPM_LIMIT=%spm_limit

# NULL: {{^}}[[#%x,PC:]] l .text {{[0-9a-f]+}} do_null
# NULL:      accel-sim: fault: access outside memory: read of 8 bytes at 0x8
# NULL-NEXT:   pc 0x[[#%x,PC]] <do_null>
# NULL-NEXT:   bundle: ld.i64 r1, 8(r0)
# NULL-NEXT:   cycle {{[0-9]+}}

# GAP: {{^}}[[#%x,PC:]] l .text {{[0-9a-f]+}} do_gap
# GAP:      accel-sim: fault: access outside memory: write of 4 bytes at 0x[[#%x,SPM_LIMIT+0x100000]]
# GAP-NEXT:   pc 0x[[#%x,PC]] <do_gap>
# GAP-NEXT:   bundle: st.i32 r3, [[#SPM_LIMIT+0x100000]](r0)
# GAP-NEXT:   cycle {{[0-9]+}}

# TOP: {{^}}[[#%x,PC:]] l .text {{[0-9a-f]+}} do_top
# TOP:      accel-sim: fault: access outside memory: read of 1 bytes at 0x20000000
# TOP-NEXT:   pc 0x[[#%x,PC]] <do_top>
# TOP-NEXT:   bundle: ld.u8 r1, 536870912(r0)

# VECTOR: {{^}}[[#%x,PC:]] l .text {{[0-9a-f]+}} do_vector
# VECTOR:      accel-sim: fault: access outside memory: read of 4 bytes at 0x[[#%x,SPM_LIMIT]]
# VECTOR-NEXT:   pc 0x[[#%x,PC]] <do_vector>
# VECTOR-NEXT:   bundle: vld v2, 0(r2)

  .text
  .globl main
main:
  addi r30, r30, -16
  st.i64 r31, 8(r30)
  ld.i64 r5, 8(r2)                # argv[1][0..1]
  ld.u8 r6, 1(r5)
  ld.u8 r5, 0(r5)
  li r3, 7
  li r4, 110                      # 'n'ull
  beq r5, r4, do_null
  li r4, 103                      # 'g'ap
  beq r5, r4, do_gap
  li r4, 116                      # 't'op
  beq r5, r4, do_top
  li r4, 118                      # 'v'ector
  beq r5, r4, vector_prep
  li r1, 1
  jmp .Lout
do_null:
  ld.i64 r1, 8(r0)
  jmp .Lout
do_gap:
  st.i32 r3, spm_limit + 0x100000(r0)
  jmp .Lout
do_top:
  ld.u8 r1, 0x20000000(r0)
  jmp .Lout
vector_prep:
  li r2, spm_limit - 16
do_vector:
  vld v2, 0(r2)
  jmp .Lout
.Lout:
  ld.i64 r31, 8(r30)
  addi r30, r30, 16
  ret
