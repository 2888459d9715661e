; IR that has no lowering on Accel is a diagnostic naming the function, and
; the rest of the module is still compiled: scalable vectors, GC
; statepoints, stack maps, __builtin_eh_return (which LLVM would drop
; silently) and SjLj exception handling (which would crash the selector).
; RUN: not llc -mtriple=accel < %s -o - 2>%t.err | FileCheck %s --check-prefix=ASM
; RUN: FileCheck %s < %t.err

; CHECK-DAG: error: {{.*}}in function scalable{{.*}}: scalable vectors are not supported
; CHECK-DAG: error: {{.*}}in function scalable_arg{{.*}}: scalable vectors are not supported
; CHECK-DAG: error: {{.*}}in function statepoint{{.*}}: garbage collection statepoints are not supported
; CHECK-DAG: error: {{.*}}in function stackmap{{.*}}: stack maps and patch points are not supported
; CHECK-DAG: error: {{.*}}in function eh_return{{.*}}: __builtin_eh_return is not supported
; CHECK-DAG: error: {{.*}}in function sjlj_dispatch{{.*}}: SjLj exception handling is not supported
; CHECK-DAG: error: {{.*}}in function sjlj_context{{.*}}: SjLj exception handling is not supported
; ASM: fine:
; ASM: li r1, 42

define void @scalable(ptr %p) {
  %v = load <vscale x 4 x i32>, ptr %p
  store <vscale x 4 x i32> %v, ptr %p
  ret void
}

define <vscale x 2 x i64> @scalable_arg(<vscale x 2 x i64> %v) {
  ret <vscale x 2 x i64> %v
}

declare i1 @return_i1()
declare token @llvm.experimental.gc.statepoint.p0(i64, i32, ptr, i32, i32, ...)
define void @statepoint() gc "statepoint-example" {
  %t = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 0, i32 0, ptr elementtype(i1 ()) @return_i1, i32 0, i32 0, i32 0, i32 0)
  ret void
}

declare void @llvm.experimental.stackmap(i64, i32, ...)
define void @stackmap() {
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 1, i32 0)
  ret void
}

declare void @llvm.eh.return.i64(i64, ptr)
define void @eh_return(i64 %off, ptr %handler) {
  call void @llvm.eh.return.i64(i64 %off, ptr %handler)
  unreachable
}

declare void @llvm.eh.sjlj.setup.dispatch()
define void @sjlj_dispatch() {
  call void @llvm.eh.sjlj.setup.dispatch()
  ret void
}

declare void @llvm.eh.sjlj.functioncontext(ptr)
declare void @llvm.eh.sjlj.callsite(i32)
define void @sjlj_context(ptr %context) {
  call void @llvm.eh.sjlj.functioncontext(ptr %context)
  call void @llvm.eh.sjlj.callsite(i32 1)
  ret void
}

define i64 @fine() {
  ret i64 42
}
