/* dma_stream.h - a sequence of equally spaced 2-D DMA transfers, issued a
   few at a time from inside a kernel's compute loop (pooling.c,
   reduce.c), and a pacer that issues them beside stream-engine work.

   A start on a busy channel stalls the issue, so a tile's many small
   transfers (one per plane when the DMA engine interleaves planes into the
   vector lanes) are not issued at once: the compute loop calls
   dma_stream_pace between its steps, and the transfers run under the
   work. */

#ifndef ACCEL_DMA_STREAM_H
#define ACCEL_DMA_STREAM_H

#include "core/kernel_dma.h"

/* outer x inner transfers, transfer (i, j) from src + i * src_outer +
   j * src_inner to dst + i * dst_outer + j * dst_inner (bytes), each
   rows x row_bytes with the given row strides. With group > 0 the outer
   index goes in groups: i * X_outer becomes (i / group) * X_group +
   (i % group) * X_outer (planes in groups of 16 lanes). */
typedef struct {
  char *dst;
  const char *src;
  long outer, inner;
  long dst_outer, src_outer, dst_inner, src_inner;
  long rows, row_bytes, dst_stride, src_stride;
  long next; /* transfers issued */
  long group, dst_group, src_group;
  /* The next transfer's inner index, outer index within its group, and
     byte offsets (kept as the transfers go: no division per transfer). */
  long j, m, at_dst, at_src;
} dma_stream;

static inline long dma_stream_left(const dma_stream *s) {
  return s->outer * s->inner - s->next;
}

/* Issues up to n more of s's transfers, on channels *channel, *channel + 1,
   ... (mod 4). */
void dma_stream_issue(dma_stream *s, long n, int *channel);

/* Waits for every transfer issued so far, but first starts the next
   transfers of q[0], q[1], ... (q of nq streams), up to one on each
   channel, and leaves those running: the DMA engine keeps working across
   a tile boundary (dma.wait.older on the channels that took one). */
void dma_wait_with_head_start(dma_stream *q, int nq, int *channel);

/* Issues s's share of what is left over steps_left more steps (at least
   one transfer while any is left). */
static inline void dma_stream_pace(dma_stream *s, long steps_left,
                                   int *channel) {
  long left = dma_stream_left(s);
  if (left > 0)
    dma_stream_issue(
        s, steps_left > 1 ? (left + steps_left - 1) / steps_left : left,
        channel);
}

/* Transfers issued in step with stream-engine work (pooling.c): before
   an operation of n of the `total` elements the engine takes, each
   stream's transfers up to the same fraction of those it had left at the
   start, and PacerLead more: as many as the channels' queues take beside
   one transfer each already running (a head start across a tile
   boundary), so that the channels stay busy while the engine works. */
enum {
  PacerLead = KERNEL_DMA_CHANNELS * (KERNEL_DMA_QUEUE_DEPTH - 1),
};
typedef struct {
  dma_stream *q;
  int nq; /* at most 2 */
  int *channel;
  long total, done; /* elements */
  long left[2];
} dma_pacer;

dma_pacer dma_pacer_start(dma_stream *q, int nq, int *channel, long total);
void dma_pacer_step(dma_pacer *pc, long elements);

#endif
