/* move_parts.c - accel_concat's and accel_split's shared half: the parts'
   descriptors, their checks and their copies (move_parts.h). */

#include "movement/move_parts.h"
#include "core/kernel_args.h"
#include "core/spm_arena.h"
#include "movement/move_plan.h"
#include "movement/move_transpose.h"
#include <stddef.h>

/* The descriptors after the panels that a transposing copy of a part
   uses (move_transpose.h). */
typedef struct {
  move_transpose_spm transpose;
  accel_tensor *given[MOVE_MAX_PARTS];
  accel_tensor *staged[MOVE_MAX_PARTS];
  accel_tensor copies[MOVE_MAX_PARTS];
} parts_spm;
KERNEL_SPM_FITS(parts_spm);

/* The n descriptors that parts[0..n) point to, and the array itself,
   where they lie in the scratchpad (a graph program's records), else
   copied into the arena (null stays null): the checks and the copies read
   every field, at 3 cycles a load instead of 40. Returns the pointers'
   array, in the arena. */
static accel_tensor **stage_parts(accel_tensor *const *parts, long n) {
  parts_spm *spm = KERNEL_SPM(parts_spm);
  if (n == 0)
    return spm->staged;
  accel_tensor *const *given = parts;
  if (!accel_in_spm(parts)) {
    accel_dma_1d(0, spm->given, parts, n * sizeof *parts);
    accel_dma_wait(0);
    given = spm->given;
  }
  int copied = 0;
  for (long i = 0; i < n; ++i) {
    accel_tensor *t = given[i];
    spm->staged[i] = t;
    if (t && !accel_in_spm(t)) {
      accel_dma_2d_on(KERNEL_CHANNEL(i), &spm->copies[i], t, 1,
                      sizeof(accel_tensor), 0, 0);
      spm->staged[i] = &spm->copies[i];
      copied = 1;
    }
  }
  if (copied)
    accel_dma_wait_all();
  return spm->staged;
}

accel_status move_check_parts(const char *kernel, const char *parts_name,
                              accel_tensor *const *parts, long n, int axis,
                              const accel_tensor *whole, const char *whole_name,
                              int parts_are_outputs, accel_tensor ***staged) {
  if (!accel_checking()) { /* checked before (ACCEL_RUN_CHECKED) */
    *staged = stage_parts(parts, n);
    return ACCEL_OK;
  }
  accel_status s = accel_check_tensor(kernel, whole_name, whole, 1,
                                      ACCEL_MAX_RANK, !parts_are_outputs);
  if (s)
    return s;
  if (!parts)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, parts_name,
                              "null array");
  if (n < 1 || n > MOVE_MAX_PARTS)
    return accel_kernel_error(
        n < 1 ? ACCEL_ERR_ARGUMENT : ACCEL_ERR_UNSUPPORTED, kernel, "n",
        "%ld parts, expected 1 to %d", n, (int)MOVE_MAX_PARTS);
  if (axis < 0 || axis >= whole->rank)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "axis",
                              "%d, expected 0 to %d", axis, whole->rank - 1);
  accel_tensor **p = stage_parts(parts, n);
  long total = 0;
  /* A part's name is built only for a message (accel_tensor_ok). */
  char name[32];
  for (long i = 0; i < n; ++i) {
    if (!accel_tensor_ok(p[i], 1, ACCEL_MAX_RANK, parts_are_outputs) &&
        (s = accel_check_tensor(kernel, accel_indexed_name(name, parts_name, i),
                                p[i], 1, ACCEL_MAX_RANK, parts_are_outputs)))
      return s;
    if (p[i]->rank != whole->rank)
      return accel_kernel_error(
          ACCEL_ERR_ARGUMENT, kernel, accel_indexed_name(name, parts_name, i),
          "rank %d, expected %s's %d", p[i]->rank, whole_name, whole->rank);
    for (int d = 0; d < whole->rank; ++d)
      if (d != axis && p[i]->dims[d] != whole->dims[d])
        return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel,
                                  accel_indexed_name(name, parts_name, i),
                                  "dimension %d is %ld, expected %s's %ld", d,
                                  p[i]->dims[d], whole_name, whole->dims[d]);
    total += p[i]->dims[axis];
  }
  if (total != whole->dims[axis])
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, whole_name,
                              "dimension %d is %ld, expected the sum of the "
                              "%s' %ld",
                              axis, whole->dims[axis], parts_name, total);
  /* Outputs against inputs; split's outputs also against each other (each
     distinct in itself, they must not share an element either). */
  for (long i = 0; i < n; ++i) {
    if (accel_tensors_overlap(p[i], whole)) {
      accel_indexed_name(name, parts_name, i);
      return accel_kernel_error(
          ACCEL_ERR_UNSUPPORTED, kernel, parts_are_outputs ? name : whole_name,
          "overlaps %s", parts_are_outputs ? whole_name : name);
    }
    for (long j = 0; parts_are_outputs && j < i; ++j)
      if (accel_tensors_overlap(p[i], p[j]))
        return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, kernel,
                                  accel_indexed_name(name, parts_name, i),
                                  "overlaps %s[%ld]", parts_name, j);
  }
  *staged = p;
  return ACCEL_OK;
}

/* Whether t's elements lie row-major without gaps (dims of 1 aside). */
static int contiguous(const accel_tensor *t) {
  long step = 1;
  int ok = 1;
  for (int d = t->rank - 1; d >= 0; --d) {
    ok &= t->dims[d] == 1 || t->strides[d] == step;
    step *= t->dims[d];
  }
  return ok;
}

/* Part p of a contiguous whole, itself contiguous: rows of its slab
   (its dims from axis on) at the whole's row pitch, planned as such
   (move_plan_rows) instead of from the part's dims (the general plan's
   normalizing and its transposing and row-gathering tests come to about
   400 cycles before the first byte moves). */
static void copy_slab(const accel_tensor *p, int axis,
                      const accel_tensor *whole, float *at, int to_part,
                      int *channel) {
  long outer = 1, inner = 1, pitch = 1;
  for (int d = 0; d < axis; ++d)
    outer *= whole->dims[d];
  for (int d = axis; d < p->rank; ++d)
    inner *= p->dims[d], pitch *= whole->dims[d];
  if (outer == 0 || inner == 0)
    return;
  move_plan plan;
  move_plan_rows(&plan, outer, inner, to_part ? inner : pitch,
                 to_part ? pitch : inner);
  if (to_part)
    move_plan_run(&plan, p->data, at, channel);
  else
    move_plan_run(&plan, at, p->data, channel);
}

void move_parts_run(accel_tensor *const *parts, long n, int axis,
                    const accel_tensor *whole, int parts_are_outputs) {
  int channel = 0;
  float *at = whole->data;
  int whole_contiguous = contiguous(whole);
  for (long i = 0; i < n; ++i) {
    const accel_tensor *p = parts[i];
    if (whole_contiguous && contiguous(p))
      copy_slab(p, axis, whole, at, parts_are_outputs, &channel);
    else if (parts_are_outputs)
      move_copy(p->rank, p->dims, p->data, p->strides, at, whole->strides,
                &channel);
    else
      move_copy(p->rank, p->dims, at, whole->strides, p->data, p->strides,
                &channel);
    at += p->dims[axis] * whole->strides[axis];
  }
  accel_dma_wait_all();
}
