/* gemm_few_rows.c - products of one to eight rows on the matrix unit's
   wide forms (gemm_few_rows.h; docs/kernels.md, "Products of few rows").

   A decode step multiplies its one to eight rows by every weight, once:
   its time is the weights' bytes over the DMA's rate. mmac takes 16
   weights a k step, half that rate; mmac.4x64 takes 64 (at up to four
   rows) and mmac.8x32 32 (at up to eight), so the matrix unit keeps up
   with the four channels and the weights stream through it once
   (docs/design.md, "the matrix unit at one to eight rows").

   The weights come as slabs of C columns (the wide form's), each in
   chunks of kc rows of K: a chunk is a quarter on each channel (rows of W,
   or the packed panels of the glu, halved by rows where a slab has fewer
   panels than channels), in three buffers, two chunks always on their way.
   x sits in the scratchpad once, as R rows of kc floats for each chunk of
   K (mmac's A). A slab's tile is stored, and its rows of y leave, two
   chunks after its last, when the MXU has long finished it; slabs take
   tiles and staging blocks in turn, four of each.

   A product with a bias (a row added to every row) or an activation has
   them applied to the stored tile on the stream engine, beside the next
   slab's mmacs; the transfer of y waits for the engine by itself. x given
   by columns (a 1 x 1 convolution's pixels: x[k][m]) is transposed into
   mmac's A by the engine, and y by columns its tile before it leaves. */

#include "matmul/gemm_few_rows.h"
#include "core/kernel_activation.h"
#include "core/kernel_dma.h"
#include "core/kernel_machine.h"
#include "core/spm_arena.h"
#include <accel.h>
#include <stddef.h>

enum {
  T = KERNEL_TILE,
  TileFloats = KERNEL_TILE_FLOATS,
  Channels = KERNEL_DMA_CHANNELS,
  /* The wide forms' columns: mmac.4x64 up to four rows, mmac.8x32 up to
     eight. */
  Cols4 = 64,
  Cols8 = 32,
  MaxRows = TileFloats / Cols8,
  Buffers = 4, /* a power of two */
  /* A chunk: a quarter on a channel outlasts its start-up four times, and
     the last chunk's mmac, which nothing overlaps, stays short. */
  ChunkFloats = 8 * 1024,
  MaxKc = ChunkFloats / Cols8,
  MaxK = 16384,
  MaxBias = 8192,
  /* x by columns lies in buffers 2 and 3 until the engine has transposed
     it: the first fetch into them waits for the engine (isa.md 7.12). */
  MaxXtFloats = 2 * ChunkFloats,
};

typedef struct {
  float a[MaxRows * (MaxK + MaxKc)];
  float buf[Buffers][ChunkFloats];
  float stage[4][TileFloats]; /* slab s's at s & 3, as its tile */
  float out[4][TileFloats];
  float params[2 * MaxRows]; /* the sigmoid's: zeros, then ones */
  float bias[MaxBias + Cols4];
  float ones[Cols4], lo[Cols4], hi[Cols4];
  float sigmoid[TileFloats];
} few_rows_spm;
KERNEL_SPM_FITS(few_rows_spm);
#define S (KERNEL_SPM(few_rows_spm))
static inline long min_of(long x, long y) { return x < y ? x : y; }

/* y[M, N] = x[M, K] . B[K, N], B W's [K, N] (glu 0) or the glu's packed
   panels (glu 1: N = 2 x 16 x pairs columns, y's H = N / 2). */
typedef struct {
  const float *x, *w;
  float *y;
  long x_rs, w_rs, y_rs;
  long M, K, N, H;
  int glu;
  /* x by columns (x[k][m], k x_ks apart) and y by columns (y[n][m], n
     y_ns apart): a 1 x 1 convolution's few pixels against its channels. */
  int x_t, y_t;
  long x_ks, y_ns;
  const float *bias; /* per column, contiguous; NULL for none */
  accel_activation act;
  long R, C, kc, nk, slabs;
} plan;

/* The shape's constants: no division by a value known only here (a
   division takes the core tens of cycles). */
