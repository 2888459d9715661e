; Integer arithmetic selects the matching instructions; i32 values use the
; sign-extending ".w" forms; 64-bit constants are li + lih.
; RUN: llc -mtriple=accel -O2 -verify-machineinstrs < %s | FileCheck %s

; CHECK-LABEL: add64:
; CHECK: add r1, r1, r2
; CHECK-NEXT: ret
define i64 @add64(i64 %a, i64 %b) {
  %c = add i64 %a, %b
  ret i64 %c
}

; CHECK-LABEL: add32:
; CHECK: add.w r1, r1, r2
define signext i32 @add32(i32 signext %a, i32 signext %b) {
  %c = add i32 %a, %b
  ret i32 %c
}

; CHECK-LABEL: divs:
; CHECK-DAG: div r{{[0-9]+}}, r1, r2
; CHECK-DAG: remu r{{[0-9]+}}, r1, r2
define i64 @divs(i64 %a, i64 %b) {
  %q = sdiv i64 %a, %b
  %r = urem i64 %a, %b
  %s = add i64 %q, %r
  ret i64 %s
}

; CHECK-LABEL: imm:
; CHECK: addi r1, r1, -42
define i64 @imm(i64 %a) {
  %c = add i64 %a, -42
  ret i64 %c
}

; CHECK-LABEL: big:
; CHECK: li r1, 0
; CHECK-NEXT: lih r1, r1, 0x1
define i64 @big() {
  ret i64 4294967296
}

; CHECK-LABEL: cmp:
; CHECK: slt r1, r2, r1
define i64 @cmp(i64 %a, i64 %b) {
  %c = icmp sgt i64 %a, %b
  %z = zext i1 %c to i64
  ret i64 %z
}

; CHECK-LABEL: sel:
; CHECK: sel r1, r1, r2, r3
define i64 @sel(i1 %c, i64 %a, i64 %b) {
  %r = select i1 %c, i64 %a, i64 %b
  ret i64 %r
}
