/* _Static_assert at file, block and struct scope (compile-time checks of
 * the LP64 data model); the run-time part is trivial. */
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include "check.h"

_Static_assert(sizeof(long) == 8, "LP64: long is 64-bit");
_Static_assert(sizeof(void *) == 8, "LP64: pointers are 64-bit");
_Static_assert(sizeof(int) == 4, "int is 32-bit");
_Static_assert(CHAR_BIT == 8, "8-bit bytes");
_Static_assert(sizeof(size_t) == sizeof(unsigned long), "size_t is unsigned long");
_Static_assert(_Alignof(double) == 8, "double alignment");
_Static_assert((-1 >> 1) == -1, "arithmetic right shift of negative values");
_Static_assert((unsigned char)-1 == 255, "modular conversion");
_Static_assert(__builtin_types_compatible_p(size_t, unsigned long), "size_t type");
_Static_assert(__builtin_types_compatible_p(ptrdiff_t, long), "ptrdiff_t type");
_Static_assert(__builtin_types_compatible_p(int64_t, long), "int64_t is long");
_Static_assert(__builtin_types_compatible_p(uint64_t, unsigned long), "uint64_t is unsigned long");
#ifdef __accel__
_Static_assert(sizeof(long double) == 8, "long double is double on Accel");
_Static_assert((char)-1 < 0, "char is signed on Accel");
#endif

struct hdr {
  uint32_t magic;
  uint16_t version;
  uint16_t flags;
  uint64_t size;
  _Static_assert(1, "static assertion as a struct member (C11)");
};
_Static_assert(sizeof(struct hdr) == 16, "header layout");
_Static_assert(offsetof(struct hdr, size) == 8, "size offset");

int main(void) {
  _Static_assert(sizeof(struct hdr) % 8 == 0, "block-scope static assertion");
  struct hdr h = {0x41434345u, 1, 0, 16};
  CHECK(h.magic == 0x41434345u && h.size == sizeof h);
  CHECK_DONE();
}
