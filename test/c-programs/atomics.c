/* __atomic builtins on 32- and 64-bit objects (single core: checks the
 * returned values and memory effects of each operation). */
#include <stdint.h>
#include <stdbool.h>
#include "check.h"

static int32_t g32;
static int64_t g64;
static void *gptr;

int main(void) {
  int32_t x = OPAQUE(10);
  CHECK_EQ(__atomic_load_n(&x, __ATOMIC_SEQ_CST), 10);
  __atomic_store_n(&x, 20, __ATOMIC_RELEASE);
  CHECK_EQ(__atomic_load_n(&x, __ATOMIC_ACQUIRE), 20);
  CHECK_EQ(__atomic_fetch_add(&x, 5, __ATOMIC_SEQ_CST), 20);
  CHECK_EQ(x, 25);
  CHECK_EQ(__atomic_add_fetch(&x, 5, __ATOMIC_SEQ_CST), 30);
  CHECK_EQ(__atomic_fetch_sub(&x, 40, __ATOMIC_RELAXED), 30);
  CHECK_EQ(x, -10);
  CHECK_EQ(__atomic_sub_fetch(&x, 1, __ATOMIC_RELAXED), -11);
  x = 0x0F0F;
  CHECK_EQ(__atomic_fetch_and(&x, 0x00FF, __ATOMIC_SEQ_CST), 0x0F0F);
  CHECK_EQ(x, 0x000F);
  CHECK_EQ(__atomic_fetch_or(&x, 0x0F00, __ATOMIC_SEQ_CST), 0x000F);
  CHECK_EQ(x, 0x0F0F);
  CHECK_EQ(__atomic_fetch_xor(&x, 0xFFFF, __ATOMIC_SEQ_CST), 0x0F0F);
  CHECK_EQ(x, 0xF0F0);
  CHECK_EQ(__atomic_fetch_nand(&x, 0xFF00, __ATOMIC_SEQ_CST), 0xF0F0);
  CHECK_EQ(x, ~(0xF0F0 & 0xFF00));
  CHECK_EQ(__atomic_exchange_n(&x, 77, __ATOMIC_SEQ_CST), ~(0xF0F0 & 0xFF00));
  CHECK_EQ(x, 77);
  int32_t expected = 77;
  CHECK(__atomic_compare_exchange_n(&x, &expected, 88, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
  CHECK(x == 88 && expected == 77);
  expected = 1;
  CHECK(!__atomic_compare_exchange_n(&x, &expected, 99, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
  CHECK(x == 88 && expected == 88);      /* expected updated with current value */
  /* weak CAS loop implementing atomic multiply */
  int32_t cur = __atomic_load_n(&x, __ATOMIC_RELAXED);
  while (!__atomic_compare_exchange_n(&x, &cur, cur * 3, true, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED)) {}
  CHECK_EQ(x, 264);

  g64 = OPAQUE(0x100000000LL);
  CHECK(__atomic_fetch_add(&g64, 0x100000000LL, __ATOMIC_SEQ_CST) == 0x100000000LL);
  CHECK(g64 == 0x200000000LL);
  CHECK(__atomic_sub_fetch(&g64, 1, __ATOMIC_SEQ_CST) == 0x1FFFFFFFFLL);
  CHECK(__atomic_exchange_n(&g64, -1, __ATOMIC_SEQ_CST) == 0x1FFFFFFFFLL);
  int64_t e64 = -1;
  CHECK(__atomic_compare_exchange_n(&g64, &e64, INT64_MAX, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE));
  CHECK(g64 == INT64_MAX);
  CHECK(__atomic_or_fetch(&g64, INT64_MIN, __ATOMIC_SEQ_CST) == -1);
  int dummy;
  __atomic_store_n(&gptr, &dummy, __ATOMIC_SEQ_CST);
  CHECK(__atomic_load_n(&gptr, __ATOMIC_SEQ_CST) == &dummy);
  void *oldp = __atomic_exchange_n(&gptr, NULL, __ATOMIC_SEQ_CST);
  CHECK(oldp == &dummy && gptr == NULL);
  /* generic (non-_n) forms */
  int32_t val = 5, out;
  __atomic_store(&g32, &val, __ATOMIC_SEQ_CST);
  __atomic_load(&g32, &out, __ATOMIC_SEQ_CST);
  CHECK_EQ(out, 5);
  int32_t nv = 6, prev;
  __atomic_exchange(&g32, &nv, &prev, __ATOMIC_SEQ_CST);
  CHECK(prev == 5 && g32 == 6);
  /* flags and fences */
  static bool flag;
  CHECK(!__atomic_test_and_set(&flag, __ATOMIC_SEQ_CST));
  CHECK(__atomic_test_and_set(&flag, __ATOMIC_SEQ_CST));
  __atomic_clear(&flag, __ATOMIC_SEQ_CST);
  CHECK(!__atomic_test_and_set(&flag, __ATOMIC_SEQ_CST));
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
  CHECK(__atomic_always_lock_free(sizeof(int32_t), 0));
  CHECK(__atomic_always_lock_free(sizeof(int64_t), 0));
  /* a counter incremented in a loop */
  int32_t counter = 0;
  for (int i = 0; i < 1000; i++) __atomic_fetch_add(&counter, i, __ATOMIC_RELAXED);
  CHECK_EQ(counter, 499500);
  CHECK_DONE();
}
