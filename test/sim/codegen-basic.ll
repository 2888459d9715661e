; LLVM IR compiled by llc at -O0 and -O2, linked and run: loops over a global
; array, a call with ten arguments (two on the stack), f32/f64 arithmetic and
; conversions, a switch through a jump table, varargs, i128 addition and
; recursion. main combines the results; the expected exit status is computed
; by hand in the comments.
; RUN: llc -mtriple=accel -O0 -verify-machineinstrs -filetype=obj %s -o %t0.o
; RUN: %link %t0.o -o %t0.elf
; RUN: %expect-exit 80 %sim %t0.elf
; RUN: llc -mtriple=accel -O2 -verify-machineinstrs -filetype=obj %s -o %t2.o
; RUN: %link %t2.o -o %t2.elf
; RUN: %expect-exit 80 %sim %t2.elf

@arr = global [5 x i32] [i32 1, i32 2, i32 3, i32 4, i32 -5]

define i32 @sum(ptr %p, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [0, %entry], [%i1, %loop]
  %s = phi i32 [0, %entry], [%s1, %loop]
  %gep = getelementptr i32, ptr %p, i32 %i
  %v = load i32, ptr %gep
  %s1 = add i32 %s, %v
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret i32 %s1
}

define i64 @many(i64 %a, i64 %b, i64 %c, i64 %d, i64 %e, i64 %f, i64 %g, i64 %h, i64 %i, i64 %j) {
  %x = sub i64 %j, %i
  %y = mul i64 %x, %a
  %z = add i64 %y, %h
  ret i64 %z
}

define float @fmix(float %a, double %b) {
  %e = fpext float %a to double
  %m = fmul double %e, %b
  %t = fptrunc double %m to float
  %r = fadd float %t, 1.5
  ret float %r
}

define i32 @sw(i32 %x) {
  switch i32 %x, label %d [ i32 0, label %a
                            i32 1, label %b
                            i32 2, label %c
                            i32 3, label %e
                            i32 4, label %f ]
a: ret i32 10
b: ret i32 11
c: ret i32 12
e: ret i32 13
f: ret i32 14
d: ret i32 99
}

define i64 @va(i32 %n, ...) {
  %ap = alloca ptr
  call void @llvm.va_start(ptr %ap)
  %a = va_arg ptr %ap, i64
  %b = va_arg ptr %ap, i64
  call void @llvm.va_end(ptr %ap)
  %s = add i64 %a, %b
  ret i64 %s
}
declare void @llvm.va_start(ptr)
declare void @llvm.va_end(ptr)

define i128 @wide(i128 %a, i128 %b) {
  %s = add i128 %a, %b
  ret i128 %s
}

define i64 @fib(i64 %n) {
  %small = icmp ult i64 %n, 2
  br i1 %small, label %base, label %rec
base:
  ret i64 %n
rec:
  %n1 = sub i64 %n, 1
  %n2 = sub i64 %n, 2
  %a = call i64 @fib(i64 %n1)
  %b = call i64 @fib(i64 %n2)
  %s = add i64 %a, %b
  ret i64 %s
}

define i32 @main() {
  %s = call i32 @sum(ptr @arr, i32 5)          ; 5
  %m = call i64 @many(i64 2, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 7, i64 3, i64 10) ; (10-3)*2+7 = 21
  %f = call float @fmix(float 2.0, double 3.0) ; 2*3+1.5 = 7.5
  %fi = fptosi float %f to i32                 ; 7
  %w = call i32 @sw(i32 3)                      ; 13
  %v = call i64 (i32, ...) @va(i32 2, i64 100, i64 23) ; 123
  %bigs = call i128 @wide(i128 18446744073709551615, i128 1) ; 2^64
  %hi = lshr i128 %bigs, 64
  %hi64 = trunc i128 %hi to i64                 ; 1
  %fb = call i64 @fib(i64 10)                   ; 55
  %m32 = trunc i64 %m to i32
  %v32 = trunc i64 %v to i32
  %h32 = trunc i64 %hi64 to i32
  %fb32 = trunc i64 %fb to i32
  %r1 = add i32 %s, %m32       ; 26
  %r2 = add i32 %r1, %fi       ; 33
  %r3 = add i32 %r2, %w        ; 46
  %r4 = add i32 %r3, %v32      ; 169
  %r5 = add i32 %r4, %h32      ; 170
  %r6 = add i32 %r5, %fb32     ; 225
  %r7 = sub i32 %r6, 145       ; 80
  ret i32 %r7
}
