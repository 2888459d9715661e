//===-- LTO.cpp - link-time optimization of bitcode inputs ----------------===//
//
// Bitcode objects (clang -flto, full or thin) join the symbol table like
// ELF objects: their definitions are placeholders with no section, and their
// references pull archive members. Once every input is read, libLLVM's LTO
// compiles all bitcode into ELF objects in memory, told for each symbol
// whether its definition is the one the link chose and whether an ELF
// object uses it (else LTO may internalize it). The placeholders are then
// dropped, the new objects read as ordinary inputs, and archives searched
// again for what code generation itself calls (memcpy, libcalls).
//
//===----------------------------------------------------------------------===//

#include "Linker.h"
#include "AccelTargetInit.h"
#include "ContainedRead.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ModuleSummaryIndex.h"
#include "llvm/IR/Verifier.h"
#include "llvm/LTO/LTO.h"
#include "llvm/Object/ModuleSymbolTable.h"
#include "llvm/Support/Caching.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"
#include <map>
#include <mutex>

using namespace llvm;
using namespace accel_ld;

/// The names of M's symbols that LTO resolves, in the order of its symbol
/// table (what irsymtab::build records).
static void appendLTOSymbolNames(Module &M, std::vector<std::string> &Names) {
  ModuleSymbolTable SymTab;
  SymTab.addModule(&M);
  for (ModuleSymbolTable::Symbol S : SymTab.symbols()) {
    uint32_t Flags = SymTab.getSymbolFlags(S);
    if (!(Flags & object::BasicSymbolRef::SF_Global) ||
        (Flags & object::BasicSymbolRef::SF_FormatSpecific))
      continue;
    std::string Name;
    raw_string_ostream OS(Name);
    SymTab.printSymbolName(OS, S);
    Names.push_back(std::move(Name));
  }
}

/// libLLVM's LTO reads a bitcode file's symbol table (irsymtab) up front and
/// trusts the rest: a corrupt module or summary, or a module whose symbols
/// differ from the table, crashes it later, inside LTO::add or LTO::run. So
/// each input is parsed, verified and compared here once, in a context of
/// its own.
static Error checkBitcode(MemoryBufferRef Buffer,
                          const lto::InputFile &Input) {
  Expected<std::vector<BitcodeModule>> Modules = getBitcodeModuleList(Buffer);
  if (!Modules)
    return Modules.takeError();
  std::vector<std::string> ModuleSymbols;
  for (BitcodeModule &BM : *Modules) {
    LLVMContext Ctx;
    Expected<std::unique_ptr<Module>> M = BM.parseModule(Ctx);
    if (!M)
      return M.takeError();
    std::string Broken;
    raw_string_ostream OS(Broken);
    if (verifyModule(**M, &OS))
      return createStringError("invalid module: " + OS.str());
    Expected<BitcodeLTOInfo> Info = BM.getLTOInfo();
    if (!Info)
      return Info.takeError();
    if (Info->HasSummary)
      if (Expected<std::unique_ptr<ModuleSummaryIndex>> Summary =
              BM.getSummary();
          !Summary)
        return Summary.takeError();
    appendLTOSymbolNames(**M, ModuleSymbols);
  }
  ArrayRef<lto::InputFile::Symbol> TableSymbols = Input.symbols();
  if (ModuleSymbols.size() != TableSymbols.size() ||
      !llvm::equal(ModuleSymbols, TableSymbols,
                   [](const std::string &Name,
                      const lto::InputFile::Symbol &Sym) {
                     return Name == Sym.getName();
                   }))
    return createStringError("the symbol table does not match the module");
  return Error::success();
}

/// LTO::add reads more of the symbol table than checkBitcode compares (IR
/// names, comdats, sections) and trusts it: a damaged string offset crashed
/// it. Adding the file alone to a throwaway LTO, in the child that reads
/// the input, reads it all.
static Error trialAdd(std::unique_ptr<lto::InputFile> Input) {
  std::vector<lto::SymbolResolution> Res;
  for (const lto::InputFile::Symbol &Sym : Input->symbols()) {
    lto::SymbolResolution R;
    R.Prevailing = R.FinalDefinitionInLinkageUnit = !Sym.isUndefined();
    R.VisibleToRegularObj = true;
    Res.push_back(R);
  }
  lto::LTO Trial{lto::Config()};
  return Trial.add(std::move(Input), Res);
}

