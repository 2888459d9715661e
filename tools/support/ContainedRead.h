//===-- ContainedRead.h - LLVM's readers in a child process ----*- C++ -*-===//
//
// LLVM's bitcode, IR and DWARF readers are not hardened against malformed
// files: a damaged one can crash them, make them call report_fatal_error or
// exhaust memory. Every tool of ours that hands user bytes to them does so
// through these functions, which run the reading in a forked child process
// first. The child's death (a signal, a fatal error, an allocation failure,
// even a stack overflow) becomes an Error saying the input is malformed; the
// tool reports it and exits non-zero. Reading is deterministic, so once the
// child has read the bytes the parent can read them again safely (see
// docs/design.md, "Damaged input").
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_TOOLS_SUPPORT_CONTAINEDREAD_H
#define ACCEL_TOOLS_SUPPORT_CONTAINEDREAD_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"

namespace accel {

/// Runs \p Run in a child process and returns its result (0..255), which
/// becomes the child's exit status. The child shares standard output and
/// error. If the child dies instead, the error reads "malformed <What>:
/// <how>" (What is "bitcode", "ELF", "DWARF", ...).
llvm::Expected<int> runContained(llvm::StringRef What,
                                 llvm::function_ref<int()> Run);

/// Runs \p Read in a child process and returns its error (only the message
/// crosses back), or a "malformed <What>" error if the child died.
llvm::Error readContained(llvm::StringRef What,
                          llvm::function_ref<llvm::Error()> Read);

/// What checkIRContained makes of a module that does not parse.
enum class ParseErrors {
  Pass,  ///< The caller's own reader reads it again and reports the error.
  Report ///< The caller's reader would read it another way (llc-19 sets the
         ///< target's data layout first): the parse error is the result.
};

/// Parses an LLVM IR module (text or bitcode) and verifies it, in a child
/// process. Succeeds if the module is valid; fails if it breaks the IR's
/// rules (the verifier's message) or if the reader dies, and, as \p OnParse
/// says, if it does not parse ("file:line:col: message"). Each message
/// starts with the buffer's name.
llvm::Error checkIRContained(llvm::MemoryBufferRef Buffer,
                             ParseErrors OnParse);

} // namespace accel

#endif
