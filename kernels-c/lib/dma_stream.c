/* dma_stream.c - equally spaced transfers issued a few at a time
   (dma_stream.h). */
#include "dma_stream.h"

void dma_stream_issue(dma_stream *s, long n, int *channel) {
  long total = s->outer * s->inner;
  for (; n > 0 && s->next < total; --n, ++s->next) {
    long i = s->next / s->inner, j = s->next % s->inner;
    accel_dma_2d_on(*channel & 3,
                    s->dst + i * s->dst_outer + j * s->dst_inner,
                    s->src + i * s->src_outer + j * s->src_inner, s->rows,
                    s->row_bytes, s->dst_stride, s->src_stride);
    ++*channel;
  }
}
