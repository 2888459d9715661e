// Function overload resolution: exact match, promotions, conversions,
// const/non-const references, pointers vs nullptr vs bool, templates vs
// non-templates, member function overloads on const and ref-qualifiers.
#include "check.h"

static const char *f(int) { return "int"; }
static const char *f(long) { return "long"; }
static const char *f(double) { return "double"; }
static const char *f(char) { return "char"; }
static const char *f(const char *) { return "cstr"; }
static const char *f(void *) { return "voidp"; }
static const char *f(decltype(nullptr)) { return "nullptr"; }
static const char *f(bool) { return "bool"; }
static const char *g(int &) { return "ref"; }
static const char *g(const int &) { return "cref"; }
static const char *h(long) { return "long"; }
static const char *h(double) { return "double"; }
static const char *k(float) { return "float"; }
static const char *k(double) { return "double"; }
template <typename T> const char *t(T) { return "template"; }
static const char *t(int) { return "plain"; }
static const char *u(unsigned) { return "unsigned"; }
static const char *u(long long) { return "llong"; }

struct S {
  const char *m() & { return "lvalue"; }
  const char *m() && { return "rvalue"; }
  const char *c() { return "nonconst"; }
  const char *c() const { return "const"; }
};

int main() {
  short sh = 1;
  unsigned char uc = 1;
  float fl = 1.0f;
  int i = 0;
  const int ci = 0;
  CHECK_STR(f(1), "int");
  CHECK_STR(f(1L), "long");
  CHECK_STR(f(1.0), "double");
  CHECK_STR(f('a'), "char");
  CHECK_STR(f(sh), "int");                   // integral promotion
  CHECK_STR(f(uc), "int");
  CHECK_STR(f(fl), "double");                // floating-point promotion
  CHECK_STR(f("s"), "cstr");
  CHECK_STR(f(static_cast<void *>(&i)), "voidp");
  CHECK_STR(f(&i), "voidp");                 // int* -> void* beats int* -> bool
  CHECK_STR(f(nullptr), "nullptr");
  CHECK_STR(f(true), "bool");
  CHECK_STR(g(i), "ref");
  CHECK_STR(g(ci), "cref");
  CHECK_STR(g(5), "cref");
  CHECK_STR(h(1.0f), "double");              // promotion beats conversion
  CHECK_STR(k(1.0f), "float");
  CHECK_STR(k(1.0), "double");
  CHECK_STR(h(1L), "long");
  CHECK_STR(t(1), "plain");                  // non-template preferred
  CHECK_STR(t(1.0), "template");
  CHECK_STR(t<int>(1), "template");
  CHECK_STR(u(5u), "unsigned");
  CHECK_STR(u(5LL), "llong");
  S s;
  const S cs{};
  CHECK_STR(s.m(), "lvalue");
  CHECK_STR(S().m(), "rvalue");
  CHECK_STR(s.c(), "nonconst");
  CHECK_STR(cs.c(), "const");
  CHECK_DONE();
}
