/* gemm_rows_general.c - accel_gemm's general path: rows of tiles against
   a panel, each tile through the vector epilogue (alpha, beta, several K
   chunks) unless it leaves straight from the accumulator
   (gemm_internal.h). */

#include "matmul/gemm_internal.h"

/* Tile j's mmac into accumulator j % 2 (tile numbers are constants), and
   c's old tile fetched for its epilogue. */
static inline void start_tile(const float *a, const float *panel, long kc,
                              long j, int read_c, int buf, float *c, long c_rs,
                              long c_cs, long rows, long cols) {
  const float *b = panel + j * T * kc;
  if (read_c)
    accel_copy_matrix(buf, c_in[j & 1], T, 1, c, c_rs, c_cs, rows, cols);
  if (j & 1) {
    accel_mzero(1);
    if (kc)
      accel_mmac(1, a, b, kc);
  } else {
    accel_mzero(0);
    if (kc)
      accel_mmac(0, a, b, kc);
  }
}

/* One 16-row tile of A (at a, in channel buf's buffer) against every
   column block of the panel; c is the row's first element. Tile j + 1's
   mmac starts as soon as tile j's ends; tile j's mst then runs on the
   tile-move port beside it, and its epilogue and transfer out hide under
   that mmac too, so the matrix unit is busy K + 1 cycles per tile (the 1
   the mzero). Out of line with scalar arguments, so that the loop keeps
   its state in registers: the stack is in DRAM, 40 cycles a load. */
__attribute__((noinline)) static void
run_row(const float *a, const float *panel, long kc, long nb, int buf,
        long rows, float *c, long c_rs, long c_cs, int direct, int relu,
        int read_c, epilogue *e, int bias_per_column) {
  long nblocks = (nb + T - 1) / T;
  start_tile(a, panel, kc, 0, read_c, buf, c, c_rs, c_cs, rows,
             block_cols(nb, 0));
  for (long j = 0; j < nblocks; ++j) {
    int out = j & 1;
    float *tile = c_out[out];
    if (j + 1 < nblocks)
      start_tile(a, panel, kc, j + 1, read_c, buf, c + (j + 1) * T * c_cs, c_rs,
                 c_cs, rows, block_cols(nb, j + 1));
    accel_dma_wait_on(2 + out); /* the buffer's last tile has left */
    if (out) {
      if (relu)
        accel_mst_relu(1, tile);
      else
        accel_mst(1, tile);
    } else {
      if (relu)
        accel_mst_relu(0, tile);
      else
        accel_mst(0, tile);
    }
    if (!direct) {
      if (read_c)
        accel_dma_wait_on(buf);
      e->bias_c = bias_per_column ? bias_cols + j * T : NULL;
      gemm_finish_tile(tile, c_in[out], e);
    }
    accel_copy_matrix(2 + out, c + j * T * c_cs, c_rs, c_cs, tile, T, 1, rows,
                      block_cols(nb, j));
  }
}

/* The general path's rows of tiles against one panel (run_row), A's first
   tile (and bias rows) on their way to buffer 0. Out of line: its values
   would cost accel_gemm_run registers, and the fast path's set-up with
   them. */
__attribute__((noinline)) void
gemm_rows_general(const accel_gemm_options *op, const view *vap,
                  const view *biasp, const float *panel, long k0, long kc,
                  long nb, float *c_panel, long c_rs, long c_cs, int first,
                  int last, int read_c, int direct) {
  accel_gemm_options o = *op;
  view va = *vap, bias = *biasp;
  long M = va.rows;
  for (long m0 = 0, mt = 0; m0 < M; m0 += T, ++mt) {
    int buf = mt & 1;
    long rows = min_of(M - m0, T);
    if (m0 && first && o.bias_kind == ACCEL_BIAS_PER_ROW)
      accel_copy_matrix(buf, bias_rows[buf], 0, 1, at(bias, 0, m0), 0, bias.cs,
                        1, rows);
    accel_dma_wait_on(buf);
    if (kc && m0 + T < M)
      fetch_a(!buf, a_tile[!buf], va, m0 + T, k0, kc);

    epilogue e = {
        .alpha = o.alpha,
        .beta = o.beta,
        .first = first,
        .last = last,
        .read_c = read_c,
        .bias_r = o.bias_kind == ACCEL_BIAS_PER_ROW ? bias_rows[buf] : NULL,
        .act = &o.act,
    };
    run_row(a_tile[buf], panel, kc, nb, buf, rows, c_panel + m0 * c_rs, c_rs,
            c_cs, direct, direct && o.act.kind == ACCEL_ACT_RELU, read_c, &e,
            o.bias_kind == ACCEL_BIAS_PER_COLUMN);
  }
}
