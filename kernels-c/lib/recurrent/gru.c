/* gru.c - one direction of a GRU (linear_before_reset, PyTorch's) over a
   whole sequence in one call (accel_gru; accel_kernels.h), as lstm.c
   runs an LSTM: the input projections xw come computed, and each step
   adds h . R^T on the matrix unit block by block (gates z, r, h, three
   tiles a block of 16 hidden units), the vector unit's update of block
   q - 1 under block q's mmacs:
     z = sigmoid(xz + h Rz^T), r = sigmoid(xr + h Rr^T),
     n = tanh(xh + r (h Rh^T + Rbh)), h' = (1 - z) n + z h.
   R is packed as accel_lstm_pack's panels, for three gates
   (accel_gru_pack). */

#include "core/kernel_args.h"
#include "core/kernel_dma.h"
#include "core/kernel_machine.h"
#include "core/kernel_stack.h"
#include "core/spm_arena.h"
#include <stddef.h>

enum { T = KERNEL_TILE };

static const char K[] = "accel_gru";

_Static_assert(ACCEL_GRU_FLOATS <= ACCEL_KERNEL_SPM_BYTES / 4,
               "accel_gru's scratchpad is the kernels' arena");

typedef struct {
  float *w, *h[2], *gates, *x[2], *rbh;
} gru_buffers;

/* Each vector buffer gets a vector of slack: the last block of a row
   reads and writes past H when H is not a multiple of 16. */
static gru_buffers lay_out(long b, long h) {
  long hp = accel_tile_padded(h), panels = 3 * hp / T;
  float *p = accel_kernel_spm;
  gru_buffers s;
  s.w = p, p += panels * h * T;
  s.gates = p, p += 6 * T * T;
  for (int i = 0; i < 2; ++i)
    s.h[i] = p, p += T * h + T;
  for (int i = 0; i < 2; ++i)
    s.x[i] = p, p += b * 3 * h + T;
  s.rbh = p;
  return s;
}

static inline accel_v16f sigmoid(accel_v16f x) {
  return accel_vrcp(1.0f + accel_vexp(-x));
}

/* Rows r0, r0 + dr, ... of block q of 16 hidden units (its three gates'
   tiles staged at g): h' into hn (rows of h) from hb. A block past H
   keeps hn's floats there (the next row's first, already made): its
   lanes past H are finite (zero panels' columns, xw's slack and Rbh's
   padding zeroed), so a blend by 0 and 1 leaves them. */
static inline __attribute__((always_inline)) void
update_rows(const float *g, const float *x, const float *rbh, const float *hb,
            float *hn, long b, long h, long q, long r0, long dr,
            accel_v16f keep) {
  long n = q * T;
  int tail = n + T > h;
  for (long r = r0; r < b; r += dr) {
    const float *xr = x + r * 3 * h + n, *gr = g + r * T;
    accel_v16f z = sigmoid(accel_vload(xr) + accel_vload(gr));
    accel_v16f rg = sigmoid(accel_vload(xr + h) + accel_vload(gr + T * T));
    accel_v16f nh =
        accel_vtanh(accel_vload(xr + 2 * h) +
                    rg * (accel_vload(gr + 2 * T * T) + accel_vload(rbh + n)));
    float *out = hn + r * h + n;
    accel_v16f hv = nh + z * (accel_vload(hb + r * h + n) - nh);
    if (tail)
      hv = hv * (1.0f - keep) + accel_vload(out) * keep;
    accel_vstore(out, hv);
  }
}

