# Errors reported on a bundle's own braces must not leave the bundle open.
# Each case below is followed by valid instructions, which must assemble on
# their own with no further error: no "bundle is not closed with '}'" at the
# end of the file, no "bundles cannot nest" for a later '{', and the later
# instructions are emitted, not swallowed into the broken bundle. (Errors inside
# the instructions of a bundle are covered by invalid-bundles.s.)
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

# An empty one-line bundle.
# CHECK: :[[@LINE+1]]:3: error: empty bundle
{ }
# OUT: {{^[[:space:]]*}}addi r20, r20, 1 {{#}}
addi r20, r20, 1
# OUT: {{^[[:space:]]*}}{ addi r20, r20, 2 ; ld.i64 r21, 0(r22) } {{#}}
{ addi r20, r20, 2 ; ld.i64 r21, 0(r22) }

# No instruction after '{'.
# CHECK: :[[@LINE+1]]:3: error: expected an instruction after '{'
{ 5 }
# OUT: {{^[[:space:]]*}}addi r20, r20, 3 {{#}}
addi r20, r20, 3
# OUT: {{^[[:space:]]*}}{ addi r20, r20, 4 ; ld.i64 r21, 0(r22) } {{#}}
{ addi r20, r20, 4 ; ld.i64 r21, 0(r22) }

# A nested '{': the '}' at the end of the statement still closes the bundle.
# CHECK: :[[@LINE+1]]:20: error: bundles cannot nest: '{' inside a bundle
{ add r1, r2, r3 ; { sub r4, r5, r6 }
# OUT: {{^[[:space:]]*}}addi r20, r20, 5 {{#}}
addi r20, r20, 5
# OUT: {{^[[:space:]]*}}{ addi r20, r20, 6 ; ld.i64 r21, 0(r22) } {{#}}
{ addi r20, r20, 6 ; ld.i64 r21, 0(r22) }

# Junk after a '}' that closes a multi-line bundle.
{
  add r1, r2, r3
  sub r4, r5, r6
# CHECK: :[[@LINE+1]]:3: error: unexpected token after '}'
} junk
# OUT: {{^[[:space:]]*}}addi r20, r20, 7 {{#}}
addi r20, r20, 7
# OUT: {{^[[:space:]]*}}{ addi r20, r20, 8 ; ld.i64 r21, 0(r22) } {{#}}
{ addi r20, r20, 8 ; ld.i64 r21, 0(r22) }

# The same after a one-line opening statement.
# CHECK: :[[@LINE+2]]:3: error: unexpected token after '}'
{ add r1, r2, r3 ; sub r4, r5, r6
} junk
# OUT: {{^[[:space:]]*}}addi r20, r20, 9 {{#}}
addi r20, r20, 9
# OUT: {{^[[:space:]]*}}{ addi r20, r20, 10 ; ld.i64 r21, 0(r22) } {{#}}
{ addi r20, r20, 10 ; ld.i64 r21, 0(r22) }
