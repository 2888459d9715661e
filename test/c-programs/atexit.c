/* atexit handlers run in reverse order of registration after main returns.
 * main deliberately returns 7; the last handler to run verifies the order and
 * converts the status to 0 with _Exit. If handlers never run the program
 * exits with 7 (failure). */
#include <stdlib.h>
#include "check.h"

static char order[8];
static int pos;
static int main_failures;

static void h1(void) {
  order[pos++] = '1';
  order[pos] = 0;
  int ok = strcmp(order, "4321") == 0 && main_failures == 0;
  if (!ok) printf("FAIL atexit order \"%s\"\n", order);
  fflush(stdout);
  _Exit(ok ? 0 : 1);
}
static void h2(void) { order[pos++] = '2'; }
static void h3(void) { order[pos++] = '3'; }
static void h4(void) { order[pos++] = '4'; }

int main(void) {
  CHECK(atexit(h1) == 0);
  CHECK(atexit(h2) == 0);
  CHECK(atexit(h3) == 0);
  CHECK(atexit(h4) == 0);
  CHECK(pos == 0);          /* nothing runs before exit */
  main_failures = failures;
  return 7;
}
