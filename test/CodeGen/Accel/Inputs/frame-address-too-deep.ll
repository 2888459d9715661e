; Levels past clang's limit (frame-return-address.ll).
declare ptr @llvm.frameaddress.p0(i32)
declare ptr @llvm.returnaddress(i32)
define ptr @up() {
  %f = call ptr @llvm.frameaddress.p0(i32 65536)
  ret ptr %f
}
define ptr @back() {
  %r = call ptr @llvm.returnaddress(i32 -1)
  ret ptr %r
}
