//===-- Frontend.cpp - Run clang's front end for accel --------------------===//
//
// What `clang -cc1` does, except that the target is our AccelTargetInfo:
// CompilerInstance::ExecuteAction would call createTarget(), which only
// knows clang's built-in targets, so this file installs the target itself
// and runs the action's steps the way ExecuteAction does.
//
//===----------------------------------------------------------------------===//

#include "Frontend.h"
#include "AccelTargetInfo.h"
#include "ContainedRead.h"
#include "clang/Basic/DiagnosticFrontend.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticBuffer.h"
#include "clang/FrontendTool/Utils.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TimeProfiler.h"
#include "llvm/Support/Timer.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace {
// TargetInfo keeps its options in a private member that only
// TargetInfo::CreateTargetInfo sets, and that cannot create our target.
// An explicit instantiation may name private members (C++17
// [temp.explicit]/12), which gives us the member pointer: this is the one
// place in the project that reaches into clang's internals.
using TargetOptsMember = std::shared_ptr<TargetOptions> TargetInfo::*;
TargetOptsMember targetOptsMember();
template <TargetOptsMember Member> struct ExposeTargetOpts {
  friend TargetOptsMember targetOptsMember() { return Member; }
};
template struct ExposeTargetOpts<&TargetInfo::TargetOpts>;
} // namespace

/// TargetInfo::CreateTargetInfo followed by CompilerInstance::createTarget,
/// for AccelTargetInfo.
static bool installAccelTarget(CompilerInstance &CI) {
  DiagnosticsEngine &Diags = CI.getDiagnostics();
  auto Opts = std::make_shared<TargetOptions>(CI.getTargetOpts());
  auto Target = llvm::makeIntrusiveRefCnt<accel::AccelTargetInfo>(
      llvm::Triple(Opts->Triple));
  (*Target).*targetOptsMember() = Opts;

  if (!Opts->CPU.empty() && !Target->setCPU(Opts->CPU)) {
    Diags.Report(diag::err_target_unknown_cpu) << Opts->CPU;
    return false;
  }
  if (!Target->initFeatureMap(Opts->FeatureMap, Diags, Opts->CPU,
                              Opts->FeaturesAsWritten))
    return false;
  Opts->Features.clear();
  for (const auto &F : Opts->FeatureMap)
    Opts->Features.push_back((F.getValue() ? "+" : "-") + F.getKey().str());
  llvm::sort(Opts->Features);
  if (!Target->handleTargetFeatures(Opts->Features, Diags))
    return false;
  Target->setSupportedOpenCLOpts();
  Target->setCommandLineOpenCLOpts();
  Target->setMaxAtomicWidth();
  if (!Target->validateTarget(Diags))
    return false;
  // (CreateTargetInfo also asserts on the fixed-point widths; ours are
  // TargetInfo's defaults.)

  CI.setTarget(Target.get());
  // As createTarget(): the target learns the language options.
  CI.getTarget().adjust(Diags, CI.getLangOpts());
  return true;
}

/// An IR input (.ll, .bc) is parsed and verified first, in a child process
/// (ContainedRead.h): a damaged file could crash LLVM's reader, and a module
/// that parses but breaks the IR's rules would make the optimizer's verifier
/// abort the process (with it off, as clang-19 runs, code generation may
/// crash instead). Either is an error here. A file that does not parse
/// passes, for clang's own loader to report with its location.
static bool checkIRInput(CompilerInstance &CI, const FrontendInputFile &In) {
  if (In.getKind().getLanguage() != Language::LLVM_IR || !In.isFile())
    return true;
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(In.getFile());
  if (!Buffer)
    return true; // Clang's loader reports it.
  llvm::Error E = accel::checkIRContained((*Buffer)->getMemBufferRef(),
                                       accel::ParseErrors::Pass);
  if (!E)
    return true;
  DiagnosticsEngine &Diags = CI.getDiagnostics();
  Diags.Report(Diags.getCustomDiagID(DiagnosticsEngine::Error, "%0"))
      << llvm::toString(std::move(E));
  return false;
}

