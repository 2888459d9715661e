//===-- CompileOptions.h - driver compile options to clang -cc1 -*- C++ -*-===//
//
// Compile options reach clang -cc1 as clang-19's own driver renders them for
// a bare-metal target: most with the same spelling, some renamed (for
// example -fno-strict-aliasing is -relaxed-aliasing), and the floating-point
// group (-ffast-math and its parts) through the same state machine, so that
// later options override earlier ones as they do in clang.
// test/clang/cc1-options.test checks each against clang-19.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_CLANG_COMPILEOPTIONS_H
#define ACCEL_CLANG_COMPILEOPTIONS_H

#include "llvm/Option/Arg.h"
#include "llvm/Option/ArgList.h"
#include <string>
#include <vector>

namespace accel {

/// Appends to \p CC1 the cc1 form of \p A if it is a compile option rendered
/// independently of the others; false if it is not one.
bool translateCompileOption(const llvm::opt::Arg &A,
                            const llvm::opt::ArgList &Args,
                            std::vector<std::string> &CC1);

/// Appends what depends on the -O level and may be overridden: the frame
/// pointer (-f(no-)omit-frame-pointer), and -vectorize-loops and
/// -vectorize-slp where clang-19 would enable them (-f(no-)vectorize,
/// -f(no-)slp-vectorize).
void renderOptimizationDefaults(const llvm::opt::ArgList &Args,
                                std::vector<std::string> &CC1);

/// The floating-point model, built up option by option.
class FloatingPointOptions {
public:
  /// Takes \p A if it is a floating-point option; false if it is not one, or
  /// (with \p Error set) if its value is not valid.
  bool consume(const llvm::opt::Arg &A, std::string &Error);
  /// What -ffast-math and -Ofast turn on.
  void applyFastMath();
  /// Appends the cc1 flags for the final state.
  void render(std::vector<std::string> &CC1) const;

private:
  void reset();

  bool HonorInfs = true, HonorNaNs = true, ApproxFunc = false;
  /// picolibc's libm, in its default IEEE mode, never sets errno: so, as
  /// clang on Darwin and the BSDs, -fno-math-errno is the default, and
  /// sqrtf, fmaf and friends can become instructions.
  static constexpr bool MathErrnoDefault = false;
  bool MathErrno = MathErrnoDefault;
  bool AssociativeMath = false, ReciprocalMath = false, SignedZeros = true;
  bool TrappingMath = false, RoundingMath = false;
  bool BasicComplexRange = false;
  std::string FPContract = "on";
  std::string LastFPContract; ///< From an explicit -ffp-contract=.
  std::string ExceptionBehavior;
  bool SeenUnsafeMath = false;
};

} // namespace accel

#endif
