/* gru.c - one direction of a GRU (linear_before_reset, PyTorch's) over a
   whole sequence in one call (accel_gru; accel_kernels.h), as lstm.c
   runs an LSTM: the input projections xw come computed, and each step
   adds h . R^T on the matrix unit block by block as recurrent_driver.h
   walks a step (gates z, r, h, three tiles a block of 16 hidden units),
   the vector unit's update of block q - 1 under block q's mmacs:
     z = sigmoid(xz + h Rz^T), r = sigmoid(xr + h Rr^T),
     n = tanh(xh + r (h Rh^T + Rbh)), h' = (1 - z) n + z h.
   The cell's own buffer is Rbh (zero past H). */

#include "core/kernel_stack.h"
#include "recurrent/recurrent_driver.h"
#include <stddef.h>

static const char K[] = "accel_gru";

_Static_assert(ACCEL_GRU_FLOATS <= ACCEL_KERNEL_SPM_BYTES / 4,
               "accel_gru's scratchpad is the kernels' arena");

/* Row r's new h of block q (its three gates' tiles staged at g). */
static inline __attribute__((always_inline)) accel_v16f
row_h(const recurrent_rows *s, const float *g, long q, long r) {
  long n = q * T, h = s->h;
  const float *xr = s->x + r * 3 * h + n, *gr = g + r * T;
  accel_v16f z = recurrent_sigmoid(accel_vload(xr) + accel_vload(gr));
  accel_v16f rg =
      recurrent_sigmoid(accel_vload(xr + h) + accel_vload(gr + T * T));
  accel_v16f nh =
      accel_vtanh(accel_vload(xr + 2 * h) + rg * (accel_vload(gr + 2 * T * T) +
                                                  accel_vload(s->cell + n)));
  return nh + z * (accel_vload(s->hb + r * h + n) - nh);
}

/* Rows r0, r0 + 3, ... of block q: a third of its update. */
static inline __attribute__((always_inline)) void
update_rows(const recurrent_rows *s, const float *g, long q, long r0) {
  for (long r = r0; r < s->b; r += 3)
    recurrent_store_h(s, row_h(s, g, q, r), q, r);
}

/* The step's last block, after every mmac: two rows at a time, so that
   their independent chains of specials overlap. */
static void finish_block(const recurrent_rows *s, const float *g, long q) {
  long r = 0;
  for (; r + 1 < s->b; r += 2) {
    accel_v16f h0 = row_h(s, g, q, r);
    accel_v16f h1 = row_h(s, g, q, r + 1);
    recurrent_store_h(s, h0, q, r);
    recurrent_store_h(s, h1, q, r + 1);
  }
  if (r < s->b)
    recurrent_store_h(s, row_h(s, g, q, r), q, r);
}

static void step(const recurrent_buffers *s, const float *x, const float *hb,
                 float *hn, long b, long h) {
  recurrent_rows rows = recurrent_rows_of(s, x, hb, hn, b, h);
  RECURRENT_STEP(3, s, &rows, update_rows, finish_block);
}

static accel_status check_args(const accel_tensor *xw, const accel_tensor *w,
                               const accel_tensor *rbh, const accel_tensor *h0,
                               const accel_tensor *y) {
  accel_status s;
  if ((s = recurrent_check_sequence(K, 3, xw, w, y)))
    return s;
  long b = y->dims[1], h = y->dims[2], sd[2] = {b, h};
  if ((rbh && (s = recurrent_check_dense(K, "rbh", rbh, 1, &h, 0))) ||
      (h0 && (s = recurrent_check_dense(K, "h0", h0, 2, sd, 0))))
    return s;
  if (!accel_gru_fits(b, h))
    return recurrent_refuse_size(K, "accel_gru_fits", b, h);
  const accel_tensor *others[] = {xw, w, rbh, h0};
  return recurrent_check_apart(K, y, others, 4);
}

typedef struct {
  const accel_tensor *xw, *w, *rbh, *h0, *y;
  int reverse;
} gru_args;

static long gru(const void *args, const void *unused1, const void *unused2,
                const void *unused3) {
  (void)unused1, (void)unused2, (void)unused3;
  gru_args a = *(const gru_args *)args;
  accel_tensor copies[5];
  const accel_tensor *xw = RECURRENT_STAGE(0, &copies[0], a.xw);
  const accel_tensor *w = RECURRENT_STAGE(1, &copies[1], a.w);
  const accel_tensor *rbh = RECURRENT_STAGE(2, &copies[2], a.rbh);
  const accel_tensor *h0 = RECURRENT_STAGE(3, &copies[3], a.h0);
  const accel_tensor *y = RECURRENT_STAGE(0, &copies[4], a.y);
  accel_dma_wait_all();
  accel_status st;
  if (accel_checking() && (st = check_args(xw, w, rbh, h0, y)))
    return st;
  long t = y->dims[0], b = y->dims[1], h = y->dims[2];
  long hp = accel_tile_padded(h);
  if (accel_only_checking() || !t || !b || !h)
    return ACCEL_OK;
  recurrent_buffers s = recurrent_lay_out(b, h, 3);
  recurrent_start(&s, w, b, h, 3, T);
  recurrent_zero(s.cell, hp + T);
  accel_dma_wait_all();
  if (h0)
    accel_dma_2d_on(2, s.h[0], h0->data, 1, b * h * 4, 0, 0);
  if (rbh)
    accel_dma_2d_on(3, s.cell, rbh->data, 1, h * 4, 0, 0);
  recurrent_run(&s, step, xw->data, y->data, t, b, h, 3, a.reverse);
  accel_dma_wait_all();
  return ACCEL_OK;
}

accel_status accel_gru(const accel_tensor *xw, const accel_tensor *w,
                       const accel_tensor *rbh, const accel_tensor *h0,
                       accel_tensor *y, int reverse) {
  static ACCEL_SPM gru_args args;
  args = (gru_args){xw, w, rbh, h0, y, reverse};
  return (accel_status)accel_on_kernel_stack(gru, &args, NULL, NULL, NULL);
}

void accel_gru_pack(const float *r, long h, float *packed) {
  recurrent_pack(r, h, 3, packed);
}
