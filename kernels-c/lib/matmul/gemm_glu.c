/* gemm_glu.c - a SwiGLU feed-forward block's gated product in one call
   (accel_gemm_glu; docs/kernels.md, "GEMM with a gated linear unit"):
   y = silu(a . w_gate) * (a . w_up).

   w comes packed (accel_gemm_glu_pack's layout): for each block j of 16
   columns, w_gate's panel (K rows of 16, the layout mmac reads) and then
   w_up's, contiguous. a's rows stay in the scratchpad, a chunk of them
   at a time; the pairs stream through three buffers, each over the four
   channels, the next pair's transfer under the current pair's mmacs. Each step
   (a pair against a block of 16 rows) leaves its two tiles into the scratchpad
   and the vector unit writes silu(gate) * up into the chunk's rows of y there
   while the next step's mmacs run; the chunk's rows then go to memory
   over the four channels, as a's came in. The two [M, H] products never
   reach memory. */

#include "core/kernel_activation.h"
#include "core/kernel_args.h"
#include "core/kernel_dma.h"
#include "core/kernel_machine.h"
#include "core/kernel_stack.h"
#include "core/spm_arena.h"
#include "matmul/gemm_few_rows.h"
#include <stddef.h>

enum { T = KERNEL_TILE, Channels = KERNEL_DMA_CHANNELS, PanelBuffers = 3 };

static const char K[] = "accel_gemm_glu";

_Static_assert(ACCEL_GEMM_GLU_FLOATS <= ACCEL_KERNEL_SPM_BYTES / 4,
               "accel_gemm_glu's scratchpad is the kernels' arena");

/* The chunk of rows the arena holds beside the pair buffers and the
   staging tiles: a's rows (K floats each) and y's (Hp each). */
static long chunk_rows(long k, long hp) {
  long rest = ACCEL_GEMM_GLU_FLOATS - PanelBuffers * 2 * k * T - 2 * 2 * T * T;
  return rest / (k + hp) / T * T;
}

typedef struct {
  float *pairs[PanelBuffers], *gate[2], *up[2], *a, *y;
} glu_buffers;

static glu_buffers lay_out(long k, long hp, long rows) {
  float *p = accel_kernel_spm;
  glu_buffers b;
  for (int i = 0; i < PanelBuffers; ++i)
    b.pairs[i] = p, p += 2 * k * T;
  for (int i = 0; i < 2; ++i) {
    b.gate[i] = p, p += T * T;
    b.up[i] = p, p += T * T;
  }
  b.a = p, p += rows * k;
  b.y = p;
  return b;
}

/* Pair j (its two panels, contiguous) into its buffer, a quarter on
   each channel: one channel alone would bring it slower than the mmacs
   use it. */
static long pair_part(long k, int c, long *first) {
  long floats = 2 * k * T, part = (floats / Channels + T - 1) / T * T;
  *first = c * part;
  return floats - *first < part ? floats - *first : part;
}

static void fetch_pair(const glu_buffers *b, const float *w, long k, long j) {
  float *dst = b->pairs[j % PanelBuffers];
  const float *src = w + j * 2 * k * T;
  for (int c = 0; c < Channels; ++c) {
    long first, n = pair_part(k, c, &first);
    if (n > 0)
      accel_dma_2d_on(c, dst + first, src + first, 1, n * 4, 0, 0);
  }
}

/* Until pair j's transfers, and everything before them, have ended; pair
   j + 1's, the newest on the channels it uses (the bits of used), may run
   on. */
static inline void wait_pair(unsigned used, int newer) {
  if (newer && used == (1u << Channels) - 1) {
    accel_dma_wait_older_all();
    return;
  }
  for (int c = 0; c < Channels; ++c)
    if (newer && (used >> c & 1))
      accel_dma_wait_older_on(c);
    else
      accel_dma_wait_on(c);
}

enum { Half = T / 2 };

/* silu(gate) * up of half the rows (0 to 7, or 8 to 15) of a staged
   step, stored to y's rows (hp apart) from out. Every load and special
   of the half before the first store, so that the rows' latencies
   overlap. */
static inline __attribute__((always_inline)) void
finish_half(const float *gate, const float *up, float *out, long hp, int half) {
  accel_v16f g[Half], u[Half];
#pragma clang loop unroll(full)
  for (int r = 0; r < Half; ++r) {
    g[r] = accel_vload(gate + (half * Half + r) * T);
    u[r] = accel_vload(up + (half * Half + r) * T);
  }
#pragma clang loop unroll(full)
  for (int r = 0; r < Half; ++r)
    accel_vstore(out + (half * Half + r) * hp, accel_silu(g[r]) * u[r]);
}

