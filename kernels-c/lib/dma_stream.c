/* dma_stream.c - equally spaced transfers issued a few at a time
   (dma_stream.h). */
#include "dma_stream.h"

void dma_stream_issue(dma_stream *s, long n, int *channel) {
  long total = s->outer * s->inner;
  for (; n > 0 && s->next < total; --n, ++s->next) {
    long i = s->next / s->inner, j = s->next % s->inner;
    long d = i * s->dst_outer, o = i * s->src_outer;
    if (s->group) {
      long q = i / s->group, m = i % s->group;
      d = q * s->dst_group + m * s->dst_outer;
      o = q * s->src_group + m * s->src_outer;
    }
    accel_dma_2d_on(*channel & 3, s->dst + d + j * s->dst_inner,
                    s->src + o + j * s->src_inner, s->rows,
                    s->row_bytes, s->dst_stride, s->src_stride);
    ++*channel;
  }
}
