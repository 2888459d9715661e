/* resize.c - ONNX Resize (docs/kernels.md, "accel_resize"): y's element
   at p is a weighted sum of x's elements around the point p maps to,
   separably. Along each dimension, each of y's coordinates takes up to
   four taps (x's indices and their weights), made once a call on the
   scalar unit into the scratchpad; an element is the sum over the product
   of its coordinates' taps, read from DRAM where they lie.

   Nearest with a whole scale along the last dimension and any map of the
   one before (UNet's 2x upsample) moves rows instead: blocks of x's rows
   come into the scratchpad whole, each row is widened there by strided
   vector stores, and leaves by one transfer for all of y's rows that
   repeat it (a source stride of 0). */

#include "core/kernel_args.h"
#include "core/kernel_dma.h"
#include "core/kernel_machine.h"
#include "core/kernel_stack.h"
#include "core/spm_arena.h"
#include <stddef.h>
#include <stdint.h>

static const char Kernel[] = "accel_resize";

enum {
  MaxTaps = 4,
  /* y's coordinates along all dimensions together. */
  TapEntries = 12 * 1024,
  /* The row path's blocks: x's rows in, y's rows out, two of each (small
   enough that the first block's arrival and the last one's departure,
   which nothing overlaps, are short). */
  RowsIn = 8 * 1024,
  RowsOut = 32 * 1024,
  L = KERNEL_LANES,
};

/* One coordinate's taps, the used ones first (a weight of 0 after the
   first ends them); index[0] -1 for a coordinate outside x
   (tf_crop_and_resize's extrapolation). */
typedef struct {
  int index[MaxTaps];
  float weight[MaxTaps];
} resize_taps;

typedef struct {
  resize_taps taps[TapEntries];
  double coordinates[TapEntries]; /* a dimension's, in x */
  int run_count[TapEntries]; /* the row path's: y's rows a row of x gives */
  float in[2][RowsIn];
  float out[2][RowsOut];
} resize_spm;
KERNEL_SPM_FITS(resize_spm);

/* The configuration a call resolves: each dimension's scale and roi. */
typedef struct {
  double scale[ACCEL_MAX_RANK], start[ACCEL_MAX_RANK], end[ACCEL_MAX_RANK];
} resize_config;

/* The taps of each of y's dimensions, and how many a coordinate uses. */
typedef struct {
  resize_taps *taps[ACCEL_MAX_RANK];
  int count[ACCEL_MAX_RANK];
  int outside; /* a coordinate outside x somewhere */
  int leading; /* the dimensions before it all unchanged */
} resize_plan;

accel_resize_options accel_resize_defaults(void) {
  accel_resize_options o = {0};
  o.mode = ACCEL_RESIZE_NEAREST;
  o.coordinates = ACCEL_RESIZE_HALF_PIXEL;
  o.nearest_mode = ACCEL_RESIZE_ROUND_PREFER_FLOOR;
  o.cubic_coeff_a = -0.75f;
  for (int d = 0; d < ACCEL_MAX_RANK; ++d)
    o.roi_end[d] = 1.0;
  return o;
}

/* ---- Configuration values, constant or read at run time ---- */

static long element_count(const accel_tensor *t) {
  long n = 1;
  for (int d = 0; d < t->rank; ++d)
    n *= t->dims[d];
  return n;
}

/* Element i (row-major) of a configuration tensor, as a double. */
static double config_value(const accel_tensor *t, long i) {
  long offset = 0;
  for (int d = t->rank - 1; d >= 0; --d) {
    offset += i % t->dims[d] * t->strides[d];
    i /= t->dims[d];
  }
  switch (t->dtype) {
  case ACCEL_F64:
    return ((const double *)t->data)[offset];
  case ACCEL_I64:
    return (double)((const long *)t->data)[offset];
  case ACCEL_I32:
    return ((const int *)t->data)[offset];
  default:
    return ((const float *)t->data)[offset];
  }
}

/* A configuration tensor of `want` values: its descriptor's checks. */
static accel_status check_config(const char *name, const accel_tensor *t,
                                 unsigned types, long want) {
  accel_status s =
      accel_check_tensor_typed(Kernel, name, t, types, 0, ACCEL_MAX_RANK, 0);
  if (s)
    return s;
  long n = element_count(t);
  if (n != want && n != 0)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, name,
                              "%ld values, expected %ld", n, want);
  return ACCEL_OK;
}

