/* elementwise_vector_typed.c - the typed path's logical operations,
   int64 and int32 comparisons and where on 4-byte values, on the vector
   unit (elementwise_vector_typed.h).

   Bools are bytes: a vector of 16 words holds 64 of them, element 4 j + k
   in byte k of word j (cast_vector.h's layout). A logical operation works
   on the bytes as they lie, each made 0 or 1 first; a comparison computes
   16 lanes a vector (an int64 as its two words, loaded by strided
   accesses) and packs four vectors' results into the bytes of one; where
   takes each byte k of the condition's words as the lanes of the values'
   elements 4 j + k (strided accesses of 16 bytes). */

#include "elementwise/elementwise_vector_typed.h"
#include "core/kernel_machine.h"
#include "elementwise/cast_vector.h"
#include <stddef.h>

typedef accel_v16i vi;

/* Each byte of w as 1 if it is nonzero, else 0: its bits folded down
   within the byte (the masks keep each step inside it). */
static inline vi truth_bytes(vi w) {
  accel_v16u u = (accel_v16u)w;
  u = (u | u >> 4) & 0x0f0f0f0fu;
  u = (u | u >> 2) & 0x03030303u;
  u = (u | u >> 1) & 0x01010101u;
  return (vi)u;
}

static vi scalar_truth(const ew_operand *x) {
  return vcast_splat(*(const uint8_t *)x->data ? 0x01010101 : 0);
}

void ew_vector_logic(accel_elementwise_op op, const ew_operand *a,
                     const ew_operand *b, void *out, long n) {
  vi sa = a->scalar ? scalar_truth(a) : vcast_splat(0);
  vi sb = b && b->scalar ? scalar_truth(b) : vcast_splat(0);
  const char *pa = a->data, *pb = b ? b->data : NULL;
  int a_scalar = a->scalar, b_scalar = b && b->scalar;
  if (op == ACCEL_EW_LOGICAL_NOT) {
    for (long i = 0; i < n; i += 64) {
      vi x = a_scalar ? sa : truth_bytes(vcast_load(pa + i));
      vcast_store((char *)out + i, x ^ 0x01010101);
    }
    return;
  }
  /* and, or, xor as (x & y & want_and) | ((x ^ y) & want_xor) | ...:
     x | y = (x & y) | (x ^ y). */
  vi want_and = vcast_splat(op == ACCEL_EW_LOGICAL_XOR ? 0 : -1);
  vi want_xor = vcast_splat(op == ACCEL_EW_LOGICAL_AND ? 0 : -1);
  for (long i = 0; i < n; i += 64) {
    vi x = a_scalar ? sa : truth_bytes(vcast_load(pa + i));
    vi y = b_scalar ? sb : truth_bytes(vcast_load(pb + i));
    vcast_store((char *)out + i, (x & y & want_and) | ((x ^ y) & want_xor));
  }
}

/* 16 elements from i of p (scalar: its one), as their low words and
   their high ones (words 2; words 1: zero). */
static inline __attribute__((always_inline)) void
load_words(const int32_t *p, int scalar, int words, long i, vi *lo, vi *hi) {
  if (scalar) {
    *lo = vcast_splat(p[0]);
    *hi = vcast_splat(words == 2 ? p[1] : 0);
  } else if (words == 2) {
    *lo = (vi)accel_vload_strided((const float *)(p + 2 * i), 8);
    *hi = (vi)accel_vload_strided((const float *)(p + 2 * i + 1), 8);
  } else {
    *lo = vcast_load(p + i);
    *hi = vcast_splat(0);
  }
}

