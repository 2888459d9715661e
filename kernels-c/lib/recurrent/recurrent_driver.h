/* recurrent_driver.h - what accel_lstm (lstm.c) and accel_gru (gru.c)
   share: the scratchpad's layout, a step's walk over the blocks of 16
   hidden units with its mmacs, the run over the sequence, the checks of
   their common arguments and the packing of R. Each cell keeps its gate
   math (the update of a block's rows, and of the step's last block) and
   its own state (LSTM's c, GRU's Rbh).

   R comes packed by recurrent_pack: for gate k (in ONNX's order) and
   block q of 16 hidden units, panel k Q + q holds the H x 16 columns
   R^T[:, k H + 16 q ...] (zero past H), the layout mmac reads; so a step
   of G gates is G Q mmacs of K = H against h's rows (B of the tile's 16
   used). They run block by block, the G gates of block q into G tiles
   staged side by side, and under each of them the vector unit runs a
   G-th part of block q - 1's update, so that the matrix unit seldom
   waits for the gates. xw's next step arrives on channel 0 under the
   current one; y's rows leave on channel 1 from the state buffer that
   made them, two of them alternating. */

#ifndef ACCEL_RECURRENT_DRIVER_H
#define ACCEL_RECURRENT_DRIVER_H

#include "core/kernel_args.h"
#include "core/kernel_dma.h"
#include "core/kernel_machine.h"
#include "core/spm_arena.h"

enum { T = KERNEL_TILE };

typedef struct {
  float *w, *h[2], *gates, *x[2], *cell;
} recurrent_buffers;

/* G gates' panels, two sets of G staged tiles, two states of 16 rows, two
   steps of xw, then the cell's own buffer. Each vector buffer gets a
   vector of slack: the last block of a row reads and writes past H when
   H is not a multiple of 16. */
static inline recurrent_buffers recurrent_lay_out(long b, long h, long g) {
  long panels = g * accel_tile_padded(h) / T;
  float *p = accel_kernel_spm;
  recurrent_buffers s;
  s.w = p, p += panels * h * T;
  s.gates = p, p += 2 * g * T * T;
  for (int i = 0; i < 2; ++i)
    s.h[i] = p, p += T * h + T;
  for (int i = 0; i < 2; ++i)
    s.x[i] = p, p += b * g * h + T;
  s.cell = p;
  return s;
}

/* What a cell's update of a block reads and writes in one step. */
typedef struct {
  const float *x;  /* the step's xw: B rows of G H */
  const float *hb; /* the state the step reads: B rows of H */
  float *hn;       /* the state it makes */
  float *cell;     /* the cell's own buffer */
  long b, h, hp;   /* hp: H padded to whole blocks */
  accel_v16f keep; /* the last block's lanes past H: 1, else 0 */
} recurrent_rows;

static inline __attribute__((always_inline)) recurrent_rows
recurrent_rows_of(const recurrent_buffers *s, const float *x, const float *hb,
                  float *hn, long b, long h) {
  long q_blocks = accel_tile_padded(h) / T;
  recurrent_rows r;
  r.x = x, r.hb = hb, r.hn = hn, r.cell = s->cell;
  r.b = b, r.h = h, r.hp = q_blocks * T;
  accel_v16f keep;
  for (int l = 0; l < T; ++l)
    keep[l] = l < h - (q_blocks - 1) * T ? 0.0f : 1.0f;
  r.keep = keep;
  return r;
}

/* sigmoid(x) = (1 + tanh(x / 2)) / 2: one special operation, where the
   exponential and the reciprocal are two; within vtanh's 2^-20 (over 2)
   of it. */
static inline __attribute__((always_inline)) accel_v16f
recurrent_sigmoid(accel_v16f x) {
  return accel_vtanh(x * 0.5f) * 0.5f + 0.5f;
}

/* Row r's new h of block q into hn. A block past H keeps hn's floats
   there (the next row's first, already made): its lanes past H are
   finite (zero panels' columns, xw's slack zeroed, the cell's padding
   zeroed), so a blend by 0 and 1 leaves them. */
static inline __attribute__((always_inline)) void
recurrent_store_h(const recurrent_rows *s, accel_v16f hv, long q, long r) {
  float *out = s->hn + r * s->h + q * T;
  if (q * T + T > s->h)
    hv = hv * (1.0f - s->keep) + accel_vload(out) * s->keep;
  accel_vstore(out, hv);
}

