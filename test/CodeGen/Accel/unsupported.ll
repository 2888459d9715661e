; A construct the target does not support is a diagnostic naming the
; function, not a crash.
; RUN: not llc -mtriple=accel < %s -o /dev/null 2>&1 | FileCheck %s
; CHECK: error: {{.*}}in function f{{.*}}: thread-local storage is not supported

@t = thread_local global i32 0
define i32 @f() {
  %v = load i32, ptr @t
  ret i32 %v
}
