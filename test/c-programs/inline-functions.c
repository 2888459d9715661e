/* static inline, C99 inline with an external definition, always_inline and
 * noinline functions all compute the same results. */
#include "check.h"

static inline int sq_static(int x) { return x * x; }
inline int sq_c99(int x) { return x * x; }
extern inline int sq_c99(int x);           /* provides the external definition */
static inline __attribute__((always_inline)) int sq_always(int x) { return x * x; }
static NOINLINE int sq_never(int x) { return x * x; }
static inline long fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }   /* recursive inline */
static inline int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

int main(void) {
  int (*fp)(int) = sq_c99;                 /* address of the inline function */
  int (*fs)(int) = sq_static;
  for (int i = -50; i <= 50; i++) {
    int v = OPAQUE(i);
    int r = sq_never(v);
    CHECK_EQ(sq_static(v), r);
    CHECK_EQ(sq_c99(v), r);
    CHECK_EQ(sq_always(v), r);
    CHECK_EQ(fp(v), r);
    CHECK_EQ(fs(v), r);
    CHECK_EQ(clamp(v, -10, 20), v < -10 ? -10 : v > 20 ? 20 : v);
  }
  CHECK_EQ(fact(OPAQUE(15)), 1307674368000L);
  CHECK_DONE();
}
