# --stats and --stats-json: the field names, and the counts that follow from
# the program in either mode (docs/simulator.md, Statistics):
#   dma transfers 5, dma bytes 512 + 512 + 1024 + 64 + 64 = 2176,
#   matrix MACs = 256 x K summed over the mmacs = 256 x (8 + 8) = 4096,
#   instructions/bundle = instructions / bundles, busy fractions in [0, 1].
# This file is also the program of stats-timed.test (the cycle-dependent
# values), stats-fast.test and timeline.test; its timing is worked out there.
# The program checks its own result (C = A . B with A = 1.0, B = 2.0: every
# element 32.0) and exits 0 on success.
#
# RUN: accel-as %s -o %t.o
# RUN: %link %t.o -o %t.elf
# RUN: %expect-exit 0 %sim --stats %t.elf 2> %t.stats
# RUN: FileCheck %s < %t.stats
# RUN: %expect-exit 0 %sim --stats-json=%t.json %t.elf
# RUN: python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(sorted(d)); print(sorted(d['busy'])); print(sorted(d['stalls'])); print('macs', d['macs'], 'dma_bytes', d['dma_bytes'], 'dma_transfers', d['dma_transfers'], 'macs_per_cycle', d['macs_per_cycle']); print('ipb', abs(d['instructions_per_bundle'] - d['instructions'] / d['bundles']) < 1e-3); print('busy in [0,1]', all(0 <= v <= 1 for v in d['busy'].values())); print('util', abs(d['matrix_utilization'] - d['macs'] / (256 * d['cycles'])) < 1e-5); print('bw', abs(d['dma_bytes_per_cycle'] - d['dma_bytes'] / d['cycles']) < 1e-3)" %t.json \
# RUN:   | FileCheck %s --check-prefix=JSON
# --stats and --stats-json together agree.
# RUN: %expect-exit 0 %sim --stats --stats-json=%t.2.json %t.elf 2> %t.2.stats
# RUN: python3 -c "import json,re,sys; d=json.load(open(sys.argv[1])); t=open(sys.argv[2]).read(); g=lambda k: int(re.search(r'^' + k + r' +(\d+)', t, re.M).group(1)); print('agree', [g('cycles'), g('bundles'), g('instructions'), g('dma bytes'), g('matrix MACs')] == [d['cycles'], d['bundles'], d['instructions'], d['dma_bytes'], d['macs']])" %t.2.json %t.2.stats \
# RUN:   | FileCheck %s --check-prefix=AGREE

# CHECK:      --- accel-sim statistics{{( \(functional mode\))?}} ---
# CHECK-NEXT: {{^}}cycles {{[1-9][0-9]*$}}
# CHECK-NEXT: {{^}}bundles {{[1-9][0-9]*$}}
# CHECK-NEXT: {{^}}instructions {{[1-9][0-9]*$}}
# CHECK-NEXT: {{^}}instructions/bundle {{[1-4]\.[0-9][0-9][0-9]$}}
# CHECK-NEXT: {{^}}unit busy fraction{{$}}
# CHECK-NEXT: {{^}}  scalar (2 ALUs) {{[01]\.[0-9][0-9][0-9]$}}
# CHECK-NEXT: {{^}}  load/store (2 ports) {{[01]\.[0-9][0-9][0-9]$}}
# CHECK-NEXT: {{^}}  vector {{[01]\.[0-9][0-9][0-9]$}}
# CHECK-NEXT: {{^}}  matrix {{[01]\.[0-9][0-9][0-9]$}}
# CHECK-NEXT: {{^}}  tile moves {{[01]\.[0-9][0-9][0-9]$}}
# CHECK-NEXT: {{^}}  dma {{[01]\.[0-9][0-9][0-9]$}}
# CHECK-NEXT: {{^}}  stream engine {{[01]\.[0-9][0-9][0-9]$}}
# CHECK-NEXT: {{^}}stall cycles {{[0-9]+$}}
# CHECK-NEXT: {{^}}  scalar-dependency {{[0-9]+$}}
# CHECK-NEXT: {{^}}  vector-dependency {{[0-9]+$}}
# CHECK-NEXT: {{^}}  accumulator-dependency {{[0-9]+$}}
# CHECK-NEXT: {{^}}  matrix-busy {{[0-9]+$}}
# CHECK-NEXT: {{^}}  tile-move-busy {{[0-9]+$}}
# CHECK-NEXT: {{^}}  dma-channel-busy {{[0-9]+$}}
# CHECK-NEXT: {{^}}  dma-wait {{[0-9]+$}}
# CHECK-NEXT: {{^}}  stream-busy {{[0-9]+$}}
# CHECK-NEXT: {{^}}  dram-port {{[0-9]+$}}
# CHECK-NEXT: {{^}}dma transfers 5{{$}}
# CHECK-NEXT: {{^}}dma bytes 2176{{$}}
# CHECK-NEXT: {{^}}dma bandwidth {{[0-9]+\.[0-9][0-9][0-9]}} bytes/cycle{{$}}
# CHECK-NEXT: {{^}}matrix MACs 4096{{$}}
# CHECK-NEXT: {{^}}matrix utilization {{0\.[0-9][0-9][0-9][0-9]$}}
# CHECK-EMPTY:

