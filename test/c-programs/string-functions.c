/* string.h string functions with C-locale semantics. */
#include "check.h"

static int sign(int v) { return (v > 0) - (v < 0); }

int main(void) {
  char buf[64];
  CHECK(strlen("") == 0 && strlen("hello") == 5);
  CHECK(strcpy(buf, "abc") == buf);
  CHECK_STR(buf, "abc");
  CHECK(strcat(buf, "def") == buf);
  CHECK_STR(buf, "abcdef");
  strncat(buf, "ghijkl", 3);
  CHECK_STR(buf, "abcdefghi");
  memset(buf, 'X', sizeof buf);
  strncpy(buf, "ab", 6);                      /* pads with NULs */
  CHECK(buf[0] == 'a' && buf[2] == 0 && buf[5] == 0 && buf[6] == 'X');
  strncpy(buf, "abcdefgh", 4);                /* no terminator added */
  CHECK(buf[3] == 'd' && buf[4] == 0);
  CHECK(strcmp("abc", "abc") == 0);
  CHECK(sign(strcmp("abc", "abd")) == -1);
  CHECK(sign(strcmp("abd", "abc")) == 1);
  CHECK(sign(strcmp("ab", "abc")) == -1);
  CHECK(sign(strcmp("", "a")) == -1);
  CHECK(sign(strcmp("\xff", "a")) == 1);      /* compared as unsigned char */
  CHECK(strncmp("abcdef", "abcxyz", 3) == 0);
  CHECK(sign(strncmp("abcdef", "abcxyz", 4)) == -1);
  CHECK(strncmp("a", "b", 0) == 0);
  const char *s = "hello, world";
  CHECK(strchr(s, 'o') == s + 4);
  CHECK(strrchr(s, 'o') == s + 8);
  CHECK(strchr(s, 'z') == NULL);
  CHECK(strchr(s, '\0') == s + 12);
  CHECK(strrchr(s, 'h') == s);
  CHECK(strstr(s, "world") == s + 7);
  CHECK(strstr(s, "") == s);
  CHECK(strstr(s, "worlds") == NULL);
  CHECK(strstr("aaab", "aab") != NULL && strstr("aaab", "aab") - "aaab" >= 0);
  CHECK(strspn("123abc", "0123456789") == 3);
  CHECK(strcspn("abc,def", ",;") == 3);
  CHECK(strcspn("abcdef", ",;") == 6);
  CHECK(strpbrk(s, ", ") == s + 5);
  CHECK(strpbrk(s, "xyz") == NULL);
  /* long strings, every alignment */
  char big[300];
  for (int off = 0; off < 8; off++) {
    for (int len = 0; len < 70; len += 3) {
      memset(big, 0, sizeof big);
      for (int i = 0; i < len; i++) big[off + i] = (char)('a' + (i % 26));
      CHECK_EQ(strlen(big + off), len);
      char dst[100];
      strcpy(dst, big + off);
      CHECK(strcmp(dst, big + off) == 0);
      if (len > 0) {
        CHECK(strchr(big + off, big[off + len - 1]) != NULL);
        CHECK(strrchr(big + off, 'a') == big + off + ((len - 1) / 26) * 26);
      }
    }
  }
  CHECK_DONE();
}
