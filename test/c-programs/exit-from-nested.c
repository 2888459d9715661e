/* exit() called deep inside nested calls terminates the program with the
 * given status; code after the call must not run (it would return 1). */
#include <stdlib.h>
#include "check.h"

static int depth_reached;

static NOINLINE void descend(int n) {
  if (n == 0) {
    CHECK_EQ(depth_reached, 20);
    fflush(stdout);
    exit(failures ? 2 : 0);
  }
  depth_reached++;
  descend(n - 1);
  printf("FAIL: returned from exit\n");
}

int main(void) {
  descend(20);
  printf("FAIL: main continued after exit\n");
  return 1;
}
