/* gather_typed.h - accel_gather of the element types other than f32
   (gather_typed.c), which accel_gather's body hands them to. */

#ifndef ACCEL_GATHER_TYPED_H
#define ACCEL_GATHER_TYPED_H

#include <accel_kernels.h>

/* accel_gather's arguments, x and y of one type other than f32 (checked
   here, in the modes that check). */
accel_status gather_typed(const accel_tensor *x, const int *indices, long n,
                          int axis, const accel_tensor *y);

#endif