/// CompilerInstance::ExecuteAction without createTarget().
static bool executeAction(CompilerInstance &CI, FrontendAction &Act) {
  if (!Act.PrepareToExecute(CI) || !installAccelTarget(CI)) {
    CI.getDiagnosticClient().finish();
    return false;
  }
  if (CI.getCodeGenOpts().TimePasses) // -ftime-report
    CI.createFrontendTimer();
  for (const FrontendInputFile &Input : CI.getFrontendOpts().Inputs) {
    if (CI.hasSourceManager())
      CI.getSourceManager().clearIDTables();
    if (!checkIRInput(CI, Input))
      continue;
    if (Act.BeginSourceFile(CI, Input)) {
      if (llvm::Error Err = Act.Execute())
        llvm::consumeError(std::move(Err)); // Already reported.
      Act.EndSourceFile();
    }
  }
  CI.printDiagnosticStats();
  CI.getDiagnosticClient().finish();
  return !CI.getDiagnostics().hasErrorOccurred();
}

/// -ftime-trace=FILE: the Chrome trace cc1_main would write.
static bool writeTimeTrace(CompilerInstance &CI) {
  const std::string &Path = CI.getFrontendOpts().TimeTracePath;
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC, llvm::sys::fs::OF_TextWithCRLF);
  if (!EC)
    llvm::timeTraceProfilerWrite(OS);
  llvm::timeTraceProfilerCleanup();
  if (EC)
    CI.getDiagnostics().Report(diag::err_fe_unable_to_open_output)
        << Path << EC.message();
  return !EC;
}

bool accel::runCC1(llvm::ArrayRef<const char *> Args, const char *Argv0) {
  CompilerInstance CI;
  // Parse first into a buffer, then report through the real engine, as
  // cc1 does.
  IntrusiveRefCntPtr<DiagnosticOptions> DiagOpts = new DiagnosticOptions();
  auto *Buffer = new TextDiagnosticBuffer;
  DiagnosticsEngine ParseDiags(new DiagnosticIDs(), &*DiagOpts, Buffer);
  bool Parsed =
      CompilerInvocation::CreateFromArgs(CI.getInvocation(), Args, ParseDiags,
                                         Argv0);
  CI.createDiagnostics();
  Buffer->FlushDiagnostics(CI.getDiagnostics());
  if (!Parsed)
    return false;
  // -mllvm options go to LLVM's (and our target's) cl::opts, as in
  // ExecuteCompilerInvocation; each compile job of the process parses them
  // afresh, as clang's in-process cc1 jobs do.
  const std::vector<std::string> &LLVMArgs = CI.getFrontendOpts().LLVMArgs;
  if (!LLVMArgs.empty()) {
    llvm::cl::ResetAllOptionOccurrences();
    std::vector<const char *> Argv = {"clang (LLVM option parsing)"};
    for (const std::string &A : LLVMArgs)
      Argv.push_back(A.c_str());
    if (!llvm::cl::ParseCommandLineOptions(Argv.size(), Argv.data(), "",
                                           &llvm::errs()))
      return false;
  }
  const FrontendOptions &FEOpts = CI.getFrontendOpts();
  bool Tracing = !FEOpts.TimeTracePath.empty();
  if (Tracing)
    llvm::timeTraceProfilerInitialize(FEOpts.TimeTraceGranularity, Argv0,
                                      FEOpts.TimeTraceVerbose);
  std::unique_ptr<FrontendAction> Act = CreateFrontendAction(CI);
  bool Ok = Act && executeAction(CI, *Act);
  // As cc1_main: the timers still running (code generation's, with
  // -ftime-report) report now.
  llvm::TimerGroup::printAll(llvm::errs());
  llvm::TimerGroup::clearAll();
  if (Tracing)
    Ok &= writeTimeTrace(CI);
  return Ok;
}
