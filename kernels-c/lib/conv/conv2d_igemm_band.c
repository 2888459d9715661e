/* conv2d_igemm_band.c - the implicit GEMM's loop over one band of output
   rows: per group of output blocks, pixel block and K chunk the mmacs,
   with B's next block built, the weights' next group arriving and the
   last block's tiles finished and sent under them (conv2d_igemm.c). */

#include "conv/conv2d_igemm.h"

/* Accumulator tiles by number: the intrinsics take constants. A tree of
   bit tests, not a switch (whose jump table is in DRAM: 40 cycles a
   dispatch). */
#define TILE_2(t, n, OP)                                                       \
  do {                                                                         \
    if ((t)&1)                                                                 \
      OP((n) + 1);                                                             \
    else                                                                       \
      OP(n);                                                                   \
  } while (0)
#define TILE_4(t, n, OP)                                                       \
  do {                                                                         \
    if ((t)&2)                                                                 \
      TILE_2(t, (n) + 2, OP);                                                  \
    else                                                                       \
      TILE_2(t, n, OP);                                                        \
  } while (0)
#define TILE_8(t, n, OP)                                                       \
  do {                                                                         \
    if ((t)&4)                                                                 \
      TILE_4(t, (n) + 4, OP);                                                  \
    else                                                                       \
      TILE_4(t, n, OP);                                                        \
  } while (0)
#define TILE_SWITCH(t, OP)                                                     \
  do {                                                                         \
    if ((t)&8)                                                                 \
      TILE_8(t, 8, OP);                                                        \
    else                                                                       \
      TILE_8(t, 0, OP);                                                        \
  } while (0)

static inline void tile_mac(long t, int zero, const float *start,
                            const float *a, const float *b, long k) {
#define MAC(n)                                                                 \
  do {                                                                         \
    if (zero && start)                                                         \
      accel_mld(n, start);                                                     \
    else if (zero)                                                             \
      accel_mzero(n);                                                          \
    if (k)                                                                     \
      accel_mmac(n, a, b, k);                                                  \
  } while (0)
  TILE_SWITCH(t, MAC);
#undef MAC
}

static inline void tile_store(long t, float *dst, int relu) {
#define STORE(n)                                                               \
  do {                                                                         \
    if (relu)                                                                  \
      accel_mst_relu(n, dst);                                                  \
    else                                                                       \
      accel_mst(n, dst);                                                       \
  } while (0)
  TILE_SWITCH(t, STORE);
#undef STORE
}

/* The runs of pixels first .. first + count - 1 of the band (row-major
   over its output rows, from oh0) within output rows, for group k. */
static void make_block(pixel_block *b, long first, long count, long oh0,
                       long k) {
  const band_state *s = &SPM->s;
  long qb = (s->k0 + k) * s->q;
  b->nco = min_of(s->q * T, s->Coutg - qb * T);
  b->nq = ceil_div(b->nco, T);
  b->co = s->co_base + qb * T;
  b->y = s->yn + b->co * s->ys1;
  b->bias = SPM->bias[(s->cur + k) & 1];
  long oh = first / s->OW, ow = first % s->OW, j = 0, n = 0;
  while (j < count) {
    long len = min_of(s->OW - ow, count - j);
    b->seg[n++] = (segment){oh0 + oh, j, len, oh * s->sh * s->row + ow,
                            (oh0 + oh) * s->ys2 + ow * s->ys3};
    j += len, ow = 0, ++oh;
  }
  b->count = n;
}

/* B's transfers first .. last - 1 of a pixel block's list (per run of
   pixels, run_transfers of them: by tap or by column, b_mode) for the
   channels from c0, each of rows rows, on channels 0 to 2, three a step.
   A transfer's offsets in the band and in B are the same for every run
   (run_src, run_dst), so that a transfer is two loads, two adds and the
   issue: no divisions (12 cycles each), and the state in locals (a
   transfer may write memory, which would make the compiler read it
   again after each). */
