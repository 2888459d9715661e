/* Every argument check of the elementwise kernels
 * (test/kernels/elementwise-errors.test): each call gets one thing wrong
 * and must return its documented status (docs/kernels.md, "Elementwise
 * kernels"), print its one line naming the kernel and the argument, and
 * leave y's buffer as it was. A few calls near the edges are valid and
 * must return ACCEL_OK silently. Before each call the program prints
 * "== <what>" to stderr; at the end "<n> calls, <f> mismatches", and exit
 * status 1 on a mismatch. */
#include <accel_kernels.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum { Guard = 16, Sentinel = 0x7fc0dead };

static float a_buf[64], b_buf[64], c_buf[64];
static uint32_t y_buf[Guard + 64 + Guard]; /* y's view starts at Guard */
static float *const y_data = (float *)&y_buf[Guard];
static int calls, mismatches;

/* A contiguous tensor of the given dims (up to 7, for a bad rank). */
static accel_tensor tensor(void *data, int rank, long d0, long d1, long d2) {
  accel_tensor t;
  memset(&t, 0, sizeof t);
  t.data = data;
  t.dtype = ACCEL_F32;
  t.rank = rank;
  long dims[3] = {d0, d1, d2};
  long stride = 1;
  for (int d = rank < 3 ? rank - 1 : 2; d >= 0; --d) {
    t.dims[d] = dims[d];
    t.strides[d] = stride;
    stride *= dims[d];
  }
  return t;
}

typedef enum { Unary, Binary, Where, Chain } entry;

typedef struct {
  entry e;
  accel_elementwise_op op;
  const accel_elementwise_options *options;
  const accel_elementwise_step *steps;
  int num_steps, num_inputs;
  const accel_tensor *in[ACCEL_EW_MAX_INPUTS + 1];
  const accel_tensor *const *inputs; /* the chain's, when not in */
} call;

static void expect(const char *what, accel_status want, const call *c,
                   accel_tensor *y) {
  for (unsigned i = 0; i < sizeof y_buf / sizeof y_buf[0]; ++i)
    y_buf[i] = Sentinel;
  fprintf(stderr, "== %s\n", what);
  accel_status got = ACCEL_OK;
  switch (c->e) {
  case Unary:
    got = accel_elementwise_unary(c->op, c->in[0], y, c->options);
    break;
  case Binary:
    got = accel_elementwise_binary(c->op, c->in[0], c->in[1], y);
    break;
  case Where:
    got = accel_elementwise_where(c->in[0], c->in[1], c->in[2], y);
    break;
  case Chain:
    got = accel_elementwise_chain(c->steps, c->num_steps,
                                  c->inputs ? c->inputs : c->in,
                                  c->num_inputs, y);
    break;
  }
  ++calls;
  if (got != want) {
    fprintf(stderr, "MISMATCH: %s: returned %d, expected %d\n", what,
            (int)got, (int)want);
    ++mismatches;
  }
  if (want != ACCEL_OK)
    for (unsigned i = 0; i < sizeof y_buf / sizeof y_buf[0]; ++i)
      if (y_buf[i] != Sentinel) {
        fprintf(stderr, "MISMATCH: %s: y's buffer changed at %u\n", what, i);
        ++mismatches;
        break;
      }
}

