/* cast.c - accel_cast: y = x converted elementwise to y's element type,
   with ONNX Cast's semantics (accel_kernels.h states them).

   The elements go through the scratchpad in blocks along the innermost
   dimension (dimensions contiguous on both sides merged into it): a block
   of x arrives by DMA, is converted, and the block of y leaves by DMA,
   two blocks in flight on each side so the transfers run under the
   conversion, each block's transfer split over two channels (x's 0 and
   1, y's 2 and 3). The pairs between f32 and int32, f16, bf16, bool, int8 and
   uint8 convert on the vector unit (cast_vector.h), int64 to f32 and
   int32, int32 to int64 and f64 to and from f32 in scalar loops of their
   own (convert_direct).
   Pairs from f16 and bf16, and from integers to f16 (and from the small
   ones to bf16), go through f32 (convert_via_f32). Every other pair goes
   through 64-bit values: every float type widens to f64 exactly, every
   integer type to int64 (uint64 as its bits), and each destination
   converts from those with one rounding. A strided row moves as one DMA
   row per element. */

#include "core/kernel_args.h"
#include "core/kernel_stack.h"
#include "core/spm_arena.h"
#include "elementwise/cast_vector.h"
#include "elementwise/elementwise_typed.h"
#include <stddef.h>
#include <stdint.h>

enum { CastBlock = 2048 }; /* elements a block */

typedef struct {
  uint64_t in[2][CastBlock];  /* x's elements, packed */
  uint64_t wide[CastBlock];   /* as f64 or int64 */
  uint64_t out[2][CastBlock]; /* y's elements, packed */
  float mid[CastBlock];       /* as f32, on the way (convert) */
} cast_spm;
KERNEL_SPM_FITS(cast_spm);

typedef union {
  double d;
  uint64_t u;
} f64_bits;

typedef union {
  float f;
  uint32_t u;
} f32_bits;

static int is_float(accel_dtype t) {
  return t == ACCEL_F32 || t == ACCEL_F16 || t == ACCEL_BF16 ||
         t == ACCEL_F64;
}

static int is_signed_int(accel_dtype t) {
  return t == ACCEL_I8 || t == ACCEL_I16 || t == ACCEL_I32 || t == ACCEL_I64;
}

/* f16 (binary16) to f32, exact. */
static inline float f16_to_f32(uint32_t h) {
  uint32_t sign = (h & 0x8000) << 16, e = h >> 10 & 0x1f, m = h & 0x3ff;
  f32_bits b;
  if (e == 0) {
    /* Zero or subnormal: m units of 2^-24, exact in f32. */
    float f = (float)(int)m * 0x1p-24f;
    return sign ? -f : f;
  }
  b.u = e == 31 ? sign | 0x7f800000 | m << 13
                : sign | (e + (127 - 15)) << 23 | m << 13;
  return b.f;
}

static inline float bf16_to_f32(uint32_t h) {
  f32_bits b;
  b.u = h << 16;
  return b.f;
}

/* f32 bits to f16, rounded to nearest even; a NaN stays a (quiet) NaN. */
static inline uint32_t f32_to_f16(uint32_t x) {
  uint32_t sign = x >> 16 & 0x8000, a = x & 0x7fffffff;
  if (a > 0x7f800000)
    return sign | 0x7e00 | (a >> 13 & 0x3ff);
  if (a >= 0x477ff000) /* 65520 and above round to inf */
    return sign | 0x7c00;
  if (a >= 0x38800000) { /* 2^-14, f16's smallest normal */
    uint32_t r = a - ((uint32_t)(127 - 15) << 23);
    return sign | (r + 0xfff + (r >> 13 & 1)) >> 13;
  }
  if (a < 0x33000000) /* below 2^-25, half the smallest subnormal */
    return sign;
  uint32_t m = (a & 0x7fffff) | 0x800000, shift = 126 - (a >> 23);
  return sign | (m + (1u << (shift - 1)) - 1 + (m >> shift & 1)) >> shift;
}

/* f32 bits to bf16, rounded to nearest even. */
static inline uint32_t f32_to_bf16(uint32_t x) {
  if ((x & 0x7fffffff) > 0x7f800000)
    return x >> 16 | 0x40;
  return (x + 0x7fff + (x >> 16 & 1)) >> 16;
}

