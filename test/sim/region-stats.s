# Region of interest: sys 2 ... sys 3 marks the code whose statistics
# --stats reports in a second block and --stats-json nests as "region"
# (docs/simulator.md). The region runs from the bundle holding sys 2 up to
# the one holding sys 3: here 5 bundles, 6 instructions. With the cycle
# model the add waits 2 cycles for the mul (latency 3), so 7 cycles and 2
# stall cycles; in functional mode a cycle per bundle. The work outside
# (a divide, latency 12, and crt0) is not counted.
#
# RUN: accel-as %s -o %t.o
# RUN: %link %t.o -o %t.elf
# RUN: %expect-exit 0 %sim --stats --stats-json=%t.json %t.elf 2> %t.stats
# RUN: FileCheck %s < %t.stats
# RUN: python3 -c "import json,sys; d=json.load(open(sys.argv[1])); r=d['region']; t=d['timed']; print('region', r['bundles'], r['instructions'], r['cycles'] == (7 if t else 5), sum(r['stalls'].values()) == (2 if t else 0), r['bundles'] < d['bundles'])" %t.json \
# RUN:   | FileCheck %s --check-prefix=JSON
#
# A program without a region has no "region" key.
# RUN: %expect-exit 0 %sim --stats-json=%t.none.json %t.elf none
# RUN: python3 -c "import json,sys; print('region' in json.load(open(sys.argv[1])))" %t.none.json \
# RUN:   | FileCheck %s --check-prefix=NONE

# CHECK: --- accel-sim statistics{{.*}}---
# CHECK: --- accel-sim region of interest (sys 2 .. sys 3){{.*}}---
# CHECK-NEXT: {{^}}cycles {{[57]$}}
# CHECK-NEXT: {{^}}bundles 5{{$}}
# CHECK-NEXT: {{^}}instructions 6{{$}}
# JSON: region 5 6 True True True
# NONE: False

  .text
  .globl main
main:
  li r9, 100
  li r10, 7
  div r11, r9, r10              # outside the region
  li r12, 1
  bne r1, r12, .Lnoregion       # argc > 1 (an argument): no region
  sys 2
  li r4, 1
  { li r5, 2 ; li r6, 3 }
  mul r7, r5, r6
  add r8, r7, r7
  sys 3
.Lnoregion:
  li r1, 0
  ret
