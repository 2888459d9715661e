//===-- ContainedRead.cpp - LLVM's readers of user bytes, in a child ------===//
//
// Why a child process and not a CrashRecoveryContext in this one: recovery
// in-process longjmps out of a reader that may have corrupted the heap or
// left a lock held, cannot catch a stack overflow (LLVM's recovery handlers
// do not run on an alternate stack), and its fatal-error and bad-alloc hooks
// are process-wide. A forked child dies alone, whatever the reader did, and
// costs about a millisecond. The tools fork before they start threads.
//
//===----------------------------------------------------------------------===//

#include "ContainedRead.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include <cerrno>
#include <csignal>
#include <cstring>
#include <exception>
#include <fcntl.h>
#include <new>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;

namespace {
/// What the child tells the parent through the report pipe: a tag byte and
/// a message.
enum ReportTag : char {
  ReadError = 'E',  ///< readContained's Read returned an error.
  FatalError = 'F', ///< report_fatal_error.
  OutOfMemory = 'M' ///< report_bad_alloc_error or a failed operator new.
};
} // namespace

/// The child's end of the report pipe.
static int ReportFd = -1;

/// Writes all of \p Bytes to the report pipe, allocating nothing (this runs
/// when memory has run out, too).
static void writeReport(StringRef Bytes) {
  for (size_t Done = 0; Done < Bytes.size();) {
    ssize_t N = ::write(ReportFd, Bytes.data() + Done, Bytes.size() - Done);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return;
    Done += N;
  }
}

static void report(ReportTag Tag, StringRef Message) {
  char TagByte = Tag;
  writeReport(StringRef(&TagByte, 1));
  writeReport(Message);
}

/// The child's exit status after a fatal error; the report tells them apart
/// from a status Run returned.
static constexpr int FatalExitStatus = 70;

[[noreturn]] static void onFatalError(void *, const char *Reason, bool) {
  report(FatalError, Reason);
  ::_exit(FatalExitStatus);
}

[[noreturn]] static void onBadAlloc(void *, const char *Reason, bool) {
  report(OutOfMemory, Reason);
  ::_exit(FatalExitStatus);
}

[[noreturn]] static void onNewFailure() {
  onBadAlloc(nullptr, "operator new", false);
}

/// A reader that asks the standard library for an impossible size
/// (std::length_error from vector::reserve) ends here.
[[noreturn]] static void onTerminate() {
  report(FatalError, "the reader failed (an uncaught C++ exception)");
  ::_exit(FatalExitStatus);
}

/// The child dies quietly and alone: no LLVM stack dump or "PLEASE submit a
/// bug report" (the input is at fault, and the parent says so), no core
/// file; LLVM's fatal errors, allocation failures and uncaught exceptions
/// end it through the report pipe.
static void prepareChild(int Fd) {
  ReportFd = Fd;
  for (int Signal : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP})
    std::signal(Signal, SIG_DFL);
  struct rlimit NoCore = {0, 0};
  ::setrlimit(RLIMIT_CORE, &NoCore);
  remove_fatal_error_handler();
  install_fatal_error_handler(onFatalError);
  remove_bad_alloc_error_handler();
  install_bad_alloc_error_handler(onBadAlloc);
  std::set_new_handler(onNewFailure);
  std::set_terminate(onTerminate);
}

namespace {
/// The child died: the input is malformed.
class ReaderDied : public ErrorInfo<ReaderDied> {
public:
  static char ID;
  explicit ReaderDied(std::string Message) : Message(std::move(Message)) {}
  void log(raw_ostream &OS) const override { OS << Message; }
  std::error_code convertToErrorCode() const override {
    return inconvertibleErrorCode();
  }

private:
  std::string Message;
};
char ReaderDied::ID;
} // namespace

/// An exception must not unwind the child back into the caller's frames
/// (which would go on as a second copy of the tool): it terminates.
static int runInChild(function_ref<int()> Run) noexcept { return Run(); }

static Error malformed(StringRef What, const Twine &How) {
  return make_error<ReaderDied>(("malformed " + What + ": " + How).str());
}

/// Everything the child wrote to the pipe, until it closed it.
static std::string readReport(int Fd) {
  std::string Report;
  char Chunk[4096];
  for (;;) {
    ssize_t N = ::read(Fd, Chunk, sizeof(Chunk));
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return Report;
    Report.append(Chunk, N);
  }
}

