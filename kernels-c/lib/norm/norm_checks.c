/* norm_checks.c - the checks the normalization kernels share
   (norm_lines.h), out of line: they run once a call. */

#include "norm/norm_lines.h"

/* x and y: checked, the same dims, not overlapping. */
accel_status norm_check_pair(const char *K, const accel_tensor *x,
                             const accel_tensor *y) {
  accel_status s;
  if ((s = accel_check_tensor(K, "x", x, 1, ACCEL_MAX_RANK, 0)) ||
      (s = check_like_x(K, "y", x, y, 1)))
    return s;
  return check_in_place(K, y, "x", x);
}

/* The lines of x and y over [first, last], each line at most max floats
   long. */
accel_status norm_line_views(const char *K, const accel_tensor *x,
                             const accel_tensor *y, int first, int last,
                             long max, lines_view *lx, lines_view *ly) {
  if (!lines_of(x, first, last, lx))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "x",
                              "dimensions %d to %d do not merge into one run "
                              "of equally spaced elements",
                              first, last);
  if (!lines_of(y, first, last, ly))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "y",
                              "dimensions %d to %d do not merge into one run "
                              "of equally spaced elements",
                              first, last);
  if (padded_length(lx->n) > max)
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "x",
                              "%ld elements to normalize together; at most "
                              "%ld",
                              lx->n, max);
  return ACCEL_OK;
}
