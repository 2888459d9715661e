//===-- Profile.h - flat profile by symbol and source line ------*- C++ -*-===//
//
// Where a run spent its cycles: each bundle is charged the cycle it issues
// in plus the stall cycles it waited before issuing, so the rows add up to
// the run's cycles. Rows are symbols (functions and global labels) and, for
// programs linked from -g objects, source lines (a bundle counts for the
// line of its first instruction).
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_SIM_PROFILE_H
#define ACCEL_SIM_PROFILE_H

#include <cstdint>
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace accel_sim {

class BundleDecoder;
struct LoadedProgram;
class SourceLines;

/// Per-bundle counts of a finished run, indexed as BundleDecoder::bundles().
struct BundleCounts {
  const std::vector<uint64_t> &Executions;
  const std::vector<uint64_t> &StallCycles;
};

/// Prints the \p Top most expensive symbols, then source lines (from
/// \p Lines), to \p OS.
void printProfile(llvm::raw_ostream &OS, const LoadedProgram &Prog,
                  const SourceLines &Lines, const BundleDecoder &Dec,
                  BundleCounts Counts, bool Timed, unsigned Top);

} // namespace accel_sim

#endif
