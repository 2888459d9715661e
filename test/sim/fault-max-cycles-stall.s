# REQUIRES: cycle-model
# --max-cycles=N when the limit falls inside a stall. Each iteration of the
# loop issues three bundles in five cycles (the add waits 2 cycles for the
# mul), so of the limits 1000..1004 some fall on a stall cycle, when the
# next bundle could issue only after the limit. The run must still stop
# "after n cycles" (docs/simulator.md): the report says cycle N, and the
# statistics stay consistent, every cycle either issuing a bundle or being a
# stall cycle, so bundles + stall cycles = cycles (as for a complete run).
#
# RUN: accel-as %s -o %t.o
# RUN: %link %t.o -o %t.elf
# RUN: %expect-exit 0 %sim --stats-json=%t.full.json %t.elf 100
# RUN: python3 -c "import json,sys; d=json.load(open(sys.argv[1])); s=sum(d['stalls'].values()); print('full', d['bundles'] + s == d['cycles'])" %t.full.json \
# RUN:   | FileCheck %s --check-prefix=FULL
# RUN: %expect-exit 137 %sim --max-cycles=1000 --stats-json=%t.1000.json %t.elf 2> %t.1000.err
# RUN: FileCheck %s --check-prefix=CHECK1000 < %t.1000.err
# RUN: python3 -c "import json,sys; d=json.load(open(sys.argv[1])); s=sum(d['stalls'].values()); print('cycles', d['cycles'], 'consistent', d['bundles'] + s == d['cycles'])" %t.1000.json \
# RUN:   | FileCheck %s --check-prefix=STATS1000
# RUN: %expect-exit 137 %sim --max-cycles=1001 --stats-json=%t.1001.json %t.elf 2> %t.1001.err
# RUN: FileCheck %s --check-prefix=CHECK1001 < %t.1001.err
# RUN: python3 -c "import json,sys; d=json.load(open(sys.argv[1])); s=sum(d['stalls'].values()); print('cycles', d['cycles'], 'consistent', d['bundles'] + s == d['cycles'])" %t.1001.json \
# RUN:   | FileCheck %s --check-prefix=STATS1001
# RUN: %expect-exit 137 %sim --max-cycles=1002 --stats-json=%t.1002.json %t.elf 2> %t.1002.err
# RUN: FileCheck %s --check-prefix=CHECK1002 < %t.1002.err
# RUN: python3 -c "import json,sys; d=json.load(open(sys.argv[1])); s=sum(d['stalls'].values()); print('cycles', d['cycles'], 'consistent', d['bundles'] + s == d['cycles'])" %t.1002.json \
# RUN:   | FileCheck %s --check-prefix=STATS1002
# RUN: %expect-exit 137 %sim --max-cycles=1003 --stats-json=%t.1003.json %t.elf 2> %t.1003.err
# RUN: FileCheck %s --check-prefix=CHECK1003 < %t.1003.err
# RUN: python3 -c "import json,sys; d=json.load(open(sys.argv[1])); s=sum(d['stalls'].values()); print('cycles', d['cycles'], 'consistent', d['bundles'] + s == d['cycles'])" %t.1003.json \
# RUN:   | FileCheck %s --check-prefix=STATS1003
# RUN: %expect-exit 137 %sim --max-cycles=1004 --stats-json=%t.1004.json %t.elf 2> %t.1004.err
# RUN: FileCheck %s --check-prefix=CHECK1004 < %t.1004.err
# RUN: python3 -c "import json,sys; d=json.load(open(sys.argv[1])); s=sum(d['stalls'].values()); print('cycles', d['cycles'], 'consistent', d['bundles'] + s == d['cycles'])" %t.1004.json \
# RUN:   | FileCheck %s --check-prefix=STATS1004

# FULL: full True

# CHECK1000: accel-sim: fault: cycle limit exceeded: --max-cycles=1000 reached
# CHECK1000: cycle 1000{{$}}
# STATS1000: cycles 1000 consistent True
# CHECK1001: accel-sim: fault: cycle limit exceeded: --max-cycles=1001 reached
# CHECK1001: cycle 1001{{$}}
# STATS1001: cycles 1001 consistent True
# CHECK1002: accel-sim: fault: cycle limit exceeded: --max-cycles=1002 reached
# CHECK1002: cycle 1002{{$}}
# STATS1002: cycles 1002 consistent True
# CHECK1003: accel-sim: fault: cycle limit exceeded: --max-cycles=1003 reached
# CHECK1003: cycle 1003{{$}}
# STATS1003: cycles 1003 consistent True
# CHECK1004: accel-sim: fault: cycle limit exceeded: --max-cycles=1004 reached
# CHECK1004: cycle 1004{{$}}
# STATS1004: cycles 1004 consistent True

  .text
  .globl main
main:
  { li r7, 2 ; li r8, -1 }        # forever, unless given an argument
  li r4, 2
  bltu r1, r4, slow
  li r8, 100
slow:
  mul r7, r7, r7                  # latency 3: the next bundle waits 2 cycles
  { add r7, r7, r0 ; addi r8, r8, -1 }
  bne r8, r0, slow
  li r1, 0
  ret
