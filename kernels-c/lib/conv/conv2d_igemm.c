/* conv2d_igemm.c - accel_conv2d as an implicit GEMM on the matrix unit
   (docs/kernels.md, "accel_conv2d").

   Per group, y (Coutg x OH OW) = w (Coutg x K) . im2col(x) (K x OH OW),
   K = Cg KH KW in w's own order (channel, kernel row, kernel column), so
   16 rows of w are the mmac's A operand as they lie in DRAM. The input
   stays in the scratchpad with its zero padding (all of it, or a band of
   rows when it is bigger), each row of every channel together, so that a
   row arrives in one transfer; and B, the K x 16 im2col block of 16 output
   pixels, is built from it by scratchpad-to-scratchpad DMA: one 2-D
   transfer per kernel tap and run of pixels within one output row (rows:
   the channels). Pixel blocks run across output rows, so a 56-wide image
   wastes nothing.

   Up to 16 output-channel blocks (one accumulator tile each) meet every B:
   while their mmacs run, the next B is built (channels 0 to 2) and the
   previous block's tiles are stored (on the tile-move port), finished and
   leave (channel 3), and, when there are more groups of blocks than fit,
   the next group's weights arrive (channel 3, a piece per mmac). K past
   4096 goes in chunks of whole channels, accumulating in the tiles.
   Output channels and pixels past the edge compute on stale rows and
   columns that are never stored. With 16 n + 1 pixels (n >= 2; 7 x 7)
   the last pixel is not a block of its own: the vector unit computes its
   dot products with each group's weights, in slices under the mmacs.

   A stride along rows (stride_w > 1) would leave a tap's pixels
   stride_w floats apart, which no 2-D transfer gathers: the band then
   holds each row's columns split by phase (column % stride_w), so that a
   tap's pixels are contiguous in one phase; rows arrive in a staging row
   and the vector unit splits them, touching each input float once (B by
   strided vector loads touched it KH KW / stride times). With few
   channels a transfer per tap would carry too little: B then comes by a
   transfer per kernel column and channel (its rows the kernel rows), or
   for small kernels by vector loads, whole under one mmac (b_mode_of). */

#include "conv/conv2d_igemm.h"

/* The weights of output channels co0 .. co0 + nco - 1 as the A operands
   (weight_floats' layout). */
static void load_weights(const conv_problem *p, const igemm_plan *pl, long co0,
                         long nco, float *weights) {
  long taps = p->KH * p->KW, cc = pl->kc / taps, ch = 0;
  int contiguous = p->ws[3] == 1 && p->ws[2] == p->KW && p->ws[1] == taps;
  for (long q = 0; q * T < nco && pl->kc; ++q)
    for (long chunk = 0; chunk < pl->chunks; ++chunk) {
      long rows = min_of(T, nco - q * T), c0 = chunk * cc;
      long kcc = min_of(cc, p->Cg - c0) * taps;
      float *a = weights + (q * pl->K + c0 * taps) * T;
      const float *src = p->w + (co0 + q * T) * p->ws[0] + c0 * p->ws[1];
      if (contiguous) {
        accel_dma_2d_on(ch++, a, src, rows, kcc * 4, kcc * 4, p->ws[0] * 4);
        continue;
      }
      for (long r = 0; r < rows; ++r)
        for (long c = 0; c < kcc / taps; ++c)
          accel_copy_matrix(ch++, a + r * kcc + c * taps, p->KW, 1,
                            src + r * p->ws[0] + c * p->ws[1], p->ws[2],
                            p->ws[3], p->KH, p->KW);
    }
}

/* A staging row (its channel rows sw chan floats apart, their pad
   columns zero) into band row dst split by phase: column x of channel c
   at (x % sw) Cg chan + c chan + x / sw, so that each phase of every
   channel is one run of strided loads (stores spill up to 15 floats past
   a phase, into what is written next or the slack). */
static void split_phases(float *dst, const float *stage, long channels) {
  const band_state *s = &SPM->s;
  long sw = s->sw, n = channels * s->chan, sw4 = sw * 4;
  for (long ph = 0; ph < sw; ++ph, dst += s->phase) {
    const float *src = stage + ph;
    long i = 0;
    for (; i + 4 * Lanes <= n; i += 4 * Lanes) {
      accel_v16f v[4];
      for (int k = 0; k < 4; ++k)
        v[k] = accel_vload_strided(src + (i + k * Lanes) * sw, sw4);
      for (int k = 0; k < 4; ++k)
        accel_vstore(dst + i + k * Lanes, v[k]);
    }
    for (; i < n; i += Lanes)
      accel_vstore(dst + i, accel_vload_strided(src + i * sw, sw4));
  }
}

