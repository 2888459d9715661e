/* lstm_cell.h - an LSTM cell's update of one row's block of 16 hidden
   units, shared by the 16 x 16 step (lstm.c) and the few-row steps
   (lstm_wide.c): gr points at the row's block of gate i's staged h . R^T,
   gates o, f and c a tile (KERNEL_TILE_FLOATS) apart after it in both
   layouts. */

#ifndef ACCEL_LSTM_CELL_H
#define ACCEL_LSTM_CELL_H

#include "recurrent/recurrent_driver.h"

/* Row r's new c of block q: f c + i tanh(cc). */
static inline __attribute__((always_inline)) accel_v16f
lstm_row_c(const recurrent_rows *s, const float *gr, long q, long r) {
  long n = q * T, h = s->h;
  const float *xr = s->x + r * 4 * h + n;
  accel_v16f ai = accel_vload(xr) + accel_vload(gr);
  accel_v16f af = accel_vload(xr + 2 * h) + accel_vload(gr + 2 * T * T);
  accel_v16f ac = accel_vload(xr + 3 * h) + accel_vload(gr + 3 * T * T);
  return recurrent_sigmoid(af) * accel_vload(s->cell + r * s->hp + n) +
         recurrent_sigmoid(ai) * accel_vtanh(ac);
}

/* Row r's new h of block q from its new c: o tanh(c). */
static inline __attribute__((always_inline)) accel_v16f
lstm_row_h(const recurrent_rows *s, const float *gr, accel_v16f cv, long q,
           long r) {
  const float *xr = s->x + r * 4 * s->h + q * T;
  return recurrent_sigmoid(accel_vload(xr + s->h) + accel_vload(gr + T * T)) *
         accel_vtanh(cv);
}

/* The few-row steps (lstm_wide.c), for B and H where lstm_wide_cols is
   not KERNEL_TILE (R's panels are H x cols): recurrent_run's sequence
   with them. */
long lstm_wide_cols(long b, long h);
void lstm_wide_run(const recurrent_buffers *s, const float *xsrc, float *ydst,
                   long t, long b, long h, int reverse);

#endif
