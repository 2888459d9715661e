/* dma_stream.c - equally spaced transfers issued a few at a time
   (dma_stream.h). */
#include "core/dma_stream.h"

void dma_stream_issue(dma_stream *s, long n, int *channel) {
  /* Locals, not s's fields: a DMA start may write any memory as far as the
     compiler knows, so the fields would be reloaded every transfer. */
  long next = s->next, j = s->j, m = s->m;
  long at_dst = s->at_dst, at_src = s->at_src;
  long total = s->outer * s->inner, inner = s->inner;
  char *dst = s->dst;
  const char *src = s->src;
  long rows = s->rows, row_bytes = s->row_bytes;
  long dst_stride = s->dst_stride, src_stride = s->src_stride;
  long dst_inner = s->dst_inner, src_inner = s->src_inner;
  int ch = *channel;
  for (; n > 0 && next < total; --n, ++next) {
    accel_dma_2d_on(KERNEL_CHANNEL(ch++), dst + at_dst, src + at_src, rows,
                    row_bytes, dst_stride, src_stride);
    at_dst += dst_inner, at_src += src_inner;
    if (++j < inner)
      continue;
    /* The next outer index: the next in its group, or the next group's
       first. */
    j = 0;
    at_dst += s->dst_outer - inner * dst_inner;
    at_src += s->src_outer - inner * src_inner;
    if (s->group && ++m == s->group) {
      m = 0;
      at_dst += s->dst_group - s->group * s->dst_outer;
      at_src += s->src_group - s->group * s->src_outer;
    }
  }
  s->next = next, s->j = j, s->m = m;
  s->at_dst = at_dst, s->at_src = at_src;
  *channel = ch;
}

void dma_wait_with_head_start(dma_stream *q, int nq, int *channel) {
  int first = *channel;
  long started = 0;
  for (int i = 0; i < nq && started < KERNEL_DMA_CHANNELS; ++i) {
    long n = dma_stream_left(&q[i]);
    if (n > KERNEL_DMA_CHANNELS - started)
      n = KERNEL_DMA_CHANNELS - started;
    dma_stream_issue(&q[i], n, channel);
    started += n;
  }
  /* The started transfers went to channels first, first + 1, ... */
  for (int k = 0; k < KERNEL_DMA_CHANNELS; ++k) {
    int ch = KERNEL_CHANNEL(first + k);
    if (k < started)
      accel_dma_wait_older_on(ch);
    else
      accel_dma_wait_on(ch);
  }
}

dma_pacer dma_pacer_start(dma_stream *q, int nq, int *channel, long total) {
  dma_pacer pc = {.q = q, .nq = nq, .channel = channel, .total = total};
  for (int i = 0; i < nq; ++i)
    pc.left[i] = dma_stream_left(&q[i]);
  return pc;
}

void dma_pacer_step(dma_pacer *pc, long elements) {
  pc->done = pc->done + elements < pc->total ? pc->done + elements : pc->total;
  for (int i = 0; i < pc->nq; ++i) {
    long left = dma_stream_left(&pc->q[i]);
    if (left == 0)
      continue;
    long share =
        (pc->left[i] * pc->done + pc->total - 1) / pc->total + PacerLead;
    long due = share - (pc->left[i] - left);
    if (due > 0)
      dma_stream_issue(&pc->q[i], due, pc->channel);
  }
}
