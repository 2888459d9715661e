/* conv2d_pointwise_bands.c - a 1 x 1 convolution of few input channels
   over many pixels (a mobile CNN's expansions: 16 -> 96 channels at
   32 x 32), y (Cout x P) = w (Cout x C) . x (C x P) + bias, by bands of
   16 output channels (conv2d.h; docs/kernels.md, "accel_conv2d").

   With C small, a tile's mmac is C cycles: the GEMM's epilogue per tile
   (the bias, the activation on the vector unit, a transfer of 16 rows)
   costs several times its product. Here x is in the scratchpad once, in
   column blocks of 16 pixels (mmac's B), with a row of ones after its C
   rows, and w's rows have the bias after their C weights: the product
   adds the bias for one more cycle of the matrix unit. A band's tiles
   only multiply and store (mst.relu for relu and a clip from 0): mzero,
   mmac and mst, four accumulators in turn, so that a tile's store runs
   beside the next one's product. What is left of the activation runs on
   the stream engine over the whole band (16 x P floats, one or two
   operations), and the band leaves, a transfer per output channel, while
   the next band's tiles are made in the other buffer. At 16 pixels a band
   is one tile, and band b's mmac is issued before band b - 1's tile is
   stored. A small kernel (a stem's 3 x 3) runs the same bands on B made
   once from the padded image (conv_im2col_bands_run, at the end). */

#include "conv/conv2d.h"
#include <stddef.h>

enum {
  TileFloats = T * T,
  MaxBlocks = ACCEL_CONV2D_BANDS_MAX_PIXELS / T,
  MaxXFloats = 128 * 1024,
  MaxWFloats = ACCEL_CONV2D_BANDS_MAX_W_FLOATS,
  BandFloats = MaxBlocks * TileFloats,
  PadFloats = ACCEL_CONV2D_BANDS_MAX_PADDED,
};

typedef struct {
  float x[MaxXFloats]; /* block j: Kp rows of 16 pixels (the last ones) */
  float w[MaxWFloats]; /* Cout rows of Kp: C weights (and the bias) */
  float band[2][BandFloats]; /* tile j's 16 x 16 at j TileFloats */
  float sigmoid[BandFloats];
  /* A small kernel's image (conv_im2col_bands_run): zero-padded, then its
     columns split by phase of the stride. */
  float padded[PadFloats], phases[PadFloats];
  float lo[T], hi[T];
} bands_spm;
KERNEL_SPM_FITS(bands_spm);
#define S (KERNEL_SPM(bands_spm))

int conv_pointwise_bands_fits(const conv_problem *p) {
  long P = p->H * p->W;
  return accel_conv2d_pointwise_bands_fits(p->C, p->H, p->W, p->Cout) &&
         p->groups == 1 && p->KH == 1 && p->KW == 1 && p->sh == 1 &&
         p->sw == 1 && !p->pt && !p->pl && !p->pb && !p->pr &&
         (p->C + 1) * P <= MaxXFloats && p->xs[3] == 1 &&
         p->xs[2] == p->W && p->xs[1] == P && p->ys[3] == 1 &&
         p->ys[2] == p->W && p->ys[1] == P && p->ws[1] == 1 &&
         p->ws[0] == p->C && p->act.kind != ACCEL_ACT_GELU_ERF;
}

/* A band's plan: K = Kp rows of A and B (C, and one for the bias). */
typedef struct {
  long Kp, blocks, Cout, ys1;
  /* Bands of one block: w comes in four parts of bands, part c (bands c
     part_bands on) on channel c behind x's part there; the first image's
     bands wait for their part alone. */
  long part_bands, parts;
} band_plan;

/* The tile and the shape are constants in the instruction. */
#define MST(t, dst)                                                            \
  do {                                                                         \
    if (relu)                                                                  \
      accel_mst_relu(t, dst);                                                  \
    else                                                                       \
      accel_mst(t, dst);                                                       \
  } while (0)
#define STEP(t, tp, j)                                                         \
  do {                                                                         \
    accel_mzero(t);                                                            \
    accel_mmac(t, a, x + (j) * K * T, K);                                      \
    MST(tp, out + ((j)-1) * TileFloats);                                       \
  } while (0)

/* The band's tiles: A (16 rows of K) at a against each block of x, into
   out, a tile's store beside the next one's product; relu a constant
   where inlined. */
