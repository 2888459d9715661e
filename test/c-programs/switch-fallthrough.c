/* Fallthrough between cases, Duff's device, cases inside nested blocks,
 * switch without default, break vs continue in loops. */
#include "check.h"

static NOINLINE int fall(int x) {
  int r = 0;
  switch (x) {
    case 0: r += 1;        /* fallthrough */
    case 1: r += 10;       /* fallthrough */
    case 2: r += 100; break;
    case 3: r += 1000;     /* fallthrough */
    default: r += 10000;
  }
  return r;
}
static NOINLINE void duff_copy(char *to, const char *from, int count) {
  int n = (count + 7) / 8;
  switch (count % 8) {
    case 0: do { *to++ = *from++;
    case 7:      *to++ = *from++;
    case 6:      *to++ = *from++;
    case 5:      *to++ = *from++;
    case 4:      *to++ = *from++;
    case 3:      *to++ = *from++;
    case 2:      *to++ = *from++;
    case 1:      *to++ = *from++;
            } while (--n > 0);
  }
}
static NOINLINE int no_default(int x) {
  int r = -1;
  switch (x) { case 1: r = 1; break; case 2: r = 2; break; }
  return r;
}
static NOINLINE int loop_control(int n) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    switch (i % 4) {
      case 0: continue;          /* continues the loop */
      case 1: s += 1; break;     /* breaks the switch only */
      case 2: s += 10; break;
      case 3: if (i > 20) goto done; s += 100; break;
    }
    s += 1000;
  }
done:
  return s;
}
static NOINLINE int nested_case(int x) {
  int r = 0;
  switch (x) {
    case 0:
      if (1) {
        case 1: r += 5;
      }
      r += 1;
      break;
    case 2: { int t = 7; r = t; } break;
  }
  return r;
}

int main(void) {
  CHECK_EQ(fall(0), 111);
  CHECK_EQ(fall(1), 110);
  CHECK_EQ(fall(2), 100);
  CHECK_EQ(fall(3), 11000);
  CHECK_EQ(fall(9), 10000);
  char src[64], dst[64];
  for (int n = 0; n <= 40; n++) {
    for (int i = 0; i < 64; i++) { src[i] = (char)(i + 1); dst[i] = 0; }
    if (n > 0) duff_copy(dst, src, n);
    int ok = 1;
    for (int i = 0; i < 64; i++) ok &= dst[i] == (i < n ? src[i] : 0);
    CHECK(ok);
  }
  CHECK_EQ(no_default(1), 1);
  CHECK_EQ(no_default(3), -1);
  /* i = 0..23: stops at i = 23 (i%4==3 && i>20) */
  int ref = 0;
  for (int i = 0; i < 23; i++) { int m = i % 4; if (m == 0) continue; ref += m == 1 ? 1 : m == 2 ? 10 : 100; ref += 1000; }
  CHECK_EQ(loop_control(100), ref);
  CHECK_EQ(nested_case(0), 6);
  CHECK_EQ(nested_case(1), 6);
  CHECK_EQ(nested_case(2), 7);
  CHECK_EQ(nested_case(3), 0);
  CHECK_DONE();
}
