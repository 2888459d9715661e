/* Runs the data-movement kernels on a case file that movement_check.py
   wrote, and writes the memory image back to argv[2]:

     "MOVECAS1", int64 image words, int64 ops; the image (4-byte words:
     the tensors' buffers, sentinels around them, gather's indices); then
     per op: int64 kind, tensors, parameters, tensors each as int64 rank,
     6 dims, 6 strides and the offset of its data in the image.

   A kernel that fails prints "op N: status S" on stdout. */
#include <accel.h>
#include <accel_kernels.h>

#include "driver_io.h"

enum { TRANSPOSE, CONCAT, SPLIT, SLICE, PAD, GATHER, GATHER_SPM };

static float *Image;

static long word(void) {
  long w = 0;
  if (!driver_read(&w, sizeof w, "ops"))
    exit(4);
  return w;
}

static accel_tensor tensor(void) {
  accel_tensor t = {0};
  t.rank = (int)word();
  for (int d = 0; d < 6; ++d)
    t.dims[d] = word();
  for (int d = 0; d < 6; ++d)
    t.strides[d] = word();
  t.data = Image + word();
  return t;
}

/* An optional array of 6: a flag, then the entries. */
static const long *longs(long *a) {
  int present = (int)word();
  for (int d = 0; d < 6; ++d)
    a[d] = word();
  return present ? a : NULL;
}

static accel_status run(long kind) {
  accel_tensor t[257], *p[256];
  long a[12], b[6];
  switch (kind) {
  case TRANSPOSE: {
    t[0] = tensor(), t[1] = tensor();
    int perm[6];
    const long *l = longs(a);
    for (int d = 0; d < 6; ++d)
      perm[d] = (int)a[d];
    return accel_transpose(&t[0], &t[1], l ? perm : NULL);
  }
  case CONCAT:
  case SPLIT: {
    long n = word(), axis = word();
    t[0] = tensor();
    for (long i = 0; i < n; ++i)
      t[i + 1] = tensor(), p[i] = &t[i + 1];
    if (kind == CONCAT)
      return accel_concat((const accel_tensor *const *)p, n, (int)axis, &t[0]);
    return accel_split(&t[0], (int)axis, p, n);
  }
  case SLICE: {
    t[0] = tensor(), t[1] = tensor();
    const long *start = longs(a), *step = longs(b);
    return accel_slice(&t[0], &t[1], start, step);
  }
  case PAD: {
    t[0] = tensor(), t[1] = tensor();
    long mode = word(), value = word();
    for (int i = 0; i < 12; ++i)
      a[i] = word();
    float v;
    __builtin_memcpy(&v, &value, 4);
    return accel_pad(&t[0], &t[1], a, (accel_pad_mode)mode, v);
  }
  case GATHER: {
    t[0] = tensor(), t[1] = tensor();
    long axis = word(), n = word(), at = word();
    return accel_gather(&t[0], (const int *)(Image + at), n, (int)axis, &t[1]);
  }
  case GATHER_SPM: { /* as a graph program calls it: the indices in the
                        scratchpad, checked once, then run without checks */
    static ACCEL_SPM int indices[1024];
    t[0] = tensor(), t[1] = tensor();
    long axis = word(), n = word(), at = word();
    if (n > 1024)
      exit(7);
    for (long i = 0; i < n; ++i)
      indices[i] = ((const int *)(Image + at))[i];
    accel_set_check_mode(ACCEL_CHECK_ONLY);
    accel_status s = accel_gather(&t[0], indices, n, (int)axis, &t[1]);
    accel_set_check_mode(ACCEL_RUN_CHECKED);
    if (!s)
      s = accel_gather(&t[0], indices, n, (int)axis, &t[1]);
    accel_set_check_mode(ACCEL_CHECK_AND_RUN);
    return s;
  }
  }
  exit(6);
}

int main(int argc, char **argv) {
  if (argc != 3 || !driver_open("movement_driver", argv[1], "MOVECAS1"))
    return 3;
  long words = word(), ops = word();
  Image = malloc(4 * (size_t)words + 4);
  if (!Image || !driver_read(Image, 4 * (size_t)words, "image"))
    return 4;
  for (long i = 0; i < ops; ++i) {
    accel_status s = run(word());
    if (s)
      printf("op %ld: status %d\n", i, (int)s);
  }
  close(driver_in);
  return !driver_write_file(argv[2], Image, 4 * (size_t)words);
}
