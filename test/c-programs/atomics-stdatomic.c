/* C11 <stdatomic.h>: the atomic_* typedefs, operations on lock-free types,
 * atomic_flag, fences, and atomics wider than 64 bits, which are not lock
 * free on Accel and go through compiler-rt's __atomic_* library calls. */
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include "check.h"

/* The point of this program is the non-lock-free atomics clang warns
   about. */
#pragma clang diagnostic ignored "-Watomic-alignment"

struct triple { long a, b, c; };

static atomic_int counter;
static atomic_uint_least8_t small = 250;
static atomic_uintptr_t address;
static atomic_flag flag = ATOMIC_FLAG_INIT;
static _Atomic struct triple shared;
static _Atomic __int128 wide;

static bool same(struct triple x, struct triple y) {
  return x.a == y.a && x.b == y.b && x.c == y.c;
}

int main(void) {
  CHECK(atomic_is_lock_free(&counter));
  CHECK(ATOMIC_INT_LOCK_FREE == 2 && ATOMIC_LLONG_LOCK_FREE == 2);
  CHECK(!atomic_is_lock_free(&shared));

  atomic_init(&counter, OPAQUE(5));
  CHECK_EQ(atomic_fetch_add(&counter, 3), 5);
  CHECK_EQ(atomic_fetch_sub_explicit(&counter, 1, memory_order_relaxed), 8);
  CHECK_EQ(atomic_load(&counter), 7);
  int expected = 6;
  CHECK(!atomic_compare_exchange_strong(&counter, &expected, 100));
  CHECK_EQ(expected, 7);
  while (!atomic_compare_exchange_weak(&counter, &expected, 100))
    ;
  CHECK_EQ(atomic_exchange(&counter, -1), 100);
  CHECK_EQ(counter, -1);

  /* 8-bit arithmetic wraps. */
  CHECK_EQ(atomic_fetch_add(&small, 10), 250);
  CHECK_EQ(atomic_load(&small), 4);
  atomic_store(&address, (uintptr_t)&counter);
  CHECK(atomic_load(&address) == (uintptr_t)&counter);

  CHECK(!atomic_flag_test_and_set(&flag));
  CHECK(atomic_flag_test_and_set(&flag));
  atomic_flag_clear(&flag);
  CHECK(!atomic_flag_test_and_set_explicit(&flag, memory_order_acquire));
  atomic_thread_fence(memory_order_seq_cst);
  atomic_signal_fence(memory_order_seq_cst);

  /* 24 bytes: __atomic_store, __atomic_load, __atomic_exchange and
     __atomic_compare_exchange. */
  struct triple one = {1, OPAQUE(2L), 3}, two = {4, 5, 6}, old;
  atomic_store(&shared, one);
  CHECK(same(atomic_load(&shared), one));
  old = atomic_exchange(&shared, two);
  CHECK(same(old, one));
  struct triple guess = one;
  CHECK(!atomic_compare_exchange_strong(&shared, &guess, one));
  CHECK(same(guess, two));
  CHECK(atomic_compare_exchange_strong(&shared, &guess, one));
  CHECK(same(atomic_load(&shared), one));

  /* 16 bytes: the sized __atomic_*_16 calls. */
  __int128 big = (__int128)OPAQUE(1LL) << 100;
  atomic_store(&wide, big);
  CHECK(atomic_fetch_add(&wide, 1) == big);
  CHECK(atomic_fetch_or(&wide, (__int128)1 << 64) == big + 1);
  CHECK(atomic_load(&wide) == (big | ((__int128)1 << 64) | 1));
  __int128 want = 0;
  CHECK(!atomic_compare_exchange_strong(&wide, &want, 7));
  CHECK(atomic_compare_exchange_strong(&wide, &want, 7));
  CHECK(atomic_load(&wide) == 7);
  CHECK_DONE();
}
