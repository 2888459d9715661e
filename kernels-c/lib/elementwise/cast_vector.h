/* cast_vector.h - accel_cast's conversions on the vector unit, for blocks
   packed in the scratchpad: f32 <-> int32 by vcvt.f32.i32/vcvt.i32.f32,
   f32 -> f16 and bf16 by vcvt.f16.f32/vcvt.bf16.f32, f16 -> f32 by
   vcvt.f32.f16.lo/.hi, bf16 -> f32 by moving its bits up. Each converts
   the block's first n - n % VecCastStep elements and returns how many it
   did; the scalar loops (cast.c) do the rest, with the same results.

   A 16-bit element is half a lane: a vector of 16 words holds 32 of them,
   the even elements in the low halves, the layout the half-precision vcvt
   instructions take and give. Its f32 counterparts go in and out as two
   vectors, the even and the odd elements, by strided accesses (vld.s,
   vst.s of stride 8 bytes). */

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

/* The half-precision loops take VecHalfGroup steps at a time, every load
   of a group before its conversions and stores: the strided accesses are
   intrinsics the scheduler may not move across a store, so the source
   order is what lets the loads pair on the two ports and their latency
   pass under each other. */
enum { VecHalfGroup = 8 };

static inline __attribute__((always_inline)) accel_v16i
vcast_narrow(accel_v16i even, accel_v16i odd, int bf16) {
  return bf16 ? accel_vcvt_bf16((accel_v16f)even, (accel_v16f)odd)
              : accel_vcvt_f16((accel_v16f)even, (accel_v16f)odd);
}

static inline __attribute__((always_inline)) long
vcast_f32_to_half_as(const void *restrict in, void *restrict out, long n,
                     int bf16) {
  long m = n - n % VecCastStep, i = 0;
  for (; i + VecHalfGroup * VecCastStep <= m;
       i += VecHalfGroup * VecCastStep) {
    accel_v16i even[VecHalfGroup], odd[VecHalfGroup];
    for (int k = 0; k < VecHalfGroup; ++k)
      vcast_load_pairs((const uint32_t *)in + i + k * VecCastStep, &even[k],
                       &odd[k]);
    for (int k = 0; k < VecHalfGroup; ++k)
      vcast_store((uint16_t *)out + i + k * VecCastStep,
                  vcast_narrow(even[k], odd[k], bf16));
  }
  for (; i < m; i += VecCastStep) {
    accel_v16i even, odd;
    vcast_load_pairs((const uint32_t *)in + i, &even, &odd);
    vcast_store((uint16_t *)out + i, vcast_narrow(even, odd, bf16));
  }
  return m;
}

/* The even (low) or odd (high) halves of w as f32 bits. */
static inline __attribute__((always_inline)) accel_v16i
vcast_widen(accel_v16i w, int odd, int bf16) {
  if (bf16)
    return odd ? w & vcast_splat((int)0xffff0000) : w << 16;
  return (accel_v16i)(odd ? accel_vcvt_f16_hi(w) : accel_vcvt_f16_lo(w));
}

static inline __attribute__((always_inline)) long
vcast_half_to_f32_as(const void *restrict in, void *restrict out, long n,
                     int bf16) {
  long m = n - n % VecCastStep, i = 0;
  for (; i + VecHalfGroup * VecCastStep <= m;
       i += VecHalfGroup * VecCastStep) {
    accel_v16i w[VecHalfGroup];
    for (int k = 0; k < VecHalfGroup; ++k)
      w[k] = vcast_load((const uint16_t *)in + i + k * VecCastStep);
    for (int k = 0; k < VecHalfGroup; ++k)
      vcast_store_pairs((uint32_t *)out + i + k * VecCastStep,
                        vcast_widen(w[k], 0, bf16), vcast_widen(w[k], 1, bf16));
  }
  for (; i < m; i += VecCastStep) {
    accel_v16i w = vcast_load((const uint16_t *)in + i);
    vcast_store_pairs((uint32_t *)out + i, vcast_widen(w, 0, bf16),
                      vcast_widen(w, 1, bf16));
  }
  return m;
}

/* The entry points: one loop for each format, bf16 a constant in each (a
   run-time bf16 in the group loop lets the compiler sink each load to its
   conversion, and the loads no longer pair). */
static inline __attribute__((always_inline)) long
vcast_f32_to_half(const void *restrict in, void *restrict out, long n,
                  int bf16) {
  return bf16 ? vcast_f32_to_half_as(in, out, n, 1)
              : vcast_f32_to_half_as(in, out, n, 0);
}

static inline __attribute__((always_inline)) long
vcast_half_to_f32(const void *restrict in, void *restrict out, long n,
                  int bf16) {
  return bf16 ? vcast_half_to_f32_as(in, out, n, 1)
              : vcast_half_to_f32_as(in, out, n, 0);
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
