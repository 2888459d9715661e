/* norm_stream.h - layer and RMS normalization of lines in the scratchpad
   on the stream engine (norm_stream.c), for the kernels that make their
   lines themselves (gemm_norm.c). */

#ifndef ACCEL_NORM_STREAM_H
#define ACCEL_NORM_STREAM_H

typedef struct {
  float epsilon;
  int rms;
  /* Per element of a line, in the scratchpad: both null, a scale alone,
     or both (1s for a missing scale). */
  const float *scale, *shift;
} norm_context;

/* c's scale and shift: lines_spm's two parameter buffers, where the
   present ones were loaded (n floats); a missing scale beside a shift
   filled with 1s (the engine's affine map takes both), a missing shift
   null (a product); both null when neither is there. */
void norm_stream_params(norm_context *c, int has_scale, int has_shift, long n);

/* Normalizes `lines` lines of n floats, np apart, from src to p (src is
   only read; it may be p, in place): at most a few thousand lines
   (norm_lines.h's StreamLines); uses the engine's per-line arrays in
   lines_spm's stream block. */
void norm_stream_from(float *p, const float *src, long lines, long n, long np,
                      const norm_context *c);

/* The same in place. */
static inline void norm_stream(float *p, long lines, long n, long np,
                               const norm_context *c) {
  norm_stream_from(p, p, lines, n, np, c);
}

#endif
