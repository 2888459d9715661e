/* __builtin_setjmp/__builtin_longjmp (the compiler's own, not <setjmp.h>):
 * the first return is 0 and a longjmp's is 1; a longjmp from calls nested
 * below the setjmp's function lands there with its unmodified locals intact
 * and its caller's callee-saved registers as they were; the stack pointer
 * comes back (no growth over many jumps, also past variable-sized
 * frames); a setjmp in a function with a variable-sized object; two
 * setjmps in one function. */
#include <stdint.h>
#include "check.h"

static void *buf[5];
static int unwound;

static volatile long sink;

/* Values live across a call (to nothing much) and used after it: at -O2
 * they are in callee-saved registers, which therefore hold this
 * function's values, not the catcher's caller's, when the longjmp leaves. */
static NOINLINE void nothing_much(void) { unwound += OPAQUE(0); }

static NOINLINE void jump_from(int depth, long seed) {
  long k0 = OPAQUE(seed) * 11, k1 = OPAQUE(seed) * 13, k2 = OPAQUE(seed) * 17;
  long k3 = OPAQUE(seed) * 19, k4 = OPAQUE(seed) * 23, k5 = OPAQUE(seed) * 29;
  long k6 = OPAQUE(seed) * 31, k7 = OPAQUE(seed) * 37, k8 = OPAQUE(seed) * 41;
  long k9 = OPAQUE(seed) * 43, k10 = OPAQUE(seed) * 47;
  nothing_much();
  sink = k0 + k1 + k2 + k3 + k4 + k5 + k6 + k7 + k8 + k9 + k10;
  if (depth == 0)
    __builtin_longjmp(buf, 1);
  jump_from(depth - 1, seed + 1);
  sink = sink + 1; /* not a tail call: this frame stays */
}

/* Comes back through the longjmp, with its argument and the local it set
 * before the setjmp as they were. */
static NOINLINE long catcher(int depth, long x) {
  long before = x * 3 + 1;
  if (__builtin_setjmp(buf) == 0) {
    jump_from(depth, x);
    return -1; /* not reached */
  }
  unwound++;
  return 1000 + before + x;
}

/* The caller's values live across the call to catcher, in callee-saved
 * registers at -O2: catcher must give them back. */
static NOINLINE long caller(int depth, long x) {
  long k0 = OPAQUE(100L), k1 = OPAQUE(101L), k2 = OPAQUE(102L);
  long k3 = OPAQUE(103L), k4 = OPAQUE(104L), k5 = OPAQUE(105L);
  long k6 = OPAQUE(106L), k7 = OPAQUE(107L), k8 = OPAQUE(108L);
  long k9 = OPAQUE(109L), k10 = OPAQUE(110L), k11 = OPAQUE(111L);
  long r = catcher(depth, x);
  return r * 100000 + k0 * 1 + k1 * 2 + k2 * 3 + k3 * 4 + k4 * 5 + k5 * 6 +
         k6 * 7 + k7 * 8 + k8 * 9 + k9 * 10 + k10 * 11 + k11 * 12;
}

/* The k terms of caller: 100*1 + 101*2 + ... + 111*12. */
static long k_terms(void) {
  long s = 0;
  for (long i = 0; i < 12; i++)
    s += (100 + i) * (i + 1);
  return s;
}

/* A longjmp out of a frame with a variable-sized object, to a setjmp in a
 * frame with one too (its stack pointer is below the object). */
static NOINLINE void vla_jumper(int n) {
  char tmp[n];
  for (int i = 0; i < n; i++)
    tmp[i] = (char)i;
  if (tmp[n - 1] == (char)(n - 1))
    __builtin_longjmp(buf, 1);
}

static NOINLINE int vla_catcher(int n) {
  int vals[n];
  for (int i = 0; i < n; i++)
    vals[i] = i * i;
  if (__builtin_setjmp(buf) == 0) {
    vla_jumper(n * 3);
    return -1;
  }
  int s = 0;
  for (int i = 0; i < n; i++)
    s += vals[i];
  return s;
}

/* Two setjmps in one function, each resumed once; the trail of volatile
 * updates says what ran in which order. */
static void *buf2[5];
static NOINLINE void jump_to(void **b) { __builtin_longjmp(b, 1); }
static NOINLINE int two_points(void) {
  volatile int trail = 0;
  if (__builtin_setjmp(buf) == 0) {
    trail = trail * 10 + 1;
    jump_to(buf);
  }
  trail = trail * 10 + 2;
  if (__builtin_setjmp(buf2) == 0) {
    trail = trail * 10 + 3;
    jump_to(buf2);
  }
  trail = trail * 10 + 4;
  return trail;
}

/* Where the stack is, as the frame address of a fresh call. */
static NOINLINE uintptr_t stack_here(void) {
  return (uintptr_t)__builtin_frame_address(0);
}

int main(void) {
  /* Once through without a longjmp: the setjmp's first result is 0. */
  volatile int first = -1;
  if ((first = __builtin_setjmp(buf)) == 0)
    CHECK_EQ(first, 0);
  else
    CHECK(0);

  uintptr_t sp0 = stack_here();
  /* From the callee itself, and from 1 and 5 calls further down. */
  for (int depth = 0; depth <= 5; depth += (depth == 0 ? 1 : 4)) {
    long x = 7 + depth;
    CHECK_EQ(caller(depth, x), (1000 + (x * 3 + 1) + x) * 100000 + k_terms());
  }
  CHECK_EQ(unwound, 3);
  /* Many jumps: the stack pointer comes back each time. */
  for (int i = 0; i < 200; i++)
    caller(3, i);
  CHECK_EQ(unwound, 203);
  CHECK(stack_here() == sp0);

  /* 0 + 1 + 4 + ... + 81 */
  CHECK_EQ(vla_catcher(10), 285);
  CHECK_EQ(vla_catcher(3), 5);
  CHECK(stack_here() == sp0);

  CHECK_EQ(two_points(), 1234);
  CHECK(stack_here() == sp0);
  CHECK_DONE();
}
