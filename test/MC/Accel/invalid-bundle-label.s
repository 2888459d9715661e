# A label cannot be defined inside a bundle (a bundle issues as one unit, so a
# branch into its middle is meaningless). The diagnostic points at the label
# itself, and the bundle is still assembled: the error does not cascade.
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

# A label on a line of its own in a multi-line bundle.
{
  add r1, r2, r3
# CHECK: :[[@LINE+1]]:1: error: a label cannot be defined inside a bundle
inside:
  sub r4, r5, r6
}
# OUT: {{^[[:space:]]*}}addi r20, r20, 1 {{#}}
addi r20, r20, 1

# A label before the last statement of a one-line bundle.
# CHECK: :[[@LINE+1]]:20: error: a label cannot be defined inside a bundle
{ add r1, r2, r3 ; inside2: sub r4, r5, r6 }
# OUT: {{^[[:space:]]*}}addi r20, r20, 2 {{#}}
addi r20, r20, 2

# A label just before the closing brace.
{
  add r1, r2, r3
# CHECK: :[[@LINE+1]]:3: error: a label cannot be defined inside a bundle
  inside3:
}
# OUT: {{^[[:space:]]*}}{ addi r20, r20, 3 ; ld.i64 r21, 0(r22) } {{#}}
{ addi r20, r20, 3 ; ld.i64 r21, 0(r22) }
