/* half-conversions.c: the vector unit's half-precision conversions over a
 * file of 32-bit words (half_conversions.py writes it and checks the
 * result). Each block of 32 words w[0..31] gives 96 words:
 *   vcvt.f16.f32(w[0..15], w[16..31])          16 words of packed f16,
 *   vcvt.bf16.f32(w[0..15], w[16..31])         16 words of packed bf16,
 *   vcvt.f32.f16.lo and .hi of w[0..15], then of w[16..31]: 64 words.
 * Usage: half-conversions.elf IN OUT; IN is an 8-byte header (the checker's)
 * and blocks of 128 bytes. */
#include <accel.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

enum { Block = 32, Out = 96, Chunk = 256 };

static unsigned in[Chunk * Block], out[Chunk * Out];

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: half-conversions IN OUT\n");
    return 2;
  }
  int fi = open(argv[1], O_RDONLY);
  int fo = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fi < 0 || fo < 0) {
    perror(fi < 0 ? argv[1] : argv[2]);
    return 1;
  }
  long long header;
  if (read(fi, &header, sizeof header) != sizeof header) {
    fprintf(stderr, "half-conversions: no header\n");
    return 1;
  }
  for (;;) {
    ssize_t got = read(fi, in, sizeof in);
    if (got <= 0)
      break;
    if (got % (Block * 4)) {
      fprintf(stderr, "half-conversions: a block of the input is short\n");
      return 1;
    }
    long blocks = got / (Block * 4);
    for (long b = 0; b < blocks; ++b) {
      const unsigned *w = in + b * Block;
      unsigned *o = out + b * Out;
      accel_v16f lo = accel_vload((const float *)w);
      accel_v16f hi = accel_vload((const float *)w + 16);
      accel_vstore((float *)o, (accel_v16f)accel_vcvt_f16(lo, hi));
      accel_vstore((float *)o + 16, (accel_v16f)accel_vcvt_bf16(lo, hi));
      accel_vstore((float *)o + 32, accel_vcvt_f16_lo((accel_v16i)lo));
      accel_vstore((float *)o + 48, accel_vcvt_f16_hi((accel_v16i)lo));
      accel_vstore((float *)o + 64, accel_vcvt_f16_lo((accel_v16i)hi));
      accel_vstore((float *)o + 80, accel_vcvt_f16_hi((accel_v16i)hi));
    }
    if (write(fo, out, (size_t)(blocks * Out * 4)) != blocks * Out * 4) {
      perror(argv[2]);
      return 1;
    }
  }
  close(fo);
  return 0;
}
