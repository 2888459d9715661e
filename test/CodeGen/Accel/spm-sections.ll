; Zero-initialized variables in the scratchpad's .spm.bss (accel.h's
; ACCEL_SPM) are SHT_NOBITS, like .bss: stored nowhere, cleared by crt0.
; LLVM would make any variable with an explicit section PROGBITS, so each
; buffer would be kept as zeros in the object and the program. Variables
; with contents, or constant ones, keep PROGBITS.
; RUN: llc -mtriple=accel -O2 < %s | FileCheck %s --check-prefix=ASM
; RUN: llc -mtriple=accel -O2 -filetype=obj < %s -o %t.o
; RUN: llvm-readelf-19 -S %t.o | FileCheck %s --check-prefix=OBJ
; ASM: .section .spm.bss,"aw",@nobits
; ASM: .section .spm.bss.tiles,"aw",@nobits
; ASM: .section .spm.data,"aw",@progbits
; ASM: .section .spm.bss.const,"a",@progbits
; OBJ: .spm.bss NOBITS
; OBJ: .spm.bss.tiles NOBITS
; OBJ: .spm.data PROGBITS
; OBJ: .spm.bss.const PROGBITS

@buf = global [256 x float] zeroinitializer, section ".spm.bss", align 64
@tiles = global [1024 x float] zeroinitializer, section ".spm.bss.tiles", align 64
@coeffs = global [4 x float] [float 1.0, float 2.0, float 3.0, float 4.0], section ".spm.data", align 64
@zeros = constant [4 x float] zeroinitializer, section ".spm.bss.const", align 64

define ptr @use() {
  %a = load float, ptr @coeffs
  %b = load float, ptr @zeros
  store float %a, ptr @buf
  store float %b, ptr @tiles
  ret ptr @buf
}