static plan plan_for(plan p) {
  if (p.M <= TileFloats / Cols4) {
    p.R = TileFloats / Cols4, p.C = Cols4;
    p.kc = min_of(p.K, ChunkFloats / Cols4);
    p.nk = (p.K + ChunkFloats / Cols4 - 1) / (ChunkFloats / Cols4);
    p.slabs = (p.N + Cols4 - 1) / Cols4;
  } else {
    p.R = MaxRows, p.C = Cols8;
    p.kc = min_of(p.K, ChunkFloats / Cols8);
    p.nk = (p.K + ChunkFloats / Cols8 - 1) / (ChunkFloats / Cols8);
    p.slabs = (p.N + Cols8 - 1) / Cols8;
  }
  return p;
}

/* The tile and shape of an operation are constants in the instruction:
   slab s's tile is s & 3. */
/* A tree of bit tests, not a switch, whose jump table would be in DRAM
   (kernel_dma.h). */
#define ON_TILE(t, CALL, ...)                                                  \
  do {                                                                         \
    if ((t)&2) {                                                               \
      if ((t)&1)                                                               \
        CALL(3, __VA_ARGS__);                                                  \
      else                                                                     \
        CALL(2, __VA_ARGS__);                                                  \
    } else {                                                                   \
      if ((t)&1)                                                               \
        CALL(1, __VA_ARGS__);                                                  \
      else                                                                     \
        CALL(0, __VA_ARGS__);                                                  \
    }                                                                          \
  } while (0)
#define MZERO(t, unused) accel_mzero(t)

static inline void tile_mac(const plan *p, long s, const float *a,
                            const float *b, long k) {
  if (p->R == MaxRows)
    ON_TILE(s, accel_mmac_8x32, a, b, k);
  else
    ON_TILE(s, accel_mmac_4x64, a, b, k);
}

/* x's rows as mmac's A of each chunk of K: R rows of kc floats (rows M
   to R are never stored). */
static void load_x(const plan *p) {
  long full = p->K / p->kc, rest = p->K - full * p->kc;
  /* Each row's full chunks in one transfer (rows of kc floats, R kc
     apart), on channel 3, whose share of the first chunk is the
     smallest (fetch_rows). */
  for (long m = 0; m < p->M; ++m) {
    const float *x = p->x + m * p->x_rs;
    if (full)
      accel_dma_2d(3, S->a + m * p->kc, x, full, p->kc * 4,
                   p->R * p->kc * 4, p->kc * 4);
    if (rest)
      accel_dma_1d(3, S->a + p->R * full * p->kc + m * rest,
                   x + full * p->kc, rest * 4);
  }
}

/* x by columns, K rows of M floats at t (in buffers 2 and 3), as mmac's
   A of each chunk of K: a column of t (stride M) into a row of kc floats,
   an operation of the engine each. */
static void transpose_x(const plan *p, const float *t) {
  long full = p->K / p->kc, rest = p->K - full * p->kc, M = p->M;
  if (full) {
    accel_vs_shape(p->kc, 1);
    accel_vs_stride(1, M, M);
    for (long j = 0; j < full; ++j)
      for (long m = 0; m < M; ++m) {
        const float *src = t + j * p->kc * M + m;
        accel_vs_max(S->a + (j * p->R + m) * p->kc, src, src);
      }
  }
  if (rest) {
    accel_vs_shape(rest, 1);
    accel_vs_stride(1, M, M);
    for (long m = 0; m < M; ++m) {
      const float *src = t + full * p->kc * M + m;
      accel_vs_max(S->a + p->R * full * p->kc + m * rest, src, src);
    }
  }
}

/* Until the engine has written what it was given: a load waits for the
   operations whose operands it touches, and the engine runs in order. */
static void stream_sync(const float *last_dst) {
  (void)*(volatile const float *)last_dst;
}

/* A chunk of the weights: rows [k0, k0 + kl) of slab s. */
typedef struct {
  long s, c, k0, kl;
} chunk_at;

static chunk_at chunk_next(const plan *p, chunk_at a) {
  if (++a.c == p->nk)
    a.c = 0, ++a.s;
  a.k0 = a.c * p->kc;
  a.kl = min_of(p->K - a.k0, p->kc);
  return a;
}

