//===-- Sanitizers.cpp - -fsanitize= for clang --target=accel -------------===//

#include "Sanitizers.h"
#include "clang/Driver/Options.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;
using namespace clang;
using namespace clang::driver::options;

namespace accel {
namespace {

/// The checks that need nothing but a trap. -fsanitize=function needs the
/// type hashes clang writes before functions only for other targets, and
/// vptr needs RTTI, which accel's C++ does not have.
const SanitizerMask Supported =
    (SanitizerKind::Undefined | SanitizerKind::Integer |
     SanitizerKind::ImplicitConversion | SanitizerKind::Nullability |
     SanitizerKind::FloatDivideByZero | SanitizerKind::LocalBounds) &
    ~(SanitizerKind::Function | SanitizerKind::Vptr);

std::string names(SanitizerMask Mask) {
  SanitizerSet Set;
  Set.Mask = Mask;
  SmallVector<StringRef, 16> Values;
  serializeSanitizerSet(Set, Values);
  return join(Values, ",");
}

std::string unknownValue(const opt::Arg &A, StringRef Value) {
  return ("unsupported argument '" + Value + "' to option '" +
          A.getOption().getPrefixedName() + "'")
      .str();
}

/// The checks \p A names (groups expanded), or an empty mask with \p Error
/// set for a name clang does not know.
SanitizerMask parseValues(const opt::Arg &A, std::string &Error) {
  SanitizerMask Mask;
  for (StringRef Value : A.getValues()) {
    SanitizerMask Kinds = parseSanitizerValue(Value, /*AllowGroups=*/true);
    if (!Kinds) {
      Error = unknownValue(A, Value);
      return {};
    }
    Mask |= expandSanitizerGroups(Kinds);
  }
  return Mask;
}

} // namespace

bool SanitizerOptions::consume(const opt::Arg &A, std::string &Error) {
  switch (A.getOption().getID()) {
  case OPT_fsanitize_EQ:
    for (StringRef Value : A.getValues()) {
      SanitizerMask Kinds = parseSanitizerValue(Value, /*AllowGroups=*/true);
      if (!Kinds) {
        Error = unknownValue(A, Value);
        return false;
      }
      // A group (undefined) brings what accel has of it, as clang drops
      // what a target lacks; a check named alone must be supported.
      SanitizerMask Checks = expandSanitizerGroups(Kinds);
      bool Group = Checks != Kinds;
      if ((!Group && (Checks & ~Supported)) || !(Checks & Supported)) {
        Error = "'-fsanitize=" + Value.str() +
                "' is not supported for target 'accel': it has only the "
                "undefined-behaviour checks";
        return false;
      }
      Enabled |= Checks & Supported;
    }
    return true;
  case OPT_fno_sanitize_EQ:
    Enabled &= ~parseValues(A, Error);
    return Error.empty();
  case OPT_fsanitize_trap_EQ:
    Trapping |= parseValues(A, Error);
    return Error.empty();
  case OPT_fno_sanitize_trap_EQ:
    Trapping &= ~parseValues(A, Error);
    return Error.empty();
  case OPT_fsanitize_trap:
  case OPT_fsanitize_undefined_trap_on_error:
    Trapping |= Supported;
    return true;
  case OPT_fno_sanitize_trap:
  case OPT_fno_sanitize_undefined_trap_on_error:
    Trapping = {};
    return true;
  case OPT_fno_sanitize_recover:
  case OPT_fno_sanitize_recover_EQ:
  case OPT_fno_sanitize_minimal_runtime:
    return true; // A trap never recovers; there is no run-time.
  case OPT_fsanitize_recover:
  case OPT_fsanitize_recover_EQ:
  case OPT_fsanitize_minimal_runtime:
    Error = "'" + A.getOption().getPrefixedName().str() +
            "' is not supported for target 'accel': there is no sanitizer "
            "run-time; checks trap (-fsanitize-trap=)";
    return false;
  default:
    return false;
  }
}

bool SanitizerOptions::render(std::vector<std::string> &CC1,
                              std::string &Error) const {
  if (!Enabled)
    return true;
  if (SanitizerMask Untrapped = Enabled & ~Trapping) {
    // All of them when -fsanitize-trap= is missing: name them only when
    // the user left out a few.
    std::string Which = Untrapped == Enabled
                            ? "the -fsanitize= checks need"
                            : "'-fsanitize=" + names(Untrapped) + "' needs";
    Error = Which + " a sanitizer run-time, which accel does not have: add "
                    "-fsanitize-trap=all, and a failed check stops the "
                    "program with a trap that accel-sim reports with its "
                    "source line (-g)";
    return false;
  }
  CC1.push_back("-fsanitize=" + names(Enabled));
  CC1.push_back("-fsanitize-trap=" + names(Enabled));
  return true;
}

} // namespace accel
