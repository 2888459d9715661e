//===-- accel-ld.cpp - Accel linker driver --------------------------------===//
//
// accel-ld [options] inputs... : links Accel relocatable objects and static
// archives into an executable placed by the memory map of docs/isa.md.
// Options follow GNU ld / lld spelling.
//
//===----------------------------------------------------------------------===//

#include "Linker.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace accel_ld;

static const char *ToolName = "accel-ld";

/// A name as C and assembly spell symbols: letters, digits, '_', '.', '$',
/// not starting with a digit.
static bool isSymbolName(StringRef S) {
  return !S.empty() && !isDigit(S[0]) && all_of(S, [](char C) {
           return isAlnum(C) || C == '_' || C == '.' || C == '$';
         });
}

static void usage(raw_ostream &OS) {
  OS << "USAGE: accel-ld [options] <inputs...>\n\n"
        "OPTIONS:\n"
        "  -o <file>           Output file (default a.out)\n"
        "  -L <dir>            Add a directory to the library search path\n"
        "  -l <name>           Link lib<name>.a from the search path\n"
        "  -e <sym>, --entry=<sym>\n"
        "                      Entry symbol (default _start)\n"
        "  --gc-sections       Drop sections unreachable from the entry\n"
        "  -S, --strip-debug   Leave out the DWARF (.debug_*) sections\n"
        "  -s, --strip-all     Leave out the symbol table and DWARF sections\n"
        "  --defsym=<sym>=<expr>\n"
        "                      Define <sym> as a number, a symbol, or a "
        "symbol +/- a number\n"
        "  --print-memory-usage\n"
        "                      Print how much of DRAM and the SPM the program "
        "uses\n"
        "  -Map=<file>         Write a link map\n"
        "  --stack-size=<n>    Stack bytes at the top of DRAM (default "
        "1048576)\n"
        "  --lto-O<n>, -plugin-opt=O<n>\n"
        "                      Optimization level of bitcode inputs (default "
        "2)\n"
        "  --thinlto-jobs=<n>  ThinLTO backends run at once (default: one "
        "per core)\n"
        "  -mllvm <option>     An LLVM option for LTO code generation\n"
        "  --version, -v       Print the version and exit\n"
        "  --opt-remarks-filename <file>, --opt-remarks-passes <regex>,\n"
        "  --opt-remarks-format <yaml|bitstream>\n"
        "                      Save LTO's optimization remarks\n";
}

void Linker::error(const Twine &Msg) {
  WithColor::error(errs(), ToolName) << Msg << "\n";
  ++Errors;
}

void Linker::warning(const Twine &Msg) {
  WithColor::warning(errs(), ToolName) << Msg << "\n";
}

bool Linker::link() {
  declareDefsyms();
  if (!readInputs() || !compileBitcode())
    return false;
  defineLinkerSymbols();
  auto It = Globals.find(Opts.Entry);
  if (It == Globals.end() || !It->second->isDefined()) {
    error("entry symbol '" + Opts.Entry + "' is not defined");
    return false;
  }
  EntrySymbol = It->second.get();
  allocateCommons();
  resolveDefsyms();
  if (hadError())
    return false;
  if (Opts.GcSections)
    collectGarbage();
  checkUndefined();
  if (hadError())
    return false;
  layout();
  // Again, now that the runtime bounds (__heap_start, ...) have values.
  resolveDefsyms();
  if (hadError())
    return false;
  if (Opts.PrintMemoryUsage)
    printMemoryUsage(outs());
  applyRelocations();
  if (hadError())
    return false;
  if (!Opts.MapFile.empty())
    writeMapFile();
  return !hadError() && writeOutput();
}

