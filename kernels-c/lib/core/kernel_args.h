/* kernel_args.h - the kernel library's checks of its arguments
   (docs/kernels.md, "Calling convention"): each prints one line,
   "<kernel>: <argument>: <problem>", and returns the status to return. */

#ifndef ACCEL_KERNEL_ARGS_H
#define ACCEL_KERNEL_ARGS_H

#include "core/kernel_dma.h"
#include <accel.h>
#include <accel_kernels.h>

/* Whether p points into the scratchpad. */
static inline int accel_in_spm(const void *p) {
  return (unsigned long)p - __ACCEL_SPM_BASE__ < __ACCEL_SPM_SIZE__;
}

/* A kernel's descriptor and option arguments, copied into its frame on
   the scratchpad stack (kernel_stack.h): the checks read every field, and
   from the caller's memory in DRAM each read would cost 40 cycles, where
   one DMA transfer each, on the constant channel ch, take 70 for all four
   channels' copies together; from the scratchpad (a graph program's
   records, a caller's frame) by loads. Evaluates to dst, or to a null
   pointer (copying nothing) for a null src. accel_dma_wait_all() waits
   for the transfers. */
#define ACCEL_STAGE(ch, dst, src)                                              \
  ((src) ? (accel_in_spm(src) ? (void)(*(dst) = *(src))                        \
                              : accel_dma_1d(ch, dst, src, sizeof *(dst)),     \
            (dst))                                                             \
         : NULL)

/* ACCEL_STAGE for an argument the kernel only reads, through the pointer
   this evaluates to: one already in the scratchpad is read where it lies,
   without a copy (or, when nothing else is staged, the transfers' round
   trip: about 70 cycles a call). */
#define ACCEL_STAGE_READ(ch, dst, src)                                         \
  (accel_in_spm(src) ? (const __typeof__(*(dst)) *)(src)                       \
                     : (const __typeof__(*(dst)) *)ACCEL_STAGE(ch, dst, src))

/* accel_set_check_mode's mode, in the scratchpad (read at every call). */
extern accel_check_mode accel_kernel_check_mode;

/* Whether this call checks its arguments: not in ACCEL_RUN_CHECKED. */
static inline int accel_checking(void) {
  return accel_kernel_check_mode != ACCEL_RUN_CHECKED;
}

/* Whether this call only checks them (ACCEL_CHECK_ONLY): a kernel returns
   ACCEL_OK where its last check has passed, before its first transfer of
   data. */
static inline int accel_only_checking(void) {
  return accel_kernel_check_mode == ACCEL_CHECK_ONLY;
}

/* Prints "<kernel>: <argument>: <message>" to stderr; returns status. */
accel_status accel_kernel_error(accel_status status, const char *kernel,
                                const char *argument, const char *format, ...)
    __attribute__((format(printf, 4, 5)));

/* "<base>[<i>]" in buf (room for base and 22 more characters), an
   argument's name for the checks' messages: snprintf costs hundreds of
   cycles a call, made for every argument checked whether it fails or
   not. Returns buf. */
const char *accel_indexed_name(char *buf, const char *base, long i);

/* A tensor argument: not null, f32 (another accel_dtype:
   ACCEL_ERR_UNSUPPORTED naming it; a value that is not one:
   ACCEL_ERR_ARGUMENT), of a rank from min_rank to max_rank,
   dims and strides
   not negative, for an output no two elements at one address, its data
   4-byte aligned and its whole footprint inside DRAM. */
accel_status accel_check_tensor(const char *kernel, const char *argument,
                                const accel_tensor *t, int min_rank,
                                int max_rank, int is_output);

/* The set of element types a kernel computes, for
   accel_check_tensor_typed: ACCEL_DTYPE_BIT(ACCEL_I32) |
   ACCEL_DTYPE_BIT(ACCEL_I64), or ACCEL_ALL_DTYPES. */
#define ACCEL_DTYPE_BIT(d) (1u << (d))
#define ACCEL_ALL_DTYPES ((1u << ACCEL_DTYPE_COUNT) - 1)

