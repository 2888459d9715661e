/* Hand-written string routines checked against the library: reverse,
 * palindromes, integer to string, counting, naive search vs strstr. */
#include <stdlib.h>
#include "check.h"

static void reverse(char *s) { for (size_t i = 0, j = strlen(s); i + 1 < j; i++, j--) { char t = s[i]; s[i] = s[j - 1]; s[j - 1] = t; } }
static int is_pal(const char *s) { size_t n = strlen(s); for (size_t i = 0; i < n / 2; i++) if (s[i] != s[n - 1 - i]) return 0; return 1; }
static void itoa10(long v, char *out) {
  char tmp[24];
  int n = 0, neg = v < 0;
  unsigned long u = neg ? -(unsigned long)v : (unsigned long)v;
  do { tmp[n++] = (char)('0' + u % 10); u /= 10; } while (u);
  if (neg) tmp[n++] = '-';
  for (int i = 0; i < n; i++) out[i] = tmp[n - 1 - i];
  out[n] = 0;
}
static const char *naive_search(const char *h, const char *n) {
  size_t ln = strlen(n);
  for (; *h; h++) if (strncmp(h, n, ln) == 0) return h;
  return ln == 0 ? h : NULL;
}
static size_t my_strlen(const char *s) { const char *p = s; while (*p) p++; return (size_t)(p - s); }

int main(void) {
  char s[] = "Accelerator";
  reverse(s);
  CHECK_STR(s, "rotareleccA");
  reverse(s);
  CHECK_STR(s, "Accelerator");
  CHECK(is_pal("racecar") && is_pal("") && is_pal("a") && !is_pal("ab"));
  char buf[32], ref[32];
  long vals[] = {0, 7, -7, 1234567890L, -9223372036854775807L - 1, 9223372036854775807L};
  for (int i = 0; i < 6; i++) {
    itoa10(vals[i], buf);
    snprintf(ref, sizeof ref, "%ld", vals[i]);
    CHECK_STR(buf, ref);
    CHECK_EQ(strtol(buf, NULL, 10), vals[i]);
  }
  const char *hay = "abracadabra, abracadabra!";
  const char *needles[] = {"abra", "cad", "a!", "", "zzz", "dabra,", "abracadabra!"};
  for (int i = 0; i < 7; i++) CHECK(naive_search(hay, needles[i]) == strstr(hay, needles[i]));
  CHECK_EQ(my_strlen(hay), strlen(hay));
  /* count words */
  const char *text = "  the quick  brown\tfox\njumps ";
  int words = 0, in = 0;
  for (const char *p = text; *p; p++) {
    int sp = *p == ' ' || *p == '\t' || *p == '\n';
    if (!sp && !in) words++;
    in = !sp;
  }
  CHECK_EQ(words, 5);
  /* caesar cipher round trip */
  char msg[] = "Hello, Accel!";
  for (char *p = msg; *p; p++) if (*p >= 'a' && *p <= 'z') *p = (char)('a' + (*p - 'a' + 13) % 26);
  CHECK_STR(msg, "Hryyb, Appry!");
  for (char *p = msg; *p; p++) if (*p >= 'a' && *p <= 'z') *p = (char)('a' + (*p - 'a' + 13) % 26);
  CHECK_STR(msg, "Hello, Accel!");
  CHECK_DONE();
}
