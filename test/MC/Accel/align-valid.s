# Alignment padding in a code section. Whole 8-byte gaps are filled with
# one-instruction `nop` bundles (group 4, func 18, E set: 0xa240000000000000).
# A gap that is not a multiple of 8 bytes can only follow data placed in the
# code section; like other LLVM targets (e.g. AArch64 and RISC-V, which write
# zeros for the part no nop fits), the assembler must still pad to the
# requested alignment rather than abort, and the next instruction is aligned.
#
# RUN: accel-as %s -o %t.o
# RUN: accel-objdump -d %t.o | FileCheck %s

# CHECK:      Disassembly of section .text:
# CHECK-NEXT: 0: 800110c000000000 add r1, r2, r3
# CHECK-NEXT: 8: a240000000000000 nop
# CHECK-NEXT: 10: a240000000000000 nop
# CHECK-NEXT: 18: a240000000000000 nop
# CHECK-NEXT: 20: 8024298000000000 sub r4, r5, r6
add r1, r2, r3
.p2align 5
sub r4, r5, r6

# Four bytes of data, then the next instruction at the next multiple of 8.
# CHECK:      30: 800110c000000000 add r1, r2, r3
# CHECK-NEXT: 38: a240000000000000 nop
# CHECK-NEXT: 40: 8024298000000000 sub r4, r5, r6
.long 0x12345678
.p2align 3
add r1, r2, r3
.p2align 4
sub r4, r5, r6

# One byte of data: seven bytes of padding.
# CHECK:      50: 800110c000000000 add r1, r2, r3
.byte 0x7f
.p2align 3
add r1, r2, r3
