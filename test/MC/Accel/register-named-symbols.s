# Symbols spelled like registers: written in quotes they are symbols ("v3"),
# bare they are the registers (v3). llc prints such names quoted (see
# CodeGen/Accel/register-named-symbols.ll), so its output assembles back.
#
# RUN: accel-as %s -o %t.o
# RUN: accel-objdump -dr %t.o | FileCheck %s

# CHECK-LABEL: <r1>:
# CHECK-NEXT: li r3, 0
# CHECK-NEXT: R_ACCEL_IMM32 v3
# CHECK-NEXT: call
# CHECK-NEXT: R_ACCEL_PCREL_IMM32 acc0
# CHECK-NEXT: vadd.i32 v3, v3, v1
  .globl "r1"
"r1":
  li r3, "v3"
  call "acc0"
  vadd.i32 v3, v3, v1
  ret
