/* gemm_norm.c - a projection and the post-norm residual connection after
   it in one call (accel_gemm_layernorm; docs/kernels.md, "GEMM with a
   layer norm"): y = layernorm(a . op(b) + bias + residual) along y's rows;
   and the row blocks' run that mlp_norm.c's two-layer form shares, whose
   first layer's product stays in the scratchpad too (gemm_norm.h).

   op(b) stays in the scratchpad as panels of 16 columns (K x 16 each, the
   layout mmac reads); a's rows and the residual's come in blocks of 16,
   double-buffered, as lines (lines.h: any strides, a transposed view's
   rows too). Each tile of a block leaves its accumulator into the
   scratchpad (mst) and one engine addition puts it beside the residual's
   rows (tile + residual, written as rows of N); the norm's engine passes
   (norm_stream) run on the block, which then goes to memory. The
   projection's result never leaves the scratchpad, and the separate
   norm's call (its checks, views and transfers) is gone: in a d-64
   encoder that call cost more than the projection itself. */

#include "matmul/gemm_norm.h"
#include "core/kernel_args.h"
#include "core/kernel_dma.h"
#include "core/kernel_machine.h"
#include "core/kernel_stack.h"
#include <stddef.h>

enum { T = KERNEL_TILE, Channels = KERNEL_DMA_CHANNELS };

/* The schedule below gives a's rows channel 0, the residual's 1, the
   results 2 and 3, and the panels all four by turns. */
_Static_assert(Channels == 4, "gemm_norm.c's schedule is four channels'");

static const char Kernel[] = "accel_gemm_layernorm";

/* The scratchpad, in lines_spm's batch buffers (its stream block holds
   the norm's per-line values, its params the scale and shift): the last
   layer's panels, per buffer a block of a's rows, of the residual's rows
   (the results are made there) and of tiles, the last bias; with a first
   layer, its panels, its block of tiles and of rows (the last layer's a),
   its bias and the engine's identity parameters for 16 rows. */
typedef struct {
  float *panels, *a[2], *rows[2], *tiles[2], *bias;
  float *panels1, *htiles, *hrows, *bias1, *ident;
} buffers;

/* The layout accel_mlp_layernorm_floats counts, in lines_spm's two
   batch buffers. */
_Static_assert(ACCEL_GEMM_LAYERNORM_FLOATS == 2 * LinesBufferFloats,
               "accel_gemm_layernorm's scratchpad is lines_spm's batches");

/* a's width, the hidden width (0 without a first layer), the output's. */
static long width_in(const norm_problem *pb) {
  return pb->first.n ? pb->first.k : pb->last.k;
}

static buffers lay_out(const norm_problem *pb) {
  long Kp = padded_length(width_in(pb)), Hp = padded_length(pb->first.n);
  long Lp = padded_length(pb->last.k), Np = padded_length(pb->last.n);
  float *p = LINES_SPM->batch[0];
  buffers b;
  b.panels = p, p += Lp * Np;
  for (int i = 0; i < 2; ++i) {
    b.a[i] = p, p += T * Kp;
    b.rows[i] = p, p += T * Np;
    b.tiles[i] = p, p += T * Np;
  }
  b.bias = p, p += Np;
  b.panels1 = p, p += Kp * Hp;
  b.htiles = p, p += T * Hp;
  b.hrows = p, p += T * Hp;
  b.bias1 = p, p += Hp;
  b.ident = p;
  return b;
}

static void zero(float *p, long n) {
  for (long i = 0; i < n; i += T)
    accel_vstore(p + i, (accel_v16f)0.0f);
}

/* Block `blk`'s rows of a (channel 0) or of the residual (channel 1)
   into buffer buf. */
static void fetch_rows(const norm_problem *pb, const buffers *bf, long blk,
                       int buf, int residual) {
  long first = blk * T, rows = pb->M - first < T ? pb->M - first : T;
  if (!residual)
    lines_move(0, &pb->a, bf->a[buf], first, rows, 0);
  else if (pb->has_residual)
    lines_move(1, &pb->residual, bf->rows[buf], first, rows, 0);
}

/* The block's tiles beside its residual rows (or copied there, x max x
   being x) as rows of N, the bias added to every row (a stride of 0),
   normalized. */