void ew_vector_compare(accel_elementwise_op op, int words, const ew_operand *a,
                       const ew_operand *b, void *out, int32_t *scratch,
                       long n) {
  /* The result as ((lt & want_lt) | (eq & want_eq)) ^ invert: masks
     chosen once, not a switch in the loop (its table is in DRAM). */
  int lt_in = op != ACCEL_EW_EQUAL;
  int eq_in = op == ACCEL_EW_EQUAL || op == ACCEL_EW_LESS_OR_EQUAL ||
              op == ACCEL_EW_GREATER;
  int inverted = op == ACCEL_EW_GREATER || op == ACCEL_EW_GREATER_OR_EQUAL;
  vi want_lt = vcast_splat(-lt_in), want_eq = vcast_splat(-eq_in);
  vi invert = vcast_splat(inverted);
  const int32_t *pa = a->data, *pb = b->data;
  int sa = a->scalar, sb = b->scalar;
  /* equal against a scalar (a mask's == 1): its words once, two
     compares a vector, two vectors an iteration (as below). */
  if (op == ACCEL_EW_EQUAL && sb && !sa) {
    vi blo, bhi;
    load_words(pb, 1, words, 0, &blo, &bhi);
    for (long i = 0; i < n; i += 2 * KERNEL_LANES) {
      vi alo[2], ahi[2];
#pragma clang loop unroll(full)
      for (int u = 0; u < 2; ++u)
        load_words(pa, 0, words, i + u * KERNEL_LANES, &alo[u], &ahi[u]);
#pragma clang loop unroll(full)
      for (int u = 0; u < 2; ++u)
        vcast_store(scratch + i + u * KERNEL_LANES,
                    (alo[u] == blo) & (ahi[u] == bhi) & 1);
    }
    goto pack;
  }
  /* Two vectors an iteration, so that one's loads run under the other's
     compares (the buffers take a vector past the end). */
  for (long i = 0; i < n; i += 2 * KERNEL_LANES) {
#pragma clang loop unroll(full)
    for (int u = 0; u < 2; ++u) {
      long at = i + u * KERNEL_LANES;
      vi alo, ahi, blo, bhi, eq, lt;
      load_words(pa, sa, words, at, &alo, &ahi);
      load_words(pb, sb, words, at, &blo, &bhi);
      if (words == 2) { /* signed by the high words, then unsigned by the low */
        vi high_eq = ahi == bhi;
        eq = high_eq & (alo == blo);
        lt = (ahi < bhi) | (high_eq & ((accel_v16u)alo < (accel_v16u)blo));
      } else {
        eq = alo == blo;
        lt = alo < blo;
      }
      vi r = (((lt & want_lt) | (eq & want_eq)) & 1) ^ invert;
      vcast_store(scratch + at, r);
    }
  }
pack:
  for (long i = 0; i < n; i += 4 * KERNEL_LANES) {
    vi w = vcast_splat(0);
    for (int k = 0; k < 4; ++k)
      w |= (vi)accel_vload_strided((const float *)(scratch + i + k), 16)
           << (8 * k);
    vcast_store((char *)out + i, w);
  }
}

void ew_vector_select(const ew_operand *cond, const ew_operand *a,
                      const ew_operand *b, void *out, long n) {
  /* A scalar condition in every byte of its words. */
  vi sc = vcast_splat(cond->scalar && *(const uint8_t *)cond->data ? 0x01010101
                                                                   : 0);
  vi sa = vcast_splat(a->scalar ? *(const int32_t *)a->data : 0);
  vi sb = vcast_splat(b->scalar ? *(const int32_t *)b->data : 0);
  const int32_t *pa = a->data, *pb = b->data;
  const char *pc = cond->data;
  int32_t *po = out;
  int c_scalar = cond->scalar, a_scalar = a->scalar, b_scalar = b->scalar;
  for (long i = 0; i < n; i += 4 * KERNEL_LANES) {
    vi c = c_scalar ? sc : vcast_load(pc + i);
    for (int k = 0; k < 4; ++k) {
      vi m = ((vi)((accel_v16u)c >> (8 * k)) & 0xff) != 0;
      vi x = a_scalar
                 ? sa
                 : (vi)accel_vload_strided((const float *)(pa + i + k), 16);
      vi y = b_scalar
                 ? sb
                 : (vi)accel_vload_strided((const float *)(pb + i + k), 16);
      accel_vstore_strided((accel_v16f)vcast_select(m, x, y),
                           (float *)(po + i + k), 16);
    }
  }
}
