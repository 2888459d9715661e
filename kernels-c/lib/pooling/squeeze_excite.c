/* squeeze_excite.c - squeeze-excitation in one call (accel_squeeze_excite;
   docs/kernels.md, "Squeeze-excitation").

   Everything is done by the stream engine in the scratchpad:
   - squeeze: tiles of whole planes arrive, each in its own place when an
     image's planes fit (x is then read once), else double-buffered; one
     vs.act.none a tile, scaled by 1 / HW, sums each plane into its mean;
   - excitation: each product is a vs.fma of the weights by the vector
     (a column-wise scale) and a vs.act.none whose row sums are the dot
     products; the biases by vs.add, the activations by vs.act;
   - scale: each tile's planes by vs.act.none with its planes' gates as the
     rows' scales, and out.
   The weights arrive on every channel ahead of the first image's planes;
   where x is read twice, the scale's first tiles arrive under the
   excitation. */

#include "core/kernel_args.h"
#include "core/kernel_dma.h"
#include "core/kernel_stack.h"
#include "core/spm_arena.h"
#include <stddef.h>

static const char Kernel[] = "accel_squeeze_excite";

enum {
  Channels = KERNEL_DMA_CHANNELS,
  Burst = KERNEL_BURST_BYTES,
  Lanes = KERNEL_LANES,
  TileFloats = ACCEL_SE_MAX_PLANE, /* a tile of planes: one at least */
  ResidentFloats = 10 * TileFloats, /* an image's planes kept whole */
  MaxC = ACCEL_SE_MAX_CHANNELS,
  MaxW = ACCEL_SE_MAX_WEIGHTS,
};
_Static_assert(ResidentFloats >= 4 * TileFloats,
               "the resident planes' room holds the four streamed tiles");

typedef struct {
  float x[ResidentFloats]; /* the image's planes, or in[2] then out[2] */
  float w1[MaxW], w2[MaxW], prod[MaxW];
  float mean[MaxC], hidden[MaxC], sig[MaxC], gate[MaxC];
  float bias1[MaxC], bias2[MaxC];
  float unit[2 * MaxC];        /* zeros, then ones: (0, 1) for any rows */
  float mean_params[2 * MaxC]; /* zeros, then 1 / HW */
  float scales[2 * MaxC + Lanes]; /* a tile's: zeros, then its gates */
} se_spm;
KERNEL_SPM_FITS(se_spm);
#define SE KERNEL_SPM(se_spm)

static long min_l(long a, long b) { return a < b ? a : b; }
static long max_l(long a, long b) { return a > b ? a : b; }
static long ceil_div(long a, long b) { return (a + b - 1) / b; }
static long lanes_up(long n) { return ceil_div(n, Lanes) * Lanes; }

typedef struct {
  long N, C, R, hw;
  long per, tiles; /* planes a tile (the last may have fewer), tiles */
  long V, P;       /* unit's and mean_params' halves */
  int resident, act;
  int weights_last; /* the weights come in after the planes (resident
                       planes, weights at least as large) */
  int bias1, bias2;
} se_plan;

/* Each channel's newest transfer, by sequence number: a wait for number
   s leaves one newer transfer moving, the only one a channel has. */
typedef struct {
  long newest[Channels];
} se_channels;

static void channels_reset(se_channels *cs) {
  for (int c = 0; c < Channels; ++c)
    cs->newest[c] = -1;
}

/* bytes from src to dst, a piece of whole bursts on each of chans
   channels from first, numbered seq. */
static void move_run(void *dst, const void *src, long bytes, int first,
                     int chans, long seq, se_channels *cs) {
  long piece = ceil_div(ceil_div(bytes, chans), Burst) * Burst;
  for (int i = 0; i < chans && i * piece < bytes; ++i) {
    long n = min_l(piece, bytes - i * piece);
    accel_dma_2d_on(first + i, (char *)dst + i * piece,
                    (const char *)src + i * piece, 1, n, 0, 0);
    cs->newest[first + i] = seq;
  }
}

