; A function with a variable-sized stack object keeps a frame pointer: its
; fixed locals are addressed from r29 while r30 moves, its callee-saved
; registers are saved and restored through r30, and the caller's values in
; callee-saved registers survive. Run at -O0 and -O2; exit 0 means every
; check held.
; RUN: llc -mtriple=accel -O2 -verify-machineinstrs -filetype=obj %s -o %t.o
; RUN: %link %t.o -o %t.elf
; RUN: %expect-exit 0 %sim %t.elf
; RUN: llc -mtriple=accel -O0 -verify-machineinstrs -filetype=obj %s -o %t0.o
; RUN: %link %t0.o -o %t0.elf
; RUN: %expect-exit 0 %sim %t0.elf

; sum of i*i for i < n, via an n-element stack array and a helper call.
define i64 @squares(i64 %n) {
entry:
  %fixed = alloca i64, align 8
  store i64 1000, ptr %fixed
  %buf = alloca i64, i64 %n, align 8
  br label %fill
fill:
  %i = phi i64 [0, %entry], [%i1, %fill]
  %p = getelementptr i64, ptr %buf, i64 %i
  %sq = mul i64 %i, %i
  store i64 %sq, ptr %p
  %i1 = add i64 %i, 1
  %more = icmp ult i64 %i1, %n
  br i1 %more, label %fill, label %done
done:
  %s = call i64 @consume(ptr %buf, i64 %n)
  %f = load i64, ptr %fixed
  %r = add i64 %s, %f
  ret i64 %r
}

define i64 @consume(ptr %p, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [0, %entry], [%i1, %loop]
  %acc = phi i64 [0, %entry], [%acc1, %loop]
  %q = getelementptr i64, ptr %p, i64 %i
  %v = load i64, ptr %q
  %acc1 = add i64 %acc, %v
  %i1 = add i64 %i, 1
  %more = icmp ult i64 %i1, %n
  br i1 %more, label %loop, label %out
out:
  ret i64 %acc1
}

define i32 @main() {
  ; Values live across the calls, in callee-saved registers at -O2.
  %a = call i64 @squares(i64 10)     ; 285 + 1000
  %b = call i64 @squares(i64 100)    ; 328350 + 1000
  %c = call i64 @squares(i64 1)      ; 0 + 1000
  %ok1 = icmp eq i64 %a, 1285
  %ok2 = icmp eq i64 %b, 329350
  %ok3 = icmp eq i64 %c, 1000
  %ok12 = and i1 %ok1, %ok2
  %ok = and i1 %ok12, %ok3
  %r = select i1 %ok, i32 0, i32 1
  ret i32 %r
}