/* f64 bits to a binary format of mbits mantissa and ebits exponent bits
   (f16: 10, 5; bf16: 7, 8), rounded to nearest even. */
static uint32_t f64_to_small(uint64_t x, int mbits, int ebits) {
  uint32_t sign = (uint32_t)(x >> 63) << (mbits + ebits);
  uint64_t a = x & 0x7fffffffffffffffull;
  uint32_t inf = ((1u << ebits) - 1) << mbits;
  if (a > 0x7ff0000000000000ull)
    return sign | inf | 1u << (mbits - 1) | (uint32_t)(a >> (52 - mbits));
  int bias = (1 << (ebits - 1)) - 1;
  int e = (int)(a >> 52) - 1023 + bias; /* the biased exponent */
  int shift = 52 - mbits;
  uint64_t r;
  if (e >= 1) {
    r = a - ((uint64_t)(1023 - bias) << 52);
  } else {
    r = (a & 0xfffffffffffffull) | 1ull << 52;
    shift += 1 - e;
    if (shift > 63)
      return sign;
  }
  r = (r + (1ull << (shift - 1)) - 1 + (r >> shift & 1)) >> shift;
  return sign | (uint32_t)(r < inf ? r : inf);
}

/* An integer (signed or not) as an f64 that rounds to any narrower float
   as the integer itself would: exact below 2^53; above, the bits below
   the 53 highest are folded into a sticky bit, which no format of fewer
   than 42 significant bits rounds at. */
static double int_to_f64_sticky(uint64_t v, int is_signed) {
  int neg = is_signed && (int64_t)v < 0;
  uint64_t m = neg ? 0 - v : v;
  if (m >> 53)
    m = (m & ~0x7ffull) | (uint64_t)((m & 0x7ff) != 0) << 11;
  double d = (double)m;
  return neg ? -d : d;
}

/* x's n elements of type t, widened: a float to f64 (exact), an integer
   to int64 (sign- or zero-extended), a bool to 0 or 1. */
static void widen(accel_dtype t, const void *restrict in,
                  uint64_t *restrict wide, long n) {
  f64_bits b;
  switch (t) {
  case ACCEL_F32:
    for (long i = 0; i < n; ++i)
      b.d = ((const float *)in)[i], wide[i] = b.u;
    break;
  case ACCEL_F16:
    for (long i = 0; i < n; ++i)
      b.d = f16_to_f32(((const uint16_t *)in)[i]), wide[i] = b.u;
    break;
  case ACCEL_BF16:
    for (long i = 0; i < n; ++i)
      b.d = bf16_to_f32(((const uint16_t *)in)[i]), wide[i] = b.u;
    break;
  case ACCEL_F64:
  case ACCEL_I64:
  case ACCEL_U64:
    for (long i = 0; i < n; ++i)
      wide[i] = ((const uint64_t *)in)[i];
    break;
  case ACCEL_I8:
    for (long i = 0; i < n; ++i)
      wide[i] = (uint64_t)(int64_t)((const int8_t *)in)[i];
    break;
  case ACCEL_I16:
    for (long i = 0; i < n; ++i)
      wide[i] = (uint64_t)(int64_t)((const int16_t *)in)[i];
    break;
  case ACCEL_I32:
    for (long i = 0; i < n; ++i)
      wide[i] = (uint64_t)(int64_t)((const int32_t *)in)[i];
    break;
  case ACCEL_U8:
    for (long i = 0; i < n; ++i)
      wide[i] = ((const uint8_t *)in)[i];
    break;
  case ACCEL_U16:
    for (long i = 0; i < n; ++i)
      wide[i] = ((const uint16_t *)in)[i];
    break;
  case ACCEL_U32:
    for (long i = 0; i < n; ++i)
      wide[i] = ((const uint32_t *)in)[i];
    break;
  case ACCEL_BOOL:
  default:
    for (long i = 0; i < n; ++i)
      wide[i] = ((const uint8_t *)in)[i] != 0;
    break;
  }
}

/* An f64 toward zero, saturated to [lo, hi], NaN to 0: the conversion
   instruction (cvt.i64.f64) saturates to int64's range and gives 0 for a
   NaN, the clamp does the rest. */
static inline int64_t f64_to_int(double d, int64_t lo, int64_t hi) {
  int64_t v = (int64_t)d;
  v = v < lo ? lo : v;
  return v > hi ? hi : v;
}