/// "name=expr", where expr is a number (C syntax), a symbol, or a symbol
/// followed by + or - and a number.
static std::optional<Defsym> parseDefsym(StringRef Arg) {
  auto [Name, Expr] = Arg.split('=');
  Name = Name.trim();
  Expr = Expr.trim();
  if (Name.empty() || Expr.empty() || !isSymbolName(Name))
    return std::nullopt;
  Defsym D;
  D.Name = Name.str();
  uint64_t Number;
  if (!Expr.getAsInteger(0, Number)) {
    D.Offset = Number;
    return D;
  }
  size_t Op = Expr.find_first_of("+-");
  StringRef Target = Expr.substr(0, Op).trim();
  if (!isSymbolName(Target))
    return std::nullopt;
  D.Target = Target.str();
  if (Op != StringRef::npos) {
    if (Expr.substr(Op + 1).trim().getAsInteger(0, Number))
      return std::nullopt;
    D.Offset = Expr[Op] == '-' ? -int64_t(Number) : int64_t(Number);
  }
  return D;
}

/// lld's --opt-remarks-<x> <value>, or the spelling clang passes lld,
/// -plugin-opt=opt-remarks-<x>=<value> (which sets \p Attached), for x =
/// filename, passes or format: the field it sets; null for other arguments.
static std::string *remarksOption(Options &Opts, StringRef Arg,
                                  std::optional<StringRef> &Attached) {
  StringRef Name;
  if (Arg.starts_with("--opt-remarks-")) {
    Name = Arg.drop_front(14);
  } else if (Arg.consume_front("-plugin-opt=opt-remarks-") &&
             Arg.contains('=')) {
    auto [Key, Value] = Arg.split('=');
    Name = Key;
    Attached = Value;
  }
  if (Name == "filename")
    return &Opts.RemarksFile;
  if (Name == "passes")
    return &Opts.RemarksPasses;
  if (Name == "format")
    return &Opts.RemarksFormat;
  return nullptr;
}

