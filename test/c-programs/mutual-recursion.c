/* Mutual recursion: even/odd, Hofstadter Female/Male sequences and a
 * recursive-descent expression evaluator (expr -> term -> factor -> expr). */
#include "check.h"

static int is_odd(unsigned n);
static NOINLINE int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }
static NOINLINE int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }

static int M(int n);
static int F(int n) { return n == 0 ? 1 : n - M(F(n - 1)); }
static int M(int n) { return n == 0 ? 0 : n - F(M(n - 1)); }

static const char *p;
static long expr(void);
static long number(void) { long v = 0; while (*p >= '0' && *p <= '9') v = v * 10 + (*p++ - '0'); return v; }
static long factor(void) {
  if (*p == '(') { p++; long v = expr(); p++; return v; }
  if (*p == '-') { p++; return -factor(); }
  return number();
}
static long term(void) {
  long v = factor();
  while (*p == '*' || *p == '/' || *p == '%') {
    char op = *p++;
    long r = factor();
    v = op == '*' ? v * r : op == '/' ? v / r : v % r;
  }
  return v;
}
static long expr(void) {
  long v = term();
  while (*p == '+' || *p == '-') { char op = *p++; long r = term(); v = op == '+' ? v + r : v - r; }
  return v;
}
static long eval(const char *s) { p = s; return expr(); }

int main(void) {
  CHECK(is_even(OPAQUE(1000u)) && !is_odd(1000u) && is_odd(777u));
  static const int f_ref[] = {1, 1, 2, 2, 3, 3, 4, 5, 5, 6, 6, 7, 8, 8, 9, 9, 10, 11, 11, 12, 13};
  static const int m_ref[] = {0, 0, 1, 2, 2, 3, 4, 4, 5, 6, 6, 7, 7, 8, 9, 9, 10, 11, 11, 12, 12};
  for (int n = 0; n <= 20; n++) { CHECK_EQ(F(n), f_ref[n]); CHECK_EQ(M(n), m_ref[n]); }
  CHECK_EQ(eval("1+2*3"), 7);
  CHECK_EQ(eval("(1+2)*3"), 9);
  CHECK_EQ(eval("100/7%4"), 2);
  CHECK_EQ(eval("-(3-10)*-2"), -14);
  CHECK_EQ(eval("((((((((((42))))))))))"), 42);
  CHECK_EQ(eval("2*(3+4*(5-6*(7+8)))-9"), 2 * (3 + 4 * (5 - 6 * (7 + 8))) - 9);
  CHECK_DONE();
}