static void block_rows(const norm_problem *pb, const buffers *bf, int buf,
                       long rows) {
  long N = pb->last.n, Np = padded_length(N);
  float *out = bf->rows[buf], *tiles = bf->tiles[buf];
  for (long j = 0; j * T < N; ++j) {
    long cols = N - j * T < T ? N - j * T : T;
    const float *tile = tiles + j * T * T;
    accel_vs_shape(rows, cols);
    if (pb->has_residual) {
      accel_vs_stride(Np, T, Np);
      accel_vs_add(out + j * T, tile, out + j * T);
    } else {
      accel_vs_stride(Np, T, T);
      accel_vs_max(out + j * T, tile, tile);
    }
  }
  if (pb->bias) {
    accel_vs_shape(rows, N);
    accel_vs_stride(Np, Np, 0);
    accel_vs_add(out, out, bf->bias);
  }
  norm_stream(out, rows, N, Np, &pb->norm);
}

/* A rank-1 parameter of n elements into dst, on channel ch. */
static void fetch_param(int ch, float *dst, const accel_tensor *t, long n) {
  if (t->strides[0] == 1 || n == 1) /* one transfer, issued inline */
    accel_dma_2d_on(ch, dst, t->data, 1, n * 4, 0, 0);
  else
    accel_copy_matrix(ch, dst, 0, 1, t->data, 0, t->strides[0], 1, n);
}

/* Block blk's end, in steps that fit between a later block's mmacs:
   (0) its residual rows (channel 1), the additions and the norm; (1) the
   next block's residual rows into the other buffer, once the block before
   this one has left it (channels 2 and 3); (2) its results out over
   channels 2 and 3. */
enum { EndSteps = 3 };

static void end_step(const norm_problem *pb, const buffers *bf, long blk,
                     int step) {
  int buf = blk & 1;
  long rows = pb->M - blk * T < T ? pb->M - blk * T : T;
  if (step == 0) {
    accel_dma_wait_on(1);
    block_rows(pb, bf, buf, rows);
  } else if (step == 1 && (blk + 1) * T < pb->M) {
    accel_dma_wait_on(2);
    accel_dma_wait_on(3);
    fetch_rows(pb, bf, blk + 1, !buf, 1);
  } else if (step == 2) {
    long half = rows / 2, Np = padded_length(pb->last.n);
    if (half)
      lines_move(3, &pb->y, bf->rows[buf], blk * T, half, 1);
    lines_move(2, &pb->y, bf->rows[buf] + half * Np, blk * T + half,
               rows - half, 1);
  }
}

/* Panel j of a layer's weights (16 columns, k rows padded to a multiple
   of 16 with zeros) into panels, on channel ch. */
static void fetch_panel(float *panels, const norm_weights *w, long j, int ch) {
  long kp = padded_length(w->k);
  long cols = w->n - j * T < T ? w->n - j * T : T;
  float *dst = panels + j * kp * T;
  if (kp != w->k)
    zero(dst + w->k * T, (kp - w->k) * T);
  /* Rows of w contiguous (its common layout): one 2-D transfer, issued
     inline (accel_copy_matrix's general case costs 30 cycles a call,
     about what a panel of 64 rows takes to move). */
  if (w->cs == 1)
    accel_dma_2d_on(ch, dst, w->w + j * T, w->k, cols * 4, T * 4, w->rs * 4);
  else
    accel_copy_matrix(ch, dst, T, 1, w->w + j * T * w->cs, w->rs, w->cs, w->k,
                      cols);
}

/* A layer's weights as panels at dst, a panel a channel by turns from
   channel *ch on (fetch_panel's work in the loop, not a call a panel:
   the calls come before the first mmac). */
static void fetch_weights(float *dst, const norm_weights *w, int *ch) {
  long kp = padded_length(w->k);
  for (long j = 0; j * T < w->n; ++j) {
    long cols = w->n - j * T < T ? w->n - j * T : T;
    if (kp != w->k)
      zero(dst + j * kp * T + w->k * T, (kp - w->k) * T);
    if (w->cs == 1)
      accel_dma_2d_on(KERNEL_CHANNEL(*ch), dst + j * kp * T, w->w + j * T, w->k,
                      cols * 4, T * 4, w->rs * 4);
    else
      accel_copy_matrix(KERNEL_CHANNEL(*ch), dst + j * kp * T, T, 1,
                        w->w + j * T * w->cs, w->rs, w->cs, w->k, cols);
    ++*ch;
  }
}