static inline __attribute__((always_inline)) void
band_tiles(const float *a, const float *x, float *out, long K, long blocks,
           const int relu) {
  accel_mzero(0);
  accel_mmac(0, a, x, K);
  long j = 1;
  for (; j + 4 <= blocks; j += 4) {
    STEP(1, 0, j);
    STEP(2, 1, j + 1);
    STEP(3, 2, j + 2);
    STEP(0, 3, j + 3);
  }
  /* The last tile made is (j - 1) & 3 = 0: blocks - j more. */
  long left = blocks - j;
  if (left > 0)
    STEP(1, 0, j);
  if (left > 1)
    STEP(2, 1, j + 1);
  if (left > 2)
    STEP(3, 2, j + 2);
  /* A tree of bit tests, not a switch: a jump table is in DRAM. */
  long last = (blocks - 1) & 3;
  float *end = out + (blocks - 1) * TileFloats;
  if (last & 2) {
    if (last & 1)
      MST(3, end);
    else
      MST(2, end);
  } else {
    if (last & 1)
      MST(1, end);
    else
      MST(0, end);
  }
}
#undef STEP
#undef MST

/* What the stores leave of the activation, over the band's n floats on
   the engine; kind a constant where inlined (a test of it per band would
   be a jump table in DRAM). clip0 says the stores made max(x, 0). */
static inline __attribute__((always_inline)) void
band_activate(float *out, long blocks, const int kind, const int clip0) {
  static KERNEL_SPM_CONST const float identity[2] = {0.0f, 1.0f};
  long n = blocks * TileFloats;
  if (kind == ACCEL_ACT_GELU) {
    accel_vs_shape(1, n);
    accel_vs_act_gelu_tanh(out, out, identity, NULL);
  } else if (kind == ACCEL_ACT_CLIP) {
    accel_vs_shape(blocks * T, T);
    accel_vs_stride(T, T, 0);
    if (!clip0)
      accel_vs_max(out, out, S->lo);
    accel_vs_min(out, out, S->hi);
  } else if (kind == ACCEL_ACT_SILU) {
    accel_vs_shape(1, n);
    accel_vs_act_sigmoid(S->sigmoid, out, identity, NULL);
    accel_vs_mul(out, out, S->sigmoid);
  }
}

/* The band's 16 output channels to y: channel row i is row i of each
   tile (64 bytes, a tile apart), one transfer each, over the four
   channels; a band of one block is y's rows as they lie, on channel
   band mod 4. The transfers wait for the engine's results by themselves
   (isa.md 7.12). */
static void band_out(const float *out, float *y, long blocks, long band) {
  long P = blocks * T;
  if (blocks == 1) {
    accel_dma_2d_on((int)(band & 3), y, out, 1, TileFloats * 4, 0, 0);
    return;
  }
  for (int i = 0; i < T; i += 4) {
    accel_dma_2d(0, y + i * P, out + i * T, blocks, T * 4, T * 4,
                 TileFloats * 4);
    accel_dma_2d(1, y + (i + 1) * P, out + (i + 1) * T, blocks, T * 4, T * 4,
                 TileFloats * 4);
    accel_dma_2d(2, y + (i + 2) * P, out + (i + 2) * T, blocks, T * 4, T * 4,
                 TileFloats * 4);
    accel_dma_2d(3, y + (i + 3) * P, out + (i + 3) * T, blocks, T * 4, T * 4,
                 TileFloats * 4);
  }
}

/* Image n's bands of several blocks; kind, clip0 and relu constants
   where inlined: two buffers, the band before this one waited for after
   this one's tiles (its buffer is the next's). */
static inline __attribute__((always_inline)) void
run_bands(const band_plan *bp, float *y, const int kind, const int clip0,
          const int relu, long *band) {
  long Kp = bp->Kp, blocks = bp->blocks;
  for (long o0 = 0; o0 < bp->Cout; o0 += T, ++*band) {
    long b = *band;
    float *out = S->band[b & 1];
    band_tiles(S->w + o0 * Kp, S->x, out, Kp, blocks, relu);
    accel_dma_wait_all();
    band_activate(out, blocks, kind, clip0);
    band_out(out, y + o0 * bp->ys1, blocks, b);
  }
}

/* Band b's tile (b's accumulator, b mod 2) out: four buffers, band b's
   leaving on channel b mod 4 (the last transfer there is band b - 4's). */
