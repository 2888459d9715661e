/* __builtin_frame_address(n) and __builtin_return_address(n) for n > 0:
 * up a chain of calls in which every function takes its own frame address
 * (so each has a frame pointer and a frame record, docs/abi.md "Frame"),
 * each level's answer is what that function itself reported, frame
 * addresses increase towards the caller, and a return address is the
 * address right after the call in the function two levels up. On accel the
 * chain ends at crt0, whose r29 is zero, and a frame without a frame
 * pointer is skipped (the suite compiles without -fno-omit-frame-pointer;
 * test/clang/frame-pointer-chain.test compiles with it). */
#include <stdint.h>
#include "check.h"

#pragma GCC diagnostic ignored "-Wframe-address"

/* What each level says of itself (index 0 = leaf, 1 = mid, 2 = top). */
static void *own_frame[3], *own_return[3];
/* What the leaf sees of its callers. */
static void *leaf_frame1, *leaf_frame2, *leaf_return1, *leaf_return2;
/* The address after the call to mid in top (set by top). */
static void *after_mid_call;

/* Code after a call keeps it from being a tail call on hosts that make
 * them (the caller's frame must still be there). */
#define NO_TAIL_CALL() __asm__ volatile("" ::: "memory")

static NOINLINE void leaf(void) {
  own_frame[0] = __builtin_frame_address(0);
  own_return[0] = __builtin_return_address(0);
  leaf_frame1 = __builtin_frame_address(1);
  leaf_frame2 = __builtin_frame_address(2);
  leaf_return1 = __builtin_return_address(1);
  leaf_return2 = __builtin_return_address(2);
}

static NOINLINE void mid(void) {
  own_frame[1] = __builtin_frame_address(0);
  own_return[1] = __builtin_return_address(0);
  leaf();
  NO_TAIL_CALL();
}

static NOINLINE void top(void) {
  own_frame[2] = __builtin_frame_address(0);
  own_return[2] = __builtin_return_address(0);
  after_mid_call = &&after_call;
  mid();
after_call:
  NO_TAIL_CALL();
}

#ifdef __accel__
/* The walk a debugger does: r29, then the caller's r29 at [r29 - 16],
 * until zero. Counts the frames from this one up. */
static NOINLINE int chain_length(void) {
  int n = 0;
  for (void **fp = __builtin_frame_address(0); fp; fp = fp[-2])
    n++;
  return n;
}

/* Taking its own frame address gives it a frame record. */
static NOINLINE int through_two(void) {
  void *volatile own = __builtin_frame_address(0);
  (void)own;
  int n = chain_length();
  NO_TAIL_CALL();
  return n;
}

/* Without a frame address of its own, skips keeps no frame pointer: its
 * callee's record names the frame above it. */
static int skips_calls;
static NOINLINE void *frame1_of_callee(void) {
  return __builtin_frame_address(1);
}
static NOINLINE void *skips(void) {
  void *r = frame1_of_callee();
  skips_calls++;
  return r;
}
static NOINLINE void *above_skips(void **own) {
  *own = __builtin_frame_address(0);
  void *r = skips();
  NO_TAIL_CALL();
  return r;
}
#endif

int main(void) {
  top();
  /* Each level up is what that function reported of itself. */
  CHECK(leaf_frame1 == own_frame[1]);
  CHECK(leaf_frame2 == own_frame[2]);
  CHECK(leaf_return1 == own_return[1]);
  CHECK(leaf_return2 == own_return[2]);
  /* Callers' frames are above their callees' (the stack grows down). */
  CHECK((uintptr_t)own_frame[0] < (uintptr_t)own_frame[1]);
  CHECK((uintptr_t)own_frame[1] < (uintptr_t)own_frame[2]);
  /* mid returns into top, after its call (at -O0 a jump to the label may
   * come first). */
  CHECK((uintptr_t)leaf_return1 > (uintptr_t)&top);
  CHECK((uintptr_t)leaf_return1 <= (uintptr_t)after_mid_call);
#ifdef __accel__
  /* main's caller is crt0, which has no frame: the chain ends there. */
  CHECK(__builtin_frame_address(1) == 0);
  /* through_two, chain_length and main: three frames. */
  CHECK_EQ(through_two(), 3);
  /* skips has no frame pointer: frame1_of_callee's record holds the r29
   * that skips left alone, above_skips' frame. */
  void *above = 0;
  CHECK(above_skips(&above) == above);
  CHECK(above != 0);
  CHECK_EQ(skips_calls, 1);
#endif
  CHECK_DONE();
}
