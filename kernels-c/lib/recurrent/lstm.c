/* lstm.c - one direction of an LSTM over a whole sequence in one call
   (accel_lstm; accel_kernels.h): the input projections xw come computed
   (a gemm over every step), and each step adds h . R^T on the matrix unit
   and runs the gates and the cell update on the vector unit, with R and
   the state resident in the scratchpad.

   R comes packed as accel_lstm_pack lays it out: for gate k (ONNX's order
   i, o, f, c) and block q of 16 hidden units, panel k Q + q holds the
   H x 16 columns R^T[:, k H + 16 q ...] (zero past H), the layout mmac
   reads; so a step is 4 Q mmacs of K = H against h's rows (B of the
   tile's 16 used). They run block by block, the four gates of block q
   into four tiles staged side by side, and under each of them the vector
   unit updates a quarter of block q - 1's rows, so that the matrix unit
   seldom waits for the gates. xw's next step arrives on channel 0 under
   the current one; y's rows leave on channel 1 from the state buffer
   that made them, two of them alternating. */

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
  long panels = 4 * accel_tile_padded(h) / T;
  float *p = accel_kernel_spm;
  lstm_buffers s;
  s.w = p, p += panels * h * T;
  s.gates = p, p += 8 * T * T;
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

/* Items j0, j0 + dj, ... of block q of 16 hidden units (its four gates'
   tiles staged at g), item 2 r + 0 row r's c = f c + i tanh(cc) into c
   (rows of hp), item 2 r + 1 its h = o tanh(c) into hn (rows of h): the
   halves spread the vector unit's work evenly under the mmacs. A block
   past H keeps hn's floats there (the next row's first, already made):
   its lanes past H are finite (zero panels' columns, xw's slack zeroed,
   c's padding zeroed), so a blend by 0 and 1 leaves them. */
static inline __attribute__((always_inline)) void
update_items(const float *g, const float *x, float *c, float *hn, long b,
             long h, long hp, long q, long j0, long dj, accel_v16f keep) {
  long n = q * T;
  int tail = n + T > h;
  for (long j = j0; j < 2 * b; j += dj) {
    long r = j >> 1;
    const float *xr = x + r * 4 * h + n, *gr = g + r * T;
    float *cr = c + r * hp + n;
    if (!(j & 1)) {
      accel_v16f ai = accel_vload(xr) + accel_vload(gr);
      accel_v16f af = accel_vload(xr + 2 * h) + accel_vload(gr + 2 * T * T);
      accel_v16f ac = accel_vload(xr + 3 * h) + accel_vload(gr + 3 * T * T);
      accel_vstore(cr, sigmoid(af) * accel_vload(cr) +
                           sigmoid(ai) * accel_vtanh(ac));
    } else {
      accel_v16f ao = accel_vload(xr + h) + accel_vload(gr + T * T);
      float *out = hn + r * h + n;
      accel_v16f hv = sigmoid(ao) * accel_vtanh(accel_vload(cr));
      if (tail)
        hv = hv * (1.0f - keep) + accel_vload(out) * keep;
      accel_vstore(out, hv);
    }
  }
}

/* Row r's new c and h of block q (gates staged at g), as update_items'
   two halves. */
static inline __attribute__((always_inline)) accel_v16f
row_c(const float *g, const float *x, float *c, long h, long hp, long q,
      long r) {
  long n = q * T;
  const float *xr = x + r * 4 * h + n, *gr = g + r * T;
  accel_v16f ai = accel_vload(xr) + accel_vload(gr);
  accel_v16f af = accel_vload(xr + 2 * h) + accel_vload(gr + 2 * T * T);
  accel_v16f ac = accel_vload(xr + 3 * h) + accel_vload(gr + 3 * T * T);
  return sigmoid(af) * accel_vload(c + r * hp + n) +
         sigmoid(ai) * accel_vtanh(ac);
}

static inline __attribute__((always_inline)) accel_v16f
row_h(const float *g, const float *x, accel_v16f cv, long h, long q, long r) {
  const float *xr = x + r * 4 * h + q * T, *gr = g + r * T;
  return sigmoid(accel_vload(xr + h) + accel_vload(gr + T * T)) *
         accel_vtanh(cv);
}

static inline __attribute__((always_inline)) void
store_h(float *hn, accel_v16f hv, long h, long q, long r, accel_v16f keep) {
  float *out = hn + r * h + q * T;
  if (q * T + T > h)
    hv = hv * (1.0f - keep) + accel_vload(out) * keep;
  accel_vstore(out, hv);
}

/* The step's last block, after every mmac: two rows at a time, so that
   their independent chains of specials overlap. */