static inline __attribute__((always_inline)) void
one_block_out(const band_plan *bp, float *y, long b, long o0, const int kind,
              const int clip0, const int relu) {
  float *out = S->band[0] + (b & 3) * TileFloats;
  accel_dma_wait_on((int)(b & 3));
  if (b & 1) {
    if (relu)
      accel_mst_relu(1, out);
    else
      accel_mst(1, out);
  } else {
    if (relu)
      accel_mst_relu(0, out);
    else
      accel_mst(0, out);
  }
  band_activate(out, 1, kind, clip0);
  band_out(out, y + o0 * bp->ys1, 1, b);
}

/* Image n's bands of one block: band b's product issued before band b -
   1's tile is stored and sent, so that the matrix unit runs under the
   core's work for a band. The first image's bands wait for their part of
   w alone (x, on every channel before the parts, with part 0). */
static inline __attribute__((always_inline)) void
run_one_block_bands(const band_plan *bp, float *y, const int kind,
                    const int clip0, const int relu, long *band) {
  long Kp = bp->Kp, pb = bp->part_bands;
  for (long o0 = 0, part = 0; o0 < bp->Cout; o0 += T, ++*band) {
    long b = *band;
    if (b == part * pb && part < bp->parts) {
      if (part == 0)
        for (int c = 1; c < 4; ++c) {
          if (c < bp->parts)
            accel_dma_wait_older_on(c);
          else
            accel_dma_wait_on(c);
        }
      accel_dma_wait_on((int)part);
      ++part;
    }
    const float *a = S->w + o0 * Kp;
    if (b & 1) {
      accel_mzero(1);
      accel_mmac(1, a, S->x, Kp);
    } else {
      accel_mzero(0);
      accel_mmac(0, a, S->x, Kp);
    }
    if (o0 > 0)
      one_block_out(bp, y, b - 1, o0 - T, kind, clip0, relu);
  }
  one_block_out(bp, y, *band - 1, bp->Cout - T, kind, clip0, relu);
}

/* x's image in column blocks: row k of block j is pixels 16 j .. 16 j +
   15 of channel k, a transfer a channel, four channels a step (the
   channel a constant: no switch). */
static void load_x(const float *x, long C, long xs1, long Kp, long blocks) {
#define LOAD(ch)                                                               \
  if (k + (ch) < C)                                                            \
  accel_dma_2d(ch, S->x + (k + (ch)) * T, x + (k + (ch)) * xs1, blocks, T * 4, \
               Kp * T * 4, T * 4)
  for (long k = 0; k < C; k += 4) {
    LOAD(0);
    LOAD(1);
    LOAD(2);
    LOAD(3);
  }
#undef LOAD
}

/* w's rows (C floats, Kp apart) and the bias after each, part c's bands
   on channel c; the row of ones after each block of x. */
static void load_w(const conv_problem *p, const band_plan *bp, long blocks) {
  long Cout = p->Cout, Kp = bp->Kp, q = bp->part_bands * T;
  long C = Kp - (p->bias != NULL); /* a row of w: C KH KW */
  for (int c = 0; c < bp->parts; ++c) {
    long r0 = c * q, rows = r0 + q > Cout ? Cout - r0 : q;
    accel_dma_2d_on(c, S->w + r0 * Kp, p->w + r0 * C, rows, C * 4, Kp * 4,
                    C * 4);
    if (p->bias)
      accel_dma_2d_on(c, S->w + r0 * Kp + C, p->bias + r0 * p->bs, rows, 4,
                      Kp * 4, p->bs * 4);
  }
  if (p->bias)
    for (long j = 0; j < blocks; ++j)
      accel_vstore(S->x + (j * Kp + C) * T, (accel_v16f)1.0f);
}

