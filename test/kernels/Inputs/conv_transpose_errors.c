/* The argument checks of accel_conv_transpose2d
 * (test/kernels/conv-transpose.test): each call gets one thing wrong and
 * must return its status, print its one line naming the kernel and the
 * argument (the test FileChecks them) and leave y's buffer as it was.
 * Before each call the program prints "== <what>" to stderr; at the end
 * "<n> calls, <f> mismatches", and exit status 1 on a mismatch. */
#include <accel_kernels.h>
#include <stdint.h>
#include <stdio.h>

/* Default shapes: y [1, 4, 7, 7] = conv_transpose(x [1, 2, 3, 3],
   w [2, 4, 3, 3]), stride 2, pads 1, output padding 1 (PyTorch's x2). */
enum { Guard = 16, YFloats = 196, Sentinel = 0x7fc0dead };

static float x_buf[18], w_buf[128], bias_buf[8];
static uint32_t y_buf[Guard + YFloats + Guard];
static float *const y_data = (float *)&y_buf[Guard];
static int calls, mismatches;

static accel_tensor tensor4(void *data, long n, long c, long h, long w) {
  long dims[4] = {n, c, h, w};
  return accel_tensor_f32(data, 4, dims);
}

static void expect(const char *what, accel_status want, const accel_tensor *x,
                   const accel_tensor *w, accel_tensor *y,
                   const accel_conv_transpose2d_options *o) {
  for (unsigned i = 0; i < sizeof y_buf / sizeof y_buf[0]; ++i)
    y_buf[i] = Sentinel;
  fprintf(stderr, "== %s\n", what);
  accel_status got = accel_conv_transpose2d(x, w, y, o);
  ++calls;
  if (got != want) {
    fprintf(stderr, "MISMATCH: %s: returned %d, expected %d\n", what, (int)got,
            (int)want);
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
  for (int i = 0; i < 18; ++i)
    x_buf[i] = (float)(i % 7) - 3.0f;
  for (int i = 0; i < 72; ++i)
    w_buf[i] = (float)(i % 5) - 2.0f;
  accel_tensor x = tensor4(x_buf, 1, 2, 3, 3), w = tensor4(w_buf, 2, 4, 3, 3);
  accel_tensor y = tensor4(y_data, 1, 4, 5, 5);
  accel_tensor y7 = tensor4(y_data, 1, 4, 6, 6);
  accel_tensor bias = accel_tensor_f32(bias_buf, 1, (long[]){4});
  accel_tensor bias3 = accel_tensor_f32(bias_buf, 1, (long[]){3});
  accel_conv_transpose2d_options o = accel_conv_transpose2d_defaults(), b;
  o.stride_h = o.stride_w = 2;
  o.pad_top = o.pad_left = o.pad_bottom = o.pad_right = 1;
  o.output_pad_h = o.output_pad_w = 1;
  o.bias = &bias;
  accel_tensor t;

  expect("valid", ACCEL_OK, &x, &w, &y7, &o);
  expect("x null", ACCEL_ERR_ARGUMENT, NULL, &w, &y7, &o);
  t = tensor4(x_buf, 1, 2, 3, 3);
  t.rank = 3;
  expect("x rank 3", ACCEL_ERR_ARGUMENT, &t, &w, &y7, &o);
  b = o, b.stride_w = 0;
  expect("stride 0", ACCEL_ERR_ARGUMENT, &x, &w, &y7, &b);
  b = o, b.dilation_h = 0;
  expect("dilation 0", ACCEL_ERR_ARGUMENT, &x, &w, &y7, &b);
  b = o, b.pad_left = -1;
  expect("negative pad", ACCEL_ERR_ARGUMENT, &x, &w, &y7, &b);
  b = o, b.output_pad_h = 2;
  expect("output padding 2 at stride 2", ACCEL_ERR_ARGUMENT, &x, &w, &y7, &b);
  b = o, b.groups = 3;
  expect("groups 3 of 2 channels", ACCEL_ERR_ARGUMENT, &x, &w, &y7, &b);
  t = tensor4(w_buf, 3, 4, 3, 3);
  expect("w of 3 input channels", ACCEL_ERR_ARGUMENT, &x, &t, &y7, &o);
  expect("y without the output padding", ACCEL_ERR_ARGUMENT, &x, &w, &y, &o);
  b = o, b.bias = &bias3;
  expect("bias of 3", ACCEL_ERR_ARGUMENT, &x, &w, &y7, &b);
  b = o, b.pad_top = b.pad_bottom = 4;
  expect("pads past the output", ACCEL_ERR_ARGUMENT, &x, &w, &y7, &b);
  t = tensor4(w_buf + 20, 1, 4, 5, 5);
  expect("y over w", ACCEL_ERR_UNSUPPORTED, &x, &w, &t, NULL);
  fprintf(stderr, "%d calls, %d mismatches\n", calls, mismatches);
  return mismatches != 0;
}
