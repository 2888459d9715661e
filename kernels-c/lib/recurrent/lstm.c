/* lstm.c - one direction of an LSTM over a whole sequence in one call
   (accel_lstm; accel_kernels.h): the input projections xw come computed
   (a gemm over every step), and each step adds h . R^T on the matrix unit
   and runs the gates and the cell update on the vector unit, with R and
   the state resident in the scratchpad.

   R comes packed as accel_lstm_pack lays it out: for gate k (ONNX's order
   i, o, f, c) and block q of 16 hidden units, panel k Q + q holds the
   H x 16 columns R^T[:, k H + 16 q ...] (zero past H), the layout mmac
   reads; so a step is P = 4 Q mmacs of K = H against h's rows (B of the
   tile's 16 used), staged to the scratchpad four tiles apart, each
   block's four gates then one tile apart. xw's next step arrives on
   channel 0 under the current one; y's rows leave on channel 1 from the
   state buffer that made them, two of them alternating. */

#include "core/kernel_args.h"
#include "core/kernel_dma.h"
#include "core/kernel_machine.h"
#include "core/kernel_stack.h"
#include "core/spm_arena.h"
#include <stddef.h>

enum { T = KERNEL_TILE };

static const char K[] = "accel_lstm";

_Static_assert(ACCEL_LSTM_FLOATS <= ACCEL_KERNEL_SPM_BYTES / 4,
               "accel_lstm's scratchpad is the kernels' arena");

typedef struct {
  float *w, *h[2], *gates, *x[2], *c;
} lstm_buffers;

/* Each vector buffer gets a vector of slack: the last block of a row
   reads and writes past H when H is not a multiple of 16. */
static lstm_buffers lay_out(long b, long h) {
  long hp = accel_tile_padded(h), panels = 4 * hp / T;
  float *p = accel_kernel_spm;
  lstm_buffers s;
  s.w = p, p += panels * h * T;
  s.gates = p, p += panels * T * T;
  for (int i = 0; i < 2; ++i)
    s.h[i] = p, p += T * h + T;
  for (int i = 0; i < 2; ++i)
    s.x[i] = p, p += b * 4 * h + T;
  s.c = p;
  return s;
}

static inline accel_v16f sigmoid(accel_v16f x) {
  return accel_vrcp(1.0f + accel_vexp(-x));
}

/* gates = h . R^T into s->gates, tile p at p T T: four tiles in turn, each
   one's mst under the next one's mmac. */
static void recurrent_product(const lstm_buffers *s, const float *hb, long h,
                              long panels) {
  const float *w = s->w;
  float *g = s->gates;
  long step = h * T;
  for (long j = 0; j < panels; j += 4) {
    accel_mzero(0);
    accel_mmac(0, hb, w + j * step, h);
    if (j)
      accel_mst(3, g + (j - 1) * T * T);
    accel_mzero(1);
    accel_mmac(1, hb, w + (j + 1) * step, h);
    accel_mst(0, g + j * T * T);
    accel_mzero(2);
    accel_mmac(2, hb, w + (j + 2) * step, h);
    accel_mst(1, g + (j + 1) * T * T);
    accel_mzero(3);
    accel_mmac(3, hb, w + (j + 3) * step, h);
    accel_mst(2, g + (j + 2) * T * T);
  }
  accel_mst(3, g + (panels - 1) * T * T);
}

/* The gates of one step and the new state: c = f c + i tanh(cc),
   h = o tanh(c), into c and hn (rows of h floats). */
static void cell_update(const lstm_buffers *s, const float *x, float *hn,
                        long b, long h) {
  long q_blocks = accel_tile_padded(h) / T, hp = q_blocks * T;
  long gate_step = q_blocks * T * T; /* one gate's tiles to the next's */
  for (long r = 0; r < b; ++r) {
    const float *xr = x + r * 4 * h;
    float *cr = s->c + r * hp;
    for (long q = 0; q < q_blocks; ++q) {
      const float *g = s->gates + q * T * T + r * T;
      long n = q * T;
      accel_v16f ai = accel_vload(xr + n) + accel_vload(g);
      accel_v16f ao = accel_vload(xr + h + n) + accel_vload(g + gate_step);
      accel_v16f af =
          accel_vload(xr + 2 * h + n) + accel_vload(g + 2 * gate_step);
      accel_v16f ac =
          accel_vload(xr + 3 * h + n) + accel_vload(g + 3 * gate_step);
      accel_v16f c =
          sigmoid(af) * accel_vload(cr + n) + sigmoid(ai) * accel_vtanh(ac);
      accel_vstore(cr + n, c);
      accel_vstore(hn + r * h + n, sigmoid(ao) * accel_vtanh(c));
    }
  }
}

static accel_status check_dense(const char *name, const accel_tensor *t,
                                int rank, const long *dims, int out) {
  accel_status s;
  if ((s = accel_check_tensor(K, name, t, rank, rank, out)))
    return s;
  long n = 1;
  for (int d = rank - 1; d >= 0; --d) {
    if (t->dims[d] != dims[d])
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, name,
                                "dimension %d is %ld, expected %ld", d,
                                t->dims[d], dims[d]);
    if (t->dims[d] > 1 && t->strides[d] != n)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, name, "not contiguous");
    n *= dims[d];
  }
  return ACCEL_OK;
}

