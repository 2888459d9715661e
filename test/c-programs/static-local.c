/* Function-local statics keep their values between calls; each function has
 * its own instance; initialisers run once (constant initialisation). */
#include "check.h"

static NOINLINE int counter(void) { static int n; return ++n; }
static NOINLINE int other_counter(void) { static int n = 100; return ++n; }
static NOINLINE const char *name_of(int i) {
  static const char *const names[] = {"zero", "one", "two"};
  return (i >= 0 && i < 3) ? names[i] : "many";
}
static NOINLINE int *static_buffer(void) { static int buf[4] = {1, 2, 3, 4}; return buf; }
static NOINLINE unsigned next_rand(void) { static unsigned state = 1; state = state * 1103515245u + 12345u; return state; }
static NOINLINE double running_mean(double x) {
  static double sum;
  static long n;
  sum += x;
  return sum / (double)++n;
}

int main(void) {
  for (int i = 1; i <= 10; i++) CHECK_EQ(counter(), i);
  CHECK_EQ(other_counter(), 101);
  CHECK_EQ(counter(), 11);
  CHECK_EQ(other_counter(), 102);
  CHECK_STR(name_of(1), "one");
  CHECK_STR(name_of(5), "many");
  int *b = static_buffer();
  b[2] = 30;
  CHECK(static_buffer()[2] == 30 && static_buffer() == b);
  unsigned r1 = next_rand(), r2 = next_rand();
  CHECK(r1 == 1103515245u * 1u + 12345u);
  CHECK(r2 == r1 * 1103515245u + 12345u);
  CHECK(running_mean(2.0) == 2.0);
  CHECK(running_mean(4.0) == 3.0);
  CHECK(running_mean(9.0) == 5.0);
  /* static in a block inside a loop: single instance */
  int last = 0;
  for (int i = 0; i < 5; i++) {
    static int hits;
    hits += 2;
    last = hits;
  }
  CHECK_EQ(last, 10);
  CHECK_DONE();
}
