/* Functions and variables named like Accel registers (r1, v3, acc0): the
 * assembly the compiler prints quotes such names ("v3"), so that the
 * assembler reads them back as symbols, not registers. The suite builds
 * this program through the assembler too (-save-temps) and requires the
 * same object. */
#include "check.h"

int r31[4] = {1, 2, 3, 4};
long v3 = 40;
float acc0 = 0.5f;

__attribute__((noinline)) int r1(int x) { return x + r31[x & 3]; }
__attribute__((noinline)) long v7(long x) { return x * v3; }
__attribute__((noinline)) static float acc15(float x) { return x + acc0; }

/* A call through a pointer named like a register as well. */
int (*v0)(int) = r1;

int main(void) {
  CHECK_EQ(r1(OPAQUE(2)), 5);
  CHECK_EQ(v7(OPAQUE(3L)), 120L);
  CHECK(acc15(OPAQUE(1.0f)) == 1.5f);
  CHECK_EQ(v0(OPAQUE(7)), 11);
  v3 = OPAQUE(2L);
  CHECK_EQ(v7(21), 42L);
  CHECK_DONE();
}