/* y's dimension d as scale s makes it: floor(x's * s), as ONNX. */
static long scaled_dim(long in, double s) { return (long)((double)in * s); }

/* The scales, roi and sizes of the options and of their run-time
   tensors, checked against y's dims. */
static accel_status resolve(const accel_tensor *x, const accel_tensor *y,
                            const accel_resize_options *o, resize_config *c) {
  int r = x->rank;
  for (int d = 0; d < r; ++d) {
    c->scale[d] = o->scales[d];
    c->start[d] = o->roi_start[d];
    c->end[d] = o->roi_end[d];
  }
  const char *from = "scales";
  if (o->roi && element_count(o->roi) == 2 * r)
    for (int d = 0; d < r; ++d) {
      c->start[d] = config_value(o->roi, d);
      c->end[d] = config_value(o->roi, r + d);
    }
  if (o->scale_values && element_count(o->scale_values) == r)
    for (int d = 0; d < r; ++d)
      c->scale[d] = config_value(o->scale_values, d);
  if (o->sizes && element_count(o->sizes) == r) {
    from = "sizes";
    for (int d = 0; d < r; ++d) {
      long size = (long)config_value(o->sizes, d);
      if (size != y->dims[d])
        return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "sizes",
                                  "dimension %d is %ld, y's is %ld", d, size,
                                  y->dims[d]);
      c->scale[d] = 0;
    }
  }
  for (int d = 0; d < r; ++d) {
    double s = c->scale[d];
    if (s == 0) {
      c->scale[d] = x->dims[d] ? (double)y->dims[d] / (double)x->dims[d] : 1;
      continue;
    }
    if (!(s > 0))
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, from,
                                "dimension %d: scale %g is not positive", d, s);
    if (scaled_dim(x->dims[d], s) != y->dims[d])
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, from,
                                "dimension %d: %ld x %g is %ld, y's is %ld", d,
                                x->dims[d], s, scaled_dim(x->dims[d], s),
                                y->dims[d]);
  }
  return ACCEL_OK;
}

/* ---- Taps ---- */

static long floor_long(double v) {
  long i = (long)v;
  return (double)i > v ? i - 1 : i;
}

/* Where y's coordinates 0 .. out - 1 of a dimension lie in x, into xs
   (ONNX's coordinate_transformation_mode; ONNX's reference takes the
   resized length as the scale times x's size, not y's whole size). A loop
   a transformation: a switch in the loop would load its jump table from
   DRAM (40 cycles) for every coordinate. */
static void source_coordinates(accel_resize_coordinates mode, double *xs,
                               long out, long in, double scale, double start,
                               double end) {
  double length = scale * (double)in, last = (double)(in - 1);
  long i = 0;
  switch (mode) {
  case ACCEL_RESIZE_PYTORCH_HALF_PIXEL:
    for (; i < out; ++i)
      xs[i] = length == 1 ? -0.5 : ((double)i + 0.5) / scale - 0.5;
    return;
  case ACCEL_RESIZE_ALIGN_CORNERS:
    for (; i < out; ++i)
      xs[i] = length == 1 ? 0 : (double)i * last / (length - 1);
    return;
  case ACCEL_RESIZE_ASYMMETRIC:
    for (; i < out; ++i)
      xs[i] = (double)i / scale;
    return;
  case ACCEL_RESIZE_TF_HALF_PIXEL_FOR_NN:
    for (; i < out; ++i)
      xs[i] = ((double)i + 0.5) / scale;
    return;
  case ACCEL_RESIZE_TF_CROP_AND_RESIZE:
    for (; i < out; ++i)
      xs[i] = (length == 1 ? (end - start) * last / 2
                           : (double)i * (end - start) * last / (length - 1)) +
              start * last;
    return;
  default: /* half_pixel */
    for (; i < out; ++i)
      xs[i] = ((double)i + 0.5) / scale - 0.5;
  }
}

/* Keys' cubic convolution weights of the taps at base - 1 .. base + 2
   for a point r past base (0 < r <= 1). */
