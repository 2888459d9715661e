/* Arbitrary-precision decimal arithmetic in base 10^9 limbs: factorials and
 * powers of two with known decimal expansions. */
#include <stdint.h>
#include "check.h"

#define LIMBS 40
typedef struct { uint32_t d[LIMBS]; int n; } big;

static void set_small(big *b, uint32_t v) { memset(b, 0, sizeof *b); b->d[0] = v; b->n = 1; }
static void mul_small(big *b, uint32_t m) {
  uint64_t carry = 0;
  for (int i = 0; i < b->n; i++) {
    uint64_t t = (uint64_t)b->d[i] * m + carry;
    b->d[i] = (uint32_t)(t % 1000000000u);
    carry = t / 1000000000u;
  }
  while (carry) { b->d[b->n++] = (uint32_t)(carry % 1000000000u); carry /= 1000000000u; }
}
static void add(big *r, const big *a, const big *b) {
  uint32_t carry = 0;
  int n = a->n > b->n ? a->n : b->n;
  for (int i = 0; i < n; i++) {
    uint32_t t = a->d[i] + b->d[i] + carry;
    r->d[i] = t % 1000000000u;
    carry = t / 1000000000u;
  }
  r->n = n;
  if (carry) r->d[r->n++] = carry;
}
static void to_str(const big *b, char *out) {
  int pos = sprintf(out, "%u", b->d[b->n - 1]);
  for (int i = b->n - 2; i >= 0; i--) pos += sprintf(out + pos, "%09u", b->d[i]);
}
static int digit_sum(const char *s) { int t = 0; while (*s) t += *s++ - '0'; return t; }

int main(void) {
  big f;
  char s[400];
  set_small(&f, 1);
  for (uint32_t i = 2; i <= 30; i++) mul_small(&f, i);
  to_str(&f, s);
  CHECK_STR(s, "265252859812191058636308480000000");
  set_small(&f, 1);
  for (uint32_t i = 2; i <= 100; i++) mul_small(&f, i);
  to_str(&f, s);
  CHECK(strlen(s) == 158);
  CHECK(strncmp(s, "93326215443944152681699238856266700490715968264381621468592963895217599993229915608941463976156518286253697920827223758251185210916864", 134) == 0);
  CHECK_EQ(digit_sum(s), 648);
  big p;
  set_small(&p, 1);
  for (int i = 0; i < 128; i++) mul_small(&p, 2);
  to_str(&p, s);
  CHECK_STR(s, "340282366920938463463374607431768211456");
  /* Fibonacci(200) by repeated addition */
  big a, b, c;
  set_small(&a, 0);
  set_small(&b, 1);
  set_small(&c, 0);
  for (int i = 0; i < 200; i++) { add(&c, &a, &b); a = b; b = c; }
  to_str(&a, s);
  CHECK_STR(s, "280571172992510140037611932413038677189525");
  CHECK_DONE();
}
