/* Every argument check of accel_conv2d (test/kernels/conv2d-errors.test):
 * each call gets one thing wrong and must return its documented status
 * (docs/kernels.md, "Calling convention"), print its one line naming
 * accel_conv2d and the argument (the test FileChecks them), and leave y's
 * buffer as it was. A few calls near the edges are valid and must return
 * ACCEL_OK silently. Before each call the program prints "== <what>" to
 * stderr; at the end "<n> calls, <f> mismatches", and exit status 1 on a
 * mismatch. */
#include <accel_kernels.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Default shapes: y [1, 4, 5, 5] = conv(x [1, 2, 5, 5], w [4, 2, 3, 3]),
   padding 1. */
enum { Guard = 16, YFloats = 100, Sentinel = 0x7fc0dead };

static float x_buf[200], w_buf[72], bias_buf[8];
static uint32_t y_buf[Guard + YFloats + Guard];
static float *const y_data = (float *)&y_buf[Guard];
static int calls, mismatches;

static accel_tensor tensor4(void *data, long n, long c, long h, long w) {
  long dims[4] = {n, c, h, w};
  return accel_tensor_f32(data, 4, dims);
}

static void expect(const char *what, accel_status want, const accel_tensor *x,
                   const accel_tensor *w, accel_tensor *y,
                   const accel_conv2d_options *o) {
  for (unsigned i = 0; i < sizeof y_buf / sizeof y_buf[0]; ++i)
    y_buf[i] = Sentinel;
  fprintf(stderr, "== %s\n", what);
  accel_status got = accel_conv2d(x, w, y, o);
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
  for (int i = 0; i < 200; ++i)
    x_buf[i] = (float)(i % 7) - 3.0f;
  for (int i = 0; i < 72; ++i)
    w_buf[i] = (float)(i % 5) - 2.0f;
  accel_tensor x = tensor4(x_buf, 1, 2, 5, 5), w = tensor4(w_buf, 4, 2, 3, 3);
  accel_tensor y = tensor4(y_data, 1, 4, 5, 5);
  accel_tensor bias = accel_tensor_f32(bias_buf, 1, (long[]){4});
  accel_conv2d_options o = accel_conv2d_defaults(), b;
  o.pad_top = o.pad_left = o.pad_bottom = o.pad_right = 1;
  accel_tensor t, u;
  enum { OK = ACCEL_OK, ARG = ACCEL_ERR_ARGUMENT, UNS = ACCEL_ERR_UNSUPPORTED };

  expect("valid", OK, &x, &w, &y, &o);
  t = tensor4(y_data, 1, 4, 3, 3);
  expect("valid, null options (no padding)", OK, &x, &w, &t, NULL);
  expect("x null", ARG, NULL, &w, &y, &o);
  expect("w null", ARG, &x, NULL, &y, &o);
  expect("y null", ARG, &x, &w, NULL, &o);
  t = x, t.data = NULL;
  expect("x's data null", ARG, &t, &w, &y, &o);
  t = w, t.dtype = ACCEL_I8;
  expect("w int8", UNS, &x, &t, &y, &o);
  t = y, t.dtype = (accel_dtype)99;
  expect("y dtype 99", ARG, &x, &w, &t, &o);
  t = x, t.rank = 3;
  expect("x rank 3", ARG, &t, &w, &y, &o);
  t = w, t.rank = 5;
  expect("w rank 5", ARG, &x, &t, &y, &o);
  t = y, t.rank = 2;
  expect("y rank 2", ARG, &x, &w, &t, &o);
  t = x, t.dims[2] = -1;
  expect("x negative dim", ARG, &t, &w, &y, &o);
  t = w, t.strides[3] = -1;
  expect("w negative stride", ARG, &x, &t, &y, &o);
  t = y, t.strides[3] = 0;
  expect("y stride 0", ARG, &x, &w, &t, &o);
  t = x, t.data = (void *)0x100000;
  expect("x in the scratchpad", ARG, &t, &w, &y, &o);
  t = y, t.data = (char *)y_data + 2;
  expect("y misaligned", ARG, &x, &w, &t, &o);
  b = o, b.stride_h = 0;
  expect("stride 0", ARG, &x, &w, &y, &b);
  b = o, b.stride_w = -2;
  expect("stride -2", ARG, &x, &w, &y, &b);
  b = o, b.dilation_w = 0;
  expect("dilation 0", ARG, &x, &w, &y, &b);
  b = o, b.pad_bottom = -1;
  expect("negative padding", ARG, &x, &w, &y, &b);
  b = o, b.groups = 0;
  expect("groups 0", ARG, &x, &w, &y, &b);
  b = o, b.groups = 3;
  expect("groups not dividing C", ARG, &x, &w, &y, &b);
  t = tensor4(w_buf, 3, 1, 3, 3), u = tensor4(y_data, 1, 3, 5, 5);
  b = o, b.groups = 2;
  expect("groups not dividing Cout", ARG, &x, &t, &u, &b);
  expect("w's C / groups wrong", ARG, &x, &w, &y, &b);
  t = tensor4(w_buf, 4, 2, 3, 0);
  expect("empty kernel", ARG, &x, &t, &y, &o);
  t = tensor4(w_buf, 1, 2, 7, 3), u = tensor4(y_data, 1, 1, 1, 5);
  b = o, b.dilation_h = 2;
  expect("dilated kernel larger than the padded input", ARG, &x, &t, &u, &b);
  t = tensor4(y_data, 1, 4, 5, 4);
  expect("y's OW wrong", ARG, &x, &w, &t, &o);
  t = tensor4(y_data, 1, 4, 3, 3);
  b = o, b.stride_h = b.stride_w = 2;
  expect("y for stride 2 (3 x 3)", OK, &x, &w, &t, &b);
  t = tensor4(y_data, 1, 4, 2, 2);
  expect("y for stride 2 rounded the wrong way", ARG, &x, &w, &t, &b);
  t = tensor4(y_data, 2, 4, 5, 5);
  expect("y's N wrong", ARG, &x, &w, &t, &o);
  t = tensor4(y_data, 1, 5, 5, 5);
  expect("y's Cout wrong", ARG, &x, &w, &t, &o);
  b = o, b.bias = &bias;
  expect("bias", OK, &x, &w, &y, &b);
  t = accel_tensor_f32(bias_buf, 1, (long[]){5});
  b.bias = &t;
  expect("bias of 5", ARG, &x, &w, &y, &b);
  t = accel_matrix_f32(bias_buf, 2, 2);
  expect("bias rank 2", ARG, &x, &w, &y, &b);
  t = bias, t.dtype = ACCEL_I32;
  expect("bias int32", UNS, &x, &w, &y, &b);
  b = o, b.act.kind = (accel_act_kind)9;
  expect("activation 9", ARG, &x, &w, &y, &b);
  b = o, b.act.kind = ACCEL_ACT_GELU_ERF;
  expect("exact GELU", UNS, &x, &w, &y, &b);
  b = o, b.act.kind = ACCEL_ACT_CLIP, b.act.lo = 1.0f, b.act.hi = -1.0f;
  expect("clip lo > hi", ARG, &x, &w, &y, &b);
  t = tensor4(x_buf, 1, 4, 5, 5);
  expect("y overlaps x", UNS, &x, &w, &t, &o);
  t = tensor4(w_buf + 8, 1, 4, 5, 5);
  expect("y overlaps w", UNS, &x, &w, &t, &o);
  t = accel_tensor_f32((float *)y_data + 96, 1, (long[]){4});
  b = o, b.bias = &t;
  expect("y overlaps the bias", UNS, &x, &w, &y, &b);
  t = y, t.strides[1] = 5;
  expect("y's strides overlap", ARG, &x, &w, &t, &o);
  t = tensor4(x_buf, 0, 2, 5, 5), u = tensor4(y_data, 0, 4, 5, 5);
  expect("empty batch", OK, &t, &w, &u, &o);
  {
    /* 16 output channels of 4096 channels x 7 x 7 weights (3.2 MB) do
       not fit the arena; x's data is never read. */
    static float big_w[1];
    accel_tensor xb = tensor4(x_buf, 1, 4096, 1, 1), wb;
    xb.strides[0] = xb.strides[1] = xb.strides[2] = xb.strides[3] = 0;
    wb = tensor4(big_w, 16, 4096, 7, 7);
    wb.strides[0] = wb.strides[1] = wb.strides[2] = wb.strides[3] = 0;
    u = tensor4(y_data, 1, 16, 1, 1);
    b = o, b.pad_top = b.pad_left = b.pad_bottom = b.pad_right = 3;
    expect("weights too big for the scratchpad", UNS, &xb, &wb, &u, &b);
  }
  t = x, t.dims[1] = 3;
  b = o, b.groups = 2;
  expect("x and options both wrong", ARG, &t, &w, &y, &b);
  fprintf(stderr, "%d calls, %d mismatches\n", calls, mismatches);
  return mismatches != 0;
}
