/* kernel_dma.h - the DMA operations the kernels share: transfers and waits
   on a channel chosen at run time, and copies of strided matrices. */

#ifndef ACCEL_KERNEL_DMA_H
#define ACCEL_KERNEL_DMA_H

#include "core/kernel_machine.h"
#include <accel.h>

/* CALL(c, ...) with c the constant channel number equal to ch, a channel
   chosen at run time: the intrinsics take the channel as a constant. A
   tree of bit tests, not a switch: a switch's jump table is in DRAM, 40
   cycles a dispatch. Written for four channels (two bits). */
_Static_assert(
    KERNEL_DMA_CHANNELS == 4,
    "KERNEL_DMA_ON_CHANNEL and accel_dma_wait_all name four channels");
#define KERNEL_DMA_ON_CHANNEL(ch, CALL, ...)                                   \
  do {                                                                         \
    if ((ch)&2) {                                                              \
      if ((ch)&1)                                                              \
        CALL(3, ##__VA_ARGS__);                                                \
      else                                                                     \
        CALL(2, ##__VA_ARGS__);                                                \
    } else {                                                                   \
      if ((ch)&1)                                                              \
        CALL(1, ##__VA_ARGS__);                                                \
      else                                                                     \
        CALL(0, ##__VA_ARGS__);                                                \
    }                                                                          \
  } while (0)

/* accel_dma_2d, accel_dma_wait and accel_dma_wait_older on channel ch,
   which need not be a constant. */
static inline void accel_dma_2d_on(int ch, void *dst, const void *src,
                                   long rows, long row_bytes, long dst_stride,
                                   long src_stride) {
  KERNEL_DMA_ON_CHANNEL(ch, accel_dma_2d, dst, src, rows, row_bytes, dst_stride,
                        src_stride);
}

/* accel_dma_2d_on, with rows that follow each other on both sides as one
   row: each row of a transfer is a request of its own and touches whole
   DRAM bursts, so rows not a burst's multiple, or not aligned to one,
   would pay a burst more each (a contiguous vector moved as a column of
   single floats, a burst a float). */
static inline void accel_dma_rows_on(int ch, void *dst, const void *src,
                                     long rows, long row_bytes, long dst_stride,
                                     long src_stride) {
  if (dst_stride == row_bytes && src_stride == row_bytes)
    row_bytes *= rows, rows = 1;
  accel_dma_2d_on(ch, dst, src, rows, row_bytes, dst_stride, src_stride);
}

static inline void accel_dma_wait_on(int ch) {
  KERNEL_DMA_ON_CHANNEL(ch, accel_dma_wait);
}

static inline void accel_dma_wait_older_on(int ch) {
  KERNEL_DMA_ON_CHANNEL(ch, accel_dma_wait_older);
}

static inline void accel_dma_wait_all(void) {
  accel_dma_wait(0);
  accel_dma_wait(1);
  accel_dma_wait(2);
  accel_dma_wait(3);
}

/* dma.wait.older on every channel: all but each channel's newest transfer
   have ended (a pipeline's next part still coming on all four). */
static inline void accel_dma_wait_older_all(void) {
  accel_dma_wait_older(0);
  accel_dma_wait_older(1);
  accel_dma_wait_older(2);
  accel_dma_wait_older(3);
}

/* Bytes from src to dst on the channels from *ch on (advanced past the
   last used), in parts of whole DRAM bursts, at least min_part bytes
   each, over up to all four: below min_part a second channel's start-up
   costs more than it saves. Not waited for. Inline, so that a constant
   min_part divides by a shift. */
static inline void accel_dma_split(int *ch, void *dst, const void *src,
                                   long bytes, long min_part) {
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

/* n bytes from src to dst, a quarter on each channel, waited for. Out of
   line: the callers' loops keep their registers. */
void accel_copy_bytes_split(void *dst, const void *src, long n);

/* Copies a rows x cols matrix between DRAM and the scratchpad (or within
   either) on channel ch; each side has its own row and column strides (rs,
   cs, in floats). Rows contiguous on both sides go as one 2-D transfer
   (one row if the rows follow each other: accel_dma_rows_on);
   otherwise one transfer per row or per column, whichever is fewer, each
   moving single floats with the strides of its side: so a transposed or
   strided view arrives gathered into a dense layout. */
void accel_copy_matrix(int ch, float *dst, long dst_rs, long dst_cs,
                       const float *src, long src_rs, long src_cs, long rows,
                       long cols);

#endif
