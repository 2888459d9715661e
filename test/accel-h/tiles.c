/* Accumulator tiles: mld then mst moves 16x16 floats unchanged through
 * every tile, mld then mst_t transposes them; two mmac calls into one tile accumulate (k = 8 twice equals
 * k = 16 once, in the same order); mzero clears. */
#include <accel.h>

#include "../c-programs/check.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

ACCEL_SPM static float in[16][16];
ACCEL_SPM static float out[16][16];
ACCEL_SPM static float a[16][16];
ACCEL_SPM static float b[16][16];
ACCEL_SPM static float b_hi[8][16];


#define ROUND_TRIP(t)                                                          \
  do {                                                                         \
    memset(out, 0, sizeof out);                                                \
    accel_mld(t, &in[0][0]);                                                   \
    accel_mst(t, &out[0][0]);                                                  \
    CHECK(memcmp(in, out, sizeof in) == 0);                                    \
  } while (0)

int main(void) {
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      in[i][j] = (float)(i * 16 + j) - 100.5f;
      a[i][j] = (float)((i + 2 * j) % 5) - 2.0f;
      b[i][j] = (float)((3 * i + j) % 7) * 0.25f;
    }
  ROUND_TRIP(0); ROUND_TRIP(1); ROUND_TRIP(2); ROUND_TRIP(3);
  ROUND_TRIP(4); ROUND_TRIP(5); ROUND_TRIP(6); ROUND_TRIP(7);
  ROUND_TRIP(8); ROUND_TRIP(9); ROUND_TRIP(10); ROUND_TRIP(11);
  ROUND_TRIP(12); ROUND_TRIP(13); ROUND_TRIP(14); ROUND_TRIP(15);

  memset(out, 0, sizeof out);
  accel_mld(9, &in[0][0]);
  accel_mst_t(9, &out[0][0]);
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j)
      CHECK(out[j][i] == in[i][j]);

  /* A is 16 x 16 with rows of 16 floats; split k: A[:, 0:8] . B[0:8, :] +
   * A[:, 8:16] . B[8:16, :]. A's halves are not contiguous rows of 8, so
   * copy them into 16 x 8 matrices first. */
  static ACCEL_SPM float a_lo[16][8], a_hi[16][8];
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < 8; ++k) {
      a_lo[i][k] = a[i][k];
      a_hi[i][k] = a[i][k + 8];
    }
  memcpy(b_hi, &b[8][0], sizeof b_hi);
  accel_mzero(5);
  accel_mmac(5, &a_lo[0][0], &b[0][0], 8);
  accel_mmac(5, &a_hi[0][0], &b_hi[0][0], 8);
  accel_mst(5, &out[0][0]);
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      float acc = 0.0f;
      for (int k = 0; k < 16; ++k)
        acc = fmaf(a[i][k], b[k][j], acc);
      CHECK(out[i][j] == acc);
    }

  accel_mzero(5);
  accel_mst(5, &out[0][0]);
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j)
      CHECK(out[i][j] == 0.0f && !signbit(out[i][j]));
  printf("tiles: %d failures\n", failures);
  return failures != 0;
}
