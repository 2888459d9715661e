/* One accel_batched_matmul on a case file that batched_check.py wrote:
   int64 header (for a, b and c: rank and 6 dims, as stored; then trans_a
   and trans_b), then a and b as contiguous f32; writes c to argv[2]. With
   "errors" instead, makes bad calls and prints each status after the
   kernel's message, both on stderr. */
#include <accel_kernels.h>

#include "driver_io.h"

static long elements(const accel_tensor *t) {
  long n = 1;
  for (int d = 0; d < t->rank; ++d)
    n *= t->dims[d];
  return n;
}

static accel_tensor tensor(float *data, int rank, const long *dims) {
  return accel_tensor_f32(data, rank, dims);
}

static void errors(void) {
  static float buf[4096];
  long d1[3] = {2, 3, 4}, d2[3] = {3, 4, 5}, d3[3] = {2, 3, 5};
  accel_tensor a = tensor(buf, 3, d1), b = tensor(buf + 1024, 3, d2),
               c = tensor(buf + 2048, 3, d3);
  fprintf(stderr, "batch mismatch: %d\n", accel_batched_matmul(&a, &b, &c, NULL));
  long d4[3] = {1, 4, 5}, d5[2] = {3, 5};
  b = tensor(buf + 1024, 3, d4);
  fprintf(stderr, "ok with b's batch 1: %d\n", accel_batched_matmul(&a, &b, &c, NULL));
  c = tensor(buf + 2048, 2, d5);
  fprintf(stderr, "c rank 2: %d\n", accel_batched_matmul(&a, &b, &c, NULL));
  long d6[3] = {3, 3, 5};
  c = tensor(buf + 2048, 3, d6);
  fprintf(stderr, "c batch 3: %d\n", accel_batched_matmul(&a, &b, &c, NULL));
  long d7[3] = {2, 3, 6};
  c = tensor(buf + 2048, 3, d7);
  fprintf(stderr, "c columns: %d\n", accel_batched_matmul(&a, &b, &c, NULL));
  long d8[1] = {5};
  c = tensor(buf + 2048, 1, d8);
  fprintf(stderr, "c rank 1: %d\n", accel_batched_matmul(&a, &b, &c, NULL));
  c = tensor(buf + 10, 3, d3);
  fprintf(stderr, "c overlaps a: %d\n", accel_batched_matmul(&a, &b, &c, NULL));
  long d9[3] = {1, 3, 4};
  a = tensor(buf, 3, d9);
  c = tensor(buf + 2048, 3, d3);
  fprintf(stderr, "c batch 2 where a and b have 1: %d\n",
          accel_batched_matmul(&a, &b, &c, NULL));
  /* The bias lies in c's second matrix only: the first matrices do not
     overlap it. */
  a = tensor(buf, 3, d1);
  long d10[1] = {5};
  accel_tensor bias = tensor(buf + 2048 + 15, 1, d10);
  accel_gemm_options o = accel_gemm_defaults();
  o.bias_kind = ACCEL_BIAS_PER_COLUMN;
  o.bias = &bias;
  fprintf(stderr, "bias in c's second matrix: %d\n",
          accel_batched_matmul(&a, &b, &c, &o));
}

int main(int argc, char **argv) {
  if (argc == 2) {
    errors();
    return 0;
  }
  long h[3 * 7 + 2];
  if (!driver_open("batched_driver", argv[1], NULL) ||
      !driver_read(h, sizeof h, "header"))
    return 3;
  accel_tensor t[3];
  for (int i = 0; i < 3; ++i)
    t[i] = tensor(NULL, (int)h[7 * i], &h[7 * i + 1]);
  for (int i = 0; i < 3; ++i) {
    t[i].data = malloc(4 * (size_t)elements(&t[i]) + 4);
    if (!t[i].data || (i < 2 && !driver_read(t[i].data,
                                             4 * (size_t)elements(&t[i]),
                                             i ? "b" : "a")))
      return 4;
  }
  close(driver_in);
  accel_gemm_options o = accel_gemm_defaults();
  o.trans_a = (int)h[21], o.trans_b = (int)h[22];
  if (accel_batched_matmul(&t[0], &t[1], &t[2], &o))
    return 2;
  return !driver_write_file(argv[2], t[2].data, 4 * (size_t)elements(&t[2]));
}