/* n f64 values (as bits) to y's type t. */
static void narrow_float(accel_dtype t, const uint64_t *restrict wide,
                         void *restrict out, long n) {
  f64_bits b;
  switch (t) {
  case ACCEL_F32:
    for (long i = 0; i < n; ++i)
      b.u = wide[i], ((float *)out)[i] = (float)b.d;
    break;
  case ACCEL_F16:
    for (long i = 0; i < n; ++i)
      ((uint16_t *)out)[i] = (uint16_t)f64_to_small(wide[i], 10, 5);
    break;
  case ACCEL_BF16:
    for (long i = 0; i < n; ++i)
      ((uint16_t *)out)[i] = (uint16_t)f64_to_small(wide[i], 7, 8);
    break;
  case ACCEL_F64:
    for (long i = 0; i < n; ++i)
      ((uint64_t *)out)[i] = wide[i];
    break;
  case ACCEL_I8:
    for (long i = 0; i < n; ++i)
      b.u = wide[i], ((int8_t *)out)[i] = (int8_t)f64_to_int(b.d, -128, 127);
    break;
  case ACCEL_I16:
    for (long i = 0; i < n; ++i)
      b.u = wide[i],
      ((int16_t *)out)[i] = (int16_t)f64_to_int(b.d, -32768, 32767);
    break;
  case ACCEL_I32:
    for (long i = 0; i < n; ++i)
      b.u = wide[i], ((int32_t *)out)[i] = (int32_t)f64_to_int(
                         b.d, -2147483647 - 1, 2147483647);
    break;
  case ACCEL_I64:
    for (long i = 0; i < n; ++i)
      b.u = wide[i], ((int64_t *)out)[i] = (int64_t)b.d;
    break;
  case ACCEL_U8:
    for (long i = 0; i < n; ++i)
      b.u = wide[i], ((uint8_t *)out)[i] = (uint8_t)f64_to_int(b.d, 0, 255);
    break;
  case ACCEL_U16:
    for (long i = 0; i < n; ++i)
      b.u = wide[i], ((uint16_t *)out)[i] = (uint16_t)f64_to_int(b.d, 0, 65535);
    break;
  case ACCEL_U32:
    for (long i = 0; i < n; ++i)
      b.u = wide[i],
      ((uint32_t *)out)[i] = (uint32_t)f64_to_int(b.d, 0, 4294967295);
    break;
  case ACCEL_U64:
    /* cvt.u64.f64: toward zero, saturated, NaN to 0. */
    for (long i = 0; i < n; ++i)
      b.u = wide[i], ((uint64_t *)out)[i] = (uint64_t)b.d;
    break;
  case ACCEL_BOOL:
  default:
    for (long i = 0; i < n; ++i)
      b.u = wide[i], ((uint8_t *)out)[i] = b.d != 0;
    break;
  }
}

/* n int64 values (uint64 if !is_signed) to y's type t. */
static void narrow_int(accel_dtype t, int is_signed,
                       const uint64_t *restrict wide, void *restrict out,
                       long n) {
  switch (t) {
  case ACCEL_F32:
    if (is_signed)
      for (long i = 0; i < n; ++i)
        ((float *)out)[i] = (float)(int64_t)wide[i];
    else
      for (long i = 0; i < n; ++i)
        ((float *)out)[i] = (float)wide[i];
    break;
  case ACCEL_F64:
    if (is_signed)
      for (long i = 0; i < n; ++i)
        ((double *)out)[i] = (double)(int64_t)wide[i];
    else
      for (long i = 0; i < n; ++i)
        ((double *)out)[i] = (double)wide[i];
    break;
  case ACCEL_F16:
  case ACCEL_BF16: {
    int mbits = t == ACCEL_F16 ? 10 : 7, ebits = t == ACCEL_F16 ? 5 : 8;
    f64_bits b;
    for (long i = 0; i < n; ++i)
      b.d = int_to_f64_sticky(wide[i], is_signed),
      ((uint16_t *)out)[i] = (uint16_t)f64_to_small(b.u, mbits, ebits);
    break;
  }
  case ACCEL_I8:
  case ACCEL_U8:
    for (long i = 0; i < n; ++i)
      ((uint8_t *)out)[i] = (uint8_t)wide[i];
    break;
  case ACCEL_I16:
  case ACCEL_U16:
    for (long i = 0; i < n; ++i)
      ((uint16_t *)out)[i] = (uint16_t)wide[i];
    break;
  case ACCEL_I32:
  case ACCEL_U32:
    for (long i = 0; i < n; ++i)
      ((uint32_t *)out)[i] = (uint32_t)wide[i];
    break;
  case ACCEL_I64:
  case ACCEL_U64:
    for (long i = 0; i < n; ++i)
      ((uint64_t *)out)[i] = wide[i];
    break;
  case ACCEL_BOOL:
  default:
    for (long i = 0; i < n; ++i)
      ((uint8_t *)out)[i] = wide[i] != 0;
    break;
  }
}