/// Runs \p Run in a child; returns its exit status and sets \p Report to
/// what it wrote to the pipe, or an error if it died.
static Expected<int> runChild(StringRef What, function_ref<int()> Run,
                              std::string &Report) {
  // The child inherits unwritten buffers: empty them first, so that
  // nothing is written twice.
  outs().flush();
  errs().flush();
  std::fflush(nullptr);
  int Pipe[2];
  if (::pipe2(Pipe, O_CLOEXEC) != 0)
    return createStringError(errnoAsErrorCode(),
                             "cannot create a pipe to read " + What);
  pid_t Pid = ::fork();
  if (Pid < 0) {
    std::error_code EC = errnoAsErrorCode();
    ::close(Pipe[0]);
    ::close(Pipe[1]);
    return createStringError(EC, "cannot start a process to read " + What);
  }
  if (Pid == 0) {
    ::close(Pipe[0]);
    prepareChild(Pipe[1]);
    int Status = runInChild(Run);
    outs().flush();
    ::_exit(Status);
  }
  ::close(Pipe[1]);
  Report = readReport(Pipe[0]);
  ::close(Pipe[0]);
  int Status;
  while (::waitpid(Pid, &Status, 0) < 0)
    if (errno != EINTR)
      return createStringError(errnoAsErrorCode(),
                               "lost the process reading " + What);
  if (WIFSIGNALED(Status))
    return malformed(What, Twine("the reader crashed (") +
                               strsignal(WTERMSIG(Status)) + ")");
  if (!Report.empty() && Report[0] == FatalError)
    return malformed(What, StringRef(Report).drop_front());
  if (!Report.empty() && Report[0] == OutOfMemory)
    return malformed(What, "the reader ran out of memory");
  return WEXITSTATUS(Status);
}

Expected<int> accel::runContained(StringRef What, function_ref<int()> Run) {
  std::string Report;
  return runChild(What, Run, Report);
}

Error accel::readContained(StringRef What, function_ref<Error()> Read) {
  std::string Report;
  Expected<int> Status = runChild(
      What,
      [&] {
        if (Error E = Read())
          report(ReadError, toString(std::move(E)));
        return 0;
      },
      Report);
  if (!Status)
    return Status.takeError();
  if (!Report.empty() && Report[0] == ReadError)
    return createStringError(StringRef(Report).drop_front());
  return Error::success();
}

/// The operands of a debug-info node that its class reads as strings (its
/// accessors cast them unchecked; the metadata objects themselves are real,
/// so their kind can be checked).
static SmallVector<const Metadata *, 4> stringOperands(const MDNode *N) {
  if (auto *T = dyn_cast<DICompositeType>(N))
    return {T->getRawName(), T->getRawIdentifier()};
  if (auto *T = dyn_cast<DIType>(N))
    return {T->getRawName()};
  if (auto *SP = dyn_cast<DISubprogram>(N))
    return {SP->getRawName(), SP->getRawLinkageName(),
            SP->getRawTargetFuncName()};
  if (auto *GV = dyn_cast<DIGlobalVariable>(N))
    return {GV->getRawName(), GV->getRawLinkageName()};
  if (auto *V = dyn_cast<DIVariable>(N))
    return {V->getRawName()};
  if (auto *CU = dyn_cast<DICompileUnit>(N))
    return {CU->getRawProducer(), CU->getRawFlags(),
            CU->getRawSplitDebugFilename(), CU->getRawSysRoot(),
            CU->getRawSDK()};
  if (auto *NS = dyn_cast<DINamespace>(N))
    return {NS->getRawName()};
  if (auto *L = dyn_cast<DILabel>(N))
    return {L->getRawName()};
  if (auto *E = dyn_cast<DIEnumerator>(N))
    return {E->getRawName()};
  if (auto *IE = dyn_cast<DIImportedEntity>(N))
    return {IE->getRawName()};
  if (auto *TP = dyn_cast<DITemplateParameter>(N))
    return {TP->getRawName()};
  if (auto *M = dyn_cast<DIMacro>(N))
    return {M->getRawName(), M->getRawValue()};
  return {};
}

