// Classes: access control, member functions, const members, this,
// friends, member initialisers, nested types.
#include "check.h"

class Account {
 public:
  struct Entry { int amount; const char *memo; };
  explicit Account(const char *owner, int opening = 0) : owner_(owner), balance_(opening) {}
  bool deposit(int amount, const char *memo = "deposit") {
    if (amount <= 0 || count_ == kMax) return false;
    balance_ += amount;
    log_[count_++] = Entry{amount, memo};
    return true;
  }
  bool withdraw(int amount) {
    if (amount > balance_ || count_ == kMax) return false;
    balance_ -= amount;
    log_[count_++] = Entry{-amount, "withdraw"};
    return true;
  }
  int balance() const { return balance_; }
  int entries() const { return count_; }
  const Entry &entry(int i) const { return log_[i]; }
  const char *owner() const { return owner_; }
  Account &self() { return *this; }
  friend int total(const Account &a, const Account &b);

 private:
  static const int kMax = 8;
  const char *owner_;
  int balance_;
  int count_ = 0;
  Entry log_[kMax] = {};
};

int total(const Account &a, const Account &b) { return a.balance_ + b.balance_; }

class Counter {
  int n = 10;          // default member initialiser
  int step;
 public:
  Counter() : step(1) {}
  explicit Counter(int s) : step(s) {}
  Counter &inc() { n += step; return *this; }
  int get() const { return n; }
};

int main() {
  Account a("alice", 100), b("bob");
  CHECK(a.deposit(50));
  CHECK(!a.deposit(-5));
  CHECK(a.withdraw(30));
  CHECK(!a.withdraw(1000));
  CHECK_EQ(a.balance(), 120);
  CHECK_EQ(a.entries(), 2);
  CHECK_EQ(a.entry(1).amount, -30);
  CHECK_STR(a.entry(0).memo, "deposit");
  CHECK_STR(a.owner(), "alice");
  CHECK(&a.self() == &a);
  b.deposit(7, "gift");
  CHECK_STR(b.entry(0).memo, "gift");
  CHECK_EQ(total(a, b), 127);
  for (int i = 0; i < 10; i++) b.deposit(1);
  CHECK_EQ(b.entries(), 8);              // capacity limit
  CHECK_EQ(b.balance(), 14);
  const Account &cref = a;
  CHECK_EQ(cref.balance(), 120);
  Counter c;
  CHECK_EQ(c.inc().inc().inc().get(), 13);
  Counter c5(OPAQUE(5));
  CHECK_EQ(c5.inc().get(), 15);
  Account::Entry e{3, "x"};
  CHECK(e.amount == 3);
  CHECK(sizeof(Counter) == 8);
  CHECK_DONE();
}
