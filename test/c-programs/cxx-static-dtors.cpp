// Destructors of global objects run after main returns, in reverse order
// of construction (via __cxa_atexit). main deliberately returns 7; the
// last destructor to run verifies the order and converts the status to
// 0 with _Exit. If destructors never run, the exit status stays 7.
#include <stdlib.h>
#include "check.h"

static char order[8];
static int pos;
static int main_failures = -1;

struct Last {        // constructed first, destroyed last
  ~Last() {
    order[pos] = 0;
    bool ok = strcmp(order, "321") == 0 && main_failures == 0;
    if (!ok) printf("FAIL static destructor order \"%s\"\n", order);
    fflush(stdout);
    _Exit(ok ? 0 : 1);
  }
};
struct Rec {
  char c;
  explicit Rec(char ch) : c(ch) {}
  ~Rec() { order[pos++] = c; }
};

Last last;
Rec r1('1');
Rec r2('2');
Rec r3('3');

int main() {
  CHECK(pos == 0);
  CHECK(r1.c == '1' && r3.c == '3');
  main_failures = failures;
  return 7;
}
