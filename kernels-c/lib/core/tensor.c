/* tensor.c - tensor descriptors and the checks every kernel makes of them
   (docs/kernels.md, "Calling convention"). */

#include "core/kernel_args.h"
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
                                const char *argument, const char *format, ...) {
  va_list ap;
  va_start(ap, format);
  fprintf(stderr, "%s: %s: ", kernel, argument);
  vfprintf(stderr, format, ap);
  fputc('\n', stderr);
  va_end(ap);
  return status;
}

const char *accel_indexed_name(char *buf, const char *base, long i) {
  char digits[20];
  int n = 0;
  unsigned long u = i < 0 ? 0ul - (unsigned long)i : (unsigned long)i;
  do
    digits[n++] = (char)('0' + u % 10);
  while ((u /= 10));
  char *p = buf;
  while (*base)
    *p++ = *base++;
  *p++ = '[';
  if (i < 0)
    *p++ = '-';
  while (n)
    *p++ = digits[--n];
  *p++ = ']';
  *p = 0;
  return buf;
}

ACCEL_SPM accel_check_mode accel_kernel_check_mode;

void accel_set_check_mode(accel_check_mode mode) {
  accel_kernel_check_mode = mode;
}

/* Taking the dimensions by increasing stride, each stride must step over
   everything the smaller ones reach. (A sufficient test; every layout a
   kernel writes passes.) */
int accel_elements_distinct(const accel_tensor *t) {
  int order[ACCEL_MAX_RANK], n = 0;
  for (int d = 0; d < t->rank; ++d)
    if (t->dims[d] > 1) {
      int i = n++;
      for (; i > 0 && t->strides[order[i - 1]] > t->strides[d]; --i)
        order[i] = order[i - 1];
      order[i] = d;
    }
  uint64_t reach = 0; /* the largest offset of the dimensions so far */
  for (int i = 0; i < n; ++i) {
    int d = order[i];
    if ((uint64_t)t->strides[d] <= reach)
      return 0;
    reach += (uint64_t)t->strides[d] * (uint64_t)(t->dims[d] - 1);
  }
  return 1;
}

/* ", "-separated names of the types in the set, in buf (room for all
   of them). */
static const char *type_names(char *buf, unsigned types) {
  char *p = buf;
  for (int d = 0; d < ACCEL_DTYPE_COUNT; ++d)
    if (types >> d & 1) {
      if (p != buf)
        *p++ = ',', *p++ = ' ';
      for (const char *n = accel_dtype_name((accel_dtype)d); *n;)
        *p++ = *n++;
    }
  *p = 0;
  return buf;
}

/* accel_check_tensor_typed; inlined into both entries, so that
   accel_check_tensor's types are a constant. */
