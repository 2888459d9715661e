/* GNU labels-as-values: a direct-threaded interpreter and a jump table
 * of label addresses. */
#include "check.h"

enum { I_PUSH, I_ADD, I_MUL, I_DUP, I_SWAP, I_OVER, I_JNZ, I_DEC, I_HALT };

static NOINLINE long run(const int *code) {
  static void *const labels[] = {&&push, &&add, &&mul, &&dup, &&swap, &&over, &&jnz, &&dec, &&halt};
  long stack[32];
  int sp = 0, pc = 0;
#define NEXT goto *labels[code[pc++]]
  NEXT;
push: stack[sp++] = code[pc++]; NEXT;
add:  sp--; stack[sp - 1] += stack[sp]; NEXT;
mul:  sp--; stack[sp - 1] *= stack[sp]; NEXT;
dup:  stack[sp] = stack[sp - 1]; sp++; NEXT;
swap: { long t = stack[sp - 1]; stack[sp - 1] = stack[sp - 2]; stack[sp - 2] = t; } NEXT;
over: stack[sp] = stack[sp - 2]; sp++; NEXT;
jnz:  { int target = code[pc++]; if (stack[--sp]) pc = target; } NEXT;
dec:  stack[sp - 1]--; NEXT;
halt: return stack[sp - 1];
#undef NEXT
}

static NOINLINE int classify(int x) {
  static void *const table[] = {&&zero, &&one, &&two};
  if (x < 0 || x > 2) goto other;
  goto *table[x];
zero: return 100;
one:  return 101;
two:  return 102;
other: return -1;
}

int main(void) {
  /* computes (2+3)*4 */
  int p1[] = {I_PUSH, 2, I_PUSH, 3, I_ADD, I_PUSH, 4, I_MUL, I_HALT};
  CHECK_EQ(run(p1), 20);
  /* loop: [acc n] -> SWAP OVER MUL SWAP DEC DUP JNZ -> [acc*n n-1] until n == 0 */
  int fact[] = {I_PUSH, 1, I_PUSH, 10,
                /* 4: */ I_SWAP, I_OVER, I_MUL, I_SWAP, I_DEC, I_DUP, I_JNZ, 4,
                I_ADD, I_HALT};
  CHECK_EQ(run(fact), 3628800);
  int sum[] = {I_PUSH, 0, I_PUSH, 100,
               /* 4: */ I_SWAP, I_OVER, I_ADD, I_SWAP, I_DEC, I_DUP, I_JNZ, 4,
               I_ADD, I_HALT};
  CHECK_EQ(run(sum), 5050);
  /* count down from 50 to 0 with DEC/DUP/JNZ, then 0 + 7 */
  int p4[] = {
      I_PUSH, 50,                     /* n */
      /* 2: */ I_DEC,                 /* n-1 */
      I_DUP,                          /* n-1 n-1 */
      I_JNZ, 2,                       /* loop while n-1 != 0 */
      I_PUSH, 7, I_ADD,               /* 0 + 7 */
      I_HALT,
  };
  CHECK_EQ(run(p4), 7);
  for (int i = -2; i < 5; i++) CHECK_EQ(classify(OPAQUE(i)), (i >= 0 && i <= 2) ? 100 + i : -1);
  /* label addresses differ and are stable */
  void *a = &&l1, *b = &&l2;
  CHECK(a != b);
  int hits = 0;
  void *target = OPAQUE(a);
  goto *target;
l2:
  hits += 10;
  goto end;
l1:
  hits += 1;
  goto *b;
end:
  CHECK_EQ(hits, 11);
  CHECK_DONE();
}