/* The pairs converted directly, without the 64-bit values, on the
   vector unit where it has the conversion (cast_vector.h) and the scalar
   unit for the rest; 0 if (xt, yt) is not one. */
static inline __attribute__((always_inline)) int
convert_direct(accel_dtype xt, accel_dtype yt, const void *restrict in,
               void *restrict out, long n) {
  long i;
  if (xt == ACCEL_F32 && yt == ACCEL_F16) {
    for (i = vcast_f32_to_half(in, out, n, 0); i < n; ++i)
      ((uint16_t *)out)[i] =
          (uint16_t)f32_to_f16(((const uint32_t *)in)[i]);
    return 1;
  }
  if (xt == ACCEL_F32 && yt == ACCEL_BF16) {
    for (i = vcast_f32_to_half(in, out, n, 1); i < n; ++i)
      ((uint16_t *)out)[i] =
          (uint16_t)f32_to_bf16(((const uint32_t *)in)[i]);
    return 1;
  }
  if (xt == ACCEL_F16 && yt == ACCEL_F32) {
    for (i = vcast_half_to_f32(in, out, n, 0); i < n; ++i)
      ((float *)out)[i] = f16_to_f32(((const uint16_t *)in)[i]);
    return 1;
  }
  if (xt == ACCEL_BF16 && yt == ACCEL_F32) {
    for (i = vcast_half_to_f32(in, out, n, 1); i < n; ++i)
      ((uint32_t *)out)[i] = (uint32_t)((const uint16_t *)in)[i] << 16;
    return 1;
  }
  if (xt == ACCEL_F32 && yt == ACCEL_I32) {
    /* vcvt.i32.f32 saturates and takes NaN to 0, as f64_to_int. */
    for (i = vcast_f32_to_i32(in, out, n); i < n; ++i)
      ((int32_t *)out)[i] = (int32_t)f64_to_int(
          ((const float *)in)[i], -2147483647 - 1, 2147483647);
    return 1;
  }
  if (xt == ACCEL_I32 && yt == ACCEL_F32) {
    for (i = vcast_i32_to_f32(in, out, n); i < n; ++i)
      ((float *)out)[i] = (float)((const int32_t *)in)[i];
    return 1;
  }
  if ((xt == ACCEL_BOOL || xt == ACCEL_I8 || xt == ACCEL_U8) &&
      yt == ACCEL_F32) {
    i = vcast_bytes_to_f32(in, out, n,
                           xt == ACCEL_BOOL ? VecBool
                           : xt == ACCEL_I8 ? VecInt8
                                            : VecUint8);
    for (; i < n; ++i) {
      unsigned b = ((const uint8_t *)in)[i];
      ((float *)out)[i] = xt == ACCEL_BOOL ? (float)(b != 0)
                          : xt == ACCEL_I8 ? (float)(int8_t)b
                                           : (float)b;
    }
    return 1;
  }
  if (xt == ACCEL_F32 &&
      (yt == ACCEL_BOOL || yt == ACCEL_I8 || yt == ACCEL_U8)) {
    i = vcast_f32_to_bytes(in, out, n,
                           yt == ACCEL_BOOL ? VecBool
                           : yt == ACCEL_I8 ? VecInt8
                                            : VecUint8);
    for (; i < n; ++i) {
      float x = ((const float *)in)[i];
      ((uint8_t *)out)[i] =
          yt == ACCEL_BOOL ? x != 0
          : yt == ACCEL_I8 ? (uint8_t)f64_to_int(x, -128, 127)
                           : (uint8_t)f64_to_int(x, 0, 255);
    }
    return 1;
  }
  /* Unrolled, so that the loads' latency runs under other elements'
     work. */
  if (xt == ACCEL_I64 && yt == ACCEL_F32) {
#pragma clang loop unroll_count(8)
    for (i = 0; i < n; ++i)
      ((float *)out)[i] = (float)((const int64_t *)in)[i];
    return 1;
  }
  if (xt == ACCEL_F64 && yt == ACCEL_F32) {
#pragma clang loop unroll_count(8)
    for (i = 0; i < n; ++i)
      ((float *)out)[i] = (float)((const double *)in)[i];
    return 1;
  }
  if (xt == ACCEL_F32 && yt == ACCEL_F64) {
#pragma clang loop unroll_count(8)
    for (i = 0; i < n; ++i)
      ((double *)out)[i] = ((const float *)in)[i];
    return 1;
  }
  if (xt == ACCEL_I64 && yt == ACCEL_I32) {
#pragma clang loop unroll_count(8)
    for (i = 0; i < n; ++i)
      ((uint32_t *)out)[i] = (uint32_t)((const uint64_t *)in)[i];
    return 1;
  }
  if (xt == ACCEL_I32 && yt == ACCEL_I64) {
#pragma clang loop unroll_count(8)
    for (i = 0; i < n; ++i)
      ((int64_t *)out)[i] = ((const int32_t *)in)[i];
    return 1;
  }
  return 0;
}