/// Parses ld-style arguments: "-o x", "-ox", "-L dir", "-Ldir", "-l x",
/// "-lx", "-e x", "--entry=x", "-Map=x", "--Map=x", "-Map x". Reports every
/// bad argument and returns false if there was one.
static bool parseArgs(int Argc, char **Argv, Options &Opts,
                      std::vector<std::string> &LLVMArgs) {
  bool Ok = true;
  auto Reject = [&](const Twine &Msg) {
    WithColor::error(errs(), ToolName) << Msg << "\n";
    Ok = false;
  };
  auto LTOLevel = [&](StringRef Arg, StringRef Level) {
    if (Level.getAsInteger(10, Opts.LTOOptLevel) || Opts.LTOOptLevel > 3)
      Reject("invalid optimization level for LTO: " + Arg);
  };
  auto Value = [&](int &I, StringRef Arg, StringRef Opt,
                   std::string &Out) -> bool {
    if (Arg == Opt) {
      if (I + 1 >= Argc) {
        WithColor::error(errs(), ToolName) << Opt << " needs an argument\n";
        return false;
      }
      Out = Argv[++I];
      return true;
    }
    Out = Arg.drop_front(Opt.size()).str();
    return true;
  };
  for (int I = 1; I < Argc; ++I) {
    StringRef Arg = Argv[I];
    std::string V;
    std::optional<StringRef> Attached;
    if (Arg == "--help" || Arg == "-help") {
      usage(outs());
      exit(0);
    } else if (Arg == "--version" || Arg == "-v" || Arg == "-version") {
      // The wording build systems look for (meson, libtool): accel-ld
      // takes GNU ld's options.
      outs() << "accel-ld (LLVM " LLVM_VERSION_STRING
                ") (compatible with GNU linkers)\n";
      exit(0);
    } else if (Arg == "--gc-sections") {
      Opts.GcSections = true;
    } else if (Arg == "--no-gc-sections") {
      Opts.GcSections = false;
    } else if (Arg == "-S" || Arg == "--strip-debug") {
      Opts.StripDebug = true;
    } else if (Arg == "-s" || Arg == "--strip-all") {
      Opts.StripAll = Opts.StripDebug = true;
    } else if (Arg == "--print-memory-usage") {
      Opts.PrintMemoryUsage = true;
    } else if (Arg.starts_with("--defsym") || Arg.starts_with("-defsym")) {
      StringRef Rest = Arg.drop_front(Arg.starts_with("--") ? 8 : 7);
      if (Rest.empty()) {
        if (!Value(I, Arg, Arg, V))
          return false;
      } else if (Rest.consume_front("=")) {
        V = Rest.str();
      } else {
        Reject("unknown option: " + Arg);
        continue;
      }
      std::optional<Defsym> D = parseDefsym(V);
      if (D)
        Opts.Defsyms.push_back(*D);
      else
        Reject("--defsym: syntax error: " + V);
    } else if (Arg.starts_with("-o")) {
      if (!Value(I, Arg, "-o", Opts.Output))
        return false;
    } else if (Arg.starts_with("-L")) {
      if (!Value(I, Arg, "-L", V))
        return false;
      Opts.LibDirs.push_back(V);
    } else if (Arg.starts_with("-l")) {
      if (!Value(I, Arg, "-l", V))
        return false;
      Opts.Inputs.push_back("-l" + V);
    } else if (Arg.starts_with("--entry=")) {
      Opts.Entry = Arg.drop_front(8).str();
    } else if (Arg == "-e") {
      if (!Value(I, Arg, "-e", Opts.Entry))
        return false;
    } else if (Arg.starts_with("-Map") || Arg.starts_with("--Map")) {
      StringRef Rest = Arg.drop_front(Arg.starts_with("--") ? 5 : 4);
      if (Rest.empty()) {
        if (!Value(I, "-Map", "-Map", Opts.MapFile))
          return false;
      } else if (Rest.consume_front("=")) {
        Opts.MapFile = Rest.str();
      } else {
        Reject("unknown option: " + Arg);
      }
    } else if (Arg.starts_with("--stack-size=")) {
      if (Arg.drop_front(13).getAsInteger(0, Opts.StackSize))
        Reject("bad stack size: " + Arg);
    } else if (Arg.starts_with("--lto-O")) {
      LTOLevel(Arg, Arg.drop_front(7));
    } else if (Arg.starts_with("-plugin-opt=O") ||
               Arg.starts_with("--plugin-opt=O")) {
      LTOLevel(Arg, Arg.substr(Arg.find('=') + 2));
    } else if (Arg.starts_with("--thinlto-jobs=")) {
      if (Arg.drop_front(15).getAsInteger(10, Opts.ThinLTOJobs))
        Reject("bad job count: " + Arg);
    } else if (std::string *Field = remarksOption(Opts, Arg, Attached)) {
      if (Attached)
        *Field = Attached->str();
      else if (!Value(I, Arg, Arg, *Field))
        return false;
    } else if (Arg == "-mllvm") {
      if (!Value(I, Arg, "-mllvm", V))
        return false;
      LLVMArgs.push_back(V);
    } else if (Arg.starts_with("-") && Arg != "-") {
      Reject("unknown option: " + Arg);
    } else {
      Opts.Inputs.push_back(Arg.str());
    }
  }
  return Ok;
}

int main(int Argc, char **Argv) {
  InitLLVM X(Argc, Argv);
  Options Opts;
  std::vector<std::string> LLVMArgs;
  bool ArgsOk = parseArgs(Argc, Argv, Opts, LLVMArgs);
  if (ArgsOk && !LLVMArgs.empty()) {
    // For LTO's code generation, as llc would take them.
    std::vector<const char *> CLArgs = {ToolName};
    for (const std::string &A : LLVMArgs)
      CLArgs.push_back(A.c_str());
    ArgsOk = cl::ParseCommandLineOptions(CLArgs.size(), CLArgs.data(), "",
                                         &errs());
  }
  Linker L(std::move(Opts));
  if (ArgsOk && L.link())
    return 0;
  // A failed link leaves no output, not even a stale one; but -o naming a
  // directory or a device is not ours to remove.
  if (sys::fs::is_regular_file(L.Opts.Output))
    sys::fs::remove(L.Opts.Output);
  return 1;
}
