# Syntax errors, unknown mnemonics and wrong operand counts: each diagnostic's
# text and line:col, no other error, exit status 1 and no object file left.
#
# RUN: rm -f %t.o
# RUN: not accel-as %s -o %t.o 2>&1 \
# RUN:   | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
# RUN: not test -e %t.o

#===--- Operand separators ----------------------------------------------===#

# CHECK: :[[@LINE+1]]:12: error: expected ',' between operands
add r1, r2 r3
# CHECK: :[[@LINE+1]]:14: error: expected ',' between operands
  sub r1, r2 r3
# CHECK: :[[@LINE+1]]:11: error: expected ',' between operands
ld.i64 r1 8(r2)
# CHECK: :[[@LINE+1]]:16: error: expected ',' between operands
add r1, r2, r3 junk
# CHECK: :[[@LINE+1]]:9: error: unknown token in expression
add r1, , r2

#===--- Memory operands -------------------------------------------------===#

# CHECK: :[[@LINE+1]]:16: error: expected ')'
ld.i64 r1, 8(r2
# CHECK: :[[@LINE+1]]:18: error: expected ')'
st.i64 r1, -8(r2 r3)
# CHECK: :[[@LINE+1]]:12: error: expected ')'
vld v1, (r2
# CHECK: :[[@LINE+1]]:14: error: expected a base register
ld.i64 r1, 8(
# CHECK: :[[@LINE+1]]:14: error: expected a base register
ld.i64 r1, 8(5)
# CHECK: :[[@LINE+1]]:12: error: expected a base register
st.i8 r1, ()

#===--- Junk after a closing brace --------------------------------------===#

# CHECK: :[[@LINE+1]]:20: error: unexpected token after '}'
{ add r1, r2, r3 } junk
# CHECK: :[[@LINE+1]]:37: error: unexpected token after '}'
{ add r1, r2, r3 ; sub r4, r5, r6 } junk
# CHECK: :[[@LINE+1]]:20: error: unexpected token after '}'
{ add r1, r2, r3 } }

#===--- Unknown mnemonics, with the spelling suggestion -----------------===#

# CHECK: :[[@LINE+1]]:1: error: unknown instruction mnemonic 'ad', did you mean: add, addi, and, andi, vand?
ad r1, r2, r3
# CHECK: :[[@LINE+1]]:1: error: unknown instruction mnemonic 'vaddf32', did you mean: vadd.f32?
vaddf32 v1, v2, v3
# CHECK: :[[@LINE+1]]:1: error: unknown instruction mnemonic 'ld.i65', did you mean: ld.i16, ld.i64?
ld.i65 r1, 0(r2)
# CHECK: :[[@LINE+1]]:3: error: unknown instruction mnemonic 'mzeros', did you mean: mzero?
  mzeros acc0
# No close spelling: no suggestion.
# CHECK: :[[@LINE+1]]:1: error: unknown instruction mnemonic 'bogus'{{$}}
bogus r1
# CHECK: :[[@LINE+1]]:3: error: unknown instruction mnemonic 'frobnicate'{{$}}
{ frobnicate r1 }

#===--- Too few operands -------------------------------------------------===#

# CHECK: :[[@LINE+1]]:1: error: too few operands for instruction
add r1, r2
# CHECK: :[[@LINE+1]]:1: error: too few operands for instruction
li r1
# CHECK: :[[@LINE+1]]:1: error: too few operands for instruction
jmp
# CHECK: :[[@LINE+1]]:1: error: too few operands for instruction
sel r1, r2, r3
# CHECK: :[[@LINE+1]]:1: error: too few operands for instruction
mzero
# CHECK: :[[@LINE+1]]:1: error: too few operands for instruction
dma.2d 0, r1, r2, r3
# CHECK: :[[@LINE+1]]:1: error: too few operands for instruction
vext r1, v2
# CHECK: :[[@LINE+1]]:3: error: too few operands for instruction
{ ld.i64 r1 }

#===--- Too many operands ------------------------------------------------===#

# CHECK: :[[@LINE+1]]:17: error: invalid operand for instruction
add r1, r2, r3, r4
# CHECK: :[[@LINE+1]]:5: error: invalid operand for instruction
ret r1
# CHECK: :[[@LINE+1]]:5: error: invalid operand for instruction
nop 1
# CHECK: :[[@LINE+1]]:16: error: invalid operand for instruction
lih r1, r2, 1, 2

# After all of these, a valid instruction assembles without any error.
add r1, r2, r3
