/* gemv.c - products of one row on the stream engine and the vector unit
   (gemv.h; docs/kernels.md, "Products of one row").

   At one row the matrix unit takes a 16-wide column block of the weights
   a cycle, 64 bytes, half of what the four DMA channels bring. The
   stream engine takes 64 floats a cycle: a chunk of weights (rows of W
   packed in the scratchpad) is scaled row by row by x (vs.act.none, whose
   per-row scale is x's element and bias 0) and its rows summed by halving
   (vs.add of the chunk's lower half into its upper, rows - 1 rows added in
   all): two passes, 32 floats a cycle, the DMA's rate. So the vector unit
   takes the chunk's last rows (one in VectorShare; one vfma a 16-float
   block and row), accumulating in registers while the engine works
   through the rest, which then takes less than the transfers. The chunks
   stream through three buffers over the four channels; a transfer into a
   buffer waits by itself for the stream operations still reading it
   (isa.md 7.12), so only the chunk's own arrival is waited for.

   Chunks are groups of rows of W: gemv_run's rows of [K, N] (a slab of up
   to MaxCols columns, K in chunks), or gemv_glu_run's whole packed K x 16
   panels, each halved on its own (the groups' stride), on the engine
   alone: a panel gives the vector unit 16 columns a row, a broadcast of
   x's element for each vfma, which halves its rate. */

#include "matmul/gemv.h"
#include "core/kernel_activation.h"
#include "core/kernel_dma.h"
#include "core/kernel_machine.h"
#include "core/spm_arena.h"
#include <accel.h>
#include <stddef.h>

enum {
  T = KERNEL_TILE,
  Channels = KERNEL_DMA_CHANNELS,
  Buffers = 3,
  BufFloats = 64 * 1024,
  /* A chunk of [K, N]: a quarter on a channel outlasts its start-up
     sixteen times, and the last chunk's operations, which nothing
     overlaps, stay short. */
  ChunkFloats = 32 * 1024,
  MaxCols = 4096,
  MaxK = 16384,
  /* Per-row parameters of a chunk: its rows' zeros, then x's elements. */
  ParamFloats = 4 * MaxK,
  /* Column blocks the vector unit accumulates at once, in registers. */
  VectorBlocks = 8,
  /* The vector unit's rows of a chunk of [K, N]: one in VectorShare
     (measured over 4 to 14 on a decoder's projections: more rows on the
     vector unit leave it the last to finish). */
  VectorShare = 14,
  /* The stream engine's operations issued before the vector unit's share,
     which the engine's queue takes without stalling the core. */
  EarlyOps = 1 + 4, /* one started, StreamQueueDepth waiting */
};

typedef struct {
  float params[ParamFloats];
  /* x again, for the vector unit: its loads of the parameters would wait
     for the operations that read them. */
  float xv[MaxK];
  float buf[Buffers][BufFloats];
  float acc[2][MaxCols]; /* y's slab; the glu's gate and up blocks */
  float accv[MaxCols + T]; /* the vector unit's share of y's slab */
  float out[MaxCols];      /* the glu's y */
} gemv_spm;
KERNEL_SPM_FITS(gemv_spm);
#define S (KERNEL_SPM(gemv_spm))
static inline long min_of(long x, long y) { return x < y ? x : y; }

/* Zeros in n floats at p (16 at a time; n rounded up): a few stores,
   where memset's call and checks would take several times as long. */
__attribute__((no_builtin("memset"))) static void zero_floats(float *p, long n) {
  for (long i = 0; i < n; i += T)
    accel_vstore(p + i, (accel_v16f)0.0f);
}

/* Halving steps over groups x rows rows of len floats at b (groups
   rows * len apart), n rows of each group left, until two are left or
   `steps` are issued: the rows left. */
static long halve(float *b, long groups, long rows, long len, long n,
                  int steps) {
  for (; n > 2 && steps > 0; --steps) {
    long half = n / 2;
    accel_vs_shape(groups, half * len);
    if (groups > 1)
      accel_vs_stride(rows * len, rows * len, rows * len);
    accel_vs_add(b, b, b + (n - half) * len);
    n -= half;
  }
  return n;
}

/* The vector unit's share: for blocks b < nb of 16 columns, acc[16 b ..]
   (+)= sum over k < kn of x[k] * (16 floats at base + k rs + b bs). */
