/* GNU statement expressions, typeof and local labels in macros. */
#include "check.h"

#define MAX(a, b) ({ __typeof__(a) a_ = (a); __typeof__(b) b_ = (b); a_ > b_ ? a_ : b_; })
#define SWAP(x, y) do { __typeof__(x) t_ = (x); (x) = (y); (y) = t_; } while (0)
#define SUM_ARRAY(arr, n) ({ __typeof__((arr)[0]) s_ = 0; for (int i_ = 0; i_ < (n); i_++) s_ += (arr)[i_]; s_; })

static int calls;
static int next(void) { return ++calls; }

int main(void) {
  calls = 0;
  int m = MAX(next(), next());        /* each argument evaluated once */
  CHECK(m == 2 && calls == 2);
  double dm = MAX(1.5, OPAQUE(2.5));
  CHECK(dm == 2.5);
  int a = 1, b = 2;
  SWAP(a, b);
  CHECK(a == 2 && b == 1);
  double arr[] = {0.5, 1.5, 2.0};
  CHECK(SUM_ARRAY(arr, 3) == 4.0);
  int iarr[] = {1, 2, 3, 4};
  CHECK_EQ(SUM_ARRAY(iarr, 4), 10);
  /* value is the last expression statement */
  int v = ({ int t = OPAQUE(6); t *= 7; t; });
  CHECK_EQ(v, 42);
  /* nested statement expressions and loops inside */
  int w = ({
    int acc = 0;
    for (int i = 0; i < 10; i++) acc += ({ int sq = i * i; sq; });
    acc;
  });
  CHECK_EQ(w, 285);
  /* statement expression with a local label used for early exit */
  int found = ({
    __label__ done;
    int idx = -1;
    for (int i = 0; i < 4; i++) if (iarr[i] == 3) { idx = i; goto done; }
  done:
    idx;
  });
  CHECK_EQ(found, 2);
  /* typeof of expressions */
  __typeof__(1L + 1) big = 1L << 40;
  CHECK(sizeof big == 8 && big == 1099511627776L);
  CHECK_DONE();
}
