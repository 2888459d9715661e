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

/* The position of the contiguous line's first (or last) element x with
   x * s == mx, mx being the line's maximum of x * s: the first (last)
   vector holding it, then its lane (n >= 16). */
static inline __attribute__((always_inline)) long
lanes_find(const float *p, long n, float mx, float s, int last) {
  const accel_v16f vs = s;
  long full = n / LanesV * LanesV, i;
  const accel_v16f vm = mx;
  if (!last) {
    /* Four vectors a test, then the one holding it. */
    i = 0;
    for (; i + 4 * LanesV <= full; i += 4 * LanesV) {
      accel_v16i e = (accel_v16i)(accel_vload(p + i) * vs == vm) |
                     (accel_v16i)(accel_vload(p + i + LanesV) * vs == vm) |
                     (accel_v16i)(accel_vload(p + i + 2 * LanesV) * vs == vm) |
                     (accel_v16i)(accel_vload(p + i + 3 * LanesV) * vs == vm);
      if (accel_vredsum_i(e))
        break;
    }
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
  i = c + LanesV - 1;
  while (p[i] * s != mx)
    --i;
  return i;
}

/* The index of the contiguous line's maximum (of -x for the minimum), its
   first (or last) occurrence: the line's maximum, then the first (or
   last) vector holding it, then its lane. With check, -1 where the line
   holds a NaN or an infinity (x times 0 is then NaN), which the caller
   decides by the scalar rule; without, the line must hold no NaN. */
static inline __attribute__((always_inline)) long
lanes_select(const float *p, long n, int is_min, int last, int check) {
  const float s = is_min ? -1.0f : 1.0f;
  const accel_v16f vs = s;
  long full = n / LanesV * LanesV, i = 0;
  /* Four vectors a step, in independent chains: one chain waits for each
     max's and sum's latency. */
  accel_v16f m0 = -INFINITY, m1 = m0, m2 = m0, m3 = m0;
  accel_v16f z0 = 0.0f, z1 = z0, z2 = z0, z3 = z0;
  for (; i + 4 * LanesV <= full; i += 4 * LanesV) {
    accel_v16f v0 = accel_vload(p + i) * vs;
    accel_v16f v1 = accel_vload(p + i + LanesV) * vs;
    accel_v16f v2 = accel_vload(p + i + 2 * LanesV) * vs;
    accel_v16f v3 = accel_vload(p + i + 3 * LanesV) * vs;
    m0 = __builtin_elementwise_max(m0, v0);
    m1 = __builtin_elementwise_max(m1, v1);
    m2 = __builtin_elementwise_max(m2, v2);
    m3 = __builtin_elementwise_max(m3, v3);
    if (check)
      z0 += v0 * 0.0f, z1 += v1 * 0.0f, z2 += v2 * 0.0f, z3 += v3 * 0.0f;
  }
  for (; i < full; i += LanesV) {
    accel_v16f v = accel_vload(p + i) * vs;
    m0 = __builtin_elementwise_max(m0, v);
    if (check)
      z0 += v * 0.0f;
  }
  accel_v16f m = __builtin_elementwise_max(__builtin_elementwise_max(m0, m1),
                                           __builtin_elementwise_max(m2, m3));
  float mx = accel_vredmax(m),
        zs = check ? accel_vredsum((z0 + z1) + (z2 + z3)) : 0.0f;
  for (long i = full; i < n; ++i) {
    float v = p[i] * s;
    mx = v > mx ? v : mx;
    zs += v * 0.0f;
  }
  if (check && zs != zs)
    return -1;
  return lanes_find(p, n, mx, s, last);
}

#endif
