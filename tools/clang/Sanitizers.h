//===-- Sanitizers.h - -fsanitize= for clang --target=accel -----*- C++ -*-===//
//
// Accel has the undefined-behaviour checks of clang's UBSan, each ending in
// a trap when it fails: accel-sim reports the trap with its PC, bundle and
// (with -g) the source line of the check. There is no sanitizer run-time
// for accel, so every enabled check must trap (-fsanitize-trap=), and the
// sanitizers that need one (address, memory, thread, ...) are errors.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_CLANG_SANITIZERS_H
#define ACCEL_CLANG_SANITIZERS_H

#include "clang/Basic/Sanitizers.h"
#include "llvm/Option/Arg.h"
#include <string>
#include <vector>

namespace accel {

/// The sanitizer options, built up option by option as clang does: the
/// last -fsanitize= or -fno-sanitize= naming a check decides.
class SanitizerOptions {
public:
  /// Takes \p A if it is a sanitizer option; false if it is not one, or
  /// (with \p Error set) if it asks for what accel does not have.
  bool consume(const llvm::opt::Arg &A, std::string &Error);
  /// Appends the cc1 flags; false (with \p Error set) if a check is
  /// enabled without trapping.
  bool render(std::vector<std::string> &CC1, std::string &Error) const;

private:
  clang::SanitizerMask Enabled, Trapping;
};

} // namespace accel

#endif
