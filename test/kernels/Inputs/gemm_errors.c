/* Every argument check of accel_gemm (test/kernels/gemm-errors.test): each
 * call gets one thing wrong and must return its documented status
 * (docs/kernels.md, "Calling convention"), print its one line naming
 * accel_gemm and the argument (the test FileChecks them), and leave c's
 * buffer as it was. A few calls near the edges are valid and must return
 * ACCEL_OK silently. Before each call the program prints "== <what>" to
 * stderr, so each line of the library's sits under the call that made it;
 * at the end "<n> calls, <f> mismatches", and exit status 1 on a mismatch.
 */
#include <accel_kernels.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Default shapes: c (3 x 5) = a (3 x 4) . b (4 x 5). */
enum { M = 3, N = 5, K = 4, Guard = 16, Sentinel = 0x7fc0dead };

static float a_buf[64], b_buf[64], bias_buf[16];
static uint32_t c_buf[Guard + 64 + Guard]; /* c's view starts at Guard */
static float *const c_data = (float *)&c_buf[Guard];
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

static accel_tensor matrix(void *data, long rows, long cols) {
  accel_tensor t;
  memset(&t, 0, sizeof t);
  t.data = data;
  t.dtype = ACCEL_F32;
  t.rank = 2;
  t.dims[0] = rows, t.dims[1] = cols;
  t.strides[0] = cols, t.strides[1] = 1;
  return t;
}

static accel_tensor vector(void *data, long n) {
  accel_tensor t = matrix(data, n, 1);
  t.rank = 1;
  t.dims[1] = t.strides[1] = 0;
  t.strides[0] = 1;
  return t;
}

/* One call: the status it must return; on an error c's buffer (and its
   guards) must be unchanged. */
static void expect(const char *what, accel_status want, const accel_tensor *a,
                   const accel_tensor *b, accel_tensor *c,
                   const accel_gemm_options *o) {
  for (unsigned i = 0; i < sizeof c_buf / sizeof c_buf[0]; ++i)
    c_buf[i] = Sentinel;
  fprintf(stderr, "== %s\n", what);
  accel_status got = accel_gemm(a, b, c, o);
  ++calls;
  if (got != want) {
    fprintf(stderr, "MISMATCH: %s: returned %s (%d), expected %s\n", what,
            status_name(got), (int)got, status_name(want));
    ++mismatches;
  }
  if (want != ACCEL_OK)
    for (unsigned i = 0; i < sizeof c_buf / sizeof c_buf[0]; ++i)
      if (c_buf[i] != Sentinel) {
        fprintf(stderr, "MISMATCH: %s: c's buffer changed at %u\n", what, i);
        ++mismatches;
        break;
      }
}

