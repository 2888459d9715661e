/* gemm_run.c - accel_gemm_run: the K chunks and panels of a checked
   product, each panel's rows on the fast path or the general one
   (gemm_internal.h). */

#include "matmul/gemm_internal.h"

static void splat_columns(float *__restrict tiles, const float *__restrict bias,
                          long nblocks) {
  /* The next block's load before this one's stores: a load's latency
     once, not once a block (about 50 cycles of a 12-block panel's 150,
     before its first mmac). */
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
   where each row of B took a transfer per element (ResNet-18's fc, 1 x
   1000 x 512: 76 567 cycles). */
static int transposed_pays(view va, view vb, view vc) {
  (void)va;
  return vc.rows < T && vc.cols > vc.rows && vb.rs == 1 && vb.cs != 1;
}

void accel_gemm_run(const accel_tensor *a, const accel_tensor *b,
                    const accel_tensor *c, const accel_gemm_options *options) {
  accel_gemm_options o = *options;
  view va = view_of(a, o.trans_a), vb = view_of(b, o.trans_b);
  view vc = view_of(c, 0);
  long M = vc.rows, N = vc.cols, K = va.cols;
  if (M == 0 || N == 0)
    return;
  if (transposed_pays(va, vb, vc)) {
    accel_tensor at = {vb.base, ACCEL_F32, 2, {N, K}, {vb.cs, vb.rs}};
    accel_tensor bt = {va.base, ACCEL_F32, 2, {K, M}, {va.cs, va.rs}};
    accel_tensor ct = {vc.base, ACCEL_F32, 2, {N, M}, {vc.cs, vc.rs}};
    o.trans_a = o.trans_b = 0;
    if (o.bias_kind != ACCEL_BIAS_NONE)
      o.bias_kind = o.bias_kind == ACCEL_BIAS_PER_ROW ? ACCEL_BIAS_PER_COLUMN
                                                      : ACCEL_BIAS_PER_ROW;
    accel_gemm_run(&at, &bt, &ct, &o);
    return;
  }
  /* One K chunk and one panel (N <= panel_cols_for(K), without its
     division) that the fast path streams (stream, below): its first
     transfers start at once, before the loop's set-up (about 250 cycles),
     and its rows run from here. Decided in one run of compares and one
     branch (the asm keeps the compiler from making a branch of each). */
  long blocks = (N + T - 1) / T;
  /* One row of tiles (M <= 16) has no last row to load a next panel
     under: its panel may fill both halves of b_panel (an MLP's 8 x 256 x
     784: 18 905 -> 14 923 cycles, its first 160 columns no longer loaded
     before the first mmac). */
  long panel_floats = M > T ? PanelFloats : 2 * PanelFloats;
  int streams_at_once = (K > 0) & (K <= KChunk) & (blocks <= MaxPanelBlocks) &
                        (blocks * K <= panel_floats / T) & (o.alpha == 1.0f) &
                        (o.beta == 0.0f) & (vc.cs == 1) & (vb.cs == 1) &
                        (va.cs == 1) & !lone_column(N, K);
  __asm__("" : "+r"(streams_at_once));
  view bias = {0};
  if (has_bias(&o))
    bias = (view){(float *)o.bias->data, 1, o.bias->dims[0], 0,
                  o.bias->strides[0]};
  int per_column = o.bias_kind == ACCEL_BIAS_PER_COLUMN;
  /* A's first tile and B's first block start before the rest of the
     set-up (100 x 300 x 77's first mmac came 225 cycles after them and
     83 after the call): they are the first transfers of every path with
     one K chunk (the general one skips them for its first panel). The
     streamed path's per-column bias follows at once, on channel 3 before
     the plan's item 3 (so that dma.wait.older waits for it alone): its
     tiles are made while A and B arrive. */
  int early = (K > 0) & (K <= KChunk) & (va.cs == 1) & (vb.cs == 1);
  if (early) {
    accel_dma_rows_on(0, a_tile[0], va.base, min_of(M, T), K * 4, K * 4,
                      va.rs * 4);
    accel_dma_2d(1, b_panel[0], vb.base, K, block_cols(N, 0) * 4, T * 4,
                 vb.rs * 4);
    if (streams_at_once && per_column)
      accel_copy_matrix(3, bias_cols, 0, 1, bias.base, 0, bias.cs, 1, N);
  }
  accel_vstore(zero_row, (accel_v16f)0.0f);
  if (streams_at_once) {
    int per_row = o.bias_kind == ACCEL_BIAS_PER_ROW;
    /* Items 0 and 1 (stream_plan), the first mmac's operands, are on
       their way (early), and a per-column bias. */
    if (per_row)
      accel_copy_matrix(0, bias_rows[0], 0, 1, bias.base, 0, bias.cs, 1,
                        min_of(M, T));
    /* One row of tiles (M <= 16) has no second row to fetch. */
    int two_rows = M > T;
    stream_plan plan = {b_panel[0],
                        vb.base,
                        vb.rs,
                        N,
                        blocks,
                        K,
                        at(va, T, 0),
                        va.rs,
                        two_rows ? min_of(M - T, T) : 0,
                        per_row && two_rows ? at(bias, 0, T) : NULL,
                        bias.cs};
    stream_start(&plan, 2);
    accel_vstore(zero_row, (accel_v16f)0.0f);
    /* The bias tiles, made while A's first tile and B's first blocks
       arrive: each tile starts from its block's (START_TILE). */
    if (per_column) {
      wait_column_bias(&plan);
      splat_columns(bias_tiles[0], bias_cols, blocks);
    }
    epilogue e = {1.0f, 0.0f, 1, 1, 0, NULL, NULL, &o.act};
    fast_job f = {va.base,
                  va.rs,
                  va.cs,
                  M,
                  K,
                  b_panel[0],
                  N,
                  vc.base,
                  vc.rs,
                  &e,
                  per_row ? bias.base : NULL,
                  bias.cs,
                  per_column ? bias_tiles[0] : NULL,
                  0,
                  NULL,
                  NULL,
                  NULL,
                  0,
                  0,
                  0,
                  &plan};
    rows_fast_any(&f);
    accel_dma_wait_all();
    return;
  }

  /* K = 0 still computes beta * c + bias: one empty chunk. */
  long k0 = 0;
  do {
    long kc = min_of(K - k0, KChunk);
    int first = k0 == 0, last = k0 + kc >= K;
    /* Straight from the accumulator: with the bias as its start value
       (rows_fast), or without a bias (run_row). */
    int fast = first && last && o.alpha == 1.0f && o.beta == 0.0f;
    int direct = fast && !has_bias(&o) &&
                 (o.act.kind == ACCEL_ACT_NONE || o.act.kind == ACCEL_ACT_RELU);
    int read_c = !first || o.beta != 0.0f;
    long panel_cols = T * (kc ? min_of(PanelFloats / (T * kc), MaxPanelBlocks)
                              : MaxPanelBlocks);

    /* The fast path loads each panel but the first under the previous
       one's last row of tiles, into the other half of b_panel, when B's
       rows are contiguous (one transfer a block). */
    int streams = fast && vc.cs == 1 && kc && vb.cs == 1;
    int loaded = 0; /* the panel is in b_panel[half] already, and its first
                       row's A tile (and bias) in a_tile[a_buf] */
    int a_buf = 0;
    for (long n0 = 0, half = 0; n0 < N; n0 += panel_cols, half = !half) {
      long nb = min_of(N - n0, panel_cols);
      long nblocks = (nb + T - 1) / T;
      float *panel = b_panel[half];
      int column = lone_column(nb, kc);
      /* The fast path's first panel streams under its first row of tiles
         when each block and A tile is one transfer and nothing else
         needs a channel: two rows of tiles or more, no lone column. A
         per-column bias goes on channel 3 before the plan's item 3
         (dma.wait.older then waits for it alone); without the stream,
         on channel 2 with the panel (128 x 768 x 256 with a bias, a
         BERT-mini projection: 106 551 -> 102 153 cycles streamed). */
      stream_plan plan;
      int stream = streams && !loaded && va.cs == 1 && M > T && !column;
      int column_bias = first && per_column;
      if (column_bias && stream)
        accel_copy_matrix(3, bias_cols, 0, 1, at(bias, 0, n0), 0, bias.cs, 1,
                          nb);
      /* A's first tile on channel 0, then the panel over all four
         channels: block j holds kc rows of its 16 columns. */
      if (!loaded)
        a_buf = 0;
      if (!loaded && first && o.bias_kind == ACCEL_BIAS_PER_ROW)
        accel_copy_matrix(0, bias_rows[0], 0, 1, bias.base, 0, bias.cs, 1,
                          min_of(M, T));
      int issued = early && n0 == 0; /* A's first tile, B's first block */
      if (!loaded && kc && !issued)
        fetch_a(0, a_tile[0], va, 0, k0, kc);
      if (stream) {
        plan = (stream_plan){panel,
                             at(vb, k0, n0),
                             vb.rs,
                             nb,
                             nblocks,
                             kc,
                             at(va, T, k0),
                             va.rs,
                             min_of(M - T, T),
                             o.bias_kind == ACCEL_BIAS_PER_ROW ? at(bias, 0, T)
                                                               : NULL,
                             bias.cs};
        stream_start(&plan, issued ? 2 : 1);
      }
      for (long j = issued; j < nblocks && kc && !loaded && !stream; ++j)
        accel_copy_matrix((j + 1) & 3, panel + j * T * kc, T, 1,
                          at(vb, k0, n0 + j * T), vb.rs, vb.cs, kc,
                          block_cols(nb, j));
      if (column_bias && !stream)
        accel_copy_matrix(2, bias_cols, 0, 1, at(bias, 0, n0), 0, bias.cs, 1,
                          nb);
      if (!stream)
        accel_dma_wait_all();

      float *c_panel = (float *)at(vc, 0, n0);
      if (fast && vc.cs == 1 && kc) {
        epilogue e = {1.0f, 0.0f, 1, 1, 0, NULL, NULL, &o.act};
        if (per_column) {
          if (stream)
            wait_column_bias(&plan);
          splat_columns(bias_tiles[0], bias_cols, nblocks);
        }
        if (column) {
          accel_copy_matrix(0, b_column, 1, 1, panel + (nblocks - 1) * T * kc,
                            T, 1, kc, 1);
          accel_dma_wait_on(0);
        }
        long next_n0 = n0 + panel_cols;
        loaded = streams && next_n0 < N;
        fast_job f = {at(va, 0, k0),
                      va.rs,
                      va.cs,
                      M,
                      kc,
                      panel,
                      nb - column,
                      c_panel,
                      vc.rs,
                      &e,
                      o.bias_kind == ACCEL_BIAS_PER_ROW ? bias.base : NULL,
                      bias.cs,
                      per_column ? bias_tiles[0] : NULL,
                      column,
                      per_column ? bias_cols + nb - column : NULL,
                      loaded ? b_panel[!half] : NULL,
                      at(vb, k0, next_n0),
                      vb.rs,
                      min_of(N - next_n0, panel_cols),
                      a_buf,
                      stream ? &plan : NULL};
        a_buf = rows_fast_any(&f);
        accel_dma_wait_on(2);
        accel_dma_wait_on(3);
        continue;
      }
      gemm_rows_general(&o, &va, &bias, panel, k0, kc, nb, c_panel, vc.rs,
                        vc.cs, first, last, read_c, direct);
      accel_dma_wait_on(2);
      accel_dma_wait_on(3);
    }
    k0 += KChunk;
  } while (k0 < K);
  /* c's last tiles are still on their way out. */
  accel_dma_wait_all();
}
