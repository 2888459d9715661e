/* memcpy/memmove/memset/memcmp/memchr over all small source/destination
 * alignments and a spread of lengths, checked against byte-wise loops. */
#include <stdint.h>
#include "check.h"

#define B 64
static unsigned char src[B], dst[B], pristine[B], ref[B];
static const int lens[] = {0, 1, 2, 3, 4, 7, 8, 9, 15, 16, 17, 33};

static void fill(unsigned char *p, int n, int seed) { for (int i = 0; i < n; i++) p[i] = (unsigned char)(seed + i * 7); }

int main(void) {
  fill(pristine, B, 100);
  for (int so = 0; so < 8; so++) {
    fill(src, B, so * 13 + 1);
    for (int d_o = 0; d_o < 8; d_o++)
      for (unsigned k = 0; k < sizeof lens / sizeof lens[0]; k++) {
        int len = lens[k];
        memcpy(dst, pristine, B);
        CHECK(memcpy(dst + d_o, src + so, (size_t)len) == dst + d_o);
        int ok = 1;
        for (int i = 0; i < len; i++) ok &= dst[d_o + i] == src[so + i];      /* copied bytes */
        if (d_o > 0) ok &= dst[d_o - 1] == pristine[d_o - 1];                  /* guard below */
        ok &= dst[d_o + len] == pristine[d_o + len];                           /* guard above */
        ok &= memcmp(dst + d_o + len, pristine + d_o + len, (size_t)(B - d_o - len)) == 0;
        CHECK(ok);
      }
  }
  /* memmove with overlap in both directions */
  for (int shift = -9; shift <= 9; shift++)
    for (int len = 0; len <= 30; len += 5) {
      fill(dst, B, 3);
      memcpy(ref, dst, B);
      int from = 20, to = 20 + shift;
      unsigned char tmp[B];
      for (int i = 0; i < len; i++) tmp[i] = ref[from + i];
      for (int i = 0; i < len; i++) ref[to + i] = tmp[i];
      memmove(dst + to, dst + from, (size_t)len);
      CHECK(memcmp(dst, ref, B) == 0);
    }
  /* memset */
  for (int off = 0; off < 8; off++)
    for (int len = 0; len <= 40; len += 5) {
      memcpy(dst, pristine, B);
      memcpy(ref, pristine, B);
      for (int i = 0; i < len; i++) ref[off + i] = 0xA5;
      CHECK(memset(dst + off, 0x1A5, (size_t)len) == dst + off);   /* value converted to unsigned char */
      CHECK(memcmp(dst, ref, B) == 0);
    }
  /* memcmp sign is by unsigned byte and stops at first difference */
  unsigned char a[20], b[20];
  for (int pos = 0; pos < 20; pos++) {
    for (int i = 0; i < 20; i++) a[i] = b[i] = (unsigned char)i;
    a[pos] = 0x80; b[pos] = 0x7F;
    CHECK(memcmp(a, b, 20) > 0);
    CHECK(memcmp(b, a, 20) < 0);
    CHECK(memcmp(a, b, (size_t)pos) == 0);
  }
  /* memchr */
  fill(src, B, 0);
  for (int i = 0; i < B; i += 5) {
    unsigned char c = src[i];
    unsigned char *first = NULL;
    for (int k = 0; k < B; k++) if (src[k] == c) { first = &src[k]; break; }
    CHECK(memchr(src, c, B) == first);
    CHECK(memchr(src, c, (size_t)(first - src)) == NULL);
  }
  CHECK(memchr(src, 0x100 + src[3], B) == memchr(src, src[3], B));
  /* struct copy via memcpy equals assignment */
  struct { int a; double b; char c[5]; } s1 = {1, 2.5, "abcd"}, s2, s3;
  memcpy(&s2, &s1, sizeof s1);
  s3 = s1;
  CHECK(s2.a == s3.a && s2.b == s3.b && memcmp(s2.c, s3.c, 5) == 0);
  CHECK_DONE();
}
