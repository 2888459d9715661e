/* gemm_epilogue.c - accel_gemm's epilogue on the vector unit: alpha, beta
   times c's old tile, the biases and the activation applied to a stored
   tile (gemm_internal.h). */

#include "matmul/gemm_internal.h"

/* The epilogue's rows. add (alpha, the biases and, with read_c, beta *
   the old tile) and kind are constants at each call, so the unrolled loops
   have no branches. All 16 rows (rows beyond the view's hold stale values
   and are never stored), 8 at a time with every load before the first
   store, so that the rows' latencies overlap. */
static inline __attribute__((always_inline)) void
finish_rows(float *tile, const float *old_tile, int add, int read_c,
            const epilogue *e, accel_act_kind kind) {
  enum { Group = 8 };
  float alpha = e->alpha, beta = e->first ? e->beta : 1.0f;
  accel_v16f bias_c =
      add && e->first && e->bias_c ? accel_vload(e->bias_c) : 0.0f;
  const float *bias_r = e->first && e->bias_r ? e->bias_r : zero_row;
  accel_activation act = {kind, e->act->lo, e->act->hi};
  for (int r0 = 0; r0 < T; r0 += Group) {
    accel_v16f v[Group];
#pragma clang loop unroll(full)
    for (int r = 0; r < Group; ++r) {
      v[r] = accel_vload(tile + (r0 + r) * T);
      if (add)
        v[r] = v[r] * alpha + bias_c + bias_r[r0 + r];
      if (read_c)
        v[r] += beta * accel_vload(old_tile + (r0 + r) * T);
    }
#pragma clang loop unroll(full)
    for (int r = 0; r < Group; ++r)
      accel_vstore(tile + (r0 + r) * T, accel_activate(v[r], &act));
  }
  accel_activate_block(tile, T * T, kind);
}

/* SiLU of a finished tile on the stream engine, as the exact GELU's:
   sigmoid(x) into a tile of its own, then x times it. The engine runs
   beside the next tile's mmacs, where the vector unit's vexp and vrcp
   (accel_silu) would hold the core. */
static void silu_block(float *tile) {
  static KERNEL_SPM_CONST const float identity[2] = {0.0f, 1.0f};
  static ACCEL_SPM float sigmoid[T * T];
  accel_vs_shape(1, T * T);
  accel_vs_act_sigmoid(sigmoid, tile, identity, 0);
  accel_vs_mul(tile, tile, sigmoid);
}

#define FINISH_ROWS(add, read_c, kind)                                         \
  do {                                                                         \
    switch (kind) {                                                            \
    case ACCEL_ACT_RELU:                                                       \
      finish_rows(tile, old_tile, add, read_c, e, ACCEL_ACT_RELU);             \
      break;                                                                   \
    case ACCEL_ACT_GELU:                                                       \
      finish_rows(tile, old_tile, add, read_c, e, ACCEL_ACT_GELU);             \
      break;                                                                   \
    case ACCEL_ACT_CLIP:                                                       \
      finish_rows(tile, old_tile, add, read_c, e, ACCEL_ACT_CLIP);             \
      break;                                                                   \
    case ACCEL_ACT_GELU_ERF:                                                   \
      finish_rows(tile, old_tile, add, read_c, e, ACCEL_ACT_GELU_ERF);         \
      break;                                                                   \
    case ACCEL_ACT_SILU:                                                       \
      finish_rows(tile, old_tile, add, read_c, e, ACCEL_ACT_NONE);             \
      silu_block(tile);                                                        \
      break;                                                                   \
    default:                                                                   \
      finish_rows(tile, old_tile, add, read_c, e, ACCEL_ACT_NONE);             \
      break;                                                                   \
    }                                                                          \
  } while (0)

__attribute__((noinline)) void
gemm_finish_tile(float *tile, const float *old_tile, const epilogue *e) {
  accel_act_kind kind = e->last ? e->act->kind : ACCEL_ACT_NONE;
  if (e->read_c)
    FINISH_ROWS(1, 1, kind);
  else
    FINISH_ROWS(1, 0, kind);
}

/* GELU or clip of a tile stored straight from the accumulator (the exact
   GELU on the stream engine alone). */
__attribute__((noinline)) void gemm_activate_tile(float *tile,
                                                  const epilogue *e) {
  if (e->act->kind == ACCEL_ACT_GELU_ERF) {
    accel_activate_block(tile, T * T, ACCEL_ACT_GELU_ERF);
    return;
  }
  if (e->act->kind == ACCEL_ACT_SILU) {
    silu_block(tile);
    return;
  }
  const float *old_tile = tile;
  FINISH_ROWS(0, 0, e->act->kind);
}
#undef FINISH_ROWS