int main(void) {
  accel_tensor x = tensor(a_buf, 2, 3, 5, 0), b = tensor(b_buf, 2, 3, 5, 0);
  accel_tensor cond = tensor(c_buf, 1, 5, 0, 0);
  accel_tensor y = tensor(y_data, 2, 3, 5, 0);
  accel_elementwise_options o = accel_elementwise_defaults();
  call u = {Unary, ACCEL_EW_EXP, NULL, NULL, 0, 0, {&x}, NULL};
  call bi = {Binary, ACCEL_EW_ADD, NULL, NULL, 0, 0, {&x, &b}, NULL};
  call w = {Where, ACCEL_EW_WHERE, NULL, NULL, 0, 0, {&cond, &x, &b}, NULL};

  expect("valid unary", ACCEL_OK, &u, &y);
  expect("valid binary", ACCEL_OK, &bi, &y);
  expect("valid where", ACCEL_OK, &w, &y);

  /* The operation. */
  call c = u;
  c.op = (accel_elementwise_op)99;
  expect("unary op 99", ACCEL_ERR_ARGUMENT, &c, &y);
  c.op = ACCEL_EW_ADD;
  expect("unary given a binary op", ACCEL_ERR_ARGUMENT, &c, &y);
  c = bi;
  c.op = ACCEL_EW_EXP;
  expect("binary given a unary op", ACCEL_ERR_ARGUMENT, &c, &y);
  c.op = ACCEL_EW_WHERE;
  expect("binary given where", ACCEL_ERR_ARGUMENT, &c, &y);
  c.op = (accel_elementwise_op)-1;
  expect("binary op -1", ACCEL_ERR_ARGUMENT, &c, &y);

  /* The options. */
  c = u;
  c.op = ACCEL_EW_CLIP;
  c.options = &o;
  o.lo = 2.0f, o.hi = 1.0f;
  expect("clip lo > hi", ACCEL_ERR_ARGUMENT, &c, &y);
  o.lo = NAN, o.hi = 1.0f;
  expect("clip lo NaN", ACCEL_ERR_ARGUMENT, &c, &y);
  o.lo = 1.0f;
  expect("clip lo == hi", ACCEL_OK, &c, &y);
  c.op = ACCEL_EW_LEAKY_RELU;
  o.alpha = NAN;
  expect("leaky relu alpha NaN", ACCEL_ERR_ARGUMENT, &c, &y);
  c.options = NULL;
  expect("leaky relu options NULL", ACCEL_OK, &c, &y);

  /* The tensors. */
  c = u;
  c.in[0] = NULL;
  expect("x null", ACCEL_ERR_ARGUMENT, &c, &y);
  expect("y null", ACCEL_ERR_ARGUMENT, &u, NULL);
  accel_tensor t = x;
  t.data = NULL;
  c = bi;
  c.in[1] = &t;
  expect("b's data null", ACCEL_ERR_ARGUMENT, &c, &y);
  t = x;
  t.dtype = ACCEL_I8;
  c.in[1] = &t;
  expect("b int8", ACCEL_ERR_UNSUPPORTED, &c, &y);
  t = tensor(a_buf, 7, 1, 1, 1);
  c = u;
  c.in[0] = &t;
  expect("x rank 7", ACCEL_ERR_ARGUMENT, &c, &y);
  t = x;
  t.strides[1] = -1;
  c.in[0] = &t;
  expect("x negative stride", ACCEL_ERR_ARGUMENT, &c, &y);
  accel_tensor ty = y;
  ty.strides[0] = 0;
  expect("y stride 0", ACCEL_ERR_ARGUMENT, &u, &ty);

  /* Broadcasting. */
  t = tensor(a_buf, 3, 2, 3, 5);
  c = bi;
  c.in[0] = &t;
  expect("a's rank above y's", ACCEL_ERR_ARGUMENT, &c, &y);
  t = tensor(a_buf, 2, 3, 4, 0);
  c.in[0] = &t;
  expect("a's dimension 1 is 4, y's 5", ACCEL_ERR_ARGUMENT, &c, &y);
  t = tensor(b_buf, 1, 3, 0, 0);
  c = bi;
  c.in[1] = &t;
  expect("b [3] against y [3, 5]", ACCEL_ERR_ARGUMENT, &c, &y);
  t = tensor(b_buf, 2, 3, 1, 0);
  c.in[1] = &t;
  expect("b [3, 1] against y [3, 5]", ACCEL_OK, &c, &y);
  t = tensor(c_buf, 2, 2, 1, 0);
  c = w;
  c.in[0] = &t;
  expect("cond [2, 1] against y [3, 5]", ACCEL_ERR_ARGUMENT, &c, &y);
  accel_tensor y0 = tensor(y_data, 2, 0, 5, 0);
  t = tensor(a_buf, 2, 1, 5, 0);
  c = u;
  c.in[0] = &t;
  expect("y [0, 5] from x [1, 5]", ACCEL_OK, &c, &y0);

  /* Overlaps: only exactly in place. */
  accel_tensor yx = tensor(a_buf, 2, 3, 5, 0);
  expect("y is x", ACCEL_OK, &u, &yx);
  yx.data = a_buf + 1;
  expect("y is x shifted by one", ACCEL_ERR_UNSUPPORTED, &u, &yx);
  yx = tensor(a_buf, 2, 3, 5, 0);
  t = tensor(a_buf, 1, 5, 0, 0);
  c = bi;
  c.in[1] = &t;
  expect("y is a, b broadcast from a's first row", ACCEL_ERR_UNSUPPORTED, &c,
         &yx);
  yx = tensor(b_buf, 2, 3, 5, 0);
  expect("y is b", ACCEL_OK, &bi, &yx);

  /* The chain. */
  accel_elementwise_step steps[9];
  for (int i = 0; i < 9; ++i) {
    steps[i].op = ACCEL_EW_RELU;
    steps[i].in = 1, steps[i].in2 = 2, steps[i].swap = 0;
    steps[i].options = accel_elementwise_defaults();
  }
  call ch = {Chain, ACCEL_EW_ADD, NULL, steps, 2, 2, {&x, &b}, NULL};
  expect("valid chain", ACCEL_OK, &ch, &y);
  c = ch;
  c.steps = NULL;
  expect("steps null", ACCEL_ERR_ARGUMENT, &c, &y);
  c = ch;
  c.num_steps = 0;
  expect("no steps", ACCEL_ERR_ARGUMENT, &c, &y);
  c.num_steps = 9;
  expect("9 steps", ACCEL_ERR_ARGUMENT, &c, &y);
  c = ch;
  c.num_inputs = 6;
  expect("6 inputs", ACCEL_ERR_ARGUMENT, &c, &y);
  c.num_inputs = 0;
  expect("no inputs", ACCEL_ERR_ARGUMENT, &c, &y);
  c = ch;
  static const accel_tensor *const null_inputs[1] = {NULL};
  c.inputs = null_inputs;
  c.num_inputs = 1;
  expect("inputs[0] null", ACCEL_ERR_ARGUMENT, &c, &y);
  c = ch;
  steps[1].op = ACCEL_EW_MUL;
  steps[1].in = 2;
  expect("step 1 reads input 2 of 2", ACCEL_ERR_ARGUMENT, &c, &y);
  steps[1].in = 0;
  expect("step 1 reads input 0", ACCEL_ERR_ARGUMENT, &c, &y);
  steps[1].op = ACCEL_EW_WHERE;
  steps[1].in = 1, steps[1].in2 = 3;
  expect("where's in2 3 of 2", ACCEL_ERR_ARGUMENT, &c, &y);
  steps[1].op = (accel_elementwise_op)22;
  expect("step 1 op 22", ACCEL_ERR_ARGUMENT, &c, &y);
  steps[1].op = ACCEL_EW_CLIP;
  steps[1].options.lo = 1.0f, steps[1].options.hi = -1.0f;
  expect("step 1 clip lo > hi", ACCEL_ERR_ARGUMENT, &c, &y);
  steps[1].op = ACCEL_EW_RELU;
  t = tensor(b_buf, 2, 3, 2, 0);
  c.in[1] = &t;
  expect("inputs[1] [3, 2] against y [3, 5]", ACCEL_ERR_ARGUMENT, &c, &y);
  c = ch;
  yx = tensor(b_buf + 2, 2, 3, 5, 0);
  expect("y overlaps inputs[1]", ACCEL_ERR_UNSUPPORTED, &c, &yx);
  /* A chain computes the f32 kinds on f32 tensors only. */
  c = ch;
  steps[0].op = ACCEL_EW_MOD;
  expect("step 0 mod", ACCEL_ERR_UNSUPPORTED, &c, &y);
  steps[0].op = ACCEL_EW_RELU;
  t = x;
  t.dtype = ACCEL_I32;
  c.in[0] = &t;
  expect("inputs[0] int32", ACCEL_ERR_UNSUPPORTED, &c, &y);

  fprintf(stderr, "%d calls, %d mismatches\n", calls, mismatches);
  return mismatches != 0;
}
