/* groupnorm.h - what accel_groupnorm's two paths share (groupnorm.c:
   groups that fit a batch; groupnorm_split.c: groups larger than the
   scratchpad, in two passes): the scratchpad's layout, the context, and
   the per-row map of the channels' planes. */

#ifndef ACCEL_GROUPNORM_H
#define ACCEL_GROUPNORM_H

#include "norm/norm_lines.h"
#include <stddef.h>

enum {
  /* Channels a group: the per-row values of one engine operation. */
  RowsPerRun = ACCEL_GROUPNORM_MAX_GROUP_CHANNELS,
  /* The per-row values of two runs (bias, scale) with a vector of slack
     each, then the sigmoids of a run. */
  RunParamFloats = 2 * RowsPerRun + T,
  TempFloats = LinesParamFloats - 2 * RunParamFloats,
  /* Per-channel values in params[0]: scale, shift, shift / scale. */
  MaxChannels = LinesParamFloats / 3,
  /* Groups of one batch (one vs.moments): mean, variance, rstd and std
     each. */
  StatGroups = LinesStreamFloats / 4,
  /* Groups longer than this (padded) would come one a batch through
     lines.c's batches of 24K floats, over one channel a direction: they go
     one at a time over two (large_groups). */
  LargeGroupFloats = 12 * 1024,
};
_Static_assert(MaxChannels == ACCEL_GROUPNORM_MAX_CHANNELS &&
                   LinesBufferFloats == ACCEL_GROUPNORM_MAX_FLOATS,
               "accel_kernels.h's group-norm limits are the kernel's");

/* |shift / scale| up to 2^60 maps through b: q std stays finite for
   any std below 2^64 (a finite f32 variance's root). */
#define MaxRatio 0x1p60f

typedef struct {
  long groups, channels, per_group, spatial;
  int act, bad; /* bad: some channel's shift / scale is out of range */
  int prepared; /* the ratios and bad made (groupnorm_prepare) */
  const float *gamma, *beta, *ratio;
} groupnorm_context;

/* A bad channel's n floats at p (a plane or part of one) normalized on
   the vector unit, y = (x - mean) rstd gamma + beta, before the engine
   maps them by the identity. */
static inline void normalize_plane(float *p, long n, float mean, float rstd,
                                   float gamma, float beta) {
  long i = 0;
  for (; i + T <= n; i += T)
    accel_vstore(p + i, (accel_vload(p + i) - mean) * rstd * gamma + beta);
  for (; i < n; ++i)
    p[i] = (p[i] - mean) * rstd * gamma + beta;
}

/* The engine's passes over `rows` planes of s floats at p, by per-row
   values prm (bias for the rows, then scale). */
static inline void map_rows(float *p, long rows, long s, const float *prm,
                            int act, float *tmp) {
  accel_vs_shape(rows, s);
  if (act == ACCEL_ACT_SILU) {
    accel_vs_act_sigmoid(tmp, p, prm, NULL);
    accel_vs_act_none(p, p, prm, NULL);
    accel_vs_mul(p, p, tmp);
  } else if (act == ACCEL_ACT_RELU) {
    accel_vs_act_relu(p, p, prm, NULL);
  } else {
    accel_vs_act_none(p, p, prm, NULL);
  }
}

/* A row of the batch: plane j of group k (the batch's), whose group
   among x's is g. */
typedef struct {
  long k, j, g;
} row_pos;

/* at moved on by m rows within its group (to the next group's first at
   its end). */
static inline void next_rows(row_pos *at, long m, const groupnorm_context *c) {
  at->j += m;
  if (at->j == c->per_group) {
    at->j = 0, ++at->k;
    if (++at->g == c->groups)
      at->g = 0;
  }
}

/* at moved on by any number of rows. */
static inline row_pos rows_after(row_pos at, long rows,
                                 const groupnorm_context *c) {
  long pg = c->per_group, j = at.j + rows, groups = j / pg;
  at.j = j - groups * pg, at.k += groups;
  at.g = (at.g + groups) % c->groups;
  return at;
}

/* The per-row values of `rows` rows from `at` into prm (bias for the rows,
   then scale), a group's stretch at a time on the vector unit: each
   stretch's last vector may write past it, into the next stretch's
   values (written after it), or the biases' into the first scales
   (written after all the biases), or the scales' into the slack. */
static inline void fill_run(float *prm, long rows, row_pos at,
                            const float *stats, long gk,
                            const groupnorm_context *c) {
  const float *mean = stats, *rstd = stats + 2 * gk, *std = stats + 3 * gk;
  /* The position in locals: the stores to dst do not reload them. */
  const long pg = c->per_group, groups = c->groups;
  const float *ratio = c->ratio, *gamma = c->gamma;
  for (int part = 0; part < 2; ++part) {
    float *dst = prm + part * rows;
    long k = at.k, j = at.j, ch = at.g * pg + j;
    for (long done = 0; done < rows;) {
      long m = pg - j;
      if (m > rows - done)
        m = rows - done;
      if (part == 0) {
        accel_v16f mu = mean[k], nsd = -std[k];
        for (long i = 0; i < m; i += T)
          accel_vstore(dst + done + i, accel_vload(ratio + ch + i) * nsd + mu);
      } else {
        accel_v16f ri = rstd[k];
        for (long i = 0; i < m; i += T)
          accel_vstore(dst + done + i, accel_vload(gamma + ch + i) * ri);
      }
      done += m, ch += m, j = 0, ++k;
      if (ch == groups * pg)
        ch = 0;
    }
  }
}

/* Groups larger than a batch (ACCEL_GROUPNORM_MAX_FLOATS) in two passes
   (groupnorm_split.c): returns ACCEL_ERR_UNSUPPORTED (naming K's x) if
   their elements are not contiguous. */
accel_status groupnorm_split(const char *K, const lines_view *lx,
                             const lines_view *ly, groupnorm_context *c,
                             float epsilon);

/* The context's shift / scale ratios and its bad flag, once the scale and
   shift have arrived (groupnorm.c). */
void groupnorm_prepare(groupnorm_context *c);

#endif
