// C++23 <print> and <format>, and std::chrono::system_clock. libc++ asks
// isatty() whether a stream is a terminal and reads the clock: both come
// from the runtime's system layer. The clock is the simulated one, from the
// epoch at the program's start: system_clock reads a little time since,
// well under a (simulated) second.
// RUN: clang++ --target=accel -std=c++23 -O2 -Wall -Werror %s -o %t.elf
// RUN: %sim %t.elf | FileCheck %s
// CHECK: print 42 1.5 accel
// CHECK-NEXT: println [    7] [-3   ]
// CHECK-NEXT: format 0003.142 ff 1e+10
// CHECK-NEXT: system_clock {{[1-9][0-9]{0,8}$}}
#include <chrono>
#include <cstdio>
#include <format>
#include <print>
#include <string>

int main() {
  std::print("print {} {} {}\n", 42, 1.5, std::string("accel"));
  std::println(stdout, "println [{:>5}] [{:<4}]", 7, -3);
  std::string s = std::format("{:08.3f} {:x} {}", 3.14159, 255, 1e10);
  std::printf("format %s\n", s.c_str());
  auto since = std::chrono::system_clock::now().time_since_epoch();
  std::println("system_clock {}", since.count());
}
