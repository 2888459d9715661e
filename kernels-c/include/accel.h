/*===-- accel.h - Accel intrinsics for C and C++ kernels ------------------===
 *
 * The accelerator's DMA engine, matrix unit and special vector operations,
 * for code compiled with clang --target=accel. Each operation is one
 * instruction (docs/isa.md): the compiler lowers the reserved __accel_*
 * functions declared in accel_intrinsics.h and knows their memory effects
 * (docs/design.md),
 * so it neither drops them nor moves loads and stores of the buffers they
 * use across them.
 *
 * Channel and tile numbers must be integer constant expressions in range;
 * anything else is a compile error at the call. The machine's sizes are
 * clang's __ACCEL_*__ macros (isa/AccelMachine.td).
 *
 *   DMA (asynchronous; data is there only after accel_dma_wait):
 *     accel_dma_1d(ch, dst, src, bytes)
 *     accel_dma_2d(ch, dst, src, rows, row_bytes, dst_stride, src_stride)
 *     accel_dma_wait(ch)
 *     accel_dma_wait_older(ch)      every transfer but the newest has ended
 *   Matrix unit, on __ACCEL_TILES__ accumulator tiles of __ACCEL_TILE_DIM__
 *   x __ACCEL_TILE_DIM__ f32 (16 of 16 x 16 today; A is 16 x k with rows of
 *   k floats, B is k x 16; both in the scratchpad):
 *     accel_mzero(tile)             tile = 0
 *     accel_mmac(tile, a, b, k)     tile += A . B
 *     accel_mmac_4x64(tile, a, b, k), accel_mmac_8x32(tile, a, b, k):
 *                                   the tile as 4 x 64 (8 x 32) row-major,
 *                                   += A . B, A 4 (8) rows of k floats, B k
 *                                   rows of 64 (32) floats (few-row
 *                                   products: 64 (32) weights a k step)
 *     accel_mld(tile, src)          tile = 16 rows of 16 floats at src
 *     accel_mst(tile, dst)          16 rows of 16 floats at dst = tile
 *     accel_mst_relu(tile, dst)     the same, with max(x, +0.0)
 *     accel_mst_t(tile, dst)        the same, transposed: dst[16 j + i] =
 *                                   tile[i][j]
 *   Vectors (accel_v16f: 16 floats; accel_v16i: 16 ints):
 *     accel_vexp, accel_vrcp, accel_vrsqrt, accel_vtanh (approximations,
 *     isa.md 7.8)
 *     accel_vredsum, accel_vredmax (float), accel_vredsum_i, accel_vredmax_i
 *     accel_vcvt_f16(lo, hi), accel_vcvt_bf16(lo, hi): two accel_v16f to 32
 *     packed halves (lo's in the low halves), rounded to nearest even;
 *     accel_vcvt_f16_lo(h), accel_vcvt_f16_hi(h): the f16 halves to f32
 *     accel_vload, accel_vstore (any 4-byte aligned address)
 *     accel_vload_strided(p, stride_bytes), accel_vstore_strided(v, p,
 *     stride_bytes): lane i at p + i * stride_bytes (vld.s, vst.s)
 *   Stream engine (isa.md 7.13): f32 blocks of rows x len elements, rows
 *   packed, in the scratchpad; __ACCEL_STREAM_LANES__ elements a cycle:
 *     accel_vs_shape(rows, len)     the block of every later operation
 *     accel_vs_stride(sd, sa, sb)   its blocks' row strides, in floats:
 *                                   dst, a (or src), b (vs.shape resets
 *                                   them to len)
 *     accel_vs_add, _sub, _mul, _div, _max, _min(dst, a, b)
 *     accel_vs_fma(dst, a, g, b)    dst[r][i] = a[r][i] * g[i] + b[i]
 *     accel_vs_redmax(dst, src)     dst[r] = max of row r
 *     accel_vs_moments(dst, src)    dst[r] = mean, dst[rows + r] = variance
 *     accel_vs_act_none, _relu, _exp, _log, _square, _sqrt, _rsqrt, _rcp,
 *         _sigmoid, _tanh, _erf, _gelu, _gelu_tanh
 *       (dst, src, params, sums)    y = f((x - params[r]) *
 *                                   params[rows + r]); sums[r] = row sum of y
 *                                   (dst or sums may be null)
 *   Scratchpad buffers: ACCEL_SPM float buf[256];
 *   Measuring: accel_region_begin(); ... accel_region_end(); and
 *     accel-sim --stats reports that region separately.
 *
 *===----------------------------------------------------------------------===*/

#ifndef ACCEL_H
#define ACCEL_H

#ifndef __accel__
#error "accel.h is for clang --target=accel"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* A variable in the on-chip scratchpad (zeroed at start-up, 64-byte
 * aligned, so any tile or vector fits). */
#define ACCEL_SPM __attribute__((section(".spm.bss"), aligned(64)))

typedef float accel_v16f __attribute__((ext_vector_type(16)));
typedef int accel_v16i __attribute__((ext_vector_type(16)));
/* The same with the 4-byte alignment that vld and vst need. */
typedef float accel_v16f_unaligned __attribute__((ext_vector_type(16),
                                                  aligned(4)));

#define ACCEL_STRINGIFY(x) #x
#define ACCEL_STRING(x) ACCEL_STRINGIFY(x)
#define ACCEL_CONSTANT_BELOW(x, count, what, things)                           \
  __attribute__((diagnose_if(!__builtin_constant_p(x),                         \
                             what " must be an integer constant expression",   \
                             "error")))                                        \
  __attribute__((diagnose_if(__builtin_constant_p(x) &&                        \
                                 ((x) < 0 || (x) >= (count)),                  \
                             what " out of range (there are "                  \
                                 ACCEL_STRING(count) " " things ", from 0)",   \
                             "error")))
#define ACCEL_CHANNEL(ch)                                                      \
  ACCEL_CONSTANT_BELOW(ch, __ACCEL_DMA_CHANNELS__, "the DMA channel",          \
                       "DMA channels")
#define ACCEL_TILE(t)                                                          \
  ACCEL_CONSTANT_BELOW(t, __ACCEL_TILES__, "the accumulator tile",             \
                       "accumulator tiles")

/* The intrinsics: their declarations, generated from the compiler's table
 * of them (llvm-target/AccelIntrinsics.td). The operations on a channel or
 * tile are function-like macros, so that a constant argument stays a
 * constant at every optimization level and a misuse is reported where it
 * is written. */
#include <accel_intrinsics.h>

#undef ACCEL_CHANNEL
#undef ACCEL_TILE
#undef ACCEL_CONSTANT_BELOW
#undef ACCEL_STRING
#undef ACCEL_STRINGIFY

/* The region of interest for accel-sim --stats (sys 2 and sys 3). The
 * memory clobber keeps the compiler from moving work across them. */
static inline void accel_region_begin(void) {
  __asm__ volatile("sys 2" ::: "memory");
}
static inline void accel_region_end(void) {
  __asm__ volatile("sys 3" ::: "memory");
}

static inline accel_v16f accel_vload(const float *p) {
  return *(const accel_v16f_unaligned *)p;
}
static inline void accel_vstore(float *p, accel_v16f v) {
  *(accel_v16f_unaligned *)p = v;
}

#ifdef __cplusplus
}
#endif

#endif /* ACCEL_H */
