/* index_walk.c - the indexing kernels' element combination for the
   scatters' reductions (index_walk.h). */

#include "movement/index_walk.h"

/* An integer element's bits, zero-extended: the low bits of a sum or a
   product depend only on the operands' low bits, so one 64-bit add or
   multiply wraps as the element's type would, signed or not. */
static uint64_t load_bits(const void *p, unsigned log2) {
  switch (log2) {
  case 0:
    return *(const uint8_t *)p;
  case 1:
    return *(const uint16_t *)p;
  case 2:
    return *(const uint32_t *)p;
  default:
    return *(const uint64_t *)p;
  }
}

static void store_bits(void *p, uint64_t v, unsigned log2) {
  switch (log2) {
  case 0:
    *(uint8_t *)p = (uint8_t)v;
    break;
  case 1:
    *(uint16_t *)p = (uint16_t)v;
    break;
  case 2:
    *(uint32_t *)p = (uint32_t)v;
    break;
  default:
    *(uint64_t *)p = v;
    break;
  }
}

void scatter_element(void *dst, const void *src, accel_dtype type,
                     accel_scatter_reduction reduction) {
  unsigned log2 = accel_dtype_log2_bytes(type);
  int mul = reduction == ACCEL_SCATTER_MUL;
  if (reduction == ACCEL_SCATTER_NONE) {
    copy_element(dst, src, log2);
  } else if (type == ACCEL_F32) {
    float a = *(float *)dst, b = *(const float *)src;
    *(float *)dst = mul ? a * b : a + b;
  } else if (type == ACCEL_F64) {
    double a = *(double *)dst, b = *(const double *)src;
    *(double *)dst = mul ? a * b : a + b;
  } else {
    uint64_t a = load_bits(dst, log2), b = load_bits(src, log2);
    store_bits(dst, mul ? a * b : a + b, log2);
  }
}

accel_status check_scatter_reduction(const char *kernel, accel_dtype type,
                                     accel_scatter_reduction reduction) {
  if ((unsigned)reduction > ACCEL_SCATTER_MUL)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "reduction",
                              "%d is not an accel_scatter_reduction",
                              (int)reduction);
  if (reduction != ACCEL_SCATTER_NONE &&
      !(SCATTER_REDUCE_DTYPES >> type & 1))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, kernel, "reduction",
                              "%s of element type %s is not implemented "
                              "(f32, f64 and the integers)",
                              reduction == ACCEL_SCATTER_ADD ? "add" : "mul",
                              accel_dtype_name(type));
  return ACCEL_OK;
}
