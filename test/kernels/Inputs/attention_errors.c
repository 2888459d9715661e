/* Every argument check of accel_attention
 * (test/kernels/attention-errors.test): each call gets one thing wrong and
 * must return its documented status (docs/kernels.md, "Calling
 * convention"), print its one line naming accel_attention and the argument
 * (the test FileChecks them), and leave o's buffer as it was. A few calls
 * near the edges are valid and must return ACCEL_OK silently. Before each
 * call the program prints "== <what>" to stderr, so each line of the
 * library's sits under the call that made it; at the end "<n> calls, <f>
 * mismatches", and exit status 1 on a mismatch. */
#include <accel.h>
#include <accel_kernels.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Default shapes: H = 2 heads, Sq = 3, Sk = 5, D = 4, Dv = 6. */
enum { H = 2, Sq = 3, Sk = 5, D = 4, Dv = 6 };
enum { Guard = 16, Sentinel = 0x7fc0dead };

static float q_buf[64], k_buf[64], v_buf[64], mask_buf[64];
static uint32_t o_buf[Guard + 64 + Guard]; /* o's view starts at Guard */
static float *const o_data = (float *)&o_buf[Guard];
ACCEL_SPM static float spm_buf[64];
static int calls, mismatches;

static const char *status_name(accel_status s) {
  switch (s) {
  case ACCEL_OK:
    return "ACCEL_OK";
  case ACCEL_ERR_ARGUMENT:
    return "ACCEL_ERR_ARGUMENT";
  case ACCEL_ERR_UNSUPPORTED:
    return "ACCEL_ERR_UNSUPPORTED";
  }
  return "(not a status)";
}

static accel_tensor tensor3(void *data, long d0, long d1, long d2) {
  long dims[3] = {d0, d1, d2};
  return accel_tensor_f32(data, 3, dims);
}

static accel_tensor matrix(void *data, long rows, long cols) {
  return accel_matrix_f32(data, rows, cols);
}

/* One call: the status it must return; on an error o's buffer (and its
   guards) must be unchanged. */
static void expect(const char *what, accel_status want, const accel_tensor *q,
                   const accel_tensor *k, const accel_tensor *v,
                   accel_tensor *o, const accel_attention_options *opt) {
  for (unsigned i = 0; i < sizeof o_buf / sizeof o_buf[0]; ++i)
    o_buf[i] = Sentinel;
  fprintf(stderr, "== %s\n", what);
  accel_status got = accel_attention(q, k, v, o, opt);
  ++calls;
  if (got != want) {
    fprintf(stderr, "MISMATCH: %s: returned %s (%d), expected %s\n", what,
            status_name(got), (int)got, status_name(want));
    ++mismatches;
  }
  if (want != ACCEL_OK)
    for (unsigned i = 0; i < sizeof o_buf / sizeof o_buf[0]; ++i)
      if (o_buf[i] != Sentinel) {
        fprintf(stderr, "MISMATCH: %s: o's buffer changed at %u\n", what, i);
        ++mismatches;
        break;
      }
}

