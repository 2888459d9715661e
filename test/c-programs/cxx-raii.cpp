// RAII: resources released on every exit path (early return, break,
// continue, goto out of scope, nested scopes), scope guards with lambdas,
// resource handles owning heap memory.
#include <stdlib.h>
#include "check.h"

static int opened, closed;
struct File {
  int id;
  explicit File(int i) : id(i) { opened++; }
  ~File() { closed++; }
  File(const File &) = delete;
  File &operator=(const File &) = delete;
};
template <typename F> struct ScopeGuard {
  F f;
  bool active = true;
  explicit ScopeGuard(F fn) : f(fn) {}
  ~ScopeGuard() { if (active) f(); }
  void dismiss() { active = false; }
};
template <typename F> ScopeGuard<F> on_exit(F f) { return ScopeGuard<F>(f); }

struct HeapBuf {
  char *p;
  explicit HeapBuf(unsigned long n) : p(static_cast<char *>(malloc(n))) {}
  ~HeapBuf() { free(p); }
  HeapBuf(const HeapBuf &) = delete;
  HeapBuf &operator=(const HeapBuf &) = delete;
};

static int early(int mode) {
  File a(1);
  if (mode == 0) return 10;
  File b(2);
  if (mode == 1) return 20;
  { File c(3); if (mode == 2) return 30; }
  return 40;
}

int main() {
  for (int m = 0; m < 4; m++) {
    opened = closed = 0;
    int r = early(m);
    CHECK_EQ(r, (m + 1) * 10);
    CHECK_EQ(opened, closed);
  }
  opened = closed = 0;
  for (int i = 0; i < 10; i++) {
    File f(i);
    if (i % 2) continue;
    if (i == 6) break;
  }
  CHECK(opened == 7 && closed == 7);
  opened = closed = 0;
  {
    File outer(0);
    for (int i = 0; i < 3; i++) {
      File inner(i);
      if (i == 1) goto done;
    }
  done:
    CHECK_EQ(closed, 2);                 // both inner files closed by the goto
  }
  CHECK(opened == 3 && closed == 3);
  int cleanups = 0;
  {
    auto g1 = on_exit([&] { cleanups += 1; });
    auto g2 = on_exit([&] { cleanups += 10; });
    g2.dismiss();
  }
  CHECK_EQ(cleanups, 1);
  int order = 0;
  {
    auto a = on_exit([&] { order = order * 10 + 1; });
    auto b = on_exit([&] { order = order * 10 + 2; });
  }
  CHECK_EQ(order, 21);                   // reverse order of declaration
  for (int i = 0; i < 100; i++) {
    HeapBuf hb(1000);
    hb.p[999] = (char)i;
  }
  CHECK_DONE();
}
