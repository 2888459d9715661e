/* pad.c - y = np.pad(x, widths, mode) for the constant, reflect and edge
   modes (docs/kernels.md, "Data movement"): x is copied into y's
   interior, then the border is filled axis by axis as numpy does, each
   axis's border spanning the axes before it whole (so the corners come
   from the borders already made) and the axes after it only inside. */

#include "kernel_args.h"
#include "kernel_stack.h"
#include "move_plan.h"
#include "move_transpose.h"
#include "spm_arena.h"
#include <stddef.h>

static const char Kernel[] = "accel_pad";

/* accel_pad's scalar arguments, passed to its body by address. */
typedef struct {
  accel_pad_mode mode;
  float value;
} pad_mode_value;

/* The fill buffer after the panels that a transposing copy of the
   interior or of a border uses (move_transpose.h). */
typedef struct {
  move_transpose_spm transpose;
  float fill[MOVE_FILL_FLOATS];
} pad_spm;
KERNEL_SPM_FITS(pad_spm);

static accel_status check(const accel_tensor *x, const accel_tensor *y,
                          const long *widths, accel_pad_mode mode) {
  accel_status s;
  if ((s = accel_check_tensor(Kernel, "x", x, 0, ACCEL_MAX_RANK, 0)) ||
      (s = accel_check_tensor(Kernel, "y", y, 0, ACCEL_MAX_RANK, 1)))
    return s;
  if (y->rank != x->rank)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "y",
                              "rank %d, expected x's %d", y->rank, x->rank);
  if (mode != ACCEL_PAD_CONSTANT && mode != ACCEL_PAD_REFLECT &&
      mode != ACCEL_PAD_EDGE)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "mode",
                              "%d is not an accel_pad_mode", (int)mode);
  if (!widths && x->rank)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "widths",
                              "null array");
  for (int d = 0; d < x->rank; ++d) {
    long before = widths[2 * d], after = widths[2 * d + 1];
    if (before < 0 || after < 0)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "widths",
                                "dimension %d: negative width (%ld, %ld)", d,
                                before, after);
    if (y->dims[d] - x->dims[d] != before + after)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "y",
                                "dimension %d is %ld, expected %ld + %ld + "
                                "%ld",
                                d, y->dims[d], before, x->dims[d], after);
    long most = before > after ? before : after;
    if (most && mode == ACCEL_PAD_EDGE && x->dims[d] == 0)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "x",
                                "dimension %d is empty: no edge to repeat", d);
    /* numpy reflects again past the far edge; one reflection is done. */
    if (most && mode == ACCEL_PAD_REFLECT && most > x->dims[d] - 1)
      return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, Kernel, "widths",
                                "dimension %d: width %ld, reflect takes at "
                                "most x's size - 1 = %ld",
                                d, most, x->dims[d] - 1);
  }
  if (accel_tensors_overlap(x, y))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, Kernel, "y", "overlaps x");
  return ACCEL_OK;
}

/* Fills one side of axis d's border: `count` planes from index `at`
   along d, the axes before d whole and those after inside. */
static void border(const accel_tensor *y, const long *widths, int d,
                   accel_pad_mode mode, long at, long count, long from,
                   long step, int *channel) {
  long dims[ACCEL_MAX_RANK], src_strides[ACCEL_MAX_RANK];
  float *dst = y->data;
  const float *src = y->data;
  for (int e = 0; e < y->rank; ++e) {
    long lo = e < d ? 0 : widths[2 * e];
    dims[e] =
        e < d ? y->dims[e] : y->dims[e] - widths[2 * e] - widths[2 * e + 1];
    dst += lo * y->strides[e];
    src += lo * y->strides[e];
    src_strides[e] = y->strides[e];
  }
  if (count == 0)
    return;
  dims[d] = count;
  dst += (at - widths[2 * d]) * y->strides[d];
  if (mode == ACCEL_PAD_CONSTANT) {
    long zero[ACCEL_MAX_RANK] = {0};
    move_plan p;
    move_plan_make(&p, y->rank, dims, y->strides, zero, MOVE_SRC_FILL);
    move_plan_run(&p, dst, KERNEL_SPM(pad_spm)->fill, channel);
    return;
  }
  src += (from - widths[2 * d]) * y->strides[d];
  src_strides[d] = step * y->strides[d];
  move_copy(y->rank, dims, dst, y->strides, src, src_strides, channel);
}

static long pad(const void *xp, const void *yp, const void *widthsp,
                const void *modep) {
  accel_tensor xc, yc;
  const accel_tensor *x = ACCEL_STAGE_READ(0, &xc, (const accel_tensor *)xp);
  const accel_tensor *y = ACCEL_STAGE_READ(1, &yc, (const accel_tensor *)yp);
  const pad_mode_value *mv = modep;
  accel_dma_wait_all();
  int rank = move_arg_rank(x);
  long widths[2 * ACCEL_MAX_RANK];
  for (int i = 0; widthsp && i < 2 * rank; ++i)
    widths[i] = ((const long *)widthsp)[i];
  accel_pad_mode mode = mv->mode;
  accel_status s = check(x, y, widthsp ? widths : 0, mode);
  if (s || accel_only_checking())
    return s;
  long total = 1;
  for (int d = 0; d < rank; ++d)
    total *= y->dims[d];
  if (total == 0)
    return ACCEL_OK;
  if (mode == ACCEL_PAD_CONSTANT) {
    accel_v16f v = mv->value;
    for (int i = 0; i < MOVE_FILL_FLOATS; i += 16)
      accel_vstore(KERNEL_SPM(pad_spm)->fill + i, v);
  }
  int channel = 0;
  float *interior = y->data;
  for (int d = 0; d < rank; ++d)
    interior += widths[2 * d] * y->strides[d];
  move_copy(rank, x->dims, interior, y->strides, x->data, x->strides, &channel);
  for (int d = 0; d < rank; ++d) {
    long before = widths[2 * d], after = widths[2 * d + 1];
    long end = y->dims[d] - after; /* one past the interior */
    /* Edge repeats the first or last plane; reflect mirrors about it. A
       constant border needs nothing written before it, the others read
       the planes the previous axes finished. */
    if (mode != ACCEL_PAD_CONSTANT)
      accel_dma_wait_all();
    long step = mode == ACCEL_PAD_EDGE ? 0 : -1;
    long first = mode == ACCEL_PAD_EDGE ? before : 2 * before;
    long last = mode == ACCEL_PAD_EDGE ? end - 1 : end - 2;
    border(y, widths, d, mode, 0, before, first, step, &channel);
    border(y, widths, d, mode, end, after, last, step, &channel);
  }
  accel_dma_wait_all();
  return ACCEL_OK;
}

accel_status accel_pad(const accel_tensor *x, accel_tensor *y,
                       const long *widths, accel_pad_mode mode, float value) {
  pad_mode_value mv = {mode, value};
  return (accel_status)accel_on_kernel_stack(pad, x, y, widths, &mv);
}
