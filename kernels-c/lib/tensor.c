/* tensor.c - tensor descriptors and the checks every kernel makes of them
   (docs/kernels.md, "Calling convention"). */

#include "kernel_args.h"
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

accel_tensor accel_tensor_f32(float *data, int rank, const long *dims) {
  accel_tensor t = {data, ACCEL_F32, rank, {0}, {0}};
  long stride = 1;
  for (int d = rank - 1; d >= 0; --d) {
    t.dims[d] = dims[d];
    t.strides[d] = stride;
    stride *= dims[d];
  }
  return t;
}

accel_status accel_kernel_error(accel_status status, const char *kernel,
                                const char *argument, const char *format,
                                ...) {
  va_list ap;
  va_start(ap, format);
  fprintf(stderr, "%s: %s: ", kernel, argument);
  vfprintf(stderr, format, ap);
  fputc('\n', stderr);
  va_end(ap);
  return status;
}

accel_status accel_check_tensor(const char *kernel, const char *argument,
                                const accel_tensor *t, int rank,
                                int is_output) {
  if (!t)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, argument,
                              "null descriptor");
  if (t->dtype != ACCEL_F32)
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, kernel, argument,
                              "element type %d is not f32 (the only one "
                              "implemented)",
                              (int)t->dtype);
  if (t->rank != rank)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, argument,
                              "rank %d, expected %d", t->rank, rank);
  /* The last element's offset, in bytes, without overflow: every product
     is checked against DRAM's size first. */
  uint64_t last = 0, empty = 0;
  for (int d = 0; d < rank; ++d) {
    if (t->dims[d] < 0 || t->strides[d] < 0)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, argument,
                                "dimension %d: negative size %ld or stride "
                                "%ld",
                                d, t->dims[d], t->strides[d]);
    if (is_output && t->strides[d] == 0 && t->dims[d] > 1)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, argument,
                                "dimension %d: stride 0 in an output "
                                "(elements would alias)",
                                d);
    empty |= t->dims[d] == 0;
    if (t->dims[d] == 0)
      continue;
    uint64_t span = (uint64_t)(t->dims[d] - 1);
    uint64_t stride = (uint64_t)t->strides[d];
    if (stride && span > (uint64_t)__ACCEL_DRAM_SIZE__ / 4 / stride)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, argument,
                                "dimension %d: %ld elements of stride %ld "
                                "do not fit in DRAM",
                                d, t->dims[d], t->strides[d]);
    last += span * stride * 4;
  }
  if (empty)
    return ACCEL_OK;
  uint64_t begin = (uint64_t)(uintptr_t)t->data;
  uint64_t dram_end = (uint64_t)__ACCEL_DRAM_BASE__ + __ACCEL_DRAM_SIZE__;
  if (!t->data || begin % 4 || begin < __ACCEL_DRAM_BASE__ ||
      begin >= dram_end || last + 4 > dram_end - begin)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, argument,
                              "data %p (%llu bytes to its last element) is "
                              "not 4-byte aligned inside DRAM [%#llx, %#llx)",
                              t->data, (unsigned long long)last + 4,
                              (unsigned long long)__ACCEL_DRAM_BASE__,
                              (unsigned long long)dram_end);
  return ACCEL_OK;
}
