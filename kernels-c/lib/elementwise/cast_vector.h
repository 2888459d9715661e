/* cast_vector.h - accel_cast's conversions on the vector unit, for blocks
   packed in the scratchpad: f32 <-> int32 by vcvt, f32 <-> f16 and
   f32 <-> bf16 by integer operations on the lanes. Each converts the
   block's first n - n % VecCastStep elements and returns how many it did;
   the scalar loops (cast.c) do the rest, with the same results.

   A 16-bit element is half a lane: a vector of 16 words holds 32 of them,
   the even elements in the low halves. Its f32 counterparts go in and out
   as two vectors, the even and the odd elements, by strided accesses
   (vld.s, vst.s of stride 8 bytes). */

#ifndef ACCEL_CAST_VECTOR_H
#define ACCEL_CAST_VECTOR_H

#include "core/kernel_machine.h"
#include <accel.h>
#include <stdint.h>

enum { VecCastStep = 2 * KERNEL_LANES }; /* elements an iteration */

typedef unsigned accel_v16u __attribute__((ext_vector_type(16)));

static inline accel_v16i vcast_splat(int v) { return (accel_v16i)v; }

/* m ? a : b, lane by lane, for a mask m of all-ones or zero lanes. */
static inline accel_v16i vcast_select(accel_v16i m, accel_v16i a,
                                      accel_v16i b) {
  return (m & a) | (~m & b);
}

static inline accel_v16i vcast_load(const void *p) {
  return (accel_v16i)accel_vload((const float *)p);
}

static inline void vcast_store(void *p, accel_v16i v) {
  accel_vstore((float *)p, (accel_v16f)v);
}

/* f32 bits to f16 bits (in the low half), to nearest even, as
   f32_to_f16 in cast.c: a subnormal result by the float unit's own
   rounding (the value plus 0.5 puts its f16 units in the low bits). */
static inline accel_v16i vcast_f32_to_f16(accel_v16i x) {
  accel_v16i a = x & vcast_splat(0x7fffffff);
  accel_v16i m13 = a >> 13; /* a >= 0: an arithmetic shift is logical */
  /* The exponent rebiased by an addition to the bits, the rounding
     increment by another: bit 13 of a is bit 0 of the result. */
  accel_v16i normal =
      (a + vcast_splat(0xfff - ((127 - 15) << 23)) + (m13 & vcast_splat(1))) >>
      13;
  accel_v16f sub_f = (accel_v16f)a + (accel_v16f)vcast_splat(126 << 23);
  accel_v16i sub = (accel_v16i)sub_f - vcast_splat(126 << 23);
  accel_v16i nan = vcast_splat(0x7e00) | (m13 & vcast_splat(0x3ff));
  accel_v16i big = vcast_select(a > vcast_splat(0x7f800000), nan,
                                vcast_splat(0x7c00));
  accel_v16i h = vcast_select(a < vcast_splat(0x38800000), sub, normal);
  h = vcast_select(a > vcast_splat(0x477fefff), big, h);
  return h | ((x >> 16) & vcast_splat(0x8000));
}

/* f16 bits (the low half; the high half ignored) to f32 bits, exactly: a
   subnormal renormalized by a float subtraction. */
static inline accel_v16i vcast_f16_to_f32(accel_v16i h) {
  accel_v16i o = (h & vcast_splat(0x7fff)) << 13;
  accel_v16i e = o & vcast_splat(0x0f800000);
  o = o + vcast_splat((127 - 15) << 23);
  accel_v16i inf_nan = o + vcast_splat((128 - 16) << 23);
  accel_v16f sub_f = (accel_v16f)(o + vcast_splat(1 << 23)) -
                     (accel_v16f)vcast_splat(113 << 23);
  o = vcast_select(e == vcast_splat(0x0f800000), inf_nan, o);
  o = vcast_select(e == vcast_splat(0), (accel_v16i)sub_f, o);
  return o | ((h & vcast_splat(0x8000)) << 16);
}

/* f32 bits to bf16 bits (in the low half), to nearest even. */
static inline accel_v16i vcast_f32_to_bf16(accel_v16i x) {
  accel_v16i a = x & vcast_splat(0x7fffffff);
  accel_v16i r = (accel_v16i)(
      (accel_v16u)(x + vcast_splat(0x7fff) + ((x >> 16) & vcast_splat(1))) >>
      16);
  accel_v16i nan = ((x >> 16) & vcast_splat(0xffff)) | vcast_splat(0x40);
  return vcast_select(a > vcast_splat(0x7f800000), nan, r);
}

/* The even and odd elements of 32 f32 words at p. */
static inline void vcast_load_pairs(const void *p, accel_v16i *even,
                                    accel_v16i *odd) {
  *even = (accel_v16i)accel_vload_strided((const float *)p, 8);
  *odd = (accel_v16i)accel_vload_strided((const float *)p + 1, 8);
}

static inline void vcast_store_pairs(void *p, accel_v16i even,
                                     accel_v16i odd) {
  accel_vstore_strided((accel_v16f)even, (float *)p, 8);
  accel_vstore_strided((accel_v16f)odd, (float *)p + 1, 8);
}

