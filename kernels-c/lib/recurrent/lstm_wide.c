/* lstm_wide.c - accel_lstm's step at few rows: B <= 4 with H a multiple
   of 64 on mmac.4x64, B <= 8 with H a multiple of 32 on mmac.8x32, where
   the 16 x 16 tile would spend 16 - B of its rows on nothing. A gate's
   h . R^T over a panel of cols hidden units is one mmac of K = H (R's
   panels gathered H x cols by recurrent_start), staged as the tile's
   rows of cols floats.

   A panel's gates go in the order i, f, c, o, and the cell's update in
   four passes over the panel's blocks, each as soon as its gate is
   staged and under the next gate's mmac, each writing in place of the
   gate it read: i's sigmoid under f's mmac, f's sigmoid times the old c
   under c's, the new c and its tanh under o's; h = o tanh(c) of a panel
   under the next panel's first two mmacs, the last panel's after them. */

#include "recurrent/lstm_cell.h"

long lstm_wide_cols(long b, long h) {
  if (b <= 4 && h % 64 == 0)
    return 64;
  if (b <= 8 && h % 32 == 0)
    return 32;
  return T;
}

enum { PassI, PassF, PassC, PassH };

/* One pass's work on rows r to r + n - 1 of panel p (gates staged at g,
   gate k KERNEL_TILE_FLOATS after gate 0), every item computed before any
   is stored: a store could alias the next item's loads for all the
   compiler knows, and the items' chains of specials only overlap side by
   side. H is a multiple of 16: no lanes past it. */
static inline __attribute__((always_inline)) void batch(const recurrent_rows *s,
                                                        float *g, long p,
                                                        long cols, long r,
                                                        int n, int pass) {
  enum { Most = 4 };
  int blocks = (int)(cols / T);
  long h = s->h;
  accel_v16f v[Most], t[Most];
  for (int i = 0; i < n * blocks; ++i) {
    long row = r + i / blocks, q = p * blocks + i % blocks;
    const float *xr = s->x + row * 4 * h + q * T;
    float *gr = g + row * cols + (i % blocks) * T;
    if (pass == PassI) {
      v[i] = recurrent_sigmoid(accel_vload(xr) + accel_vload(gr));
    } else if (pass == PassF) {
      v[i] = recurrent_sigmoid(accel_vload(xr + 2 * h) +
                               accel_vload(gr + 2 * T * T)) *
             accel_vload(s->cell + row * s->hp + q * T);
    } else if (pass == PassC) {
      v[i] = accel_vload(gr + 2 * T * T) +
             accel_vload(gr) * accel_vtanh(accel_vload(xr + 3 * h) +
                                           accel_vload(gr + 3 * T * T));
      t[i] = accel_vtanh(v[i]);
    } else {
      v[i] = recurrent_sigmoid(accel_vload(xr + h) + accel_vload(gr + T * T)) *
             accel_vload(gr + 3 * T * T);
    }
  }
  for (int i = 0; i < n * blocks; ++i) {
    long row = r + i / blocks, q = p * blocks + i % blocks;
    float *gr = g + row * cols + (i % blocks) * T;
    if (pass == PassI) {
      accel_vstore(gr, v[i]);
    } else if (pass == PassF) {
      accel_vstore(gr + 2 * T * T, v[i]);
    } else if (pass == PassC) {
      accel_vstore(s->cell + row * s->hp + q * T, v[i]);
      accel_vstore(gr + 3 * T * T, t[i]);
    } else {
      accel_vstore(s->hn + row * h + q * T, v[i]);
    }
  }
}

/* A pass over the rows r0, r0 + dr, ... (dr 1: all of them), four items
   a batch: one row's four blocks at cols 64, two rows' two at 32 (and an
   odd last row's two alone). More at once would not fit the vector
   registers. */
static inline __attribute__((always_inline)) void
pass_rows(const recurrent_rows *s, float *g, long p, long cols, long r0,
          long dr, int pass) {
  long r = r0;
  if (cols == 64) {
    for (; r < s->b; r += dr)
      batch(s, g, p, cols, r, 1, pass);
  } else {
    for (; r + 1 < s->b; r += 2 * dr)
      batch(s, g, p, cols, r, 2, pass);
    if (r < s->b)
      batch(s, g, p, cols, r, 1, pass);
  }
}

