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
  /* The row path's blocks: x's rows in, widened rows out, two of each. */
  RowsIn = 16 * 1024,
  RowsOut = 64 * 1024,
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
  int run_first[TapEntries], run_count[TapEntries]; /* the row path */
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
  accel_status s = accel_check_tensor_typed(Kernel, name, t, types, 0,
                                            ACCEL_MAX_RANK, 0);
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
                                "dimension %d: scale %g is not positive", d,
                                s);
    if (scaled_dim(x->dims[d], s) != y->dims[d])
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, from,
                                "dimension %d: %ld x %g is %ld, y's is %ld",
                                d, x->dims[d], s, scaled_dim(x->dims[d], s),
                                y->dims[d]);
  }
  return ACCEL_OK;
}

/* ---- Taps ---- */

static long floor_long(double v) {
  long i = (long)v;
  return (double)i > v ? i - 1 : i;
}

/* Where y's coordinate o of dimension d lies in x (ONNX's
   coordinate_transformation_mode; ONNX's reference takes the resized
   length as the scale times x's, not y's whole dimension). */
static double source_coordinate(const accel_resize_options *o, double at,
                                 long in, double scale, double start,
                                 double end) {
  double length = scale * (double)in;
  switch (o->coordinates) {
  case ACCEL_RESIZE_PYTORCH_HALF_PIXEL:
    return length == 1 ? -0.5 : (at + 0.5) / scale - 0.5;
  case ACCEL_RESIZE_ALIGN_CORNERS:
    return length == 1 ? 0 : at * (double)(in - 1) / (length - 1);
  case ACCEL_RESIZE_ASYMMETRIC:
    return at / scale;
  case ACCEL_RESIZE_TF_HALF_PIXEL_FOR_NN:
    return (at + 0.5) / scale;
  case ACCEL_RESIZE_TF_CROP_AND_RESIZE:
    return (length == 1 ? (end - start) * (double)(in - 1) / 2
                        : at * (end - start) * (double)(in - 1) /
                              (length - 1)) +
           start * (double)(in - 1);
  default: /* half_pixel */
    return (at + 0.5) / scale - 0.5;
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
   past base (0 < r < 1). */
static int nearest_upper(accel_resize_nearest_mode m, double r) {
  switch (m) {
  case ACCEL_RESIZE_ROUND_PREFER_CEIL:
    return r >= 0.5;
  case ACCEL_RESIZE_FLOOR:
    return 0;
  case ACCEL_RESIZE_CEIL:
    return 1;
  default:
    return r > 0.5;
  }
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
  if (o->mode == ACCEL_RESIZE_NEAREST) {
    first = base + (r == 1 || nearest_upper(o->nearest_mode, r));
    w[0] = 1;
  } else if (o->mode == ACCEL_RESIZE_LINEAR) {
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

/* Every dimension's taps into the scratchpad; ACCEL_ERR_UNSUPPORTED if
   they do not fit. */
static accel_status make_plan(const accel_tensor *x, const accel_tensor *y,
                              const accel_resize_options *o,
                              const resize_config *c, resize_plan *p) {
  resize_taps *next = KERNEL_SPM(resize_spm)->taps;
  long entries = 0;
  p->outside = 0;
  for (int d = 0; d < x->rank; ++d) {
    entries += y->dims[d];
    if (entries > TapEntries)
      return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, Kernel, "y",
                                "%ld coordinates in all, the taps' table "
                                "holds %d",
                                entries, (int)TapEntries);
    p->taps[d] = next;
    p->count[d] = 1;
    for (long i = 0; i < y->dims[d]; ++i, ++next) {
      double at = source_coordinate(o, (double)i, x->dims[d], c->scale[d],
                                    c->start[d], c->end[d]);
      int n = make_taps(o, at, x->dims[d], next);
      p->count[d] = n > p->count[d] ? n : p->count[d];
      p->outside |= next->index[0] < 0;
    }
  }
  return ACCEL_OK;
}

/* ---- The general path: each element from its taps, in DRAM ---- */

static float combine(const resize_plan *p, const float *x, const long *xs,
                     const long *at, int d, int rank) {
  const resize_taps *t = &p->taps[d][at[d]];
  float sum = 0;
  if (d == rank - 1) {
    for (int k = 0; k < p->count[d] && (!k || t->weight[k] != 0); ++k)
      sum += t->weight[k] * x[t->index[k] * xs[d]];
    return sum;
  }
  for (int k = 0; k < p->count[d] && (!k || t->weight[k] != 0); ++k)
    sum += t->weight[k] *
           combine(p, x + t->index[k] * xs[d], xs, at, d + 1, rank);
  return sum;
}

static void run_elements(const accel_tensor *x, const accel_tensor *y,
                         const resize_plan *p, float extrapolation) {
  int r = y->rank;
  long at[ACCEL_MAX_RANK] = {0};
  unsigned log2 = accel_dtype_log2_bytes(x->dtype);
  if (element_count(y) == 0)
    return;
  for (;;) {
    long yo = 0, xo = 0;
    int outside = 0;
    for (int d = 0; d < r; ++d) {
      const resize_taps *t = &p->taps[d][at[d]];
      yo += at[d] * y->strides[d];
      xo += (long)t->index[0] * x->strides[d];
      outside |= t->index[0] < 0;
    }
    if (x->dtype != ACCEL_F32) { /* nearest: the element's bytes */
      const char *from = (const char *)x->data + (xo << log2);
      char *to = (char *)y->data + (yo << log2);
      switch (log2) {
      case 0:
        *to = *from;
        break;
      case 1:
        *(uint16_t *)to = *(const uint16_t *)from;
        break;
      case 2:
        *(uint32_t *)to = *(const uint32_t *)from;
        break;
      default:
        *(uint64_t *)to = *(const uint64_t *)from;
      }
    } else {
      ((float *)y->data)[yo] =
          outside ? extrapolation
                  : combine(p, x->data, x->strides, at, 0, r);
    }
    int d = r - 1;
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
  for (long i = 1; i < y->dims[r - 2]; ++i)
    if (p->taps[r - 2][i].index[0] < p->taps[r - 2][i - 1].index[0])
      return 0;
  return 1;
}

/* dst[j * factor + k] = src[j] for j < w, k < factor: a load and factor
   strided stores a vector. */
static void widen(float *dst, const float *src, long w, long factor) {
  long j = 0;
  if (factor == 2) {
    for (; j + L <= w; j += L) {
      accel_v16f v = accel_vload(src + j);
      accel_vstore_strided(v, dst + 2 * j, 8);
      accel_vstore_strided(v, dst + 2 * j + 1, 8);
    }
  } else {
    for (; j + L <= w; j += L) {
      accel_v16f v = accel_vload(src + j);
      for (long k = 0; k < factor; ++k)
        accel_vstore_strided(v, dst + j * factor + k, 4 * factor);
    }
  }
  for (; j < w; ++j)
    for (long k = 0; k < factor; ++k)
      dst[j * factor + k] = src[j];
}

/* Blocks of x's rows, two in turn: block b waits for the channel pair
   2 (b mod 2), 2 (b mod 2) + 1, which carried its rows in and block
   b - 2's out, starts the next block's rows in on the other pair (behind
   block b - 1's), then widens its rows and sends each to its run of y's
   rows on its own pair. */
static void run_rows(const accel_tensor *x, const accel_tensor *y,
                     const resize_plan *p) {
  resize_spm *spm = KERNEL_SPM(resize_spm);
  int r = x->rank;
  long w = x->dims[r - 1], ow = y->dims[r - 1];
  long h = x->dims[r - 2], oh = y->dims[r - 2], factor = ow / w;
  for (long i = 0; i < h; ++i)
    spm->run_count[i] = 0;
  for (long o = 0; o < oh; ++o) {
    int i = p->taps[r - 2][o].index[0];
    if (!spm->run_count[i])
      spm->run_first[i] = (int)o;
    ++spm->run_count[i];
  }
  long rows = element_count(x) / w;
  long block = RowsIn / w < RowsOut / ow ? RowsIn / w : RowsOut / ow;
  const float *src = x->data;
  float *dst = y->data;
  long plane = 0, i = 0; /* the row's plane of x and its row there */
  accel_dma_1d(0, spm->in[0], src, (block < rows ? block : rows) * w * 4);
  for (long b = 0, r0 = 0; r0 < rows; ++b, r0 += block) {
    long n = rows - r0 < block ? rows - r0 : block;
    int pair = 2 * (int)(b & 1);
    accel_dma_wait_on(pair);
    accel_dma_wait_on(pair + 1);
    long next = rows - r0 - n < block ? rows - r0 - n : block;
    if (next > 0)
      KERNEL_DMA_ON_CHANNEL(pair ^ 2, accel_dma_1d, spm->in[(b + 1) & 1],
                            src + (r0 + n) * w, next * w * 4);
    const float *in = spm->in[b & 1];
    float *out = spm->out[b & 1];
    for (long k = 0; k < n; ++k, in += w, out += ow) {
      long count = spm->run_count[i];
      if (count) {
        widen(out, in, w, factor);
        accel_dma_2d_on(pair + (int)(k & 1),
                        dst + (plane * oh + spm->run_first[i]) * ow, out,
                        count, ow * 4, ow * 4, 0);
      }
      if (++i == h)
        i = 0, ++plane;
    }
  }
  accel_dma_wait_all();
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
  if (x->dtype != ACCEL_F32 && (o->mode != ACCEL_RESIZE_NEAREST ||
                                o->coordinates ==
                                    ACCEL_RESIZE_TF_CROP_AND_RESIZE))
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
  else
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
