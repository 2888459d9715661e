/* kernel_dma.c - copies of strided matrices by DMA (kernel_dma.h). */
#include "core/kernel_dma.h"

void accel_copy_matrix(int ch, float *dst, long dst_rs, long dst_cs,
                       const float *src, long src_rs, long src_cs, long rows,
                       long cols) {
  if (rows == 0 || cols == 0)
    return;
  if (cols == 1 || (dst_cs == 1 && src_cs == 1)) {
    accel_dma_rows_on(ch, dst, src, rows, cols * 4, dst_rs * 4, src_rs * 4);
  } else if (rows <= cols) {
    for (long i = 0; i < rows; ++i)
      accel_dma_2d_on(ch, dst + i * dst_rs, src + i * src_rs, cols, 4,
                      dst_cs * 4, src_cs * 4);
  } else {
    for (long j = 0; j < cols; ++j)
      accel_dma_2d_on(ch, dst + j * dst_cs, src + j * src_cs, rows, 4,
                      dst_rs * 4, src_rs * 4);
  }
}

void accel_copy_bytes_split(void *dst, const void *src, long n) {
  int ch = 0;
  accel_dma_split(&ch, dst, src, n, KERNEL_BURST_BYTES);
  accel_dma_wait_all();
}
