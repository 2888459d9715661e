/* vector_strided.h - vld.s and vst.s, which have no intrinsic: 16 floats
   stride bytes apart, lane i at p + i stride bytes. Volatile with a memory
   clobber, so that they keep their order with the loads and stores around
   them (the compiler cannot see what they touch). */

#ifndef ACCEL_VECTOR_STRIDED_H
#define ACCEL_VECTOR_STRIDED_H

#include <accel.h>

static inline accel_v16f load_strided(const float *p, long stride) {
  accel_v16f v;
  __asm__ volatile("vld.s %0, %1, %2" : "=v"(v) : "r"(p), "r"(stride)
                   : "memory");
  return v;
}

static inline void store_strided(float *p, long stride, accel_v16f v) {
  __asm__ volatile("vst.s %0, %1, %2" : : "v"(v), "r"(p), "r"(stride)
                   : "memory");
}

#endif