void conv_pointwise_bands_run(const conv_problem *p) {
  /* The problem's fields in registers: it lies in DRAM, tens of cycles a
     load, and the loops' stores to the scratchpad would reload them. */
  long C = p->C, N = p->N, blocks = p->H * p->W / T, xs0 = p->xs[0];
  long xs1 = p->xs[1], ys0 = p->ys[0];
  int kind = p->act.kind, clip0 = kind == ACCEL_ACT_CLIP && p->act.lo == 0.0f;
  const float *x = p->x;
  float *y = p->y;
  long bands = p->Cout / T, pb = (bands + 3) / 4;
  band_plan bp = {C + (p->bias != NULL), blocks, p->Cout, p->ys[1], pb,
                  (bands + pb - 1) / pb};
  accel_vstore(S->lo, (accel_v16f)p->act.lo);
  accel_vstore(S->hi, (accel_v16f)p->act.hi);
  long band = 0;
  for (long n = 0; n < N; ++n) {
    /* The previous image's bands have left before x is replaced. */
    accel_dma_wait_all();
    if (blocks == 1) {
      /* x's channels are one block's rows as they lie. */
      int ch = 0;
      accel_dma_split(&ch, S->x, x + n * xs0, C * T * 4, 1024);
    } else {
      load_x(x + n * xs0, C, xs1, bp.Kp, blocks);
    }
    if (n == 0)
      load_w(p, &bp, blocks);
    if (blocks > 1 || n > 0)
      accel_dma_wait_all();
    float *yn = y + n * ys0;
    if (blocks == 1) {
      if (kind == ACCEL_ACT_RELU)
        run_one_block_bands(&bp, yn, ACCEL_ACT_NONE, 0, 1, &band);
      else if (clip0)
        run_one_block_bands(&bp, yn, ACCEL_ACT_CLIP, 1, 1, &band);
      else if (kind == ACCEL_ACT_CLIP)
        run_one_block_bands(&bp, yn, ACCEL_ACT_CLIP, 0, 0, &band);
      else if (kind == ACCEL_ACT_GELU)
        run_one_block_bands(&bp, yn, ACCEL_ACT_GELU, 0, 0, &band);
      else if (kind == ACCEL_ACT_SILU)
        run_one_block_bands(&bp, yn, ACCEL_ACT_SILU, 0, 0, &band);
      else
        run_one_block_bands(&bp, yn, ACCEL_ACT_NONE, 0, 0, &band);
    } else if (kind == ACCEL_ACT_RELU)
      run_bands(&bp, yn, ACCEL_ACT_NONE, 0, 1, &band);
    else if (clip0)
      run_bands(&bp, yn, ACCEL_ACT_CLIP, 1, 1, &band);
    else if (kind == ACCEL_ACT_CLIP)
      run_bands(&bp, yn, ACCEL_ACT_CLIP, 0, 0, &band);
    else if (kind == ACCEL_ACT_GELU)
      run_bands(&bp, yn, ACCEL_ACT_GELU, 0, 0, &band);
    else if (kind == ACCEL_ACT_SILU)
      run_bands(&bp, yn, ACCEL_ACT_SILU, 0, 0, &band);
    else
      run_bands(&bp, yn, ACCEL_ACT_NONE, 0, 0, &band);
  }
  accel_dma_wait_all();
}

/* A small kernel (C KH KW up to 96: a mobile CNN's stem, 3 -> 32 by 3 x 3
   at stride 2) as the bands' product: B (C KH KW rows of column blocks of
   16 output pixels) made once in the scratchpad from the zero-padded
   image, its columns split by phase of the stride so that 16 output
   pixels of a row read 16 consecutive floats of a phase's row: a 2-D
   transfer within the scratchpad per tap and block of columns, where the
   few-channel lowering made each block's B on the vector unit. */
int conv_im2col_bands_fits(const conv_problem *p) {
  long s = p->sh, Hp = p->H + p->pt + p->pb, Wp = p->W + p->pl + p->pr;
  long taps = p->C * p->KH * p->KW, P = p->OH * p->OW;
  return accel_conv2d_im2col_bands_fits(p->N, p->C, Hp, Wp, p->KH, p->KW, s,
                                        p->OH, p->OW, p->Cout) &&
         p->groups == 1 && p->dh == 1 && p->dw == 1 && p->sw == s &&
         (taps + 1) * P <= MaxXFloats && p->xs[3] == 1 &&
         p->xs[2] == p->W && p->xs[1] == p->H * p->W && p->ys[3] == 1 &&
         p->ys[2] == p->OW && p->ys[1] == P && p->ws[3] == 1 &&
         p->ws[2] == p->KW && p->ws[1] == p->KH * p->KW && p->ws[0] == taps &&
         p->act.kind != ACCEL_ACT_GELU_ERF;
}

/* Image x padded: its borders zeroed and its rows in, channel c on DMA
   channel c mod 4 (each channel's own transfers in order), once the
   previous image's transfers (its bands leaving) have ended. */
