/* Sieve of Eratosthenes vs trial division; prime counts pi(10^k) are known
 * (pi(10)=4, pi(100)=25, pi(1000)=168, pi(10^4)=1229, pi(20000)=2262). */
#include <stdint.h>
#include "check.h"

#define LIMIT 20000
static uint8_t composite[LIMIT + 1];

static int is_prime_trial(int n) {
  if (n < 2) return 0;
  for (int d = 2; d * d <= n; d++) if (n % d == 0) return 0;
  return 1;
}

int main(void) {
  for (int i = 2; (long)i * i <= LIMIT; i++)
    if (!composite[i])
      for (int j = i * i; j <= LIMIT; j += i) composite[j] = 1;
  int count = 0, c10 = 0, c100 = 0, c1000 = 0, c10000 = 0;
  long sum = 0;
  for (int i = 2; i <= LIMIT; i++) {
    if (composite[i]) continue;
    count++;
    sum += i;
    if (i <= 10) c10++;
    if (i <= 100) c100++;
    if (i <= 1000) c1000++;
    if (i <= 10000) c10000++;
  }
  CHECK_EQ(c10, 4);
  CHECK_EQ(c100, 25);
  CHECK_EQ(c1000, 168);
  CHECK_EQ(c10000, 1229);
  CHECK_EQ(count, 2262);                  /* pi(20000) */
  CHECK_EQ(sum, 21171191L);
  for (int i = 0; i <= 1000; i++) CHECK_EQ(i >= 2 && !composite[i], is_prime_trial(i));
  CHECK(!composite[19997] && composite[19999]);
  CHECK_DONE();
}
