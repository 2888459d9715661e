/* index_walk.c - what the indexing kernels share (index_walk.h): their
   bodies' call on the scratchpad stack, the scatters' reductions. */

#include "movement/index_walk.h"
#include "core/kernel_stack.h"
#include "core/spm_arena.h"

/* The call being made; kernels run one at a time. */
typedef struct {
  index_body *body;
  const accel_tensor *t[INDEX_MAX_TENSORS];
  long p[INDEX_MAX_PARAMS];
  int n;
} index_call;

static ACCEL_SPM index_call pending;

/* The running call's descriptors (the trampoline's copies, which
   index_stage retargets) and, for each one staged, its data in DRAM and
   its span's bytes. */
static ACCEL_SPM struct {
  accel_tensor *t[INDEX_MAX_TENSORS];
  void *dram[INDEX_MAX_TENSORS];
  unsigned long bytes[INDEX_MAX_TENSORS];
  int n;
} running;

/* The bytes from t's first element to the end of its last (0 if empty). */
static unsigned long span(const accel_tensor *t) {
  unsigned long last = 0;
  for (int d = 0; d < t->rank; ++d) {
    if (t->dims[d] == 0)
      return 0;
    last += (unsigned long)(t->dims[d] - 1) * (unsigned long)t->strides[d];
  }
  return (last + 1) << accel_dtype_log2_bytes(t->dtype);
}

void index_stage(void) {
  char *arena = (char *)accel_kernel_spm;
  unsigned long used = 0;
  for (int i = 0; i < running.n; ++i) {
    accel_tensor *t = running.t[i];
    running.bytes[i] = 0;
    unsigned long bytes = t ? span(t) : 0;
    /* The span at the same offset from a 64-byte boundary as in DRAM. */
    unsigned long skew = t ? (unsigned long)t->data & 63 : 0;
    if (!bytes || accel_in_spm(t->data) ||
        used + skew + bytes > ACCEL_KERNEL_SPM_BYTES)
      continue;
    char *at = arena + used + skew;
    accel_dma_1d(0, at, t->data, bytes);
    running.dram[i] = t->data;
    running.bytes[i] = bytes;
    t->data = at;
    used = (used + skew + bytes + 63) & ~63ul;
  }
  accel_dma_wait(0);
}

static long trampoline(const void *unused0, const void *unused1,
                       const void *unused2, const void *unused3) {
  (void)unused0, (void)unused1, (void)unused2, (void)unused3;
  index_call c = pending;
  accel_tensor copies[INDEX_MAX_TENSORS];
  running.n = c.n;
  for (int i = 0; i < c.n; ++i) {
    running.t[i] = ACCEL_STAGE(0, &copies[i], c.t[i]);
    running.bytes[i] = 0;
  }
  accel_dma_wait_all();
  accel_status s = c.body((const accel_tensor *const *)running.t, c.p);
  /* The result (the last tensor) back where it belongs. */
  int y = c.n - 1;
  if (s == ACCEL_OK && running.bytes[y]) {
    accel_dma_1d(0, running.dram[y], running.t[y]->data, running.bytes[y]);
    accel_dma_wait(0);
  }
  return s;
}

accel_status index_on_kernel_stack(index_body *body,
                                   const accel_tensor *const *t, int n,
                                   const long *p, int np) {
  pending.body = body;
  pending.n = n;
  for (int i = 0; i < n; ++i)
    pending.t[i] = t[i];
  for (int i = 0; i < np; ++i)
    pending.p[i] = p[i];
  return (accel_status)accel_on_kernel_stack(trampoline, 0, 0, 0, 0);
}

accel_status copy_tensor(const accel_tensor *x, const accel_tensor *y) {
  if (!accel_in_spm(x->data) && !accel_in_spm(y->data))
    return accel_cast(x, y);
  int same_layout = 1;
  for (int d = 0; d < x->rank; ++d)
    same_layout &= x->strides[d] == y->strides[d] || x->dims[d] == 1;
  if (same_layout) { /* the span, gaps and all: y's were x's too */
    unsigned long bytes = span(x);
    if (bytes)
      accel_dma_1d(0, y->data, x->data, bytes);
    accel_dma_wait(0);
    return ACCEL_OK;
  }
  unsigned log2 = accel_dtype_log2_bytes(x->dtype);
  index_walk w;
  if (!walk_start(&w, x->rank, x->dims))
    return ACCEL_OK;
  do {
    copy_element(element_at(y, walk_offset(w.at, y->strides, w.rank)),
                 element_at(x, walk_offset(w.at, x->strides, w.rank)), log2);
  } while (walk_next(&w));
  return ACCEL_OK;
}

long index_outside(const accel_tensor *indices, const long *sizes, long size,
                   long *value) {
  int r = indices->rank;
  long n = r ? indices->dims[r - 1] : 1, step = r ? indices->strides[r - 1] : 0;
  long entry = 0;
  index_walk w;
  if (!n || !walk_start(&w, r ? r - 1 : 0, indices->dims))
    return -1;
  do {
    long o = walk_offset(w.at, indices->strides, w.rank);
    if (!sizes) { /* the row first without a branch an index */
      unsigned long bad = 0, span = 2 * (unsigned long)size;
      if (indices->dtype == ACCEL_I64) {
        const long *p = (const long *)indices->data + o;
        for (long j = 0; j < n; ++j)
          bad |= (unsigned long)(p[j * step] + size) >= span;
      } else {
        const int *p = (const int *)indices->data + o;
        for (long j = 0; j < n; ++j)
          bad |= (unsigned long)(p[j * step] + size) >= span;
      }
      if (!bad) {
        entry += n;
        continue;
      }
    }
    for (long j = 0; j < n; ++j, ++entry) {
      long i = index_at(indices, o + j * step), m = sizes ? sizes[j] : size;
      if (i < -m || i >= m) {
        *value = i;
        return entry;
      }
    }
  } while (walk_next(&w));
  return -1;
}

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
  if (reduction != ACCEL_SCATTER_NONE && !(SCATTER_REDUCE_DTYPES >> type & 1))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, kernel, "reduction",
                              "%s of element type %s is not implemented "
                              "(f32, f64 and the integers)",
                              reduction == ACCEL_SCATTER_ADD ? "add" : "mul",
                              accel_dtype_name(type));
  return ACCEL_OK;
}
