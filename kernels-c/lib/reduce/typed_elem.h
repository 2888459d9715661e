/* typed_elem.h - one element of a tensor of any accel_dtype read and
   written by the scalar unit, for the scalar kernels of this folder
   (reduce_typed.c, argreduce.c, cumsum.c, topk.c): every float type as an
   f64 (exact), every integer type as an int64 (uint64 as its bits). The
   f16 and bf16 conversions are cast.c's. */

#ifndef ACCEL_REDUCE_TYPED_ELEM_H
#define ACCEL_REDUCE_TYPED_ELEM_H

#include "core/kernel_dma.h"
#include "core/spm_arena.h"
#include <accel.h>
#include <accel_kernels.h>
#include <stdint.h>

typedef union {
  float f;
  uint32_t u;
} elem_f32_bits;

static inline int elem_is_float(accel_dtype t) {
  return t == ACCEL_F32 || t == ACCEL_F16 || t == ACCEL_BF16 || t == ACCEL_F64;
}

static inline int elem_is_unsigned(accel_dtype t) {
  return t == ACCEL_U8 || t == ACCEL_U16 || t == ACCEL_U32 || t == ACCEL_U64 ||
         t == ACCEL_BOOL;
}

static inline float elem_f16_to_f32(uint32_t h) {
  uint32_t sign = (h & 0x8000) << 16, e = h >> 10 & 0x1f, m = h & 0x3ff;
  elem_f32_bits b;
  if (e == 0) {
    float f = (float)(int)m * 0x1p-24f;
    return sign ? -f : f;
  }
  b.u = e == 31 ? sign | 0x7f800000 | m << 13
                : sign | (e + (127 - 15)) << 23 | m << 13;
  return b.f;
}

/* f32 bits to f16, rounded to nearest even. */
static inline uint32_t elem_f32_to_f16(uint32_t x) {
  uint32_t sign = x >> 16 & 0x8000, a = x & 0x7fffffff;
  if (a > 0x7f800000)
    return sign | 0x7e00 | (a >> 13 & 0x3ff);
  if (a >= 0x477ff000)
    return sign | 0x7c00;
  if (a >= 0x38800000) {
    uint32_t r = a - ((uint32_t)(127 - 15) << 23);
    return sign | (r + 0xfff + (r >> 13 & 1)) >> 13;
  }
  if (a < 0x33000000)
    return sign;
  uint32_t m = (a & 0x7fffff) | 0x800000, shift = 126 - (a >> 23);
  return sign | (m + (1u << (shift - 1)) - 1 + (m >> shift & 1)) >> shift;
}

static inline uint32_t elem_f32_to_bf16(uint32_t x) {
  if ((x & 0x7fffffff) > 0x7f800000)
    return x >> 16 | 0x40;
  return (x + 0x7fff + (x >> 16 & 1)) >> 16;
}

/* The loads and stores below test the type with branches, not a switch:
   a switch's jump table is in DRAM, a 40-cycle load an element. */

/* Element i (in elements from p) of a float type, exactly. */
static inline double elem_load_f64(accel_dtype t, const void *p, long i) {
  elem_f32_bits b;
  if (t == ACCEL_F32)
    return ((const float *)p)[i];
  if (t == ACCEL_F64)
    return ((const double *)p)[i];
  if (t == ACCEL_F16)
    return elem_f16_to_f32(((const uint16_t *)p)[i]);
  b.u = (uint32_t)((const uint16_t *)p)[i] << 16; /* bf16 */
  return b.f;
}

/* Element i of an integer type (a bool as 0 or 1). */
static inline int64_t elem_load_i64(accel_dtype t, const void *p, long i) {
  unsigned log2 = accel_dtype_log2_bytes(t);
  int u = elem_is_unsigned(t);
  if (log2 == 3)
    return ((const int64_t *)p)[i];
  if (log2 == 2)
    return u ? (int64_t)((const uint32_t *)p)[i] : ((const int32_t *)p)[i];
  if (log2 == 1)
    return u ? (int64_t)((const uint16_t *)p)[i] : ((const int16_t *)p)[i];
  return u ? (int64_t)((const uint8_t *)p)[i] : ((const int8_t *)p)[i];
}

