; Vector IR compiled by llc and run: saxpy on <16 x float> (vld, vbcast,
; vmul, vadd, vst) and lane operations on <16 x i32> (constant and variable
; extract, compare and select), checked against the same arithmetic done
; with scalars. Exit status 0 means every lane matched.
; RUN: llc -mtriple=accel -O2 -verify-machineinstrs -filetype=obj %s -o %t.o
; RUN: %link %t.o -o %t.elf
; RUN: %expect-exit 0 %sim %t.elf
; RUN: llc -mtriple=accel -O0 -verify-machineinstrs -filetype=obj %s -o %t0.o
; RUN: %link %t0.o -o %t0.elf
; RUN: %expect-exit 0 %sim %t0.elf

@x = global [16 x float] [float 1.0, float 2.0, float 3.0, float 4.0, float 5.0, float 6.0, float 7.0, float 8.0, float -1.0, float -2.0, float -3.0, float -4.0, float 0.5, float 0.25, float 10.0, float 100.0]
@y = global [16 x float] [float 0.0, float 1.0, float 2.0, float 3.0, float 4.0, float 5.0, float 6.0, float 7.0, float 8.0, float 9.0, float 10.0, float 11.0, float 12.0, float 13.0, float 14.0, float 15.0]
@yref = global [16 x float] zeroinitializer
@iv = global [16 x i32] [i32 -3, i32 7, i32 -1, i32 9, i32 0, i32 -8, i32 4, i32 2, i32 5, i32 -6, i32 1, i32 3, i32 -2, i32 8, i32 -9, i32 6]

define void @saxpy(ptr %x, ptr %y, float %a) {
  %vx = load <16 x float>, ptr %x, align 4
  %vy = load <16 x float>, ptr %y, align 4
  %ins = insertelement <16 x float> undef, float %a, i64 0
  %va = shufflevector <16 x float> %ins, <16 x float> undef, <16 x i32> zeroinitializer
  %m = fmul <16 x float> %va, %vx
  %s = fadd <16 x float> %m, %vy
  store <16 x float> %s, ptr %y, align 4
  ret void
}

; relu(v)[k] + v[3] + v[k]
define i32 @lanes(<16 x i32> %v, i32 %k) {
  %a = extractelement <16 x i32> %v, i64 3
  %b = extractelement <16 x i32> %v, i32 %k
  %c = icmp sgt <16 x i32> %v, zeroinitializer
  %d = select <16 x i1> %c, <16 x i32> %v, <16 x i32> zeroinitializer
  %e = extractelement <16 x i32> %d, i32 %k
  %s = add i32 %a, %b
  %t = add i32 %s, %e
  ret i32 %t
}

define i32 @main() {
entry:
  ; Scalar reference for saxpy with a = 3.
  br label %ref
ref:
  %i = phi i64 [0, %entry], [%i1, %ref]
  %px = getelementptr float, ptr @x, i64 %i
  %py = getelementptr float, ptr @y, i64 %i
  %pr = getelementptr float, ptr @yref, i64 %i
  %xv = load float, ptr %px
  %yv = load float, ptr %py
  %mul = fmul float 3.0, %xv
  %add = fadd float %mul, %yv
  store float %add, ptr %pr
  %i1 = add i64 %i, 1
  %more = icmp ult i64 %i1, 16
  br i1 %more, label %ref, label %vec
vec:
  call void @saxpy(ptr @x, ptr @y, float 3.0)
  br label %cmp
cmp:
  %j = phi i64 [0, %vec], [%j1, %cmpnext]
  %qy = getelementptr float, ptr @y, i64 %j
  %qr = getelementptr float, ptr @yref, i64 %j
  %got = load float, ptr %qy
  %want = load float, ptr %qr
  %same = fcmp oeq float %got, %want
  br i1 %same, label %cmpnext, label %bad
cmpnext:
  %j1 = add i64 %j, 1
  %more2 = icmp ult i64 %j1, 16
  br i1 %more2, label %cmp, label %lanetest
lanetest:
  %v = load <16 x i32>, ptr @iv, align 4
  ; k = 5: v[3] = 9, v[5] = -8, relu = 0 -> 1;  k = 13: 9 + 8 + 8 = 25
  %r5 = call i32 @lanes(<16 x i32> %v, i32 5)
  %r13 = call i32 @lanes(<16 x i32> %v, i32 13)
  %ok5 = icmp eq i32 %r5, 1
  %ok13 = icmp eq i32 %r13, 25
  %ok = and i1 %ok5, %ok13
  br i1 %ok, label %good, label %bad
good:
  ret i32 0
bad:
  ret i32 1
}