static void issue_b(float *b, const pixel_block *blk, long c0, long rows,
                    long first, long last) {
  const band_state *s = &SPM->s;
  long per_run = s->run_transfers;
  long dst_stride = s->b_dst_stride, src_stride = s->b_src_stride;
  const float *band = s->band + c0 * s->chan;
  const long *src_off = SPM->run_src, *dst_off = SPM->run_dst;
  long r = 0, r0 = 0;
  while (r0 + per_run <= first) /* no division: a few runs at most */
    ++r, r0 += per_run;
  for (; r0 < last; ++r, r0 += per_run) {
    const segment *g = &blk->seg[r];
    const float *src = band + g->in;
    float *dst = b + g->j0;
    long bytes = g->len * 4, i = first > r0 ? first - r0 : 0;
    long end = min_of(last - r0, per_run);
    for (; i + 3 <= end; i += 3) {
      accel_dma_2d(0, dst + dst_off[i], src + src_off[i], rows, bytes,
                   dst_stride, src_stride);
      accel_dma_2d(1, dst + dst_off[i + 1], src + src_off[i + 1], rows, bytes,
                   dst_stride, src_stride);
      accel_dma_2d(2, dst + dst_off[i + 2], src + src_off[i + 2], rows, bytes,
                   dst_stride, src_stride);
    }
    for (int ch = 0; i < end; ++i, ++ch)
      accel_dma_2d_on(ch, dst + dst_off[i], src + src_off[i], rows, bytes,
                      dst_stride, src_stride);
  }
}

/* B by vector loads (b_mode_of: few channels and kernel rows). Rows in
   order, runs in order: a run's store spills into the next row, which is
   written later. */

/* build_b_vector with runs runs (a constant, 0: any) and SW (a constant:
   1 or 2, the stride along rows of a kernel with no dilation along them,
   whose tap kw then reads kw / SW on in phase kw % SW, at an immediate
   offset; 0 any, kw_column's). Two rows a step, their loads before their
   stores, so that a load's latency is under the other row's. */
static inline __attribute__((always_inline)) void
build_b_runs(float *b, const pixel_block *blk, long c0, long cc, const int runs,
             const int SW) {
  const band_state *s = &SPM->s;
  /* Everything in locals: the stores would make the compiler read the
     state again for every row. */
  long count = runs ? runs : blk->count, j0[MaxSegments], in[MaxSegments];
  for (long r = 0; r < count; ++r)
    j0[r] = blk->seg[r].j0, in[r] = blk->seg[r].in;
  long KW = s->KW, kh_rows = s->taps / KW, dh_step = s->dh * s->row;
  long chan = s->chan, phase = s->phase;
  const float *crow = s->band + c0 * chan;
  float *dst = b;
  for (long c = 0; c < cc; ++c, crow += chan) {
    const float *src = crow;
    for (long kh = 0; kh < kh_rows; ++kh, src += dh_step) {
      long kw = 0;
      /* The common kernel widths: the row's taps at once, unrolled. */
#define ONE_IF_ZERO(n) ((n) ? (n) : 1)
#define TAP(t) (src + (t) % ONE_IF_ZERO(SW) * phase + (t) / ONE_IF_ZERO(SW))
#define KERNEL_ROW(width)                                                      \
  if (SW && KW == (width)) {                                                   \
    accel_v16f x[(width)][MaxSegments];                                        \
    for (int t = 0; t < (width); ++t)                                          \
      for (long r = 0; r < count; ++r)                                         \
        x[t][r] = accel_vload(TAP(t) + in[r]);                                 \
    for (int t = 0; t < (width); ++t)                                          \
      for (long r = 0; r < count; ++r)                                         \
        accel_vstore(dst + t * T + j0[r], x[t][r]);                            \
    dst += (width)*T;                                                          \
    continue;                                                                  \
  }
      KERNEL_ROW(3)
      KERNEL_ROW(5)
      KERNEL_ROW(7)
#undef KERNEL_ROW
#undef TAP
#undef ONE_IF_ZERO
      for (; kw + 1 < KW; kw += 2, dst += 2 * T) {
        const float *a = src + kw_column(s, kw);
        const float *e = src + kw_column(s, kw + 1);
        accel_v16f v[MaxSegments], u[MaxSegments];
        for (long r = 0; r < count; ++r) {
          v[r] = accel_vload(a + in[r]);
          u[r] = accel_vload(e + in[r]);
        }
        for (long r = 0; r < count; ++r)
          accel_vstore(dst + j0[r], v[r]);
        for (long r = 0; r < count; ++r)
          accel_vstore(dst + T + j0[r], u[r]);
      }
      if (kw < KW) {
        const float *a = src + kw_column(s, kw);
        accel_v16f v[MaxSegments];
        for (long r = 0; r < count; ++r)
          v[r] = accel_vload(a + in[r]);
        for (long r = 0; r < count; ++r)
          accel_vstore(dst + j0[r], v[r]);
        dst += T;
      }
    }
  }
}