/* rows x bytes (strides apart) from src to dst, a quarter of the rows on
   each channel: whether every channel got some. */
static int fetch_rows(float *dst, const float *src, long rows, long bytes,
                      long dst_stride, long src_stride) {
  long q = rows / Channels, extra = rows - q * Channels;
  long n0 = q + (extra > 0), n1 = q + (extra > 1), n2 = q + (extra > 2);
  const char *s = (const char *)src;
  char *d = (char *)dst;
  if (n0)
    accel_dma_2d(0, d, s, n0, bytes, dst_stride, src_stride);
  s += n0 * src_stride, d += n0 * dst_stride;
  if (n1)
    accel_dma_2d(1, d, s, n1, bytes, dst_stride, src_stride);
  s += n1 * src_stride, d += n1 * dst_stride;
  if (n2)
    accel_dma_2d(2, d, s, n2, bytes, dst_stride, src_stride);
  s += n2 * src_stride, d += n2 * dst_stride;
  if (q)
    accel_dma_2d(3, d, s, q, bytes, dst_stride, src_stride);
  return q > 0;
}

/* The glu's chunk: kl rows of each of the slab's panels (K x 16,
   contiguous, ps floats apart) side by side, rows of C floats: four
   panels one on each channel, two in halves of their rows on two each;
   a last slab's fewer panels on channel 0. */
static int fetch_panels(const plan *p, float *dst, const float *src, long kl,
                        long panels) {
  long ps = p->K * T, rs = p->C * 4;
  if (panels == Channels) {
    accel_dma_2d(0, dst, src, kl, T * 4, rs, T * 4);
    accel_dma_2d(1, dst + T, src + ps, kl, T * 4, rs, T * 4);
    accel_dma_2d(2, dst + 2 * T, src + 2 * ps, kl, T * 4, rs, T * 4);
    accel_dma_2d(3, dst + 3 * T, src + 3 * ps, kl, T * 4, rs, T * 4);
    return 1;
  }
  if (panels == Channels / 2 && p->C == 2 * T && kl >= 2) {
    long h = kl / 2, d1 = h * p->C, s1 = h * T;
    accel_dma_2d(0, dst, src, h, T * 4, rs, T * 4);
    accel_dma_2d(1, dst + d1, src + s1, kl - h, T * 4, rs, T * 4);
    accel_dma_2d(2, dst + T, src + ps, h, T * 4, rs, T * 4);
    accel_dma_2d(3, dst + T + d1, src + ps + s1, kl - h, T * 4, rs, T * 4);
    return 1;
  }
  for (long q = 0; q < panels; ++q)
    accel_dma_2d(0, dst + q * T, src + q * ps, kl, T * 4, rs, T * 4);
  return 0;
}

/* Chunk a into buffer b, kl rows of C floats: whether every channel got a
   part of it. */
static int fetch(const plan *p, chunk_at a, float *b) {
  if (!p->glu) {
    long n0 = a.s * p->C;
    return fetch_rows(b, p->w + a.k0 * p->w_rs + n0, a.kl,
                      min_of(p->N - n0, p->C) * 4, p->C * 4, p->w_rs * 4);
  }
  long per_slab = p->C / T, p0 = a.s * per_slab;
  return fetch_panels(p, b, p->w + p0 * p->K * T + a.k0 * T, a.kl,
                      min_of(p->N / T - p0, per_slab));
}

/* Until chunk i has arrived, chunk i + 1 (on every channel if newer)
   still coming. */
static void wait_chunk(int newer) {
  if (newer)
    accel_dma_wait_older_all();
  else
    accel_dma_wait_all();
}

/* The bias (the slab's C columns of it) and the activation of slab
   tile's M rows at stage, on the stream engine. */
