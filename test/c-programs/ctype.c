/* ctype.h classification and case mapping in the "C" locale for every
 * unsigned char value and EOF, against hand-written definitions. */
#include <ctype.h>
#include <stdio.h>
#include "check.h"

int main(void) {
  for (int c = 0; c < 256; c++) {
    int up = c >= 'A' && c <= 'Z', lo = c >= 'a' && c <= 'z', dig = c >= '0' && c <= '9';
    int sp = c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
    int cntrl = c < 32 || c == 127;
    int print = c >= 32 && c < 127;
    int graph = c > 32 && c < 127;
    int punct = graph && !up && !lo && !dig;
    int xdig = dig || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    int blank = c == ' ' || c == '\t';
    CHECK(!!isupper(c) == up);
    CHECK(!!islower(c) == lo);
    CHECK(!!isalpha(c) == (up || lo));
    CHECK(!!isdigit(c) == dig);
    CHECK(!!isalnum(c) == (up || lo || dig));
    CHECK(!!isspace(c) == sp);
    CHECK(!!iscntrl(c) == cntrl);
    CHECK(!!isprint(c) == print);
    CHECK(!!isgraph(c) == graph);
    CHECK(!!ispunct(c) == punct);
    CHECK(!!isxdigit(c) == xdig);
    CHECK(!!isblank(c) == blank);
    CHECK(toupper(c) == (lo ? c - 32 : c));
    CHECK(tolower(c) == (up ? c + 32 : c));
  }
  CHECK(!isalpha(EOF) && !isdigit(EOF) && !isspace(EOF));
  CHECK(toupper(EOF) == EOF && tolower(EOF) == EOF);
  /* typical use with a signed char needs a cast to unsigned char */
  const char *s = "Hello, World 42!";
  int letters = 0, digits = 0, spaces = 0;
  for (const char *p = s; *p; p++) {
    unsigned char c = (unsigned char)*p;
    letters += !!isalpha(c);
    digits += !!isdigit(c);
    spaces += !!isspace(c);
  }
  CHECK(letters == 10 && digits == 2 && spaces == 2);
  CHECK_DONE();
}
