; Inline assembly: "r" and "v" register operands, "i" immediates, "m"
; memory operands printed as off(reg) (a pointer, a stack slot, a global),
; the %a modifier, and clobbers. The text is parsed by the Accel assembler,
; so -filetype=obj checks it too.
; RUN: llc -mtriple=accel -O2 -verify-machineinstrs < %s | FileCheck %s
; RUN: llc -mtriple=accel -O2 -filetype=obj < %s -o %t.o
; RUN: accel-objdump -d %t.o | FileCheck %s --check-prefix=OBJ

@g = global i64 5

; CHECK-LABEL: regs:
; CHECK: #APP
; CHECK-NEXT: add r1, r1, r2
; CHECK-NEXT: #NO_APP
; OBJ-LABEL: <regs>:
; OBJ: add r1, r1, r2
define i64 @regs(i64 %a, i64 %b) {
  %r = call i64 asm "add $0, $1, $2", "=r,r,r"(i64 %a, i64 %b)
  ret i64 %r
}

; CHECK-LABEL: vectors:
; CHECK: vadd.f32 v1, v1, v2
define <16 x float> @vectors(<16 x float> %a, <16 x float> %b) {
  %r = call <16 x float> asm "vadd.f32 $0, $1, $2", "=v,v,v"(<16 x float> %a, <16 x float> %b)
  ret <16 x float> %r
}

; CHECK-LABEL: immediate:
; CHECK: li r1, -12345
define i64 @immediate() {
  %r = call i64 asm "li $0, $1", "=r,i"(i64 -12345)
  ret i64 %r
}

; CHECK-LABEL: memory:
; CHECK: ld.i64 {{r[0-9]+}}, 0(r1)
; CHECK: st.i64 r2, 8(r1)
define i64 @memory(ptr %p, i64 %v) {
  %r = call i64 asm "ld.i64 $0, $1", "=r,*m"(ptr elementtype(i64) %p)
  %q = getelementptr i64, ptr %p, i64 1
  call void asm sideeffect "st.i64 $1, $0", "=*m,r"(ptr elementtype(i64) %q, i64 %v)
  ret i64 %r
}

; A stack slot is addressed from the stack pointer; a global by its symbol.
; CHECK-LABEL: stack_and_global:
; CHECK: st.i64 r1, {{[0-9]+}}(r30)
; CHECK: ld.i64 r1, g(r0)
define i64 @stack_and_global(i64 %v) {
  %slot = alloca i64
  call void asm sideeffect "st.i64 $1, $0", "=*m,r"(ptr elementtype(i64) %slot, i64 %v)
  %r = call i64 asm "ld.i64 $0, $1", "=r,*m"(ptr elementtype(i64) @g)
  ret i64 %r
}

; %a prints a register operand as an address.
; CHECK-LABEL: address_modifier:
; CHECK: ld.i64 r1, 0(r1)
define i64 @address_modifier(ptr %p) {
  %r = call i64 asm "ld.i64 $0, ${1:a}", "=r,r"(ptr %p)
  ret i64 %r
}

; A clobbered callee-saved register is saved and restored around the asm.
; CHECK-LABEL: clobber:
; CHECK: st.i64 r16, {{[0-9]+}}(r30)
; CHECK: #APP
; CHECK: li r16, 1
; CHECK: #NO_APP
; CHECK: ld.i64 r16, {{[0-9]+}}(r30)
define void @clobber() {
  call void asm sideeffect "li r16, 1", "~{r16}"()
  ret void
}