/* The first block of a single layer streams its panels: panel j on
   channel PanelChannel(j), the first four at once (start_weights), panel
   j + 4 started after tile j's mmac, so that a wait on tile j's channel
   waits for its panel alone (and the transfers ahead of it). The first
   mmac then waits for one panel, not all of them (each takes a channel
   64 + 4 k cycles where b's 64-byte rows straddle DRAM bursts, 64 + 2 k
   otherwise, against k for its mmac). The next block's a rows (channel
   0) go behind the last panel there, after tile rows_after(count)'s
   mmac, or at the block's start if no panel follows: the last tile on
   channel 0, last_on_0(count), then waits with dma.wait.older. */
#define PanelChannel(j) KERNEL_CHANNEL((j) + 2)

static long last_on_0(long count) {
  return count > 2 ? (count - 3) / Channels * Channels + 2 : -1;
}

static long rows_after(long count) {
  long last = last_on_0(count);
  return last >= Channels ? last - Channels : -1;
}

/* Tile j into accumulator acc (a constant): its mmac (with stream, its
   panel waited for and the stream's next started); then the next step of
   block `ending`'s end, under it. */
#define TILE(acc, j)                                                           \
  do {                                                                         \
    if (stream && (j) == last0 && pb->M > T)                                   \
      accel_dma_wait_older(0);                                                 \
    else if (stream)                                                           \
      accel_dma_wait_on(PanelChannel(j));                                      \
    accel_mzero(acc);                                                          \
    accel_mmac(acc, a, panels + (j)*kp * T, kp);                               \
    if (stream)                                                                \
      stream_next(pb, bf, stream, j, count);                                   \
    if (ending >= 0 && step < EndSteps)                                        \
      end_step(pb, bf, ending, step++);                                        \
  } while (0)

/* After tile j's mmac of a streamed first block (count tiles): panel
   j + 4 on tile j's channel, and after the last one on channel 0, the
   next block's a rows there. */
static void stream_next(const norm_problem *pb, const buffers *bf,
                        const norm_weights *w, long j, long count) {
  if (j + Channels < count)
    fetch_panel(bf->panels, w, j + Channels, PanelChannel(j));
  if (j == rows_after(count) && pb->M > T)
    fetch_rows(pb, bf, 1, 1, 0);
}

/* A block's tiles of a (16 rows of kp) times n columns of panels into
   tiles + j * 256 (two accumulators by turns: one stores while the other
   accumulates), with block `ending`'s end (if not negative) between the
   mmacs. The first store waits for step 1, which has waited for the
   results of the block before `ending`, whose additions read the last
   layer's tiles' buffer. With stream (the weights), the panels arrive
   tile by tile (PanelChannel). */
static void block_tiles(const norm_problem *pb, const buffers *bf,
                        const float *a, long kp, const float *panels, long n,
                        float *tiles, long ending, const norm_weights *stream) {
  long count = (n + T - 1) / T, last0 = last_on_0(count);
  int step = 0;
  for (long j = 0; j < count; j += 2) {
    TILE(0, j);
    if (j)
      accel_mst(1, tiles + (j - 1) * T * T);
    if (j + 1 < count)
      TILE(1, j + 1);
    while (ending >= 0 && step < 2)
      end_step(pb, bf, ending, step++);
    accel_mst(0, tiles + j * T * T);
  }
  if (!(count & 1))
    accel_mst(1, tiles + (count - 1) * T * T);
  while (ending >= 0 && step < EndSteps)
    end_step(pb, bf, ending, step++);
}
#undef TILE

/* The first layer's tiles as rows of H (the last layer's a), its bias
   added (a row stride of 0) and its activation applied, for all 16 rows
   (rows past M are a block's stale ones, never stored). The last layer's
   mmacs read these rows, which the engine writes: a load from the last
   operation's rows waits for it, and so for every one before. */
