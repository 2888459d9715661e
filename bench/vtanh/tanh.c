/* tanh.c - elementwise tanh over N floats in the scratchpad, two ways:
 *
 *   exp   without vtanh: tanh x = 1 - 2 / (e^{2x} + 1) with vexp and vrcp,
 *         5 vector-unit operations per 16 elements;
 *   vtanh the vtanh.f32 instruction: 1 operation.
 *
 * The kernel (argv[1]: "exp" or "vtanh") is the region of interest, so
 * accel-sim --stats-json reports its cycles; the program then prints the
 * largest relative error against libm's double tanh and exits 0.
 * bench/vtanh/vtanh.py runs both and prints the comparison.
 */
#include <accel.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

enum { N = 4096 };
ACCEL_SPM static float x[N], y[N];

static void tanh_exp(void) {
  const accel_v16f one = 1.0f, two = 2.0f, minus_two = -2.0f;
  for (int i = 0; i < N; i += 16) {
    accel_v16f v = accel_vload(&x[i]);
    accel_v16f r = accel_vrcp(accel_vexp(v * two) + one);
    accel_vstore(&y[i], minus_two * r + one);
  }
}

static void tanh_vtanh(void) {
  for (int i = 0; i < N; i += 16)
    accel_vstore(&y[i], accel_vtanh(accel_vload(&x[i])));
}

int main(int argc, char **argv) {
  int use_vtanh = argc > 1 && strcmp(argv[1], "vtanh") == 0;
  /* Activations as a network sees them: mostly small, some saturated. */
  for (int i = 0; i < N; ++i)
    x[i] = (float)((i * 7919) % 2001 - 1000) / 1000.0f *
           (i % 8 == 0 ? 12.0f : 2.0f);
  accel_region_begin();
  if (use_vtanh)
    tanh_vtanh();
  else
    tanh_exp();
  accel_region_end();
  double worst = 0;
  for (int i = 0; i < N; ++i) {
    double want = tanh((double)x[i]);
    if (want != 0) {
      double rel = fabs((double)y[i] - want) / fabs(want);
      worst = rel > worst ? rel : worst;
    }
  }
  printf("%g\n", worst);
  return 0;
}
