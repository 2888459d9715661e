/* Legacy __sync builtins (full barriers) on int and long. */
#include <stdint.h>
#include "check.h"

int main(void) {
  int x = OPAQUE(1);
  CHECK_EQ(__sync_fetch_and_add(&x, 4), 1);
  CHECK_EQ(__sync_add_and_fetch(&x, 4), 9);
  CHECK_EQ(__sync_fetch_and_sub(&x, 10), 9);
  CHECK_EQ(__sync_sub_and_fetch(&x, 1), -2);
  CHECK_EQ(__sync_fetch_and_or(&x, 0x100), -2);
  CHECK_EQ(__sync_and_and_fetch(&x, 0xFFF), 0xFFE);
  CHECK_EQ(__sync_xor_and_fetch(&x, 0xF0F), 0x0F1);
  CHECK(__sync_bool_compare_and_swap(&x, 0x0F1, 7));
  CHECK(!__sync_bool_compare_and_swap(&x, 0x0F1, 8));
  CHECK_EQ(__sync_val_compare_and_swap(&x, 7, 9), 7);
  CHECK_EQ(__sync_val_compare_and_swap(&x, 7, 10), 9);
  CHECK_EQ(x, 9);
  CHECK_EQ(__sync_lock_test_and_set(&x, 1), 9);
  __sync_lock_release(&x);
  CHECK_EQ(x, 0);
  __sync_synchronize();
  long l = OPAQUE(0x7FFFFFFFL);
  CHECK(__sync_add_and_fetch(&l, 1) == 0x80000000L);
  CHECK(__sync_fetch_and_add(&l, 0x100000000L) == 0x80000000L && l == 0x180000000L);
  uint64_t u = OPAQUE(~0ull);
  CHECK(__sync_add_and_fetch(&u, 2) == 1);
  /* spin-lock pattern */
  static volatile int lock;
  int acquired = 0;
  for (int i = 0; i < 10; i++) {
    while (__sync_lock_test_and_set(&lock, 1)) {}
    acquired++;
    __sync_lock_release(&lock);
  }
  CHECK_EQ(acquired, 10);
  CHECK_EQ(lock, 0);
  CHECK_DONE();
}
