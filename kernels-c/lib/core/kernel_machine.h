/* kernel_machine.h - the machine's parameters as the kernels name them.

   Every number here is one of clang's __ACCEL_*__ macros, which come from
   isa/AccelMachine.td: tiling and channel counts follow the machine, never
   a literal. Where a kernel's code is written for one value (a tile row is
   one accel_v16f; a dispatch over the DMA channels is a tree of bit
   tests), a static check says so. */

#ifndef ACCEL_KERNEL_MACHINE_H
#define ACCEL_KERNEL_MACHINE_H

#include <accel.h>

enum {
  /* The matrix unit: tiles of KERNEL_TILE x KERNEL_TILE f32 accumulators,
     KERNEL_ACC_TILES of them; one mmac takes K up to KERNEL_MATMUL_MAX_K. */
  KERNEL_TILE = __ACCEL_TILE_DIM__,
  KERNEL_TILE_FLOATS = KERNEL_TILE * KERNEL_TILE,
  KERNEL_ACC_TILES = __ACCEL_TILES__,
  KERNEL_MATMUL_MAX_K = __ACCEL_MATMUL_MAX_K__,
  /* The vector unit's lanes (floats in an accel_v16f). */
  KERNEL_LANES = __ACCEL_VECTOR_LANES__,
  /* The stream engine's elements a cycle. */
  KERNEL_STREAM_LANES = __ACCEL_STREAM_LANES__,
  /* The DMA engine: channels, and transfers a channel holds. */
  KERNEL_DMA_CHANNELS = __ACCEL_DMA_CHANNELS__,
  KERNEL_DMA_QUEUE_DEPTH = __ACCEL_DMA_QUEUE_DEPTH__,
  /* DRAM moves whole bursts. */
  KERNEL_BURST_BYTES = __ACCEL_DRAM_BURST_BYTES__,
  KERNEL_BURST_FLOATS = KERNEL_BURST_BYTES / 4,
};

/* Transfer i's channel when transfers go over all channels by turns. */
#define KERNEL_CHANNEL(i) ((i) & (KERNEL_DMA_CHANNELS - 1))
_Static_assert((KERNEL_DMA_CHANNELS & (KERNEL_DMA_CHANNELS - 1)) == 0,
               "KERNEL_CHANNEL takes a power of two channels");

_Static_assert(KERNEL_LANES == 16,
               "the kernels' vectors are accel_v16f (16 floats)");
_Static_assert(KERNEL_TILE == KERNEL_LANES,
               "a tile's row is one vector: mld and mst rows are vloads");

#endif
