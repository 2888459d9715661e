/* The loop of scalar_loop.s.in, compiled natively for the host comparison. */
#include <stdint.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  uint64_t n = strtoull(argv[1], 0, 10), h = 1, a = 0;
  for (; n; --n) {
    h *= 0x5851f42d;
    a ^= h;
    a += h >> 7;
  }
  return (int)(a & 127);
}