static inline __attribute__((always_inline)) void
vector_blocks(const float *base, long rs, long bs, const float *x, long kn,
              float *acc, int first, const int nb) {
  accel_v16f s[VectorBlocks];
#pragma clang loop unroll(full)
  for (int b = 0; b < nb; ++b)
    s[b] = first ? (accel_v16f)0.0f : accel_vload(acc + b * T);
#pragma clang loop unroll(disable)
  for (long k = 0; k < kn; ++k) {
    const float *row = base + k * rs;
    float xk = x[k];
#pragma clang loop unroll(full)
    for (int b = 0; b < nb; ++b)
      s[b] = s[b] + xk * accel_vload(row + b * bs);
  }
#pragma clang loop unroll(full)
  for (int b = 0; b < nb; ++b)
    accel_vstore(acc + b * T, s[b]);
}

static void vector_share(const float *base, long rs, long bs, const float *x,
                         long kn, float *acc, int first, long blocks) {
  for (long b0 = 0; b0 < blocks; b0 += VectorBlocks) {
    const float *p = base + b0 * bs;
    float *a = acc + b0 * T;
    switch (min_of(blocks - b0, VectorBlocks)) {
#define BLOCKS(n)                                                              \
  case n:                                                                      \
    vector_blocks(p, rs, bs, x, kn, a, first, n);                              \
    break;
      BLOCKS(1)
      BLOCKS(2)
      BLOCKS(3)
      BLOCKS(4)
      BLOCKS(5)
      BLOCKS(6)
      BLOCKS(7)
      BLOCKS(8)
#undef BLOCKS
    }
  }
}

/* rows x bytes (strides apart) from src to dst, a quarter of the rows
   on each channel; whether every channel got some (so that
   dma.wait.older waits for what came before them). */
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

/* Until chunk i has arrived, chunk i + 1 (on every channel if newer)
   still coming. */
static void wait_chunk(int newer) {
  if (newer) {
    accel_dma_wait_older(0);
    accel_dma_wait_older(1);
    accel_dma_wait_older(2);
    accel_dma_wait_older(3);
  } else {
    accel_dma_wait_all();
  }
}

/* --- y[N] = x[K] . W[K, N] ---------------------------------------------- */

typedef struct {
  const gemv_job *job;
  long nc, kc, nchunks, total;
} gemv_plan;

/* A chunk: rows [k0, k0 + kl) of the slab of columns [n0, n0 + nc), the
   stream engine's the first ks. */
typedef struct {
  long s, c; /* slab, chunk of K */
  long n0, nc, k0, kl, ks;
} chunk_at;

static chunk_at chunk_first(const gemv_plan *p) {
  chunk_at a = {0, 0, 0, min_of(p->job->N, p->nc), 0,
                min_of(p->job->K, p->kc), 0};
  a.ks = a.kl - a.kl / VectorShare;
  return a;
}

static chunk_at chunk_next(const gemv_plan *p, chunk_at a) {
  if (++a.c == p->nchunks) {
    a.c = 0, ++a.s;
    a.n0 += p->nc;
    a.nc = min_of(p->job->N - a.n0, p->nc);
  }
  a.k0 = a.c * p->kc;
  a.kl = min_of(p->job->K - a.k0, p->kc);
  a.ks = a.kl - a.kl / VectorShare;
  return a;
}

/* Chunk i (a) into its buffer, kl x nc packed. */
static int fetch(const gemv_plan *p, long i, chunk_at a) {
  const gemv_job *j = p->job;
  return fetch_rows(S->buf[i % Buffers], j->w + a.k0 * j->w_rs + a.n0, a.kl,
                    a.nc * 4, a.nc * 4, j->w_rs * 4);
}

/* The chunk's parameters: region c (2 kc floats) holds kc zeros, then
   x[c kc ..]; the engine's ks rows start kc - ks into the region. */
static void load_params(const gemv_plan *p) {
  long kc = p->kc, K = p->job->K, full = K / kc, rest = K - full * kc;
  for (long c = 0; c < p->nchunks; ++c)
    zero_floats(S->params + 2 * kc * c, kc);
  if (full)
    accel_dma_2d(0, S->params + kc, p->job->x, full, kc * 4, 2 * kc * 4,
                 kc * 4);
  if (rest)
    accel_dma_1d(0, S->params + 2 * kc * full + kc, p->job->x + full * kc,
                 rest * 4);
  accel_dma_1d(1, S->xv, p->job->x, K * 4);
}