static void epilogue(const plan *p, float *stage, long n0) {
  long M = p->M, C = p->C;
  const float *params = S->params + MaxRows - M;
  accel_vs_shape(M, C);
  if (p->bias)
    accel_vs_fma(stage, stage, S->ones, S->bias + n0);
  switch (p->act.kind) {
  case ACCEL_ACT_RELU:
    accel_vs_act_relu(stage, stage, params, NULL);
    break;
  case ACCEL_ACT_GELU:
    accel_vs_act_gelu_tanh(stage, stage, params, NULL);
    break;
  case ACCEL_ACT_GELU_ERF:
    accel_vs_act_gelu(stage, stage, params, NULL);
    break;
  case ACCEL_ACT_SILU:
    accel_vs_act_sigmoid(S->sigmoid, stage, params, NULL);
    accel_vs_mul(stage, stage, S->sigmoid);
    break;
  case ACCEL_ACT_CLIP:
    accel_vs_stride(C, C, 0);
    accel_vs_max(stage, stage, S->lo);
    accel_vs_min(stage, stage, S->hi);
    break;
  default:
    break;
  }
}

/* Slab s's tile (at stage) to y by columns: transposed on the engine into
   nc rows of M floats, then one transfer where y's columns are packed. */
static void store_columns(const plan *p, long s, const float *stage, long n0,
                          long nc) {
  long M = p->M, C = p->C;
  float *out = S->out[s & 3];
  accel_vs_shape(nc, 1);
  accel_vs_stride(M, 1, 1);
  for (long m = 0; m < M; ++m)
    accel_vs_max(out + m, stage + m * C, stage + m * C);
  if (p->y_ns == M)
    accel_dma_2d_on((int)(s & 3), p->y + n0 * M, out, 1, nc * M * 4, 0, 0);
  else
    accel_dma_2d_on((int)(s & 3), p->y + n0 * p->y_ns, out, nc, M * 4,
                    p->y_ns * 4, M * 4);
}

/* Slab s's tile out to y: its rows of C columns, or the glu's silu(gate)
   * up of its pairs on the stream engine (gate x sigmoid(gate) x up over
   the 16-float blocks of gates, 2 x 16 floats apart in the tile's rows),
   which the transfer of y waits for by itself (isa.md 7.12). */
static void finish(const plan *p, long s) {
  float *stage = S->stage[s & 3];
  ON_TILE(s, accel_mst, stage);
  if (!p->glu) {
    long n0 = s * p->C, nc = min_of(p->N - n0, p->C);
    if (p->bias || p->act.kind != ACCEL_ACT_NONE)
      epilogue(p, stage, n0);
    if (p->y_t) {
      store_columns(p, s, stage, n0, nc);
      return;
    }
    accel_dma_2d_on((int)(s & 3), p->y + n0, stage, p->M, nc * 4, p->y_rs * 4,
                    p->C * 4);
    return;
  }
  long half = p->C / 2, h0 = s * half, hc = min_of(p->H - h0, half);
  long blocks = p->M * (half / T);
  float *out = S->out[s & 3];
  accel_vs_shape(blocks, T);
  accel_vs_stride(T, 2 * T, 0);
  accel_vs_act_sigmoid(out, stage, S->params + MaxRows - blocks, NULL);
  accel_vs_stride(T, T, 2 * T);
  accel_vs_mul(out, out, stage);
  accel_vs_mul(out, out, stage + T);
  accel_dma_2d_on((int)(s & 3), p->y + h0, out, p->M, hc * 4, p->y_rs * 4,
                  half * 4);
}

/* Chunk i + 2 goes into the buffer chunk i - 2 had, whose mmac ended when
   chunk i - 1's started, before chunk i's mmac, which waits for the MXU:
   the channels hold two chunks while the core waits. A slab's tile is
   stored two chunks after its last (its mmac over by then, the store
   does not wait), and its y leaves (on channel s & 3, the slabs' rows
   spread over the four) before the fetch, so that the waits for a chunk
   stay waits for all but the newest transfer. */
/* The epilogue's constants: the engine's row parameters (zeros, then
   ones), a row of ones (the bias's scale) and clip's bounds. The bias
   comes on channel 2, before any chunk: the first wait for a chunk
   covers it. */
