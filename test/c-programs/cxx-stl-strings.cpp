// libc++ strings: std::string in its short (inline) and long (heap) forms,
// find, substr, compare, replace; string_view; to_string and stoi/stod; the
// <charconv> conversions, whose shortest float output is checked against
// values that round-trip exactly (libc++ 19 parses only integers).
#include <charconv>
#include <cstdlib>
#include <string>
#include <string_view>
#include "check.h"

static void basics() {
  std::string s = "accel";
  const char *inline_data = s.data();
  CHECK_EQ(s.size(), 5);
  s += " vliw machine-learning accelerator";     // outgrows the short form
  CHECK(s.data() != inline_data);
  CHECK_STR(s.c_str(), "accel vliw machine-learning accelerator");
  CHECK_EQ(s.find("vliw"), 6);
  CHECK_EQ(s.rfind('a'), s.size() - 4);           // "...ator"
  CHECK(s.find("gpu") == std::string::npos);
  std::string word = s.substr(11, 7);
  CHECK_STR(word.c_str(), "machine");
  s.replace(0, 5, "Accel");
  CHECK(s.compare(0, 5, "Accel") == 0);
  CHECK(std::string("abc") < std::string("abd"));
  CHECK(std::string("abc") + "def" == "abcdef");

  std::string long_copy = s, moved = std::move(long_copy);
  CHECK(moved == s);
  std::string built;
  for (int i = 0; i < 200; ++i) built.push_back('a' + i % 26);
  CHECK_EQ(built.size(), 200);
  CHECK_EQ(built[27], 'b');
  built.erase(26);
  CHECK_STR(built.c_str(), "abcdefghijklmnopqrstuvwxyz");
}

static void views() {
  std::string_view v = "  padded text  ";
  v.remove_prefix(v.find_first_not_of(' '));
  v.remove_suffix(v.size() - v.find_last_not_of(' ') - 1);
  CHECK(v == "padded text");
  CHECK(v.substr(0, 3) == "pad" && v.substr(v.size() - 4) == "text");
  CHECK_EQ(v.size(), 11);
}

static void numbers() {
  std::string negative = std::to_string(-12345);
  std::string largest = std::to_string(18446744073709551615ULL);
  CHECK_STR(negative.c_str(), "-12345");
  CHECK_STR(largest.c_str(), "18446744073709551615");
  CHECK_EQ(std::stoi("-789"), -789);
  CHECK_EQ(std::stol("7fffffff", nullptr, 16), 0x7fffffff);
  CHECK(std::stod("0.15625") == 0.15625);

  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, 0.1);
  *r.ptr = 0;
  CHECK_STR(buf, "0.1");                           // shortest round trip
  r = std::to_chars(buf, buf + sizeof buf, 1e300);
  *r.ptr = 0;
  CHECK_STR(buf, "1e+300");
  r = std::to_chars(buf, buf + sizeof buf, 3.0f / 7.0f);
  *r.ptr = 0;
  CHECK(strtof(buf, nullptr) == 3.0f / 7.0f);       // round trips
  r = std::to_chars(buf, buf + sizeof buf, 255, 16);
  *r.ptr = 0;
  CHECK_STR(buf, "ff");

  int value = 0;
  const char text[] = "4096 rest";
  auto p = std::from_chars(text, text + sizeof text - 1, value);
  CHECK_EQ(value, 4096);
  CHECK_EQ(p.ptr - text, 4);
}

int main() {
  basics();
  views();
  numbers();
  CHECK_DONE();
}
