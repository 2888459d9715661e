/* assert: true conditions do not abort, the expression is evaluated once,
 * and NDEBUG disables it when assert.h is re-included. */
#include <assert.h>
#include "check.h"

static int calls;
static int touch(int v) { calls++; return v; }

int main(void) {
  assert(1 + 1 == 2);
  assert(touch(1));
  CHECK_EQ(calls, 1);
  int x = OPAQUE(5);
  assert(x == 5 && "x must be five");
  static_assert(sizeof(int) == 4, "int is 32 bits");
#define NDEBUG
#include <assert.h>
  assert(touch(0));           /* disabled: not evaluated, no abort */
  assert(0);
  CHECK_EQ(calls, 1);
#undef NDEBUG
#include <assert.h>
  assert(touch(2));
  CHECK_EQ(calls, 2);
  CHECK_DONE();
}
