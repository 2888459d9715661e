/* gather.c - y = np.take(x, indices, axis) (docs/kernels.md, "Data
   movement"): per index, one copy of x's slab at that index into y's, all
   by one plan; for an embedding table (axis 0, rows contiguous) one row
   transfer per index, over the four channels in turn. Other element types
   than f32: gather_typed.c. */

#include "core/kernel_args.h"
#include "core/kernel_machine.h"
#include "core/kernel_stack.h"
#include "core/spm_arena.h"
#include "movement/gather_typed.h"
#include "movement/move_plan.h"
#include "movement/move_transpose.h"
#include <stddef.h>
#include <stdint.h>

static const char Kernel[] = "accel_gather";

_Static_assert(sizeof(int) == 4, "indices are 32-bit");

/* The indices, staged in chunks: read twice (checked, then used), at 3
   cycles a load instead of 40; after the buffers of a gather along the
   last axis through the scratchpad (move_rows.h). */
enum { CHUNK = 64 * 1024 };
typedef struct {
  move_transpose_spm rows;
  int indices[CHUNK];
} gather_spm;
KERNEL_SPM_FITS(gather_spm);

/* accel_gather's arguments but x and y, passed to its body by address. */
typedef struct {
  const int *indices;
  long n;
  int axis;
} gather_call;

/* How many of n indices the chunk from `from` holds. */
static long chunk_size(long from, long n) {
  return n - from < CHUNK ? n - from : CHUNK;
}

/* The chunk from `from`: where it lies in the scratchpad (a graph
   program's), else copied into the arena. */
static const int *stage_chunk(const int *indices, long from, long n) {
  if (accel_in_spm(indices))
    return indices + from;
  int *spm = KERNEL_SPM(gather_spm)->indices;
  accel_dma_1d(0, spm, indices + from, chunk_size(from, n) * 4);
  accel_dma_wait(0);
  return spm;
}

/* A checked index (numpy's negative ones count from the end). */
static inline long wrap(int index, long size) {
  return index < 0 ? index + size : index;
}

static int inside(uintptr_t begin, uintptr_t bytes, uintptr_t base,
                  uintptr_t size) {
  return begin >= base && begin - base <= size &&
         bytes <= size - (begin - base);
}

/* Whether count staged indices (count >= 1) are all in [-size, size):
   their least and greatest, a vector at a time on the vector unit (a scalar
   test costs about 8 cycles an index, a fifth of a 3 KiB row's share of the
   channels). */
/* Not inlined: inlined into check_indices' loop it took 120 cycles
   more. */
__attribute__((noinline)) static int in_range(const int *v, long count,
                                             long size) {
  accel_v16i lo = v[0], hi = v[0];
  long i = 0;
  for (; i + KERNEL_LANES <= count; i += KERNEL_LANES) {
    accel_v16i x = *(const accel_v16i *)(v + i);
    lo = x < lo ? x : lo;
    hi = x > hi ? x : hi;
  }
  long least = -accel_vredmax_i(-lo), most = accel_vredmax_i(hi);
  for (; i < count; ++i) {
    least = v[i] < least ? v[i] : least;
    most = v[i] > most ? v[i] : most;
  }
  return least >= -size && most < size;
}

/* Whether every index is in [-size, size) (checked in every mode: they
   are data); *first receives the first chunk, staged. */
static accel_status check_indices(const gather_call *c, long size,
                                  const int **first) {
  for (long from = 0; from < c->n; from += CHUNK) {
    const int *chunk = stage_chunk(c->indices, from, c->n);
    long count = chunk_size(from, c->n);
    if (from == 0)
      *first = chunk;
    if (in_range(chunk, count, size))
      continue;
    for (long i = 0; i < count; ++i)
      if (chunk[i] < -size || chunk[i] >= size)
        return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "indices",
                                  "entry %ld is %d, outside [%ld, %ld)",
                                  from + i, chunk[i], -size, size);
  }
  return ACCEL_OK;
}

static accel_status check(const accel_tensor *x, const accel_tensor *y,
                          const gather_call *c, const int **first) {
  accel_status s;
  if ((s = accel_check_tensor(Kernel, "x", x, 1, ACCEL_MAX_RANK, 0)) ||
      (s = accel_check_tensor(Kernel, "y", y, 1, ACCEL_MAX_RANK, 1)))
    return s;
  if (c->axis < 0 || c->axis >= x->rank)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "axis",
                              "%d, expected 0 to %d", c->axis, x->rank - 1);
  if (c->n < 0)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "n",
                              "negative count %ld", c->n);
  if (y->rank != x->rank)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "y",
                              "rank %d, expected x's %d", y->rank, x->rank);
  for (int d = 0; d < x->rank; ++d) {
    long want = d == c->axis ? c->n : x->dims[d];
    if (y->dims[d] != want)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "y",
                                "dimension %d is %ld, expected %ld%s", d,
                                y->dims[d], want,
                                d == c->axis ? " (n)" : " (x's)");
  }
  if (accel_tensors_overlap(x, y))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, Kernel, "y", "overlaps x");
  if (c->n == 0)
    return ACCEL_OK;
  uintptr_t at = (uintptr_t)c->indices, bytes = 4 * (uintptr_t)c->n;
  if (!c->indices)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "indices",
                              "null array");
  if (at % 4 || (!inside(at, bytes, __ACCEL_DRAM_BASE__, __ACCEL_DRAM_SIZE__) &&
                 !inside(at, bytes, __ACCEL_SPM_BASE__, __ACCEL_SPM_SIZE__)))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "indices",
                              "%ld ints at %#lx are not aligned inside DRAM "
                              "or the scratchpad",
                              c->n, (unsigned long)at);
  return check_indices(c, x->dims[c->axis], first);
}