/* Waits on chans channels from first for every transfer up to number seq. */
static void wait_through(long seq, int first, int chans,
                         const se_channels *cs) {
  for (int c = first; c < first + chans; ++c) {
    if (cs->newest[c] > seq)
      accel_dma_wait_older_on(c);
    else
      accel_dma_wait_on(c);
  }
}

static long tile_first(const se_plan *p, long t) { return t * p->per; }
static long tile_planes(const se_plan *p, long t) {
  return min_l(p->per, p->C - t * p->per);
}

/* Where tile t's input lies: its own place, or in[t % 2]. */
static float *tile_in(const se_plan *p, long t) {
  return p->resident ? SE->x + tile_first(p, t) * p->hw
                     : SE->x + (t & 1) * TileFloats;
}

/* Where its output goes before it leaves: over its input, or out[t % 2]. */
static float *tile_out(const se_plan *p, long t) {
  return p->resident ? tile_in(p, t) : SE->x + (2 + (t & 1)) * TileFloats;
}

static void fill(float *dst, long n, float v) {
  accel_v16f f = v;
  for (long i = 0; i < n; i += Lanes)
    accel_vstore(dst + i, f);
}

/* The parameter blocks: unit's and mean_params' zeros and scales, and each
   tile's zeros in scales (its gates follow, written per image). */
static void fill_params(const se_plan *p) {
  se_spm *s = SE;
  fill(s->unit, p->V, 0.0f);
  fill(s->unit + p->V, p->V, 1.0f);
  fill(s->mean_params, p->P, 0.0f);
  fill(s->mean_params + p->P, p->P, 1.0f / (float)p->hw);
  for (long t = 0; t < p->tiles; ++t)
    fill(s->scales + 2 * tile_first(p, t), tile_planes(p, t), 0.0f);
}

/* The weights and biases on every channel: w1 and the biases numbered
   seq, then w2 numbered seq + 1, so that a wait through seq leaves w2
   moving under the first product. */
static void weights_in(const se_plan *p, const accel_tensor *w1,
                       const accel_tensor *w2, const accel_tensor *b1,
                       const accel_tensor *b2, long seq, se_channels *cs) {
  se_spm *s = SE;
  long bytes = p->R * p->C * 4;
  move_run(s->w1, w1->data, bytes, 0, Channels, seq, cs);
  if (b1)
    move_run(s->bias1, b1->data, p->R * 4, 0, 1, seq, cs);
  if (b2)
    move_run(s->bias2, b2->data, p->C * 4, 1, 1, seq, cs);
  move_run(s->w2, w2->data, bytes, 0, Channels, seq + 1, cs);
}

/* The means of image xn's planes where they stay whole: every tile is
   issued at once, tile t numbered t, then (weights non-null, the first
   image) the weights, numbered tiles and tiles + 1; the engine starts once
   the planes and w1 are in, w2 still moving. */
static void squeeze_resident(const se_plan *p, const float *xn,
                             const accel_tensor *const weights[4],
                             se_channels *cs) {
  se_spm *s = SE;
  for (long t = 0; t < p->tiles; ++t)
    move_run(tile_in(p, t), xn + tile_first(p, t) * p->hw,
             tile_planes(p, t) * p->hw * 4, 0, Channels, t, cs);
  if (weights)
    weights_in(p, weights[0], weights[1], weights[2], weights[3], p->tiles,
               cs);
  wait_through(p->tiles, 0, Channels, cs);
  for (long t = 0; t < p->tiles; ++t) {
    long planes = tile_planes(p, t);
    accel_vs_shape(planes, p->hw);
    accel_vs_act_none(NULL, tile_in(p, t), s->mean_params + p->P - planes,
                      s->mean + tile_first(p, t));
  }
}

/* The means of image xn's planes; tiles numbered by their index. Returns
   with every channel idle. */