static void finish_block(const float *g, const float *x, float *c, float *hn,
                         long b, long h, long hp, long q, accel_v16f keep) {
  long r = 0;
  for (; r + 1 < b; r += 2) {
    accel_v16f c0 = row_c(g, x, c, h, hp, q, r);
    accel_v16f c1 = row_c(g, x, c, h, hp, q, r + 1);
    accel_vstore(c + r * hp + q * T, c0);
    accel_vstore(c + (r + 1) * hp + q * T, c1);
    accel_v16f h0 = row_h(g, x, c0, h, q, r);
    accel_v16f h1 = row_h(g, x, c1, h, q, r + 1);
    store_h(hn, h0, h, q, r, keep);
    store_h(hn, h1, h, q, r + 1, keep);
  }
  if (r < b) {
    accel_v16f cv = row_c(g, x, c, h, hp, q, r);
    accel_vstore(c + r * hp + q * T, cv);
    store_h(hn, row_h(g, x, cv, h, q, r), h, q, r, keep);
  }
}

/* Block q's four gates (tiles 4 S to 4 S + 3, staged at stage's set S),
   each mmac's wait for the matrix unit filled by the previous tile's mst
   and a quarter of block q - 1's items (set P), whose last tile goes out
   first. */
#define BLOCK(S, P)                                                            \
  do {                                                                         \
    float *st = stage + (S)*4 * T * T, *pst = stage + (P)*4 * T * T;           \
    const float *wq = w + q * h * T;                                           \
    accel_mzero(4 * (S));                                                      \
    accel_mmac(4 * (S), hb, wq, h);                                            \
    if (q) {                                                                   \
      accel_mst(4 * (P) + 3, pst + 3 * T * T);                                 \
      update_items(pst, x, c, hn, b, h, hp, q - 1, 0, 4, keep);                \
    }                                                                          \
    accel_mzero(4 * (S) + 1);                                                  \
    accel_mmac(4 * (S) + 1, hb, wq + gate_step, h);                            \
    accel_mst(4 * (S), st);                                                    \
    if (q)                                                                     \
      update_items(pst, x, c, hn, b, h, hp, q - 1, 1, 4, keep);                \
    accel_mzero(4 * (S) + 2);                                                  \
    accel_mmac(4 * (S) + 2, hb, wq + 2 * gate_step, h);                        \
    accel_mst(4 * (S) + 1, st + T * T);                                        \
    if (q)                                                                     \
      update_items(pst, x, c, hn, b, h, hp, q - 1, 2, 4, keep);                \
    accel_mzero(4 * (S) + 3);                                                  \
    accel_mmac(4 * (S) + 3, hb, wq + 3 * gate_step, h);                        \
    accel_mst(4 * (S) + 2, st + 2 * T * T);                                    \
    if (q)                                                                     \
      update_items(pst, x, c, hn, b, h, hp, q - 1, 3, 4, keep);                \
  } while (0)

/* One step: gates = xw + h . R^T block by block, the vector unit's
   update of each block under the next block's mmacs. */
static void step(const lstm_buffers *s, const float *x, const float *hb,
                 float *hn, long b, long h) {
  long q_blocks = accel_tile_padded(h) / T, hp = q_blocks * T;
  long gate_step = q_blocks * h * T; /* one gate's panels to the next's */
  const float *w = s->w;
  float *stage = s->gates, *c = s->c;
  accel_v16f keep;
  for (int l = 0; l < T; ++l)
    keep[l] = l < h - (q_blocks - 1) * T ? 0.0f : 1.0f;
  for (long q = 0; q < q_blocks; ++q) {
    if (q & 1)
      BLOCK(1, 0);
    else
      BLOCK(0, 1);
  }
  long last = (q_blocks - 1) & 1;
  float *lst = stage + last * 4 * T * T;
  if (last)
    accel_mst(7, lst + 3 * T * T);
  else
    accel_mst(3, lst + 3 * T * T);
  finish_block(lst, x, c, hn, b, h, hp, q_blocks - 1, keep);
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
  long step_floats = b * 4 * h;
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
  zero(s.c, b * hp);
  zero(s.x[0] + step_floats, T);
  zero(s.x[1] + step_floats, T);
  accel_dma_wait_all();
  if (h0)
    accel_dma_2d_on(2, s.h[0], h0->data, 1, b * h * 4, 0, 0);
  if (c0)
    accel_dma_2d_on(3, s.c, c0->data, b, h * 4, hp * 4, h * 4);
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
    if (i + 1 < t) {
      accel_dma_2d_on(0, s.x[(i + 1) & 1], xsrc + (time + dt) * step_floats, 1,
                      step_floats * 4, 0, 0);
      accel_dma_wait_older_on(0);
    } else {
      accel_dma_wait_on(0);
    }
    /* hn's rows of two steps ago are on their way out on channel 1. */
    accel_dma_wait_older_on(1);
    step(&s, s.x[i & 1], hb, hn, b, h);
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