static inline __attribute__((always_inline)) accel_status
check_tensor(const char *kernel, const char *argument, const accel_tensor *t,
             unsigned types, int min_rank, int max_rank, int is_output) {
  if (!t)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, argument,
                              "null descriptor");
  if (!accel_dtype_valid(t->dtype))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, argument,
                              "element type %d is not an accel_dtype",
                              (int)t->dtype);
  if (!(types >> t->dtype & 1)) {
    char names[ACCEL_DTYPE_COUNT * 8];
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, kernel, argument,
                              "element type %s is not implemented (only %s)",
                              accel_dtype_name(t->dtype),
                              type_names(names, types));
  }
  if (t->rank < min_rank || t->rank > max_rank) {
    if (min_rank == max_rank)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, argument,
                                "rank %d, expected %d", t->rank, min_rank);
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, argument,
                              "rank %d, expected %d to %d", t->rank, min_rank,
                              max_rank);
  }
  int rank = t->rank;
  /* A constant for accel_check_tensor (its one type is f32). */
  unsigned log2_size = types == ACCEL_DTYPE_BIT(ACCEL_F32)
                           ? 2
                           : accel_dtype_log2_bytes(t->dtype);
  uint64_t size = 1u << log2_size;
  /* The last element's offset, in bytes, without overflow: every product
     is checked against DRAM's size first. */
  uint64_t last = 0, empty = 0;
  for (int d = 0; d < rank; ++d) {
    if (t->dims[d] < 0)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, argument,
                                "dimension %d: negative size %ld", d,
                                t->dims[d]);
    if (t->strides[d] < 0)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, argument,
                                "dimension %d: negative stride %ld", d,
                                t->strides[d]);
    empty |= t->dims[d] == 0;
    if (t->dims[d] == 0)
      continue;
    uint64_t span = (uint64_t)(t->dims[d] - 1);
    uint64_t stride = (uint64_t)t->strides[d];
    if (stride &&
        span > ((uint64_t)__ACCEL_DRAM_SIZE__ >> log2_size) / stride)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, argument,
                                "dimension %d: %ld elements of stride %ld "
                                "do not fit in DRAM",
                                d, t->dims[d], t->strides[d]);
    last += span * stride << log2_size;
  }
  if (empty)
    return ACCEL_OK;
  if (is_output && !accel_elements_distinct(t))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, argument,
                              "its strides give two elements one address "
                              "(an output's elements must be distinct)");
  uint64_t begin = (uint64_t)(uintptr_t)t->data;
  uint64_t dram_end = (uint64_t)__ACCEL_DRAM_BASE__ + __ACCEL_DRAM_SIZE__;
  if (!t->data)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, argument,
                              "null data");
  if (begin % size)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, argument,
                              "data %#llx is not %d-byte aligned",
                              (unsigned long long)begin, (int)size);
  if (begin < __ACCEL_DRAM_BASE__ || begin >= dram_end ||
      last + size > dram_end - begin)
    return accel_kernel_error(
        ACCEL_ERR_ARGUMENT, kernel, argument,
        "elements [%#llx, %#llx) are not inside DRAM "
        "[%#llx, %#llx)",
        (unsigned long long)begin, (unsigned long long)(begin + last + size),
        (unsigned long long)__ACCEL_DRAM_BASE__, (unsigned long long)dram_end);
  return ACCEL_OK;
}

accel_status accel_check_tensor(const char *kernel, const char *argument,
                                const accel_tensor *t, int min_rank,
                                int max_rank, int is_output) {
  /* The common case in one run; the checks decide the rest and name the
     problem. */
  if (accel_tensor_ok(t, min_rank, max_rank, is_output))
    return ACCEL_OK;
  return check_tensor(kernel, argument, t, ACCEL_DTYPE_BIT(ACCEL_F32),
                      min_rank, max_rank, is_output);
}

accel_status accel_check_tensor_typed(const char *kernel, const char *argument,
                                      const accel_tensor *t, unsigned types,
                                      int min_rank, int max_rank,
                                      int is_output) {
  return check_tensor(kernel, argument, t, types, min_rank, max_rank,
                      is_output);
}

/* [first, last element + 1) in bytes; empty for an empty tensor. */
static void footprint(const accel_tensor *t, uintptr_t *begin, uintptr_t *end) {
  uintptr_t last = 0;
  for (int d = 0; d < t->rank; ++d) {
    if (t->dims[d] == 0) {
      *begin = *end = 0;
      return;
    }
    last += (uintptr_t)(t->dims[d] - 1) * (uintptr_t)t->strides[d] * 4;
  }
  *begin = (uintptr_t)t->data;
  *end = *begin + last + 4;
}

/* footprint for a tensor of any type. */
static void typed_footprint(const accel_tensor *t, uintptr_t *begin,
                            uintptr_t *end) {
  uintptr_t last = 0;
  unsigned log2_size = accel_dtype_log2_bytes(t->dtype);
  for (int d = 0; d < t->rank; ++d) {
    if (t->dims[d] == 0) {
      *begin = *end = 0;
      return;
    }
    last += (uintptr_t)(t->dims[d] - 1) * (uintptr_t)t->strides[d]
            << log2_size;
  }
  *begin = (uintptr_t)t->data;
  *end = *begin + last + ((uintptr_t)1 << log2_size);
}

int accel_typed_tensors_overlap(const accel_tensor *x, const accel_tensor *y) {
  uintptr_t xb, xe, yb, ye;
  typed_footprint(x, &xb, &xe);
  typed_footprint(y, &yb, &ye);
  return xb < xe && yb < ye && xb < ye && yb < xe;
}

int accel_tensors_overlap(const accel_tensor *x, const accel_tensor *y) {
  uintptr_t xb, xe, yb, ye;
  footprint(x, &xb, &xe);
  footprint(y, &yb, &ye);
  return xb < xe && yb < ye && xb < ye && yb < xe;
}