/* A step: pair gp against the 16 rows at a_rows into tiles 2 set and
   2 set + 1, and under each of its two mmacs half of the previous step's
   rows (its tiles, of the other set, staged by mst first). */
#define STEP(set, a_rows, gp, prev)                                            \
  do {                                                                         \
    const int p_ = 1 - (set);                                                  \
    accel_mzero(2 * (set));                                                    \
    accel_mmac(2 * (set), (a_rows), (gp), k);                                  \
    if (prev) {                                                                \
      accel_mst(2 * p_, b.gate[p_]);                                           \
      accel_mst(2 * p_ + 1, b.up[p_]);                                         \
      finish_half(b.gate[p_], b.up[p_], (prev), hp, 0);                        \
    }                                                                          \
    accel_mzero(2 * (set) + 1);                                                \
    accel_mmac(2 * (set) + 1, (a_rows), (gp) + k * T, k);                      \
    if (prev)                                                                  \
      finish_half(b.gate[p_], b.up[p_], (prev), hp, 1);                        \
  } while (0)

/* The last step's rows, of set. */
#define FINISH_STEP(set, out)                                                  \
  do {                                                                         \
    accel_mst(2 * (set), b.gate[set]);                                         \
    accel_mst(2 * (set) + 1, b.up[set]);                                       \
    finish_half(b.gate[set], b.up[set], (out), hp, 0);                         \
    finish_half(b.gate[set], b.up[set], (out), hp, 1);                         \
  } while (0)

/* One chunk of rows [row0, row0 + rows), a's already in b.a. */
static void glu_chunk(const glu_buffers *bp, const float *w, long k, long hp,
                      long rows) {
  glu_buffers b = *bp;
  long blocks = (rows + T - 1) / T, pairs = hp / T;
  float *pending = NULL; /* the last step's rows of y, not yet finished */
  unsigned used = 0;     /* the channels a pair's transfer uses */
  for (int c = 0; c < Channels; ++c) {
    long first;
    used |= (unsigned)(pair_part(k, c, &first) > 0) << c;
  }
  int set = 0;
  fetch_pair(&b, w, k, 0);
  for (long j = 0; j < pairs; ++j) {
    /* The buffer pair j + 1 takes held pair j - 2, whose mmacs were done
       before pair j - 1's issued. */
    if (j + 1 < pairs)
      fetch_pair(&b, w, k, j + 1);
    wait_pair(used, j + 1 < pairs);
    const float *gp = b.pairs[j % PanelBuffers];
    for (long r = 0; r < blocks; ++r) {
      float *out = b.y + r * T * hp + j * T;
      if (set == 0)
        STEP(0, b.a + r * T * k, gp, pending);
      else
        STEP(1, b.a + r * T * k, gp, pending);
      pending = out;
      set ^= 1;
    }
  }
  if (set == 0)
    FINISH_STEP(1, pending);
  else
    FINISH_STEP(0, pending);
}

static accel_status check_args(const accel_tensor *a, const accel_tensor *w,
                               const accel_tensor *y) {
  accel_status s;
  if ((s = accel_check_tensor(K, "a", a, 2, 2, 0)) ||
      (s = accel_check_tensor(K, "w", w, 3, 3, 0)) ||
      (s = accel_check_tensor(K, "y", y, 2, 2, 1)))
    return s;
  long m = a->dims[0], k = a->dims[1], h = y->dims[1];
  long pairs = accel_tile_padded(h) / T;
  if (y->dims[0] != m)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "y", "%ld rows, a has %ld",
                              y->dims[0], m);
  if (w->dims[0] != 2 * pairs || w->dims[1] != k || w->dims[2] != T)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "w",
                              "dims [%ld, %ld, %ld], expected [%ld, %ld, %d] "
                              "(accel_gemm_glu_pack's panels)",
                              w->dims[0], w->dims[1], w->dims[2], 2 * pairs, k,
                              (int)T);
  if (w->strides[2] != 1 || w->strides[1] != T || w->strides[0] != k * T)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "w",
                              "not contiguous (accel_gemm_glu_pack's panels)");
  if (k < 1 || !accel_gemm_glu_fits(k, h))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "a",
                              "K = %ld with H = %ld: K from 1 to 4096 and "
                              "accel_gemm_glu_fits",
                              k, h);
  if (accel_tensors_overlap(y, a) || accel_tensors_overlap(y, w))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "y", "overlaps a or w");
  return ACCEL_OK;
}