/* accel_check_tensor for a tensor whose element type is one of the set
   types (ACCEL_ERR_UNSUPPORTED naming the type otherwise), its data
   aligned to its element size and its footprint measured in its
   elements' bytes. It makes every check itself: no fast path. */
accel_status accel_check_tensor_typed(const char *kernel, const char *argument,
                                      const accel_tensor *t, unsigned types,
                                      int min_rank, int max_rank,
                                      int is_output);

/* accel_tensors_overlap for tensors of any element type. */
int accel_typed_tensors_overlap(const accel_tensor *x, const accel_tensor *y);

/* Whether t passes every check of accel_check_tensor for a tensor of
   \p rank (an output if is_output), decided in one run of loads and
   compares with no message: the checks one at a time, each a load, a
   compare and a branch (with a division for the size), cost about 100
   cycles a tensor. It accepts only sizes and strides below 2^31 and an
   output whose dimensions' strides grow from the last to the first (as
   in every layout but a transposed one); for anything else it answers 0
   and the caller runs accel_check_tensor, which decides exactly and
   prints the message. When it answers 1, [*begin, *end) is t's footprint
   in bytes, as accel_tensors_overlap takes it (empty: 0, 0). */
static inline int accel_tensor_passes(const accel_tensor *t, int rank,
                                      int is_output, unsigned long *begin,
                                      unsigned long *end) {
  if (!t)
    return 0;
  /* Bitwise & and |, not && and ||: every load issues at once, and the
     result is one branch. */
  int ok = (t->dtype == ACCEL_F32) & (t->rank == rank);
  int empty = 0, distinct = 1;
  /* The last element's offset in elements. Taken from the last dimension
     to the first, it is also what the dimensions so far reach, which an
     output's next dimension must step over (accel_check_tensor's
     distinct_elements takes them by increasing stride; in this order
     they are, when each steps over the last). */
  unsigned long last = 0;
  for (int d = rank - 1; d >= 0; --d) {
    unsigned long n = (unsigned long)t->dims[d];
    unsigned long s = (unsigned long)t->strides[d];
    /* Negative values are huge here. Below 2^31 each, (n - 1) s is
       exact. */
    ok &= (n <= 1ul << 31) & (s < 1ul << 31);
    unsigned long span = (n - 1) * s & -(unsigned long)(n != 0);
    empty |= n == 0;
    ok &= span <= (unsigned long)__ACCEL_DRAM_SIZE__ / 4;
    distinct &= (n <= 1) | (s > last);
    last += span;
  }
  unsigned long b = (unsigned long)t->data;
  unsigned long dram_end =
      (unsigned long)__ACCEL_DRAM_BASE__ + __ACCEL_DRAM_SIZE__;
  unsigned long bytes = last * 4 + 4;
  ok &= empty | ((distinct | !is_output) & (b % 4 == 0) &
                 (b >= (unsigned long)__ACCEL_DRAM_BASE__) & (b < dram_end) &
                 (bytes <= dram_end - b));
  *begin = empty ? 0 : b;
  *end = empty ? 0 : b + bytes;
  return ok;
}

/* accel_tensor_passes for a tensor whose element type is one of the set
   types (ACCEL_DTYPE_BIT), sizes and alignment by that type: the common
   case of accel_check_tensor_typed. */
