/* gemm_run.c - accel_gemm_run: the K chunks and panels of a checked
   product, each panel's rows on the fast path or the general one
   (gemm_internal.h). */

#include "matmul/gemm_internal.h"
#include "matmul/gemm_few_rows.h"

static void splat_columns(float *__restrict tiles, const float *__restrict bias,
                          long nblocks) {
  /* The next block's load before this one's stores: a load's latency
     once, not once a block, before the panel's first mmac. */
  accel_v16f next = accel_vload(bias);
  for (long j = 0; j < nblocks; ++j) {
    accel_v16f v = next;
    next = accel_vload(bias + (j + 1 < nblocks ? j + 1 : j) * T);
#pragma clang loop unroll(full)
    for (int i = 0; i < T; ++i)
      accel_vstore(tiles + j * T * T + i * T, v);
  }
}

/* A lone last column goes to the vector unit (last_column) when two whole
   blocks' mmacs cover it. */
static int lone_column(long nb, long kc) {
  return (nb % T == 1) & (nb > 2 * T) & (kc % T == 0);
}

/* Whether to compute c^T = op(b)^T . op(a)^T instead: fewer rows than a
   tile against B's columns contiguous and its rows not (a Linear layer's
   y = x W^T at batch 1). W's rows are then A's tiles, one transfer each,
   where each row of B would take a transfer per element. */
static int transposed_pays(view va, view vb, view vc) {
  (void)va;
  return vc.rows < T && vc.cols > vc.rows && vb.rs == 1 && vb.cs != 1;
}

/* c^T = op(b)^T . op(a)^T, with the bias's kind swapped. */
static void run_transposed(view va, view vb, view vc, accel_gemm_options o) {
  long M = vc.rows, N = vc.cols, K = va.cols;
  accel_tensor at = {vb.base, ACCEL_F32, 2, {N, K}, {vb.cs, vb.rs}};
  accel_tensor bt = {va.base, ACCEL_F32, 2, {K, M}, {va.cs, va.rs}};
  accel_tensor ct = {vc.base, ACCEL_F32, 2, {N, M}, {vc.cs, vc.rs}};
  o.trans_a = o.trans_b = 0;
  if (o.bias_kind != ACCEL_BIAS_NONE)
    o.bias_kind = o.bias_kind == ACCEL_BIAS_PER_ROW ? ACCEL_BIAS_PER_COLUMN
                                                    : ACCEL_BIAS_PER_ROW;
  accel_gemm_run(&at, &bt, &ct, &o);
}

/* What accel_gemm_run decides once for all its chunks and panels. */
typedef struct {
  accel_gemm_options o;
  view va, vb, vc, bias;
  long M, N, K;
  int per_column;
  int early; /* A's first tile and B's first block are on their way */
} gemm_run_args;

/* One K chunk and one panel streamed under the first row of tiles, its
   first two items (A's first tile, B's first block) and a per-column bias
   on their way (early). */