# JSON:      ['bundles', 'busy', 'cycles', 'dma_bytes', 'dma_bytes_per_cycle', 'dma_transfers', 'instructions', 'instructions_per_bundle', 'macs', 'macs_per_cycle', 'matrix_utilization', 'stalls', 'timed']
# JSON-NEXT: ['dma', 'lsu', 'matrix', 'scalar', 'stream', 'tile_moves', 'vector']
# JSON-NEXT: ['accumulator-dependency', 'dma-channel-busy', 'dma-wait', 'dram-port', 'matrix-busy', 'scalar-dependency', 'stream-busy', 'tile-move-busy', 'vector-dependency']
# JSON-NEXT: macs 4096 dma_bytes 2176 dma_transfers 5 macs_per_cycle 256
# JSON-NEXT: ipb True
# JSON-NEXT: busy in [0,1] True
# JSON-NEXT: util True
# JSON-NEXT: bw True

# AGREE: agree True

  .text
  .globl main
main:
# Scalar dependencies: mul (latency 3) and div (latency 12).
  { li r1, 6 ; li r2, 7 }
  mul r3, r1, r2
  add r4, r3, r3                  # waits 2 cycles for r3
  div r5, r4, r2
  addi r6, r5, 1                  # waits 11 cycles for r5

# A (16x8, all 1.0) and B (8x16, all 2.0) into the scratchpad on channels 0
# and 1: 512 bytes each, 64 + 512/32 = 80 cycles each.
  { li r10, spm_a ; li r11, mat_a }
  { li r12, spm_b ; li r13, mat_b }
  li r14, 512
  dma.1d 0, r10, r11, r14
  { dma.1d 1, r12, r13, r14 ; mzero acc0 }
  dma.wait 0
  dma.wait 1

# Two K = 8 mmacs into acc0, then mst on the tile-move port; mzero acc0
# waits for the port to finish reading acc0 (16 cycles).
  li r15, 8
  mmac acc0, r10, r12, r15
  mmac acc0, r10, r12, r15        # waits for the unit (8 cycles)
  li r16, spm_c
  mst acc0, r16                   # waits for acc0 (K + 4 after the mmac)
  mzero acc0                      # waits for the mst to release acc0

# C (1024 bytes) back to DRAM on channel 2: 64 + 32 = 96 cycles.
  { li r17, mat_c ; li r18, 1024 }
  dma.1d 2, r17, r16, r18
  dma.wait 2

# Two transfers of 64 bytes (64 + 2 = 66 cycles) on one channel: the second
# waits for the first.
  { li r19, spm_x ; li r20, 64 }
  dma.1d 3, r19, r11, r20
  dma.1d 3, r19, r11, r20
  dma.wait 3

# Vector dependencies: vld (latency 4), vadd.f32 (4), vredsum.f32.
  vld v1, 0(r10)                  # A's first row: 1.0 x 16
  vadd.f32 v2, v1, v1             # waits 3 cycles for v1
  vredsum.f32 r22, v2             # waits 3 cycles for v2: 16 x 2.0 = 32.0

# Check: C[0][0] (scratchpad) and the reduction are 32.0.
  { ld.u32 r23, 0(r16) ; li r24, 0x42000000 }
  { sne r25, r22, r24 ; li r1, 0 }
  bne r23, r24, .Lfail            # waits for the load (latency 3)
  bne r25, r0, .Lfail
  ret
.Lfail:
  li r1, 1
  ret

  .rodata
  .p2align 6
mat_a:
  .rept 128
  .long 0x3f800000                # 1.0
  .endr
mat_b:
  .rept 128
  .long 0x40000000                # 2.0
  .endr

  .bss
  .p2align 6
mat_c:
  .zero 1024

  .section .spm.bss,"aw",@nobits
  .p2align 6
spm_a: .zero 512
spm_b: .zero 512
spm_c: .zero 1024
spm_x: .zero 64
