/* grid_sample.c - ONNX GridSample (opset 16) over NCHW (docs/kernels.md,
   "GridSample"): y[n, c, i, j] is x[n, c] sampled at grid[n, i, j] =
   (gx, gy) in [-1, 1] (beyond: the padding), by nearest, bilinear or
   bicubic (a = -0.75) interpolation, as PyTorch's grid_sample computes it
   (ONNX's test data are its outputs). A scalar loop in f32: GridSample is
   rare, and each output reads 1 to 16 scattered pixels. */

#include "core/kernel_args.h"
#include "core/kernel_stack.h"
#include <math.h>
#include <stddef.h>

/* A coordinate in x's pixels from the grid's [-1, 1]. */
static float unnormalize(float g, long size, int align) {
  return align ? (g + 1) / 2 * (float)(size - 1)
               : ((g + 1) * (float)size - 1) / 2;
}

static float clip(float v, long size) {
  return fminf((float)(size - 1), fmaxf(v, 0));
}

/* v reflected into [lo2 / 2, hi2 / 2] (PyTorch's reflect_coordinates). */
static float reflect(float v, long lo2, long hi2) {
  if (lo2 == hi2)
    return 0;
  float lo = (float)lo2 / 2, span = (float)(hi2 - lo2) / 2;
  v = fabsf(v - lo);
  float extra = fmodf(v, span);
  long flips = (long)floorf(v / span);
  return flips % 2 == 0 ? extra + lo : span - extra + lo;
}

/* The padding's transform of a coordinate (none for zeros). */
static float pad_coordinate(float v, long size, int padding, int align) {
  if (padding == ACCEL_GRID_BORDER)
    return clip(v, size);
  if (padding == ACCEL_GRID_REFLECTION)
    return clip(align ? reflect(v, 0, 2 * (size - 1))
                      : reflect(v, -1, 2 * size - 1),
                size);
  return v;
}

/* A coordinate as an index; -1 (outside every plane) for NaN or one too
   large for a long. */
static long to_index(float v) { return v > -1e9f && v < 1e9f ? (long)v : -1; }

/* Pixel (r, c) of a plane, 0 outside it. */
static float pixel(const float *p, long H, long W, long sh, long sw, long r,
                   long c) {
  return r >= 0 && r < H && c >= 0 && c < W ? p[r * sh + c * sw] : 0.0f;
}

/* The cubic convolution's weights of the taps -1, 0, 1, 2 at offset t. */
static void cubic_weights(float t, float w[4]) {
  const float A = -0.75f;
  float x = t + 1;
  w[0] = ((A * x - 5 * A) * x + 8 * A) * x - 4 * A;
  x = t;
  w[1] = ((A + 2) * x - (A + 3)) * x * x + 1;
  x = 1 - t;
  w[2] = ((A + 2) * x - (A + 3)) * x * x + 1;
  x = 2 - t;
  w[3] = ((A * x - 5 * A) * x + 8 * A) * x - 4 * A;
}

typedef struct {
  const accel_tensor *x, *grid, *y;
  accel_grid_sample_options o;
} grid_args;

static accel_status check(const char *K, const accel_tensor *x,
                          const accel_tensor *grid, const accel_tensor *y,
                          const accel_grid_sample_options *o) {
  accel_status s;
  unsigned f32 = ACCEL_DTYPE_BIT(ACCEL_F32);
  if ((s = accel_check_tensor_typed(K, "x", x, f32, 4, 4, 0)) ||
      (s = accel_check_tensor_typed(K, "grid", grid, f32, 4, 4, 0)) ||
      (s = accel_check_tensor_typed(K, "y", y, f32, 4, 4, 1)))
    return s;
  if ((unsigned)o->mode > ACCEL_GRID_BICUBIC ||
      (unsigned)o->padding > ACCEL_GRID_REFLECTION)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                              "mode %d, padding %d; each must be 0 to 2",
                              o->mode, o->padding);
  if (grid->dims[0] != x->dims[0] || grid->dims[3] != 2)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "grid",
                              "dims [%ld, %ld, %ld, %ld], expected [%ld, "
                              "H_out, W_out, 2]",
                              grid->dims[0], grid->dims[1], grid->dims[2],
                              grid->dims[3], x->dims[0]);
  long want[4] = {x->dims[0], x->dims[1], grid->dims[1], grid->dims[2]};
  for (int d = 0; d < 4; ++d)
    if (y->dims[d] != want[d])
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "y",
                                "dims [%ld, %ld, %ld, %ld], expected [%ld, "
                                "%ld, %ld, %ld]",
                                y->dims[0], y->dims[1], y->dims[2], y->dims[3],
                                want[0], want[1], want[2], want[3]);
  if (accel_typed_tensors_overlap(x, y) || accel_typed_tensors_overlap(grid, y))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "y", "overlaps an input");
  return ACCEL_OK;
}