/* Rows [0, rows) of a rows-by-width matrix (row stride rs, column stride
   cs) between memory at mem and the scratchpad at spm (rows `pitch`
   floats apart): in four parts over the channels when they are 16 KiB or
   more (a part then outlasts its transfer's start-up), else on one
   (channel 0 in, 3 out). */
enum { SplitFloats = 4096 };
static void move_rows(float *spm, long pitch, const float *mem, long rs,
                      long cs, long rows, long width, int out) {
  if (rows * width < SplitFloats) {
    if (out)
      accel_copy_matrix(3, (float *)mem, rs, cs, spm, pitch, 1, rows, width);
    else
      accel_copy_matrix(0, spm, pitch, 1, mem, rs, cs, rows, width);
    return;
  }
  for (int c = 0; c < Channels; ++c) {
    long first = rows * c / Channels, n = rows * (c + 1) / Channels - first;
    if (out)
      accel_copy_matrix(c, (float *)mem + first * rs, rs, cs,
                        spm + first * pitch, pitch, 1, n, width);
    else
      accel_copy_matrix(c, spm + first * pitch, pitch, 1, mem + first * rs, rs,
                        cs, n, width);
  }
}

/* accel_gemm_glu's arguments (kernel_stack.h, "a body's arguments"). */
typedef struct {
  const accel_tensor *a, *w, *y;
} glu_args;

static long gemm_glu(const void *args, const void *unused1, const void *unused2,
                     const void *unused3) {
  (void)unused1, (void)unused2, (void)unused3;
  glu_args g = *(const glu_args *)args;
  accel_tensor ac, wc, yc;
  const accel_tensor *a = ACCEL_STAGE_READ(0, &ac, g.a);
  const accel_tensor *w = ACCEL_STAGE_READ(1, &wc, g.w);
  const accel_tensor *y = ACCEL_STAGE_READ(2, &yc, g.y);
  accel_dma_wait_all();
  accel_status s;
  if (accel_checking() && (s = check_args(a, w, y)))
    return s;
  long m = a->dims[0], k = a->dims[1], h = y->dims[1];
  long hp = accel_tile_padded(h);
  if (accel_only_checking() || !m || !h)
    return ACCEL_OK;
  if (a->strides[1] == 1 && y->strides[1] == 1 && few_rows_glu_takes(m, k, h)) {
    few_rows_glu((const float *)a->data, a->strides[0],
                 (const float *)w->data, (float *)y->data, y->strides[0], m,
                 k, h);
    return ACCEL_OK;
  }
  long chunk = chunk_rows(k, hp);
  glu_buffers b = lay_out(k, hp, chunk);
  for (long row0 = 0; row0 < m; row0 += chunk) {
    long rows = m - row0 < chunk ? m - row0 : chunk;
    const float *a0 = (const float *)a->data + row0 * a->strides[0];
    float *y0 = (float *)y->data + row0 * y->strides[0];
    move_rows(b.a, k, a0, a->strides[0], a->strides[1], rows, k, 0);
    /* The first pair's wait covers a's rows and the last chunk's rows of
       y (older on their channels), so the first pairs come in beside
       them. */
    glu_chunk(&b, (const float *)w->data, k, hp, rows);
    move_rows(b.y, hp, y0, y->strides[0], y->strides[1], rows, h, 1);
  }
  accel_dma_wait_all();
  return ACCEL_OK;
}

accel_status accel_gemm_glu(const accel_tensor *a, const accel_tensor *w,
                            accel_tensor *y) {
  static ACCEL_SPM glu_args args;
  args = (glu_args){a, w, y};
  return (accel_status)accel_on_kernel_stack(gemm_glu, &args, NULL, NULL, NULL);
}

void accel_gemm_glu_pack(const float *w_gate, const float *w_up, long k, long h,
                         float *packed) {
  long pairs = accel_tile_padded(h) / T;
  for (long j = 0; j < pairs; ++j)
    for (int half = 0; half < 2; ++half) {
      const float *src = half ? w_up : w_gate;
      float *dst = packed + (2 * j + half) * k * T;
      for (long r = 0; r < k; ++r)
        for (long c = 0; c < T; ++c) {
          long col = j * T + c;
          dst[r * T + c] = col < h ? src[r * h + col] : 0.0f;
        }
    }
}
