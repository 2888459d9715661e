# Operand errors: immediates just outside the range of every immediate class
# of AccelOperands.td, symbols where only constants are allowed, and registers
# of the wrong file. Each diagnostic's text and line:col; no other error; no
# object file left.
#
# @CHANNELS@ and @TILES@ stand for the machine's counts (isa/AccelMachine.td),
# the first channel and tile numbers out of range.
# RUN: rm -f %t.o
# RUN: sed -e 's/@CHANNELS@/%dma_channels/' -e 's/@TILES@/%acc_tiles/' %s > %t.s
# RUN: not accel-as %t.s -o %t.o 2>&1 \
# RUN:   | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: \
# RUN:       -DLAST_CHANNEL=%last_channel -DLAST_TILE=%last_tile
# RUN: not test -e %t.o

#===--- simm32 [-2147483648, 2147483647]: ALU immediates, li, offsets -----===#

# CHECK: :[[@LINE+1]]:14: error: immediate must be an integer in the range [-2147483648, 2147483647] or a symbol expression
addi r1, r2, 2147483648
# CHECK: :[[@LINE+1]]:14: error: immediate must be an integer in the range [-2147483648, 2147483647] or a symbol expression
addi r1, r2, -2147483649
# CHECK: :[[@LINE+1]]:16: error: immediate must be an integer in the range [-2147483648, 2147483647] or a symbol expression
addi.w r1, r2, 0x80000000
# CHECK: :[[@LINE+1]]:14: error: immediate must be an integer in the range [-2147483648, 2147483647] or a symbol expression
andi r1, r2, 0xffffffff
# CHECK: :[[@LINE+1]]:15: error: immediate must be an integer in the range [-2147483648, 2147483647] or a symbol expression
sltiu r1, r2, 4294967295
# CHECK: :[[@LINE+1]]:8: error: immediate must be an integer in the range [-2147483648, 2147483647] or a symbol expression
li r1, 2147483648
# CHECK: :[[@LINE+1]]:8: error: immediate must be an integer in the range [-2147483648, 2147483647] or a symbol expression
li r1, -2147483649
# CHECK: :[[@LINE+1]]:12: error: immediate must be an integer in the range [-2147483648, 2147483647] or a symbol expression
ld.i64 r1, 2147483648(r2)
# CHECK: :[[@LINE+1]]:11: error: immediate must be an integer in the range [-2147483648, 2147483647] or a symbol expression
ld.u8 r1, -2147483649(r2)
# CHECK: :[[@LINE+1]]:12: error: immediate must be an integer in the range [-2147483648, 2147483647] or a symbol expression
st.i32 r1, 2147483648(r2)
# CHECK: :[[@LINE+1]]:9: error: immediate must be an integer in the range [-2147483648, 2147483647] or a symbol expression
vld v1, -2147483649(r2)
# CHECK: :[[@LINE+1]]:9: error: immediate must be an integer in the range [-2147483648, 2147483647] or a symbol expression
vst v1, 2147483648(r2)
# A register where the immediate belongs.
# CHECK: :[[@LINE+1]]:14: error: immediate must be an integer in the range [-2147483648, 2147483647] or a symbol expression
addi r1, r2, r3

#===--- uimm32 [0, 4294967295]: lih (no symbol) ---------------------------===#

# CHECK: :[[@LINE+1]]:13: error: immediate must be an integer in the range [0, 4294967295]{{$}}
lih r1, r2, 4294967296
# CHECK: :[[@LINE+1]]:13: error: immediate must be an integer in the range [0, 4294967295]{{$}}
lih r1, r2, -1
# CHECK: :[[@LINE+1]]:13: error: immediate must be an integer in the range [0, 4294967295]{{$}}
lih r1, r2, sym

#===--- shamt6 [0, 63]: 64-bit shifts ------------------------------------===#

# CHECK: :[[@LINE+1]]:14: error: immediate must be an integer in the range [0, 63]
shli r1, r2, 64
# CHECK: :[[@LINE+1]]:14: error: immediate must be an integer in the range [0, 63]
srli r1, r2, -1
# CHECK: :[[@LINE+1]]:14: error: immediate must be an integer in the range [0, 63]
srai r1, r2, 64
# CHECK: :[[@LINE+1]]:14: error: immediate must be an integer in the range [0, 63]
shli r1, r2, sym

#===--- shamt5 [0, 31]: 32-bit shifts ------------------------------------===#

# CHECK: :[[@LINE+1]]:16: error: immediate must be an integer in the range [0, 31]
shli.w r1, r2, 32
# CHECK: :[[@LINE+1]]:16: error: immediate must be an integer in the range [0, 31]
srli.w r1, r2, 32
# CHECK: :[[@LINE+1]]:16: error: immediate must be an integer in the range [0, 31]
srai.w r1, r2, -1

#===--- lane [0, 15]: vext, vins -----------------------------------------===#

# CHECK: :[[@LINE+1]]:14: error: immediate must be an integer in the range [0, 15]
vext r1, v2, 16
# CHECK: :[[@LINE+1]]:14: error: immediate must be an integer in the range [0, 15]
vext r1, v2, -1
# CHECK: :[[@LINE+1]]:14: error: immediate must be an integer in the range [0, 15]
vins v1, r2, 16
# CHECK: :[[@LINE+1]]:14: error: immediate must be an integer in the range [0, 15]
vins v1, r2, lane

#===--- Accumulator tiles acc0..acc<last> (acc<count> is not a register) ---===#

