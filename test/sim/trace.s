# --trace writes one line per executed bundle to stderr (docs/simulator.md):
# the issue cycle, the pc (8 hex digits), the bundle's disassembly and, after
# "#", each register the bundle wrote with its new value (vector registers by
# lane 0, accumulator tiles by name; nothing for a store). The program's own
# output still goes to stdout, and the trace has exactly as many lines as
# the statistics count bundles.
#
# RUN: accel-as %s -o %t.o
# RUN: %link %t.o -o %t.elf
# RUN: accel-objdump -t %t.elf > %t.sym
# RUN: %expect-exit 0 %sim --trace --stats-json=%t.json %t.elf > %t.out 2> %t.trace
# RUN: cat %t.sym %t.trace | FileCheck %s
# RUN: FileCheck %s --check-prefix=OUT < %t.out
# RUN: python3 -c "import json,re,sys; d=json.load(open(sys.argv[1])); lines=open(sys.argv[2]).read().splitlines(); ok=[l for l in lines if re.match(r'^ *[0-9]+ [0-9a-f]{8}: \S', l)]; print('lines', len(ok) == len(lines), len(lines) == d['bundles'])" %t.json %t.trace \
# RUN:   | FileCheck %s --check-prefix=COUNT

# CHECK-DAG: {{^}}[[#%x,START:]] g F .text {{[0-9a-f]+}} _start
# CHECK-DAG: {{^}}[[#%x,MAIN:]] g .text {{[0-9a-f]+}} main
# CHECK-DAG: {{^}}[[#%x,F:]] l .text {{[0-9a-f]+}} f
# The first bundle executed is crt0's, at the entry point.
# CHECK: {{^}}         0 [[#%.8x,START]]: { li r18, {{.*}} ; li r19, {{.*}} }    # r18=0x{{[0-9a-f]+}}, r19=0x{{[0-9a-f]+}}
# CHECK: {{^ +}}[[#]] [[#%.8x,MAIN]]: { li r1, 5 ; li r2, 7 }    # r1=0x5, r2=0x7{{$}}
# CHECK-NEXT: {{^ +}}[[#]] [[#%.8x,MAIN+16]]: add r3, r1, r2    # r3=0xc{{$}}
# CHECK-NEXT: {{^ +}}[[#]] [[#%.8x,MAIN+24]]: mul r4, r3, r3    # r4=0x90{{$}}
# CHECK-NEXT: {{^ +}}[[#]] [[#%.8x,MAIN+32]]: add r5, r4, r4    # r5=0x120{{$}}
# CHECK-NEXT: {{^ +}}[[#]] [[#%.8x,MAIN+40]]: vbcast v1, r5    # v1=[0x120,...]{{$}}
# CHECK-NEXT: {{^ +}}[[#]] [[#%.8x,MAIN+48]]: st.i64 r5, -8(r30){{$}}
# CHECK-NEXT: {{^ +}}[[#]] [[#%.8x,MAIN+56]]: { ld.i64 r6, -8(r30) ; addi r9, r31, 0 }    # r6=0x120, r9=0x{{[0-9a-f]+}}{{$}}
# CHECK-NEXT: {{^ +}}[[#]] [[#%.8x,MAIN+72]]: mzero acc2    # acc2{{$}}
# CHECK-NEXT: {{^ +}}[[#]] [[#%.8x,MAIN+80]]: call 0x[[#%x,F]]    # r31=0x[[#%x,MAIN+88]]{{$}}
# CHECK-NEXT: {{^ +}}[[#]] [[#%.8x,F]]: ret{{$}}
# CHECK-NEXT: {{^ +}}[[#]] [[#%.8x,MAIN+88]]: { li r1, 1 ; li r2, [[#%d,MSG:]] }
# CHECK-SAME: {{ +}}# r1=0x1, r2=0x[[#%x,MSG]]{{$}}
# The last bundle is crt0's sys 0, which writes r1 (the exit status).
# CHECK: sys 0    # r1=0x0{{$}}
# CHECK-NOT: {{.}}

# OUT: traced program

# COUNT: lines True True

  .text
  .globl main
main:
  { li r1, 5 ; li r2, 7 }
  add r3, r1, r2
  mul r4, r3, r3
  add r5, r4, r4
  vbcast v1, r5
  st.i64 r5, -8(r30)
  { ld.i64 r6, -8(r30) ; addi r9, r31, 0 }
  mzero acc2
  call f
  { li r1, 1 ; li r2, msg }
  li r3, 15
  sys 1
  li r1, 0
  jr r9                           # main's return address, kept in r9
f:
  ret

  .rodata
msg: .ascii "traced program\n"
