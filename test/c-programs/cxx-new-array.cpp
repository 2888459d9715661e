// new[] / delete[]: element constructors and destructors (in reverse order),
// array cookies for non-trivial destructors, zero-length arrays,
// initialiser lists, arrays of scalars and of structs.
#include <stdint.h>
#include "check.h"

static int ctors, dtors;
static int dtor_order[16], ndtor;
struct Elem {
  int id;
  Elem() : id(ctors++) {}
  explicit Elem(int v) : id(v) { ctors++; }
  ~Elem() { if (ndtor < 16) dtor_order[ndtor++] = id; dtors++; }
};
struct Trivial { int a; double b; };

int main() {
  Elem *arr = new Elem[5];
  CHECK_EQ(ctors, 5);
  for (int i = 0; i < 5; i++) CHECK_EQ(arr[i].id, i);
  delete[] arr;
  CHECK_EQ(dtors, 5);
  for (int i = 0; i < 5; i++) CHECK_EQ(dtor_order[i], 4 - i);     // reverse order
  ctors = dtors = ndtor = 0;
  Elem *none = new Elem[OPAQUE(0)];
  CHECK(none != nullptr);
  delete[] none;
  CHECK(ctors == 0 && dtors == 0);
  Elem *init = new Elem[3]{Elem(10), Elem(20), Elem(30)};
  CHECK(init[0].id == 10 && init[2].id == 30);
  delete[] init;
  CHECK_EQ(dtors, 3);
  int *ints = new int[100]();                 // value-initialised: zeros
  int nz = 0;
  for (int i = 0; i < 100; i++) nz += ints[i] != 0;
  CHECK_EQ(nz, 0);
  for (int i = 0; i < 100; i++) ints[i] = i;
  long s = 0;
  for (int i = 0; i < 100; i++) s += ints[i];
  CHECK_EQ(s, 4950);
  delete[] ints;
  int *partial = new int[6]{1, 2, 3};
  CHECK(partial[2] == 3 && partial[3] == 0 && partial[5] == 0);
  delete[] partial;
  Trivial *tr = new Trivial[10]();
  CHECK(tr[9].a == 0 && tr[9].b == 0.0);
  delete[] tr;
  double *dd = new double[OPAQUE(1000)];
  CHECK((uintptr_t)dd % alignof(double) == 0);
  for (int i = 0; i < 1000; i++) dd[i] = i * 0.5;
  CHECK(dd[999] == 499.5);
  delete[] dd;
  // repeated allocate/free with varying sizes
  for (int round = 1; round <= 50; round++) {
    ctors = dtors = 0;
    ndtor = 0;
    Elem *e = new Elem[round];
    CHECK_EQ(ctors, round);
    delete[] e;
    CHECK_EQ(dtors, round);
  }
  // 2-D array via new
  int (*grid)[4] = new int[3][4]();
  grid[2][3] = 5;
  CHECK(grid[2][3] == 5 && grid[0][0] == 0);
  delete[] grid;
  CHECK_DONE();
}