# CHECK: :[[@LINE+1]]:7: error: operand must be an accumulator tile acc0..acc[[LAST_TILE]]
mzero acc@TILES@
# CHECK: :[[@LINE+1]]:6: error: operand must be an accumulator tile acc0..acc[[LAST_TILE]]
mmac acc@TILES@, r1, r2, r3
# CHECK: :[[@LINE+1]]:5: error: operand must be an accumulator tile acc0..acc[[LAST_TILE]]
mld acc@TILES@, r1
# CHECK: :[[@LINE+1]]:10: error: operand must be an accumulator tile acc0..acc[[LAST_TILE]]
mst.relu acc99, r1
# CHECK: :[[@LINE+1]]:7: error: operand must be an accumulator tile acc0..acc[[LAST_TILE]]
mzero 5

#===--- DMA channel [0, last] --------------------------------------------===#

# CHECK: :[[@LINE+1]]:8: error: immediate must be an integer in the range [0, [[LAST_CHANNEL]]]
dma.1d @CHANNELS@, r1, r2, r3
# CHECK: :[[@LINE+1]]:8: error: immediate must be an integer in the range [0, [[LAST_CHANNEL]]]
dma.2d -1, r1, r2, r3, r4
# CHECK: :[[@LINE+1]]:10: error: immediate must be an integer in the range [0, [[LAST_CHANNEL]]]
dma.wait @CHANNELS@
# CHECK: :[[@LINE+1]]:10: error: immediate must be an integer in the range [0, [[LAST_CHANNEL]]]
dma.wait acc0

#===--- sys code [0, 255] ------------------------------------------------===#

# CHECK: :[[@LINE+1]]:5: error: immediate must be an integer in the range [0, 255]
sys 256
# CHECK: :[[@LINE+1]]:5: error: immediate must be an integer in the range [0, 255]
sys -1
# CHECK: :[[@LINE+1]]:5: error: immediate must be an integer in the range [0, 255]
sys exit

#===--- Branch targets: signed 32-bit offsets or labels ------------------===#

# CHECK: :[[@LINE+1]]:13: error: branch target must be a label or a byte offset in the signed 32-bit range
beq r1, r2, 2147483648
# CHECK: :[[@LINE+1]]:5: error: branch target must be a label or a byte offset in the signed 32-bit range
jmp -2147483649
# CHECK: :[[@LINE+1]]:6: error: branch target must be a label or a byte offset in the signed 32-bit range
call r1

#===--- A general register is needed -------------------------------------===#

# A vector register.
# CHECK: :[[@LINE+1]]:9: error: operand must be a general register r0..r31
add r1, v2, r3
# CHECK: :[[@LINE+1]]:10: error: operand must be a general register r0..r31
fadd.f32 v1, r2, r3
# CHECK: :[[@LINE+1]]:11: error: operand must be a general register r0..r31
vld v1, 0(v2)
# CHECK: :[[@LINE+1]]:6: error: operand must be a general register r0..r31
vext v1, v2, 0
# CHECK: :[[@LINE+1]]:13: error: operand must be a general register r0..r31
vredsum.f32 v1, v2
# CHECK: :[[@LINE+1]]:12: error: operand must be a general register r0..r31
mmac acc0, v1, r2, r3
# CHECK: :[[@LINE+1]]:4: error: operand must be a general register r0..r31
jr v1
# An accumulator tile.
# CHECK: :[[@LINE+1]]:5: error: operand must be a general register r0..r31
add acc1, r2, r3
# CHECK: :[[@LINE+1]]:11: error: operand must be a general register r0..r31
mld acc0, acc1
# CHECK: :[[@LINE+1]]:8: error: operand must be a general register r0..r31
ld.i64 acc0, 0(r1)
# CHECK: :[[@LINE+1]]:11: error: operand must be a general register r0..r31
dma.1d 0, acc0, r2, r3
# Not a register at all (r32 is a symbol name).
# CHECK: :[[@LINE+1]]:5: error: operand must be a general register r0..r31
add r32, r1, r2

#===--- A vector register is needed --------------------------------------===#

# CHECK: :[[@LINE+1]]:14: error: operand must be a vector register v0..v31
vadd.f32 v1, r2, v3
# CHECK: :[[@LINE+1]]:5: error: operand must be a vector register v0..v31
vld r1, 0(r2)
# CHECK: :[[@LINE+1]]:5: error: operand must be a vector register v0..v31
vst r1, 0(r2)
# CHECK: :[[@LINE+1]]:8: error: operand must be a vector register v0..v31
vbcast r1, r2
# CHECK: :[[@LINE+1]]:22: error: operand must be a vector register v0..v31
vfma.f32 v1, v2, v3, r4
# CHECK: :[[@LINE+1]]:10: error: operand must be a vector register v0..v31
vext r1, r2, 0
# CHECK: :[[@LINE+1]]:10: error: operand must be a vector register v0..v31
vsel v1, acc2, v3, v4
# CHECK: :[[@LINE+1]]:10: error: operand must be a vector register v0..v31
vadd.i32 v32, v1, v2

#===--- A tile is needed -------------------------------------------------===#

# CHECK: :[[@LINE+1]]:7: error: operand must be an accumulator tile acc0..acc[[LAST_TILE]]
mzero r1
# CHECK: :[[@LINE+1]]:5: error: operand must be an accumulator tile acc0..acc[[LAST_TILE]]
mst v1, r2

# After all of these, a valid instruction assembles without any error.
add r1, r2, r3
