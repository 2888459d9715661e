/* rand/srand: deterministic for a seed, in range, reasonably spread. */
#include <stdlib.h>
#include "check.h"

int main(void) {
  CHECK(RAND_MAX >= 32767);
  int a[100], b[100];
  srand(12345);
  for (int i = 0; i < 100; i++) a[i] = rand();
  srand(12345);
  for (int i = 0; i < 100; i++) b[i] = rand();
  CHECK(memcmp(a, b, sizeof a) == 0);
  for (int i = 0; i < 100; i++) CHECK(a[i] >= 0 && a[i] <= RAND_MAX);
  srand(54321);
  int diff = 0;
  for (int i = 0; i < 100; i++) diff += rand() != a[i];
  CHECK(diff > 50);
  /* the sequence is not constant and covers both halves of the range */
  int hi = 0, lo = 0, distinct = 0;
  for (int i = 0; i < 100; i++) {
    if (a[i] > RAND_MAX / 2) hi++; else lo++;
    int dup = 0;
    for (int j = 0; j < i; j++) dup |= a[j] == a[i];
    distinct += !dup;
  }
  CHECK(hi > 20 && lo > 20);
  CHECK(distinct > 90);
  /* default seed is 1 */
  srand(1);
  int s1 = rand();
  srand(1);
  CHECK(rand() == s1);
  CHECK_DONE();
}