/* The 64-bit values' two passes. */
static inline __attribute__((always_inline)) void
convert_wide(accel_dtype xt, accel_dtype yt, const void *restrict in,
             void *restrict out, uint64_t *restrict wide, long n) {
  widen(xt, in, wide, n);
  if (is_float(xt))
    narrow_float(yt, wide, out, n);
  else
    narrow_int(yt, is_signed_int(xt), wide, out, n);
}

/* Converts n elements of x's type in `in` to y's in `out`. A pair
   without a direct conversion goes through f32 (mid) where that is exact
   or rounds as the pair would: f16 and bf16 widen to f32 exactly; an
   integer to f16 is exact in f32 below 2^24 and infinite from 65520 on
   either way; bool and the 8- and 16-bit integers are exact in f32.
   Out of line: inlined into run, its copies of the direct loops leave
   the register allocator rebroadcasting the vector constants of the
   direct pairs' loops in every iteration. */
static __attribute__((noinline)) void
convert_via_f32(accel_dtype xt, accel_dtype yt, const void *restrict in,
                void *restrict out, uint64_t *restrict wide,
                float *restrict mid, long n) {
  if (xt == ACCEL_F16 || xt == ACCEL_BF16) {
    convert_direct(xt, ACCEL_F32, in, mid, n);
    if (!convert_direct(ACCEL_F32, yt, mid, out, n))
      convert_wide(ACCEL_F32, yt, mid, out, wide, n);
    return;
  }
  if (!convert_direct(xt, ACCEL_F32, in, mid, n))
    convert_wide(xt, ACCEL_F32, in, mid, wide, n);
  convert_direct(ACCEL_F32, yt, mid, out, n);
}

static void convert(accel_dtype xt, accel_dtype yt, const void *restrict in,
                    void *restrict out, uint64_t *restrict wide,
                    float *restrict mid, long n) {
  if (convert_direct(xt, yt, in, out, n))
    return;
  int small_int = xt == ACCEL_BOOL || xt == ACCEL_I8 || xt == ACCEL_U8 ||
                  xt == ACCEL_I16 || xt == ACCEL_U16;
  if (xt == ACCEL_F16 || xt == ACCEL_BF16 ||
      (yt == ACCEL_F16 && !is_float(xt)) || (yt == ACCEL_BF16 && small_int))
    convert_via_f32(xt, yt, in, out, wide, mid, n);
  else
    convert_wide(xt, yt, in, out, wide, n);
}

/* convert for the typed elementwise kernels (elementwise_typed.h). */
void accel_cast_block(accel_dtype xt, accel_dtype yt, const void *in,
                      void *out, uint64_t *wide, float *mid, long n) {
  convert(xt, yt, in, out, wide, mid, n);
}

/* The tensors as rows: `rows` rows of `len` elements, row r's first
   element at the offset (in elements) sum over the outer dimensions of
   index * stride, elements `step` apart within a row. */
typedef struct {
  int outer; /* outer dimensions, 0 to ACCEL_MAX_RANK - 1 */
  long dims[ACCEL_MAX_RANK];
  long xs[ACCEL_MAX_RANK], ys[ACCEL_MAX_RANK];
  long len, x_step, y_step;
} cast_layout;