static void squeeze(const se_plan *p, const float *xn, se_channels *cs) {
  se_spm *s = SE;
  for (long t = 0; t < 2 && t < p->tiles; ++t)
    move_run(tile_in(p, t), xn + tile_first(p, t) * p->hw,
             tile_planes(p, t) * p->hw * 4, 0, Channels, t, cs);
  for (long t = 0; t < p->tiles; ++t) {
    long planes = tile_planes(p, t);
    wait_through(t, 0, Channels, cs);
    accel_vs_shape(planes, p->hw);
    accel_vs_act_none(NULL, tile_in(p, t), s->mean_params + p->P - planes,
                      s->mean + tile_first(p, t));
    if (t + 2 < p->tiles)
      move_run(tile_in(p, t + 2), xn + tile_first(p, t + 2) * p->hw,
               tile_planes(p, t + 2) * p->hw * 4, 0, Channels, t + 2, cs);
  }
  accel_dma_wait_all();
  channels_reset(cs);
}

/* gate = sigmoid(w2 . act(w1 . mean + bias1) + bias2), written into each
   tile's scales after its zeros. */
static void excite(const se_plan *p) {
  se_spm *s = SE;
  long C = p->C, R = p->R;
  const float *ones = s->unit + p->V; /* ones - rows: (0, 1) a row */
  accel_vs_shape(R, C);
  accel_vs_fma(s->prod, s->w1, s->mean, s->unit);
  accel_vs_act_none(NULL, s->prod, ones - R, s->hidden);
  accel_vs_shape(1, R);
  if (p->bias1)
    accel_vs_add(s->hidden, s->hidden, s->bias1);
  if (p->act == ACCEL_ACT_RELU) {
    accel_vs_act_relu(s->hidden, s->hidden, ones - 1, NULL);
  } else if (p->act == ACCEL_ACT_SILU) {
    accel_vs_act_sigmoid(s->sig, s->hidden, ones - 1, NULL);
    accel_vs_mul(s->hidden, s->hidden, s->sig);
  }
  if (p->weights_last)
    accel_dma_wait_all(); /* w2 */
  accel_vs_shape(C, R);
  accel_vs_fma(s->prod, s->w2, s->hidden, s->unit);
  accel_vs_act_none(NULL, s->prod, ones - C, s->gate);
  if (p->bias2) {
    accel_vs_shape(1, C);
    accel_vs_add(s->gate, s->gate, s->bias2);
  }
  for (long t = 0; t < p->tiles; ++t) {
    long c0 = tile_first(p, t), planes = tile_planes(p, t);
    accel_vs_shape(1, planes);
    accel_vs_act_sigmoid(s->scales + 2 * c0 + planes, s->gate + c0, ones - 1,
                         NULL);
  }
}

/* Streamed tile t's input on channels 0 and 1, numbered tiles + t. */
static void scale_in(const se_plan *p, const float *xn, long t,
                     se_channels *cs) {
  move_run(tile_in(p, t), xn + tile_first(p, t) * p->hw,
           tile_planes(p, t) * p->hw * 4, 0, 2, p->tiles + t, cs);
}

/* y's planes: x's by their gates. Streamed tiles come in on channels 0
   and 1 (the first two issued before the excitation) and leave on 2 and
   3, numbered 2 tiles + t; resident ones leave on every channel. */
static void scale(const se_plan *p, const float *xn, float *yn,
                  se_channels *cs) {
  long T = p->tiles;
  for (long t = 0; t < T; ++t) {
    long c0 = tile_first(p, t), planes = tile_planes(p, t);
    if (!p->resident) {
      wait_through(T + t, 0, 2, cs);
      if (t >= 2)
        wait_through(2 * T + t - 2, 2, 2, cs); /* out[t % 2] has left */
    }
    accel_vs_shape(planes, p->hw);
    accel_vs_act_none(tile_out(p, t), tile_in(p, t), SE->scales + 2 * c0,
                      NULL);
    long bytes = planes * p->hw * 4;
    if (p->resident) {
      move_run(yn + c0 * p->hw, tile_out(p, t), bytes, 0, Channels, T + t, cs);
      continue;
    }
    move_run(yn + c0 * p->hw, tile_out(p, t), bytes, 2, 2, 2 * T + t, cs);
    if (t + 2 < T)
      scale_in(p, xn, t + 2, cs);
  }
  accel_dma_wait_all();
  channels_reset(cs);
}

