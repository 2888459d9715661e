; Memory operations compiled by llc and run: structs by value (a callee
; modifies its copy; the caller's stays intact), small copies and fills
; that are inlined and large or variable ones that call the runtime's
; memcpy/memmove/memset (overlapping both ways, unaligned), and atomics
; lowered as plain single-core accesses. Each check is against values
; computed independently in the test; the exit status names the first
; failing check.
; RUN: llc -mtriple=accel -O2 -verify-machineinstrs -filetype=obj %s -o %t.o
; RUN: %link %t.o -o %t.elf
; RUN: %expect-exit 0 %sim %t.elf
; RUN: llc -mtriple=accel -O0 -verify-machineinstrs -filetype=obj %s -o %t0.o
; RUN: %link %t0.o -o %t0.elf
; RUN: %expect-exit 0 %sim %t0.elf

%small = type { i8, i32, i64 }
%big = type { [100 x i64] }

@buf = global [64 x i8] zeroinitializer
@counter = global i64 10

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

; Sums the fields of its copy, then scribbles on the copy.
define i64 @take_small(ptr byval(%small) align 8 %s) noinline {
  %pa = getelementptr %small, ptr %s, i32 0, i32 0
  %pb = getelementptr %small, ptr %s, i32 0, i32 1
  %pc = getelementptr %small, ptr %s, i32 0, i32 2
  %a = load i8, ptr %pa
  %b = load i32, ptr %pb
  %c = load i64, ptr %pc
  %a64 = sext i8 %a to i64
  %b64 = sext i32 %b to i64
  %ab = add i64 %a64, %b64
  %abc = add i64 %ab, %c
  store i64 0, ptr %pc
  store i32 0, ptr %pb
  ret i64 %abc
}

; Sums the 100 elements of its copy (and clobbers them); more arguments
; than registers push the pointer to the copy onto the stack.
define i64 @take_big(i64 %r1, i64 %r2, i64 %r3, i64 %r4, i64 %r5, i64 %r6,
                     i64 %r7, i64 %r8, ptr byval(%big) align 8 %b) noinline {
entry:
  br label %loop
loop:
  %i = phi i64 [0, %entry], [%i1, %loop]
  %acc = phi i64 [%r8, %entry], [%acc1, %loop]
  %p = getelementptr i64, ptr %b, i64 %i
  %v = load i64, ptr %p
  %acc1 = add i64 %acc, %v
  store i64 -1, ptr %p
  %i1 = add i64 %i, 1
  %more = icmp ult i64 %i1, 100
  br i1 %more, label %loop, label %done
done:
  ret i64 %acc1
}

; Byte i of @buf == the expected byte, for i in [from, to).
define i1 @bytes_are(i64 %from, i64 %to, ptr %expected) {
entry:
  %empty = icmp uge i64 %from, %to
  br i1 %empty, label %yes, label %loop
loop:
  %i = phi i64 [%from, %entry], [%i1, %next]
  %p = getelementptr i8, ptr @buf, i64 %i
  %k = sub i64 %i, %from
  %q = getelementptr i8, ptr %expected, i64 %k
  %a = load i8, ptr %p
  %b = load i8, ptr %q
  %eq = icmp eq i8 %a, %b
  br i1 %eq, label %next, label %no
next:
  %i1 = add i64 %i, 1
  %more = icmp ult i64 %i1, %to
  br i1 %more, label %loop, label %yes
yes:
  ret i1 1
no:
  ret i1 0
}

; @buf[i] = i for all 64 bytes.
define void @iota() {
entry:
  br label %loop
loop:
  %i = phi i64 [0, %entry], [%i1, %loop]
  %p = getelementptr i8, ptr @buf, i64 %i
  %t = trunc i64 %i to i8
  store i8 %t, ptr %p
  %i1 = add i64 %i, 1
  %more = icmp ult i64 %i1, 64
  br i1 %more, label %loop, label %done
done:
  ret void
}

; A variable length keeps the copy from being inlined.
define void @move(i64 %dst, i64 %src, i64 %n) noinline {
  %d = getelementptr i8, ptr @buf, i64 %dst
  %s = getelementptr i8, ptr @buf, i64 %src
  call void @llvm.memmove.p0.p0.i64(ptr %d, ptr %s, i64 %n, i1 false)
  ret void
}

define i32 @main() {
entry:
  ; Struct by value: 5 + 1000 + 100000; the caller's copy is unchanged.
  %s = alloca %small, align 8
  %sa = getelementptr %small, ptr %s, i32 0, i32 0
  %sb = getelementptr %small, ptr %s, i32 0, i32 1
  %sc = getelementptr %small, ptr %s, i32 0, i32 2
  store i8 5, ptr %sa
  store i32 1000, ptr %sb
  store i64 100000, ptr %sc
  %sum = call i64 @take_small(ptr byval(%small) align 8 %s)
  %c_after = load i64, ptr %sc
  %b_after = load i32, ptr %sb
  %ok1a = icmp eq i64 %sum, 101005
  %ok1b = icmp eq i64 %c_after, 100000
  %ok1c = icmp eq i32 %b_after, 1000
  %ok1ab = and i1 %ok1a, %ok1b
  %ok1 = and i1 %ok1ab, %ok1c
  br i1 %ok1, label %big, label %fail1

big:
  ; 800 bytes by value: elements 0..99 sum to 4950, plus r8 = 8.
  %bg = alloca %big, align 8
  br label %fill
fill:
  %i = phi i64 [0, %big], [%i1, %fill]
  %p = getelementptr i64, ptr %bg, i64 %i
  store i64 %i, ptr %p
  %i1 = add i64 %i, 1
  %more = icmp ult i64 %i1, 100
  br i1 %more, label %fill, label %callbig
callbig:
  %bsum = call i64 @take_big(i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7,
                             i64 8, ptr byval(%big) align 8 %bg)
  %p99 = getelementptr i64, ptr %bg, i64 99
  %v99 = load i64, ptr %p99
  %ok2a = icmp eq i64 %bsum, 4958
  %ok2b = icmp eq i64 %v99, 99
  %ok2 = and i1 %ok2a, %ok2b
  br i1 %ok2, label %memset, label %fail2

memset:
  ; A large fill (runtime memset) and a small one (inline), unaligned.
  call void @llvm.memset.p0.i64(ptr @buf, i8 -85, i64 64, i1 false)
  %b3 = getelementptr i8, ptr @buf, i64 3
  call void @llvm.memset.p0.i64(ptr %b3, i8 7, i64 5, i1 false)
  %e7 = alloca [5 x i8]
  call void @llvm.memset.p0.i64(ptr %e7, i8 7, i64 5, i1 false)
  %eab = alloca [64 x i8]
  call void @llvm.memset.p0.i64(ptr %eab, i8 -85, i64 64, i1 false)
  %ok3a = call i1 @bytes_are(i64 0, i64 3, ptr %eab)
  %ok3b = call i1 @bytes_are(i64 3, i64 8, ptr %e7)
  %ok3c = call i1 @bytes_are(i64 8, i64 64, ptr %eab)
  %ok3ab = and i1 %ok3a, %ok3b
  %ok3 = and i1 %ok3ab, %ok3c
  br i1 %ok3, label %forward, label %fail3

forward:
  ; memmove(buf + 1, buf + 4, 20): bytes 1..20 become 4..23.
  call void @iota()
  call void @move(i64 1, i64 4, i64 20)
  %exp_f = alloca [64 x i8]
  br label %ef
ef:
  %j = phi i64 [0, %forward], [%j1, %ef]
  %ej = getelementptr i8, ptr %exp_f, i64 %j
  %v = add i64 %j, 4
  %vt = trunc i64 %v to i8
  store i8 %vt, ptr %ej
  %j1 = add i64 %j, 1
  %jm = icmp ult i64 %j1, 20
  br i1 %jm, label %ef, label %checkf
checkf:
  %ok4a = call i1 @bytes_are(i64 1, i64 21, ptr %exp_f)
  %b21 = getelementptr i8, ptr @buf, i64 21
  %v21 = load i8, ptr %b21
  %ok4b = icmp eq i8 %v21, 21
  %ok4 = and i1 %ok4a, %ok4b
  br i1 %ok4, label %backward, label %fail4

backward:
  ; memmove(buf + 9, buf + 2, 30): bytes 9..38 become 2..31.
  call void @iota()
  call void @move(i64 9, i64 2, i64 30)
  %exp_b = alloca [64 x i8]
  br label %eb
eb:
  %k = phi i64 [0, %backward], [%k1, %eb]
  %ek = getelementptr i8, ptr %exp_b, i64 %k
  %w = add i64 %k, 2
  %wt = trunc i64 %w to i8
  store i8 %wt, ptr %ek
  %k1 = add i64 %k, 1
  %km = icmp ult i64 %k1, 30
  br i1 %km, label %eb, label %checkb
checkb:
  %ok5a = call i1 @bytes_are(i64 9, i64 39, ptr %exp_b)
  %b8 = getelementptr i8, ptr @buf, i64 8
  %v8 = load i8, ptr %b8
  %ok5b = icmp eq i8 %v8, 8
  %ok5 = and i1 %ok5a, %ok5b
  br i1 %ok5, label %atomics, label %fail5

atomics:
  ; 10 + 5 = 15; cmpxchg 15 -> 20 succeeds, 15 -> 30 then fails; xchg.
  %old = atomicrmw add ptr @counter, i64 5 seq_cst
  %cx1 = cmpxchg ptr @counter, i64 15, i64 20 seq_cst seq_cst
  %cx2 = cmpxchg ptr @counter, i64 15, i64 30 seq_cst seq_cst
  %won1 = extractvalue { i64, i1 } %cx1, 1
  %won2 = extractvalue { i64, i1 } %cx2, 1
  %seen2 = extractvalue { i64, i1 } %cx2, 0
  %prev = atomicrmw xchg ptr @counter, i64 7 seq_cst
  fence seq_cst
  %final = load atomic i64, ptr @counter seq_cst, align 8
  %ok6a = icmp eq i64 %old, 10
  %ok6b = icmp eq i64 %seen2, 20
  %ok6c = icmp eq i64 %prev, 20
  %ok6d = icmp eq i64 %final, 7
  %lost2 = xor i1 %won2, 1
  %o1 = and i1 %ok6a, %ok6b
  %o2 = and i1 %ok6c, %ok6d
  %o3 = and i1 %won1, %lost2
  %o12 = and i1 %o1, %o2
  %ok6 = and i1 %o12, %o3
  br i1 %ok6, label %pass, label %fail6

pass:
  ret i32 0
fail1:
  ret i32 1
fail2:
  ret i32 2
fail3:
  ret i32 3
fail4:
  ret i32 4
fail5:
  ret i32 5
fail6:
  ret i32 6
}
