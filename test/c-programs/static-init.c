/* Static-storage initialisation: zero-init (.bss), constant init (.data),
 * address constants with offsets, function pointers, string tables, and
 * self-referential structures, all ready before main runs. */
#include <stddef.h>
#include <stdint.h>
#include "check.h"

static int zeroed[1000];
static double zero_d;
static char *zero_p;
int global_counter = 17;
static long long big_init = -1234567890123456789LL;
static const double pi_ish = 3.25;
static float farr[4] = {1.5f, -2.5f};
static int data[5] = {10, 20, 30, 40, 50};
static int *pdata = &data[2];
static int *pend = data + 5;
static const ptrdiff_t span = &data[4] - &data[1];
static char msg[] = "static message";
static const char *pmsg = msg + 7;
static const char *const words[] = {"alpha", "beta", "gamma"};
static int add1(int x) { return x + 1; }
static int dbl(int x) { return x * 2; }
static int (*const fns[])(int) = {add1, dbl, add1};
struct node { int v; const struct node *next; };
static const struct node n3 = {3, NULL};
static const struct node n2 = {2, &n3};
static const struct node n1 = {1, &n2};
struct self { struct self *me; int tag; };
static struct self loop_s = {&loop_s, 9};
static uintptr_t addr_as_int = (uintptr_t)&global_counter;
static struct { int a; char b[3]; double c; } mixed = {1, {'x', 'y'}, 2.0};
static int partial[10] = {[3] = 3, [7] = 7};
static unsigned char bytes[] = {0xFF, 0x00, 0x80};
static const int *const ptr_to_const = &data[0];

int main(void) {
  int nz = 0;
  for (int i = 0; i < 1000; i++) nz += zeroed[i] != 0;
  CHECK_EQ(nz, 0);
  CHECK(zero_d == 0.0 && zero_p == NULL);
  CHECK_EQ(global_counter, 17);
  CHECK_EQ(big_init, -1234567890123456789LL);
  CHECK(pi_ish == 3.25);
  CHECK(farr[0] == 1.5f && farr[1] == -2.5f && farr[2] == 0.0f && farr[3] == 0.0f);
  CHECK(*pdata == 30 && pend - pdata == 3 && span == 3);
  CHECK_STR(pmsg, "message");
  CHECK_STR(words[2], "gamma");
  CHECK_EQ(fns[1](fns[0](20)), 42);
  int sum = 0;
  for (const struct node *n = &n1; n; n = n->next) sum += n->v;
  CHECK_EQ(sum, 6);
  CHECK(loop_s.me == &loop_s && loop_s.me->me->tag == 9);
  CHECK(addr_as_int == (uintptr_t)&global_counter);
  CHECK(mixed.a == 1 && mixed.b[1] == 'y' && mixed.b[2] == 0 && mixed.c == 2.0);
  CHECK(partial[3] == 3 && partial[7] == 7 && partial[0] == 0 && partial[9] == 0);
  CHECK(sizeof bytes == 3 && bytes[0] == 255 && bytes[2] == 128);
  CHECK(*ptr_to_const == 10);
  /* writable statics keep modifications */
  global_counter++;
  data[0] = 99;
  CHECK(global_counter == 18 && *ptr_to_const == 99);
  CHECK_DONE();
}