static inline __attribute__((always_inline)) void
build_b_stride1(float *b, const pixel_block *blk, long c0, long cc,
                const int runs) {
  build_b_runs(b, blk, c0, cc, runs, 1);
}

static inline __attribute__((always_inline)) void
build_b_stride2(float *b, const pixel_block *blk, long c0, long cc,
                const int runs) {
  build_b_runs(b, blk, c0, cc, runs, 2);
}

static inline __attribute__((always_inline)) void
build_b_any(float *b, const pixel_block *blk, long c0, long cc,
            const int runs) {
  build_b_runs(b, blk, c0, cc, runs, 0);
}

#define BUILD_B_RUNS(fn)                                                       \
  do {                                                                         \
    switch (blk->count) {                                                      \
    case 1:                                                                    \
      fn(b, blk, c0, cc, 1);                                                   \
      break;                                                                   \
    case 2:                                                                    \
      fn(b, blk, c0, cc, 2);                                                   \
      break;                                                                   \
    case 3:                                                                    \
      fn(b, blk, c0, cc, 3);                                                   \
      break;                                                                   \
    case 4:                                                                    \
      fn(b, blk, c0, cc, 4);                                                   \
      break;                                                                   \
    default:                                                                   \
      fn(b, blk, c0, cc, 0);                                                   \
    }                                                                          \
  } while (0)

/* build_b_vector for a 1 x 1 kernel: a row per channel, one pointer
   stepping through the channels (the general loop nest's state spilled:
   45 cycles a row). */
static inline __attribute__((always_inline)) void
pointwise_runs(float *b, const pixel_block *blk, long c0, long cc,
               const int runs) {
  const band_state *s = &SPM->s;
  long count = runs ? runs : blk->count, j0[MaxSegments], in[MaxSegments];
  for (long r = 0; r < count; ++r)
    j0[r] = blk->seg[r].j0, in[r] = blk->seg[r].in;
  long chan = s->chan;
  const float *src = s->band + c0 * chan;
  for (long c = 0; c < cc; ++c, src += chan, b += T) {
    accel_v16f v[MaxSegments];
    for (long r = 0; r < count; ++r)
      v[r] = accel_vload(src + in[r]);
    for (long r = 0; r < count; ++r)
      accel_vstore(b + j0[r], v[r]);
  }
}

/* With the runs a constant (up to 4), their offsets stay in registers. */
static void build_b_vector(float *b, const pixel_block *blk, long c0, long cc) {
  const band_state *s = &SPM->s;
  if (s->taps == 1)
    BUILD_B_RUNS(pointwise_runs);
  else if (s->dw == 1 && s->sw == 1)
    BUILD_B_RUNS(build_b_stride1);
  else if (s->dw == 1 && s->sw == 2)
    BUILD_B_RUNS(build_b_stride2);
  else
    BUILD_B_RUNS(build_b_any);
}
#undef BUILD_B_RUNS