/* Chunk i's engine rows into acc (the first chunk of a slab writes it),
   its vector rows into accv (vfirst: the slab's first there): the
   engine's first operations, the vector unit's rows under them, the
   rest. */
static void reduce_chunk(const gemv_plan *p, long i, chunk_at a, float *acc,
                         int vfirst) {
  float *b = S->buf[i % Buffers];
  float *region = S->params + 2 * p->kc * a.c;
  long len = a.nc, ks = a.ks;
  int first = a.c == 0;
  accel_vs_shape(ks, len);
  if (ks == 1) {
    accel_vs_act_none(first ? acc : b, b, region + (p->kc - ks), NULL);
    if (!first) {
      accel_vs_shape(1, len);
      accel_vs_add(acc, acc, b);
    }
  } else {
    accel_vs_act_none(b, b, region + (p->kc - ks), NULL);
    long n = halve(b, 1, ks, len, ks, EarlyOps - 1);
    vector_share(b + ks * len, len, T, S->xv + a.k0 + ks, a.kl - ks, S->accv,
                 vfirst, (len + T - 1) / T);
    n = halve(b, 1, ks, len, n, (int)ks);
    accel_vs_shape(1, len);
    if (first) {
      accel_vs_add(acc, b, b + len); /* n == 2 */
    } else {
      if (n == 2)
        accel_vs_add(b, b, b + len);
      accel_vs_add(acc, acc, b);
    }
    return;
  }
  vector_share(b + ks * len, len, T, S->xv + a.k0 + ks, a.kl - ks, S->accv,
               vfirst, (len + T - 1) / T);
}

/* Chunk i + 1 is on its way while chunk i is waited for, and chunk i + 2
   starts before chunk i's stream operations, which stall the core while
   the engine's queue is full: the channels always hold the next chunk. A
   slab's y leaves at the next chunk, before its fetch, so that the waits
   for one chunk stay waits for all but the newest transfer; slabs
   alternate between two accumulators, the older's transfer covered by
   then. */
void gemv_run(const gemv_job *job) {
  gemv_plan p = {.job = job};
  p.nc = min_of(job->N, MaxCols);
  p.kc = min_of(job->K, (ChunkFloats + p.nc - 1) / p.nc);
  p.nchunks = (job->K + p.kc - 1) / p.kc;
  p.total = p.nchunks * ((job->N + p.nc - 1) / p.nc);
  load_params(&p);
  chunk_at a = chunk_first(&p), ahead = a;
  fetch(&p, 0, ahead);
  int next_full = 0;
  if (p.total > 1)
    ahead = chunk_next(&p, ahead), next_full = fetch(&p, 1, ahead);
  long store_n0 = -1, store_nc = 0;
  float *store_acc = NULL;
  int vfirst = 1;
  for (long i = 0; i < p.total; ++i) {
    wait_chunk(next_full);
    if (store_n0 >= 0)
      accel_dma_1d(0, job->y + store_n0, store_acc, store_nc * 4);
    store_n0 = -1;
    next_full = 0;
    if (i + 2 < p.total)
      ahead = chunk_next(&p, ahead), next_full = fetch(&p, i + 2, ahead);
    float *acc = S->acc[a.s % 2];
    reduce_chunk(&p, i, a, acc, vfirst);
    vfirst &= a.kl == a.ks;
    if (a.c == p.nchunks - 1) {
      if (!vfirst) {
        accel_vs_shape(1, a.nc);
        accel_vs_add(acc, acc, S->accv);
      }
      vfirst = 1;
      store_n0 = a.n0, store_nc = a.nc, store_acc = acc;
    }
    if (i + 1 < p.total)
      a = chunk_next(&p, a);
  }
  if (store_n0 >= 0)
    accel_dma_1d(0, job->y + store_n0, store_acc, store_nc * 4);
  accel_dma_wait_all();
}