static long grid_body(const void *args, const void *unused1,
                      const void *unused2, const void *unused3) {
  (void)unused1, (void)unused2, (void)unused3;
  static const char K[] = "accel_grid_sample";
  grid_args a = *(const grid_args *)args;
  accel_tensor xc, gc, yc;
  const accel_tensor *x = ACCEL_STAGE_READ(0, &xc, a.x);
  const accel_tensor *grid = ACCEL_STAGE_READ(1, &gc, a.grid);
  const accel_tensor *y = ACCEL_STAGE_READ(2, &yc, a.y);
  accel_dma_wait_all();
  accel_status s;
  if ((s = check(K, x, grid, y, &a.o)))
    return s;
  if (accel_only_checking())
    return ACCEL_OK;
  long H = x->dims[2], W = x->dims[3], sh = x->strides[2], sw = x->strides[3];
  int mode = a.o.mode, pad = a.o.padding, align = a.o.align_corners != 0;
  const float *xd = x->data, *gd = grid->data;
  float *yd = y->data;
  for (long n = 0; n < y->dims[0]; ++n)
    for (long i = 0; i < y->dims[2]; ++i)
      for (long j = 0; j < y->dims[3]; ++j) {
        const float *g = gd + n * grid->strides[0] + i * grid->strides[1] +
                         j * grid->strides[2];
        float gx = unnormalize(g[0], W, align);
        float gy = unnormalize(g[grid->strides[3]], H, align);
        /* The taps and their weights, the same for every channel. */
        long r[4], c[4];
        float wr[4], wc[4];
        int taps;
        if (mode == ACCEL_GRID_BICUBIC) {
          float fx = floorf(gx), fy = floorf(gy);
          cubic_weights(gx - fx, wc);
          cubic_weights(gy - fy, wr);
          for (int t = 0; t < 4; ++t) {
            c[t] = to_index(pad_coordinate(fx - 1 + (float)t, W, pad, align));
            r[t] = to_index(pad_coordinate(fy - 1 + (float)t, H, pad, align));
          }
          taps = 4;
        } else {
          gx = pad_coordinate(gx, W, pad, align);
          gy = pad_coordinate(gy, H, pad, align);
          if (mode == ACCEL_GRID_NEAREST) {
            c[0] = to_index(nearbyintf(gx)), r[0] = to_index(nearbyintf(gy));
            wc[0] = wr[0] = 1;
            taps = 1;
          } else {
            float fx = floorf(gx), fy = floorf(gy);
            c[0] = to_index(fx), c[1] = c[0] < 0 && fx != -1 ? -1 : c[0] + 1;
            r[0] = to_index(fy), r[1] = r[0] < 0 && fy != -1 ? -1 : r[0] + 1;
            wc[1] = gx - fx, wc[0] = 1 - wc[1];
            wr[1] = gy - fy, wr[0] = 1 - wr[1];
            taps = 2;
          }
        }
        for (long ch = 0; ch < y->dims[1]; ++ch) {
          const float *p = xd + n * x->strides[0] + ch * x->strides[1];
          float v = 0;
          for (int u = 0; u < taps; ++u) {
            float row = 0;
            for (int t = 0; t < taps; ++t)
              row += wc[t] * pixel(p, H, W, sh, sw, r[u], c[t]);
            v += wr[u] * row;
          }
          yd[n * y->strides[0] + ch * y->strides[1] + i * y->strides[2] +
             j * y->strides[3]] = v;
        }
      }
  return ACCEL_OK;
}

accel_status accel_grid_sample(const accel_tensor *x, const accel_tensor *grid,
                               accel_tensor *y,
                               const accel_grid_sample_options *options) {
  static ACCEL_SPM grid_args args;
  args.x = x, args.grid = grid, args.y = y;
  args.o = options ? *options
                   : (accel_grid_sample_options){ACCEL_GRID_BILINEAR,
                                                 ACCEL_GRID_ZEROS, 0};
  return (accel_status)accel_on_kernel_stack(grid_body, &args, NULL, NULL,
                                             NULL);
}
