// Construction and destruction order: bases before members before the
// body, reverse on destruction; arrays; temporaries; scope exit.
#include "check.h"

static char log_buf[256];
static int log_len;
static void note(const char *s) { while (*s) log_buf[log_len++] = *s++; log_buf[log_len] = 0; }
static void reset() { log_len = 0; log_buf[0] = 0; }

struct Tracer {
  char id;
  explicit Tracer(char c) : id(c) { char s[3] = {'+', c, 0}; note(s); }
  Tracer(const Tracer &o) : id(o.id) { char s[3] = {'c', o.id, 0}; note(s); }
  ~Tracer() { char s[3] = {'-', id, 0}; note(s); }
};
struct Base1 { Tracer t{'A'}; };
struct Base2 { Tracer t{'B'}; };
struct Derived : Base1, Base2 {
  Tracer m1{'x'};
  Tracer m2;
  Derived() : m2('y') { note("!"); }
  ~Derived() { note("~"); }
};
struct MemberOrder {
  Tracer second;
  Tracer first;
  // initialiser list order does not matter: declaration order is used
  MemberOrder() : second('2'), first('1') {}
};

static Tracer make(char c) { return Tracer(c); }

int main() {
  reset();
  { Derived d; }
  CHECK_STR(log_buf, "+A+B+x+y!~-y-x-B-A");
  reset();
  { MemberOrder m; }
  CHECK_STR(log_buf, "+2+1-1-2");
  reset();
  { Tracer arr[3] = {Tracer('p'), Tracer('q'), Tracer('r')}; }
  CHECK_STR(log_buf, "+p+q+r-r-q-p");        // elements destroyed in reverse
  reset();
  {
    Tracer a('a');
    {
      Tracer b('b');
      note("|");
    }
    Tracer c('c');
  }
  CHECK_STR(log_buf, "+a+b|-b+c-c-a");
  reset();
  {
    note("[");
    (void)Tracer('t');                       // temporary dies at end of full expression
    note("]");
  }
  CHECK_STR(log_buf, "[+t-t]");
  reset();
  {
    const Tracer &ext = make('e');           // lifetime extended to the reference
    note("|");
    (void)ext;
  }
  CHECK_STR(log_buf, "+e|-e");
  reset();
  {
    Tracer t = make('m');                    // guaranteed copy elision: no copy
    (void)t;
  }
  CHECK_STR(log_buf, "+m-m");
  reset();
  for (int i = 0; i < 3; i++) { Tracer loop('0' + (char)i); }
  CHECK_STR(log_buf, "+0-0+1-1+2-2");
  CHECK_DONE();
}
