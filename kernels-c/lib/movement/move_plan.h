/* move_plan.h - the data-movement kernels' one engine (docs/kernels.md,
   "Data movement"): a copy between two strided views of one shape, as
   2-D DMA transfers spread over the four channels.

   Every data-movement kernel is one or more such copies: a transpose
   copies x into y through permuted strides, a concat each input into its
   part of y, a gather one slab per index. A plan is made once per shape
   and run per pair of base addresses (a gather runs one plan per index). */

#ifndef ACCEL_MOVE_PLAN_H
#define ACCEL_MOVE_PLAN_H

#include "core/kernel_args.h"
#include <accel_kernels.h>

/* How the source is read. */
typedef enum {
  MOVE_SRC_VIEW = 0,
  /* Every element is the same value, at the start of a buffer of
     MOVE_FILL_FLOATS copies of it in the scratchpad (a constant pad):
     rows of the destination are read from the buffer's start. */
  MOVE_SRC_FILL = 1,
} move_src_kind;

enum { MOVE_FILL_FLOATS = 4096 };

typedef struct {
  int empty;
  move_src_kind src_kind;
  /* Element offsets added to both bases: a dimension whose destination
     stride was negative is walked from its far end. */
  long dst_offset, src_offset;
  /* The transfer (bytes): rows of row_bytes, split into pieces of at most
     group_rows rows of piece_bytes. */
  long rows, row_bytes, dst_row_stride, src_row_stride;
  long group_rows, piece_bytes;
  /* The dimensions walked by the processor around the transfers, outer
     first: counts and byte steps. */
  int loops;
  long count[ACCEL_MAX_RANK];
  long dst_step[ACCEL_MAX_RANK], src_step[ACCEL_MAX_RANK];
} move_plan;

/* One dimension of a copy: count, source and destination strides
   (elements). */
typedef struct {
  long n, s, t;
} move_dim;

/* The dimensions of dst[i] = src[i] over dims, as the copies walk them:
   those of size 1 dropped, each walked so that its destination stride is
   positive (the element offsets of the first pair in dst_offset and
   src_offset), ordered by decreasing destination stride and merged where
   they continue each other on both sides; m of them in d, -1 if the copy
   is empty. */
typedef struct {
  int m;
  move_dim d[ACCEL_MAX_RANK];
  long dst_offset, src_offset;
} move_dims;

void move_dims_normalize(move_dims *n, int rank, const long *dims,
                         const long *dst_strides, const long *src_strides);

/* The plan of dst[i] = src[i] over dims (rank up to ACCEL_MAX_RANK), with
   strides in elements: the destination's distinct and reaching only DRAM
   (a checked output), the source's of any sign (a reversed slice or a
   reflection), zero for MOVE_SRC_FILL. */
void move_plan_make(move_plan *p, int rank, const long *dims,
                    const long *dst_strides, const long *src_strides,
                    move_src_kind src_kind);

/* The same from the normalized dimensions. */
void move_plan_of(move_plan *p, const move_dims *n, move_src_kind src_kind);

/* The plan of `rows` contiguous runs of row_floats elements on both
   sides, dst_pitch and src_pitch elements apart (not negative; rows and
   row_floats at least 1), as move_plan_make gives it, without its
   general normalizing (a concatenation's slab). */
void move_plan_rows(move_plan *p, long rows, long row_floats, long dst_pitch,
                    long src_pitch);

/* Starts the plan's transfers from src to dst, on channels *channel,
 *channel + 1, ... (mod 4), advancing *channel; waits for nothing. */
void move_plan_run(const move_plan *p, float *dst, const float *src,
                   int *channel);

/* Whether each of the plan's transfers goes as one piece. */
static inline int move_plan_is_one_piece(const move_plan *p) {
  return p->rows <= p->group_rows && p->row_bytes == p->piece_bytes;
}

/* Whether the plan runs as one transfer (no loops, one piece). */
static inline int move_plan_is_one_transfer(const move_plan *p) {
  return !p->empty && p->loops == 0 && move_plan_is_one_piece(p);
}

/* How many per-axis entries (a perm, starts, widths) to read for x: its
   rank if valid, else none, the checks reporting the rank. */
static inline int move_arg_rank(const accel_tensor *x) {
  return x && x->rank >= 0 && x->rank <= ACCEL_MAX_RANK ? x->rank : 0;
}

/* The checks a copy of x into y of x's rank begins with: both tensors
   valid (y written), of rank 0 to ACCEL_MAX_RANK, and of one rank. */
static inline accel_status move_check_same_rank(const char *kernel,
                                                const accel_tensor *x,
                                                const accel_tensor *y) {
  accel_status s;
  if ((s = accel_check_tensor(kernel, "x", x, 0, ACCEL_MAX_RANK, 0)) ||
      (s = accel_check_tensor(kernel, "y", y, 0, ACCEL_MAX_RANK, 1)))
    return s;
  if (y->rank != x->rank)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "y",
                              "rank %d, expected x's %d", y->rank, x->rank);
  return ACCEL_OK;
}

/* The scratchpad paths' transfers go in halves on a pair of channels, a
   half a channel, each channel then holding at most one transfer beyond
   the ones a wait is for: the channels a split transfer went to. */
typedef struct {
  int first, second;
} move_halves;

/* Waits for every transfer of channels ch0 and ch1 but the newest on
   each one that `newer` (a move_halves) went to. */
#define MOVE_WAIT_BUT(ch0, ch1, newer)                                         \
  do {                                                                         \
    if ((newer).first)                                                         \
      accel_dma_wait_older(ch0);                                               \
    else                                                                       \
      accel_dma_wait(ch0);                                                     \
    if ((newer).second)                                                        \
      accel_dma_wait_older(ch1);                                               \
    else                                                                       \
      accel_dma_wait(ch1);                                                     \
  } while (0)

/* move_plan_make and move_plan_run in one; a copy that transposes, or
   that steps along the destination's contiguous dimension by a few
   elements, goes through the scratchpad instead (move_transpose.h,
   move_rows.h), waiting for every channel before and after it. */
void move_copy(int rank, const long *dims, float *dst, const long *dst_strides,
               const float *src, const long *src_strides, int *channel);

#endif