static accel_status check_args(const accel_tensor *xw, const accel_tensor *w,
                               const accel_tensor *h0, const accel_tensor *c0,
                               const accel_tensor *y, const accel_tensor *yc) {
  accel_status s;
  if ((s = accel_check_tensor(K, "y", y, 3, 3, 1)))
    return s;
  long t = y->dims[0], b = y->dims[1], h = y->dims[2];
  long hp = accel_tile_padded(h);
  long xd[3] = {t, b, 4 * h}, wd[3] = {4 * hp / T, h, T}, sd[2] = {b, h};
  if ((s = check_dense("y", y, 3, y->dims, 1)) ||
      (s = check_dense("xw", xw, 3, xd, 0)) ||
      (s = check_dense("w", w, 3, wd, 0)) ||
      (h0 && (s = check_dense("h0", h0, 2, sd, 0))) ||
      (c0 && (s = check_dense("c0", c0, 2, sd, 0))) ||
      (yc && (s = check_dense("yc", yc, 2, sd, 1))))
    return s;
  if (!accel_lstm_fits(b, h))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "y",
                              "B = %ld, H = %ld: B from 1 to 16 where "
                              "accel_lstm_fits",
                              b, h);
  if (accel_tensors_overlap(y, xw) || accel_tensors_overlap(y, w) ||
      (h0 && accel_tensors_overlap(y, h0)) ||
      (c0 && accel_tensors_overlap(y, c0)) ||
      (yc && accel_tensors_overlap(y, yc)))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "y",
                              "overlaps another argument");
  return ACCEL_OK;
}

typedef struct {
  const accel_tensor *xw, *w, *h0, *c0, *y, *yc;
  int reverse;
} lstm_args;

/* ACCEL_STAGE_READ of an optional tensor. */
#define STAGE(ch, copy, t) ((t) ? ACCEL_STAGE_READ(ch, copy, t) : NULL)

static void zero(float *p, long n) {
  for (long i = 0; i < n; i += T)
    accel_vstore(p + i, (accel_v16f)0.0f);
}

static long lstm(const void *args, const void *unused1, const void *unused2,
                 const void *unused3) {
  (void)unused1, (void)unused2, (void)unused3;
  lstm_args a = *(const lstm_args *)args;
  accel_tensor copies[6];
  const accel_tensor *xw = STAGE(0, &copies[0], a.xw);
  const accel_tensor *w = STAGE(1, &copies[1], a.w);
  const accel_tensor *h0 = STAGE(2, &copies[2], a.h0);
  const accel_tensor *c0 = STAGE(3, &copies[3], a.c0);
  const accel_tensor *y = STAGE(0, &copies[4], a.y);
  const accel_tensor *yc = STAGE(1, &copies[5], a.yc);
  accel_dma_wait_all();
  accel_status st;
  if (accel_checking() && (st = check_args(xw, w, h0, c0, y, yc)))
    return st;
  long t = y->dims[0], b = y->dims[1], h = y->dims[2];
  long hp = accel_tile_padded(h), panels = 4 * hp / T;
  if (accel_only_checking() || !t || !b || !h)
    return ACCEL_OK;
  lstm_buffers s = lay_out(b, h);
  long wfloats = panels * h * T, part = (wfloats / 4 + T - 1) / T * T;
  for (int ch = 0; ch < 4; ++ch) {
    long first = ch * part, n = wfloats - first < part ? wfloats - first : part;
    if (n > 0)
      accel_dma_2d_on(ch, s.w + first, (const float *)w->data + first, 1, n * 4,
                      0, 0);
  }
  /* The tile's rows past B are read by mmac but give rows nobody reads;
     zeros keep them finite. */
  zero(s.h[0], T * h + T);
  zero(s.h[1], T * h + T);
  if (!c0)
    zero(s.c, b * hp);
  accel_dma_wait_all();
  if (h0)
    accel_dma_2d_on(2, s.h[0], h0->data, 1, b * h * 4, 0, 0);
  if (c0)
    accel_dma_2d_on(3, s.c, c0->data, b, h * 4, hp * 4, h * 4);
  long step_floats = b * 4 * h;
  const float *xsrc = (const float *)xw->data;
  float *ydst = (float *)y->data;
  long t0 = a.reverse ? t - 1 : 0, dt = a.reverse ? -1 : 1;
  accel_dma_2d_on(0, s.x[0], xsrc + t0 * step_floats, 1, step_floats * 4, 0, 0);
  accel_dma_wait_on(2);
  accel_dma_wait_on(3);
  for (long i = 0; i < t; ++i) {
    long time = t0 + i * dt;
    const float *hb = s.h[i & 1];
    float *hn = s.h[(i + 1) & 1];
    recurrent_product(&s, hb, h, panels);
    if (i + 1 < t) {
      accel_dma_2d_on(0, s.x[(i + 1) & 1], xsrc + (time + dt) * step_floats, 1,
                      step_floats * 4, 0, 0);
      accel_dma_wait_older_on(0);
    } else {
      accel_dma_wait_on(0);
    }
    /* hn's rows of two steps ago are on their way out on channel 1. */
    accel_dma_wait_older_on(1);
    cell_update(&s, s.x[i & 1], hn, b, h);
    accel_dma_2d_on(1, ydst + time * b * h, hn, 1, b * h * 4, 0, 0);
  }
  if (yc)
    accel_dma_2d_on(2, yc->data, s.c, b, h * 4, h * 4, hp * 4);
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
  long q_blocks = accel_tile_padded(h) / T;
  for (long k = 0; k < 4; ++k)
    for (long q = 0; q < q_blocks; ++q) {
      float *dst = packed + (k * q_blocks + q) * h * T;
      for (long m = 0; m < h; ++m)
        for (long c = 0; c < T; ++c) {
          long n = q * T + c;
          dst[m * T + c] = n < h ? r[(k * h + n) * h + m] : 0.0f;
        }
    }
}
