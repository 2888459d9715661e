/* One call of an elementwise kernel on a case file that
   elementwise_check.py wrote; writes y's whole buffer (its view and the
   sentinels around it) to argv[2].

   Case file, little-endian: "EWCASE01"; int64 kind (0 unary, 1 binary,
   2 where, 3 chain), steps, inputs, y_buffer (-1: y has a buffer of its
   own; k: y is in input k's buffer, for in-place calls); per step int64
   op, in, in2, swap and f32 alpha, lo, hi, pad; a tensor record of rank 6
   without a present flag per tensor, the inputs, then y (driver_io.h);
   then each buffer's floats (the inputs', then y's own). */
#include <accel_kernels.h>

#include "driver_io.h"

typedef struct {
  long op, in, in2, swap;
  float alpha, lo, hi, pad;
} step_record;

int main(int argc, char **argv) {
  if (argc != 3)
    return 2;
  long h[4];
  if (!driver_open("elementwise_driver", argv[1], "EWCASE01") ||
      !driver_read(h, sizeof h, "header"))
    return 3;
  long kind = h[0], nsteps = h[1], nin = h[2], ybuf = h[3];
  step_record sr[ACCEL_EW_MAX_STEPS];
  driver_record tr[ACCEL_EW_MAX_INPUTS + 1];
  if (nsteps > ACCEL_EW_MAX_STEPS || nin > ACCEL_EW_MAX_INPUTS ||
      !driver_read(sr, nsteps * sizeof sr[0], "steps") ||
      !driver_read_records(tr, (int)nin + 1, 6, 0))
    return 3;
  accel_elementwise_step steps[ACCEL_EW_MAX_STEPS];
  for (long s = 0; s < nsteps; ++s) {
    steps[s].op = (accel_elementwise_op)sr[s].op;
    steps[s].in = (int)sr[s].in, steps[s].in2 = (int)sr[s].in2;
    steps[s].swap = (int)sr[s].swap;
    steps[s].options.alpha = sr[s].alpha;
    steps[s].options.lo = sr[s].lo, steps[s].options.hi = sr[s].hi;
  }
  accel_tensor t[ACCEL_EW_MAX_INPUTS + 1];
  float *buf[ACCEL_EW_MAX_INPUTS + 1];
  int own = (int)nin + (ybuf < 0); /* the tensors with buffers of their own */
  if (!driver_read_tensors(tr, own, NULL, own, buf, t))
    return 4;
  if (ybuf >= 0) {
    buf[nin] = buf[ybuf];
    driver_view(&tr[nin], buf[nin], &t[nin]);
  }
  close(driver_in);
  const accel_tensor *in[ACCEL_EW_MAX_INPUTS];
  for (long k = 0; k < nin; ++k)
    in[k] = &t[k];
  accel_tensor *y = &t[nin];
  accel_status s;
  if (kind == 0)
    s = accel_elementwise_unary(steps[0].op, in[0], y, &steps[0].options);
  else if (kind == 1)
    s = accel_elementwise_binary(steps[0].op, in[0], in[1], y);
  else if (kind == 2)
    s = accel_elementwise_where(in[0], in[1], in[2], y);
  else
    s = accel_elementwise_chain(steps, (int)nsteps, in, (int)nin, y);
  if (s)
    return 10 + s;
  return !driver_write_buffer(argv[2], buf[nin], &tr[nin]);
}