int gemv_takes(const accel_tensor *a, const accel_tensor *b,
               const accel_tensor *c, const accel_gemm_options *o) {
  long M = o->trans_a ? a->dims[1] : a->dims[0];
  long K = o->trans_a ? a->dims[0] : a->dims[1];
  long N = o->trans_b ? b->dims[0] : b->dims[1];
  long b_cs = o->trans_b ? b->strides[0] : b->strides[1];
  long a_cs = o->trans_a ? a->strides[0] : a->strides[1];
  /* Below 64 weights the matrix unit's one mmac is the quicker. */
  return M == 1 && K >= 1 && K <= MaxK && K * N >= 64 && b_cs == 1 &&
         (a_cs == 1 || K == 1) && c->strides[1] == 1 && o->alpha == 1.0f &&
         o->beta == 0.0f && o->bias_kind == ACCEL_BIAS_NONE &&
         o->act.kind == ACCEL_ACT_NONE && a->dtype == ACCEL_F32 &&
         b->dtype == ACCEL_F32 && c->dtype == ACCEL_F32;
}

void gemv_run_gemm(const accel_tensor *a, const accel_tensor *b,
                   const accel_tensor *c, const accel_gemm_options *o) {
  gemv_job job = {
      .x = (const float *)a->data,
      .w = (const float *)b->data,
      .bias = NULL,
      .y = (float *)c->data,
      .K = o->trans_a ? a->dims[0] : a->dims[1],
      .N = o->trans_b ? b->dims[0] : b->dims[1],
      .w_rs = o->trans_b ? b->strides[1] : b->strides[0],
  };
  gemv_run(&job);
}

/* --- y[H] = silu(x . w_gate) * (x . w_up), packed panels ----------------- */

int gemv_glu_takes(long K, long H) {
  return K >= 1 && 2 * K * T <= BufFloats && H >= 1 &&
         accel_tile_padded(H) <= MaxCols;
}

/* Panels [p0, p0 + g) of w into buffer i % Buffers, over the four
   channels as rows of a burst (K T is a multiple of 16 floats). */
static int fetch_panels(const float *w, long K, long p0, long g, long i) {
  return fetch_rows(S->buf[i % Buffers], w + p0 * K * T,
                    g * K * T / KERNEL_BURST_FLOATS, KERNEL_BURST_BYTES,
                    KERNEL_BURST_BYTES, KERNEL_BURST_BYTES);
}

void gemv_glu_run(const float *x, const float *w, float *y, long K, long H) {
  long pairs = accel_tile_padded(H) / T, panels = 2 * pairs;
  long fit = ChunkFloats / (K * T);
  long per_chunk = fit >= 2 ? fit / 2 * 2 : 2;
  long chunks = (panels + per_chunk - 1) / per_chunk;
  /* per_chunk K zeros, then x per_chunk times: a chunk of g panels takes
     its parameters from (per_chunk - g) K in. */
  long rows = per_chunk * K;
  zero_floats(S->params, rows);
  accel_dma_2d(0, S->params + rows, x, per_chunk, K * 4, K * 4, 0);
  fetch_panels(w, K, 0, min_of(panels, per_chunk), 0);
  int next_full = chunks > 1 &&
                  fetch_panels(w, K, per_chunk,
                               min_of(panels - per_chunk, per_chunk), 1);
  for (long i = 0; i < chunks; ++i) {
    long p0 = i * per_chunk, g = min_of(panels - p0, per_chunk);
    wait_chunk(next_full);
    long n0 = p0 + 2 * per_chunk;
    next_full = i + 2 < chunks &&
                fetch_panels(w, K, n0, min_of(panels - n0, per_chunk), i + 2);
    float *b = S->buf[i % Buffers], *res = S->acc[0] + p0 * T;
    const float *params = S->params + (per_chunk - g) * K;
    accel_vs_shape(g * K, T);
    if (K == 1) {
      accel_vs_act_none(res, b, params, NULL);
      continue;
    }
    accel_vs_act_none(b, b, params, NULL);
    halve(b, g, K, T, K, (int)K);
    accel_vs_shape(g, T);
    accel_vs_stride(T, K * T, K * T);
    accel_vs_add(res, b, b + T);
  }
  for (long j = 0; j < pairs; ++j) {
    accel_v16f gate = accel_vload(S->acc[0] + 2 * j * T);
    accel_v16f up = accel_vload(S->acc[0] + (2 * j + 1) * T);
    accel_vstore(S->out + j * T, accel_silu(gate) * up);
  }
  accel_dma_1d(0, y, S->out, H * 4);
  accel_dma_wait_all();
}