/* Row r's new h of block q (gates staged at g), as update_rows'. */
static inline __attribute__((always_inline)) accel_v16f
row_h(const float *g, const float *x, const float *rbh, const float *hb, long h,
      long q, long r) {
  long n = q * T;
  const float *xr = x + r * 3 * h + n, *gr = g + r * T;
  accel_v16f z = sigmoid(accel_vload(xr) + accel_vload(gr));
  accel_v16f rg = sigmoid(accel_vload(xr + h) + accel_vload(gr + T * T));
  accel_v16f nh =
      accel_vtanh(accel_vload(xr + 2 * h) +
                  rg * (accel_vload(gr + 2 * T * T) + accel_vload(rbh + n)));
  return nh + z * (accel_vload(hb + r * h + n) - nh);
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
static void finish_block(const float *g, const float *x, const float *rbh,
                         const float *hb, float *hn, long b, long h, long q,
                         accel_v16f keep) {
  long r = 0;
  for (; r + 1 < b; r += 2) {
    accel_v16f h0 = row_h(g, x, rbh, hb, h, q, r);
    accel_v16f h1 = row_h(g, x, rbh, hb, h, q, r + 1);
    store_h(hn, h0, h, q, r, keep);
    store_h(hn, h1, h, q, r + 1, keep);
  }
  if (r < b)
    store_h(hn, row_h(g, x, rbh, hb, h, q, r), h, q, r, keep);
}

/* Block q's three gates (tiles 3 S to 3 S + 2, staged at stage's set S),
   each mmac's wait for the matrix unit filled by the previous tile's mst
   and a third of block q - 1's rows (set P), whose last tile goes out
   first. */
#define BLOCK(S, P)                                                            \
  do {                                                                         \
    float *st = stage + (S)*3 * T * T, *pst = stage + (P)*3 * T * T;           \
    const float *wq = w + q * h * T;                                           \
    accel_mzero(3 * (S));                                                      \
    accel_mmac(3 * (S), hb, wq, h);                                            \
    if (q) {                                                                   \
      accel_mst(3 * (P) + 2, pst + 2 * T * T);                                 \
      update_rows(pst, x, rbh, hb, hn, b, h, q - 1, 0, 3, keep);               \
    }                                                                          \
    accel_mzero(3 * (S) + 1);                                                  \
    accel_mmac(3 * (S) + 1, hb, wq + gate_step, h);                            \
    accel_mst(3 * (S), st);                                                    \
    if (q)                                                                     \
      update_rows(pst, x, rbh, hb, hn, b, h, q - 1, 1, 3, keep);               \
    accel_mzero(3 * (S) + 2);                                                  \
    accel_mmac(3 * (S) + 2, hb, wq + 2 * gate_step, h);                        \
    accel_mst(3 * (S) + 1, st + T * T);                                        \
    if (q)                                                                     \
      update_rows(pst, x, rbh, hb, hn, b, h, q - 1, 2, 3, keep);               \
  } while (0)

/* One step: gates = xw + h . R^T block by block, the vector unit's
   update of each block under the next block's mmacs. */
static void step(const gru_buffers *s, const float *x, const float *hb,
                 float *hn, long b, long h) {
  long q_blocks = accel_tile_padded(h) / T;
  long gate_step = q_blocks * h * T; /* one gate's panels to the next's */
  const float *w = s->w, *rbh = s->rbh;
  float *stage = s->gates;
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
  float *lst = stage + last * 3 * T * T;
  if (last)
    accel_mst(5, lst + 2 * T * T);
  else
    accel_mst(2, lst + 2 * T * T);
  finish_block(lst, x, rbh, hb, hn, b, h, q_blocks - 1, keep);
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
                               const accel_tensor *rbh, const accel_tensor *h0,
                               const accel_tensor *y) {
  accel_status s;
  if ((s = accel_check_tensor(K, "y", y, 3, 3, 1)))
    return s;
  long t = y->dims[0], b = y->dims[1], h = y->dims[2];
  long hp = accel_tile_padded(h);
  long xd[3] = {t, b, 3 * h}, wd[3] = {3 * hp / T, h, T}, sd[2] = {b, h};
  if ((s = check_dense("y", y, 3, y->dims, 1)) ||
      (s = check_dense("xw", xw, 3, xd, 0)) ||
      (s = check_dense("w", w, 3, wd, 0)) ||
      (rbh && (s = check_dense("rbh", rbh, 1, &h, 0))) ||
      (h0 && (s = check_dense("h0", h0, 2, sd, 0))))
    return s;
  if (!accel_gru_fits(b, h))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "y",
                              "B = %ld, H = %ld: B from 1 to 16 where "
                              "accel_gru_fits",
                              b, h);
  if (accel_tensors_overlap(y, xw) || accel_tensors_overlap(y, w) ||
      (rbh && accel_tensors_overlap(y, rbh)) ||
      (h0 && accel_tensors_overlap(y, h0)))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "y",
                              "overlaps another argument");
  return ACCEL_OK;
}

typedef struct {
  const accel_tensor *xw, *w, *rbh, *h0, *y;
  int reverse;
} gru_args;

/* ACCEL_STAGE_READ of an optional tensor. */
#define STAGE(ch, copy, t) ((t) ? ACCEL_STAGE_READ(ch, copy, t) : NULL)

static void zero(float *p, long n) {
  for (long i = 0; i < n; i += T)
    accel_vstore(p + i, (accel_v16f)0.0f);
}

static long gru(const void *args, const void *unused1, const void *unused2,
                const void *unused3) {
  (void)unused1, (void)unused2, (void)unused3;
  gru_args a = *(const gru_args *)args;
  accel_tensor copies[5];
  const accel_tensor *xw = STAGE(0, &copies[0], a.xw);
  const accel_tensor *w = STAGE(1, &copies[1], a.w);
  const accel_tensor *rbh = STAGE(2, &copies[2], a.rbh);
  const accel_tensor *h0 = STAGE(3, &copies[3], a.h0);
  const accel_tensor *y = STAGE(0, &copies[4], a.y);
  accel_dma_wait_all();
  accel_status st;
  if (accel_checking() && (st = check_args(xw, w, rbh, h0, y)))
    return st;
  long t = y->dims[0], b = y->dims[1], h = y->dims[2];
  long hp = accel_tile_padded(h), panels = 3 * hp / T;
  if (accel_only_checking() || !t || !b || !h)
    return ACCEL_OK;
  gru_buffers s = lay_out(b, h);
  long step_floats = b * 3 * h;
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
  zero(s.rbh, hp + T);
  zero(s.x[0] + step_floats, T);
  zero(s.x[1] + step_floats, T);
  accel_dma_wait_all();
  if (h0)
    accel_dma_2d_on(2, s.h[0], h0->data, 1, b * h * 4, 0, 0);
  if (rbh)
    accel_dma_2d_on(3, s.rbh, rbh->data, 1, h * 4, 0, 0);
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
  long q_blocks = accel_tile_padded(h) / T;
  for (long k = 0; k < 3; ++k)
    for (long q = 0; q < q_blocks; ++q) {
      float *dst = packed + (k * q_blocks + q) * h * T;
      for (long m = 0; m < h; ++m)
        for (long c = 0; c < T; ++c) {
          long n = q * T + c;
          dst[m * T + c] = n < h ? r[(k * h + n) * h + m] : 0.0f;
        }
    }
}