static void run_streamed(const gemm_run_args *r, long blocks) {
  const view va = r->va, vb = r->vb, vc = r->vc, bias = r->bias;
  long M = r->M, N = r->N, K = r->K;
  int per_column = r->per_column;
  int per_row = r->o.bias_kind == ACCEL_BIAS_PER_ROW;
  if (per_row)
    accel_copy_matrix(0, bias_rows[0], 0, 1, bias.base, 0, bias.cs, 1,
                      min_of(M, T));
  /* One row of tiles (M <= T) has no second row to fetch. */
  int two_rows = M > T;
  stream_plan plan = {
      .panel = b_panel[0],
      .b = vb.base,
      .b_rs = vb.rs,
      .nb = N,
      .nblocks = blocks,
      .kc = K,
      .a1 = at(va, T, 0),
      .a_rs = va.rs,
      .rows1 = two_rows ? min_of(M - T, T) : 0,
      .bias1 = per_row && two_rows ? at(bias, 0, T) : NULL,
      .bias_cs = bias.cs,
  };
  stream_start(&plan, 2);
  accel_vstore(zero_row, (accel_v16f)0.0f);
  /* The bias tiles, made while A's first tile and B's first blocks
     arrive: each tile starts from its block's (START_TILE). */
  if (per_column) {
    wait_column_bias(&plan);
    splat_columns(bias_tiles[0], bias_cols, blocks);
  }
  /* Straight from the accumulator: alpha 1, beta 0, one K chunk. */
  epilogue e = {.alpha = 1.0f, .first = 1, .last = 1, .act = &r->o.act};
  fast_job f = {
      .a0 = va.base,
      .a_rs = va.rs,
      .a_cs = va.cs,
      .M = M,
      .kc = K,
      .panel = b_panel[0],
      .nb = N,
      .c = vc.base,
      .c_rs = vc.rs,
      .e = &e,
      .bias = per_row ? bias.base : NULL,
      .bias_cs = bias.cs,
      .col_tiles = per_column ? bias_tiles[0] : NULL,
      .plan = &plan,
  };
  rows_fast_any(&f);
  accel_dma_wait_all();
}

/* One K chunk's state across its panels. */
typedef struct {
  long k0, kc;
  int first, last;
  int fast;   /* straight from the accumulator: the bias its start value
                 (rows_fast), or no bias (run_row) */
  int direct; /* fast without a bias and with no activation but ReLU */
  int read_c; /* beta * c or a partial sum to add */
  long panel_cols;
  int streams; /* each panel but the first loads under the previous one */
  int loaded;  /* the panel is in b_panel[half] already, and its first
                  row's A tile (and bias) in a_tile[a_buf] */
  int a_buf;
} gemm_chunk;

