/* malloc/free patterns: alignment, distinctness, reuse, many sizes,
 * interleaved lifetimes. */
#include <stdlib.h>
#include <stdint.h>
#include <stddef.h>
#include "check.h"

int main(void) {
  enum { N = 100 };
  static unsigned char *blocks[N];
  static size_t sizes[N];
  for (int i = 0; i < N; i++) {
    sizes[i] = (size_t)(1 + (i * 37) % 300);
    blocks[i] = malloc(sizes[i]);
    CHECK(blocks[i] != NULL);
    CHECK((uintptr_t)blocks[i] % _Alignof(max_align_t) == 0);
    memset(blocks[i], i & 0xFF, sizes[i]);
  }
  /* no two live blocks overlap */
  for (int i = 0; i < N; i += 7)
    for (int j = 0; j < N; j++) {
      if (i == j) continue;
      CHECK(blocks[i] + sizes[i] <= blocks[j] || blocks[j] + sizes[j] <= blocks[i]);
    }
  /* contents intact */
  for (int i = 0; i < N; i++)
    for (size_t k = 0; k < sizes[i]; k++)
      if (blocks[i][k] != (i & 0xFF)) { CHECK(0); break; }
  /* free every other block and reallocate: still consistent */
  for (int i = 0; i < N; i += 2) { free(blocks[i]); blocks[i] = NULL; }
  for (int i = 0; i < N; i += 2) {
    blocks[i] = malloc(sizes[i] * 2);
    sizes[i] *= 2;
    memset(blocks[i], 0xEE, sizes[i]);
  }
  for (int i = 1; i < N; i += 2) CHECK(blocks[i][0] == (i & 0xFF) && blocks[i][sizes[i] - 1] == (i & 0xFF));
  for (int i = 0; i < N; i++) free(blocks[i]);
  /* many alloc/free cycles do not exhaust memory */
  for (int round = 0; round < 500; round++) {
    void *p = malloc(1000 + (size_t)(round % 50) * 8);
    CHECK(p != NULL);
    if (!p) break;
    ((char *)p)[0] = 1;
    free(p);
  }
  /* one larger block */
  size_t big = 64 * 1024;
  char *bp = malloc(big);
  CHECK(bp != NULL);
  if (bp) {
    for (size_t i = 0; i < big; i += 4096) bp[i] = (char)(i >> 12);
    int ok = 1;
    for (size_t i = 0; i < big; i += 4096) ok &= bp[i] == (char)(i >> 12);
    CHECK(ok);
    free(bp);
  }
  free(NULL);                   /* no-op */
  void *z = malloc(0);          /* NULL or a unique pointer; either is fine */
  free(z);
  CHECK_DONE();
}