void Linker::addBitcode(std::unique_ptr<MemoryBuffer> Buffer,
                        const std::string &Name) {
  auto File = std::make_unique<InputFile>();
  File->Name = Name;
  File->Buffer = std::move(Buffer);
  File->IsBitcode = true;
  // Named as the link names it: ThinLTO needs a distinct name per module,
  // and archive members' own names need not be.
  MemoryBufferRef Ref(File->Buffer->getBuffer(), File->Name);
  // The whole check runs in a child: LLVM's bitcode reader can crash on a
  // damaged file. What the child read completely (parsing, verifying, a
  // trial LTO::add), this process reads again safely.
  auto Malformed = [](Error E) {
    return createStringError("malformed bitcode: " + toString(std::move(E)));
  };
  if (Error E = accel::readContained("bitcode", [&]() -> Error {
        Expected<std::unique_ptr<lto::InputFile>> Obj =
            lto::InputFile::create(Ref);
        if (!Obj)
          return Malformed(Obj.takeError());
        if (Error E = checkBitcode(Ref, **Obj))
          return Malformed(std::move(E));
        return trialAdd(std::move(*Obj));
      })) {
    error(Name + ": " + toString(std::move(E)));
    return;
  }
  Expected<std::unique_ptr<lto::InputFile>> ObjOrErr =
      lto::InputFile::create(Ref);
  if (!ObjOrErr) {
    error(Name + ": " + toString(Malformed(ObjOrErr.takeError())));
    return;
  }
  StringRef TripleName = (*ObjOrErr)->getTargetTriple();
  if (Triple(TripleName).getArchName() != "accel") {
    error(Name + ": bitcode is for target '" + TripleName + "', not accel");
    return;
  }
  File->Bitcode = std::move(*ObjOrErr);
  for (const lto::InputFile::Symbol &Sym : File->Bitcode->symbols()) {
    Symbol New;
    New.Name = Sym.getName().str();
    New.File = File.get();
    New.Weak = Sym.isWeak();
    if (Sym.isUndefined()) {
      New.Kind = Symbol::Undefined;
    } else if (Sym.isCommon()) {
      New.Kind = Symbol::Common;
      New.Size = Sym.getCommonSize();
      New.CommonAlign = std::max<uint64_t>(1, Sym.getCommonAlignment());
    } else {
      New.Kind = Symbol::Defined; // A placeholder until compileBitcode.
    }
    addGlobal(New);
  }
  Files.push_back(std::move(File));
}

/// The code generation level lld pairs with each LTO optimization level.
static CodeGenOptLevel codeGenLevel(unsigned OptLevel) {
  switch (OptLevel) {
  case 0:
    return CodeGenOptLevel::None;
  case 1:
    return CodeGenOptLevel::Less;
  case 2:
    return CodeGenOptLevel::Default;
  default:
    return CodeGenOptLevel::Aggressive;
  }
}

/// Code generation as clang's for ELF, at the link's optimization level.
static lto::Config ltoConfig(const Options &Opts,
                             DiagnosticHandlerFunction DiagHandler) {
  lto::Config Conf;
  Conf.OptLevel = Opts.LTOOptLevel;
  Conf.CGOptLevel = codeGenLevel(Opts.LTOOptLevel);
  Conf.RelocModel = Reloc::Static;
  // clang's ELF default; .ctors sections would not run.
  Conf.Options.UseInitArray = true;
  // A section per function and object, as lld asks, so --gc-sections can
  // drop what the optimized program no longer uses.
  Conf.Options.FunctionSections = Conf.Options.DataSections = true;
  Conf.PTO.LoopVectorization = Conf.PTO.SLPVectorization =
      Opts.LTOOptLevel > 1;
  Conf.RemarksFilename = Opts.RemarksFile;
  Conf.RemarksPasses = Opts.RemarksPasses;
  Conf.RemarksFormat = Opts.RemarksFormat;
  Conf.DiagHandler = std::move(DiagHandler);
  return Conf;
}

