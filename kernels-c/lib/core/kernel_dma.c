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

void accel_dma_split(int *ch, void *dst, const void *src, long bytes,
                     long min_part) {
  long parts = bytes / min_part;
  parts = parts < 1                     ? 1
          : parts > KERNEL_DMA_CHANNELS ? KERNEL_DMA_CHANNELS
                                        : parts;
  long piece = bytes / parts / KERNEL_BURST_BYTES * KERNEL_BURST_BYTES;
  for (long p = 0; p < parts; ++p) {
    long from = p * piece, count = p == parts - 1 ? bytes - from : piece;
    accel_dma_2d_on(*ch, (char *)dst + from, (const char *)src + from, 1, count,
                    count, count);
    *ch = (*ch + 1) % KERNEL_DMA_CHANNELS;
  }
}

void accel_copy_bytes_split(void *dst, const void *src, long n) {
  int ch = 0;
  accel_dma_split(&ch, dst, src, n, KERNEL_BURST_BYTES);
  accel_dma_wait_all();
}