/* Starts building B for item t (pixel block t / chunks, chunk t % chunks):
   transfers [first, last) of it (b_mode). */
static void build_b(long t, long first, long last) {
  const band_state *s = &SPM->s;
  if (last <= first)
    return;
  float *b = SPM->pool + (t & 1) * (s->kc * T + T);
  const pixel_block *blk = &SPM->blocks[t & 1];
  long c0 = 0, cc = s->cc;
  if (s->chunks > 1) { /* the divisions only with chunks */
    long chunk = t % s->chunks;
    c0 = chunk * s->cc, cc = min_of(s->kc, s->K - chunk * s->kc) / s->taps;
    blk = &SPM->blocks[(t / s->chunks) & 1];
  }
  if (s->b_mode == BVector)
    build_b_vector(b, blk, c0, cc);
  else
    issue_b(b, blk, c0, s->b_mode == BByTap ? cc : s->KH, first, last);
}

/* out's rows += bias, then with relu (a constant) max(0, .): eight rows a
   step, eight independent chains. */
static inline __attribute__((always_inline)) void
add_bias(float *out, const float *bias, long rows, const int relu) {
  accel_v16f zero = 0.0f;
  long r = 0;
  for (; r + 8 <= rows; r += 8) {
    accel_v16f v[8];
    for (int i = 0; i < 8; ++i)
      v[i] = accel_vload(out + (r + i) * T) + bias[r + i];
    for (int i = 0; i < 8; ++i)
      accel_vstore(out + (r + i) * T,
                   relu ? __builtin_elementwise_max(v[i], zero) : v[i]);
  }
  for (; r < rows; ++r) {
    accel_v16f v = accel_vload(out + r * T) + bias[r];
    accel_vstore(out + r * T, relu ? __builtin_elementwise_max(v, zero) : v);
  }
}

/* finish_block's stores with phases (conv_upsampling's): each stack's
   channels of the block, of the runs in its rows, at its place. */
static void store_phases(const float *out, const pixel_block *blk) {
  const band_state *s = &SPM->s;
  for (long r = 0; r < s->phases; ++r) {
    long lo = r * s->pcout - blk->co, hi = lo + s->pcout;
    lo = lo > 0 ? lo : 0, hi = min_of(hi, blk->nco);
    for (long k = 0; lo < hi && k < blk->count; ++k) {
      const segment *g = &blk->seg[k];
      long i = g->row - s->pfirst[r];
      if (i >= 0 && i < s->prows[r])
        accel_copy_matrix(3, blk->y + lo * s->ys1 + g->out + s->poff[r],
                          s->ys1, s->ys3, out + lo * T + g->j0, T, 1, hi - lo,
                          g->len);
    }
  }
}

/* The bias and activation on a finished block, then its runs out to y on
   channel 3. */
static void finish_block(float *out, const pixel_block *blk) {
  const band_state *s = &SPM->s;
  /* A bias with ReLU or nothing (batch norms folded into convolutions)
     in a loop of its own: accel_activate's choice of activation, made
     for each row, would cost more than the row's work. */
  accel_act_kind act = s->act.kind;
  if (s->epilogue && act == ACCEL_ACT_NONE)
    add_bias(out, blk->bias, blk->nco, 0);
  else if (s->epilogue && act == ACCEL_ACT_RELU)
    add_bias(out, blk->bias, blk->nco, 1);
  else if (s->epilogue)
    conv_activate_rows(out, blk->nco, blk->bias, &s->act);
  if (s->phases > 1) {
    store_phases(out, blk);
    return;
  }
  for (long r = 0; r < blk->count; ++r) {
    const segment *g = &blk->seg[r];
    accel_copy_matrix(3, blk->y + g->out, s->ys1, s->ys3, out + g->j0, T, 1,
                      blk->nco, g->len);
  }
}

