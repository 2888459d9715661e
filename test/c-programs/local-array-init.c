/* Initialisation of automatic arrays and structs: partial initialisers zero
 * the rest, = {0}, large local arrays (memset/memcpy expansions), fresh
 * initialisation on every call. */
#include <stdint.h>
#include "check.h"

struct rec { int a; double b; char name[20]; int tail[5]; };

static NOINLINE int init_each_call(int v) {
  int arr[64] = {v, v + 1};               /* rest zero on every call */
  int s = 0;
  for (int i = 0; i < 64; i++) s += arr[i];
  arr[10] = 99;                           /* dirty the stack for the next call */
  return s + arr[10] - 99;
}
static NOINLINE long big_local(int seed) {
  int64_t big[512] = {0};
  for (int i = 0; i < 512; i += 3) big[i] = seed + i;
  long s = 0;
  for (int i = 0; i < 512; i++) s += big[i];
  return s;
}
static NOINLINE int struct_init(int k) {
  struct rec r = {.a = k, .name = "abc"};
  int ok = r.b == 0.0 && r.name[3] == 0 && r.name[19] == 0 && r.tail[4] == 0 && r.a == k;
  memset(&r, 0x55, sizeof r);
  return ok;
}
static NOINLINE int string_init(void) {
  char s[32] = "hi";
  int z = 1;
  for (int i = 2; i < 32; i++) z &= s[i] == 0;
  s[31] = 'x';
  return z;
}

int main(void) {
  for (int i = 0; i < 5; i++) CHECK_EQ(init_each_call(OPAQUE(i * 10)), 2 * i * 10 + 1);
  long ref = 0;
  for (int i = 0; i < 512; i += 3) ref += 7 + i;
  CHECK_EQ(big_local(7), ref);
  CHECK_EQ(big_local(7), ref);
  for (int i = 0; i < 3; i++) CHECK(struct_init(i));
  for (int i = 0; i < 3; i++) CHECK(string_init());
  double d[100] = {[50] = 1.5};
  double sum = 0;
  for (int i = 0; i < 100; i++) sum += d[i];
  CHECK(sum == 1.5);
  uint8_t bytes[37] = {1, 2, 3};
  int nz = 0;
  for (int i = 0; i < 37; i++) nz += bytes[i] != 0;
  CHECK_EQ(nz, 3);
  /* copy-initialise a local array inside a struct from another local */
  struct rec a = {1, 2.0, "name", {1, 2, 3, 4, 5}};
  struct rec b = a;
  CHECK(b.tail[4] == 5 && strcmp(b.name, "name") == 0);
  CHECK_DONE();
}
