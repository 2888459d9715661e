//===-- Frontend.h - Run clang's front end for accel ------------*- C++ -*-===//

#ifndef ACCEL_TOOLS_CLANG_FRONTEND_H
#define ACCEL_TOOLS_CLANG_FRONTEND_H

#include "llvm/ADT/ArrayRef.h"

namespace accel {

/// Runs one cc1 job (its arguments without "-cc1") in this process with the
/// Accel target installed. Returns false if it reported errors.
bool runCC1(llvm::ArrayRef<const char *> Args, const char *Argv0);

} // namespace accel

#endif