/* n floats of a staging row, each us times into rep (rep[us e + k] =
   stage[e]): us strided stores of every 16, which spill up to 16 us
   floats past rep's end (its slack). */
static void repeat_columns(float *rep, const float *stage, long n, long us) {
  long step = us * 4, e = 0;
  if (us == 2) {
    for (; e + 2 * Lanes <= n; e += 2 * Lanes) {
      accel_v16f a = accel_vload(stage + e), b = accel_vload(stage + e + Lanes);
      accel_vstore_strided(a, rep + 2 * e, 8);
      accel_vstore_strided(a, rep + 2 * e + 1, 8);
      accel_vstore_strided(b, rep + 2 * e + 2 * Lanes, 8);
      accel_vstore_strided(b, rep + 2 * e + 2 * Lanes + 1, 8);
    }
  }
  for (; e < n; e += Lanes) {
    accel_v16f v = accel_vload(stage + e);
    for (long k = 0; k < us; ++k)
      accel_vstore_strided(v, rep + us * e + k, step);
  }
}

/* load_band with us > 1: image rows lo .. hi - 1 come into the staging
   rows (every channel's W / us columns, one after another; a row a
   channel), the vector unit repeats each column us times into a repeat
   row, and a transfer puts that row's channels into the band row between
   its pad columns, under the next repeats. The repeats leave the DMA
   channels mostly idle: weights (output channels wco .. wco + wnco - 1;
   none if wco < 0) arrive under them. */
static void load_band_repeated(const conv_problem *p, const igemm_plan *pl,
                               const float *x, long top, long lo, long hi,
                               float *band, long wco, long wnco) {
  const band_state *s = &SPM->s;
  long chan = pl->chan, row = p->Cg * chan, n = p->Cg * (p->W / s->us);
  for (long r = lo; r < hi; ++r)
    accel_copy_matrix(r, s->stage[0] + (r - lo) * n, n / p->Cg, 1,
                      x + (top + r) * p->xs[2], p->xs[1], p->xs[3], p->Cg,
                      n / p->Cg);
  accel_dma_wait_all();
  if (wco >= 0) {
    load_weights(p, pl, wco, wnco, s->wbuf[s->cur]);
    if (p->bias)
      load_bias(SPM->bias[s->cur], p->bias, p->bs, wco, wnco, s->pcout);
  }
  for (long r = lo; r < hi; ++r) {
    float *rep = s->rep + (r - lo) * s->rep_row;
    repeat_columns(rep, s->stage[0] + (r - lo) * n, n, s->us);
    accel_dma_rows_on(r, band + r * row + p->pl, rep, p->Cg, p->W * 4,
                      chan * 4, p->W * 4);
  }
  accel_dma_wait_all();
}

/* Band rows 0 .. bi_b - 1 are padded input rows from oh0 stride_h, each
   the row of every channel: image rows where they exist (one transfer
   each, its rows the channels), zero rows in the padding. (The pad
   columns were zeroed once.) With stride_w > 1 an image row comes into a
   staging row, the next one's transfer under its split. */
static void load_band(const conv_problem *p, const igemm_plan *pl, long n,
                      long g, long oh0, long bo_b, float *band, long wco,
                      long wnco) {
  long bi_b = (bo_b - 1) * p->sh + (p->KH - 1) * p->dh + 1;
  long top = oh0 * p->sh - p->pt; /* the image row of band row 0 */
  long lo = min_of(top < 0 ? -top : 0, bi_b);
  long hi = min_of(p->H - top, bi_b);
  if (hi < lo)
    hi = lo;
  long chan = pl->chan, lines = p->sw * p->Cg, row = lines * chan;
  const float *x = p->x + n * p->xs[0] + g * p->Cg * p->xs[1];
  conv_zero_rows(0, band, lo * lines, chan, chan, SPM->zeros);
  if (SPM->s.us > 1) {
    conv_zero_rows(1, band + hi * row, (bi_b - hi) * lines, chan, chan,
                   SPM->zeros);
    load_band_repeated(p, pl, x, top, lo, hi, band, wco, wnco);
    return;
  }
  if (p->sw == 1) {
    conv_zero_rows(1, band + hi * row, (bi_b - hi) * lines, chan, chan,
                   SPM->zeros);
    for (long r = lo; r < hi; ++r)
      accel_copy_matrix(r, band + r * row + p->pl, chan, 1,
                        x + (top + r) * p->xs[2], p->xs[1], p->xs[3], p->Cg,
                        p->W);
    accel_dma_wait_all();
    return;
  }
  float *const *stage = SPM->s.stage;
  for (long r = lo; r < hi; ++r) {
    if (r == lo)
      accel_copy_matrix(2 + (r & 1), stage[r & 1] + p->pl, p->sw * chan, 1,
                        x + (top + r) * p->xs[2], p->xs[1], p->xs[3], p->Cg,
                        p->W);
    accel_dma_wait_on(2 + (r & 1));
    if (r + 1 < hi)
      accel_copy_matrix(2 + ((r + 1) & 1), stage[(r + 1) & 1] + p->pl,
                        p->sw * chan, 1, x + (top + r + 1) * p->xs[2], p->xs[1],
                        p->xs[3], p->Cg, p->W);
    split_phases(band + r * row, stage[r & 1], p->Cg);
  }
  /* After the splits, whose last stores spill into the next row. */
  conv_zero_rows(1, band + hi * row, (bi_b - hi) * lines, chan, chan,
                 SPM->zeros);
  accel_dma_wait_all();
}

