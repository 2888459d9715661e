/* const and volatile qualifiers: volatile accesses are all performed, const
 * data is readable through const pointers, qualifier conversions. */
#include <stdint.h>
#include "check.h"

static const int table[5] = {2, 3, 5, 7, 11};
static const char *const names[] = {"zero", "one", "two"};
static volatile int vcount;
static volatile uint8_t vbuf[16];

static NOINLINE int sum_const(const int *p, int n) { int s = 0; for (int i = 0; i < n; i++) s += p[i]; return s; }
static NOINLINE void bump(volatile int *p, int times) { for (int i = 0; i < times; i++) (*p)++; }

int main(void) {
  CHECK_EQ(sum_const(table, 5), 28);
  CHECK_STR(names[2], "two");
  const int local = OPAQUE(10);
  int copy = local + 1;
  CHECK_EQ(copy, 11);
  /* every volatile increment happens */
  vcount = 0;
  for (int i = 0; i < 1000; i++) vcount++;
  CHECK_EQ(vcount, 1000);
  bump(&vcount, 234);
  CHECK_EQ(vcount, 1234);
  /* volatile stores and loads in order */
  for (int i = 0; i < 16; i++) vbuf[i] = (uint8_t)(i * 3);
  int s = 0;
  for (int i = 0; i < 16; i++) s += vbuf[i];
  CHECK_EQ(s, 360);
  /* repeated reads of a volatile are not merged (value is stable here) */
  volatile double vd = 1.5;
  double a = vd, b = vd;
  CHECK(a == b && a + b == 3.0);
  /* pointer qualifier conversions */
  int x = 5;
  int *p = &x;
  const int *cp = p;              /* adding const is implicit */
  volatile int *vp = p;
  const volatile int *cvp = p;
  *vp = 6;
  CHECK(*cp == 6 && *cvp == 6);
  int *const pc = &x;             /* const pointer to non-const int */
  *pc = 7;
  CHECK(x == 7);
  /* volatile struct member */
  struct { volatile int hits; int other; } st = {0, 0};
  for (int i = 0; i < 50; i++) { st.hits += 2; st.other++; }
  CHECK(st.hits == 100 && st.other == 50);
  /* volatile local in a loop survives as a counter */
  volatile unsigned char ctr = 0;
  for (int i = 0; i < 300; i++) ctr++;
  CHECK_EQ(ctr, 300 - 256);
  CHECK_DONE();
}
