// new/delete of scalars, class objects and aggregates, with constructor/
// destructor counts; value-initialisation; class-specific operator
// new/delete; nullptr delete.
#include <stdlib.h>
#include <stdint.h>
#include "check.h"

static int ctors, dtors;
struct Tracked {
  int v;
  Tracked() : v(-1) { ctors++; }
  explicit Tracked(int x) : v(x) { ctors++; }
  ~Tracked() { dtors++; }
};

static int class_news, class_deletes;
struct Pooled {
  double payload[4];
  static void *operator new(unsigned long size) { class_news++; return malloc(size); }
  static void operator delete(void *p) { class_deletes++; free(p); }
};

struct Node { int val; Node *next; };

int main() {
  int *pi = new int(42);
  CHECK_EQ(*pi, 42);
  delete pi;
  int *pz = new int();                   // value-initialised to zero
  CHECK_EQ(*pz, 0);
  delete pz;
  double *pd = new double{2.5};
  CHECK(*pd == 2.5);
  delete pd;
  Tracked *t = new Tracked(7);
  CHECK(t->v == 7 && ctors == 1);
  delete t;
  CHECK_EQ(dtors, 1);
  Tracked *td = new Tracked;
  CHECK(td->v == -1);
  delete td;
  CHECK(ctors == 2 && dtors == 2);
  Tracked *null_t = nullptr;
  delete null_t;                         // no-op
  CHECK_EQ(dtors, 2);
  // linked list on the heap
  Node *head = nullptr;
  for (int i = 0; i < 1000; i++) head = new Node{i, head};
  long sum = 0;
  int n = 0;
  while (head) { Node *nx = head->next; sum += head->val; n++; delete head; head = nx; }
  CHECK(n == 1000 && sum == 499500);
  // class-specific allocation functions
  Pooled *p = new Pooled;
  p->payload[3] = 1.0;
  CHECK_EQ(class_news, 1);
  delete p;
  CHECK_EQ(class_deletes, 1);
  // alignment of new'd objects
  for (int i = 0; i < 10; i++) {
    long long *q = new long long(i);
    CHECK((uintptr_t)q % alignof(long long) == 0);
    delete q;
  }
  // many objects alive at once
  Tracked *many[100];
  for (int i = 0; i < 100; i++) many[i] = new Tracked(i);
  int total = 0;
  for (int i = 0; i < 100; i++) total += many[i]->v;
  for (int i = 0; i < 100; i++) delete many[i];
  CHECK_EQ(total, 4950);
  CHECK(ctors == 102 && dtors == 102);
  CHECK_DONE();
}