/* Merges the dimensions contiguous on both sides, drops those of size 1;
   the innermost left is the row. */
static void make_layout(cast_layout *l, const accel_tensor *x,
                        const accel_tensor *y) {
  int n = 0;
  long dims[ACCEL_MAX_RANK], xs[ACCEL_MAX_RANK], ys[ACCEL_MAX_RANK];
  for (int d = 0; d < x->rank; ++d) {
    if (x->dims[d] == 1)
      continue;
    if (n > 0 && xs[n - 1] == x->strides[d] * x->dims[d] &&
        ys[n - 1] == y->strides[d] * x->dims[d]) {
      dims[n - 1] *= x->dims[d];
      xs[n - 1] = x->strides[d];
      ys[n - 1] = y->strides[d];
      continue;
    }
    dims[n] = x->dims[d], xs[n] = x->strides[d], ys[n] = y->strides[d];
    ++n;
  }
  if (n == 0)
    dims[0] = 1, xs[0] = ys[0] = 1, n = 1;
  l->outer = n - 1;
  for (int d = 0; d < n - 1; ++d)
    l->dims[d] = dims[d], l->xs[d] = xs[d], l->ys[d] = ys[d];
  l->len = dims[n - 1];
  l->x_step = xs[n - 1];
  l->y_step = ys[n - 1];
}

/* Copies n elements of `size` bytes, `step` elements apart on the strided
   side, between DRAM and a packed scratchpad buffer. */
static void move_block(int ch, char *dst, const char *src, long n,
                       unsigned size, long dst_step, long src_step) {
  accel_dma_rows_on(ch, dst, src, n, size, dst_step * size, src_step * size);
}

/* move_block over channels ch and ch + 1, a half on each (the first a
   multiple of 32 elements, whole DRAM bursts), so that a block moves at
   two channels' rate; a block under 64 elements on ch alone. Returns
   whether it was split. */
static int move_block_split(int ch, char *dst, const char *src, long n,
                            unsigned size, long dst_step, long src_step) {
  long n1 = n >= 64 ? (n / 2) & ~31L : 0;
  if (n1 == 0) {
    move_block(ch, dst, src, n, size, dst_step, src_step);
    return 0;
  }
  move_block(ch, dst, src, n1, size, dst_step, src_step);
  move_block(ch + 1, dst + n1 * dst_step * size, src + n1 * src_step * size,
             n - n1, size, dst_step, src_step);
  return 1;
}

/* The position of a block: its row's offsets and its first element. */
typedef struct {
  long x_off, y_off, start, n;
} block_pos;

static void run(const accel_tensor *x, const accel_tensor *y) {
  cast_layout l;
  make_layout(&l, x, y);
  cast_spm *spm = KERNEL_SPM(cast_spm);
  accel_dtype xt = x->dtype, yt = y->dtype;
  unsigned xsize = accel_dtype_bytes(xt), ysize = accel_dtype_bytes(yt);
  const char *xdata = (const char *)x->data;
  char *ydata = (char *)y->data;
  long idx[ACCEL_MAX_RANK] = {0};
  block_pos next = {0, 0, 0, 0}, cur;
  int more = 1, k = 0, out_split = 1;
  next.n = l.len < CastBlock ? l.len : CastBlock;
  /* x's blocks arrive over channels 0 and 1, y's leave over 2 and 3,
     each split in two (move_block_split): one block in flight each way
     at a time, at two channels' rate. */
  move_block_split(0, (char *)spm->in[0], xdata + next.x_off * xsize, next.n,
                   xsize, 1, l.x_step);
  for (;;) {
    cur = next;
    /* Step to the block after cur. */
    next.start += cur.n;
    if (next.start >= l.len) {
      next.start = 0;
      int d = l.outer - 1;
      for (; d >= 0; --d) {
        next.x_off += l.xs[d], next.y_off += l.ys[d];
        if (++idx[d] < l.dims[d])
          break;
        next.x_off -= l.xs[d] * l.dims[d], next.y_off -= l.ys[d] * l.dims[d];
        idx[d] = 0;
      }
      more = d >= 0;
    }
    int b = k & 1;
    accel_dma_wait_on(0); /* cur's elements, the only ones arriving */
    accel_dma_wait_on(1);
    if (more) {
      next.n = l.len - next.start < CastBlock ? l.len - next.start : CastBlock;
      if (xt == yt) { /* y's block left from in[b ^ 1], the last to leave */
        accel_dma_wait_on(2);
        accel_dma_wait_on(3);
      }
      move_block_split(0, (char *)spm->in[b ^ 1],
                       xdata + (next.x_off + next.start * l.x_step) * xsize,
                       next.n, xsize, 1, l.x_step);
    }
    const void *in = spm->in[b];
    void *out = spm->out[b];
    if (xt == yt) {
      out = spm->in[b];
    } else {
      /* The block before last left out[b]: on each channel all but the
         last block's transfer, and all of channel 3's if the last block
         had none there. */
      accel_dma_wait_older_on(2);
      if (out_split)
        accel_dma_wait_older_on(3);
      else
        accel_dma_wait_on(3);
      convert(xt, yt, in, out, spm->wide, spm->mid, cur.n);
    }
    out_split = move_block_split(
        2, ydata + (cur.y_off + cur.start * l.y_step) * ysize,
        (const char *)out, cur.n, ysize, l.y_step, 1);
    if (!more)
      break;
    ++k;
  }
  accel_dma_wait_all();
}