/* Two vectors of 16-bit results (zero above) as 32 packed elements. */
static inline accel_v16i vcast_pack(accel_v16i even, accel_v16i odd) {
  return even | (odd << 16);
}

/* The conversions of a block: in and out 4-byte aligned. */
static inline __attribute__((always_inline)) long
vcast_f32_to_i32(const void *restrict in, void *restrict out, long n) {
  long m = n - n % VecCastStep;
  /* Unrolled, so that one vector's load latency runs under the others'
     conversions. */
#pragma clang loop unroll_count(4)
  for (long i = 0; i < m; i += KERNEL_LANES)
    vcast_store((int32_t *)out + i,
                __builtin_convertvector(accel_vload((const float *)in + i),
                                        accel_v16i));
  return m;
}

static inline __attribute__((always_inline)) long
vcast_i32_to_f32(const void *restrict in, void *restrict out, long n) {
  long m = n - n % VecCastStep;
#pragma clang loop unroll_count(4)
  for (long i = 0; i < m; i += KERNEL_LANES)
    accel_vstore((float *)out + i,
                 __builtin_convertvector(vcast_load((const int32_t *)in + i),
                                         accel_v16f));
  return m;
}

static inline __attribute__((always_inline)) long
vcast_f32_to_half(const void *restrict in, void *restrict out, long n,
                  int bf16) {
  long m = n - n % VecCastStep;
#pragma clang loop unroll_count(2)
  for (long i = 0; i < m; i += VecCastStep) {
    accel_v16i even, odd;
    vcast_load_pairs((const uint32_t *)in + i, &even, &odd);
    accel_v16i w = bf16 ? vcast_pack(vcast_f32_to_bf16(even),
                                     vcast_f32_to_bf16(odd))
                        : vcast_pack(vcast_f32_to_f16(even),
                                     vcast_f32_to_f16(odd));
    vcast_store((uint16_t *)out + i, w);
  }
  return m;
}

static inline __attribute__((always_inline)) long
vcast_half_to_f32(const void *restrict in, void *restrict out, long n,
                  int bf16) {
  long m = n - n % VecCastStep;
#pragma clang loop unroll_count(2)
  for (long i = 0; i < m; i += VecCastStep) {
    accel_v16i w = vcast_load((const uint16_t *)in + i);
    accel_v16i even = bf16 ? w << 16 : vcast_f16_to_f32(w);
    accel_v16i odd = bf16 ? w & vcast_splat((int)0xffff0000)
                          : vcast_f16_to_f32(
                                (accel_v16i)((accel_v16u)w >> 16));
    vcast_store_pairs((uint32_t *)out + i, even, odd);
  }
  return m;
}

/* Bytes (bool, int8, uint8) and f32 on the vector unit: a vector of 16
   words holds 64 bytes, element 4 i + k in byte k of word i; its f32s go
   in and out as four vectors, one for each k, by strided accesses of
   stride 16 bytes. */
enum { VecByteStep = 4 * KERNEL_LANES };
typedef enum { VecBool, VecInt8, VecUint8 } vcast_byte_kind;

static inline __attribute__((always_inline)) long
vcast_bytes_to_f32(const void *restrict in, void *restrict out, long n,
                   vcast_byte_kind kind) {
  long m = n - n % VecByteStep;
  for (long i = 0; i < m; i += VecByteStep) {
    accel_v16i w = vcast_load((const uint8_t *)in + i);
    for (int k = 0; k < 4; ++k) {
      accel_v16i b = kind == VecInt8
                         ? (w << (24 - 8 * k)) >> 24
                         : (accel_v16i)((accel_v16u)w >> (8 * k)) &
                               vcast_splat(0xff);
      accel_v16i f =
          kind == VecBool
              ? vcast_select(b == vcast_splat(0), vcast_splat(0),
                             vcast_splat(0x3f800000)) /* 1.0f */
              : (accel_v16i)__builtin_convertvector(b, accel_v16f);
      accel_vstore_strided((accel_v16f)f, (float *)out + i + k, 16);
    }
  }
  return m;
}

/* f32 to bytes: bool x != 0 (a NaN is true), int8 and uint8 toward zero
   and saturated, NaN to 0 (vcvt.i32.f32 then a clamp), as the scalar
   loops. */
static inline __attribute__((always_inline)) long
vcast_f32_to_bytes(const void *restrict in, void *restrict out, long n,
                   vcast_byte_kind kind) {
  long m = n - n % VecByteStep;
  int lo = kind == VecInt8 ? -128 : 0, hi = kind == VecInt8 ? 127 : 255;
  for (long i = 0; i < m; i += VecByteStep) {
    accel_v16i w = vcast_splat(0);
    for (int k = 0; k < 4; ++k) {
      accel_v16f x = accel_vload_strided((const float *)in + i + k, 16);
      accel_v16i b;
      if (kind == VecBool) {
        b = ~(x == (accel_v16f)0.0f) & vcast_splat(1);
      } else {
        b = __builtin_convertvector(x, accel_v16i);
        b = __builtin_elementwise_min(
            __builtin_elementwise_max(b, vcast_splat(lo)), vcast_splat(hi));
        b &= vcast_splat(0xff);
      }
      w |= b << (8 * k);
    }
    vcast_store((uint8_t *)out + i, w);
  }
  return m;
}

#endif