/* Every row of panel p. */
static inline __attribute__((always_inline)) void
pass_all(const recurrent_rows *s, float *g, long p, long cols, int pass) {
  pass_rows(s, g, p, cols, 0, 1, pass);
}

/* h of panel p for half the batches: the first of every two (half 0) or
   the second (half 1). */
static inline __attribute__((always_inline)) void
pass_h_half(const recurrent_rows *s, float *g, long p, long cols, long half) {
  long per = cols == 64 ? 1 : 2;
  pass_rows(s, g, p, cols, half * per, 2, PassH);
}

#define WIDE_MMAC(tile, panel)                                                 \
  do {                                                                         \
    accel_mzero(tile);                                                         \
    if (cols == 64)                                                            \
      accel_mmac_4x64(tile, rows.hb, panel, h);                                \
    else                                                                       \
      accel_mmac_8x32(tile, rows.hb, panel, h);                                \
  } while (0)

/* Panel p's gates into tiles 4 S + k, staged at set S; panel p - 1's h
   (set 1 - S) under the first two. */
#define WIDE_PANEL(S)                                                          \
  do {                                                                         \
    float *st = stage + (S)*4 * T * T, *pst = stage + (1 - (S)) * 4 * T * T;   \
    const float *wp = s->w + p * h * cols;                                     \
    WIDE_MMAC(4 * (S), wp);                                                    \
    if (p) {                                                                   \
      accel_mst(4 * (1 - (S)) + 1, pst + T * T);                               \
      pass_h_half(&rows, pst, p - 1, cols, 0);                                 \
    }                                                                          \
    WIDE_MMAC(4 * (S) + 2, wp + 2 * gate_step);                                \
    accel_mst(4 * (S), st);                                                    \
    pass_all(&rows, st, p, cols, PassI);                                       \
    if (p)                                                                     \
      pass_h_half(&rows, pst, p - 1, cols, 1);                                 \
    WIDE_MMAC(4 * (S) + 3, wp + 3 * gate_step);                                \
    accel_mst(4 * (S) + 2, st + 2 * T * T);                                    \
    pass_all(&rows, st, p, cols, PassF);                                       \
    WIDE_MMAC(4 * (S) + 1, wp + gate_step);                                    \
    accel_mst(4 * (S) + 3, st + 3 * T * T);                                    \
    pass_all(&rows, st, p, cols, PassC);                                       \
  } while (0)

static inline __attribute__((always_inline)) void
wide_step(const recurrent_buffers *s, const float *x, const float *hb,
          float *hn, long b, long h, long cols) {
  /* H is a multiple of 16: no lanes past it to keep (recurrent_rows_of's
     blend, whose mask would be laid out every step). */
  recurrent_rows rows;
  rows.x = x, rows.hb = hb, rows.hn = hn, rows.cell = s->cell;
  rows.b = b, rows.h = h, rows.hp = h;
  rows.keep = (accel_v16f)0.0f;
  long panels = cols == 64 ? h >> 6 : h >> 5;
  long gate_step = panels * h * cols;
  float *stage = s->gates;
  for (long p = 0; p < panels; ++p) {
    if (p & 1)
      WIDE_PANEL(1);
    else
      WIDE_PANEL(0);
  }
  long last = (panels - 1) & 1;
  float *lst = stage + last * 4 * T * T;
  if (last)
    accel_mst(5, lst + T * T);
  else
    accel_mst(1, lst + T * T);
  pass_all(&rows, lst, panels - 1, cols, PassH);
}

static void step_4x64(const recurrent_buffers *s, const float *x,
                      const float *hb, float *hn, long b, long h) {
  wide_step(s, x, hb, hn, b, h, 64);
}

static void step_8x32(const recurrent_buffers *s, const float *x,
                      const float *hb, float *hn, long b, long h) {
  wide_step(s, x, hb, hn, b, h, 32);
}

/* The steps known here, so that each is inlined into the run's loop: a
   call a step would save and restore every register and lay out the
   step's constants again. */
void lstm_wide_run(const recurrent_buffers *s, const float *xsrc, float *ydst,
                   long t, long b, long h, int reverse) {
  if (lstm_wide_cols(b, h) == 64)
    recurrent_run(s, step_4x64, xsrc, ydst, t, b, h, 4, reverse);
  else
    recurrent_run(s, step_8x32, xsrc, ydst, t, b, h, 4, reverse);
}