int main(void) {
  for (int i = 0; i < 64; ++i) {
    q_buf[i] = (float)(i % 7) - 3.0f;
    k_buf[i] = (float)(i % 5) - 2.0f;
    v_buf[i] = (float)(i % 3);
    mask_buf[i] = (float)(i % 4) - 1.0f;
  }

  accel_tensor q, k, v, o, mask;
  accel_attention_options opt;
#define RESET()                                                                \
  do {                                                                         \
    q = tensor3(q_buf, H, Sq, D);                                              \
    k = tensor3(k_buf, H, Sk, D);                                              \
    v = tensor3(v_buf, H, Sk, Dv);                                             \
    o = tensor3(o_data, H, Sq, Dv);                                            \
    mask = matrix(mask_buf, Sq, Sk);                                           \
    opt = accel_attention_defaults();                                          \
  } while (0)
#define EXPECT(what, status) expect(what, status, &q, &k, &v, &o, &opt)

  /* Valid: as given, null options, both masks, broadcast masks. */
  RESET();
  EXPECT("valid", ACCEL_OK);
  expect("valid, null options", ACCEL_OK, &q, &k, &v, &o, NULL);
  opt.mask_kind = ACCEL_MASK_CAUSAL;
  EXPECT("valid, causal", ACCEL_OK);
  opt.mask_kind = ACCEL_MASK_ADDITIVE;
  opt.mask = &mask;
  EXPECT("valid, additive mask [Sq, Sk]", ACCEL_OK);
  mask = tensor3(mask_buf, H, Sq, Sk);
  EXPECT("valid, additive mask [H, Sq, Sk]", ACCEL_OK);
  mask = tensor3(mask_buf, 1, 1, Sk);
  EXPECT("valid, additive mask [1, 1, Sk]", ACCEL_OK);
  RESET();
  opt.mask_kind = ACCEL_MASK_CAUSAL;
  mask.rank = 9;
  opt.mask = &mask;
  EXPECT("an invalid mask with a causal mask_kind (unused)", ACCEL_OK);

  /* Null descriptors and data. */
  RESET();
  expect("q null", ACCEL_ERR_ARGUMENT, NULL, &k, &v, &o, &opt);
  expect("k null", ACCEL_ERR_ARGUMENT, &q, NULL, &v, &o, &opt);
  expect("v null", ACCEL_ERR_ARGUMENT, &q, &k, NULL, &o, &opt);
  expect("o null", ACCEL_ERR_ARGUMENT, &q, &k, &v, NULL, &opt);
  RESET();
  q.data = NULL;
  EXPECT("q's data null", ACCEL_ERR_ARGUMENT);

  /* Element types. */
  RESET();
  k.dtype = ACCEL_I8;
  EXPECT("k int8", ACCEL_ERR_UNSUPPORTED);
  RESET();
  o.dtype = ACCEL_I32;
  EXPECT("o int32", ACCEL_ERR_UNSUPPORTED);
  RESET();
  v.dtype = (accel_dtype)99;
  EXPECT("v dtype 99", ACCEL_ERR_ARGUMENT);

  /* Ranks. */
  RESET();
  q.rank = 1;
  EXPECT("q rank 1", ACCEL_ERR_ARGUMENT);
  RESET();
  o.rank = 7;
  EXPECT("o rank 7", ACCEL_ERR_ARGUMENT);
  RESET();
  k = matrix(k_buf, Sk, D);
  EXPECT("k rank 2, q rank 3", ACCEL_ERR_ARGUMENT);

  /* Shapes. */
  RESET();
  k = tensor3(k_buf, H + 1, Sk, D);
  EXPECT("k's heads", ACCEL_ERR_ARGUMENT);
  RESET();
  k = tensor3(k_buf, 1, Sk, D);
  v = tensor3(v_buf, 1, Sk, Dv);
  EXPECT("k and v of one head (grouped-query)", ACCEL_OK);
  RESET();
  k = tensor3(k_buf, 1, Sk, D);
  EXPECT("v's heads other than k's", ACCEL_ERR_ARGUMENT);
  RESET();
  k = tensor3(k_buf, H, Sk, D - 1);
  EXPECT("k's head dim", ACCEL_ERR_ARGUMENT);
  RESET();
  v = tensor3(v_buf, H, Sk - 1, Dv);
  EXPECT("v's keys", ACCEL_ERR_ARGUMENT);
  RESET();
  o = tensor3(o_data, H, Sq + 1, Dv);
  EXPECT("o's queries", ACCEL_ERR_ARGUMENT);
  RESET();
  o = tensor3(o_data, H, Sq, Dv - 1);
  EXPECT("o's head dim", ACCEL_ERR_ARGUMENT);
  RESET();
  o = tensor3(o_data, H - 1, Sq, Dv);
  EXPECT("o's heads", ACCEL_ERR_ARGUMENT);

  /* Sizes, strides and addresses (accel_check_tensor's). */
  RESET();
  q.dims[1] = -1;
  EXPECT("q negative dim", ACCEL_ERR_ARGUMENT);
  RESET();
  v.strides[2] = -1;
  EXPECT("v negative stride", ACCEL_ERR_ARGUMENT);
  RESET();
  o.strides[1] = 0;
  EXPECT("o's strides give two elements one address", ACCEL_ERR_ARGUMENT);
  RESET();
  k.strides[0] = k.strides[1] = 0;
  EXPECT("k and v stride 0 (broadcast inputs)", ACCEL_OK);
  RESET();
  k.data = spm_buf;
  fprintf(stderr, "== spm_buf at %p\n", (void *)spm_buf);
  EXPECT("k in the scratchpad", ACCEL_ERR_ARGUMENT);
  RESET();
  o.data = (char *)o_data + 2;
  EXPECT("o misaligned", ACCEL_ERR_ARGUMENT);

  /* The head dim: one mmac of K = D + 1. */
  RESET();
  q = tensor3(q_buf, 1, 1, 4096);
  k = tensor3(k_buf, 1, 1, 4096);
  q.strides[2] = k.strides[2] = 0;
  v = tensor3(v_buf, 1, 1, 1);
  o = tensor3(o_data, 1, 1, 1);
  EXPECT("D = 4096", ACCEL_ERR_UNSUPPORTED);
  q.dims[2] = k.dims[2] = 4095;
  EXPECT("D = 4095", ACCEL_OK);

  /* Options. */
  RESET();
  opt.scale = NAN;
  EXPECT("scale NaN", ACCEL_ERR_ARGUMENT);
  opt.scale = INFINITY;
  EXPECT("scale inf", ACCEL_ERR_ARGUMENT);
  RESET();
  opt.mask_kind = (accel_mask_kind)7;
  EXPECT("mask_kind 7", ACCEL_ERR_ARGUMENT);

  /* The additive mask. */
  RESET();
  opt.mask_kind = ACCEL_MASK_ADDITIVE;
  EXPECT("additive without a mask", ACCEL_ERR_ARGUMENT);
  opt.mask = &mask;
  mask.rank = 1;
  EXPECT("mask rank 1", ACCEL_ERR_ARGUMENT);
  mask = tensor3(mask_buf, 1, 1, Sk);
  mask.rank = 4;
  mask.dims[3] = 1, mask.strides[3] = 1;
  EXPECT("mask rank 4, q rank 3", ACCEL_ERR_ARGUMENT);
  mask = matrix(mask_buf, Sq, Sk - 1);
  EXPECT("mask's keys", ACCEL_ERR_ARGUMENT);
  mask = matrix(mask_buf, Sq + 1, Sk);
  EXPECT("mask's queries", ACCEL_ERR_ARGUMENT);
  mask = tensor3(mask_buf, H + 1, Sq, Sk);
  EXPECT("mask's heads", ACCEL_ERR_ARGUMENT);
  mask = matrix(mask_buf, Sq, Sk);
  mask.dtype = ACCEL_I8;
  EXPECT("mask int8", ACCEL_ERR_UNSUPPORTED);

  /* o overlapping an input. */
  RESET();
  o.data = q_buf;
  EXPECT("o overlaps q", ACCEL_ERR_UNSUPPORTED);
  RESET();
  o.data = k_buf + 8;
  EXPECT("o overlaps k", ACCEL_ERR_UNSUPPORTED);
  RESET();
  o.data = v_buf + H * Sk * Dv - 1; /* o's first element is v's last */
  EXPECT("o overlaps v's last element", ACCEL_ERR_UNSUPPORTED);
  RESET();
  opt.mask_kind = ACCEL_MASK_ADDITIVE;
  opt.mask = &mask;
  o.data = mask_buf;
  EXPECT("o overlaps the mask", ACCEL_ERR_UNSUPPORTED);

  /* Two things wrong: the first argument's is reported. */
  RESET();
  q.rank = 1;
  opt.scale = NAN;
  EXPECT("q and the scale both wrong", ACCEL_ERR_ARGUMENT);

  fprintf(stderr, "%d calls, %d mismatches\n", calls, mismatches);
  return mismatches != 0;
}
