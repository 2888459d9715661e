/* Base64 encode/decode with the RFC 4648 test vectors and a round trip of
 * all byte values. */
#include <stdint.h>
#include "check.h"

static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static size_t encode(const uint8_t *in, size_t n, char *out) {
  size_t o = 0;
  for (size_t i = 0; i < n; i += 3) {
    uint32_t v = (uint32_t)in[i] << 16;
    if (i + 1 < n) v |= (uint32_t)in[i + 1] << 8;
    if (i + 2 < n) v |= in[i + 2];
    out[o++] = alphabet[v >> 18 & 63];
    out[o++] = alphabet[v >> 12 & 63];
    out[o++] = i + 1 < n ? alphabet[v >> 6 & 63] : '=';
    out[o++] = i + 2 < n ? alphabet[v & 63] : '=';
  }
  out[o] = 0;
  return o;
}
static int val(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}
static long decode(const char *in, uint8_t *out) {
  size_t n = strlen(in), o = 0;
  if (n % 4) return -1;
  for (size_t i = 0; i < n; i += 4) {
    int a = val(in[i]), b = val(in[i + 1]), c = in[i + 2] == '=' ? 0 : val(in[i + 2]), d = in[i + 3] == '=' ? 0 : val(in[i + 3]);
    if (a < 0 || b < 0 || c < 0 || d < 0) return -1;
    uint32_t v = (uint32_t)a << 18 | (uint32_t)b << 12 | (uint32_t)c << 6 | (uint32_t)d;
    out[o++] = (uint8_t)(v >> 16);
    if (in[i + 2] != '=') out[o++] = (uint8_t)(v >> 8);
    if (in[i + 3] != '=') out[o++] = (uint8_t)v;
  }
  return (long)o;
}

int main(void) {
  static const char *plain[] = {"", "f", "fo", "foo", "foob", "fooba", "foobar"};
  static const char *coded[] = {"", "Zg==", "Zm8=", "Zm9v", "Zm9vYg==", "Zm9vYmE=", "Zm9vYmFy"};
  char buf[400];
  uint8_t raw[300];
  for (int i = 0; i < 7; i++) {
    encode((const uint8_t *)plain[i], strlen(plain[i]), buf);
    CHECK_STR(buf, coded[i]);
    long n = decode(coded[i], raw);
    CHECK(n == (long)strlen(plain[i]) && memcmp(raw, plain[i], (size_t)n) == 0);
  }
  uint8_t all[256];
  for (int i = 0; i < 256; i++) all[i] = (uint8_t)i;
  CHECK_EQ(encode(all, 256, buf), 344);
  CHECK(strncmp(buf, "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8g", 44) == 0);
  CHECK_EQ(decode(buf, raw), 256);
  CHECK(memcmp(raw, all, 256) == 0);
  CHECK_EQ(decode("Zm9v!A==", raw), -1);
  CHECK_DONE();
}