static void squeeze_excite_run(const se_plan *p, const accel_tensor *x,
                               const accel_tensor *w1, const accel_tensor *w2,
                               const accel_tensor *b1, const accel_tensor *b2,
                               accel_tensor *y) {
  se_channels cs;
  channels_reset(&cs);
  fill_params(p);
  const accel_tensor *weights[4] = {w1, w2, b1, b2};
  if (!p->weights_last)
    weights_in(p, w1, w2, b1, b2, -2, &cs);
  long image = p->C * p->hw;
  for (long n = 0; n < p->N; ++n) {
    const float *xn = (const float *)x->data + n * image;
    if (p->weights_last)
      squeeze_resident(p, xn, n == 0 ? weights : NULL, &cs);
    else
      squeeze(p, xn, &cs);
    if (!p->resident)
      for (long t = 0; t < 2 && t < p->tiles; ++t)
        scale_in(p, xn, t, &cs);
    excite(p);
    scale(p, xn, (float *)y->data + n * image, &cs);
  }
}

/* Whether t's elements follow each other in row-major order. */
static int packed(const accel_tensor *t) {
  long step = 1;
  for (int d = t->rank - 1; d >= 0; --d) {
    if (t->dims[d] != 1 && t->strides[d] != step)
      return 0;
    step *= t->dims[d];
  }
  return 1;
}

/* A 1x1 convolution's weights [rows, cols(, 1, 1)], packed. */
static accel_status check_weight(const char *name, const accel_tensor *w,
                                 long rows, long cols) {
  accel_status s = accel_check_tensor(Kernel, name, w, 2, 4, 0);
  if (s)
    return s;
  if (w->rank == 3 || w->dims[0] != rows || w->dims[1] != cols ||
      (w->rank == 4 && (w->dims[2] != 1 || w->dims[3] != 1)))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, name,
                              "rank %d, dims %ld, %ld, ...; expected [%ld, "
                              "%ld] or [%ld, %ld, 1, 1]",
                              w->rank, w->dims[0], w->dims[1], rows, cols, rows,
                              cols);
  if (!packed(w))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, Kernel, name,
                              "strided weights (packed only)");
  return ACCEL_OK;
}

static accel_status check_bias(const char *name, const accel_tensor *b,
                               long n) {
  if (!b)
    return ACCEL_OK;
  accel_status s = accel_check_tensor(Kernel, name, b, 1, 1, 0);
  if (s)
    return s;
  if (b->dims[0] != n)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, name,
                              "dims [%ld], expected [%ld]", b->dims[0], n);
  if (n > 1 && b->strides[0] != 1)
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, Kernel, name,
                              "stride %ld (packed only)", b->strides[0]);
  return ACCEL_OK;
}

static accel_status check(const accel_tensor *x, const accel_tensor *w1,
                          const accel_tensor *w2, const accel_tensor *y,
                          const accel_squeeze_excite_options *o) {
  accel_status s;
  if ((s = accel_check_tensor(Kernel, "x", x, 4, 4, 0)) ||
      (s = accel_check_tensor(Kernel, "y", y, 4, 4, 1)))
    return s;
  for (int d = 0; d < 4; ++d)
    if (y->dims[d] != x->dims[d])
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "y",
                                "dims [%ld, %ld, %ld, %ld], expected x's "
                                "[%ld, %ld, %ld, %ld]",
                                y->dims[0], y->dims[1], y->dims[2], y->dims[3],
                                x->dims[0], x->dims[1], x->dims[2], x->dims[3]);
  if (!packed(x) || !packed(y))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, Kernel,
                              packed(x) ? "y" : "x",
                              "strided planes (packed NCHW only)");
  if ((s = accel_check_tensor(Kernel, "w1", w1, 2, 4, 0)))
    return s;
  long C = x->dims[1], R = w1->dims[0];
  if ((s = check_weight("w1", w1, R, C)) ||
      (s = check_weight("w2", w2, C, R)) ||
      (s = check_bias("bias1", o->bias1, R)) ||
      (s = check_bias("bias2", o->bias2, C)))
    return s;
  if (o->act != ACCEL_ACT_NONE && o->act != ACCEL_ACT_RELU &&
      o->act != ACCEL_ACT_SILU)
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, Kernel, "options",
                              "activation %d: only none, relu and silu",
                              (int)o->act);
  if (!accel_squeeze_excite_fits(C, R, x->dims[2], x->dims[3]))
    return accel_kernel_error(
        ACCEL_ERR_UNSUPPORTED, Kernel, "x",
        "C %ld, R %ld, planes of %ld: past the scratchpad's room (C and R "
        "up to %d, R C up to %d, a plane up to %d floats)",
        C, R, x->dims[2] * x->dims[3], ACCEL_SE_MAX_CHANNELS,
        ACCEL_SE_MAX_WEIGHTS, ACCEL_SE_MAX_PLANE);
  const accel_tensor *inputs[5] = {x, w1, w2, o->bias1, o->bias2};
  static const char *const names[5] = {"x", "w1", "w2", "bias1", "bias2"};
  for (int i = 0; i < 5; ++i)
    if (inputs[i] && accel_tensors_overlap(y, inputs[i]))
      return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, Kernel, "y",
                                "overlaps %s", names[i]);
  return ACCEL_OK;
}

