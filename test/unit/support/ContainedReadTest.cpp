//===-- ContainedReadTest.cpp - readers that die in a child ---------------===//
//
// Each way a reader can die (a signal, report_fatal_error, an allocation
// failure, an uncaught exception, a stack overflow) becomes a "malformed"
// error in the parent, which goes on; a reader that returns gives its
// result or its error's text.
//
//===----------------------------------------------------------------------===//

#include "ContainedRead.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "gtest/gtest.h"
#include <csignal>
#include <cstdlib>
#include <vector>

using namespace llvm;

namespace {

std::string errorText(Error E) { return E ? toString(std::move(E)) : ""; }

TEST(ContainedRead, ResultAndErrorCrossBack) {
  Expected<int> Status = accel::runContained("test", [] { return 42; });
  ASSERT_TRUE(bool(Status));
  EXPECT_EQ(*Status, 42);
  EXPECT_EQ(errorText(accel::readContained(
                "test", [] { return createStringError("bad field"); })),
            "bad field");
  EXPECT_EQ(errorText(accel::readContained(
                "test", [] { return Error::success(); })),
            "");
}

TEST(ContainedRead, SignalIsMalformedInput) {
  EXPECT_EQ(errorText(accel::readContained("bitcode",
                                           []() -> Error {
                                             std::raise(SIGSEGV);
                                             return Error::success();
                                           })),
            "malformed bitcode: the reader crashed (Segmentation fault)");
}

TEST(ContainedRead, FatalErrorIsMalformedInput) {
  EXPECT_EQ(errorText(accel::readContained("DWARF",
                                           []() -> Error {
                                             report_fatal_error(
                                                 "Invalid record");
                                           })),
            "malformed DWARF: Invalid record");
}

TEST(ContainedRead, AllocationFailureIsMalformedInput) {
  EXPECT_EQ(errorText(accel::readContained("ELF",
                                           []() -> Error {
                                             report_bad_alloc_error("huge");
                                           })),
            "malformed ELF: the reader ran out of memory");
}

TEST(ContainedRead, UncaughtExceptionIsMalformedInput) {
  // (GoogleTest would catch it in the child, so the child must not unwind
  // into the test's frames: it terminates, which the parent reports.)
  EXPECT_EQ(errorText(accel::readContained("archive",
                                           []() -> Error {
                                             std::vector<char> V;
                                             V.reserve(V.max_size() + 1);
                                             return Error::success();
                                           })),
            "malformed archive: the reader failed (an uncaught C++ exception)");
}

/// Recursion with a frame the optimizer cannot drop.
int recurse(volatile int Depth) {
  volatile char Frame[256];
  Frame[0] = static_cast<char>(Depth);
  return recurse(Depth + 1) + Frame[0];
}

TEST(ContainedRead, StackOverflowIsMalformedInput) {
  EXPECT_EQ(errorText(accel::readContained("LLVM IR",
                                           []() -> Error {
                                             recurse(0);
                                             return Error::success();
                                           })),
            "malformed LLVM IR: the reader crashed (Segmentation fault)");
}

TEST(ContainedRead, IRErrorsNameTheFile) {
  std::unique_ptr<MemoryBuffer> Text = MemoryBuffer::getMemBuffer(
      "define i32 @f( {\n", "bad.ll");
  EXPECT_EQ(errorText(accel::checkIRContained(Text->getMemBufferRef(),
                                              accel::ParseErrors::Pass)),
            "");
  // The message, then the line and a caret under the column.
  EXPECT_EQ(StringRef(errorText(accel::checkIRContained(
                          Text->getMemBufferRef(), accel::ParseErrors::Report)))
                .split('\n')
                .first,
            "bad.ll:2:1: expected type");
  std::unique_ptr<MemoryBuffer> Broken = MemoryBuffer::getMemBuffer(
      "define i32 @f() {\n  %a = add i32 %b, 1\n  %b = add i32 1, 1\n"
      "  ret i32 %a\n}\n",
      "broken.ll");
  EXPECT_EQ(errorText(accel::checkIRContained(Broken->getMemBufferRef(),
                                              accel::ParseErrors::Report))
                .substr(0, 67),
            "broken.ll: input module cannot be verified: "
            "Instruction does not do");
}

} // namespace