/* B's transfers for item t: one per run and tap (none for K = 0). */
static long transfers(long t) {
  const band_state *s = &SPM->s;
  return s->kc ? SPM->blocks[(t / s->chunks) & 1].count * s->run_transfers : 0;
}

/* The first accumulator tile of pixel block p: with 8 blocks or fewer,
   blocks alternate between tiles 0-7 and 8-15, so that a block's tiles
   are stored (on the tile-move port) while the next block's mmacs run. */
static long first_tile(long p) {
  return SPM->s.two_sets && (p & 1) ? MaxBlocks / 2 : 0;
}

/* Block p's tiles into out[p & 1], once the block before its last has
   left. */
static void store_block(long p) {
  accel_dma_wait(3);
  for (long q = 0, t0 = first_tile(p); q < SPM->blocks[p & 1].nq; ++q)
    tile_store(t0 + q, SPM->out[p & 1] + q * T * T, SPM->s.relu);
}

/* Rows first .. last - 1 of the next group's weights, in
   weight_floats' layout (row r of block q's chunk c is row (q chunks +
   c) 16 + r), on channel 3: one transfer per run of rows of one chunk;
   and its bias, in the buffer of the same parity, with the first. */
static void prefetch_weights(long first, long last) {
  const band_state *s = &SPM->s;
  long cc = s->kc / s->taps;
  if (first == 0 && s->bias_src) /* the bias with the first share */
    load_bias(SPM->bias[s->pf_dst == s->wbuf[1]], s->bias_src, s->bs,
              s->pf_co, s->pf_nco, s->pcout);
  while (first < last) {
    long blk = first / T, r = first % T, n = min_of(last - first, T - r);
    long q = blk / s->chunks, chunk = blk % s->chunks;
    long rows = min_of(n, s->pf_nco - q * T - r);
    long kcc = min_of(s->kc, s->K - chunk * s->kc);
    float *dst = s->pf_dst + (q * s->K + chunk * s->kc) * T + r * kcc;
    const float *src = s->pf_src + (q * T + r) * s->ws0 + chunk * cc * s->ws1;
    /* Spread: the rows over channels 0-2, so that a piece arrives within
       the mmac it goes under (one channel alone takes about twice an
       mmac's K cycles for a block's piece with few pixels). */
    for (int part = 0, parts = s->pf_spread ? 3 : 1; part < parts; ++part) {
      long r0 = rows * part / parts, r1 = rows * (part + 1) / parts;
      if (r1 > r0)
        accel_dma_2d_on(s->pf_spread ? part : 3, dst + r0 * kcc,
                        src + r0 * s->ws0, r1 - r0, kcc * 4, kcc * 4,
                        s->ws0 * 4);
    }
    first += n;
  }
}

/* Piece m of mm of the next group's weights, one piece after each of
   this group's mmacs: its 16-row blocks split alike, so that a piece is
   one transfer and ends before the next one starts (a transfer on a busy
   channel would stall everything after it, the next mmac too). */
static void prefetch_piece(long m, long mm) {
  long nb = SPM->s.pf_rows / T, d = mm / nb;
  if (!d) /* fewer mmacs than blocks: several blocks a piece */
    prefetch_weights(m * nb / mm * T, (m + 1) * nb / mm * T);
  else if (m < nb * d)
    prefetch_weights(m / d * T + m % d * T / d,
                     m / d * T + (m % d + 1) * T / d);
}

/* Group k starts: its weights (and bias) are in; with prefetch, group
   k + 1's are to come (prefetch_piece, from the first mmac on: group
   k - 1's buffers are then free). */
