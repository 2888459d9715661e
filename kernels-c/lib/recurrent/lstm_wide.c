/* lstm_wide.c - accel_lstm's step at few rows: B <= 4 with H a multiple
   of 64 on mmac.4x64, B <= 8 with H a multiple of 32 on mmac.8x32, where
   the 16 x 16 tile would spend 16 - B of its rows on nothing. A gate's
   h . R^T over a panel of cols hidden units is one mmac of K = H (R's
   panels gathered H x cols by recurrent_start), staged as the tile's
   rows of cols floats.

   A panel's gates go in the order i, f, c, o: c = f c + i tanh(cc) needs
   the first three and runs under o's mmac; h = o tanh(c) of a panel runs
   under the next panel's first mmacs, the last panel's after them. */

#include "recurrent/lstm_cell.h"

long lstm_wide_cols(long b, long h) {
  if (b <= 4 && h % 64 == 0)
    return 64;
  if (b <= 8 && h % 32 == 0)
    return 32;
  return T;
}

/* Rows r to r + n - 1's new c over panel p (its gates staged at g), all
   computed before any is stored: a store could alias the next item's
   loads for all the compiler knows, and the items' chains of specials
   only overlap side by side. */
static inline __attribute__((always_inline)) void
batch_c(const recurrent_rows *s, const float *g, long p, long cols, long r,
        int n) {
  enum { Most = 4 };
  int blocks = (int)(cols / T);
  accel_v16f v[Most];
  for (int i = 0; i < n * blocks; ++i)
    v[i] = lstm_row_c(s, g + (r + i / blocks) * cols + (i % blocks) * T,
                      p * blocks + i % blocks, r + i / blocks);
  for (int i = 0; i < n * blocks; ++i)
    accel_vstore(s->cell + (r + i / blocks) * s->hp +
                     (p * blocks + i % blocks) * T,
                 v[i]);
}

/* Rows r to r + n - 1's new h over panel p (H a multiple of 16: no lanes
   past it). */
static inline __attribute__((always_inline)) void
batch_h(const recurrent_rows *s, const float *g, long p, long cols, long r,
        int n) {
  enum { Most = 4 };
  int blocks = (int)(cols / T);
  accel_v16f v[Most];
  for (int i = 0; i < n * blocks; ++i) {
    long row = r + i / blocks, q = p * blocks + i % blocks;
    accel_v16f cv = accel_vload(s->cell + row * s->hp + q * T);
    v[i] = lstm_row_h(s, g + row * cols + (i % blocks) * T, cv, q, row);
  }
  for (int i = 0; i < n * blocks; ++i)
    accel_vstore(
        s->hn + (r + i / blocks) * s->h + (p * blocks + i % blocks) * T, v[i]);
}

/* Four items a batch: one row's four blocks at cols 64, two rows' two
   at 32 (and an odd last row's two alone). */
#define BATCHES(BATCH, s, g, p, cols, r0, dr)                                  \
  do {                                                                         \
    long r = (r0);                                                             \
    if ((cols) == 64) {                                                        \
      for (; r < (s)->b; r += (dr))                                            \
        BATCH(s, g, p, cols, r, 1);                                            \
    } else {                                                                   \
      for (; r + 1 < (s)->b; r += 2 * (dr))                                    \
        BATCH(s, g, p, cols, r, 2);                                            \
      if (r < (s)->b)                                                          \
        BATCH(s, g, p, cols, r, 1);                                            \
    }                                                                          \
  } while (0)

/* Every row's new c over panel p. */
static inline __attribute__((always_inline)) void
update_c(const recurrent_rows *s, const float *g, long p, long cols) {
  BATCHES(batch_c, s, g, p, cols, 0, 1);
}

/* The new h over panel p of half the batches: the first of every two
   (half 0) or the second (half 1). */
static inline __attribute__((always_inline)) void
update_h(const recurrent_rows *s, const float *g, long p, long cols,
         long half) {
  long per = cols == 64 ? 1 : 2;
  BATCHES(batch_h, s, g, p, cols, half * per, 2);
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
      update_h(&rows, pst, p - 1, cols, 0);                                    \
    }                                                                          \
    WIDE_MMAC(4 * (S) + 2, wp + 2 * gate_step);                                \
    accel_mst(4 * (S), st);                                                    \
    if (p)                                                                     \
      update_h(&rows, pst, p - 1, cols, 1);                                    \
    WIDE_MMAC(4 * (S) + 3, wp + 3 * gate_step);                                \
    accel_mst(4 * (S) + 2, st + 2 * T * T);                                    \
    WIDE_MMAC(4 * (S) + 1, wp + gate_step);                                    \
    accel_mst(4 * (S) + 3, st + 3 * T * T);                                    \
    update_c(&rows, st, p, cols);                                              \
  } while (0)

static inline __attribute__((always_inline)) void
wide_step(const recurrent_buffers *s, const float *x, const float *hb,
          float *hn, long b, long h, long cols) {
  recurrent_rows rows = recurrent_rows_of(s, x, hb, hn, b, h);
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
  update_h(&rows, lst, panels - 1, cols, 0);
  update_h(&rows, lst, panels - 1, cols, 1);
}

void lstm_step_4x64(const recurrent_buffers *s, const float *x, const float *hb,
                    float *hn, long b, long h) {
  wide_step(s, x, hb, hn, b, h, 64);
}

void lstm_step_8x32(const recurrent_buffers *s, const float *x, const float *hb,
                    float *hn, long b, long h) {
  wide_step(s, x, hb, hn, b, h, 32);
}
