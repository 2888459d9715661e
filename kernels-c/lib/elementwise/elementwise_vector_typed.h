/* elementwise_vector_typed.h - the typed path's common kinds on the
   vector unit (elementwise_vector_typed.c): a model's masks are bools
   from int64 comparisons, combined by logical operations and turned into
   floats by where, and the typed path's general way (each input widened
   to 64 bits by accel_cast's conversions, a scalar loop, the result
   narrowed back) costs thousands of cycles for a mask of a hundred
   elements. */

#ifndef ACCEL_ELEMENTWISE_VECTOR_TYPED_H
#define ACCEL_ELEMENTWISE_VECTOR_TYPED_H

#include <accel_kernels.h>
#include <stdint.h>

/* A block's operand in the scratchpad: its elements packed from data
   (64-byte aligned, readable 64 bytes past the block), or, with scalar,
   one element for all. */
typedef struct {
  const void *data;
  int scalar;
} ew_operand;

/* logical_and, _or, _xor on two bool operands, logical_not on one:
   n bytes of 0 or 1 at out (which takes whole 64-byte groups), any
   nonzero byte of an input true. */
void ew_vector_logic(accel_elementwise_op op, const ew_operand *a,
                     const ew_operand *b, void *out, long n);

/* A comparison (equal to greater_or_equal) of two int64 operands (or
   int32 ones, with words 1): n bools at out. scratch takes n int32s in
   whole groups of 64. */
void ew_vector_compare(accel_elementwise_op op, int words, const ew_operand *a,
                       const ew_operand *b, void *out, int32_t *scratch,
                       long n);

/* where(cond, a, b) for a bool cond and 4-byte a and b: n words at out
   (whole groups of 16). */
void ew_vector_select(const ew_operand *cond, const ew_operand *a,
                      const ew_operand *b, void *out, long n);

#endif