static void start_group(long k) {
  band_state *s = &SPM->s;
  long qb = (s->k0 + k + 1) * s->q;
  if (k && s->pf_spread)
    accel_dma_wait_all();
  else if (k)
    accel_dma_wait(3);
  s->weights = s->wbuf[(s->cur + k) & 1];
  if (s->bias_start) {
    long nco = min_of(s->q * T, s->Coutg - (s->k0 + k) * s->q * T);
    const float *bias = SPM->bias[(s->cur + k) & 1];
    for (long q = 0; q * T < nco; ++q)
      for (int r = 0; r < T; ++r)
        accel_vstore(SPM->bias_tiles[q] + r * T, (accel_v16f)bias[q * T + r]);
  }
  s->pf_rows = 0;
  if (!s->prefetch || k + 1 == s->groups)
    return;
  s->pf_dst = s->wbuf[(s->cur + k + 1) & 1];
  s->pf_co = s->co_base + qb * T;
  s->pf_src = s->w + s->pf_co * s->ws0;
  s->pf_nco = min_of(s->q * T, s->Coutg - qb * T);
  s->pf_rows = ceil_div(s->pf_nco, T) * s->chunks * T;
}

/* Slice pn of nblk of the last pixel's dot products with block q's rows
   of the running chunk (kcc long): the vector unit's share of the work
   under one mmac, lane-wise partial sums in part[q] between slices. 16
   chains of vfmas, one load of weights each, the column's vector shared. */
__attribute__((noinline)) static void left_slice(long q, long pn, long nblk,
                                                 long chunk, long kcc) {
  const band_state *s = &SPM->s;
  long nv = kcc / T, v1 = (pn + 1) * nv / nblk * T;
  const float *a = s->weights + (q * s->K + chunk * s->kc) * T;
  const float *x = s->col + chunk * s->kc;
  float *part = SPM->part[q];
  accel_v16f acc[T];
  for (int r = 0; r < T; ++r)
    acc[r] = pn == 0 && chunk == 0 ? 0.0f : accel_vload(part + r * T);
  for (long v = pn * nv / nblk * T; v < v1; v += T) {
    accel_v16f xv = accel_vload(x + v);
    for (int r = 0; r < T; ++r)
      acc[r] += accel_vload(a + r * kcc + v) * xv;
  }
  for (int r = 0; r < T; ++r)
    accel_vstore(part + r * T, acc[r]);
}

/* Group k's last pixel, its slices all done: each block's 16 partial
   sums per channel added across the lanes (a strided load per lane gives
   one lane of all 16 channels), the bias and activation, and the column
   out to y on channel 3. */
static void left_finish(long k) {
  const band_state *s = &SPM->s;
  long qb = (s->k0 + k) * s->q, nco = min_of(s->q * T, s->Coutg - qb * T);
  const float *bias = SPM->bias[(s->cur + k) & 1];
  accel_dma_wait(3); /* the previous group's column has left */
  for (long q = 0; q * T < nco; ++q) {
    accel_v16f v = 0.0f;
    for (int l = 0; l < T; ++l)
      v += accel_vload_strided(SPM->part[q] + l, T * 4);
    if (s->bias_src)
      v += accel_vload(bias + q * T);
    accel_vstore(SPM->left_y + q * T, accel_activate(v, &s->act));
  }
  accel_copy_matrix(3, s->yn + (s->co_base + qb * T) * s->ys1 + s->left_out,
                    s->ys1, s->ys3, SPM->left_y, 1, 1, nco, 1);
}

/* The last pixel's im2col column: one transfer per tap, its rows the
   channels (B's transfers for one pixel, laid out as w's rows are). */
static void build_left_column(long npix, long oh0) {
  band_state *s = &SPM->s;
  long oh = (npix - 1) / s->OW, ow = (npix - 1) % s->OW;
  long in = oh * s->sh * s->row + ow;
  s->left_out = (oh0 + oh) * s->ys2 + ow * s->ys3;
  for (long tap = 0; tap < s->taps; ++tap) {
    long kh = tap / s->KW, kw = tap % s->KW;
    accel_dma_2d_on(tap % 3, s->col + tap,
                    s->band + kh * s->dh * s->row + kw_column(s, kw) + in,
                    s->K / s->taps, 4, s->taps * 4, s->chan * 4);
  }
}

