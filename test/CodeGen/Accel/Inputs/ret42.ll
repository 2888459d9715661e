define i32 @ret42() {
  ret i32 42
}