/* Gate 0 of block q into tile G S; under its mmac block q - 1's last
   tile (of set P) leaves and the first part of that block's update,
   PART(rows, tiles, block, part), runs. */
#define RECURRENT_GATE0(G, S, P, PART)                                         \
  do {                                                                         \
    accel_mzero((G) * (S));                                                    \
    accel_mmac((G) * (S), step_rows->hb, wq, step_rows->h);                    \
    if (q) {                                                                   \
      accel_mst((G) * (P) + (G)-1, pst + ((G)-1) * T * T);                     \
      PART(step_rows, pst, q - 1, 0);                                          \
    }                                                                          \
  } while (0)

/* Gate k > 0 of block q into tile G S + k (panels wq + k gate_step);
   under its mmac gate k - 1's tile leaves and part k of block q - 1's
   update runs. */
#define RECURRENT_GATE(G, S, P, k, PART)                                       \
  do {                                                                         \
    accel_mzero((G) * (S) + (k));                                              \
    accel_mmac((G) * (S) + (k), step_rows->hb, wq + (k)*gate_step,             \
               step_rows->h);                                                  \
    accel_mst((G) * (S) + (k)-1, st + ((k)-1) * T * T);                        \
    if (q)                                                                     \
      PART(step_rows, pst, q - 1, k);                                          \
  } while (0)

/* Block q's G gates (tiles G S to G S + G - 1, staged at stage's set S),
   block q - 1's (set P) update under them. */
#define RECURRENT_BLOCK(G, S, P, PART)                                         \
  do {                                                                         \
    float *st = stage + (S) * (G)*T * T, *pst = stage + (P) * (G)*T * T;       \
    const float *wq = w + q * step_rows->h * T;                                \
    RECURRENT_GATE0(G, S, P, PART);                                            \
    RECURRENT_GATE(G, S, P, 1, PART);                                          \
    RECURRENT_GATE(G, S, P, 2, PART);                                          \
    if ((G) == 4)                                                              \
      RECURRENT_GATE(G, S, P, 3, PART);                                        \
  } while (0)

/* One step of G (3 or 4) gates: gates = xw + h . R^T block by block, the
   vector unit's PART of each block under the next block's mmacs, and
   LAST(rows, tiles, block) of the last block after every mmac. rows: a
   recurrent_rows *; gate_step: a gate's panels to the next gate's. */
#define RECURRENT_STEP(G, s, rows, PART, LAST)                                 \
  do {                                                                         \
    _Static_assert((G) == 3 || (G) == 4, "RECURRENT_STEP runs 3 or 4 gates");  \
    const recurrent_rows *step_rows = (rows);                                  \
    long q_blocks = step_rows->hp / T;                                         \
    long gate_step = q_blocks * step_rows->h * T;                              \
    const float *w = (s)->w;                                                   \
    float *stage = (s)->gates;                                                 \
    for (long q = 0; q < q_blocks; ++q) {                                      \
      if (q & 1)                                                               \
        RECURRENT_BLOCK(G, 1, 0, PART);                                        \
      else                                                                     \
        RECURRENT_BLOCK(G, 0, 1, PART);                                        \
    }                                                                          \
    long last = (q_blocks - 1) & 1;                                            \
    float *lst = stage + last * (G)*T * T;                                     \
    if (last)                                                                  \
      accel_mst(2 * (G)-1, lst + ((G)-1) * T * T);                             \
    else                                                                       \
      accel_mst((G)-1, lst + ((G)-1) * T * T);                                 \
    LAST(step_rows, lst, q_blocks - 1);                                        \
  } while (0)

/* n floats (whole vectors) of v from p: out of line with v a parameter,
   so that no caller's loop of zeros becomes memset's scalar stores. */
void recurrent_fill(float *p, long n, float v);

static inline void recurrent_zero(float *p, long n) {
  recurrent_fill(p, n, 0.0f);
}

/* Starts the packed R (w, G gates) on its way in on all four channels
   and zeroes the states and xw's slack: the tile's rows past B are read
   by mmac but give rows nobody reads; zeros keep them finite. cols: the
   panels' width in the scratchpad, KERNEL_TILE as packed, or 32 or 64
   (H a multiple of it) for mmac.8x32 and mmac.4x64, each panel of the
   few-row forms gathered from cols / 16 packed ones, a 2-D transfer of H
   rows of 64 bytes each (whole bursts: as fast as one contiguous row). */