static void cubic_weights(double r, double a, double *w) {
  double s = r + 1, t = 1 - r, u = 2 - r;
  w[0] = ((a * s - 5 * a) * s + 8 * a) * s - 4 * a;
  w[1] = ((a + 2) * r - (a + 3)) * r * r + 1;
  w[2] = ((a + 2) * t - (a + 3)) * t * t + 1;
  w[3] = ((a * u - 5 * a) * u + 8 * a) * u - 4 * a;
}

/* Whether nearest takes the upper of base and base + 1 for a point r
   past base (0 < r < 1), by bit tests (a switch's jump table is in DRAM). */
static int nearest_upper(accel_resize_nearest_mode m, double r) {
  int ceil = m == ACCEL_RESIZE_CEIL;
  int prefer_ceil = m == ACCEL_RESIZE_ROUND_PREFER_CEIL;
  int not_floor = m != ACCEL_RESIZE_FLOOR;
  return ceil | (not_floor & ((r > 0.5) | (prefer_ceil & (r == 0.5))));
}

/* The taps of a point c of x's dimension of `in` elements: the n points
   nearest c (the lower preferred: c's ratio past base in (0, 1]),
   indices clamped to x (its edge repeated), equal indices merged and
   weights of 0 dropped. Returns how many. */
static int make_taps(const accel_resize_options *o, double c, long in,
                     resize_taps *t) {
  for (int k = 0; k < MaxTaps; ++k)
    t->index[k] = 0, t->weight[k] = 0;
  if (o->coordinates == ACCEL_RESIZE_TF_CROP_AND_RESIZE &&
      (c < 0 || c > (double)(in - 1))) {
    t->index[0] = -1;
    return 1;
  }
  long base = floor_long(c);
  double r = c - (double)base, w[MaxTaps];
  if (r == 0)
    base -= 1, r = 1;
  long first = base;
  int n = 1;
  if (o->mode == ACCEL_RESIZE_NEAREST) { /* one tap: nothing to merge */
    long i = base + (r == 1 || nearest_upper(o->nearest_mode, r));
    t->index[0] = (int)(i < 0 ? 0 : i >= in ? in - 1 : i);
    t->weight[0] = 1;
    return 1;
  }
  if (o->mode == ACCEL_RESIZE_LINEAR) {
    n = 2, w[0] = 1 - r, w[1] = r;
  } else {
    n = 4, first = base - 1;
    cubic_weights(r, o->cubic_coeff_a, w);
    if (o->exclude_outside) {
      double sum = 0;
      for (int k = 0; k < n; ++k) {
        if (first + k < 0 || first + k >= in)
          w[k] = 0;
        sum += w[k];
      }
      for (int k = 0; k < n; ++k)
        w[k] /= sum;
    }
  }
  double merged[MaxTaps];
  int used = 0;
  for (int k = 0; k < n; ++k) {
    if (w[k] == 0)
      continue;
    long i = first + k;
    i = i < 0 ? 0 : i >= in ? in - 1 : i;
    int m = 0;
    while (m < used && t->index[m] != i)
      ++m;
    if (m == used)
      t->index[used] = (int)i, merged[used++] = 0;
    merged[m] += w[k];
  }
  for (int m = 0; m < used; ++m)
    t->weight[m] = (float)merged[m];
  return used ? used : 1;
}

/* Whether each coordinate of a dimension maps to itself exactly (its one
   tap the element itself, in every mode): x's size and y's alike, scale
   1, and a transformation that is then the identity. */
static int unchanged(const accel_resize_options *o, long in, long out,
                     double scale) {
  switch (o->coordinates) {
  case ACCEL_RESIZE_HALF_PIXEL:
  case ACCEL_RESIZE_ASYMMETRIC:
  case ACCEL_RESIZE_ALIGN_CORNERS:
    return in == out && scale == 1;
  case ACCEL_RESIZE_PYTORCH_HALF_PIXEL:
    return in == out && scale == 1 && out > 1;
  default:
    return 0;
  }
}

/* Every dimension's taps into the scratchpad; ACCEL_ERR_UNSUPPORTED if
   they do not fit. */
