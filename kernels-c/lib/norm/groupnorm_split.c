/* groupnorm_split.c - accel_groupnorm's groups larger than a batch of the
   scratchpad (groupnorm.h): each group read twice. First its statistics,
   chunk by chunk (each chunk's mean and variance by vs.moments, combined
   in double precision by Chan's formula); then its planes (or pieces of a
   plane) through the engine's per-row map as groupnorm.c's batches, in
   over channels 0 and 1 and out over 2 and 3 through three slots. */

#include "norm/groupnorm.h"
#include <math.h>
#include <stddef.h>

enum {
  /* A chunk of the statistics' pass: the two batch buffers' halves. */
  StatChunkFloats = LinesBufferFloats,
  /* A chunk of the map's pass: whole planes, or pieces of one, as many
     as the sigmoids' buffer holds. */
  MapChunkFloats = TempFloats / T * T,
};
_Static_assert(3 * MapChunkFloats <= 2 * LinesBufferFloats,
               "three map chunks fit the batch buffers");

/* len floats between src and dst over channels [ch, ch + n), a part each
   (parts start on whole vectors; each is at least one when len >= 16 n,
   as every chunk here is). */
static void move_span(int ch, int n, float *dst, const float *src, long len) {
  for (int k = 0; k < n; ++k) {
    long b = k ? len * k / n / T * T : 0;
    long e = k + 1 < n ? len * (k + 1) / n / T * T : len;
    if (e > b)
      accel_dma_rows_on(ch + k, dst + b, src + b, 1, (e - b) * 4, (e - b) * 4,
                        (e - b) * 4);
  }
}

static void wait_channels(int ch, int n, int older) {
  for (int k = 0; k < n; ++k) {
    if (older)
      accel_dma_wait_older_on(ch + k);
    else
      accel_dma_wait_on(ch + k);
  }
}

/* The group of L floats at line: mean, var, rstd and std (stats[0..3]),
   from chunks of about StatChunkFloats over all four channels, two slots
   in turn. */
static void group_statistics(const float *line, long L, float epsilon,
                             float *stats) {
  float *slot[2] = {LINES_SPM->batch[0], LINES_SPM->batch[1]};
  float *moments = LINES_SPM->stream;
  long chunks = (L + StatChunkFloats - 1) / StatChunkFloats;
  double mean = 0, m2 = 0, n = 0;
#define CHUNK_AT(t) (L * (t) / chunks)
  move_span(0, 4, slot[0], line, CHUNK_AT(1));
  if (chunks > 1)
    move_span(0, 4, slot[1], line + CHUNK_AT(1), CHUNK_AT(2) - CHUNK_AT(1));
  for (long t = 0; t < chunks; ++t) {
    long len = CHUNK_AT(t + 1) - CHUNK_AT(t);
    wait_channels(0, 4, t + 1 < chunks);
    accel_vs_shape(1, len);
    accel_vs_moments(moments, slot[t & 1]);
    double m = moments[0], v = moments[1]; /* waits for the engine */
    double d = m - mean, total = n + (double)len;
    mean += d * (double)len / total;
    m2 += v * (double)len + d * d * n * (double)len / total;
    n = total;
    if (t + 2 < chunks)
      move_span(0, 4, slot[t & 1], line + CHUNK_AT(t + 2),
                CHUNK_AT(t + 3) - CHUNK_AT(t + 2));
  }
#undef CHUNK_AT
  double var = m2 / (double)L, root = sqrt(var + (double)epsilon);
  stats[0] = (float)mean, stats[1] = (float)var;
  stats[2] = (float)(1.0 / root), stats[3] = (float)root;
}

/* A chunk of the map's pass: `rows` rows of `cols` floats from plane j of
   the group, at offset `at` in it. */
typedef struct {
  long at, rows, cols, j;
} map_chunk;