/// Debug-info operands that code generation casts without checking and the
/// verifier lets through: a string field that is not a string, a file that
/// is not a DIFile (or a DIFile whose name is not a string), annotations
/// that are not a tuple of tuples starting with a name. Damaged bitcode
/// with each crashed DwarfDebug.
static Error checkDebugInfoShape(const Module &M) {
  SmallVector<const MDNode *, 64> Worklist;
  SmallPtrSet<const MDNode *, 32> Seen;
  auto Push = [&](const Metadata *MD) {
    if (auto *N = dyn_cast_or_null<MDNode>(MD); N && Seen.insert(N).second)
      Worklist.push_back(N);
  };
  SmallVector<std::pair<unsigned, MDNode *>, 8> Attached;
  auto PushAttached = [&](const auto &Holder) {
    Attached.clear();
    Holder.getAllMetadata(Attached);
    for (const auto &Entry : Attached)
      Push(Entry.second);
  };
  for (const NamedMDNode &Named : M.named_metadata())
    for (const MDNode *N : Named.operands())
      Push(N);
  for (const GlobalObject &GO : M.global_objects())
    PushAttached(GO);
  for (const Function &F : M)
    for (const Instruction &I : instructions(F)) {
      PushAttached(I);
      for (const Use &U : I.operands()) // llvm.dbg.* calls
        if (auto *MAV = dyn_cast<MetadataAsValue>(U))
          Push(MAV->getMetadata());
      for (const DbgRecord &Record : I.getDbgRecordRange()) {
        Push(Record.getDebugLoc().getAsMDNode());
        if (auto *Var = dyn_cast<DbgVariableRecord>(&Record)) {
          Push(Var->getRawVariable());
          Push(Var->getRawExpression());
        } else if (auto *Label = dyn_cast<DbgLabelRecord>(&Record)) {
          Push(Label->getRawLabel());
        }
      }
    }

  auto IsNameTuple = [](const MDOperand &Op) {
    auto *T = dyn_cast_or_null<MDNode>(Op.get());
    return T && T->getNumOperands() &&
           isa_and_nonnull<MDString>(T->getOperand(0));
  };
  while (!Worklist.empty()) {
    const MDNode *N = Worklist.pop_back_val();
    for (const MDOperand &Op : N->operands())
      Push(Op.get());
    const Metadata *File = nullptr, *Annotations = nullptr;
    if (auto *F = dyn_cast<DIFile>(N)) {
      for (unsigned I : {0, 1}) // The file name and the directory ("": null).
        if (const Metadata *Op = F->getOperand(I); Op && !isa<MDString>(Op))
          return createStringError("debug info: a file name is not a string");
    } else if (auto *Scope = dyn_cast<DIScope>(N)) {
      File = Scope->getRawFile();
    } else if (auto *Var = dyn_cast<DIVariable>(N)) {
      File = Var->getRawFile();
    }
    if (auto *T = dyn_cast<DIDerivedType>(N))
      Annotations = T->getRawAnnotations();
    else if (auto *T = dyn_cast<DICompositeType>(N))
      Annotations = T->getRawAnnotations();
    else if (auto *SP = dyn_cast<DISubprogram>(N))
      Annotations = SP->getRawAnnotations();
    else if (auto *GV = dyn_cast<DIGlobalVariable>(N))
      Annotations = GV->getRawAnnotations();
    else if (auto *LV = dyn_cast<DILocalVariable>(N))
      Annotations = LV->getRawAnnotations();
    for (const Metadata *Field : stringOperands(N))
      if (Field && !isa<MDString>(Field))
        return createStringError("debug info: a name is not a string");
    if (File && !isa<DIFile>(File))
      return createStringError("debug info: a file is not a DIFile");
    if (Annotations) {
      auto *Tuple = dyn_cast<MDTuple>(Annotations);
      if (!Tuple || !all_of(Tuple->operands(), IsNameTuple))
        return createStringError("debug info: malformed annotations");
    }
  }
  return Error::success();
}

Error accel::checkIRContained(MemoryBufferRef Buffer, ParseErrors OnParse) {
  auto *Bytes =
      reinterpret_cast<const unsigned char *>(Buffer.getBufferStart());
  StringRef What = isBitcode(Bytes, Bytes + Buffer.getBufferSize())
                       ? "bitcode"
                       : "LLVM IR";
  StringRef Name = Buffer.getBufferIdentifier();
  Error E = readContained(What, [&]() -> Error {
    LLVMContext Ctx;
    SMDiagnostic ParseError;
    std::unique_ptr<Module> M = parseIR(Buffer, ParseError, Ctx);
    if (!M) {
      if (OnParse == ParseErrors::Pass)
        return Error::success();
      std::string Message; // "file:line:col: message", and the line.
      raw_string_ostream OS(Message);
      ParseError.print(nullptr, OS, /*ShowColors=*/false,
                       /*ShowKindLabel=*/false);
      return createStringError(StringRef(Message).rtrim());
    }
    std::string Broken;
    raw_string_ostream OS(Broken);
    if (verifyModule(*M, &OS))
      return createStringError(Name + ": input module cannot be verified: " +
                               StringRef(Broken).trim());
    if (Error E = checkDebugInfoShape(*M))
      return createStringError(Name + ": input module cannot be verified: " +
                               toString(std::move(E)));
    return Error::success();
  });
  // Every message names the file, as the parse error does.
  return handleErrors(std::move(E), [&](const ReaderDied &Died) {
    return createStringError(Name + ": " + Died.message());
  });
}
