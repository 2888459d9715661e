// A hand-written String class: construction, copy/move, concatenation
// operators, comparison, indexing, find, substring, conversion to C string.
#include <stdlib.h>
#include "check.h"

class String {
  char *p_;
  unsigned long n_;
  void init(const char *s, unsigned long n) { p_ = static_cast<char *>(malloc(n + 1)); memcpy(p_, s, n); p_[n] = 0; n_ = n; }
 public:
  String(const char *s = "") { init(s, strlen(s)); }
  String(const char *s, unsigned long n) { init(s, n); }
  String(const String &o) { init(o.p_, o.n_); }
  String(String &&o) noexcept : p_(o.p_), n_(o.n_) { o.p_ = nullptr; o.n_ = 0; }
  String &operator=(String o) { char *tp = p_; p_ = o.p_; o.p_ = tp; unsigned long tn = n_; n_ = o.n_; o.n_ = tn; return *this; }  // copy-and-swap
  ~String() { free(p_); }
  unsigned long size() const { return n_; }
  const char *c_str() const { return p_ ? p_ : ""; }
  char &operator[](unsigned long i) { return p_[i]; }
  char operator[](unsigned long i) const { return p_[i]; }
  String &operator+=(const String &o) {
    char *np = static_cast<char *>(malloc(n_ + o.n_ + 1));
    memcpy(np, c_str(), n_);
    memcpy(np + n_, o.c_str(), o.n_ + 1);
    free(p_);
    p_ = np;
    n_ += o.n_;
    return *this;
  }
  long find(const String &needle, unsigned long from = 0) const {
    const char *hit = from <= n_ ? strstr(c_str() + from, needle.c_str()) : nullptr;
    return hit ? hit - c_str() : -1;
  }
  String substr(unsigned long pos, unsigned long len) const { if (pos > n_) pos = n_; if (len > n_ - pos) len = n_ - pos; return String(c_str() + pos, len); }
  friend String operator+(String a, const String &b) { a += b; return a; }
  friend bool operator==(const String &a, const String &b) { return a.n_ == b.n_ && memcmp(a.c_str(), b.c_str(), a.n_) == 0; }
  friend bool operator<(const String &a, const String &b) { return strcmp(a.c_str(), b.c_str()) < 0; }
};

static String join(const String *parts, int n, const String &sep) {
  String r;
  for (int i = 0; i < n; i++) { if (i) r += sep; r += parts[i]; }
  return r;
}

int main() {
  String a("hello"), b = "world";
  String c = a + ", " + b + "!";
  CHECK_STR(c.c_str(), "hello, world!");
  CHECK_EQ(c.size(), 13);
  CHECK(c[0] == 'h' && c[12] == '!');
  c[0] = 'H';
  CHECK_STR(c.c_str(), "Hello, world!");
  CHECK_EQ(c.find("world"), 7);
  CHECK_EQ(c.find("o", 5), 8);
  CHECK_EQ(c.find("xyz"), -1);
  String s1 = c.substr(7, 5), s2 = c.substr(7, 100);   // keep the temporaries alive
  CHECK_STR(s1.c_str(), "world");
  CHECK_STR(s2.c_str(), "world!");
  String d = c;
  d[1] = 'E';
  CHECK(!(d == c) && c.c_str()[1] == 'e');
  String e = static_cast<String &&>(d);
  CHECK(d.size() == 0 && e.size() == 13);
  CHECK_STR(d.c_str(), "");
  e = a;
  CHECK(e == a && e.c_str() != a.c_str());
  CHECK(String("apple") < String("banana") && !(String("b") < String("a")));
  String parts[4] = {"a", "bb", "ccc", "dddd"};
  String j = join(parts, 4, "-");
  CHECK_STR(j.c_str(), "a-bb-ccc-dddd");
  String big;
  for (int i = 0; i < 100; i++) big += "xy";
  CHECK_EQ(big.size(), 200);
  CHECK_DONE();
}
