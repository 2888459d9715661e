/* kernel_dma.c - copies of strided matrices by DMA (kernel_dma.h). */
#include "kernel_dma.h"

/* Whether element (i, j) of a rows x cols matrix with strides rs, cs is
   element i * cols + j of one run. */
static inline int one_run(long rs, long cs, long rows, long cols) {
  return (cols == 1 || cs == 1) && (rows == 1 || rs == cols);
}

void accel_copy_matrix(int ch, float *dst, long dst_rs, long dst_cs,
                       const float *src, long src_rs, long src_cs, long rows,
                       long cols) {
  if (rows == 0 || cols == 0)
    return;
  if (one_run(dst_rs, dst_cs, rows, cols) &&
      one_run(src_rs, src_cs, rows, cols)) {
    /* One row: each row of a transfer is a request of its own, which
       touches whole DRAM bursts (a column of single floats, a burst a
       float). */
    accel_dma_2d_on(ch, dst, src, 1, rows * cols * 4, 0, 0);
  } else if (cols == 1 || (dst_cs == 1 && src_cs == 1)) {
    accel_dma_2d_on(ch, dst, src, rows, cols * 4, dst_rs * 4, src_rs * 4);
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
