/* sqrt and sqrtf are correctly rounded; verified with exact integer
 * arithmetic on the result's significand. */
#include <math.h>
#include <stdint.h>
#include "check.h"

typedef unsigned __int128 u128;

static NOINLINE double dsqrt(double x) { return sqrt(x); }
static NOINLINE float fsqrt(float x) { return sqrtf(x); }

/* For integer n in [1, 2^52), check that r = sqrt(n) is the double nearest
 * to the exact root: with r = M * 2^e (M a 53-bit integer), require
 * (2M-1)^2 <= n * 2^(2-2e) <= (2M+1)^2 with strict inequality excluding ties
 * (ties cannot occur for sqrt). */
static int check_root(uint64_t n, double r) {
  uint64_t b;
  memcpy(&b, &r, 8);
  int exp = (int)((b >> 52) & 0x7FF) - 1075;      /* r = M * 2^exp */
  uint64_t M = (b & ((1ull << 52) - 1)) | (1ull << 52);
  int sh = 2 - 2 * exp;                            /* positive for r < 2^26 */
  if (sh < 0 || sh > 126) return 0;
  u128 lhs = (u128)n << sh;
  u128 lo = (u128)(2 * M - 1) * (2 * M - 1), hi = (u128)(2 * M + 1) * (2 * M + 1);
  return lo < lhs && lhs < hi;
}

int main(void) {
  CHECK(dsqrt(2.0) == 0x1.6a09e667f3bcdp0);
  CHECK(fsqrt(2.0f) == 0x1.6a09e6p0f);
  CHECK(dsqrt(3.0) == 0x1.bb67ae8584caap0);
  CHECK(fsqrt(3.0f) == 0x1.bb67aep0f);
  CHECK(dsqrt(0.25) == 0.5 && fsqrt(0.25f) == 0.5f);
  CHECK(dsqrt(1e-300) == 1e-150);
  CHECK(dsqrt(0x1p-1074) == 0x1p-537);
  CHECK(fsqrt(0x1p-148f) == 0x1p-74f);
  CHECK(dsqrt(0.0) == 0.0 && signbit(dsqrt(-0.0)));
  CHECK(isinf(dsqrt(INFINITY)));
  CHECK(isnan(dsqrt(-1.0)) && isnan(fsqrt(-1.0f)));
  for (uint64_t i = 0; i <= 3000; i++) {
    double sq = (double)(i * i);
    CHECK(dsqrt(sq) == (double)i);
    if (i < 4096) CHECK(fsqrt((float)(i * i)) == (float)i);
  }
  uint64_t s = 0x853C49E6748FEA9Bull;
  for (int k = 0; k < 300; k++) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    uint64_t n = (s >> 12) >> (k % 40);
    if (n == 0) n = 1;
    double r = dsqrt((double)n);
    CHECK(check_root(n, r));
    /* float: the exact root lies within half an ulp, checked in double */
    uint32_t nf = (uint32_t)(n & 0xFFFFFF);
    if (nf == 0) nf = 1;
    float rf = fsqrt((float)nf);
    double rd = rf;
    double ulp = 0x1p-23 * (rd >= 2048 ? 2048 : rd >= 1024 ? 1024 : rd >= 512 ? 512 : rd >= 256 ? 256 : rd >= 128 ? 128 : rd >= 64 ? 64 : rd >= 32 ? 32 : rd >= 16 ? 16 : rd >= 8 ? 8 : rd >= 4 ? 4 : rd >= 2 ? 2 : 1);
    double lo = rd - ulp / 2, hi = rd + ulp / 2;   /* exact in double */
    CHECK(lo * lo < (double)nf && (double)nf < hi * hi);
  }
  CHECK_DONE();
}