/* The chunk's panel of columns n0 .. into b_panel[half], and its rows. */
static inline __attribute__((always_inline)) void
run_panel(const gemm_run_args *r, gemm_chunk *ch, long n0, long half) {
  const view va = r->va, vb = r->vb, vc = r->vc, bias = r->bias;
  const accel_gemm_options *o = &r->o;
  long M = r->M, N = r->N, k0 = ch->k0, kc = ch->kc;
  int per_column = r->per_column, first = ch->first;
  long nb = min_of(N - n0, ch->panel_cols);
  long nblocks = (nb + T - 1) / T;
  float *panel = b_panel[half];
  int column = lone_column(nb, kc);
  /* The fast path's first panel streams under its first row of tiles
     when each block and A tile is one transfer and nothing else needs a
     channel: two rows of tiles or more, no lone column. A per-column
     bias goes on channel 3 before the plan's item 3 (dma.wait.older then
     waits for it alone); without the stream, on channel 2 with the
     panel. */
  stream_plan plan;
  int stream = ch->streams && !ch->loaded && va.cs == 1 && M > T && !column;
  int column_bias = first && per_column;
  if (column_bias && stream)
    accel_copy_matrix(3, bias_cols, 0, 1, at(bias, 0, n0), 0, bias.cs, 1, nb);
  /* A's first tile on channel 0, then the panel over all four channels:
     block j holds kc rows of its T columns. */
  if (!ch->loaded)
    ch->a_buf = 0;
  if (!ch->loaded && first && o->bias_kind == ACCEL_BIAS_PER_ROW)
    accel_copy_matrix(0, bias_rows[0], 0, 1, bias.base, 0, bias.cs, 1,
                      min_of(M, T));
  int issued = r->early && n0 == 0; /* A's first tile, B's first block */
  if (!ch->loaded && kc && !issued)
    fetch_a(0, a_tile[0], va, 0, k0, kc);
  if (stream) {
    plan = (stream_plan){
        .panel = panel,
        .b = at(vb, k0, n0),
        .b_rs = vb.rs,
        .nb = nb,
        .nblocks = nblocks,
        .kc = kc,
        .a1 = at(va, T, k0),
        .a_rs = va.rs,
        .rows1 = min_of(M - T, T),
        .bias1 = o->bias_kind == ACCEL_BIAS_PER_ROW ? at(bias, 0, T) : NULL,
        .bias_cs = bias.cs,
    };
    stream_start(&plan, issued ? 2 : 1);
  }
  for (long j = issued; j < nblocks && kc && !ch->loaded && !stream; ++j)
    accel_copy_matrix(KERNEL_CHANNEL(j + 1), panel + j * T * kc, T, 1,
                      at(vb, k0, n0 + j * T), vb.rs, vb.cs, kc,
                      block_cols(nb, j));
  if (column_bias && !stream)
    accel_copy_matrix(2, bias_cols, 0, 1, at(bias, 0, n0), 0, bias.cs, 1, nb);
  if (!stream)
    accel_dma_wait_all();

  float *c_panel = (float *)at(vc, 0, n0);
  if (ch->fast && vc.cs == 1 && kc) {
    epilogue e = {.alpha = 1.0f, .first = 1, .last = 1, .act = &o->act};
    if (per_column) {
      if (stream)
        wait_column_bias(&plan);
      splat_columns(bias_tiles[0], bias_cols, nblocks);
    }
    if (column) {
      accel_copy_matrix(0, b_column, 1, 1, panel + (nblocks - 1) * T * kc, T, 1,
                        kc, 1);
      accel_dma_wait_on(0);
    }
    long next_n0 = n0 + ch->panel_cols;
    ch->loaded = ch->streams && next_n0 < N;
    fast_job f = {
        .a0 = at(va, 0, k0),
        .a_rs = va.rs,
        .a_cs = va.cs,
        .M = M,
        .kc = kc,
        .panel = panel,
        .nb = nb - column,
        .c = c_panel,
        .c_rs = vc.rs,
        .e = &e,
        .bias = o->bias_kind == ACCEL_BIAS_PER_ROW ? bias.base : NULL,
        .bias_cs = bias.cs,
        .col_tiles = per_column ? bias_tiles[0] : NULL,
        .column = column,
        .column_bias = per_column ? bias_cols + nb - column : NULL,
        .next_panel = ch->loaded ? b_panel[!half] : NULL,
        .next_b = at(vb, k0, next_n0),
        .next_b_rs = vb.rs,
        .next_nb = min_of(N - next_n0, ch->panel_cols),
        .buf0 = ch->a_buf,
        .plan = stream ? &plan : NULL,
    };
    ch->a_buf = rows_fast_any(&f);
  } else {
    gemm_rows_general(o, &va, &bias, panel, k0, kc, nb, c_panel, vc.rs, vc.cs,
                      first, ch->last, ch->read_c, ch->direct);
  }
  accel_dma_wait_on(2);
  accel_dma_wait_on(3);
}

/* K in chunks of KChunk, each in panels of B's columns. */
static void run_chunks(const gemm_run_args *r) {
  const accel_gemm_options *o = &r->o;
  long K = r->K;
  /* K = 0 still computes beta * c + bias: one empty chunk. */
  long k0 = 0;
  do {
    gemm_chunk ch;
    ch.k0 = k0;
    ch.kc = min_of(K - k0, KChunk);
    ch.first = k0 == 0, ch.last = k0 + ch.kc >= K;
    ch.fast = ch.first && ch.last && o->alpha == 1.0f && o->beta == 0.0f;
    ch.direct =
        ch.fast && !has_bias(o) &&
        (o->act.kind == ACCEL_ACT_NONE || o->act.kind == ACCEL_ACT_RELU);
    ch.read_c = !ch.first || o->beta != 0.0f;
    ch.panel_cols =
        T * (ch.kc ? min_of(PanelFloats / (T * ch.kc), MaxPanelBlocks)
                   : MaxPanelBlocks);
    /* The fast path loads each panel but the first under the previous
       one's last row of tiles, into the other half of b_panel, when B's
       rows are contiguous (one transfer a block). */
    ch.streams = ch.fast && r->vc.cs == 1 && ch.kc && r->vb.cs == 1;
    ch.loaded = 0;
    ch.a_buf = 0;
    for (long n0 = 0, half = 0; n0 < r->N; n0 += ch.panel_cols, half = !half)
      run_panel(r, &ch, n0, half);
    k0 += KChunk;
  } while (k0 < K);
  /* c's last tiles are still on their way out. */
  accel_dma_wait_all();
}

