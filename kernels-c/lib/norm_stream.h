/* norm_stream.h - layer and RMS normalization of lines in the scratchpad
   on the stream engine (normalization.c), for the kernels that make their
   lines themselves (gemm_norm.c). */

#ifndef ACCEL_NORM_STREAM_H
#define ACCEL_NORM_STREAM_H

typedef struct {
  float epsilon;
  int rms;
  /* Per element of a line, in the scratchpad: both null, or both set (1s
     for a missing scale, 0s for a missing shift). */
  const float *scale, *shift;
} norm_context;

/* Normalizes `lines` lines of n floats, np apart, at p in place: at most
   a few thousand lines (normalization.c's StreamLines); uses the engine's
   per-line arrays in lines_spm's stream block. */
void norm_stream(float *p, long lines, long n, long np,
                 const norm_context *c);

#endif