static void hidden_rows(const norm_problem *pb, const buffers *bf) {
  long H = pb->first.n, Hp = padded_length(H), last = 0;
  for (long j = 0; j * T < H; ++j) {
    long cols = H - j * T < T ? H - j * T : T;
    const float *tile = bf->htiles + j * T * T;
    accel_vs_shape(T, cols);
    if (pb->bias1) {
      accel_vs_stride(Hp, T, 0);
      accel_vs_add(bf->hrows + j * T, tile, bf->bias1 + j * T);
    } else {
      accel_vs_stride(Hp, T, T);
      accel_vs_max(bf->hrows + j * T, tile, tile);
    }
    last = j * T;
  }
  if (pb->act != ACCEL_ACT_NONE) {
    accel_vs_shape(T, H);
    accel_vs_stride(Hp, Hp, Hp);
    if (pb->act == ACCEL_ACT_RELU)
      accel_vs_act_relu(bf->hrows, bf->hrows, bf->ident, NULL);
    else if (pb->act == ACCEL_ACT_GELU_ERF)
      accel_vs_act_gelu(bf->hrows, bf->hrows, bf->ident, NULL);
    else
      accel_vs_act_gelu_tanh(bf->hrows, bf->hrows, bf->ident, NULL);
  }
  (void)*(volatile const float *)(bf->hrows + (T - 1) * Hp + last);
}

/* A first layer's weights, or a single layer's first four panels (the
   rest stream under its first block): the first thing after the checks,
   their bytes being most of what the first block waits for. */
static void start_weights(const norm_problem *pb) {
  buffers bf = lay_out(pb);
  int ch = 0;
  if (pb->first.n)
    fetch_weights(bf.panels1, &pb->first, &ch);
  else
    for (long j = 0; j < Channels && j * T < pb->last.n; ++j)
      fetch_panel(bf.panels, &pb->last, j, PanelChannel(j));
}

/* The blocks, the weights' transfers started: y's rows through the
   layers. */
static void run(norm_problem *pb, const accel_tensor *scale,
                const accel_tensor *shift) {
  long K = width_in(pb), N = pb->last.n, Kp = padded_length(K);
  long H = pb->first.n, Hp = padded_length(H), Lp = padded_length(pb->last.k);
  long blocks = (pb->M + T - 1) / T;
  buffers bf = lay_out(pb);
  /* Columns of a (and of the hidden rows) past K (H) meet the panels' zero
     rows there: zeros, not stale floats (0 x NaN is NaN). */
  if (Kp != K) {
    zero(bf.a[0], T * Kp);
    zero(bf.a[1], T * Kp);
  }
  if (Hp != H)
    zero(bf.hrows, T * Hp);
  if (H) {
    zero(bf.ident, T);
    accel_vstore(bf.ident + T, (accel_v16f)1.0f);
  }
  /* The parameters and the first block's rows behind the (first) panels:
     the first bias and a's rows on channel 0, the residual's rows on 1,
     the norm's parameters on 2 and 3. With two layers, the last layer's
     panels go last, one a channel: all but the newest transfer of each
     channel is the first layer's work, which starts while they move. */
  if (pb->bias1)
    fetch_param(0, bf.bias1, pb->bias1, H);
  fetch_rows(pb, &bf, 0, 0, 0);
  fetch_rows(pb, &bf, 0, 0, 1);
  if (pb->bias)
    fetch_param(2, bf.bias, pb->bias, N);
  if (scale)
    fetch_param(3, LINES_SPM->params[0], scale, N);
  if (shift)
    fetch_param(2, LINES_SPM->params[1], shift, N);
  if (H) {
    int panels = 0;
    fetch_weights(bf.panels, &pb->last, &panels);
    /* A channel that took none of those panels is waited for whole. */
    for (int c = 0; c < Channels; ++c) {
      if (c < panels)
        accel_dma_wait_older_on(c);
      else
        accel_dma_wait_on(c);
    }
  } else {
    /* The first block's a rows (behind panel 2); each tile waits for its
       panel's channel, which the parameters are on too. */
    accel_dma_wait(0);
    if (N <= T) /* the scale, which no tile's wait covers */
      accel_dma_wait(3);
  }
  /* Block b: its a rows are in (channel 0) and b + 1's start, into the
     buffer block b - 1's mmacs have finished with; b's mmacs (the first
     layer's, its rows, the last layer's), block b - 1's end in steps
     between the first of them (end_step). So the matrix unit waits for
     no transfer after the first block, and for the core only where a step
     outlasts an mmac. The tiles of block b + 2 go where b's went once b's
     results have left, which the engine's in-order work makes after b's
     additions read them. */
  for (long blk = 0; blk < blocks; ++blk) {
    int buf = blk & 1;
    if (blk) /* (the first block's came with the set-up's waits) */
      accel_dma_wait_on(0);
    /* (A streamed first block's next rows: stream_next, if a panel
       follows there on channel 0.) */
    if (blk + 1 < blocks && (blk || H || rows_after((N + T - 1) / T) < 0))
      fetch_rows(pb, &bf, blk + 1, !buf, 0);
    if (H) {
      block_tiles(pb, &bf, bf.a[buf], Kp, bf.panels1, H, bf.htiles, blk - 1,
                  NULL);
      hidden_rows(pb, &bf);
      if (!blk) /* the last layer's panels, and the parameters */
        accel_dma_wait_all();
      block_tiles(pb, &bf, bf.hrows, Lp, bf.panels, N, bf.tiles[buf], -1, NULL);
    } else {
      block_tiles(pb, &bf, bf.a[buf], Lp, bf.panels, N, bf.tiles[buf], blk - 1,
                  blk ? NULL : &pb->last);
    }
  }
  for (int step = 0; step < EndSteps; ++step)
    end_step(pb, &bf, blocks - 1, step);
  accel_dma_wait_all();
}