int main(void) {
  for (int i = 0; i < 64; ++i) {
    a_buf[i] = (float)(i % 7) - 3.0f;
    b_buf[i] = (float)(i % 5) - 2.0f;
  }
  for (int i = 0; i < 16; ++i)
    bias_buf[i] = (float)i;

  accel_tensor a, b, c, bias;
  accel_gemm_options o;
#define RESET()                                                                \
  do {                                                                         \
    a = matrix(a_buf, M, K);                                                   \
    b = matrix(b_buf, K, N);                                                   \
    c = matrix(c_data, M, N);                                                  \
    bias = vector(bias_buf, N);                                                \
    o = accel_gemm_defaults();                                                 \
  } while (0)

  /* The arguments as given: valid. */
  RESET();
  expect("valid", ACCEL_OK, &a, &b, &c, &o);
  expect("valid, null options", ACCEL_OK, &a, &b, &c, NULL);

  /* Null descriptors and data. */
  RESET();
  expect("a null", ACCEL_ERR_ARGUMENT, NULL, &b, &c, &o);
  expect("b null", ACCEL_ERR_ARGUMENT, &a, NULL, &c, &o);
  expect("c null", ACCEL_ERR_ARGUMENT, &a, &b, NULL, &o);
  RESET();
  a.data = NULL;
  expect("a's data null", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);

  /* Element types: reserved ones and a value that is none. */
  RESET();
  a.dtype = ACCEL_I8;
  expect("a int8", ACCEL_ERR_UNSUPPORTED, &a, &b, &c, &o);
  RESET();
  b.dtype = ACCEL_I32;
  expect("b int32", ACCEL_ERR_UNSUPPORTED, &a, &b, &c, &o);
  RESET();
  c.dtype = ACCEL_I32;
  expect("c int32", ACCEL_ERR_UNSUPPORTED, &a, &b, &c, &o);
  RESET();
  c.dtype = (accel_dtype)99;
  expect("c dtype 99", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);

  /* Ranks. */
  RESET();
  a.rank = 3;
  a.dims[2] = 1, a.strides[2] = 1;
  expect("a rank 3", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);
  RESET();
  b.rank = 1;
  expect("b rank 1", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);
  RESET();
  c.rank = 0;
  expect("c rank 0", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);
  RESET();
  c.rank = 7;
  expect("c rank 7", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);

  /* Shapes that do not match. */
  RESET();
  b = matrix(b_buf, K + 1, N);
  expect("K mismatch", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);
  RESET();
  o.trans_b = 1; /* b 4 x 5 is op(b) 5 x 4 */
  expect("K mismatch through trans_b", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);
  RESET();
  o.trans_a = 1; /* a 3 x 4 is op(a) 4 x 3 */
  expect("K mismatch through trans_a", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);
  RESET();
  c = matrix(c_data, M, N + 1);
  expect("c columns", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);
  RESET();
  c = matrix(c_data, M + 1, N);
  expect("c rows", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);
  RESET();
  c = matrix(c_data, N, M); /* c^T's shape */
  expect("c transposed", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);

  /* Negative sizes and strides; stride 0. */
  RESET();
  a.dims[0] = -1;
  expect("a negative dim", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);
  RESET();
  b.strides[1] = -1;
  expect("b negative stride", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);
  RESET();
  c.data = &c_data[(M - 1) * N];
  c.strides[0] = -N;
  expect("c negative row stride", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);
  RESET();
  c.strides[1] = 0;
  expect("c stride 0", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);
  RESET();
  c.strides[0] = 0;
  expect("c row stride 0", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);
  RESET();
  a.strides[0] = 0; /* a broadcast row: an input may */
  b.strides[1] = 0;
  expect("a and b stride 0 (broadcast inputs)", ACCEL_OK, &a, &b, &c, &o);
  RESET();
  a = matrix(a_buf, 1, K);
  c = matrix(c_data, 1, N);
  c.strides[0] = 0; /* one row: nothing aliases */
  expect("c of one row with row stride 0", ACCEL_OK, &a, &b, &c, &o);

  /* Footprints outside DRAM [0x10000000, 0x20000000). */
  RESET();
  a.data = (void *)0x100000; /* the scratchpad */
  expect("a in the scratchpad", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);
  RESET();
  b.data = (void *)0x0ffffff0; /* just below DRAM */
  expect("b below DRAM", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);
  RESET();
  c.data = (void *)0x20000000; /* DRAM's end */
  expect("c at DRAM's end", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);
  RESET();
  a.data = (void *)(0x20000000 - 4 * (M * K - 1)); /* last element out */
  expect("a's last element past DRAM", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);
  RESET();
  a.data = (void *)(0x20000000 - 4 * (M * K)); /* ends at DRAM's end */
  expect("a ending at DRAM's end (the stack's top)", ACCEL_OK, &a, &b, &c,
         &o);
  RESET();
  b.data = (void *)0x1c000000; /* 4 rows of 64 MiB from 448 MiB in */
  b.strides[0] = 1L << 24;
  expect("b's rows past DRAM", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);
  RESET();
  b.dims[1] = 1L << 40;
  c.dims[1] = 1L << 40;
  expect("b's dims past DRAM", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);
  RESET();
  a.strides[0] = 1L << 62; /* overflows a byte offset */
  expect("a's stride overflowing", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);
  RESET();
  c.data = (char *)c_data + 2;
  expect("c misaligned", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);

  /* Empty dimensions are valid: nothing to compute. */
  RESET();
  a = matrix(NULL, 0, K);
  c = matrix(c_data, 0, N);
  expect("M = 0 (a's data null)", ACCEL_OK, &a, &b, &c, &o);

  /* Overlaps. */
  RESET();
  a = matrix(c_data, M, K);
  c = matrix(c_data + 2, M, N);
  expect("c overlaps a", ACCEL_ERR_UNSUPPORTED, &a, &b, &c, &o);
  RESET();
  b = matrix(c_data + M * N - 1, K, N); /* shares c's last element */
  expect("c overlaps b", ACCEL_ERR_UNSUPPORTED, &a, &b, &c, &o);
  RESET();
  b = matrix(c_data + M * N, K, N); /* just after c */
  expect("b just after c", ACCEL_OK, &a, &b, &c, &o);
  RESET();
  o.bias_kind = ACCEL_BIAS_PER_ROW;
  bias = vector(c_data + N, M); /* c's second row */
  o.bias = &bias;
  expect("c overlaps the bias", ACCEL_ERR_UNSUPPORTED, &a, &b, &c, &o);
  RESET();
  c.strides[0] = 1; /* rows one element apart: c[1][0] is c[0][1] */
  expect("c's strides overlap", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);

  /* The bias. */
  RESET();
  o.bias_kind = ACCEL_BIAS_PER_COLUMN;
  o.bias = &bias;
  expect("bias per column", ACCEL_OK, &a, &b, &c, &o);
  bias.dims[0] = N - 1;
  expect("bias per column, M elements", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);
  RESET();
  o.bias_kind = ACCEL_BIAS_PER_ROW;
  o.bias = &bias; /* N elements, M wanted */
  expect("bias per row, N elements", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);
  RESET();
  o.bias_kind = ACCEL_BIAS_PER_ROW;
  o.bias = NULL;
  expect("bias kind without a bias", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);
  RESET();
  o.bias_kind = ACCEL_BIAS_PER_COLUMN;
  bias = matrix(bias_buf, 1, N);
  o.bias = &bias;
  expect("bias rank 2", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);
  RESET();
  o.bias_kind = ACCEL_BIAS_PER_COLUMN;
  bias.dtype = ACCEL_I8;
  o.bias = &bias;
  expect("bias int8", ACCEL_ERR_UNSUPPORTED, &a, &b, &c, &o);
  RESET();
  o.bias_kind = ACCEL_BIAS_PER_COLUMN;
  bias.data = (void *)0x100040;
  o.bias = &bias;
  expect("bias in the scratchpad", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);
  RESET();
  o.bias_kind = ACCEL_BIAS_PER_COLUMN;
  bias.strides[0] = -1;
  o.bias = &bias;
  expect("bias negative stride", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);
  RESET();
  o.bias_kind = (accel_bias_kind)7;
  o.bias = &bias;
  expect("bias kind 7", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);

  /* A bias with ACCEL_BIAS_NONE is not looked at: the result is the one
     without it, even from a descriptor that is not valid. */
  RESET();
  expect("reference for the ignored bias", ACCEL_OK, &a, &b, &c, &o);
  uint32_t without[M * N];
  memcpy(without, c_data, sizeof without);
  o.bias = &bias;
  expect("bias given with ACCEL_BIAS_NONE", ACCEL_OK, &a, &b, &c, &o);
  if (memcmp(without, c_data, sizeof without) != 0) {
    fprintf(stderr, "MISMATCH: a bias with ACCEL_BIAS_NONE changed c\n");
    ++mismatches;
  }
  bias.rank = 3;
  expect("invalid bias given with ACCEL_BIAS_NONE", ACCEL_OK, &a, &b, &c,
         &o);

  /* The activation. */
  RESET();
  o.act.kind = (accel_act_kind)9;
  expect("activation 9", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);
  RESET();
  o.act.kind = (accel_act_kind)-1;
  expect("activation -1", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);
  RESET();
  o.act = (accel_activation){ACCEL_ACT_CLIP, 0.5f, -0.25f};
  expect("clip lo > hi", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);
  RESET();
  o.act = (accel_activation){ACCEL_ACT_CLIP, NAN, 1.0f};
  expect("clip lo NaN", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);
  RESET();
  o.act = (accel_activation){ACCEL_ACT_CLIP, 0.25f, 0.25f};
  expect("clip lo = hi", ACCEL_OK, &a, &b, &c, &o);
  RESET();
  o.act = (accel_activation){ACCEL_ACT_RELU, 5.0f, -5.0f};
  expect("relu with unordered clip bounds (unused)", ACCEL_OK, &a, &b, &c,
         &o);

  /* The first problem is the one reported: a's before b's, shapes before
     the bias, the bias before the activation. */
  RESET();
  a.rank = 1;
  b.dtype = ACCEL_I8;
  expect("a and b both wrong", ACCEL_ERR_ARGUMENT, &a, &b, &c, &o);
  RESET();
  c = matrix(c_data, M, N + 1);
  o.act.kind = (accel_act_kind)9;
  expect("c and the activation both wrong", ACCEL_ERR_ARGUMENT, &a, &b, &c,
         &o);

  fprintf(stderr, "%d calls, %d mismatches\n", calls, mismatches);
  return mismatches != 0;
}
