/* move_plan.c - strided copies as 2-D DMA transfers (move_plan.h). */

#include "movement/move_plan.h"
#include "core/kernel_dma.h"
#include "core/spm_arena.h"
#include "movement/move_transpose.h"

/* Transfers of up to 64 KiB: the 64-cycle start-up is then 3 % of the
   2048 cycles of data, and a large contiguous copy still spreads over the
   four channels. */
enum { PIECE_BYTES = 64 * 1024 };

/* DMA strides and sizes are 32-bit fields; every view inside DRAM or the
   scratchpad fits them. */
_Static_assert(__ACCEL_DRAM_SIZE__ <= 0xffffffffL, "DMA fields are 32-bit");

void move_dims_normalize(move_dims *out, int rank, const long *dims,
                         const long *dst_strides, const long *src_strides) {
  move_dim *d = out->d;
  long *dst_offset = &out->dst_offset, *src_offset = &out->src_offset;
  int n = 0;
  *dst_offset = *src_offset = 0;
  out->m = -1;
  for (int i = 0; i < rank; ++i) {
    if (dims[i] == 0)
      return;
    if (dims[i] == 1)
      continue;
    move_dim x = {dims[i], src_strides[i], dst_strides[i]};
    /* The pairs copied do not depend on the order a dimension is walked
       in: walk it so that the destination's stride is positive. */
    if (x.t < 0) {
      *dst_offset += (x.n - 1) * x.t;
      *src_offset += (x.n - 1) * x.s;
      x.t = -x.t, x.s = -x.s;
    }
    /* By decreasing destination stride: the innermost last. */
    int j = n++;
    for (; j > 0 && d[j - 1].t < x.t; --j)
      d[j] = d[j - 1];
    d[j] = x;
  }
  /* Dimensions that continue each other on both sides become one. */
  int m = 0;
  for (int i = 0; i < n; ++i) {
    if (m && d[m - 1].t == d[i].t * d[i].n && d[m - 1].s == d[i].s * d[i].n) {
      d[m - 1].n *= d[i].n;
      d[m - 1].s = d[i].s, d[m - 1].t = d[i].t;
      continue;
    }
    d[m++] = d[i];
  }
  out->m = m;
}

void move_plan_make(move_plan *p, int rank, const long *dims,
                    const long *dst_strides, const long *src_strides,
                    move_src_kind src_kind) {
  move_dims n;
  move_dims_normalize(&n, rank, dims, dst_strides, src_strides);
  move_plan_of(p, &n, src_kind);
}

void move_plan_of(move_plan *p, const move_dims *n, move_src_kind src_kind) {
  const move_dim *d = n->d;
  int m = n->m;
  p->src_kind = src_kind;
  p->dst_offset = n->dst_offset;
  p->src_offset = n->src_offset;
  p->empty = m < 0;
  if (p->empty)
    return;
  /* The transfer's row: the innermost dimension if it is contiguous on both
     sides (a fill's buffer is contiguous), else one element. */
  int row = -1;
  if (m && d[m - 1].t == 1 && (d[m - 1].s == 1 || src_kind == MOVE_SRC_FILL))
    row = m - 1;
  p->row_bytes = row < 0 ? 4 : 4 * d[row].n;
  /* Its rows: the longest other dimension the DMA can step through (a
     source stride not negative). */
  int rows = -1;
  for (int i = 0; i < m; ++i)
    if (i != row && d[i].s >= 0 && (rows < 0 || d[i].n > d[rows].n))
      rows = i;
  p->rows = rows < 0 ? 1 : d[rows].n;
  p->dst_row_stride = rows < 0 ? 0 : 4 * d[rows].t;
  p->src_row_stride = rows < 0 ? 0 : 4 * d[rows].s;
  p->loops = 0;
  for (int i = 0; i < m; ++i)
    if (i != row && i != rows) {
      p->count[p->loops] = d[i].n;
      p->dst_step[p->loops] = 4 * d[i].t;
      p->src_step[p->loops] = 4 * d[i].s;
      ++p->loops;
    }
  long piece = src_kind == MOVE_SRC_FILL ? 4 * MOVE_FILL_FLOATS : PIECE_BYTES;
  p->piece_bytes = p->row_bytes < piece ? p->row_bytes : piece;
  p->group_rows = PIECE_BYTES / p->row_bytes;
  if (p->group_rows < 1)
    p->group_rows = 1;
}

