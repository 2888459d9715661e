/* reduce_half.c - accel_reduce of f16 and bf16 computed in f32 on the
   vector unit and the stream engine: x's span comes into the scratchpad
   beside reduce.c's buffers, is widened to f32 there (cast_vector.h),
   reduced by reduce_run into an f32 result in the scratchpad, and each
   result is rounded once to y's type on its way to y. Where the span
   does not fit, and for LogSumExp (whose lines reduce.c may hand to
   reduce_typed.c, which takes the whole arena), reduce_typed.c's scalar
   loops run instead. */

#include "elementwise/cast_vector.h"
#include "reduce/reduce_core.h"
#include "reduce/typed_elem.h"

static long round_burst(long bytes) { return (bytes + 63) / 64 * 64; }

int reduce_half_run(accel_reduce_op op, const accel_tensor *x,
                    const int *reduced, void *y, const long *y_strides) {
  if (op == ACCEL_REDUCE_LOG_SUM_EXP)
    return 0;
  int bf16 = x->dtype == ACCEL_BF16;
  long span = elem_span(x), outputs = 1;
  for (int d = 0; d < x->rank; ++d)
    if (!reduced[d])
      outputs *= x->dims[d];
  long at = round_burst(reduce_run_arena_bytes());
  long half_bytes = round_burst(2 * span), wide_bytes = round_burst(4 * span);
  if (span == 0 || outputs == 0 ||
      at + half_bytes + wide_bytes + 4 * outputs > ACCEL_KERNEL_SPM_BYTES)
    return 0;
  char *arena = (char *)accel_kernel_spm;
  uint16_t *half = (uint16_t *)(arena + at);
  float *wide = (float *)(arena + at + half_bytes);
  float *res = (float *)(arena + at + half_bytes + wide_bytes);
  accel_dma_1d(0, half, x->data, 2 * span);
  accel_dma_wait(0);
  long done = vcast_half_to_f32(half, wide, span, bf16);
  for (long i = done; i < span; ++i)
    wide[i] = (float)elem_load_f64(x->dtype, half, i);
  /* x as f32 where it now lies, and a packed f32 result. */
  accel_tensor wx = *x;
  wx.data = wide, wx.dtype = ACCEL_F32;
  long ws[ACCEL_MAX_RANK] = {0}, s = 1;
  elem_odometer kept = {.rank = 0};
  for (int d = x->rank - 1; d >= 0; --d)
    if (!reduced[d])
      ws[d] = s, s *= x->dims[d];
  for (int d = 0; d < x->rank; ++d)
    if (!reduced[d]) {
      kept.dims[kept.rank] = x->dims[d];
      kept.xs[kept.rank] = ws[d];
      kept.ys[kept.rank++] = y_strides[d];
    }
  reduce_run(op, &wx, reduced, res, ws);
  for (long k = 0; k < outputs; ++k) {
    long ro, yo;
    elem_odometer_offsets(&kept, k, &ro, &yo);
    elem_store_f64(x->dtype, y, yo, res[ro]);
  }
  return 1;
}
