# A section larger than Accel's largest memory (DRAM, 256 MiB) can never be
# linked. The assembler says so at the directive that asks for the bytes,
# before it expands or writes them (a mistyped '.zero' count would otherwise
# fill the host's memory or disk). Exit status 1 and no object file left.
#
# RUN: rm -f %t.o
# RUN: not accel-as %s -o %t.o 2>&1 \
# RUN:   | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
# RUN: not test -e %t.o
#
# Exactly 256 MiB is allowed (in .bss, so the test writes no large file).
# RUN: printf '.bss\n.zero 0x10000000\n' > %t.fits.s
# RUN: accel-as %t.fits.s -o %t.fits.o
# RUN: llvm-readelf -S %t.fits.o | FileCheck %s --check-prefix=FITS
# FITS: .bss NOBITS {{[0-9a-f]+}} {{[0-9a-f]+}} 10000000
#
# The same check covers inline assembly in C.
# RUN: printf 'asm(".data\\n.zero 99999999999");\n' > %t.c
# RUN: not clang --target=accel -c %t.c -o %t.c.o 2>&1 | FileCheck %s --check-prefix=C
# RUN: not test -e %t.c.o
# C: <inline asm>:2:7: error: the directive emits 99999999999 bytes, more than the 256 MiB of Accel's largest memory (DRAM)

# One directive too large: reported as it is parsed.
        .section .spm.data,"aw"
# CHECK: :[[@LINE+1]]:15: error: '.fill' emits 536870912 bytes, more than the 256 MiB of Accel's largest memory (DRAM)
        .fill 0x8000000, 4, 0xffffffff
        .fill 16, 4, 1

        .text
        nop
# CHECK: :[[@LINE+1]]:15: error: the directive emits 99999999999 bytes
        .zero 99999999999

        .bss
# CHECK: :[[@LINE+1]]:15: error: the directive emits 268435457 bytes
        .zero 0x10000001

        .section .rodata,"a"
        .long 1
# CHECK: :[[@LINE+1]]:14: error: '.org' grows the section to 268435457 bytes
        .org 0x10000001

# Each fill fits; their sum does not. Reported at the end of the input, at
# the fill (inside the '.rept' expansion) that took the section past.
        .data
        .rept 3
        .space 0x6000000
        .endr
# CHECK: <instantiation>:3:16: error: section '.data' grows to at least 301989888 bytes, more than the 256 MiB