/* Every item (group of output blocks, pixel block, K chunk) of one band:
   bo_b output rows from oh0. Per item, the group's mmacs; after each, a
   piece of the next group's weights in, a share of the next item's B
   transfers and with left a slice of the last pixel's dot products;
   after the first, the previous block's tiles stored (unless they were
   at once, sharing the tiles) and its results out. Running the groups in
   one loop lets the next group's first B be built under this group's
   last mmacs. */
__attribute__((noinline)) void igemm_run_band(long oh0, long bo_b) {
  band_state *s = &SPM->s;
  long npix = bo_b * s->OW, chunks = s->chunks, pf_rows = 0;
  /* In registers, and expected off: the checks run after every mmac, and
     most shapes take neither path. */
  int left = s->left;
  long nblk = left ? npix / T : ceil_div(npix, T);
  long per_group = nblk * chunks, items = s->groups * per_group;
  long stored = -1, unstored = -1;
  /* One pixel block and at most two chunks: every group of output blocks
     meets the same B (chunk c's in buffer c), built once, not once a
     group of weights. */
  int resident_b = nblk == 1 && chunks <= 2;
  s->pf_spread = resident_b;
  make_block(&SPM->blocks[0], 0, min_of(T, npix), oh0, 0);
  build_b(0, 0, transfers(0));
  if (left)
    build_left_column(npix, oh0);
  accel_dma_wait_all();
  for (long t = 0; t < items; ++t) {
    long k = t / per_group, tt = t % per_group, P = t / chunks;
    long chunk = t % chunks, next = t + 1, share = 0;
    if (tt == 0) {
      start_group(k);
      pf_rows = s->pf_rows;
    }
    long kcc = min_of(s->kc, s->K - chunk * s->kc), t0 = first_tile(P);
    long nq = SPM->blocks[P & 1].nq;
    const float *b =
        SPM->pool + (resident_b && chunks == 1 ? 0 : t & 1) * (s->kc * T + T);
    for (long q = 0; q < nq; ++q) {
      tile_mac(t0 + q, chunk == 0, s->bias_start ? SPM->bias_tiles[q] : NULL,
               s->weights + (q * s->K + chunk * s->kc) * T, b, kcc);
      if (q == 0) {
        if (unstored >= 0)
          store_block(stored = unstored);
        if (stored >= 0)
          finish_block(SPM->out[stored & 1], &SPM->blocks[stored & 1]);
        stored = unstored = -1;
        if (next < items && next % chunks == 0) {
          long pn = next % per_group / chunks;
          make_block(&SPM->blocks[(P + 1) & 1], pn * T,
                     min_of(T, npix - pn * T), oh0, next / per_group);
        }
        share = next < items && (!resident_b || next < chunks) ? transfers(next)
                                                               : 0;
      }
      if (__builtin_expect(pf_rows != 0, 0))
        prefetch_piece(tt * nq + q, per_group * nq);
      /* B by tap comes in shares, one under each mmac; built otherwise,
         it comes whole under the second (the first's has the previous
         block's store). */
      if (share && s->b_mode == BByTap)
        build_b(next, q * share / nq, (q + 1) * share / nq);
      else if (share && q == (nq > 1))
        build_b(next, 0, share);
      if (__builtin_expect(left, 0))
        left_slice(q, tt / chunks, nblk, chunk, kcc);
    }
    if (left && tt == per_group - 1)
      left_finish(k);
    if (chunk == chunks - 1 && !s->two_sets)
      store_block(stored = P);
    else if (chunk == chunks - 1)
      unstored = P;
    accel_dma_wait(0);
    accel_dma_wait(1);
    accel_dma_wait(2);
  }
  if (unstored >= 0)
    store_block(stored = unstored);
  finish_block(SPM->out[stored & 1], &SPM->blocks[stored & 1]);
}
