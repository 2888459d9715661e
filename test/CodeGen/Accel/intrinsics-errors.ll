; Misused intrinsics are diagnostics naming the function and the problem,
; not crashes: a channel or tile that is not a constant in range, and a
; declaration with the wrong signature. @CHANNELS@ and @TILES@ stand for the
; machine's counts (isa/AccelMachine.td), the first numbers out of range.
; RUN: sed -e 's/@CHANNELS@/%dma_channels/' -e 's/@TILES@/%acc_tiles/' %s \
; RUN:   | not llc -mtriple=accel -o /dev/null 2>&1 \
; RUN:   | FileCheck %s -DLAST_CHANNEL=%last_channel -DLAST_TILE=%last_tile

declare void @__accel_dma_wait(i32)
declare void @__accel_dma_1d(i32, ptr, ptr, i64)
declare void @__accel_mzero(i32)
declare float @__accel_vexp(float)

; CHECK: error: {{.*}}in function variable_channel{{.*}}: __accel_dma_wait: the channel must be a constant from 0 to [[LAST_CHANNEL]]
define void @variable_channel(i32 %ch) {
  call void @__accel_dma_wait(i32 %ch)
  ret void
}

; CHECK: error: {{.*}}in function channel_out_of_range{{.*}}: __accel_dma_1d: the channel must be a constant from 0 to [[LAST_CHANNEL]]
define void @channel_out_of_range(ptr %d, ptr %s) {
  call void @__accel_dma_1d(i32 @CHANNELS@, ptr %d, ptr %s, i64 64)
  ret void
}

; CHECK: error: {{.*}}in function tile_out_of_range{{.*}}: __accel_mzero: the tile must be a constant from 0 to [[LAST_TILE]]
define void @tile_out_of_range() {
  call void @__accel_mzero(i32 @TILES@)
  ret void
}

; CHECK: error: {{.*}}in function wrong_signature{{.*}}: __accel_vexp: declared with the wrong signature
define float @wrong_signature(float %x) {
  %r = call float @__accel_vexp(float %x)
  ret float %r
}
