/* __atomic builtins on 8- and 16-bit objects (may be expanded into
 * word-sized compare-and-swap loops); neighbouring bytes must not change. */
#include <stdint.h>
#include <stdbool.h>
#include "check.h"

static union { uint8_t b[8]; uint16_t h[4]; uint64_t all; } mem;

int main(void) {
  mem.all = OPAQUE(0x8877665544332211ull);
  CHECK(__atomic_fetch_add(&mem.b[2], 1, __ATOMIC_SEQ_CST) == 0x33);
  CHECK(mem.all == 0x8877665544342211ull);
  CHECK(__atomic_fetch_add(&mem.b[7], 0x80, __ATOMIC_SEQ_CST) == 0x88);   /* wraps, no carry out */
  CHECK(mem.all == 0x0877665544342211ull);
  CHECK(__atomic_sub_fetch(&mem.b[0], 0x12, __ATOMIC_SEQ_CST) == 0xFF);   /* borrow stays inside */
  CHECK(mem.all == 0x08776655443422FFull);
  CHECK(__atomic_exchange_n(&mem.b[5], 0xAB, __ATOMIC_SEQ_CST) == 0x66);
  CHECK(mem.all == 0x0877AB55443422FFull);
  uint8_t e8 = 0xAB;
  CHECK(__atomic_compare_exchange_n(&mem.b[5], &e8, 0xCD, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
  CHECK(mem.all == 0x0877CD55443422FFull);
  e8 = 0;
  CHECK(!__atomic_compare_exchange_n(&mem.b[5], &e8, 0x11, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST) && e8 == 0xCD);
  CHECK(__atomic_fetch_or(&mem.b[3], 0x0F, __ATOMIC_SEQ_CST) == 0x44);
  CHECK(__atomic_fetch_and(&mem.b[1], 0xF0, __ATOMIC_SEQ_CST) == 0x22);
  CHECK(__atomic_fetch_xor(&mem.b[6], 0xFF, __ATOMIC_SEQ_CST) == 0x77);
  CHECK(mem.all == 0x0888CD554F3420FFull);

  mem.all = OPAQUE(0x4444333322221111ull);
  CHECK(__atomic_fetch_add(&mem.h[1], 0xF000, __ATOMIC_SEQ_CST) == 0x2222);
  CHECK(mem.all == 0x4444333312221111ull);
  CHECK(__atomic_exchange_n(&mem.h[3], 0xFFFF, __ATOMIC_SEQ_CST) == 0x4444);
  uint16_t e16 = 0x3333;
  CHECK(__atomic_compare_exchange_n(&mem.h[2], &e16, 0xBEEF, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
  CHECK(mem.all == 0xFFFFBEEF12221111ull);
  CHECK(__atomic_load_n(&mem.h[2], __ATOMIC_SEQ_CST) == 0xBEEF);
  __atomic_store_n(&mem.h[0], 0x0102, __ATOMIC_SEQ_CST);
  CHECK(mem.all == 0xFFFFBEEF12220102ull);
  int16_t s16 = -5;
  CHECK(__atomic_add_fetch(&s16, -32763, __ATOMIC_SEQ_CST) == -32768);
  int8_t s8 = 100;
  CHECK(__atomic_fetch_sub(&s8, -27, __ATOMIC_SEQ_CST) == 100 && s8 == 127);
  bool bflag = false;
  CHECK(__atomic_exchange_n(&bflag, true, __ATOMIC_SEQ_CST) == false && bflag);
  for (int i = 0; i < 300; i++) __atomic_fetch_add(&mem.b[4], 1, __ATOMIC_RELAXED);
  CHECK(mem.b[4] == (uint8_t)(0xEF + 300));
  CHECK(mem.all == 0xFFFFBE1B12220102ull);
  CHECK_DONE();
}