void move_plan_rows(move_plan *p, long rows, long row_floats, long dst_pitch,
                    long src_pitch) {
  /* Rows that follow each other on both sides are one (normalizing's
     merge). */
  if (rows == 1 || (dst_pitch == row_floats && src_pitch == row_floats))
    row_floats *= rows, rows = 1;
  p->src_kind = MOVE_SRC_VIEW;
  p->dst_offset = p->src_offset = 0;
  p->empty = 0;
  p->row_bytes = 4 * row_floats;
  p->rows = rows;
  p->dst_row_stride = rows > 1 ? 4 * dst_pitch : 0;
  p->src_row_stride = rows > 1 ? 4 * src_pitch : 0;
  p->loops = 0;
  p->piece_bytes = p->row_bytes < PIECE_BYTES ? p->row_bytes : PIECE_BYTES;
  p->group_rows = PIECE_BYTES / p->row_bytes;
  if (p->group_rows < 1)
    p->group_rows = 1;
}

/* A one-piece transfer of at least this many bytes goes over all four
   channels, a quarter each: on one, a 64 KiB copy (a key or value cache's
   concatenation) takes 2 048 cycles of one channel's rate while three
   channels idle. */
enum { SPLIT_BYTES = 8 * 1024 };

/* One piece of the plan over the channels from *channel: by rows when it
   has four or more, else by whole bursts of its row. */
static void issue_split(const move_plan *p, char *dst, const char *src,
                        int *channel) {
  enum { Parts = KERNEL_DMA_CHANNELS };
  long rows = p->rows, bytes = p->row_bytes;
  long dst_rs = p->dst_row_stride, src_rs = p->src_row_stride;
  long src_piece_step = p->src_kind == MOVE_SRC_FILL ? 0 : 1;
  if (rows >= Parts) {
    for (int k = 0; k < Parts; ++k) {
      long r0 = k * rows / Parts, r1 = (k + 1) * rows / Parts;
      accel_dma_2d_on(KERNEL_CHANNEL(*channel + k), dst + r0 * dst_rs,
                      src + r0 * src_rs, r1 - r0, bytes, dst_rs, src_rs);
    }
  } else {
    long piece = bytes / Parts & ~63L;
    for (int k = 0; k < Parts; ++k) {
      long b = k * piece, n = k == Parts - 1 ? bytes - b : piece;
      accel_dma_2d_on(KERNEL_CHANNEL(*channel + k), dst + b,
                      src + b * src_piece_step, rows, n, dst_rs, src_rs);
    }
  }
  *channel += Parts;
}

/* One transfer of the plan, in pieces. */
static void issue(const move_plan *p, char *dst, const char *src,
                  int *channel) {
  if (move_plan_is_one_piece(p)) {
    if (p->rows * p->row_bytes >= SPLIT_BYTES &&
        (p->rows >= KERNEL_DMA_CHANNELS ||
         p->row_bytes >= 64 * KERNEL_DMA_CHANNELS)) {
      issue_split(p, dst, src, channel);
      return;
    }
    accel_dma_2d_on(KERNEL_CHANNEL(*channel), dst, src, p->rows, p->row_bytes,
                    p->dst_row_stride, p->src_row_stride);
    ++*channel;
    return;
  }
  long src_piece_step = p->src_kind == MOVE_SRC_FILL ? 0 : 1;
  for (long r = 0; r < p->rows; r += p->group_rows) {
    long rows = p->rows - r < p->group_rows ? p->rows - r : p->group_rows;
    for (long b = 0; b < p->row_bytes; b += p->piece_bytes) {
      long bytes =
          p->row_bytes - b < p->piece_bytes ? p->row_bytes - b : p->piece_bytes;
      accel_dma_2d_on(KERNEL_CHANNEL(*channel), dst + r * p->dst_row_stride + b,
                      src + r * p->src_row_stride + b * src_piece_step, rows,
                      bytes, p->dst_row_stride, p->src_row_stride);
      ++*channel;
    }
  }
}

