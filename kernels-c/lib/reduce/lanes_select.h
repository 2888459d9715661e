/* lanes_select.h - the position of an f32 line's maximum or minimum on
   the vector unit, for argreduce.c (ArgMax, ArgMin) and topk.c (TopK's
   selections one after another). */

#ifndef ACCEL_REDUCE_LANES_SELECT_H
#define ACCEL_REDUCE_LANES_SELECT_H

#include "core/kernel_machine.h"
#include <accel.h>
#include <math.h>

enum {
  LanesV = KERNEL_LANES,
  LanesMinLine = 2 * KERNEL_LANES, /* shorter lines: the scalar loops */
};

/* The index of the contiguous line's maximum (of -x for the minimum), its
   first (or last) occurrence: the line's maximum, then the first (or
   last) vector holding it, then its lane. With check, -1 where the line
   holds a NaN or an infinity (x times 0 is then NaN), which the caller
   decides by the scalar rule; without, the line must hold no NaN. */
static inline __attribute__((always_inline)) long
lanes_select(const float *p, long n, int is_min, int last, int check) {
  const float s = is_min ? -1.0f : 1.0f;
  const accel_v16f vs = s;
  long full = n / LanesV * LanesV;
  accel_v16f m = -INFINITY, z = 0.0f;
  for (long i = 0; i < full; i += LanesV) {
    accel_v16f v = accel_vload(p + i) * vs;
    m = __builtin_elementwise_max(m, v);
    if (check)
      z += v * 0.0f;
  }
  float mx = accel_vredmax(m), zs = check ? accel_vredsum(z) : 0.0f;
  for (long i = full; i < n; ++i) {
    float v = p[i] * s;
    mx = v > mx ? v : mx;
    zs += v * 0.0f;
  }
  if (check && zs != zs)
    return -1;
  const accel_v16f vm = mx;
  if (!last) {
    long i = 0;
    for (; i < full; i += LanesV)
      if (accel_vredsum_i((accel_v16i)(accel_vload(p + i) * vs == vm)))
        break;
    while (p[i] * s != mx)
      ++i;
    return i;
  }
  for (long i = n - 1; i >= full; --i)
    if (p[i] * s == mx)
      return i;
  long c = full - LanesV;
  while (!accel_vredsum_i((accel_v16i)(accel_vload(p + c) * vs == vm)))
    c -= LanesV;
  long i = c + LanesV - 1;
  while (p[i] * s != mx)
    --i;
  return i;
}

#endif