static void set_up_epilogue(const plan *p) {
  enum { Lanes = 16 };
  accel_v16f params = {0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f,
                       1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f};
  _Static_assert(2 * MaxRows == Lanes, "the parameters are one vector");
  accel_vstore(S->params, params);
  if (p->bias) {
    accel_dma_1d(2, S->bias, p->bias, p->N * 4);
    for (int i = 0; i < Cols4; i += Lanes)
      accel_vstore(S->ones + i, (accel_v16f)1.0f);
  }
  if (p->act.kind == ACCEL_ACT_CLIP)
    for (int i = 0; i < Cols4; i += Lanes) {
      accel_vstore(S->lo + i, (accel_v16f)p->act.lo);
      accel_vstore(S->hi + i, (accel_v16f)p->act.hi);
    }
}

/* x by columns into buffers 2 and 3 on channel 3, ahead of the first
   chunk. */
static void load_x_columns(const plan *p) {
  float *t = S->buf[2];
  if (p->x_ks == p->M)
    accel_dma_1d(3, t, p->x, p->K * p->M * 4);
  else
    accel_dma_2d(3, t, p->x, p->K, p->M * 4, p->M * 4, p->x_ks * 4);
}

static void run(const plan *p) {
  long total = p->nk * p->slabs, done = -1, ending = -1;
  if (p->glu || p->bias || p->act.kind != ACCEL_ACT_NONE)
    set_up_epilogue(p);
  if (p->x_t)
    load_x_columns(p);
  else
    load_x(p);
  chunk_at a = {0, 0, 0, min_of(p->K, p->kc)}, ahead = a;
  int first_full = fetch(p, ahead, S->buf[0]);
  if (p->x_t) {
    /* x, on channel 3 before the first chunk's part there, if any. */
    if (first_full)
      accel_dma_wait_older(3);
    else
      accel_dma_wait(3);
    transpose_x(p, S->buf[2]);
  }
  int next_full = 0;
  if (total > 1)
    ahead = chunk_next(p, ahead), next_full = fetch(p, ahead, S->buf[1]);
  if (p->x_t)
    stream_sync(S->a + p->R * (p->nk - 1) * p->kc + (p->M - 1) *
                           (p->K - (p->nk - 1) * p->kc));
  for (long i = 0; i < total; ++i) {
    wait_chunk(next_full);
    if (done >= 0)
      finish(p, done);
    done = ending;
    ending = a.c == p->nk - 1 ? a.s : -1;
    next_full = 0;
    if (i + 2 < total)
      ahead = chunk_next(p, ahead),
      next_full = fetch(p, ahead, S->buf[(i + 2) & (Buffers - 1)]);
    if (a.c == 0)
      ON_TILE(a.s, MZERO, 0);
    tile_mac(p, a.s, S->a + p->R * a.k0, S->buf[i & (Buffers - 1)], a.kl);
    a = chunk_next(p, a);
  }
  if (done >= 0)
    finish(p, done);
  if (ending >= 0)
    finish(p, ending);
  accel_dma_wait_all();
}

/* Whether the bias is none or a contiguous row the scratchpad holds. */
static int bias_fits(const accel_gemm_options *o, long N) {
  if (o->bias_kind == ACCEL_BIAS_NONE)
    return 1;
  return o->bias_kind == ACCEL_BIAS_PER_COLUMN && N <= MaxBias &&
         (o->bias->strides[0] == 1 || N == 1) && o->bias->dtype == ACCEL_F32;
}

int few_rows_gemm_takes(const accel_tensor *a, const accel_tensor *b,
                        const accel_tensor *c, const accel_gemm_options *o) {
  long M = o->trans_a ? a->dims[1] : a->dims[0];
  if (M > MaxRows) /* the general path's products, at once */
    return 0;
  long K = o->trans_a ? a->dims[0] : a->dims[1];
  long a_rs = o->trans_a ? a->strides[1] : a->strides[0];
  long a_cs = o->trans_a ? a->strides[0] : a->strides[1];
  long b_cs = o->trans_b ? b->strides[0] : b->strides[1];
  int x_rows = a_cs == 1 || K == 1;
  int x_columns = (a_rs == 1 || M == 1) && K * M <= MaxXtFloats;
  int y_rows = c->strides[1] == 1 || c->dims[1] == 1;
  int y_columns = c->strides[0] == 1 || M == 1;
  return M >= 1 && M <= MaxRows && K >= 1 && K <= MaxK &&
         (x_rows || x_columns) && b_cs == 1 && (y_rows || y_columns) &&
         o->alpha == 1.0f && o->beta == 0.0f && bias_fits(o, c->dims[1]) &&
         (unsigned)o->act.kind <= ACCEL_ACT_SILU && a->dtype == ACCEL_F32 &&
         b->dtype == ACCEL_F32 && c->dtype == ACCEL_F32;
}

