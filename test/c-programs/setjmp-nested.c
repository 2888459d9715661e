/* longjmp out of deeply nested calls; volatile locals keep their updated
 * values, unmodified locals (possibly in callee-saved registers) keep
 * theirs; nested error handlers with several jmp_bufs. */
#include <setjmp.h>
#include "check.h"

static jmp_buf *current;
static int depth_at_throw;

static NOINLINE void thrower(int depth, int limit) {
  volatile char pad[32];
  pad[depth % 32] = (char)depth;
  if (depth == limit) { depth_at_throw = depth + pad[depth % 32] - depth; longjmp(*current, depth); }
  thrower(depth + 1, limit);
}
static NOINLINE int with_vla(int n, int limit) {
  int arr[n];
  for (int i = 0; i < n; i++) arr[i] = i;
  thrower(0, limit);
  return arr[n - 1];
}
/* try/catch emulation with nested handlers */
static NOINLINE int inner_op(int fail) {
  jmp_buf local, *saved = current;
  current = &local;
  volatile int cleaned = 0;
  int r = setjmp(local);
  if (r == 0) {
    if (fail) thrower(0, 3);
    current = saved;
    return 100;
  }
  cleaned = 1;
  current = saved;
  /* rethrow to the outer handler */
  longjmp(*current, r + 1000 + cleaned);
}

int main(void) {
  jmp_buf top;
  current = &top;
  volatile int counter = 0;
  volatile double vd = 1.0;
  int unchanged = OPAQUE(12345);
  double unchanged_d = OPAQUE(2.5);
  long long unchanged_l = OPAQUE(0x123456789LL);
  int r = setjmp(top);
  if (r == 0) {
    counter = 10;
    vd = 3.5;
    thrower(0, 50);
    CHECK(0 && "not reached");
  }
  CHECK_EQ(r, 50);
  CHECK_EQ(depth_at_throw, 50);
  CHECK_EQ(counter, 10);
  CHECK(vd == 3.5);
  CHECK_EQ(unchanged, 12345);
  CHECK(unchanged_d == 2.5);
  CHECK(unchanged_l == 0x123456789LL);

  /* longjmp through a frame with a variable-length array */
  volatile int phase = 0;
  r = setjmp(top);
  if (phase == 0) { phase = 1; with_vla(OPAQUE(100), 7); }
  CHECK_EQ(r, 7);

  /* nested handler rethrows to outer */
  volatile int outer_hits = 0;
  r = setjmp(top);
  if (r == 0) {
    CHECK_EQ(inner_op(0), 100);
    inner_op(1);
    CHECK(0 && "not reached");
  } else {
    outer_hits++;
  }
  CHECK_EQ(r, 3 + 1000 + 1);
  CHECK_EQ(outer_hits, 1);
  CHECK_EQ(unchanged, 12345);
  CHECK_DONE();
}
