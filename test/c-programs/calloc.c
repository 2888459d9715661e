/* calloc returns zeroed memory, also when reusing freed dirty blocks. */
#include <stdlib.h>
#include "check.h"

static int all_zero(const unsigned char *p, size_t n) { for (size_t i = 0; i < n; i++) if (p[i]) return 0; return 1; }

int main(void) {
  for (int round = 0; round < 10; round++) {
    size_t n = (size_t)(round * 37 + 1);
    unsigned char *dirty = malloc(n * 8);
    memset(dirty, 0xFF, n * 8);
    free(dirty);
    unsigned char *z = calloc(n, 8);
    CHECK(z != NULL);
    CHECK(all_zero(z, n * 8));
    free(z);
  }
  double *d = calloc(100, sizeof *d);
  for (int i = 0; i < 100; i++) CHECK(d[i] == 0.0);
  free(d);
  struct s { int a; void *p; char c[3]; } *s = calloc(10, sizeof *s);
  for (int i = 0; i < 10; i++) CHECK(s[i].a == 0 && s[i].p == NULL && s[i].c[2] == 0);
  free(s);
  CHECK_DONE();
}
