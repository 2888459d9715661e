/* setjmp returns 0 first, then the longjmp value (1 if 0 was passed). */
#include <setjmp.h>
#include "check.h"

static jmp_buf env;
static NOINLINE void jump(int v) { longjmp(env, v); }

int main(void) {
  volatile int stage = 0;
  int r = setjmp(env);
  if (stage == 0) {
    CHECK_EQ(r, 0);
    stage = 1;
    jump(42);
  } else if (stage == 1) {
    CHECK_EQ(r, 42);
    stage = 2;
    jump(0);                  /* returns 1 from setjmp */
  } else if (stage == 2) {
    CHECK_EQ(r, 1);
    stage = 3;
    jump(-7);
  } else {
    CHECK_EQ(r, -7);
    stage = 4;
  }
  CHECK_EQ(stage, 4);
  /* setjmp used directly in a switch */
  static jmp_buf e2;
  volatile int hits = 0;
  switch (setjmp(e2)) {
    case 0: hits += 1; longjmp(e2, 2);
    case 2: hits += 10; longjmp(e2, 3);
    case 3: hits += 100; break;
    default: hits += 1000; break;
  }
  CHECK_EQ(hits, 111);
  CHECK_DONE();
}