void accel_gemm_run(const accel_tensor *a, const accel_tensor *b,
                    const accel_tensor *c, const accel_gemm_options *options) {
  gemm_run_args r;
  r.o = *options;
  r.va = view_of(a, r.o.trans_a), r.vb = view_of(b, r.o.trans_b);
  r.vc = view_of(c, 0);
  long M = r.vc.rows, N = r.vc.cols, K = r.va.cols;
  r.M = M, r.N = N, r.K = K;
  if (M == 0 || N == 0)
    return;
  if (few_rows_gemm_takes(a, b, c, options)) {
    few_rows_gemm(a, b, c, options);
    return;
  }
  if (transposed_pays(r.va, r.vb, r.vc)) {
    run_transposed(r.va, r.vb, r.vc, r.o);
    return;
  }
  /* One K chunk and one panel (N <= panel_cols_for(K), without its
     division) that the fast path streams (run_streamed): its first
     transfers start at once, before the loop's set-up (about 250 cycles),
     and its rows run from here. Decided in one run of compares and one
     branch (the asm keeps the compiler from making a branch of each). */
  long blocks = (N + T - 1) / T;
  /* One row of tiles (M <= T) has no last row to load a next panel
     under: its panel may fill both halves of b_panel (an MLP's 8 x 256 x
     784 then has its first columns arrive under the first mmac, not
     before it). */
  long panel_floats = M > T ? PanelFloats : 2 * PanelFloats;
  int streams_at_once = (K > 0) & (K <= KChunk) & (blocks <= MaxPanelBlocks) &
                        (blocks * K <= panel_floats / T) & (r.o.alpha == 1.0f) &
                        (r.o.beta == 0.0f) & (r.vc.cs == 1) & (r.vb.cs == 1) &
                        (r.va.cs == 1) & !lone_column(N, K);
  __asm__("" : "+r"(streams_at_once));
  r.bias = (view){0};
  if (has_bias(&r.o))
    r.bias = (view){(float *)r.o.bias->data, 1, r.o.bias->dims[0], 0,
                    r.o.bias->strides[0]};
  r.per_column = r.o.bias_kind == ACCEL_BIAS_PER_COLUMN;
  /* A's first tile and B's first block start before the rest of the
     set-up: they are the first transfers of every path with one K chunk
     (the general one skips them for its first panel), and the first mmac
     waits for them alone. The streamed path's per-column bias follows at
     once, on channel 3 before the plan's item 3 (so that dma.wait.older
     waits for it alone): its tiles are made while A and B arrive. */
  r.early = (K > 0) & (K <= KChunk) & (r.va.cs == 1) & (r.vb.cs == 1);
  if (r.early) {
    accel_dma_rows_on(0, a_tile[0], r.va.base, min_of(M, T), K * 4, K * 4,
                      r.va.rs * 4);
    accel_dma_2d(1, b_panel[0], r.vb.base, K, block_cols(N, 0) * 4, T * 4,
                 r.vb.rs * 4);
    if (streams_at_once && r.per_column)
      accel_copy_matrix(3, bias_cols, 0, 1, r.bias.base, 0, r.bias.cs, 1, N);
  }
  accel_vstore(zero_row, (accel_v16f)0.0f);
  if (streams_at_once)
    run_streamed(&r, blocks);
  else
    run_chunks(&r);
}
