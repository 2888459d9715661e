# A bundle still open at the end of the file: the error points at its '{'.
# Everything after the '{' belongs to the unterminated bundle, so nothing else
# is reported, and no object file is left.
#
# RUN: rm -f %t.o
# RUN: not accel-as %s -o %t.o 2>&1 \
# RUN:   | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
# RUN: not test -e %t.o

{ add r1, r2, r3 ; ld.i64 r4, 0(r5) }

# CHECK: :[[@LINE+1]]:3: error: bundle is not closed with '}'
  { add r1, r2, r3 ; sub r4, r5, r6
  ld.i64 r7, 0(r8)
