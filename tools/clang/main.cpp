//===-- main.cpp - clang: accel here, any other target in clang-19 --------===//
//
// build/bin/clang (and accel-clang, whose default target is accel), with
// clang++ and accel-clang++ for C++. --target=accel runs our driver
// (Driver.h); any other --target, or none when invoked as clang, hands the
// whole command line to Debian's clang-19 (or clang++) unchanged.
//
//===----------------------------------------------------------------------===//

#include "AccelTargetInit.h"
#include "Driver.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>
#include <unistd.h>

#ifndef ACCEL_CLANG19
#error "ACCEL_CLANG19 must name Debian's clang-19"
#endif
#ifndef ACCEL_CLANG_RESOURCE_DIR
#error "ACCEL_CLANG_RESOURCE_DIR must name clang's resource directory"
#endif

using namespace llvm;

/// The --target (or -target) of the command line, if any; the last wins.
static std::optional<std::string> targetOf(ArrayRef<const char *> Args) {
  std::optional<std::string> Target;
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A.consume_front("--target=") || A.consume_front("-target="))
      Target = A.str();
    else if ((A == "-target" || A == "--target") && I + 1 < Args.size())
      Target = Args[++I];
  }
  return Target;
}

int main(int Argc, char **Argv) {
  InitLLVM X(Argc, Argv);
  ArrayRef<const char *> Args(Argv + 1, Argv + Argc);
  std::string Exe = sys::fs::getMainExecutable(Argv[0], (void *)&main);
  StringRef Name = sys::path::filename(Argv[0]);
  bool AccelByName = Name.starts_with("accel-");
  bool CXXByName = Name.ends_with("++");

  std::optional<std::string> Target = targetOf(Args);
  bool Accel = Target ? StringRef(*Target).split('-').first == "accel"
                      : AccelByName;
  if (!Accel) {
    // clang++ is clang-19's symlink: clang picks its mode from argv[0].
    const char *Clang = CXXByName ? ACCEL_CLANG19 "++" : ACCEL_CLANG19;
    std::vector<const char *> Exec = {Clang};
    Exec.insert(Exec.end(), Args.begin(), Args.end());
    Exec.push_back(nullptr);
    execv(Clang, const_cast<char *const *>(Exec.data()));
    fprintf(stderr, "clang: error: cannot run %s: %s\n", Clang,
            strerror(errno));
    return 1;
  }

  initializeAccelTarget();
  accel::Installation Install;
  Install.Argv0 = Exe;
  Install.BinDir = sys::path::parent_path(Exe).str();
  SmallString<256> Lib(sys::path::parent_path(Install.BinDir));
  sys::path::append(Lib, "lib", "accel");
  Install.LibDir = Lib.str().str();
  Install.ResourceDir = ACCEL_CLANG_RESOURCE_DIR;
  return accel::runDriver(Install, Args, CXXByName);
}