/* B's transfers for one run of pixels (issue_b): by tap, (kernel row,
   column), the channels a transfer's rows; by column, (channel, kernel
   column), the kernel rows its rows. */
static void set_b_transfers(const conv_problem *p) {
  band_state *s = &SPM->s;
  long kh_step = s->dh * s->row;
  s->run_transfers = s->taps;
  if (s->b_mode == BByTap) {
    s->b_src_stride = s->chan * 4, s->b_dst_stride = s->taps * T * 4;
    for (long i = 0; i < s->taps; ++i) {
      SPM->run_src[i] = i / p->KW * kh_step + kw_column(s, i % p->KW);
      SPM->run_dst[i] = i * T;
    }
  } else if (s->b_mode == BByColumn) {
    s->run_transfers = s->cc * p->KW;
    s->b_src_stride = kh_step * 4, s->b_dst_stride = p->KW * T * 4;
    for (long i = 0; i < s->run_transfers; ++i) {
      SPM->run_src[i] = i / p->KW * s->chan + kw_column(s, i % p->KW);
      SPM->run_dst[i] = (i / p->KW * p->KH * p->KW + i % p->KW) * T;
    }
  }
}

/* The pad columns of n padded rows (rs floats apart) zeroed. */
static void zero_pad_columns(const conv_problem *p, float *rows, long n,
                             long rs) {
  conv_zero_rows(0, rows, n, p->pl, rs, SPM->zeros);
  conv_zero_rows(1, rows + p->pl + p->W, n, p->pr, rs, SPM->zeros);
}

/* How B is built. A transfer costs its issue ~6 cycles and its channel
   64 of start-up, in the shadow of the transfers ahead of it; by vector,
   each row of B is a load and a store. By tap (rows: the channels) from
   12 channels; with fewer, by kernel column (rows: the kernel rows) when
   there are 5 of them or more, else by vector: the thresholds where, in
   bench/kernels' convolutions, each way overtakes the next (docs/
   performance.md has the figures). */
static int b_mode_of(const conv_problem *p, const igemm_plan *pl) {
  long cc = pl->kc / (p->KH * p->KW);
  if (cc >= 12 && p->KH * p->KW <= MaxRunTransfers)
    return BByTap;
  if (cc < 12 && pl->chunks == 1 && p->KH >= 5 && cc * p->KW <= MaxRunTransfers)
    return BByColumn;
  return BVector;
}

void conv_igemm_run(const conv_problem *p, const igemm_plan *pl) {
  conv_igemm_run_upsampled(p, pl, NULL);
}

