//===-- Driver.cpp - running the jobs of clang --target=accel -------------===//
//
// Parses (DriverOptions.cpp), plans (DriverJobs.cpp), then prints the jobs
// (-###, -v) or runs them: cc1 jobs in this process, the tools as programs.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"
#include "Frontend.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

using namespace llvm;

namespace accel {

void Driver::printJob(const Job &J, raw_ostream &OS) const {
  OS << ' ';
  if (J.InProcess)
    OS << '"' << Install.Argv0 << "\" ";
  ListSeparator Sep(" ");
  for (const std::string &A : J.Args)
    OS << Sep << '"' << A << '"';
  OS << '\n';
}

bool Driver::runJob(const Job &J) {
  if (Verbose)
    printJob(J, errs());
  if (J.InProcess) {
    std::vector<const char *> Args;
    for (const std::string &A : drop_begin(J.Args)) // Without "-cc1".
      Args.push_back(A.c_str());
    if (runCC1(Args, Install.Argv0.c_str()))
      return true;
    // An error after the output was written (a report file that cannot be
    // opened) must not leave it behind as if the compile had worked.
    auto O = find(J.Args, "-o");
    if (O != J.Args.end() && std::next(O) != J.Args.end() &&
        *std::next(O) != "-")
      sys::fs::remove(*std::next(O));
    return false;
  }
  std::vector<StringRef> Args(J.Args.begin(), J.Args.end());
  std::string ErrMsg;
  int Status = sys::ExecuteAndWait(J.Args[0], Args, std::nullopt, {}, 0, 0,
                                   &ErrMsg);
  if (Status < 0)
    return error("unable to execute '" + J.Args[0] + "': " + ErrMsg);
  if (Status != 0) {
    StringRef Tool = sys::path::filename(J.Args[0]);
    return error((Tool == "accel-ld" ? "linker" : "assembler") +
                 Twine(" command failed with exit code ") + Twine(Status) +
                 " (use -v to see invocation)");
  }
  return true;
}

int Driver::run(ArrayRef<const char *> Argv) {
  if (!parse(Argv))
    return 1;
  if (!InfoLines.empty()) {
    for (const std::string &Line : InfoLines)
      outs() << Line << "\n";
    return 0;
  }
  if (!planJobs())
    return 1;
  if (Verbose || PrintOnly)
    errs() << "Accel clang (libclang-cpp " << LLVM_VERSION_STRING
           << "), target: accel\n";
  if (PrintOnly) {
    for (const Job &J : Jobs)
      printJob(J, errs());
    return 0;
  }
  bool Ok = true;
  for (const Job &J : Jobs)
    if (!(Ok = runJob(J)))
      break;
  for (const std::string &T : Temporaries)
    sys::fs::remove(T);
  return Ok ? 0 : 1;
}

int runDriver(const Installation &Install, ArrayRef<const char *> Args,
              bool CXXMode) {
  return Driver(Install, CXXMode).run(Args);
}

} // namespace accel
