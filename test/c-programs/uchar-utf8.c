/* <uchar.h> in a UTF-8 locale: UTF-8 to UTF-16 (with a surrogate pair for
 * a character beyond the BMP) and UTF-32, and back. */
#include <locale.h>
#include <stdint.h>
#include <string.h>
#include <uchar.h>
#include "check.h"

int main(void) {
  CHECK(setlocale(LC_CTYPE, "C.UTF-8") != NULL);

  /* U+20AC EURO SIGN: three bytes, one UTF-16 unit. */
  mbstate_t state;
  memset(&state, 0, sizeof state);
  char16_t c16;
  CHECK_EQ(mbrtoc16(&c16, "\xe2\x82\xac", 3, &state), 3);
  CHECK_EQ(c16, 0x20ac);

  /* U+1F600: four bytes, a surrogate pair; the second unit comes from the
   * state, consuming no input ((size_t)-3). */
  const char *grin = "\xf0\x9f\x98\x80";
  CHECK_EQ(mbrtoc16(&c16, grin, 4, &state), 4);
  CHECK_EQ(c16, 0xd83d);
  CHECK_EQ(mbrtoc16(&c16, grin + 4, 0, &state), (size_t)-3);
  CHECK_EQ(c16, 0xde00);

  /* UTF-32 in both directions. */
  char32_t c32;
  memset(&state, 0, sizeof state);
  CHECK_EQ(mbrtoc32(&c32, grin, 4, &state), 4);
  CHECK_EQ(c32, 0x1f600);
  char out[8];
  CHECK_EQ(c32rtomb(out, c32, &state), 4);
  CHECK(memcmp(out, grin, 4) == 0);

  /* UTF-16 back to UTF-8: the pair's first unit writes nothing yet. */
  memset(&state, 0, sizeof state);
  CHECK_EQ(c16rtomb(out, 0xd83d, &state), 0);
  CHECK_EQ(c16rtomb(out, 0xde00, &state), 4);
  CHECK(memcmp(out, grin, 4) == 0);

  /* An invalid byte is EILSEQ ((size_t)-1). */
  memset(&state, 0, sizeof state);
  CHECK_EQ(mbrtoc32(&c32, "\xff", 1, &state), (size_t)-1);
  CHECK_DONE();
}