static inline int accel_typed_tensor_passes(const accel_tensor *t, int rank,
                                            int is_output, unsigned types,
                                            unsigned long *begin,
                                            unsigned long *end) {
  if (!t)
    return 0;
  int valid = accel_dtype_valid(t->dtype);
  unsigned log2_size = accel_dtype_log2_bytes(t->dtype);
  int ok = valid & (int)(types >> (valid ? t->dtype : 0) & 1) &
           (t->rank == rank);
  int empty = 0, distinct = 1;
  unsigned long last = 0;
  for (int d = rank - 1; d >= 0; --d) {
    unsigned long n = (unsigned long)t->dims[d];
    unsigned long s = (unsigned long)t->strides[d];
    ok &= (n <= 1ul << 31) & (s < 1ul << 31);
    unsigned long span = (n - 1) * s & -(unsigned long)(n != 0);
    empty |= n == 0;
    ok &= span <= (unsigned long)__ACCEL_DRAM_SIZE__ >> log2_size;
    distinct &= (n <= 1) | (s > last);
    last += span;
  }
  unsigned long b = (unsigned long)t->data;
  unsigned long dram_end =
      (unsigned long)__ACCEL_DRAM_BASE__ + __ACCEL_DRAM_SIZE__;
  unsigned long size = 1ul << log2_size;
  unsigned long bytes = (last << log2_size) + size;
  ok &= empty | ((distinct | !is_output) & ((b & (size - 1)) == 0) &
                 (b >= (unsigned long)__ACCEL_DRAM_BASE__) & (b < dram_end) &
                 (bytes <= dram_end - b));
  *begin = empty ? 0 : b;
  *end = empty ? 0 : b + bytes;
  return ok;
}

/* Whether an output's elements are all distinct (accel_check_tensor's
   test, whatever the order of its strides). */
int accel_elements_distinct(const accel_tensor *t);

/* accel_tensor_passes for an output whose strides need not grow from its
   last dimension to its first: a transposed store's (the graph compiler
   has attention and layer norms write the transpose the next op reads). */
static inline int accel_output_passes(const accel_tensor *t, int rank,
                                      unsigned long *begin,
                                      unsigned long *end) {
  return accel_tensor_passes(t, rank, 1, begin, end) ||
         (accel_tensor_passes(t, rank, 0, begin, end) &&
          accel_elements_distinct(t));
}

/* accel_check_tensor's common case, without a message: whether t passes
   as a tensor of a rank from min_rank to max_rank. A caller whose
   argument name costs something to build (an indexed name, its base
   copied from DRAM at 40 cycles a character) asks this first and builds
   the name only for accel_check_tensor's message. */
static inline int accel_tensor_ok(const accel_tensor *t, int min_rank,
                                  int max_rank, int is_output) {
  unsigned long begin, end;
  return t && t->rank >= min_rank && t->rank <= max_rank &&
         accel_tensor_passes(t, t->rank, is_output, &begin, &end);
}

/* Whether two footprints [xb, xe) and [yb, ye) share a byte. */
static inline int accel_footprints_overlap(unsigned long xb, unsigned long xe,
                                           unsigned long yb, unsigned long ye) {
  return (xb < xe) & (yb < ye) & (xb < ye) & (yb < xe);
}

/* Whether the footprints (first to last element) of two checked tensors
   share a byte: an output overlapping an input would make the result
   depend on the order the kernel writes in. */
int accel_tensors_overlap(const accel_tensor *x, const accel_tensor *y);

/* accel_gemm's two halves, for the kernels built on it: the checks, with
   messages naming \p kernel, and the computation on checked arguments.
   accel_gemm_check ends with accel_gemm_check_overlap (c against a, b and
   the bias), which a kernel of many matrices repeats on its whole
   tensors. */
accel_status accel_gemm_check(const char *kernel, const accel_tensor *a,
                              const accel_tensor *b, const accel_tensor *c,
                              const accel_gemm_options *options);
accel_status accel_gemm_check_overlap(const char *kernel, const accel_tensor *a,
                                      const accel_tensor *b,
                                      const accel_tensor *c,
                                      const accel_gemm_options *options);
void accel_gemm_run(const accel_tensor *a, const accel_tensor *b,
                    const accel_tensor *c, const accel_gemm_options *options);
/* accel_gemm's arguments staged (ACCEL_STAGE_READ): a, b and c point to
   them where they lie in the scratchpad or to the copies (null for null),
   o is the options (the defaults for null) with its bias pointing to the
   staged bias. */
typedef struct {
  const accel_tensor *a, *b, *c;
  accel_gemm_options o;
  accel_tensor a_copy, b_copy, c_copy, bias_copy;
} accel_gemm_args;
void accel_gemm_stage_args(accel_gemm_args *g, const accel_tensor *a,
                           const accel_tensor *b, const accel_tensor *c,
                           const accel_gemm_options *options);

#endif
