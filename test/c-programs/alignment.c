/* _Alignas/_Alignof and aligned attributes on globals, locals, struct
 * members and heap blocks (aligned_alloc is not required; manual alignment). */
#include <stdalign.h>
#include <stdint.h>
#include <stdlib.h>
#include <stddef.h>
#include "check.h"

static _Alignas(64) char g64[10];
static alignas(128) int g128[3];
static double g_after_char_pad;
static char gc;
struct S { char c; _Alignas(32) int x; char d; };
struct T { char c; double d __attribute__((aligned(16))); };
typedef struct { float v[4]; } __attribute__((aligned(16))) vec4;

static NOINLINE int check_local(int n) {
  _Alignas(64) char buf[40];
  alignas(32) double d[3];
  vec4 v;
  memset(buf, n, sizeof buf);
  d[0] = n;
  v.v[0] = (float)n;
  return ((uintptr_t)buf % 64 == 0) + ((uintptr_t)d % 32 == 0) * 2 + ((uintptr_t)&v % 16 == 0) * 4 + (buf[39] == n) * 8 + (d[0] == n) * 16 + (v.v[0] == n) * 32;
}
static NOINLINE int deeper(int depth) {
  char odd[3] = {1, 2, 3};                  /* perturb the stack */
  if (depth == 0) return check_local(odd[1]);
  return deeper(depth - 1) + odd[0] - 1;
}

int main(void) {
  CHECK((uintptr_t)g64 % 64 == 0);
  CHECK((uintptr_t)g128 % 128 == 0);
  CHECK((uintptr_t)&g_after_char_pad % 8 == 0);
  (void)gc;
  CHECK(alignof(struct S) == 32 && offsetof(struct S, x) == 32 && sizeof(struct S) == 64);
  CHECK(alignof(struct T) == 16 && offsetof(struct T, d) == 16 && sizeof(struct T) == 32);
  CHECK(alignof(vec4) == 16 && sizeof(vec4) == 16);
  CHECK(alignof(char) == 1 && alignof(max_align_t) >= 8);
  for (int d = 0; d < 5; d++) CHECK_EQ(deeper(d), 63);
  struct S arr[3];
  for (int i = 0; i < 3; i++) CHECK((uintptr_t)&arr[i].x % 32 == 0);
  /* manual over-aligned heap allocation */
  void *raw = malloc(256 + 63);
  char *al = (char *)(((uintptr_t)raw + 63) & ~(uintptr_t)63);
  CHECK((uintptr_t)al % 64 == 0 && al >= (char *)raw && al + 256 <= (char *)raw + 256 + 63);
  memset(al, 1, 256);
  free(raw);
  /* alignment of malloc */
  for (int i = 1; i < 100; i += 7) {
    void *p = malloc((size_t)i);
    CHECK((uintptr_t)p % alignof(max_align_t) == 0);
    free(p);
  }
  CHECK_DONE();
}