/* v rounded once to float type t (f16 and bf16 through f32). */
static inline void elem_store_f64(accel_dtype t, void *p, long i, double v) {
  elem_f32_bits b;
  b.f = (float)v;
  if (t == ACCEL_F32)
    ((float *)p)[i] = b.f;
  else if (t == ACCEL_F64)
    ((double *)p)[i] = v;
  else if (t == ACCEL_F16)
    ((uint16_t *)p)[i] = (uint16_t)elem_f32_to_f16(b.u);
  else
    ((uint16_t *)p)[i] = (uint16_t)elem_f32_to_bf16(b.u);
}

/* v's low bits in integer type t (wrapping, as C's conversions). */
static inline void elem_store_i64(accel_dtype t, void *p, long i, int64_t v) {
  unsigned log2 = accel_dtype_log2_bytes(t);
  if (log2 == 3)
    ((int64_t *)p)[i] = v;
  else if (log2 == 2)
    ((uint32_t *)p)[i] = (uint32_t)v;
  else if (log2 == 1)
    ((uint16_t *)p)[i] = (uint16_t)v;
  else
    ((uint8_t *)p)[i] = (uint8_t)v;
}

/* A double toward zero as integer type t's value, saturated (NaN: 0). */
static inline int64_t elem_f64_to_i64(accel_dtype t, double d) {
  if (d != d)
    return 0;
  if (elem_is_unsigned(t)) {
    if (d <= 0)
      return 0;
    if (d >= 18446744073709551615.0)
      return (int64_t)UINT64_MAX;
    return (int64_t)(uint64_t)d;
  }
  if (d <= -9223372036854775808.0)
    return INT64_MIN;
  if (d >= 9223372036854775807.0)
    return INT64_MAX;
  return (int64_t)d;
}

/* An odometer over some of a tensor's dimensions: index i's offsets in x
   and y (elements). */
typedef struct {
  int rank;
  long dims[ACCEL_MAX_RANK], xs[ACCEL_MAX_RANK], ys[ACCEL_MAX_RANK];
} elem_odometer;

static inline long elem_odometer_count(const elem_odometer *o) {
  long n = 1;
  for (int d = 0; d < o->rank; ++d)
    n *= o->dims[d];
  return n;
}

static inline void elem_odometer_offsets(const elem_odometer *o, long i,
                                         long *x, long *y) {
  *x = *y = 0;
  for (int d = o->rank - 1; d >= 0; --d) {
    long q = i % o->dims[d];
    *x += q * o->xs[d], *y += q * o->ys[d];
    i /= o->dims[d];
  }
}

/* A walk over an odometer's indices in order, its x offset kept as it
   steps (no division an element, as elem_odometer_offsets takes). */
typedef struct {
  long idx[ACCEL_MAX_RANK], off;
} elem_walk;

static inline void elem_walk_next(const elem_odometer *o, elem_walk *w) {
  for (int d = o->rank - 1; d >= 0; --d) {
    w->off += o->xs[d];
    if (++w->idx[d] < o->dims[d])
      return;
    w->off -= o->xs[d] * o->dims[d];
    w->idx[d] = 0;
  }
}

/* The elements t's view reaches from its first (0 if it has none). */
static inline long elem_span(const accel_tensor *t) {
  long n = 1;
  for (int d = 0; d < t->rank; ++d) {
    if (t->dims[d] == 0)
      return 0;
    n += (t->dims[d] - 1) * t->strides[d];
  }
  return n;
}

/* x's elements brought into the scratchpad at buf by one transfer when
   its span fits in bytes (then each load costs 3 cycles instead of
   DRAM's 40), else x's data where it lies. */
static inline const void *elem_stage_in(const accel_tensor *x, void *buf,
                                        long bytes) {
  long n = elem_span(x) * (long)accel_dtype_bytes(x->dtype);
  if (n == 0 || n > bytes)
    return x->data;
  /* Over the four channels: one would take four times as long (a
     vocabulary's logits at a batch of 8, 32 KiB: 1 088 cycles on one). */
  accel_copy_bytes_split(buf, x->data, n);
  return buf;
}

#endif