static accel_status make_plan(const accel_tensor *x, const accel_tensor *y,
                              const accel_resize_options *options,
                              const resize_config *c, resize_plan *p) {
  /* A copy the taps' stores cannot alias: its fields stay in registers. */
  accel_resize_options local = *options;
  const accel_resize_options *o = &local;
  resize_taps *next = KERNEL_SPM(resize_spm)->taps;
  long entries = 0;
  p->outside = 0;
  p->leading = 0;
  for (int d = 0; d < x->rank; ++d) {
    entries += y->dims[d];
    if (entries > TapEntries)
      return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, Kernel, "y",
                                "%ld coordinates in all, the taps' table "
                                "holds %d",
                                entries, (int)TapEntries);
    p->taps[d] = next;
    p->count[d] = 1;
    if (unchanged(o, x->dims[d], y->dims[d], c->scale[d])) {
      p->leading += p->leading == d;
      for (long i = 0; i < y->dims[d]; ++i, ++next) {
        *next = (resize_taps){{0}, {0}};
        next->index[0] = (int)i, next->weight[0] = 1;
      }
      continue;
    }
    double *xs = KERNEL_SPM(resize_spm)->coordinates;
    source_coordinates(o->coordinates, xs, y->dims[d], x->dims[d], c->scale[d],
                       c->start[d], c->end[d]);
    for (long i = 0; i < y->dims[d]; ++i, ++next) {
      int n = make_taps(o, xs[i], x->dims[d], next);
      p->count[d] = n > p->count[d] ? n : p->count[d];
      p->outside |= next->index[0] < 0;
    }
  }
  return ACCEL_OK;
}

/* ---- The general path: each element from its taps, in DRAM ---- */

/* The sum over the taps of dimensions multi[0 .. n) (those of more than
   one tap) of y's element at `at`, x at its other dimensions' taps. */
static float combine(const resize_plan *p, const float *x, const long *xs,
                     const long *at, const int *multi, int n) {
  int d = multi[0];
  const resize_taps *t = &p->taps[d][at[d]];
  float sum = 0;
  for (int k = 0; k < p->count[d] && (!k || t->weight[k] != 0); ++k) {
    const float *from = x + t->index[k] * xs[d];
    sum += t->weight[k] *
           (n == 1 ? *from : combine(p, from, xs, at, multi + 1, n - 1));
  }
  return sum;
}

/* combine of two dimensions (the usual H and W), without the recursion
   and over every tap of the count (unused ones weigh 0 at a valid
   index), so that the loads and products are independent: linear's and
   cubic's counts unrolled. */
#define COMBINE2(NA, NB)                                                       \
  do {                                                                         \
    for (int i = 0; i < (NA); ++i) {                                           \
      const float *row = x + a->index[i] * sa;                                 \
      float s = 0;                                                             \
      for (int j = 0; j < (NB); ++j)                                           \
        s += b->weight[j] * row[b->index[j] * sb];                             \
      sum += a->weight[i] * s;                                                 \
    }                                                                          \
  } while (0)

static float combine2(const resize_taps *a, int na, long sa,
                      const resize_taps *b, int nb, long sb, const float *x) {
  float sum = 0;
  if (na == 2 && nb == 2)
    COMBINE2(2, 2);
  else if (na == 4 && nb == 4)
    COMBINE2(4, 4);
  else
    COMBINE2(na, nb);
  return sum;
}
#undef COMBINE2

/* Copies an element of 1 << log2 bytes, by bit tests (a switch's jump
   table is in DRAM). */
static void copy_element(char *to, const char *from, unsigned log2) {
  if (log2 & 2) {
    if (log2 & 1)
      *(uint64_t *)to = *(const uint64_t *)from;
    else
      *(uint32_t *)to = *(const uint32_t *)from;
  } else if (log2 & 1) {
    *(uint16_t *)to = *(const uint16_t *)from;
  } else {
    *to = *from;
  }
}

/* y's elements a row (its last dimension) at a time: the other
   dimensions' offsets, weights and whether they fall outside x once a
   row. */
