//===-- ContainedRead.cpp - LLVM's readers of user bytes, in a child ------===//
//
// Why a child process and not a CrashRecoveryContext in this one: recovery
// in-process longjmps out of a reader that may have corrupted the heap or
// left a lock held, cannot catch a stack overflow (LLVM's recovery handlers
// do not run on an alternate stack), and its fatal-error and bad-alloc hooks
// are process-wide. A forked child dies alone, whatever the reader did, and
// costs about a millisecond. The tools fork before they start threads.
//
//===----------------------------------------------------------------------===//

#include "ContainedRead.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <exception>
#include <new>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;

namespace {

/// What the child tells the parent through the report pipe: a tag byte and
/// a message.
enum ReportTag : char {
  ReadError = 'E',  ///< readContained's Read returned an error.
  FatalError = 'F', ///< report_fatal_error.
  OutOfMemory = 'M' ///< report_bad_alloc_error or a failed operator new.
};

/// The child's end of the report pipe.
int ReportFd = -1;

void report(ReportTag Tag, StringRef Message) {
  std::string Record = static_cast<char>(Tag) + Message.str();
  for (size_t Done = 0; Done < Record.size();) {
    ssize_t N = ::write(ReportFd, Record.data() + Done, Record.size() - Done);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return;
    Done += N;
  }
}

/// The child's exit status after a fatal error; the report tells them apart
/// from a status Run returned.
constexpr int FatalExitStatus = 70;

[[noreturn]] void onFatalError(void *, const char *Reason, bool) {
  report(FatalError, Reason);
  ::_exit(FatalExitStatus);
}

[[noreturn]] void onBadAlloc(void *, const char *Reason, bool) {
  report(OutOfMemory, Reason);
  ::_exit(FatalExitStatus);
}

[[noreturn]] void onNewFailure() { onBadAlloc(nullptr, "operator new", false); }

/// A reader that asks the standard library for an impossible size
/// (std::length_error from vector::reserve) ends here.
[[noreturn]] void onTerminate() {
  report(FatalError, "the reader failed (an uncaught C++ exception)");
  ::_exit(FatalExitStatus);
}

/// The child dies quietly and alone: no LLVM stack dump or "PLEASE submit a
/// bug report" (the input is at fault, and the parent says so), no core
/// file; LLVM's fatal errors, allocation failures and uncaught exceptions
/// end it through the report pipe.
void prepareChild(int Fd) {
  ReportFd = Fd;
  for (int Signal : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP})
    std::signal(Signal, SIG_DFL);
  struct rlimit NoCore = {0, 0};
  ::setrlimit(RLIMIT_CORE, &NoCore);
  remove_fatal_error_handler();
  install_fatal_error_handler(onFatalError);
  remove_bad_alloc_error_handler();
  install_bad_alloc_error_handler(onBadAlloc);
  std::set_new_handler(onNewFailure);
  std::set_terminate(onTerminate);
}

Error malformed(StringRef What, const Twine &How) {
  return createStringError("malformed " + What + ": " + How);
}

/// Everything the child wrote to the pipe, until it closed it.
std::string readReport(int Fd) {
  std::string Report;
  char Chunk[4096];
  for (;;) {
    ssize_t N = ::read(Fd, Chunk, sizeof(Chunk));
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return Report;
    Report.append(Chunk, N);
  }
}

/// Runs \p Run in a child; returns its exit status and sets \p Report to
/// what it wrote to the pipe, or an error if it died.
Expected<int> runChild(StringRef What, function_ref<int()> Run,
                       std::string &Report) {
  // The child inherits unwritten buffers: empty them first, so that
  // nothing is written twice.
  outs().flush();
  errs().flush();
  std::fflush(nullptr);
  int Pipe[2];
  if (::pipe2(Pipe, O_CLOEXEC) != 0)
    return createStringError(errnoAsErrorCode(),
                             "cannot create a pipe to read " + What);
  pid_t Pid = ::fork();
  if (Pid < 0) {
    std::error_code EC = errnoAsErrorCode();
    ::close(Pipe[0]);
    ::close(Pipe[1]);
    return createStringError(EC, "cannot start a process to read " + What);
  }
  if (Pid == 0) {
    ::close(Pipe[0]);
    prepareChild(Pipe[1]);
    int Status = Run();
    outs().flush();
    ::_exit(Status);
  }
  ::close(Pipe[1]);
  Report = readReport(Pipe[0]);
  ::close(Pipe[0]);
  int Status;
  while (::waitpid(Pid, &Status, 0) < 0)
    if (errno != EINTR)
      return createStringError(errnoAsErrorCode(),
                               "lost the process reading " + What);
  if (WIFSIGNALED(Status))
    return malformed(What, Twine("the reader crashed (") +
                               strsignal(WTERMSIG(Status)) + ")");
  if (!Report.empty() && Report[0] == FatalError)
    return malformed(What, StringRef(Report).drop_front());
  if (!Report.empty() && Report[0] == OutOfMemory)
    return malformed(What, "the reader ran out of memory");
  return WEXITSTATUS(Status);
}

} // namespace

Expected<int> accel::runContained(StringRef What, function_ref<int()> Run) {
  std::string Report;
  return runChild(What, Run, Report);
}

Error accel::readContained(StringRef What, function_ref<Error()> Read) {
  std::string Report;
  Expected<int> Status = runChild(
      What,
      [&] {
        if (Error E = Read())
          report(ReadError, toString(std::move(E)));
        return 0;
      },
      Report);
  if (!Status)
    return Status.takeError();
  if (!Report.empty() && Report[0] == ReadError)
    return createStringError(StringRef(Report).drop_front());
  return Error::success();
}

Error accel::checkIRContained(MemoryBufferRef Buffer) {
  auto *Bytes = reinterpret_cast<const unsigned char *>(Buffer.getBufferStart());
  StringRef What = isBitcode(Bytes, Bytes + Buffer.getBufferSize())
                       ? "bitcode"
                       : "LLVM IR";
  return readContained(What, [&]() -> Error {
    LLVMContext Ctx;
    SMDiagnostic ParseError;
    std::unique_ptr<Module> M = parseIR(Buffer, ParseError, Ctx);
    if (!M)
      return Error::success(); // The caller's reader reports it.
    std::string Broken;
    raw_string_ostream OS(Broken);
    if (verifyModule(*M, &OS))
      return createStringError("input module cannot be verified: " +
                               StringRef(Broken).trim());
    return Error::success();
  });
}