void gemm_norm_run(norm_problem *pb, const accel_tensor *a,
                   const accel_tensor *y, const accel_norm_options *n) {
  int r = y->rank;
  pb->M = 1;
  for (int d = 0; d + 1 < r; ++d)
    pb->M *= y->dims[d];
  if (pb->M == 0 || pb->last.n == 0)
    return;
  start_weights(pb);
  /* A single dimension always makes lines. */
  lines_of(a, r - 1, r - 1, &pb->a);
  lines_of(y, r - 1, r - 1, &pb->y);
  if (n->residual)
    lines_of(n->residual, r - 1, r - 1, &pb->residual);
  pb->has_residual = n->residual != NULL;
  pb->norm = (norm_context){n->epsilon, 0, NULL, NULL};
  norm_stream_params(&pb->norm, n->scale != NULL, n->shift != NULL, pb->last.n);
  run(pb, n->scale, n->shift);
}

/* --------------------------------------------------------------- checks */

accel_status gemm_norm_check_rows(const char *kernel, const char *name,
                                  const accel_tensor *t, const accel_tensor *y,
                                  long n) {
  accel_status s =
      accel_check_tensor(kernel, name, t, 2, ACCEL_MAX_RANK, t == y);
  if (s)
    return s;
  if (t->rank != y->rank)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, name,
                              "rank %d, y's is %d", t->rank, y->rank);
  for (int d = 0; d + 1 < t->rank; ++d)
    if (t->dims[d] != y->dims[d])
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, name,
                                "dimension %d is %ld, y's is %ld", d,
                                t->dims[d], y->dims[d]);
  if (t->dims[t->rank - 1] != n)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, name,
                              "rows of %ld, expected %ld", t->dims[t->rank - 1],
                              n);
  return ACCEL_OK;
}

accel_status gemm_norm_check_param(const char *kernel, const char *name,
                                   const accel_tensor *t, long n) {
  if (!t)
    return ACCEL_OK;
  accel_status s = accel_check_tensor(kernel, name, t, 1, 1, 0);
  if (s)
    return s;
  if (t->dims[0] != n)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, name,
                              "%ld elements, expected %ld", t->dims[0], n);
  return ACCEL_OK;
}

accel_status gemm_norm_check_norm(const char *kernel,
                                  const accel_norm_options *n,
                                  const accel_tensor *y) {
  if (n->axis != -1 && n->axis != y->rank - 1)
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, kernel, "options",
                              "axis %d: only the last dimension", n->axis);
  if (!(n->epsilon >= 0.0f))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "options",
                              "epsilon %g is not a non-negative number",
                              (double)n->epsilon);
  if (n->sum)
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, kernel, "options",
                              "a sum: only accel_layernorm and accel_rmsnorm "
                              "write one");
  return ACCEL_OK;
}

static int same_layout(const accel_tensor *x, const accel_tensor *y) {
  for (int d = 0; d < x->rank; ++d)
    if (x->dims[d] > 1 && x->strides[d] != y->strides[d])
      return 0;
  return x->data == y->data;
}