static void load_padded(const conv_problem *p, const float *x, long Hp,
                        long Wp) {
  static ACCEL_SPM float zeros[ZeroFloats];
  conv_make_zeros(zeros);
  long H = p->H, W = p->W;
  accel_dma_wait_all();
  for (long c = 0; c < p->C; ++c) {
    float *base = S->padded + c * Hp * Wp;
    int ch = (int)(c & 3);
    conv_zero_rows(ch, base, p->pt, Wp, Wp, zeros);
    conv_zero_rows(ch, base + (p->pt + H) * Wp, p->pb, Wp, Wp, zeros);
    conv_zero_rows(ch, base + p->pt * Wp, H, p->pl, Wp, zeros);
    conv_zero_rows(ch, base + p->pt * Wp + p->pl + W, H, p->pr, Wp, zeros);
    accel_dma_2d_on(ch, base + p->pt * Wp + p->pl, x + c * p->xs[1], H,
                    W * 4, Wp * 4, W * 4);
  }
  accel_dma_wait_all();
}

/* B's row (c, i, j) of every block: output row oy's 16 pixels of block
   column h read phase j mod s's row s oy + i of channel c from column
   j / s + 16 h on; a transfer per tap and block column, whose data waits
   for the engine's phases by itself (isa.md 7.12). */
static void load_taps(const conv_problem *p, long Hp, long Wph, long Kp) {
  long s = p->sh, hb = p->OW / T, OH = p->OH;
  long row = 0;
  int ch = 0;
  for (long c = 0; c < p->C; ++c)
    for (long i = 0; i < p->KH; ++i)
      for (long j = 0; j < p->KW; ++j, ++row) {
        const float *plane = s == 1 ? S->padded : S->phases;
        const float *src = plane + (j % s) * (p->C * Hp * Wph) +
                           (c * Hp + i) * Wph + j / s;
        for (long h = 0; h < hb; ++h) {
          accel_dma_2d_on(ch, S->x + (h * Kp + row) * T, src + h * T, OH,
                          T * 4, hb * Kp * T * 4, s * Wph * 4);
          ch = (ch + 1) & 3;
        }
      }
}

void conv_im2col_bands_run(const conv_problem *p) {
  long s = p->sh, Hp = p->H + p->pt + p->pb, Wp = p->W + p->pl + p->pr;
  long Wph = Wp / s, taps = p->C * p->KH * p->KW;
  long blocks = p->OH * p->OW / T, bands = p->Cout / T;
  int kind = p->act.kind, clip0 = kind == ACCEL_ACT_CLIP && p->act.lo == 0.0f;
  band_plan bp = {taps + (p->bias != NULL), blocks, p->Cout, p->ys[1], bands,
                  1};
  accel_vstore(S->lo, (accel_v16f)p->act.lo);
  accel_vstore(S->hi, (accel_v16f)p->act.hi);
  long band = 0;
  for (long n = 0; n < p->N; ++n) {
    load_padded(p, p->x + n * p->xs[0], Hp, Wp);
    if (s == 2) {
      /* Phase q: every s-th float from q on (Wp a multiple of s, so a
         row's phase is one run of Wph). */
      long m = p->C * Hp * Wph;
      accel_vs_shape(m, 1);
      accel_vs_stride(1, s, s);
      accel_vs_max(S->phases, S->padded, S->padded);
      accel_vs_max(S->phases + m, S->padded + 1, S->padded + 1);
    }
    load_taps(p, Hp, Wph, bp.Kp);
    if (n == 0)
      load_w(p, &bp, blocks);
    accel_dma_wait_all();
    float *y = p->y + n * p->ys[0];
    if (kind == ACCEL_ACT_RELU)
      run_bands(&bp, y, ACCEL_ACT_NONE, 0, 1, &band);
    else if (clip0)
      run_bands(&bp, y, ACCEL_ACT_CLIP, 1, 1, &band);
    else if (kind == ACCEL_ACT_CLIP)
      run_bands(&bp, y, ACCEL_ACT_CLIP, 0, 0, &band);
    else if (kind == ACCEL_ACT_GELU)
      run_bands(&bp, y, ACCEL_ACT_GELU, 0, 0, &band);
    else if (kind == ACCEL_ACT_SILU)
      run_bands(&bp, y, ACCEL_ACT_SILU, 0, 0, &band);
    else
      run_bands(&bp, y, ACCEL_ACT_NONE, 0, 0, &band);
  }
  accel_dma_wait_all();
}