void conv_igemm_run_upsampled(const conv_problem *p, const igemm_plan *pl,
                              const conv_upsampling *u) {
  band_state *s = &SPM->s;
  float *weights = SPM->pool + 2 * pl->b_floats;
  float *band = weights + pl->w_floats;
  *s = (band_state){0};
  s->left = pl->left, s->col = band + pl->band_floats;
  s->band = band, s->K = pl->K, s->kc = pl->kc, s->chunks = pl->chunks;
  s->taps = p->KH * p->KW, s->chan = pl->chan, s->phase = p->Cg * pl->chan;
  s->row = p->sw * s->phase;
  s->KW = p->KW, s->KH = p->KH, s->dh = p->dh, s->dw = p->dw;
  s->sh = p->sh, s->sw = p->sw;
  for (long kw = 0; kw < p->KW && kw < KwTable; ++kw)
    s->kw_col[kw] = tap_column(s, kw);
  s->b_mode = b_mode_of(p, pl);
  s->cc = pl->kc / s->taps;
  set_b_transfers(p);
  s->ys1 = p->ys[1], s->ys2 = p->ys[2], s->ys3 = p->ys[3], s->OW = p->OW;
  s->us = u ? u->us : 1;
  if (u && u->phases > 1) {
    long S = u->phases, row = p->ys[2] / S; /* one of y's rows */
    s->phases = S, s->pcout = u->pcout;
    long first = accel_conv2d_upsampled_first_row(0, u->ppad, S);
    for (long r = 0; r < S; ++r) {
      s->pfirst[r] = accel_conv2d_upsampled_first_row(r, u->ppad, S) - first;
      s->prows[r] = r < u->poh ? (u->poh - r + S - 1) / S : 0;
      s->poff[r] = (r - S * s->pfirst[r]) * row - r * u->pcout * p->ys[1];
    }
  }
  /* The bias as the tiles' start when the tile-move port has room for
     the mld beside the mst (an mmac of K >= 32 cycles). */
  s->bias_start =
      p->bias && pl->kc >= 2 * T &&
      (p->act.kind == ACCEL_ACT_NONE || p->act.kind == ACCEL_ACT_RELU);
  s->epilogue = conv_needs_epilogue(p) && !s->bias_start;
  s->relu = !s->epilogue && p->act.kind == ACCEL_ACT_RELU;
  s->act = p->act;
  conv_make_zeros(SPM->zeros);
  /* The pad columns, once: of the band's rows, or with stride_w > 1 of
     the staging rows. */
  if (s->us > 1) {
    zero_pad_columns(p, band, p->Cg * pl->bi, pl->chan);
    s->rep = band + pl->band_floats + pl->col_floats;
    s->rep_row = p->Cg * p->W + s->us * T;
    s->stage[0] = s->rep + pl->bi * s->rep_row;
  } else if (p->sw == 1) {
    zero_pad_columns(p, band, p->Cg * pl->bi, pl->chan);
  } else {
    s->stage[0] = band + pl->band_floats + pl->col_floats;
    s->stage[1] = s->stage[0] + pl->stage_floats / 2;
    zero_pad_columns(p, s->stage[0], p->Cg, p->sw * pl->chan);
    zero_pad_columns(p, s->stage[1], p->Cg, p->sw * pl->chan);
  }
  /* Before the bands' zero rows, which hold pad columns too, and the
     staging rows' splits, which read them. */
  accel_dma_wait_all();
  long blocks = ceil_div(p->Coutg, T), groups = ceil_div(blocks, pl->q);
  long loaded = -1; /* the group whose weights are in wbuf[s->cur] */
  s->q = pl->q, s->Coutg = p->Coutg, s->bs = p->bs, s->bias_src = p->bias;
  s->ws0 = p->ws[0], s->ws1 = p->ws[1], s->w = p->w, s->cur = 0;
  s->wbuf[0] = weights, s->wbuf[1] = weights + weight_floats(pl, pl->q);
  s->prefetch = pl->prefetch;
  s->two_sets = pl->q <= MaxBlocks / 2;
  for (long g = 0; g < p->groups; ++g)
    for (long n = 0; n < p->N; ++n)
      for (long oh0 = 0; oh0 < p->OH; oh0 += pl->bo) {
        long bo_b = min_of(pl->bo, p->OH - oh0);
        /* With us > 1, the first group's weights come under the band's
           repeats (load_band_repeated). */
        long wco = g * p->Coutg, wnco = min_of(pl->q * T, p->Coutg);
        if (s->us <= 1 || wco == loaded)
          wco = -1;
        load_band(p, pl, n, g, oh0, bo_b, band, wco, wnco);
        if (wco >= 0)
          loaded = wco;
        s->co_base = g * p->Coutg;
        s->yn = p->y + n * p->ys[0];
        /* With prefetch, one run over every group (the first's weights
           loaded here); without, one run per group. */
        for (long k = 0; k < groups; k += s->groups) {
          s->k0 = k;
          s->groups = pl->prefetch ? groups : 1;
          long co0 = s->co_base + k * pl->q * T;
          long nco = min_of(pl->q * T, p->Coutg - k * pl->q * T);
          if (co0 != loaded) {
            load_weights(p, pl, co0, nco, s->wbuf[s->cur]);
            if (p->bias)
              load_bias(SPM->bias[s->cur], p->bias, p->bs, co0, nco,
                        s->pcout);
            accel_dma_wait_all();
          }
          igemm_run_band(oh0, bo_b);
          /* The last group's weights are in wbuf[cur + groups - 1]. */
          s->cur = (s->cur + s->groups - 1) & 1;
          loaded = s->co_base + (k + s->groups - 1) * pl->q * T;
        }
      }
  accel_dma_wait_all();
}
