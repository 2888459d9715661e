/* Plain C loop kernels for bench/loops/loops.py: `kernels.elf NAME` runs the
 * kernel NAME once over N elements inside the region of interest, then
 * checks the result against the same loop compiled with vectorization
 * disabled (exit 1 on a mismatch). The arrays are in DRAM, or in the
 * scratchpad when compiled with -DPLACE=ACCEL_SPM. */
#include <accel.h>
#include <stdint.h>
#include <string.h>

#define N 4096
#define SCALAR _Pragma("clang loop vectorize(disable) interleave(disable)")

#ifndef PLACE
#define PLACE
#endif

static float x[N] PLACE, y[N] PLACE, z[N] PLACE, zref[N];
static int32_t a[N] PLACE, b[N] PLACE, c[N] PLACE, cref[N];
static int8_t q[N] PLACE;
static volatile float fresult, fref;
static volatile int32_t iresult, iref;

/* Defines name() and name_ref(), the second never vectorized. */
#define KERNEL(name, body)                                                    \
  __attribute__((noinline)) static void name(int n) {                          \
    for (int i = 0; i < n; ++i)                                               \
      body;                                                                   \
  }                                                                           \
  __attribute__((noinline)) static void name##_ref(int n) {                    \
    SCALAR for (int i = 0; i < n; ++i) body;                                  \
  }

KERNEL(saxpy, z[i] = 1.5f * x[i] + y[i])
KERNEL(relu, z[i] = x[i] > 0 ? x[i] : 0)
KERNEL(scale_bias, z[i] = (x[i] - 0.25f) * y[i] + 1.0f)
KERNEL(int_ops, c[i] = (a[i] * b[i] + (a[i] >> 3)) ^ (b[i] & 7))
KERNEL(dequantize, z[i] = (float)q[i] * 0.125f)
KERNEL(quantize, c[i] = (int32_t)(x[i] * 8.0f))
KERNEL(clamp, c[i] = a[i] < -100 ? -100 : (a[i] > 100 ? 100 : a[i]))

__attribute__((noinline)) static float dot(int n) {
#pragma clang fp reassociate(on)
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += x[i] * y[i];
  return s;
}
__attribute__((noinline)) static float dot_ref(int n) {
#pragma clang fp reassociate(on)
  float s = 0;
  SCALAR for (int i = 0; i < n; ++i) s += x[i] * y[i];
  return s;
}
__attribute__((noinline)) static int32_t max(int n) {
  int32_t m = a[0];
  for (int i = 0; i < n; ++i)
    m = a[i] > m ? a[i] : m;
  return m;
}
__attribute__((noinline)) static int32_t max_ref(int n) {
  int32_t m = a[0];
  SCALAR for (int i = 0; i < n; ++i) m = a[i] > m ? a[i] : m;
  return m;
}

struct entry {
  const char *name;
  void (*run)(int), (*ref)(int);
};

#define ENTRY(name) {#name, name, name##_ref}
static const struct entry elementwise[] = {
    ENTRY(saxpy),      ENTRY(relu),     ENTRY(scale_bias), ENTRY(int_ops),
    ENTRY(dequantize), ENTRY(quantize), ENTRY(clamp),
};

static void fill(void) {
  for (int i = 0; i < N; ++i) {
    /* Multiples of 1/16 below 8: dot products are exact in any order. */
    x[i] = (float)((i * 37) % 113 - 56) / 16.0f;
    y[i] = (float)((i * 11) % 29 - 14) / 16.0f;
    a[i] = (int32_t)(i * 2654435761u) >> 12;
    b[i] = (i * 13) % 101 - 50;
    q[i] = (int8_t)(i * 53);
  }
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  fill();
  for (unsigned k = 0; k < sizeof elementwise / sizeof elementwise[0]; ++k) {
    const struct entry *e = &elementwise[k];
    if (strcmp(argv[1], e->name) != 0)
      continue;
    accel_region_begin();
    e->run(N);
    accel_region_end();
    memcpy(zref, z, sizeof z);
    memcpy(cref, c, sizeof c);
    e->ref(N);
    return memcmp(zref, z, sizeof z) != 0 || memcmp(cref, c, sizeof c) != 0;
  }
  if (strcmp(argv[1], "dot") == 0) {
    accel_region_begin();
    fresult = dot(N);
    accel_region_end();
    fref = dot_ref(N);
    return fresult != fref;
  }
  if (strcmp(argv[1], "max") == 0) {
    accel_region_begin();
    iresult = max(N);
    accel_region_end();
    iref = max_ref(N);
    return iresult != iref;
  }
  return 2;
}
