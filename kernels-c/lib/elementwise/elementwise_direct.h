/* elementwise_direct.h - a few lines moved by the core's own vector loads
   and stores instead of a DMA transfer (docs/isa.md 7.7, 7.12).

   A transfer costs its 64-cycle start-up and the wait for it, about 100
   cycles however small; the core's loads from DRAM take 40 cycles but
   overlap one another, and its stores cost only their bursts on the
   core's DRAM port (2 cycles each) and no wait. So a tensor of a few
   hundred bytes comes in and a result of a few KiB goes out faster this
   way. Words of 4 bytes, 4-byte aligned on both sides. */

#ifndef ACCEL_ELEMENTWISE_DIRECT_H
#define ACCEL_ELEMENTWISE_DIRECT_H

#include "core/kernel_machine.h"
#include <accel.h>

enum {
  /* Up to these many bytes: below, the loads' latency (or the stores'
     bursts) cost less than a transfer's start-up and wait. */
  EW_DIRECT_LOAD_BYTES = 512,
  EW_DIRECT_STORE_BYTES = 2048,
};

/* dst[0 .. n) = src[0 .. n), 1 <= n <= EW_DIRECT_LOAD_BYTES / 4 words,
   dst taking a whole vector from 0 (a scratchpad buffer). All the loads
   issue before the first store, so that their latencies overlap: eight
   vectors at offsets clamped to the last whole one (the same values
   again where n is shorter). For n < 16, a whole vector is read when it
   lies inside src's memory (DRAM or the scratchpad), else word by
   word. */
static inline void ew_load_direct(float *dst, const float *src, long n) {
  enum { L = KERNEL_LANES, V = EW_DIRECT_LOAD_BYTES / 4 / L };
  if (n >= L) {
    accel_v16f v[V];
#pragma clang loop unroll(full)
    for (int j = 0; j < V; ++j)
      v[j] = accel_vload(src + (j * L < n - L ? j * L : n - L));
#pragma clang loop unroll(full)
    for (int j = 0; j < V; ++j)
      accel_vstore(dst + (j * L < n - L ? j * L : n - L), v[j]);
    return;
  }
  unsigned long at = (unsigned long)src, end = at + 4 * L;
  int inside =
      (at >= __ACCEL_DRAM_BASE__ &&
       end <= (unsigned long)__ACCEL_DRAM_BASE__ + __ACCEL_DRAM_SIZE__) ||
      (at >= __ACCEL_SPM_BASE__ &&
       end <= (unsigned long)__ACCEL_SPM_BASE__ + __ACCEL_SPM_SIZE__);
  if (inside)
    accel_vstore(dst, accel_vload(src));
  else
    for (long i = 0; i < n; ++i)
      dst[i] = src[i];
}

/* dst[0 .. n) = src[0 .. n), n >= 1 words: whole vectors, the last one
   again overlapping the one before (the same values), and for n < 16
   word by word; nothing written past dst's end. */
static inline void ew_store_direct(float *dst, const float *src, long n) {
  enum { L = KERNEL_LANES };
  long i = 0;
  for (; i + 4 * L <= n; i += 4 * L) { /* four loads in flight */
    accel_v16f a = accel_vload(src + i), b = accel_vload(src + i + L);
    accel_v16f c = accel_vload(src + i + 2 * L);
    accel_v16f d = accel_vload(src + i + 3 * L);
    accel_vstore(dst + i, a);
    accel_vstore(dst + i + L, b);
    accel_vstore(dst + i + 2 * L, c);
    accel_vstore(dst + i + 3 * L, d);
  }
  for (; i + L <= n; i += L)
    accel_vstore(dst + i, accel_vload(src + i));
  if (i == n)
    return;
  if (n >= L) {
    accel_vstore(dst + n - L, accel_vload(src + n - L));
    return;
  }
  for (; i < n; ++i)
    dst[i] = src[i];
}

#endif
