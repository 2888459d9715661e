/* Function pointers: arrays, typedefs, passing and returning them,
 * comparison, pointers to variadic and static functions. */
#include <stdarg.h>
#include <stddef.h>
#include "check.h"

typedef int (*binop)(int, int);
static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }
static int maxi(int a, int b) { return a > b ? a : b; }
static binop table[] = {add, sub, mul, maxi};

static NOINLINE binop choose(char op) {
  switch (op) {
    case '+': return add;
    case '-': return sub;
    case '*': return &mul;
    default: return NULL;
  }
}
static NOINLINE int fold(const int *a, int n, int init, binop f) {
  int acc = init;
  for (int i = 0; i < n; i++) acc = f(acc, a[i]);
  return acc;
}
static int vsum(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int s = 0;
  for (int i = 0; i < n; i++) s += va_arg(ap, int);
  va_end(ap);
  return s;
}
static double twice(double x) { return 2 * x; }
static double (*get_twice(void))(double) { return twice; }
/* function returning pointer to function returning pointer to function */
static binop (*meta(void))(char) { return choose; }

struct ops { const char *name; binop fn; };

int main(void) {
  int a[5] = {1, 2, 3, 4, 5};
  CHECK_EQ(fold(a, 5, 0, table[0]), 15);
  CHECK_EQ(fold(a, 5, 0, table[1]), -15);
  CHECK_EQ(fold(a, 5, 1, table[2]), 120);
  CHECK_EQ(fold(a, 5, -100, table[3]), 5);
  CHECK(choose('+') == add && choose('*') == mul && choose('/') == NULL);
  CHECK(choose('-') != add);
  CHECK_EQ(choose(OPAQUE('*'))(6, 7), 42);
  CHECK_EQ((*choose('-'))(6, 7), -1);
  CHECK_EQ((**choose('+'))(6, 7), 13);
  CHECK_EQ(meta()('+')(20, 22), 42);
  CHECK(get_twice()(OPAQUE(21.0)) == 42.0);
  int (*vp)(int, ...) = vsum;
  CHECK_EQ(vp(4, 1, 2, 3, 4), 10);
  struct ops list[] = {{"add", add}, {"sub", sub}, {"mul", mul}};
  int r = 10;
  for (unsigned i = 0; i < sizeof list / sizeof list[0]; i++) r = list[i].fn(r, 3);
  CHECK_EQ(r, (10 + 3 - 3) * 3);
  /* function pointer stored in volatile and called indirectly many times */
  binop volatile vf = table[OPAQUE(2)];
  int p = 1;
  for (int i = 0; i < 10; i++) p = vf(p, 2);
  CHECK_EQ(p, 1024);
  /* pointer comparisons and conversion through void (*)(void) */
  void (*generic)(void) = (void (*)(void))add;
  binop back = (binop)generic;
  CHECK(back == add && back(1, 1) == 2);
  CHECK_DONE();
}