void few_rows_gemm(const accel_tensor *a, const accel_tensor *b,
                   const accel_tensor *c, const accel_gemm_options *o) {
  plan p = {
      .x = (const float *)a->data,
      .w = (const float *)b->data,
      .y = (float *)c->data,
      .x_rs = o->trans_a ? a->strides[1] : a->strides[0],
      .x_ks = o->trans_a ? a->strides[0] : a->strides[1],
      .w_rs = o->trans_b ? b->strides[1] : b->strides[0],
      .y_rs = c->strides[0],
      .y_ns = c->strides[1],
      .M = o->trans_a ? a->dims[1] : a->dims[0],
      .K = o->trans_a ? a->dims[0] : a->dims[1],
      .N = o->trans_b ? b->dims[0] : b->dims[1],
      .act = o->act,
  };
  /* The transposed forms only where the plain ones do not apply. */
  p.x_t = !(p.x_ks == 1 || p.K == 1);
  p.y_t = !(p.y_ns == 1 || p.N == 1);
  if (o->bias_kind == ACCEL_BIAS_PER_COLUMN)
    p.bias = (const float *)o->bias->data;
  p = plan_for(p);
  run(&p);
}

/* Rows [0, n - 1) of t merged into its next-to-last dimension: their
   count, or 0 where they are not one run of rows (*rs their stride). */
static long merged_rows(const accel_tensor *t, long *rs) {
  int r = t->rank;
  long rows = t->dims[r - 2], stride = t->strides[r - 2];
  *rs = stride;
  for (int d = r - 3; d >= 0; --d) {
    if (t->dims[d] != 1 &&
        t->strides[d] != t->dims[d + 1] * t->strides[d + 1])
      return 0;
    rows *= t->dims[d];
  }
  return rows;
}

int few_rows_batched(const accel_tensor *a, const accel_tensor *b,
                     const accel_tensor *c) {
  int r = c->rank, rb = b->rank;
  if (r < 2 || a->rank != r || rb < 2 || a->dtype != ACCEL_F32 ||
      b->dtype != ACCEL_F32 || c->dtype != ACCEL_F32)
    return 0;
  for (int d = 0; d < rb - 2; ++d)
    if (b->dims[d] != 1)
      return 0;
  long K = a->dims[r - 1], N = c->dims[r - 1], x_rs, y_rs;
  long M = merged_rows(a, &x_rs);
  if (M < 1 || M > MaxRows || merged_rows(c, &y_rs) != M || K < 1 ||
      K > MaxK || b->dims[rb - 2] != K || b->dims[rb - 1] != N ||
      b->strides[rb - 1] != 1 || (a->strides[r - 1] != 1 && K != 1) ||
      c->strides[r - 1] != 1)
    return 0;
  plan p = {.x = (const float *)a->data, .w = (const float *)b->data,
            .y = (float *)c->data, .x_rs = x_rs, .w_rs = b->strides[rb - 2],
            .y_rs = y_rs, .M = M, .K = K, .N = N};
  p = plan_for(p);
  run(&p);
  return 1;
}

int few_rows_glu_takes(long M, long K, long H) {
  return M >= 1 && M <= MaxRows && K >= 1 && K <= MaxK && H >= 1;
}

void few_rows_glu(const float *x, long x_rs, const float *w, float *y,
                  long y_rs, long M, long K, long H) {
  plan p = {.x = x, .w = w, .y = y, .x_rs = x_rs, .y_rs = y_rs, .M = M,
            .K = K, .N = 2 * accel_tile_padded(H), .H = H, .glu = 1};
  p = plan_for(p);
  run(&p);
}