accel_squeeze_excite_options accel_squeeze_excite_defaults(void) {
  accel_squeeze_excite_options o;
  o.bias1 = o.bias2 = NULL;
  o.act = ACCEL_ACT_NONE;
  return o;
}

typedef struct {
  const accel_tensor *x, *w1, *w2, *y;
  accel_squeeze_excite_options o;
} se_args;

static long se_body(const void *args, const void *unused1,
                    const void *unused2, const void *unused3) {
  (void)unused1, (void)unused2, (void)unused3;
  se_args a = *(const se_args *)args;
  accel_tensor xc, w1c, w2c, yc, b1c, b2c;
  const accel_tensor *x = ACCEL_STAGE_READ(0, &xc, a.x);
  const accel_tensor *w1 = ACCEL_STAGE_READ(1, &w1c, a.w1);
  const accel_tensor *w2 = ACCEL_STAGE_READ(2, &w2c, a.w2);
  const accel_tensor *y = ACCEL_STAGE_READ(3, &yc, a.y);
  a.o.bias1 = a.o.bias1 ? ACCEL_STAGE_READ(0, &b1c, a.o.bias1) : NULL;
  a.o.bias2 = a.o.bias2 ? ACCEL_STAGE_READ(1, &b2c, a.o.bias2) : NULL;
  accel_dma_wait_all();
  accel_status s;
  if (accel_checking() && (s = check(x, w1, w2, y, &a.o)))
    return s;
  if (accel_only_checking() || x->dims[0] == 0)
    return ACCEL_OK;
  long C = x->dims[1], R = w1->dims[0], hw = x->dims[2] * x->dims[3];
  se_plan p = {.N = x->dims[0], .C = C, .R = R, .hw = hw};
  p.per = TileFloats / hw;
  p.tiles = ceil_div(C, p.per);
  p.per = ceil_div(C, p.tiles);
  p.V = lanes_up(max_l(C, R));
  p.P = lanes_up(p.per);
  p.resident = C * hw <= ResidentFloats;
  p.weights_last = p.resident && 2 * R * C >= C * hw;
  p.act = a.o.act;
  p.bias1 = a.o.bias1 != NULL, p.bias2 = a.o.bias2 != NULL;
  squeeze_excite_run(&p, x, w1, w2, a.o.bias1, a.o.bias2, (accel_tensor *)y);
  return ACCEL_OK;
}

accel_status accel_squeeze_excite(const accel_tensor *x, const accel_tensor *w1,
                                  const accel_tensor *w2, accel_tensor *y,
                                  const accel_squeeze_excite_options *options) {
  static ACCEL_SPM se_args args;
  args = (se_args){x, w1, w2, y, accel_squeeze_excite_defaults()};
  if (options)
    args.o = *options;
  return (accel_status)accel_on_kernel_stack(se_body, &args, NULL, NULL, NULL);
}
