//===-- Driver.h - clang --target=accel command lines -----------*- C++ -*-===//
//
// Turns a clang command line into jobs: front-end compilations run in this
// process (Frontend.h), assembly by accel-as and linking by accel-ld.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_TOOLS_CLANG_DRIVER_H
#define ACCEL_TOOLS_CLANG_DRIVER_H

#include "llvm/ADT/ArrayRef.h"
#include <string>
#include <vector>

namespace accel {

/// Where the driver finds its tools, headers and libraries.
struct Installation {
  std::string Argv0;       ///< This driver, for jobs that name it.
  std::string BinDir;      ///< accel-as, accel-ld.
  std::string LibDir;      ///< crt0.o, libc.a, libm.a, ... and include/.
  std::string ResourceDir; ///< clang's freestanding headers (stddef.h, ...).
};

/// Runs the command line (without argv[0]); returns the exit status.
/// CXXMode is clang++'s: .c inputs are C++ and links get the C++ runtime
/// (--driver-mode=g++ or =gcc on the command line overrides it).
int runDriver(const Installation &Install, llvm::ArrayRef<const char *> Args,
              bool CXXMode);

} // namespace accel

#endif