/* count transfers of the plan, each dst_step and src_step bytes after the
   last. Single pieces go four at a time, one per channel, the channel
   numbers constants: the run-time channel's branches and the calls would
   make the processor slower than four channels moving 4 KiB columns. */
static void issue_all(const move_plan *p, char *dst, const char *src,
                      long count, long dst_step, long src_step, int *channel) {
  if (!move_plan_is_one_piece(p)) {
    for (long i = 0; i < count; ++i)
      issue(p, dst + i * dst_step, src + i * src_step, channel);
    return;
  }
  long rows = p->rows, bytes = p->row_bytes;
  long dst_rs = p->dst_row_stride, src_rs = p->src_row_stride;
  long i = 0;
  for (; i < count && KERNEL_CHANNEL(*channel); ++i, ++*channel)
    accel_dma_2d_on(KERNEL_CHANNEL(*channel), dst + i * dst_step,
                    src + i * src_step, rows, bytes, dst_rs, src_rs);
  char *d = dst + i * dst_step;
  const char *s = src + i * src_step;
  for (; i + 4 <= count; i += 4) {
    accel_dma_2d(0, d, s, rows, bytes, dst_rs, src_rs);
    accel_dma_2d(1, d + dst_step, s + src_step, rows, bytes, dst_rs, src_rs);
    d += 2 * dst_step, s += 2 * src_step;
    accel_dma_2d(2, d, s, rows, bytes, dst_rs, src_rs);
    accel_dma_2d(3, d + dst_step, s + src_step, rows, bytes, dst_rs, src_rs);
    d += 2 * dst_step, s += 2 * src_step;
  }
  for (; i < count; ++i, ++*channel, d += dst_step, s += src_step)
    accel_dma_2d_on(KERNEL_CHANNEL(*channel), d, s, rows, bytes, dst_rs,
                    src_rs);
}

void move_plan_run(const move_plan *p, float *dst, const float *src,
                   int *channel) {
  if (p->empty)
    return;
  char *d = (char *)(dst + p->dst_offset);
  const char *s = (const char *)(src + p->src_offset);
  if (p->loops == 0) {
    issue(p, d, s, channel);
    return;
  }
  /* An odometer over the outer loops; the innermost is issue_all's. */
  long index[ACCEL_MAX_RANK] = {0};
  int inner = p->loops - 1;
  for (;;) {
    issue_all(p, d, s, p->count[inner], p->dst_step[inner], p->src_step[inner],
              channel);
    int l = inner - 1;
    for (; l >= 0; --l) {
      d += p->dst_step[l], s += p->src_step[l];
      if (++index[l] < p->count[l])
        break;
      d -= p->count[l] * p->dst_step[l], s -= p->count[l] * p->src_step[l];
      index[l] = 0;
    }
    if (l < 0)
      return;
  }
}

void move_copy(int rank, const long *dims, float *dst, const long *dst_strides,
               const float *src, const long *src_strides, int *channel) {
  move_dims n;
  move_dims_normalize(&n, rank, dims, dst_strides, src_strides);
  move_transpose t;
  if (move_transpose_make(&t, &n)) {
    move_transpose_run(&t, dst, src, MOVE_TRANSPOSE_SPM);
    return;
  }
  move_rows r;
  if (move_rows_make(&r, &n)) {
    move_rows_run(&r, dst, src, &MOVE_TRANSPOSE_SPM->rows);
    return;
  }
  move_plan p;
  move_plan_of(&p, &n, MOVE_SRC_VIEW);
  move_plan_run(&p, dst, src, channel);
}