accel_status gemm_norm_check_residual(const char *kernel,
                                      const accel_tensor *residual,
                                      const accel_tensor *y) {
  /* Each block is read before it is written. */
  if (residual && accel_tensors_overlap(y, residual) &&
      !same_layout(residual, y))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, kernel, "y",
                              "overlaps the residual (only y = residual in "
                              "place is allowed)");
  return ACCEL_OK;
}

/* Whether the common call passes every check at once (as gemm's
   gemm_args_pass: one run of loads and compares, no message): a, y and
   the residual of one rank with y's rows, b a matrix of op(b)'s shape, the
   parameters rank 1 of N, y overlapping no input, the options supported.
   0 for anything else (y in place of the residual too); the checks below
   then decide and name the problem. */
static int args_pass(const accel_tensor *a, const accel_tensor *b,
                     const accel_tensor *y, const accel_tensor *residual,
                     const accel_tensor *const params[3],
                     const accel_gemm_options *g, const accel_norm_options *n) {
  if (!a || !b || !y)
    return 0;
  int r = y->rank;
  if (r < 2 || r > ACCEL_MAX_RANK)
    return 0;
  /* Bitwise & throughout: every load issues at once, one branch. */
  unsigned long yb, ye, ib[6] = {0}, ie[6] = {0};
  int ok = accel_output_passes(y, r, &yb, &ye) & !n->sum;
  ok &= accel_tensor_passes(a, r, 0, &ib[0], &ie[0]);
  ok &= accel_tensor_passes(b, 2, 0, &ib[1], &ie[1]);
  long N = y->dims[r - 1], K = a->dims[r - 1];
  const accel_tensor *rows = residual ? residual : y;
  ok &= accel_tensor_passes(rows, r, 0, &ib[2], &ie[2]) &
        (rows->dims[r - 1] == N);
  for (int d = 0; d + 1 < r; ++d)
    ok &= (a->dims[d] == y->dims[d]) & (rows->dims[d] == y->dims[d]);
  ok &= (b->dims[g->trans_b ? 1 : 0] == K) & (b->dims[g->trans_b ? 0 : 1] == N);
  for (int i = 0; i < 3; ++i)
    if (params[i])
      ok &= accel_tensor_passes(params[i], 1, 0, &ib[3 + i], &ie[3 + i]) &
            (params[i]->dims[0] == N);
  if (!residual)
    ib[2] = ie[2] = 0;
  for (int i = 0; i < 6; ++i)
    ok &= !accel_footprints_overlap(yb, ye, ib[i], ie[i]);
  ok &= !g->trans_a & (g->alpha == 1.0f) & (g->beta == 0.0f) &
        (g->act.kind == ACCEL_ACT_NONE) & (g->bias_kind != ACCEL_BIAS_PER_ROW) &
        ((n->axis == -1) | (n->axis == r - 1)) & (n->epsilon >= 0.0f) &
        accel_gemm_layernorm_fits(K, N);
  return ok;
}

/* The checks one at a time, each failure named. */
static accel_status check(const accel_tensor *a, const accel_tensor *b,
                          const accel_tensor *y, const accel_tensor *residual,
                          const accel_tensor *const params[3],
                          const accel_gemm_options *g,
                          const accel_norm_options *n) {
  accel_status s;
  if ((s = accel_check_tensor(Kernel, "y", y, 2, ACCEL_MAX_RANK, 1)) ||
      (s = accel_check_tensor(Kernel, "b", b, 2, 2, 0)))
    return s;
  if (g->trans_a || g->alpha != 1.0f || g->beta != 0.0f ||
      g->act.kind != ACCEL_ACT_NONE || g->bias_kind == ACCEL_BIAS_PER_ROW)
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, Kernel, "options",
                              "only op(b), a bias per column, alpha 1, "
                              "beta 0 and no activation");
  if ((s = gemm_norm_check_norm(Kernel, n, y)))
    return s;
  long N = y->dims[y->rank - 1], K = b->dims[g->trans_b ? 1 : 0];
  if (b->dims[g->trans_b ? 0 : 1] != N)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "b",
                              "op(b) has %ld columns, y's rows %ld",
                              b->dims[g->trans_b ? 0 : 1], N);
  if ((s = gemm_norm_check_rows(Kernel, "a", a, y, K)) ||
      (s = gemm_norm_check_rows(Kernel, "y", y, y, N)) ||
      (residual &&
       (s = gemm_norm_check_rows(Kernel, "residual", residual, y, N))))
    return s;
  static const char *const param_names[3] = {"bias", "scale", "shift"};
  for (int i = 0; i < 3; ++i)
    if ((s = gemm_norm_check_param(Kernel, param_names[i], params[i], N)))
      return s;
  const accel_tensor *inputs[5] = {a, b, params[0], params[1], params[2]};
  static const char *const names[5] = {"a", "b", "bias", "scale", "shift"};
  for (int i = 0; i < 5; ++i)
    if (inputs[i] && accel_tensors_overlap(y, inputs[i]))
      return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, Kernel, "y",
                                "overlaps %s", names[i]);
  if ((s = gemm_norm_check_residual(Kernel, residual, y)))
    return s;
  if (!accel_gemm_layernorm_fits(K, N))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, Kernel, "b",
                              "op(b) of %ld x %ld and the row blocks take "
                              "%ld floats of the scratchpad's %d",
                              K, N, accel_gemm_layernorm_floats(K, N),
                              ACCEL_GEMM_LAYERNORM_FLOATS);
  return ACCEL_OK;
}