static map_chunk chunk_of(long t, long S, long per_plane, long planes_per) {
  map_chunk m;
  if (per_plane) { /* pieces of planes: per_plane pieces a plane */
    long j = t / per_plane, k = t % per_plane;
    long b = S * k / per_plane, e = S * (k + 1) / per_plane;
    m.j = j, m.rows = 1, m.cols = e - b, m.at = j * S + b;
  } else {
    m.j = t * planes_per, m.rows = planes_per, m.cols = S, m.at = m.j * S;
  }
  return m;
}

/* Group g (among x's) of L floats from x's line to y's: each chunk's rows
   mapped by the engine with the group's statistics. */
static void map_group(const float *xline, float *yline, long g,
                      const float *stats, const groupnorm_context *c) {
  long S = c->spatial, cpg = c->per_group;
  long per_plane =
      S > MapChunkFloats ? (S + MapChunkFloats - 1) / MapChunkFloats : 0;
  long planes_per = per_plane ? 1 : MapChunkFloats / S;
  if (planes_per > RowsPerRun)
    planes_per = RowsPerRun;
  long chunks =
      per_plane ? cpg * per_plane : (cpg + planes_per - 1) / planes_per;
  float *base = LINES_SPM->batch[0],
        *tmp = LINES_SPM->params[1] + 2 * RunParamFloats;
#define SLOT(t) (base + (t) % 3 * MapChunkFloats)
#define CHUNK(t) chunk_of(t, S, per_plane, planes_per)
#define ROWS(m) ((m).j + (m).rows > cpg ? cpg - (m).j : (m).rows)
  long issued = 0;
  for (; issued < chunks && issued < 2; ++issued) {
    map_chunk m = CHUNK(issued);
    move_span(0, 2, SLOT(issued), xline + m.at, ROWS(m) * m.cols);
  }
  for (long t = 0; t < chunks; ++t) {
    map_chunk m = CHUNK(t);
    long rows = ROWS(m), len = rows * m.cols;
    wait_channels(0, 2, issued > t + 1);
    float *prm = LINES_SPM->params[1] + (t & 1) * RunParamFloats;
    row_pos at = {0, m.j, g};
    fill_run(prm, rows, at, stats, 1, c);
    if (c->bad)
      for (long r = 0; r < rows; ++r) {
        long ch = g * cpg + m.j + r;
        if (!(__builtin_fabsf(c->ratio[ch]) <= MaxRatio)) {
          normalize_plane(SLOT(t) + r * m.cols, m.cols, stats[0], stats[2],
                          c->gamma[ch], c->beta[ch]);
          prm[r] = 0.0f, prm[rows + r] = 1.0f;
        }
      }
    map_rows(SLOT(t), rows, m.cols, prm, c->act, tmp);
    if (issued < chunks) { /* into chunk t - 1's slot, once it has left */
      wait_channels(2, 2, 0);
      map_chunk n = CHUNK(issued);
      move_span(0, 2, SLOT(issued), xline + n.at, ROWS(n) * n.cols);
      ++issued;
    }
    move_span(2, 2, yline + m.at, SLOT(t), len);
  }
#undef ROWS
#undef CHUNK
#undef SLOT
  accel_dma_wait_all();
}

accel_status groupnorm_split(const char *K, const lines_view *lx,
                             const lines_view *ly, groupnorm_context *c,
                             float epsilon) {
  accel_dma_wait_on(0); /* the scale and shift */
  if (lx->step != 1 || ly->step != 1)
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "x",
                              "groups of %ld elements (past %d) must be "
                              "contiguous in x and y",
                              lx->n, (int)ACCEL_GROUPNORM_MAX_FLOATS);
  /* The group's statistics where fill_run reads a batch of one's. */
  static ACCEL_SPM float stats[4];
  groupnorm_prepare(c);
  for (long i = 0; i < lx->count; ++i) {
    group_statistics(lx->base + line_offset(lx, i), lx->n, epsilon, stats);
    map_group(lx->base + line_offset(lx, i), ly->base + line_offset(ly, i),
              i % c->groups, stats, c);
  }
  return ACCEL_OK;
}
