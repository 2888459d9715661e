/* Weak symbols: an undefined weak function has a null address; a weak
 * definition is used when no strong one exists; aliases share an address. */
#include "check.h"

extern void missing_function(void) __attribute__((weak));
extern int missing_variable __attribute__((weak));
__attribute__((weak)) int weak_default(int x) { return x + 1; }
__attribute__((weak)) int weak_data = 42;
int real_impl(int x) { return x * 2; }
int alias_impl(int x) __attribute__((alias("real_impl")));

int main(void) {
  void (*volatile fp)(void) = missing_function;
  CHECK(fp == 0);
  int *volatile vp = &missing_variable;
  CHECK(vp == 0);
  CHECK_EQ(weak_default(OPAQUE(41)), 42);
  CHECK_EQ(weak_data, 42);
  CHECK_EQ(alias_impl(OPAQUE(21)), 42);
  int (*volatile a)(int) = alias_impl, (*volatile b)(int) = real_impl;
  CHECK(a == b);
  if (missing_function) missing_function();   /* not called */
  CHECK_DONE();
}
