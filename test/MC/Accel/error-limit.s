# A macro that expands itself twice on an erroneous line would print 2^20
# errors (macros nest 20 deep), each with its notes, and run for hours
# (found by libFuzzer, test/fuzz/libfuzzer/run.sh). The assembler stops at
# 1000 errors, exit 1, no output file.
#
# RUN: rm -f %t.o
# RUN: %expect-exit 1 accel-as %s -o %t.o 2> %t.err
# RUN: FileCheck %s < %t.err
# RUN: grep -c "^<instantiation>:[0-9:]* error: " %t.err | FileCheck %s --check-prefix=COUNT
# RUN: not test -e %t.o
# CHECK: accel-as: error: too many errors (1000), stopping now
# COUNT: {{^}}1000{{$}}

.macro twice
  bogus
  twice
  twice
.endm
  twice
