/* setjmp/longjmp used as a loop construct many times (stack must not grow),
 * with a callee-saved value computation around it. */
#include <setjmp.h>
#include "check.h"

static jmp_buf env;
static NOINLINE void again(int i) { longjmp(env, i + 1); }
static NOINLINE double work(double x) { return x * 1.5 + 1.0; }

int main(void) {
  volatile long sum = 0;
  volatile double acc = 0.0;
  char *volatile first_sp = NULL;   /* modified after setjmp: volatile */
  volatile int spread_ok = 1;
  int i = setjmp(env);
  {
    char here;
    if (!first_sp) first_sp = &here;
    else if (&here != first_sp) spread_ok = 0;   /* same frame every time */
  }
  if (i < 1000) {
    sum += i;
    acc = work(acc) - acc * 1.5;                  /* always 1.0 */
    again(i);
  }
  CHECK_EQ(i, 1000);
  CHECK_EQ(sum, 999L * 1000 / 2);
  CHECK(acc == 1.0);
  CHECK(spread_ok);
  CHECK_DONE();
}
