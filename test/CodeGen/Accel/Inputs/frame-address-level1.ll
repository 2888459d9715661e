define ptr @up() {
  %f = call ptr @llvm.frameaddress.p0(i32 1)
  ret ptr %f
}
declare ptr @llvm.frameaddress.p0(i32)
