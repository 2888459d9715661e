/* __attribute__((constructor)) functions run before main, in priority
 * order; destructors run after main (they can only report by printing,
 * and by calling _Exit with a failure code if something is wrong). */
#include <stdlib.h>
#include "check.h"

static char order[8];
static int pos;
static int ran_main;

__attribute__((constructor(200))) static void ctor_late(void) { order[pos++] = 'c'; }
__attribute__((constructor(101))) static void ctor_early(void) { order[pos++] = 'a'; }
__attribute__((constructor(150))) static void ctor_mid(void) { order[pos++] = 'b'; }
__attribute__((constructor)) static void ctor_default(void) { order[pos++] = 'd'; }   /* lowest priority: last */
__attribute__((destructor)) static void dtor(void) {
  if (!ran_main) { printf("FAIL destructor ran before main finished\n"); fflush(stdout); _Exit(1); }
}

int main(void) {
  order[pos] = 0;
  CHECK_STR(order, "abcd");
  ran_main = 1;
  CHECK_DONE();
}