static inline __attribute__((always_inline)) void
recurrent_start(const recurrent_buffers *s, const accel_tensor *w, long b,
                long h, long g, long cols) {
  long wfloats = g * accel_tile_padded(h) * h;
  const float *src = (const float *)w->data;
  if (cols == T) {
    long part = (wfloats / 4 + T - 1) / T * T;
    for (int ch = 0; ch < 4; ++ch) {
      long first = ch * part,
           n = wfloats - first < part ? wfloats - first : part;
      if (n > 0)
        accel_dma_2d_on(ch, s->w + first, src + first, 1, n * 4, 0, 0);
    }
  } else {
    /* cols / 16 is 2 or 4: shifts, not divisions. */
    long shift = cols == 64 ? 2 : 1, panels = g * accel_tile_padded(h) / T;
    for (long q = 0; q < panels; ++q)
      accel_dma_2d_on((int)(q & 3),
                      s->w + (q >> shift) * h * cols +
                          (q & ((1 << shift) - 1)) * T,
                      src + q * h * T, h, T * 4, cols * 4, T * 4);
  }
  recurrent_zero(s->h[0], T * h + T);
  recurrent_zero(s->h[1], T * h + T);
  recurrent_zero(s->x[0] + b * g * h, T);
  recurrent_zero(s->x[1] + b * g * h, T);
}

typedef void recurrent_step_fn(const recurrent_buffers *s, const float *x,
                               const float *hb, float *hn, long b, long h);

/* The sequence, from T - 1 down to 0 if reverse, once the states'
   transfers in are started on channels 2 and 3: each step's h leaves for
   y on channel 1. */
static inline __attribute__((always_inline)) void
recurrent_run(const recurrent_buffers *s, recurrent_step_fn *step,
              const float *xsrc, float *ydst, long t, long b, long h, long g,
              int reverse) {
  long step_floats = b * g * h;
  long t0 = reverse ? t - 1 : 0, dt = reverse ? -1 : 1;
  accel_dma_2d_on(0, s->x[0], xsrc + t0 * step_floats, 1, step_floats * 4, 0,
                  0);
  accel_dma_wait_on(2);
  accel_dma_wait_on(3);
  for (long i = 0; i < t; ++i) {
    long time = t0 + i * dt;
    const float *hb = s->h[i & 1];
    float *hn = s->h[(i + 1) & 1];
    if (i + 1 < t) {
      accel_dma_2d_on(0, s->x[(i + 1) & 1], xsrc + (time + dt) * step_floats, 1,
                      step_floats * 4, 0, 0);
      accel_dma_wait_older_on(0);
    } else {
      accel_dma_wait_on(0);
    }
    /* hn's rows of two steps ago are on their way out on channel 1. */
    accel_dma_wait_older_on(1);
    step(s, s->x[i & 1], hb, hn, b, h);
    accel_dma_2d_on(1, ydst + time * b * h, hn, 1, b * h * 4, 0, 0);
  }
}

/* ACCEL_STAGE_READ of an optional tensor. */
#define RECURRENT_STAGE(ch, copy, t)                                           \
  ((t) ? ACCEL_STAGE_READ(ch, copy, t) : NULL)

/* t: rank dimensions dims, contiguous (an output if out). */
accel_status recurrent_check_dense(const char *kernel, const char *name,
                                   const accel_tensor *t, int rank,
                                   const long *dims, int out);

/* y [T, B, H], xw [T, B, G H] and w (G gates' panels), in this order. */
accel_status recurrent_check_sequence(const char *kernel, long g,
                                      const accel_tensor *xw,
                                      const accel_tensor *w,
                                      const accel_tensor *y);

/* The refusal of a B and H that fits (accel_lstm_fits, accel_gru_fits)
   says no to. */
accel_status recurrent_refuse_size(const char *kernel, const char *fits, long b,
                                   long h);

/* That y overlaps none of the n others (null ones skipped). */
accel_status recurrent_check_apart(const char *kernel, const accel_tensor *y,
                                   const accel_tensor *const *others, int n);

/* R [G H, H] (row-major) into the panels of G gates. */
void recurrent_pack(const float *r, long h, long g, float *packed);

#endif
