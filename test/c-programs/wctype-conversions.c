/* <wctype.h>: classification and case conversion of wide characters,
 * directly and through wctype()/wctrans() descriptors, in the C locale. */
#include <wchar.h>
#include <wctype.h>
#include "check.h"

int main(void) {
  wctrans_t lower = wctrans("tolower"), upper = wctrans("toupper");
  CHECK(lower != 0 && upper != 0 && lower != upper);
  CHECK(wctrans("tocase") == 0);
  CHECK(towctrans(OPAQUE(L'A'), lower) == L'a');
  CHECK(towctrans(OPAQUE(L'z'), upper) == L'Z');
  CHECK(towctrans(OPAQUE(L'7'), upper) == L'7');
  CHECK(towlower(OPAQUE(L'Q')) == L'q' && towupper(OPAQUE(L'q')) == L'Q');
  CHECK(towlower(OPAQUE((wint_t)WEOF)) == WEOF);

  wctype_t alpha = wctype("alpha"), digit = wctype("digit");
  CHECK(alpha != 0 && digit != 0 && wctype("nonsense") == 0);
  const wchar_t *text = L"Ab3 _x9";
  int letters = 0, digits = 0, spaces = 0;
  for (const wchar_t *p = text; *p; p++) {
    letters += iswctype(*p, alpha) != 0;
    digits += iswctype(*p, digit) != 0;
    spaces += iswspace(*p) != 0;
    CHECK((iswalpha(*p) != 0) == (iswctype(*p, alpha) != 0));
  }
  CHECK_EQ(letters, 3);
  CHECK_EQ(digits, 2);
  CHECK_EQ(spaces, 1);
  CHECK(iswxdigit(L'f') && !iswxdigit(L'g') && iswpunct(L'_'));
  CHECK(iswupper(L'A') && iswlower(L'a') && iswcntrl(L'\n'));
  CHECK_DONE();
}
