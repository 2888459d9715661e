//===-- AccelSectionSizeCheck.h - Sections no memory holds -----*- C++ -*-===//
//
// '.zero 99999999999' is valid syntax, but writing its section would fill
// the disk long before a link could report that it fits in no memory. The
// assembly parser checks the sections at the end of its input, before the
// streamer writes anything, and the streamer refuses to expand such a fill.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_ACCEL_MCTARGETDESC_ACCELSECTIONSIZECHECK_H
#define LLVM_LIB_TARGET_ACCEL_MCTARGETDESC_ACCELSECTIONSIZECHECK_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include <cstdint>

namespace llvm {
class MCAssembler;
class SMLoc;
class Twine;

/// Reports an error at a location (the parser's Error, or
/// MCContext::reportError).
using ReportSizeErrorFn = function_ref<void(SMLoc, const Twine &)>;

/// Reports "<What> N bytes, more than ..." at Loc if Size is larger than
/// any memory. Returns true if it reported.
bool reportIfLargerThanMemory(ReportSizeErrorFn Report, SMLoc Loc,
                              const Twine &What, uint64_t Size);

/// Reports each section whose contents already exceed Accel's largest memory,
/// at the directive that took it past.
void reportOversizedSections(ReportSizeErrorFn Report, const MCAssembler &Asm);

} // namespace llvm

#endif