/// What LTO needs to be told of each symbol of \p File, in its order.
std::vector<lto::SymbolResolution>
Linker::resolutionsFor(const InputFile &File,
                       const StringSet<> &RuntimeCalls) const {
  std::vector<lto::SymbolResolution> Res;
  for (const lto::InputFile::Symbol &Sym : File.Bitcode->symbols()) {
    const Symbol &S = *Globals.find(Sym.getName())->second;
    lto::SymbolResolution R;
    R.Prevailing = !Sym.isUndefined() && S.File == &File;
    // A static executable: whatever is defined now is the final definition.
    R.FinalDefinitionInLinkageUnit = S.isDefined() || S.Kind == Symbol::Common;
    // Code generation may call a runtime function (memcpy, a libcall) that
    // no object names yet, so those stay visible as well.
    R.VisibleToRegularObj = UsedByObjects.contains(Sym.getName()) ||
                            Sym.getName() == Opts.Entry ||
                            RuntimeCalls.contains(Sym.getName());
    R.LinkerRedefined = S.LinkerDefined;
    Res.push_back(R);
  }
  return Res;
}

/// One object LTO compiled: its bytes and the name the link gives it.
struct CompiledObject {
  std::string Name;
  std::unique_ptr<MemoryBuffer> Buffer;
};

/// Writes what LTO compiled into \p Dir, a file per task ("<task>.o") with
/// its module's name beside it ("<task>.name").
static Error writeObjects(StringRef Dir, ArrayRef<SmallString<0>> Objects,
                          ArrayRef<std::string> Names) {
  for (size_t Task = 0; Task != Objects.size(); ++Task) {
    if (Objects[Task].empty())
      continue;
    for (auto [Suffix, Bytes] : {std::pair<StringRef, StringRef>(
                                     ".o", Objects[Task].str()),
                                 {".name", Names[Task]}}) {
      std::error_code EC;
      raw_fd_ostream OS((Dir + "/" + Twine(Task) + Suffix).str(), EC);
      if (EC)
        return createStringError(EC, "cannot write LTO's output");
      OS << Bytes;
      OS.close();
      if (OS.has_error()) {
        EC = OS.error();
        OS.clear_error(); // Else its destructor calls report_fatal_error.
        return createStringError(EC, "cannot write LTO's output");
      }
    }
  }
  return Error::success();
}

/// The objects writeObjects left in \p Dir, in task order, named as the
/// link names them (task 0 is the regular LTO module).
static Expected<std::vector<CompiledObject>> readObjects(StringRef Dir) {
  std::map<unsigned, CompiledObject> ByTask;
  std::error_code EC;
  for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    StringRef File = sys::path::filename(It->path());
    unsigned Task;
    if (!File.consume_back(".o") || File.getAsInteger(10, Task))
      continue;
    ErrorOr<std::unique_ptr<MemoryBuffer>> Object =
        MemoryBuffer::getFile(It->path());
    ErrorOr<std::unique_ptr<MemoryBuffer>> Name =
        MemoryBuffer::getFile((Dir + "/" + File + ".name").str());
    if (!Object || !Name)
      return createStringError("cannot read LTO's output");
    std::string ModuleName = (*Name)->getBuffer().str();
    ByTask[Task].Name = Task == 0 || ModuleName.empty()
                            ? std::string("ld-temp.o")
                            : ModuleName + ".lto.o";
    ByTask[Task].Buffer = std::move(*Object);
  }
  if (EC)
    return createStringError(EC, "cannot read LTO's output");
  std::vector<CompiledObject> Objects;
  for (auto &Entry : ByTask)
    Objects.push_back(std::move(Entry.second));
  return std::move(Objects);
}

