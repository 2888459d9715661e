/* elementwise_small.c - f32 elementwise calls on small tensors
   (elementwise_small.h; docs/kernels.md, "Elementwise kernels").

   A small call has nothing to overlap: its time is its transfers'
   start-up and the scalar work around them. So it skips the tiles'
   planning (elementwise.c's layout merge, tile sizes, channel plans and
   double buffers, several hundred cycles before the first byte moves):
   each input comes in whole by one transfer, or a few over the channels
   when large enough to gain from them, or by the core's vector loads when
   a transfer's start-up would cost more (elementwise_direct.h; a scalar
   by one load, spread on the vector unit), the steps run over the whole
   tensor as the tiles' path runs them on a tile, and the result leaves
   the same way (by vector stores up to a few KiB). */

#include "elementwise/elementwise_small.h"
#include "core/kernel_dma.h"
#include "core/kernel_machine.h"
#include "core/spm_arena.h"
#include "elementwise/elementwise_direct.h"
#include "elementwise/elementwise_layout.h"
#include "elementwise/elementwise_ops.h"
#include "elementwise/elementwise_typed.h"

enum {
  SmallFloats = EW_SMALL_FLOATS,
  /* The vector unit's loops load up to two groups of Unroll vectors past
     the end and store up to one (elementwise_ops.c). */
  Slack = 2 * KERNEL_LANES * Unroll,
  MaxInputs = ACCEL_EW_MAX_INPUTS,
  /* A transfer goes over several channels from this many bytes a part:
     below it, a second channel's start-up costs more than it saves. */
  PartBytes = 2048,
};

typedef struct {
  float in[MaxInputs][SmallFloats + Slack];
  float out[SmallFloats + Slack];
  float spare[SmallFloats + Slack]; /* a chain's every other step */
} small_spm;
KERNEL_SPM_FITS(small_spm);

typedef enum { Scalar, Dense, Row, Column } input_form;

/* A column input's elements, read one by one to spread them. */
enum { MaxColumn = 4 * KERNEL_LANES };
static ACCEL_SPM float column[MaxColumn];

/* Whether t, without its leading dims of 1, is y's trailing dims: a row
   that repeats along y's others. */
static int trailing(const accel_tensor *t, const accel_tensor *y) {
  int first = 0;
  while (first < t->rank && t->dims[first] == 1)
    ++first;
  int offset = y->rank - t->rank;
  for (int d = first; d < t->rank; ++d)
    if (t->dims[d] != y->dims[d + offset])
      return 0;
  return 1;
}

/* Whether t is y's leading dims (y's dims before t's rank all 1) with 1s
   after: each of its elements repeats over a run of y's (a decode step's
   positions against the rotary frequencies). */
static int leading(const accel_tensor *t, const accel_tensor *y) {
  int offset = y->rank - t->rank, last = t->rank;
  if (offset < 0)
    return 0;
  for (int d = 0; d < offset; ++d)
    if (y->dims[d] != 1)
      return 0;
  while (last > 0 && t->dims[last - 1] == 1)
    --last;
  for (int d = 0; d < last; ++d)
    if (t->dims[d] != y->dims[d + offset])
      return 0;
  return 1;
}

/* dst[0 .. n) = value, in whole vectors. */
static void spread(float *dst, float value, long n) {
  accel_v16f v = (accel_v16f)value;
  for (long i = 0; i < n; i += KERNEL_LANES)
    accel_vstore(dst + i, v);
}

int ew_small_run(const accel_elementwise_step *steps, int num_steps,
                 const accel_tensor *const *inputs, int num_inputs,
                 const accel_tensor *y, long n) {
  input_form form[MaxInputs];
  long row[MaxInputs];
  int moving = 0, columns = 0; /* inputs that are not scalars; columns */
  for (int k = 0; k < num_inputs; ++k) {
    const accel_tensor *t = inputs[k];
    long m;
    int dense = ew_contiguous(t, &m);
    row[k] = m;
    moving += m != 1;
    if (m == 1)
      form[k] = Scalar;
    else if (!dense)
      return 0;
    else if (m == n)
      form[k] = Dense;
    else if (trailing(t, y))
      form[k] = Row;
    else if (m <= MaxColumn && !columns++ && leading(t, y))
      form[k] = Column;
    else
      return 0;
  }
  small_spm *spm = KERNEL_SPM(small_spm);
  /* The scalars' loads first, into registers (the loop unrolled): their
     latency runs under the others' moves. */
  float value[MaxInputs];
#pragma clang loop unroll(full)
  for (int k = 0; k < MaxInputs; ++k)
    value[k] = k < num_inputs && form[k] == Scalar
                   ? *(const float *)inputs[k]->data
                   : 0.0f;
  int ch = 0;
  for (int k = 0; k < num_inputs; ++k) {
    const void *src = inputs[k]->data;
    /* By loads only when one input moves: loads into several buffers
       would wait for each other's latency where transfers overlap. */
    if (form[k] == Dense && moving == 1 && n * 4 <= EW_DIRECT_LOAD_BYTES) {
      ew_load_direct(spm->in[k], src, n);
    } else if (form[k] == Dense) {
      accel_dma_split(&ch, spm->in[k], src, n * 4, PartBytes);
    } else if (form[k] == Row) { /* a zero source stride repeats the row */
      accel_dma_2d_on(ch, spm->in[k], src, n / row[k], row[k] * 4, row[k] * 4,
                      0);
      ch = (ch + 1) % KERNEL_DMA_CHANNELS;
    } else if (form[k] == Column) {
      accel_dma_2d_on(ch, column, src, 1, row[k] * 4, 0, 0);
      ch = (ch + 1) % KERNEL_DMA_CHANNELS;
    }
  }
#pragma clang loop unroll(full)
  for (int k = 0; k < MaxInputs; ++k)
    if (k < num_inputs && form[k] == Scalar)
      spread(spm->in[k], value[k], n);
  accel_dma_wait_all();
  /* A column's element j over its run [j run, (j + 1) run): each spread's
     last vector past the run is the next one's to overwrite (the last
     one's goes into the slack). */
  for (int k = 0; k < num_inputs; ++k)
    if (form[k] == Column)
      for (long j = 0, run = n / row[k]; j < row[k]; ++j)
        spread(spm->in[k] + j * run, column[j], run);
  const float *r = spm->in[0];
  for (int s = 0; s < num_steps; ++s) {
    const accel_elementwise_step *st = &steps[s];
    /* A unary step's in and in2 are not checked: not used either. */
    int a = is_binary(st->op) || st->op == ACCEL_EW_WHERE ? st->in : 0;
    int b = st->op == ACCEL_EW_WHERE ? st->in2 : 0;
    float *dst = (num_steps - 1 - s) % 2 ? spm->spare : spm->out;
    ew_run_step(st, dst, r, spm->in[a], spm->in[b], n);
    r = dst;
  }
  if (n * 4 <= EW_DIRECT_STORE_BYTES) {
    ew_store_direct(y->data, spm->out, n);
  } else {
    ch = 0;
    accel_dma_split(&ch, y->data, spm->out, n * 4, PartBytes);
    accel_dma_wait_all();
  }
  return 1;
}
