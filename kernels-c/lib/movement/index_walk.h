/* index_walk.h - what the indexing kernels share (docs/kernels.md,
   "Indexing"): a tensor's elements visited in row-major order, an element
   of any type copied or combined by its size, an index read from an int32
   or int64 tensor. These kernels are scalar loops over DRAM: the ops are
   rare and move few elements in the models that use them, where a plan of
   transfers would cost more to build than the loop costs to run. */

#ifndef ACCEL_INDEX_WALK_H
#define ACCEL_INDEX_WALK_H

#include "core/kernel_args.h"
#include <stddef.h>
#include <stdint.h>

/* The index types: int32 and int64, as ONNX's indices. */
#define INDEX_DTYPES (ACCEL_DTYPE_BIT(ACCEL_I32) | ACCEL_DTYPE_BIT(ACCEL_I64))

/* A position in dims[0 .. rank), stepped in row-major order. */
typedef struct {
  int rank;
  long dims[ACCEL_MAX_RANK];
  long at[ACCEL_MAX_RANK];
} index_walk;

/* The walk's first position; 0 if dims holds no element. */
static inline int walk_start(index_walk *w, int rank, const long *dims) {
  long count = 1;
  w->rank = rank;
  for (int d = 0; d < rank; ++d) {
    w->dims[d] = dims[d];
    w->at[d] = 0;
    count *= dims[d];
  }
  return count != 0;
}

/* The next position; 0 after the last. */
static inline int walk_next(index_walk *w) {
  for (int d = w->rank - 1; d >= 0; --d) {
    if (++w->at[d] < w->dims[d])
      return 1;
    w->at[d] = 0;
  }
  return 0;
}

/* Position at (from dimension `from` on, rank dimensions) in elements of
   a tensor of these strides. */
static inline long walk_offset(const long *at, const long *strides, int rank) {
  long o = 0;
  for (int d = 0; d < rank; ++d)
    o += at[d] * strides[d];
  return o;
}

/* The element at offset (in elements) of t. */
static inline char *element_at(const accel_tensor *t, long offset) {
  return (char *)t->data + (offset << accel_dtype_log2_bytes(t->dtype));
}

/* An int32 or int64 tensor's element at offset. */
static inline long index_at(const accel_tensor *t, long offset) {
  return t->dtype == ACCEL_I64 ? ((const long *)t->data)[offset]
                               : ((const int *)t->data)[offset];
}

/* index made non-negative (ONNX's negative indices count from the end);
   -1 if it is outside [-size, size). */
static inline long wrap_index(long index, long size) {
  if (index < -size || index >= size)
    return -1;
  return index < 0 ? index + size : index;
}

/* The first entry (row-major) of indices outside [-m, m), m sizes[j]
   for an entry j along the last dimension (or size, sizes null), and its
   value in *value; -1 if every one is inside. */
long index_outside(const accel_tensor *indices, const long *sizes, long size,
                   long *value);

/* One element of 2^log2 bytes from src to dst. */
static inline void copy_element(void *dst, const void *src, unsigned log2) {
  switch (log2) {
  case 0:
    *(uint8_t *)dst = *(const uint8_t *)src;
    break;
  case 1:
    *(uint16_t *)dst = *(const uint16_t *)src;
    break;
  case 2:
    *(uint32_t *)dst = *(const uint32_t *)src;
    break;
  default:
    *(uint64_t *)dst = *(const uint64_t *)src;
    break;
  }
}

/* The statements, with T the unsigned integer type of an element of
   2^log2 bytes (its bits): an inner loop of copies specialized by size. */
#define WITH_ELEMENT_BITS(log2, T, ...)                                        \
  switch (log2) {                                                              \
  case 0: {                                                                    \
    typedef uint8_t T;                                                         \
    __VA_ARGS__                                                                \
  } break;                                                                     \
  case 1: {                                                                    \
    typedef uint16_t T;                                                        \
    __VA_ARGS__                                                                \
  } break;                                                                     \
  case 2: {                                                                    \
    typedef uint32_t T;                                                        \
    __VA_ARGS__                                                                \
  } break;                                                                     \
  default: {                                                                   \
    typedef uint64_t T;                                                        \
    __VA_ARGS__                                                                \
  } break;                                                                     \
  }

/* The element types a scatter's add and mul combine: f32, f64 and the
   integers (wrapping, as numpy's). */
#define SCATTER_REDUCE_DTYPES                                                  \
  (ACCEL_DTYPE_BIT(ACCEL_F32) | ACCEL_DTYPE_BIT(ACCEL_F64) |                   \
   ACCEL_DTYPE_BIT(ACCEL_I8) | ACCEL_DTYPE_BIT(ACCEL_I16) |                    \
   ACCEL_DTYPE_BIT(ACCEL_I32) | ACCEL_DTYPE_BIT(ACCEL_I64) |                   \
   ACCEL_DTYPE_BIT(ACCEL_U8) | ACCEL_DTYPE_BIT(ACCEL_U16) |                    \
   ACCEL_DTYPE_BIT(ACCEL_U32) | ACCEL_DTYPE_BIT(ACCEL_U64))

/* An indexing kernel's body: its tensors (t[i] null where absent),
   staged in the scratchpad, and its other arguments. */
typedef accel_status index_body(const accel_tensor *const *t, const long *p);

enum { INDEX_MAX_TENSORS = 5, INDEX_MAX_PARAMS = ACCEL_MAX_RANK + 2 };

/* Runs body on the kernels' scratchpad stack (kernel_stack.h) with its n
   tensors' descriptors copied there and its np other arguments: the
   walks' positions and offsets then cost 3 cycles a load, not DRAM's
   40. */
accel_status index_on_kernel_stack(index_body *body,
                                   const accel_tensor *const *t, int n,
                                   const long *p, int np);

/* Called by a body after its checks of the descriptors: copies each of
   the call's tensors whose span (first element to last, gaps and all)
   fits what is left of the kernels' scratchpad arena there, in order, and
   points its descriptor at the copy (element loads then cost 3 cycles,
   not 40). After the body returns ACCEL_OK the result (the last tensor)
   is copied back, its span whole: the gaps as they were read. */
void index_stage(void);

/* y = x (one type and shape, no overlap): accel_cast where both are in
   DRAM, else an element at a time (a staged one is in the scratchpad). */
accel_status copy_tensor(const accel_tensor *x, const accel_tensor *y);

/* dst = src (ACCEL_SCATTER_NONE), dst + src or dst * src, in dst's type
   (one of SCATTER_REDUCE_DTYPES for the last two). */
void scatter_element(void *dst, const void *src, accel_dtype type,
                     accel_scatter_reduction reduction);

/* Whether reduction is one of the enum's, and for add or mul whether
   type is one they combine; a message naming kernel if not. */
accel_status check_scatter_reduction(const char *kernel, accel_dtype type,
                                     accel_scatter_reduction reduction);

#endif