bool Linker::runLTO(ArrayRef<InputFile *> BitcodeFiles, StringRef Dir) {
  initializeAccelTarget();

  // ThinLTO backends report from their threads.
  std::mutex DiagMutex;
  lto::Config Conf = ltoConfig(Opts, [&](const DiagnosticInfo &DI) {
    std::string Msg;
    raw_string_ostream OS(Msg);
    DiagnosticPrinterRawOStream DP(OS);
    DI.print(DP);
    std::lock_guard<std::mutex> Lock(DiagMutex);
    if (DI.getSeverity() == DS_Error)
      error("LTO: " + Msg);
    else if (DI.getSeverity() == DS_Warning)
      warning("LTO: " + Msg);
    else if (DI.getSeverity() == DS_Remark) // Asked for by -pass-remarks.
      WithColor::remark(errs(), "accel-ld") << Msg << "\n";
  });
  lto::ThinBackend Backend = lto::createInProcessThinBackend(
      heavyweight_hardware_concurrency(Opts.ThinLTOJobs));
  lto::LTO LTO(std::move(Conf), std::move(Backend));

  StringSet<> RuntimeCalls;
  for (const char *Name : lto::LTO::getRuntimeLibcallSymbols(Triple("accel")))
    RuntimeCalls.insert(Name);
  for (InputFile *File : BitcodeFiles) {
    // LTO consumes the symbol table; resolve before giving it away.
    std::vector<lto::SymbolResolution> Res =
        resolutionsFor(*File, RuntimeCalls);
    if (Error E = LTO.add(std::move(File->Bitcode), Res)) {
      error(File->Name + ": " + toString(std::move(E)));
      return false;
    }
  }

  std::vector<SmallString<0>> Objects(LTO.getMaxTasks());
  std::vector<std::string> Names(Objects.size());
  auto AddStream = [&](unsigned Task, const Twine &ModuleName)
      -> Expected<std::unique_ptr<CachedFileStream>> {
    Names[Task] = ModuleName.str();
    return std::make_unique<CachedFileStream>(
        std::make_unique<raw_svector_ostream>(Objects[Task]));
  };
  if (Error E = LTO.run(AddStream)) {
    error("LTO: " + toString(std::move(E)));
    return false;
  }
  if (Error E = writeObjects(Dir, Objects, Names)) {
    error(toString(std::move(E)));
    return false;
  }
  return !hadError();
}

bool Linker::compileBitcode() {
  std::vector<InputFile *> BitcodeFiles;
  for (auto &File : Files)
    if (File->IsBitcode)
      BitcodeFiles.push_back(File.get());
  if (BitcodeFiles.empty())
    return true;

  // LTO trusts each module's summary, which addBitcode's check cannot hold
  // against the module as a whole: a damaged one crashed the ThinLTO
  // backend. So LTO runs in a child process (ContainedRead.h), which leaves
  // the objects it compiled in a temporary directory.
  SmallString<128> Dir;
  if (std::error_code EC =
          sys::fs::createUniqueDirectory("accel-ld-lto", Dir)) {
    error("cannot create a temporary directory for LTO: " + EC.message());
    return false;
  }
  auto RemoveDir = make_scope_exit([&] { sys::fs::remove_directories(Dir); });
  Expected<int> Status = accel::runContained(
      "bitcode", [&] { return runLTO(BitcodeFiles, Dir) ? 0 : 1; });
  if (!Status) {
    error("LTO: " + toString(Status.takeError()));
    return false;
  }
  if (*Status != 0) {
    ++Errors; // The child reported them.
    return false;
  }
  Expected<std::vector<CompiledObject>> Compiled = readObjects(Dir);
  if (!Compiled) {
    error(toString(Compiled.takeError()));
    return false;
  }

  // The bitcode definitions are replaced by the compiled ones.
  for (auto &Entry : Globals) {
    Symbol &S = *Entry.second;
    if (S.File && S.File->IsBitcode) {
      std::string Name = S.Name;
      S = Symbol();
      S.Name = Name;
    }
  }
  for (CompiledObject &Object : *Compiled)
    addObject(std::move(Object.Buffer), Object.Name);
  resolveArchives();
  return !hadError();
}
