/* Functions with more arguments than argument registers: ints, longs,
 * floats, doubles and pointers spilling to the stack, in both directions. */
#include "check.h"

static NOINLINE long ints16(int a, int b, int c, int d, int e, int f, int g, int h,
                            int i, int j, int k, int l, int m, int n, int o, int p) {
  return a * 1L + b * 2L + c * 3L + d * 4L + e * 5L + f * 6L + g * 7L + h * 8L + i * 9L + j * 10L +
         k * 11L + l * 12L + m * 13L + n * 14L + o * 15L + p * 16L;
}
static NOINLINE double dbl14(double a, double b, double c, double d, double e, double f, double g,
                             double h, double i, double j, double k, double l, double m, double n) {
  return a - b + c - d + e - f + g - h + i - j + k - l + m - n;
}
static NOINLINE double mixed(char c, float f1, short s, double d1, int i, float f2, long l, double d2,
                             unsigned char uc, float f3, long long ll, double d3, int *ip, float f4,
                             double d4, unsigned u, float f5, double d5, signed char sc, double d6) {
  return c + f1 + s + d1 + i + f2 + l + d2 + uc + f3 + ll + d3 + *ip + f4 + d4 + u + f5 + d5 + sc + d6;
}
static NOINLINE int order(int a, int b, int c, int d, int e, int f, int g, int h, int i, int j, int k, int l) {
  /* encode argument order into one number to detect swapped stack slots */
  int args[12] = {a, b, c, d, e, f, g, h, i, j, k, l};
  int r = 0;
  for (int x = 0; x < 12; x++) r = r * 3 + args[x] % 3 + (args[x] != x ? 100000 : 0);
  return r;
}
static NOINLINE char chars(char a, char b, char c, char d, char e, char f, char g, char h, char i, char j) {
  return (char)(a + b + c + d + e + f + g + h + i + j);
}
static long sum_rec(int depth, long a, long b, long c, long d, long e, long f, long g, long h, long i) {
  if (depth == 0) return a + b + c + d + e + f + g + h + i;
  return sum_rec(depth - 1, b, c, d, e, f, g, h, i, a + 1);
}

int main(void) {
  CHECK_EQ(ints16(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1), 136);
  CHECK_EQ(ints16(OPAQUE(-1), 2, -3, 4, -5, 6, -7, 8, -9, 10, -11, 12, -13, 14, -15, 16),
           -1 + 4 - 9 + 16 - 25 + 36 - 49 + 64 - 81 + 100 - 121 + 144 - 169 + 196 - 225 + 256);
  CHECK(dbl14(OPAQUE(14.0), 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1) == 7.0);
  CHECK(dbl14(0.5, 0.25, 0.125, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, OPAQUE(11.0)) == 0.5 - 0.25 + 0.125 - 1 - 1 - 1 - 1 - 1 - 1);
  int x = 1000;
  double m = mixed(1, 0.5f, 2, 0.25, 3, 0.125f, 4, 8.0, 5, 16.0f, 6, 32.0, &x, 64.0f, 128.0, 7, 256.0f, 512.0, -8, 1024.0);
  CHECK(m == 1 + 0.5 + 2 + 0.25 + 3 + 0.125 + 4 + 8 + 5 + 16 + 6 + 32 + 1000 + 64 + 128 + 7 + 256 + 512 - 8 + 1024);
  int ref = 0;
  for (int k = 0; k < 12; k++) ref = ref * 3 + k % 3;
  CHECK_EQ(order(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11), ref);
  CHECK_EQ(chars(1, 2, 3, 4, 5, 6, 7, 8, 9, OPAQUE((char)10)), 55);
  CHECK_EQ(sum_rec(50, 1, 2, 3, 4, 5, 6, 7, 8, 9), 45 + 50);
  /* call through a function pointer with many args */
  long (*fp)(int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int) = OPAQUE(&ints16);
  CHECK_EQ(fp(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2), 32);
  CHECK_DONE();
}
