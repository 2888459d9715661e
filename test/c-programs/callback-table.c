/* A small bytecode interpreter dispatching through a table of callbacks,
 * plus callbacks receiving context pointers (closure emulation). */
#include <stdint.h>
#include "check.h"

struct vm { int64_t stack[64]; int sp; int64_t acc; int steps; };
typedef void (*op_fn)(struct vm *, int64_t);

static void op_push(struct vm *m, int64_t a) { m->stack[m->sp++] = a; }
static void op_add(struct vm *m, int64_t a) { (void)a; m->sp--; m->stack[m->sp - 1] += m->stack[m->sp]; }
static void op_mul(struct vm *m, int64_t a) { (void)a; m->sp--; m->stack[m->sp - 1] *= m->stack[m->sp]; }
static void op_neg(struct vm *m, int64_t a) { (void)a; m->stack[m->sp - 1] = -m->stack[m->sp - 1]; }
static void op_dup(struct vm *m, int64_t a) { (void)a; m->stack[m->sp] = m->stack[m->sp - 1]; m->sp++; }
static void op_store(struct vm *m, int64_t a) { (void)a; m->acc = m->stack[--m->sp]; }

enum { PUSH, ADD, MUL, NEG, DUP, STORE, NOPS };
static const op_fn dispatch[NOPS] = {[PUSH] = op_push, [ADD] = op_add, [MUL] = op_mul,
                                     [NEG] = op_neg, [DUP] = op_dup, [STORE] = op_store};
struct insn { int op; int64_t arg; };

static NOINLINE int64_t run(const struct insn *code, int n) {
  struct vm m = {.sp = 0};
  for (int pc = 0; pc < n; pc++) { dispatch[code[pc].op](&m, code[pc].arg); m.steps++; }
  return m.acc;
}

/* callbacks with user context */
typedef void (*visit_fn)(int value, void *ctx);
static void for_each(const int *a, int n, visit_fn f, void *ctx) { for (int i = 0; i < n; i++) f(a[i], ctx); }
struct stats { long sum; int min, max, count; };
static void collect(int v, void *ctx) {
  struct stats *s = ctx;
  s->sum += v;
  if (s->count == 0 || v < s->min) s->min = v;
  if (s->count == 0 || v > s->max) s->max = v;
  s->count++;
}
static void count_even(int v, void *ctx) { if (v % 2 == 0) ++*(int *)ctx; }

int main(void) {
  /* ((3 + 4) * -(5)) dup * -> 1225 */
  struct insn prog[] = {{PUSH, 3}, {PUSH, 4}, {ADD, 0}, {PUSH, 5}, {NEG, 0}, {MUL, 0}, {DUP, 0}, {MUL, 0}, {STORE, 0}};
  CHECK_EQ(run(prog, 9), 1225);
  /* sum 1..20 via generated code */
  struct insn gen[42];
  int n = 0;
  gen[n++] = (struct insn){PUSH, 0};
  for (int i = 1; i <= 20; i++) { gen[n++] = (struct insn){PUSH, i}; gen[n++] = (struct insn){ADD, 0}; }
  gen[n++] = (struct insn){STORE, 0};
  CHECK_EQ(run(gen, n), 210);
  int data[] = {5, -3, 12, 8, 0, -7, 21};
  struct stats st = {0, 0, 0, 0};
  for_each(data, 7, collect, &st);
  CHECK(st.sum == 36 && st.min == -7 && st.max == 21 && st.count == 7);
  int evens = 0;
  for_each(data, 7, count_even, &evens);
  CHECK_EQ(evens, 3);
  CHECK_DONE();
}
