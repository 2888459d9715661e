# A multi-line bundle whose every instruction has an error: only the
# instructions' errors are reported, not a second "empty bundle" error for the
# bundle left with no valid instruction (the one-line form "{ shli r4, r5, 64 }"
# already behaves so, see invalid-bundles.s), and the following bundles
# assemble.
#
# RUN: rm -f %t.o
# RUN: not accel-as %s -o %t.o 2>&1 \
# RUN:   | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
# RUN: not test -e %t.o
# RUN: not accel-as --show-encoding %s 2>/dev/null \
# RUN:   | FileCheck %s --check-prefix=OUT

# OUT: .text
# Each later instruction is emitted on its own line, not swallowed into a
# bundle.

# CHECK: :[[@LINE+1]]:16: error: immediate must be an integer in the range [0, 63]
{ shli r4, r5, 64 }
# OUT: {{^[[:space:]]*}}addi r20, r20, 1 {{#}}
addi r20, r20, 1

{
# CHECK: :[[@LINE+1]]:16: error: immediate must be an integer in the range [0, 63]
  shli r4, r5, 64
}
# OUT: {{^[[:space:]]*}}addi r20, r20, 2 {{#}}
addi r20, r20, 2

{
# CHECK: :[[@LINE+1]]:14: error: expected ',' between operands
  add r1, r2 r3
}
# OUT: {{^[[:space:]]*}}addi r20, r20, 3 {{#}}
addi r20, r20, 3

{
# CHECK: :[[@LINE+1]]:3: error: unknown instruction mnemonic 'bogus'
  bogus r1
# CHECK: :[[@LINE+1]]:3: error: too few operands for instruction
  ld.i64 r2
}
# OUT: {{^[[:space:]]*}}{ addi r20, r20, 4 ; ld.i64 r21, 0(r22) } {{#}}
{ addi r20, r20, 4 ; ld.i64 r21, 0(r22) }

# CHECK: :[[@LINE+1]]:3: error: unknown instruction mnemonic 'bogus'
{ bogus r1 ;
}
# OUT: {{^[[:space:]]*}}addi r20, r20, 5 {{#}}
addi r20, r20, 5