static void run_elements(const accel_tensor *x, const accel_tensor *y,
                         const resize_plan *p, float extrapolation) {
  int r = y->rank, last = r - 1, multi[ACCEL_MAX_RANK], n = 0;
  long at[ACCEL_MAX_RANK] = {0};
  unsigned log2 = accel_dtype_log2_bytes(x->dtype);
  if (element_count(y) == 0)
    return;
  for (int d = 0; d < r; ++d)
    if (p->count[d] > 1)
      multi[n++] = d;
  const resize_taps *lt = p->taps[last];
  int single_last = p->count[last] == 1;
  long xs_last = x->strides[last], ys_last = y->strides[last];
  for (;;) {
    long yo = 0, xo = 0;
    int outside = 0;
    float weight = 1;
    for (int d = 0; d < last; ++d) {
      const resize_taps *t = &p->taps[d][at[d]];
      yo += at[d] * y->strides[d];
      outside |= t->index[0] < 0;
      if (p->count[d] == 1)
        xo += (long)t->index[0] * x->strides[d], weight *= t->weight[0];
    }
    if (x->dtype != ACCEL_F32) { /* nearest: the elements' bytes */
      for (long j = 0; j < y->dims[last]; ++j)
        copy_element((char *)y->data + ((yo + j * ys_last) << log2),
                     (const char *)x->data +
                         ((xo + lt[j].index[0] * xs_last) << log2),
                     log2);
    } else if (outside) {
      for (long j = 0; j < y->dims[last]; ++j)
        ((float *)y->data)[yo + j * ys_last] = extrapolation;
    } else {
      const float *base = (const float *)x->data + xo;
      float *out = (float *)y->data + yo;
      const resize_taps *a = n == 2 ? &p->taps[multi[0]][at[multi[0]]] : 0;
      for (long j = 0; j < y->dims[last]; ++j) {
        const resize_taps *t = &lt[j];
        float v;
        if (t->index[0] < 0)
          v = extrapolation;
        else if (single_last)
          v = weight * t->weight[0] *
              (n ? combine(p, base + t->index[0] * xs_last, x->strides, at,
                           multi, n)
                 : base[t->index[0] * xs_last]);
        else if (n == 2)
          v = weight * combine2(a, p->count[multi[0]], x->strides[multi[0]], t,
                                p->count[last], xs_last, base);
        else {
          at[last] = j;
          v = weight * combine(p, base, x->strides, at, multi, n);
        }
        out[j * ys_last] = v;
      }
      at[last] = 0;
    }
    int d = last - 1;
    while (d >= 0 && ++at[d] == y->dims[d])
      at[d--] = 0;
    if (d < 0)
      return;
  }
}

/* ---- The row path: nearest, a whole scale along the last dimension ---- */

static int packed(const accel_tensor *t) {
  long stride = 1;
  for (int d = t->rank - 1; d >= 0; --d) {
    if (t->dims[d] != 1 && t->strides[d] != stride)
      return 0;
    stride *= t->dims[d];
  }
  return 1;
}

/* Whether y is x's rows widened by a whole factor and repeated: nearest
   of 4-byte elements, both packed, every dimension but the last two
   unchanged, the last one's coordinate o taking x's o / factor, the one
   before's non-decreasing (each of x's rows one run of y's). */
static int rows_fit(const accel_tensor *x, const accel_tensor *y,
                    const accel_resize_options *o, const resize_plan *p) {
  int r = x->rank;
  if (o->mode != ACCEL_RESIZE_NEAREST || p->outside || r < 2 ||
      accel_dtype_bytes(x->dtype) != 4 || !packed(x) || !packed(y))
    return 0;
  long w = x->dims[r - 1], ow = y->dims[r - 1];
  if (!w || !ow || ow % w || w > RowsIn || ow > RowsOut ||
      x->dims[r - 2] > TapEntries || !y->dims[r - 2])
    return 0;
  for (int d = 0; d < r - 2; ++d)
    for (long i = 0; i < y->dims[d]; ++i)
      if (p->taps[d][i].index[0] != i)
        return 0;
  long factor = ow / w;
  for (long i = 0; i < ow; ++i)
    if (p->taps[r - 1][i].index[0] != i / factor)
      return 0;
  /* And a block's y rows must fit: the longest run of y's rows that
     repeat one row of x. */
  long run = 1;
  for (long i = 1; i < y->dims[r - 2]; ++i) {
    int at = p->taps[r - 2][i].index[0],
        before = p->taps[r - 2][i - 1].index[0];
    if (at < before)
      return 0;
    run = at == before ? run + 1 : 1;
    if (run * ow > RowsOut)
      return 0;
  }
  return 1;
}

