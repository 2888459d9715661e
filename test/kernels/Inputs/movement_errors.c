/* Every argument check of the data-movement kernels
 * (test/kernels/data-movement-errors.test): each call gets one thing wrong
 * and must return its documented status, print its one line naming the
 * kernel and the argument (the test FileChecks them) and leave the output
 * buffer as it was. A few calls near the edges are valid and must return
 * ACCEL_OK silently. Before each call the program prints "== <what>" to
 * stderr; at the end "<n> calls, <f> mismatches", and exit status 1 on a
 * mismatch. */
#include <accel_kernels.h>
#include <stdint.h>
#include <stdio.h>

enum { Guard = 16, YFloats = 256, Sentinel = 0x7fc0dead };

static float x_buf[256];
static uint32_t y_buf[Guard + YFloats + Guard];
static float *const y_data = (float *)&y_buf[Guard];
static int calls, mismatches;

static void before(const char *what) {
  for (unsigned i = 0; i < sizeof y_buf / sizeof y_buf[0]; ++i)
    y_buf[i] = Sentinel;
  fprintf(stderr, "== %s\n", what);
}

static void after(const char *what, accel_status got, accel_status want) {
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

#define EXPECT(what, want, call)                                               \
  do {                                                                         \
    before(what);                                                              \
    after(what, call, want);                                                   \
  } while (0)

static accel_tensor matrix(float *data, long rows, long cols) {
  return accel_matrix_f32(data, rows, cols);
}

static void transposes(void) {
  accel_tensor x = matrix(x_buf, 3, 5), y = matrix(y_data, 5, 3), t;
  int perm[2] = {1, 0};
  EXPECT("transpose valid", ACCEL_OK, accel_transpose(&x, &y, perm));
  EXPECT("transpose valid, null perm", ACCEL_OK, accel_transpose(&x, &y, NULL));
  EXPECT("transpose x null", ACCEL_ERR_ARGUMENT,
         accel_transpose(NULL, &y, perm));
  EXPECT("transpose y null", ACCEL_ERR_ARGUMENT,
         accel_transpose(&x, NULL, perm));
  t = x, t.dtype = ACCEL_I32;
  EXPECT("transpose x int32", ACCEL_ERR_UNSUPPORTED,
         accel_transpose(&t, &y, perm));
  t = accel_tensor_f32(y_data, 3, (long[]){5, 3, 1});
  EXPECT("transpose y rank 3", ACCEL_ERR_ARGUMENT,
         accel_transpose(&x, &t, perm));
  EXPECT("transpose perm repeats", ACCEL_ERR_ARGUMENT,
         accel_transpose(&x, &y, (int[]){1, 1}));
  EXPECT("transpose perm out of range", ACCEL_ERR_ARGUMENT,
         accel_transpose(&x, &y, (int[]){0, 2}));
  t = matrix(y_data, 3, 5);
  EXPECT("transpose y's dims", ACCEL_ERR_ARGUMENT,
         accel_transpose(&x, &t, perm));
  t = y, t.strides[1] = 0;
  EXPECT("transpose y's elements not distinct", ACCEL_ERR_ARGUMENT,
         accel_transpose(&x, &t, perm));
  t = matrix(x_buf + 14, 5, 3);
  EXPECT("transpose y overlaps x", ACCEL_ERR_UNSUPPORTED,
         accel_transpose(&x, &t, perm));
  t = x, t.data = (void *)0x1000;
  EXPECT("transpose x outside DRAM", ACCEL_ERR_ARGUMENT,
         accel_transpose(&t, &y, perm));
}

static void concats(void) {
  accel_tensor a = matrix(x_buf, 2, 3), b = matrix(x_buf + 8, 2, 4);
  accel_tensor y = matrix(y_data, 2, 7), t;
  const accel_tensor *xs[3] = {&a, &b, NULL};
  EXPECT("concat valid", ACCEL_OK, accel_concat(xs, 2, 1, &y));
  EXPECT("concat y null", ACCEL_ERR_ARGUMENT, accel_concat(xs, 2, 1, NULL));
  EXPECT("concat xs null", ACCEL_ERR_ARGUMENT, accel_concat(NULL, 2, 1, &y));
  EXPECT("concat no inputs", ACCEL_ERR_ARGUMENT, accel_concat(xs, 0, 1, &y));
  EXPECT("concat 257 inputs", ACCEL_ERR_UNSUPPORTED,
         accel_concat(xs, 257, 1, &y));
  EXPECT("concat axis -1", ACCEL_ERR_ARGUMENT, accel_concat(xs, 2, -1, &y));
  EXPECT("concat axis 2", ACCEL_ERR_ARGUMENT, accel_concat(xs, 2, 2, &y));
  EXPECT("concat xs[2] null", ACCEL_ERR_ARGUMENT, accel_concat(xs, 3, 1, &y));
  t = accel_tensor_f32(x_buf + 8, 1, (long[]){4});
  xs[1] = &t;
  EXPECT("concat xs[1] rank 1", ACCEL_ERR_ARGUMENT, accel_concat(xs, 2, 1, &y));
  t = matrix(x_buf + 8, 3, 4);
  EXPECT("concat xs[1] rows", ACCEL_ERR_ARGUMENT, accel_concat(xs, 2, 1, &y));
  xs[1] = &b;
  t = matrix(y_data, 2, 8);
  EXPECT("concat y's columns", ACCEL_ERR_ARGUMENT, accel_concat(xs, 2, 1, &t));
  t = matrix(x_buf + 4, 2, 7);
  EXPECT("concat y overlaps xs[0]", ACCEL_ERR_UNSUPPORTED,
         accel_concat(xs, 2, 1, &t));
}

static void splits(void) {
  accel_tensor x = matrix(x_buf, 5, 3), a = matrix(y_data, 2, 3),
               b = matrix(y_data + 8, 3, 3), t;
  accel_tensor *ys[3] = {&a, &b, NULL};
  EXPECT("split valid", ACCEL_OK, accel_split(&x, 0, ys, 2));
  EXPECT("split x null", ACCEL_ERR_ARGUMENT, accel_split(NULL, 0, ys, 2));
  EXPECT("split ys null", ACCEL_ERR_ARGUMENT, accel_split(&x, 0, NULL, 2));
  EXPECT("split no outputs", ACCEL_ERR_ARGUMENT, accel_split(&x, 0, ys, 0));
  EXPECT("split axis 2", ACCEL_ERR_ARGUMENT, accel_split(&x, 2, ys, 2));
  EXPECT("split ys[2] null", ACCEL_ERR_ARGUMENT, accel_split(&x, 0, ys, 3));
  t = matrix(y_data + 8, 3, 2);
  ys[1] = &t;
  EXPECT("split ys[1] columns", ACCEL_ERR_ARGUMENT, accel_split(&x, 0, ys, 2));
  t = matrix(y_data + 8, 2, 3);
  EXPECT("split x's rows", ACCEL_ERR_ARGUMENT, accel_split(&x, 0, ys, 2));
  t = matrix(x_buf + 14, 3, 3);
  EXPECT("split ys[1] overlaps x", ACCEL_ERR_UNSUPPORTED,
         accel_split(&x, 0, ys, 2));
  t = matrix(y_data + 5, 3, 3);
  EXPECT("split ys[1] overlaps ys[0]", ACCEL_ERR_UNSUPPORTED,
         accel_split(&x, 0, ys, 2));
}

static void slices(void) {
  accel_tensor x = matrix(x_buf, 6, 7), y = matrix(y_data, 3, 4), t;
  long start[2] = {5, 0}, step[2] = {-2, 2};
  EXPECT("slice valid", ACCEL_OK, accel_slice(&x, &y, start, step));
  EXPECT("slice valid, null start and step", ACCEL_OK,
         accel_slice(&x, &y, NULL, NULL));
  EXPECT("slice x null", ACCEL_ERR_ARGUMENT,
         accel_slice(NULL, &y, start, step));
  t = accel_tensor_f32(y_data, 1, (long[]){3});
  EXPECT("slice y rank 1", ACCEL_ERR_ARGUMENT,
         accel_slice(&x, &t, start, step));
  EXPECT("slice step 0", ACCEL_ERR_ARGUMENT,
         accel_slice(&x, &y, (long[]){0, 0}, (long[]){2, 0}));
  EXPECT("slice start 6", ACCEL_ERR_ARGUMENT,
         accel_slice(&x, &y, (long[]){6, 0}, step));
  EXPECT("slice start -1", ACCEL_ERR_ARGUMENT,
         accel_slice(&x, &y, (long[]){0, -1}, NULL));
  EXPECT("slice past the end", ACCEL_ERR_ARGUMENT,
         accel_slice(&x, &y, (long[]){0, 1}, step));
  EXPECT("slice past the start", ACCEL_ERR_ARGUMENT,
         accel_slice(&x, &y, (long[]){3, 0}, step));
  t = matrix(x_buf + 40, 3, 4);
  EXPECT("slice y overlaps x", ACCEL_ERR_UNSUPPORTED,
         accel_slice(&x, &t, start, step));
}

static void pads(void) {
  accel_tensor x = matrix(x_buf, 3, 4), y = matrix(y_data, 6, 7), t;
  long widths[4] = {2, 1, 0, 3};
  EXPECT("pad valid", ACCEL_OK,
         accel_pad(&x, &y, widths, ACCEL_PAD_REFLECT, 0));
  EXPECT("pad x null", ACCEL_ERR_ARGUMENT,
         accel_pad(NULL, &y, widths, ACCEL_PAD_EDGE, 0));
  t = accel_tensor_f32(y_data, 3, (long[]){6, 7, 1});
  EXPECT("pad y rank 3", ACCEL_ERR_ARGUMENT,
         accel_pad(&x, &t, widths, ACCEL_PAD_EDGE, 0));
  EXPECT("pad mode 7", ACCEL_ERR_ARGUMENT,
         accel_pad(&x, &y, widths, (accel_pad_mode)7, 0));
  EXPECT("pad widths null", ACCEL_ERR_ARGUMENT,
         accel_pad(&x, &y, NULL, ACCEL_PAD_EDGE, 0));
  EXPECT("pad negative width", ACCEL_ERR_ARGUMENT,
         accel_pad(&x, &y, (long[]){4, -1, 0, 3}, ACCEL_PAD_EDGE, 0));
  EXPECT("pad y's columns", ACCEL_ERR_ARGUMENT,
         accel_pad(&x, &y, (long[]){2, 1, 0, 2}, ACCEL_PAD_EDGE, 0));
  EXPECT("pad reflect wider than x - 1", ACCEL_ERR_UNSUPPORTED,
         accel_pad(&x, &y, (long[]){3, 0, 0, 3}, ACCEL_PAD_REFLECT, 0));
  t = matrix(x_buf, 0, 4);
  accel_tensor u = matrix(y_data, 3, 7);
  EXPECT("pad edge of an empty x", ACCEL_ERR_ARGUMENT,
         accel_pad(&t, &u, widths, ACCEL_PAD_EDGE, 0));
  EXPECT("pad constant around an empty x", ACCEL_OK,
         accel_pad(&t, &u, widths, ACCEL_PAD_CONSTANT, 1));
  t = matrix(x_buf + 11, 6, 7);
  EXPECT("pad y overlaps x", ACCEL_ERR_UNSUPPORTED,
         accel_pad(&x, &t, widths, ACCEL_PAD_CONSTANT, 0));
}

static void gathers(void) {
  static int indices[5] = {3, -4, 0, 2, 1};
  accel_tensor x = matrix(x_buf, 4, 6), y = matrix(y_data, 5, 6), t;
  EXPECT("gather valid", ACCEL_OK, accel_gather(&x, indices, 5, 0, &y));
  t = matrix(y_data, 0, 6);
  EXPECT("gather valid, no indices", ACCEL_OK,
         accel_gather(&x, NULL, 0, 0, &t));
  EXPECT("gather x null", ACCEL_ERR_ARGUMENT,
         accel_gather(NULL, indices, 5, 0, &y));
  t = accel_tensor_f32(x_buf, 0, NULL);
  EXPECT("gather x rank 0", ACCEL_ERR_ARGUMENT,
         accel_gather(&t, indices, 5, 0, &y));
  EXPECT("gather axis 2", ACCEL_ERR_ARGUMENT,
         accel_gather(&x, indices, 5, 2, &y));
  EXPECT("gather n -1", ACCEL_ERR_ARGUMENT,
         accel_gather(&x, indices, -1, 0, &y));
  t = accel_tensor_f32(y_data, 3, (long[]){5, 6, 1});
  EXPECT("gather y rank 3", ACCEL_ERR_ARGUMENT,
         accel_gather(&x, indices, 5, 0, &t));
  EXPECT("gather y's rows not n", ACCEL_ERR_ARGUMENT,
         accel_gather(&x, indices, 4, 0, &y));
  t = matrix(y_data, 5, 5);
  EXPECT("gather y's columns", ACCEL_ERR_ARGUMENT,
         accel_gather(&x, indices, 5, 0, &t));
  t = matrix(x_buf + 20, 5, 6);
  EXPECT("gather y overlaps x", ACCEL_ERR_UNSUPPORTED,
         accel_gather(&x, indices, 5, 0, &t));
  EXPECT("gather indices null", ACCEL_ERR_ARGUMENT,
         accel_gather(&x, NULL, 5, 0, &y));
  EXPECT("gather indices misaligned", ACCEL_ERR_ARGUMENT,
         accel_gather(&x, (const int *)((char *)indices + 2), 5, 0, &y));
  EXPECT("gather indices outside memory", ACCEL_ERR_ARGUMENT,
         accel_gather(&x, (const int *)0x1000, 5, 0, &y));
  indices[3] = 4;
  EXPECT("gather index 4 of 4 rows", ACCEL_ERR_ARGUMENT,
         accel_gather(&x, indices, 5, 0, &y));
  indices[3] = -5;
  EXPECT("gather index -5 of 4 rows", ACCEL_ERR_ARGUMENT,
         accel_gather(&x, indices, 5, 0, &y));
  /* The index values are data: checked in ACCEL_RUN_CHECKED too. */
  accel_set_check_mode(ACCEL_RUN_CHECKED);
  EXPECT("gather index -5 of 4 rows, run checked", ACCEL_ERR_ARGUMENT,
         accel_gather(&x, indices, 5, 0, &y));
  accel_set_check_mode(ACCEL_CHECK_AND_RUN);
}

int main(void) {
  for (int i = 0; i < 256; ++i)
    x_buf[i] = (float)(i % 7) - 3.0f;
  transposes();
  concats();
  splits();
  slices();
  pads();
  gathers();
  fprintf(stderr, "%d calls, %d mismatches\n", calls, mismatches);
  return mismatches != 0;
}