typedef struct {
  const accel_gemm_options *gemm;
  const accel_norm_options *norm;
} options_pair;

static long gemm_norm(const void *pa, const void *pb_, const void *py,
                      const void *po) {
  const options_pair *op = po;
  accel_tensor ac, bc, yc, gbias, nscale, nshift, nres;
  accel_gemm_options g = accel_gemm_defaults();
  accel_norm_options n = accel_norm_defaults();
  const accel_gemm_options *pg = op->gemm;
  const accel_norm_options *pn = op->norm;
  const accel_tensor *ts[4] = {
      pg && pg->bias_kind != ACCEL_BIAS_NONE ? pg->bias : NULL,
      pn ? pn->scale : NULL, pn ? pn->shift : NULL, pn ? pn->residual : NULL};
  const accel_tensor *a = ACCEL_STAGE_READ(0, &ac, (const accel_tensor *)pa);
  const accel_tensor *b = ACCEL_STAGE_READ(1, &bc, (const accel_tensor *)pb_);
  const accel_tensor *y = ACCEL_STAGE_READ(2, &yc, (const accel_tensor *)py);
  ACCEL_STAGE(3, &g, pg);
  ACCEL_STAGE(3, &n, pn);
  const accel_tensor *bias = ACCEL_STAGE_READ(0, &gbias, ts[0]);
  const accel_tensor *scale = ACCEL_STAGE_READ(1, &nscale, ts[1]);
  const accel_tensor *shift = ACCEL_STAGE_READ(2, &nshift, ts[2]);
  const accel_tensor *residual = ACCEL_STAGE_READ(3, &nres, ts[3]);
  accel_dma_wait_all();
  const accel_tensor *params[3] = {bias, scale, shift};
  if (accel_checking()) {
    if (!args_pass(a, b, y, residual, params, &g, &n)) {
      accel_status s = check(a, b, y, residual, params, &g, &n);
      if (s)
        return s;
    }
    if (accel_only_checking())
      return ACCEL_OK;
  }
  long N = y->dims[y->rank - 1], K = a->dims[y->rank - 1];
  norm_problem pb;
  pb.first = (norm_weights){NULL, 0, 0, 0, 0};
  pb.last = (norm_weights){b->data, g.trans_b ? b->strides[1] : b->strides[0],
                           g.trans_b ? b->strides[0] : b->strides[1], K, N};
  pb.bias1 = NULL, pb.bias = bias;
  pb.act = ACCEL_ACT_NONE;
  n.scale = scale, n.shift = shift, n.residual = residual;
  gemm_norm_run(&pb, a, y, &n);
  return ACCEL_OK;
}

accel_status accel_gemm_layernorm(const accel_tensor *a, const accel_tensor *b,
                                  accel_tensor *y,
                                  const accel_gemm_options *gemm_options,
                                  const accel_norm_options *norm_options) {
  options_pair o = {gemm_options, norm_options};
  return (accel_status)accel_on_kernel_stack(gemm_norm, a, b, y, &o);
}