/* count copies of src widened: dst[c * pitch + j * factor + k] = src[j]
   for c < count, j < w, k < factor (pitch = w * factor): a load and
   count * factor strided stores a vector. */
static void widen(float *dst, const float *src, long w, long factor,
                  long count) {
  long pitch = w * factor, j = 0;
  if (factor == 2 && count == 1) { /* a 2x upsample's rows */
    for (; j + 4 * L <= w; j += 4 * L) {
      accel_v16f a = accel_vload(src + j), b = accel_vload(src + j + L),
                 c = accel_vload(src + j + 2 * L),
                 d = accel_vload(src + j + 3 * L);
      float *o = dst + 2 * j;
      accel_vstore_strided(a, o, 8);
      accel_vstore_strided(a, o + 1, 8);
      accel_vstore_strided(b, o + 2 * L, 8);
      accel_vstore_strided(b, o + 2 * L + 1, 8);
      accel_vstore_strided(c, o + 4 * L, 8);
      accel_vstore_strided(c, o + 4 * L + 1, 8);
      accel_vstore_strided(d, o + 6 * L, 8);
      accel_vstore_strided(d, o + 6 * L + 1, 8);
    }
  }
  for (; j + L <= w; j += L) {
    accel_v16f v = accel_vload(src + j);
    for (long c = 0; c < count; ++c)
      for (long k = 0; k < factor; ++k)
        accel_vstore_strided(v, dst + c * pitch + j * factor + k, 4 * factor);
  }
  for (; j < w; ++j)
    for (long c = 0; c < count; ++c)
      for (long k = 0; k < factor; ++k)
        dst[c * pitch + j * factor + k] = src[j];
}

/* A block's y leaves in pieces, one channel after the other from channel
   0; it is spread over all four when it has four pieces or more. */
typedef struct {
  int channel;
} pieces;

static void piece_1d(pieces *q, float *dst, const float *src, long bytes) {
  KERNEL_DMA_ON_CHANNEL(q->channel & 3, accel_dma_1d, dst, src, bytes);
  ++q->channel;
}

/* bytes from src to dst in four pieces of whole bursts (fewer if short). */
static void send_quarters(pieces *q, float *dst, const float *src, long bytes) {
  long quarter = (bytes / 4 + 63) & ~63L, at = 0;
  for (; at + quarter < bytes; at += quarter)
    piece_1d(q, (float *)((char *)dst + at),
             (const float *)((const char *)src + at), quarter);
  piece_1d(q, (float *)((char *)dst + at),
           (const float *)((const char *)src + at), bytes - at);
}

/* n widened rows of ow at src, each `copies` times into y's rows from dst
   (copy c of row k at y's row copies k + c): a 2-D transfer a copy, its
   rows cut in parts so that there are four pieces or more. */
static void send_copies(pieces *q, float *dst, const float *src, long n,
                        long ow, long copies) {
  long parts = copies >= 4 ? 1 : (4 + copies - 1) / copies;
  for (long c = 0; c < copies; ++c)
    for (long k = 0; k < parts; ++k) {
      long from = n * k / parts, to = n * (k + 1) / parts;
      if (to == from)
        continue;
      accel_dma_2d_on(q->channel++ & 3, dst + (from * copies + c) * ow,
                      src + from * ow, to - from, ow * 4, copies * ow * 4,
                      ow * 4);
    }
}

/* Blocks of x's rows, two in turn. y's rows that a block's rows give are
   consecutive (the map of the rows is non-decreasing): they are made
   whole in the scratchpad, each of x's rows widened into as many of them
   as repeat it, and leave in four pieces, one a channel; with a whole
   scale the rows are widened once, and each copy leaves by 2-D transfers
   of its own (y's rows `most` apart).

   Block b first waits on each channel for every transfer but the newest
   (wait.older): the newest is block b - 1's piece, so block b's rows have
   come in and block b - 2's buffer has left; then it starts block b + 1's
   rows in (on channel b + 1 mod 4, before its own pieces), and widens
   while block b - 1 leaves. A block of fewer than four pieces leaves a
   channel whose newest transfer is older: the next block waits for all. */