/* The slabs of count indices when each is one transfer (an embedding
   table's rows): four at a time, one per channel, the channel numbers
   constants and the addresses in registers, so that the processor issues
   faster than the channels finish. */
static void gather_rows(const move_plan *p, float *dst, long dst_step,
                        const float *x, long x_step, long size,
                        const int *index, long count) {
  char *d = (char *)(dst + p->dst_offset);
  const char *s = (const char *)(x + p->src_offset);
  long ds = 4 * dst_step, xs = 4 * x_step, rows = p->rows;
  long bytes = p->row_bytes, dst_rs = p->dst_row_stride,
       src_rs = p->src_row_stride;
#define ROW(ch, i)                                                             \
  accel_dma_2d(ch, d + (i)*ds, s + wrap(index[i], size) * xs, rows, bytes,     \
               dst_rs, src_rs)
  long i = 0;
  for (; i + 4 <= count; i += 4, index += 4, d += 4 * ds) {
    ROW(0, 0);
    ROW(1, 1);
    ROW(2, 2);
    ROW(3, 3);
  }
  for (long j = 0; j < count - i; ++j)
    accel_dma_2d_on(j, d + j * ds, s + wrap(index[j], size) * xs, rows, bytes,
                    dst_rs, src_rs);
#undef ROW
}

static long gather(const void *xp, const void *yp, const void *callp,
                   const void *unused) {
  (void)unused;
  accel_tensor xc, yc;
  gather_call c;
  const accel_tensor *x = ACCEL_STAGE_READ(0, &xc, (const accel_tensor *)xp);
  const accel_tensor *y = ACCEL_STAGE_READ(1, &yc, (const accel_tensor *)yp);
  ACCEL_STAGE(2, &c, (const gather_call *)callp);
  accel_dma_wait_all();
  _Static_assert(ACCEL_F32 == 0, "f32 is the only type whose bits are 0");
  if (x && y && __builtin_expect((unsigned)x->dtype | (unsigned)y->dtype, 0))
    return gather_typed(x, c.indices, c.n, c.axis, y);
  /* The tensors checked once before in ACCEL_RUN_CHECKED; the indices,
     which are data, every call. */
  const int *first = NULL;
  accel_status s = accel_checking() ? check(x, y, &c, &first)
                   : c.n > 0        ? check_indices(&c, x->dims[c.axis], &first)
                                    : ACCEL_OK;
  if (s || accel_only_checking())
    return s;
  /* Along the last axis, x's rows come into the scratchpad whole and the
     indices pick their elements there (move_rows.h): the staged indices
     (one chunk: move_rows_gather takes at most that many) become byte
     offsets. */
  move_rows rows;
  if (c.axis == x->rank - 1 && move_rows_gather(&rows, x, y, c.n)) {
    int *offsets = KERNEL_SPM(gather_spm)->indices;
    if (c.n > 0 && first != offsets) { /* the caller's: not ours to change */
      accel_dma_1d(0, offsets, first, c.n * 4);
      accel_dma_wait(0);
    }
    int size = (int)x->dims[c.axis];
    long i = 0;
    for (; i + KERNEL_LANES <= c.n; i += KERNEL_LANES) {
      accel_v16i v = *(accel_v16i *)(offsets + i);
      *(accel_v16i *)(offsets + i) = (v + (v < 0 ? size : 0)) << 2;
    }
    for (; i < c.n; ++i)
      offsets[i] = (int)(4 * wrap(offsets[i], size));
    rows.offsets = offsets;
    move_rows_run(&rows, y->data, x->data, &KERNEL_SPM(gather_spm)->rows.rows);
    return ACCEL_OK;
  }
  /* The slab: x's dims and y's strides without the axis. */
  long dims[ACCEL_MAX_RANK], dst_strides[ACCEL_MAX_RANK],
      src_strides[ACCEL_MAX_RANK];
  int rank = 0;
  for (int d = 0; d < x->rank; ++d)
    if (d != c.axis) {
      dims[rank] = x->dims[d];
      dst_strides[rank] = y->strides[d];
      src_strides[rank++] = x->strides[d];
    }
  move_plan p;
  move_plan_make(&p, rank, dims, dst_strides, src_strides, MOVE_SRC_VIEW);
  long size = x->dims[c.axis], x_step = x->strides[c.axis];
  float *dst = y->data;
  int channel = 0;
  const int *chunk = first;
  for (long from = 0; from < c.n; from += CHUNK) {
    /* The check left the only chunk staged. */
    if (c.n > CHUNK)
      chunk = stage_chunk(c.indices, from, c.n);
    long count = chunk_size(from, c.n);
    if (move_plan_is_one_transfer(&p)) {
      gather_rows(&p, dst, y->strides[c.axis], (const float *)x->data, x_step,
                  size, chunk, count);
      dst += count * y->strides[c.axis];
      continue;
    }
    for (long i = 0; i < count; ++i) {
      move_plan_run(&p, dst,
                    (const float *)x->data + wrap(chunk[i], size) * x_step,
                    &channel);
      dst += y->strides[c.axis];
    }
  }
  accel_dma_wait_all();
  return ACCEL_OK;
}

accel_status accel_gather(const accel_tensor *x, const int *indices, long n,
                          int axis, accel_tensor *y) {
  gather_call c = {indices, n, axis};
  return (accel_status)accel_on_kernel_stack(gather, x, y, &c, 0);
}
