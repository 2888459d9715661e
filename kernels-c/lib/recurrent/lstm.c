/* lstm.c - one direction of an LSTM over a whole sequence in one call
   (accel_lstm; accel_kernels.h): the input projections xw come computed
   (a gemm over every step), and each step adds h . R^T on the matrix unit
   and runs the gates and the cell update on the vector unit, with R and
   the state resident in the scratchpad, as recurrent_driver.h walks a
   step: four gates (ONNX's order i, o, f, c) a block of 16 hidden units,
   the update of block q - 1 under block q's mmacs. The cell's own buffer
   is c. */

#include "core/kernel_stack.h"
#include "recurrent/lstm_cell.h"
#include <stddef.h>

static const char K[] = "accel_lstm";

_Static_assert(ACCEL_LSTM_FLOATS <= ACCEL_KERNEL_SPM_BYTES / 4,
               "accel_lstm's scratchpad is the kernels' arena");

/* Items j0, j0 + 4, ... of block q of 16 hidden units (its four gates'
   tiles staged at g), item 2 r + 0 row r's c = f c + i tanh(cc) into c
   (rows of hp), item 2 r + 1 its h = o tanh(c) into hn (rows of h): the
   halves spread the vector unit's work evenly under the mmacs. */
static inline __attribute__((always_inline)) void
update_items(const recurrent_rows *s, const float *g, long q, long j0) {
  long n = q * T, h = s->h;
  for (long j = j0; j < 2 * s->b; j += 4) {
    long r = j >> 1;
    const float *xr = s->x + r * 4 * h + n, *gr = g + r * T;
    float *cr = s->cell + r * s->hp + n;
    if (!(j & 1)) {
      accel_v16f ai = accel_vload(xr) + accel_vload(gr);
      accel_v16f af = accel_vload(xr + 2 * h) + accel_vload(gr + 2 * T * T);
      accel_v16f ac = accel_vload(xr + 3 * h) + accel_vload(gr + 3 * T * T);
      accel_vstore(cr, recurrent_sigmoid(af) * accel_vload(cr) +
                           recurrent_sigmoid(ai) * accel_vtanh(ac));
    } else {
      accel_v16f ao = accel_vload(xr + h) + accel_vload(gr + T * T);
      recurrent_store_h(s, recurrent_sigmoid(ao) * accel_vtanh(accel_vload(cr)),
                        q, r);
    }
  }
}

/* The step's last block, after every mmac: two rows at a time, so that
   their independent chains of specials overlap. */
static void finish_block(const recurrent_rows *s, const float *g, long q) {
  float *c = s->cell;
  long r = 0;
  for (; r + 1 < s->b; r += 2) {
    accel_v16f c0 = lstm_row_c(s, g + r * T, q, r);
    accel_v16f c1 = lstm_row_c(s, g + (r + 1) * T, q, r + 1);
    accel_vstore(c + r * s->hp + q * T, c0);
    accel_vstore(c + (r + 1) * s->hp + q * T, c1);
    accel_v16f h0 = lstm_row_h(s, g + r * T, c0, q, r);
    accel_v16f h1 = lstm_row_h(s, g + (r + 1) * T, c1, q, r + 1);
    recurrent_store_h(s, h0, q, r);
    recurrent_store_h(s, h1, q, r + 1);
  }
  if (r < s->b) {
    accel_v16f cv = lstm_row_c(s, g + r * T, q, r);
    accel_vstore(c + r * s->hp + q * T, cv);
    recurrent_store_h(s, lstm_row_h(s, g + r * T, cv, q, r), q, r);
  }
}

static void step(const recurrent_buffers *s, const float *x, const float *hb,
                 float *hn, long b, long h) {
  recurrent_rows rows = recurrent_rows_of(s, x, hb, hn, b, h);
  RECURRENT_STEP(4, s, &rows, update_items, finish_block);
}

static accel_status check_args(const accel_tensor *xw, const accel_tensor *w,
                               const accel_tensor *h0, const accel_tensor *c0,
                               const accel_tensor *y, const accel_tensor *yc) {
  accel_status s;
  if ((s = recurrent_check_sequence(K, 4, xw, w, y)))
    return s;
  long b = y->dims[1], h = y->dims[2], sd[2] = {b, h};
  if ((h0 && (s = recurrent_check_dense(K, "h0", h0, 2, sd, 0))) ||
      (c0 && (s = recurrent_check_dense(K, "c0", c0, 2, sd, 0))) ||
      (yc && (s = recurrent_check_dense(K, "yc", yc, 2, sd, 1))))
    return s;
  if (!accel_lstm_fits(b, h))
    return recurrent_refuse_size(K, "accel_lstm_fits", b, h);
  const accel_tensor *others[] = {xw, w, h0, c0, yc};
  return recurrent_check_apart(K, y, others, 5);
}

typedef struct {
  const accel_tensor *xw, *w, *h0, *c0, *y, *yc;
  int reverse;
} lstm_args;

static long lstm(const void *args, const void *unused1, const void *unused2,
                 const void *unused3) {
  (void)unused1, (void)unused2, (void)unused3;
  lstm_args a = *(const lstm_args *)args;
  accel_tensor copies[6];
  const accel_tensor *xw = RECURRENT_STAGE(0, &copies[0], a.xw);
  const accel_tensor *w = RECURRENT_STAGE(1, &copies[1], a.w);
  const accel_tensor *h0 = RECURRENT_STAGE(2, &copies[2], a.h0);
  const accel_tensor *c0 = RECURRENT_STAGE(3, &copies[3], a.c0);
  const accel_tensor *y = RECURRENT_STAGE(0, &copies[4], a.y);
  const accel_tensor *yc = RECURRENT_STAGE(1, &copies[5], a.yc);
  accel_dma_wait_all();
  accel_status st;
  if (accel_checking() && (st = check_args(xw, w, h0, c0, y, yc)))
    return st;
  long t = y->dims[0], b = y->dims[1], h = y->dims[2];
  long hp = accel_tile_padded(h);
  if (accel_only_checking() || !t || !b || !h)
    return ACCEL_OK;
  recurrent_buffers s = recurrent_lay_out(b, h, 4);
  long cols = lstm_wide_cols(b, h);
  recurrent_start(&s, w, b, h, 4, cols);
  recurrent_zero(s.cell, b * hp);
  accel_dma_wait_all();
  if (h0)
    accel_dma_2d_on(2, s.h[0], h0->data, 1, b * h * 4, 0, 0);
  if (c0)
    accel_dma_2d_on(3, s.cell, c0->data, b, h * 4, hp * 4, h * 4);
  if (cols == T)
    recurrent_run(&s, step, xw->data, y->data, t, b, h, 4, a.reverse);
  else
    lstm_wide_run(&s, xw->data, y->data, t, b, h, a.reverse);
  if (yc)
    accel_dma_2d_on(2, yc->data, s.cell, b, h * 4, h * 4, hp * 4);
  accel_dma_wait_all();
  return ACCEL_OK;
}

accel_status accel_lstm(const accel_tensor *xw, const accel_tensor *w,
                        const accel_tensor *h0, const accel_tensor *c0,
                        accel_tensor *y, accel_tensor *yc, int reverse) {
  static ACCEL_SPM lstm_args args;
  args = (lstm_args){xw, w, h0, c0, y, yc, reverse};
  return (accel_status)accel_on_kernel_stack(lstm, &args, NULL, NULL, NULL);
}

void accel_lstm_pack(const float *r, long h, float *packed) {
  recurrent_pack(r, h, 4, packed);
}
