//===-- Driver.h - clang --target=accel command lines -----------*- C++ -*-===//
//
// Turns a clang command line into jobs: front-end compilations run in this
// process (Frontend.h), assembly by accel-as and linking by accel-ld. The
// options are read in DriverOptions.cpp, the jobs planned in DriverJobs.cpp
// and run in Driver.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_TOOLS_CLANG_DRIVER_H
#define ACCEL_TOOLS_CLANG_DRIVER_H

#include "CompileOptions.h"
#include "Sanitizers.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Option/Arg.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>
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

/// Where the jobs stop: -E, -fsyntax-only, -S, -c, or a linked program.
enum class Stage { Preprocess, SyntaxOnly, Assembly, Object, Link };

/// What an input file is, from its extension or -x.
enum class InputKind { C, CXX, CPreprocessed, CXXPreprocessed, Asm, AsmCpp, IR,
                       LinkerInput };

struct Input {
  std::string Path;
  InputKind Kind;
};

struct Job {
  bool InProcess = false; ///< A cc1 job run by Frontend.h.
  std::vector<std::string> Args;
};

/// One command line: what its options ask for, and the jobs that do it.
class Driver {
public:
  Driver(const Installation &Install, bool CXXMode)
      : Install(Install), CXXMode(CXXMode) {}
  int run(llvm::ArrayRef<const char *> Argv);

private:
  bool parse(llvm::ArrayRef<const char *> Argv);
  bool translate(const llvm::opt::Arg &A);
  // translate()'s groups of options: each returns std::nullopt for an option
  // not its own, else what translate() returns.
  std::optional<bool> translateFlagOption(const llvm::opt::Arg &A);
  std::optional<bool> translateStageOption(const llvm::opt::Arg &A);
  std::optional<bool> translateTargetOption(const llvm::opt::Arg &A);
  std::optional<bool> translateLanguageOption(const llvm::opt::Arg &A);
  std::optional<bool> translateDiagnosticOption(const llvm::opt::Arg &A);
  std::optional<bool> translatePreprocessorOption(const llvm::opt::Arg &A);
  std::optional<bool> translateLTOOption(const llvm::opt::Arg &A);
  std::optional<bool> translateReportOption(const llvm::opt::Arg &A);
  std::optional<bool> translateInfoOption(const llvm::opt::Arg &A);
  std::optional<bool> translateToolOption(const llvm::opt::Arg &A);
  std::optional<bool> translateCodeGenOption(const llvm::opt::Arg &A);
  bool translateDebugOption(const llvm::opt::Arg &A);
  bool translatePreprocessorArgs(const llvm::opt::Arg &A);
  bool planJobs();
  bool planCompile(const Input &In);
  void planAssemble(const Input &Source, const std::string &Path,
                    bool FromCompiler);
  std::string cc1Action() const;
  std::vector<std::string> cc1Job(const Input &Original, const Input &In,
                                  const std::string &Out,
                                  const std::string &Action,
                                  llvm::ArrayRef<std::string> Extra = {}) const;
  std::string outputFor(const Input &In, llvm::StringRef Ext) const;
  std::string intermediate(const Input &In, llvm::StringRef Ext);
  void addLTOOptions(std::vector<std::string> &Link) const;
  std::vector<std::string> reportFlags(const Input &In) const;
  bool runJob(const Job &J);
  void printJob(const Job &J, llvm::raw_ostream &OS) const;
  std::string spelling(const llvm::opt::Arg &A) const {
    return A.getAsString(*ParsedArgs);
  }
  bool error(const llvm::Twine &Msg) {
    llvm::WithColor::error(llvm::errs(), "clang") << Msg << '\n';
    return false;
  }
  void warning(const llvm::Twine &Msg) {
    llvm::WithColor::warning(llvm::errs(), "clang") << Msg << '\n';
  }

  const Installation &Install;
  const llvm::opt::ArgList *ParsedArgs = nullptr; ///< While parse() runs.
  Stage Stop = Stage::Link;
  bool EmitLLVM = false, PrintOnly = false, Verbose = false;
  bool NoStdLib = false, NoStartFiles = false, NoDefaultLibs = false;
  bool CXXMode;       ///< clang++: C inputs are C++, links the C++ runtime.
  bool IsCXX = false; ///< Some input is C++.
  std::optional<bool> Color; ///< -f[no-]color-diagnostics, else if a tty.
  std::string Output, Optimization = "-O0";
  std::string DebugInfoKind; ///< A cc1 -debug-info-kind value; "": none.
  unsigned DwarfVersion = 5; ///< clang's default on Linux.
  FloatingPointOptions FloatOptions;
  SanitizerOptions Sanitizers;
  bool NoStdLibInc = false, NoBuiltinInc = false; ///< -nostdinc sets both.
  bool NoStdIncCXX = false; ///< -nostdinc++: no libc++ headers.
  bool NoStdLibCXX = false; ///< -nostdlib++: links without libc++.
  /// What -dumpmachine, --version, -print-... asked for: printed instead of
  /// compiling anything.
  std::vector<std::string> InfoLines;
  enum class DepKind { None, All, User } Deps = DepKind::None;
  /// -M/-MM: the dependencies are the output (-MF, -o, else stdout); the
  /// source is preprocessed for nothing else.
  bool DepsOnly = false;
  std::string Standard; ///< The last -std=<standard> or -ansi.
  std::string DepFile;
  std::vector<std::string> DepTargets;
  bool DepPhony = false;
  bool StackUsage = false; ///< -fstack-usage: a .su file per compilation.
  /// -save-temps[=cwd|obj]: keep each stage's file (.i, .bc, .s, .o) in the
  /// working directory or beside the -o output.
  enum class SaveTempsKind { None, Cwd, Obj } SaveTemps = SaveTempsKind::None;
  std::vector<std::string> AssemblerFlags; ///< -Wa, and -Xassembler.
  /// -flto[=full|thin]: objects are bitcode, optimized and compiled again
  /// as a whole by accel-ld.
  enum class LTOKind { None, Full, Thin } LTO = LTOKind::None;
  std::string LTOJobs;                  ///< -flto-jobs=, for ThinLTO.
  std::vector<std::string> LLVMOptions; ///< -mllvm, also for LTO's codegen.
  /// -Rpass=, -Rpass-missed=, -Rpass-analysis= as LLVM options, for LTO.
  std::vector<std::string> PassRemarkOptions;
  /// -ftime-trace[=]: a Chrome trace per compilation, here or as named.
  std::optional<std::string> TimeTrace;
  /// -fsave-optimization-record[=format], -foptimization-record-file=,
  /// -foptimization-record-passes=: the optimizers' remarks in a file per
  /// compilation.
  bool SaveRemarks = false;
  std::string RemarksFormat = "yaml", RemarksFile, RemarksPasses;
  std::vector<std::string> CC1Flags, LinkFlags, Libraries;
  bool HasLinkerArgs = false; ///< -Wl, or -Xlinker seen.
  std::vector<Input> Inputs;
  std::vector<Job> Jobs;
  std::vector<std::string> LinkInputs, Temporaries;
};

/// The -x name of a kind of input (clang -cc1 spells them the same).
const char *languageOf(InputKind K);

} // namespace accel

#endif