static void run_rows(const accel_tensor *x, const accel_tensor *y,
                     const resize_plan *p) {
  resize_spm *spm = KERNEL_SPM(resize_spm);
  int r = x->rank;
  long w = x->dims[r - 1], ow = y->dims[r - 1];
  long h = x->dims[r - 2], oh = y->dims[r - 2], factor = ow / w, most = 1;
  for (long i = 0; i < h; ++i)
    spm->run_count[i] = 0;
  for (long o = 0; o < oh; ++o) {
    long c = ++spm->run_count[p->taps[r - 2][o].index[0]];
    most = c > most ? c : most;
  }
  /* Whether every row of x gives `most` of y's (a whole scale). */
  int uniform = oh == h * most;
  long rows = element_count(x) / w;
  long block =
      RowsIn / w < RowsOut / (ow * most) ? RowsIn / w : RowsOut / (ow * most);
  const float *src = x->data;
  float *dst = y->data;
  long i = 0;     /* the row's index in its plane of x */
  int spread = 0; /* whether the last block's pieces took every channel */
  accel_dma_1d(0, spm->in[0], src, (block < rows ? block : rows) * w * 4);
  for (long b = 0, r0 = 0; r0 < rows; ++b, r0 += block) {
    long n = rows - r0 < block ? rows - r0 : block;
    if (spread)
      accel_dma_wait_older_all();
    else
      accel_dma_wait_all();
    long next = rows - r0 - n < block ? rows - r0 - n : block;
    if (next > 0)
      KERNEL_DMA_ON_CHANNEL((int)(b + 1) & 3, accel_dma_1d,
                            spm->in[(b + 1) & 1], src + (r0 + n) * w,
                            next * w * 4);
    const float *in = spm->in[b & 1];
    float *out = spm->out[b & 1];
    pieces q = {0};
    if (uniform) {
      widen(out, in, n * w, factor, 1);
      if (most == 1)
        send_quarters(&q, dst, out, n * ow * 4);
      else
        send_copies(&q, dst, out, n, ow, most);
      dst += n * most * ow;
    } else {
      for (long k = 0; k < n; ++k, in += w) {
        long count = spm->run_count[i];
        widen(out, in, w, factor, count);
        out += count * ow;
        if (++i == h)
          i = 0;
      }
      long bytes = (out - spm->out[b & 1]) * 4;
      if (bytes)
        send_quarters(&q, dst, spm->out[b & 1], bytes);
      dst += bytes / 4;
    }
    spread = q.channel >= 4;
  }
  accel_dma_wait_all();
}

/* The element path on planes in the scratchpad: where x and y are packed
   and the dimensions from the first resized one on (a plane) fit the
   row path's buffers, each plane of x comes in by one transfer, y's
   plane is made there and leaves by one (loads from the scratchpad cost
   3 cycles, from DRAM 40). Returns 0 if they do not fit. */
static int run_planes(const accel_tensor *x, const accel_tensor *y,
                      const resize_plan *p, float extrapolation) {
  resize_spm *spm = KERNEL_SPM(resize_spm);
  int r = x->rank, k = p->leading < r ? p->leading : r - 1;
  unsigned bytes = accel_dtype_bytes(x->dtype);
  long xn = bytes, yn = bytes;
  for (int d = k; d < r; ++d)
    xn *= x->dims[d], yn *= y->dims[d];
  if (!packed(x) || !packed(y) || xn > (long)sizeof spm->in ||
      yn > (long)sizeof spm->out)
    return 0;
  accel_tensor xs = *x, ys = *y;
  resize_plan q = *p;
  xs.rank = ys.rank = r - k;
  for (int d = 0; d < r - k; ++d) {
    xs.dims[d] = x->dims[k + d], xs.strides[d] = x->strides[k + d];
    ys.dims[d] = y->dims[k + d], ys.strides[d] = y->strides[k + d];
    q.taps[d] = p->taps[k + d], q.count[d] = p->count[k + d];
  }
  xs.data = spm->in, ys.data = spm->out;
  long planes = element_count(x) * bytes / xn;
  const char *from = x->data;
  char *to = y->data;
  for (long i = 0; i < planes; ++i, from += xn, to += yn) {
    accel_dma_1d(0, spm->in, from, xn);
    accel_dma_wait(0);
    accel_dma_wait(1); /* the plane before has left */
    run_elements(&xs, &ys, &q, extrapolation);
    accel_dma_1d(1, to, spm->out, yn);
  }
  accel_dma_wait_all();
  return 1;
}