/* Whether x and y pass every check below, decided without a message
   in one run (accel_typed_tensor_passes): only for an output whose
   strides grow from its last dimension to its first and x and y apart. */
static int checks_pass(const accel_tensor *x, const accel_tensor *y) {
  unsigned long xb, xe, yb, ye;
  if (!x || !y || x->rank != y->rank || x->rank < 0 ||
      x->rank > ACCEL_MAX_RANK)
    return 0;
  int ok = accel_typed_tensor_passes(x, x->rank, 0, ACCEL_ALL_DTYPES, &xb,
                                     &xe) &
           accel_typed_tensor_passes(y, y->rank, 1, ACCEL_ALL_DTYPES, &yb,
                                     &ye);
  for (int d = 0; d < x->rank; ++d)
    ok &= x->dims[d] == y->dims[d];
  return ok & !accel_footprints_overlap(xb, xe, yb, ye);
}

static long body(const void *xp, const void *yp, const void *unused1,
                 const void *unused2) {
  static const char kernel[] = "accel_cast";
  accel_tensor xc, yc;
  const accel_tensor *x = ACCEL_STAGE_READ(1, &xc, (const accel_tensor *)xp);
  const accel_tensor *y = ACCEL_STAGE_READ(2, &yc, (const accel_tensor *)yp);
  accel_dma_wait_all();
  if (accel_checking()) {
    if (!checks_pass(x, y)) {
      accel_status st;
      if ((st = accel_check_tensor_typed(kernel, "x", x, ACCEL_ALL_DTYPES, 0,
                                         ACCEL_MAX_RANK, 0)) ||
          (st = accel_check_tensor_typed(kernel, "y", y, ACCEL_ALL_DTYPES, 0,
                                         ACCEL_MAX_RANK, 1)))
        return st;
      if (x->rank != y->rank)
        return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "y",
                                  "rank %d, x's is %d (a cast keeps the shape)",
                                  y->rank, x->rank);
      for (int d = 0; d < x->rank; ++d)
        if (x->dims[d] != y->dims[d])
          return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "y",
                                    "dimension %d is %ld, x's is %ld (a cast "
                                    "keeps the shape)",
                                    d, y->dims[d], x->dims[d]);
      int in_place = x->data == y->data &&
                     accel_dtype_bytes(x->dtype) == accel_dtype_bytes(y->dtype);
      for (int d = 0; d < x->rank && in_place; ++d)
        in_place = x->strides[d] == y->strides[d] || x->dims[d] == 1;
      if (!in_place && accel_typed_tensors_overlap(x, y))
        return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "y",
                                  "overlaps x (only exactly in place, between "
                                  "types of one size, is allowed)");
    }
    if (accel_only_checking())
      return ACCEL_OK;
  }
  for (int d = 0; d < y->rank; ++d)
    if (y->dims[d] == 0)
      return ACCEL_OK;
  run(x, y);
  return ACCEL_OK;
}

accel_status accel_cast(const accel_tensor *x, const accel_tensor *y) {
  return (accel_status)accel_on_kernel_stack(body, x, y, NULL, NULL);
}
