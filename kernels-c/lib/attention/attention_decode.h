/* attention_decode.h - accel_attention at one query a head, the query
   heads of a k/v head together (attention_decode.c). */

#ifndef ACCEL_ATTENTION_DECODE_H
#define ACCEL_ATTENTION_DECODE_H

#include "attention/attention_internal.h"

/* Whether attention_decode_run takes the problem: rank 4, one query,
   no causal flag, D = Dv a multiple of 16 up to 128, a group of 2 to 16
   query heads, an additive mask (if any) the same for a batch's heads,
   rows of D contiguous. Past 512 keys, in segments (flash-decoding). */
int attention_decode_takes(const problem *pb);
void attention_decode_run(problem *pb);

#endif