/* ---- The entry point ---- */

static accel_status check(const accel_tensor *x, const accel_tensor *y,
                          const accel_resize_options *o) {
  accel_status s;
  if ((s = accel_check_tensor_typed(Kernel, "x", x, ACCEL_ALL_DTYPES, 1,
                                    ACCEL_MAX_RANK, 0)) ||
      (s = accel_check_tensor_typed(Kernel, "y", y, ACCEL_DTYPE_BIT(x->dtype),
                                    x->rank, x->rank, 1)))
    return s;
  if ((unsigned)o->mode > ACCEL_RESIZE_CUBIC)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "mode",
                              "%d is not an accel_resize_mode", (int)o->mode);
  if ((unsigned)o->coordinates > ACCEL_RESIZE_TF_CROP_AND_RESIZE)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "coordinates",
                              "%d is not an accel_resize_coordinates",
                              (int)o->coordinates);
  if ((unsigned)o->nearest_mode > ACCEL_RESIZE_CEIL)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "nearest_mode",
                              "%d is not an accel_resize_nearest_mode",
                              (int)o->nearest_mode);
  if (x->dtype != ACCEL_F32 &&
      (o->mode != ACCEL_RESIZE_NEAREST ||
       o->coordinates == ACCEL_RESIZE_TF_CROP_AND_RESIZE))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, Kernel, "x",
                              "%s: linear, cubic and tf_crop_and_resize "
                              "take f32 (nearest any type)",
                              accel_dtype_name(x->dtype));
  unsigned floats = ACCEL_DTYPE_BIT(ACCEL_F32) | ACCEL_DTYPE_BIT(ACCEL_F64);
  unsigned ints = ACCEL_DTYPE_BIT(ACCEL_I64) | ACCEL_DTYPE_BIT(ACCEL_I32);
  if ((o->roi && (s = check_config("roi", o->roi, floats, 2 * x->rank))) ||
      (o->scale_values &&
       (s = check_config("scales", o->scale_values, floats, x->rank))) ||
      (o->sizes && (s = check_config("sizes", o->sizes, ints, x->rank))))
    return s;
  if (accel_typed_tensors_overlap(x, y))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, Kernel, "y", "overlaps x");
  long coordinates = 0;
  for (int d = 0; d < y->rank; ++d)
    coordinates += y->dims[d];
  if (coordinates > TapEntries)
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, Kernel, "y",
                              "%ld coordinates in all, the taps' table "
                              "holds %d",
                              coordinates, (int)TapEntries);
  /* The constant configuration's y (the run-time one is data). */
  if (!o->roi && !o->scale_values && !o->sizes) {
    resize_config c;
    return resolve(x, y, o, &c);
  }
  return ACCEL_OK;
}

static long resize(const void *xp, const void *yp, const void *op,
                   const void *unused) {
  (void)unused;
  accel_tensor xc, yc;
  accel_resize_options oc;
  const accel_tensor *x = ACCEL_STAGE_READ(0, &xc, (const accel_tensor *)xp);
  const accel_tensor *y = ACCEL_STAGE_READ(1, &yc, (const accel_tensor *)yp);
  const accel_resize_options *o =
      ACCEL_STAGE_READ(2, &oc, (const accel_resize_options *)op);
  accel_dma_wait_all();
  accel_status s;
  if (accel_checking() && (s = check(x, y, o)))
    return s;
  if (accel_only_checking())
    return ACCEL_OK;
  resize_config c;
  resize_plan p;
  if ((s = resolve(x, y, o, &c)) || (s = make_plan(x, y, o, &c, &p)))
    return s;
  if (!element_count(y))
    return ACCEL_OK;
  if (rows_fit(x, y, o, &p))
    run_rows(x, y, &p);
  else if (!run_planes(x, y, &p, o->extrapolation_value))
    run_elements(x, y, &p, o->extrapolation_value);
  return ACCEL_OK;
}

accel_status accel_resize(const accel_tensor *x, const accel_tensor *y,
                          const accel_resize_options *options) {
  accel_resize_options defaults;
  if (!options)
    defaults = accel_resize_defaults(), options = &defaults;
  return (accel_status)accel_on_kernel_stack(resize, x, y, options, 0);
}
