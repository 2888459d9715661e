//===-- Driver.cpp - clang --target=accel command lines -------------------===//
//
// The command line is parsed with clang's own option table, so every
// spelling clang accepts (-Ifoo, -I foo, -DX=1, -Wl,a,b, ...) means the
// same here. Each option is either translated for the jobs or rejected:
// an option this target does not support is an error, never ignored.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"
#include "CompileOptions.h"
#include "Frontend.h"
#include "Sanitizers.h"
#include "clang/Driver/Options.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Option/Arg.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace llvm::opt;
using namespace clang::driver::options;

namespace accel {
namespace {

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

class Driver {
public:
  Driver(const Installation &Install, bool CXXMode)
      : Install(Install), CXXMode(CXXMode) {}
  int run(ArrayRef<const char *> Argv);

private:
  bool parse(ArrayRef<const char *> Argv);
  bool translate(const Arg &A);
  bool translatePreprocessorArgs(const Arg &A);
  bool planJobs();
  bool planCompile(const Input &In);
  void planAssemble(const Input &Source, const std::string &Path,
                    bool FromCompiler);
  std::string cc1Action() const;
  std::vector<std::string> cc1Job(const Input &Original, const Input &In,
                                  const std::string &Out,
                                  const std::string &Action,
                                  ArrayRef<std::string> Extra = {}) const;
  std::string outputFor(const Input &In, StringRef Ext) const;
  std::string intermediate(const Input &In, StringRef Ext);
  void addLTOOptions(std::vector<std::string> &Link) const;
  std::vector<std::string> reportFlags(const Input &In) const;
  bool runJob(const Job &J);
  void printJob(const Job &J, raw_ostream &OS) const;
  std::string spelling(const Arg &A) const { return A.getAsString(*ParsedArgs); }
  bool error(const Twine &Msg) {
    WithColor::error(errs(), "clang") << Msg << '\n';
    return false;
  }
  void warning(const Twine &Msg) {
    WithColor::warning(errs(), "clang") << Msg << '\n';
  }

  const Installation &Install;
  const ArgList *ParsedArgs = nullptr; ///< While parse() runs.
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
  std::vector<Input> Inputs;
  std::vector<Job> Jobs;
  std::vector<std::string> LinkInputs, Temporaries;
};

InputKind kindOfExtension(StringRef Path) {
  std::string Ext = sys::path::extension(Path).str();
  return StringSwitch<InputKind>(Ext)
      .Case(".c", InputKind::C)
      .Cases(".cpp", ".cc", ".cxx", ".C", ".c++", InputKind::CXX)
      .Case(".i", InputKind::CPreprocessed)
      .Case(".ii", InputKind::CXXPreprocessed)
      .Case(".s", InputKind::Asm)
      .Cases(".S", ".sx", InputKind::AsmCpp)
      .Cases(".ll", ".bc", InputKind::IR)
      .Default(InputKind::LinkerInput);
}

/// The -x names of the kinds that have one, as clang -cc1 spells them too.
const std::pair<const char *, InputKind> Languages[] = {
    {"c", InputKind::C},
    {"c++", InputKind::CXX},
    {"cpp-output", InputKind::CPreprocessed},
    {"c++-cpp-output", InputKind::CXXPreprocessed},
    {"assembler", InputKind::Asm},
    {"assembler-with-cpp", InputKind::AsmCpp},
    {"ir", InputKind::IR},
};

std::optional<InputKind> kindOfLanguage(StringRef Lang) {
  for (const auto &[Name, Kind] : Languages)
    if (Lang == Name)
      return Kind;
  return std::nullopt;
}

const char *languageOf(InputKind K) {
  for (const auto &[Name, Kind] : Languages)
    if (K == Kind)
      return Name;
  return nullptr;
}

} // namespace

bool Driver::parse(ArrayRef<const char *> Argv) {
  unsigned MissingIndex, MissingCount;
  InputArgList Args =
      clang::driver::getDriverOptTable().ParseArgs(
          Argv, MissingIndex, MissingCount,
          llvm::opt::Visibility(clang::driver::options::ClangOption));
  ParsedArgs = &Args;
  if (MissingCount)
    return error(Twine("argument to '") + Args.getArgString(MissingIndex) +
                 "' is missing (expected " + Twine(MissingCount) +
                 " value" + (MissingCount > 1 ? "s" : "") + ")");
  if (const Arg *Mode = Args.getLastArg(OPT_driver_mode)) {
    StringRef Name = Mode->getValue();
    if (Name != "gcc" && Name != "g++")
      return error("invalid driver mode '" + Name +
                   "' for target 'accel' (use gcc or g++)");
    CXXMode = Name == "g++";
  }
  std::optional<InputKind> Language;
  for (const Arg *A : Args) {
    if (A->getOption().matches(OPT_INPUT)) {
      StringRef Path = A->getValue();
      InputKind K = Language ? *Language : kindOfExtension(Path);
      if (CXXMode && !Language && K == InputKind::C) {
        K = InputKind::CXX;
        warning("treating 'c' input as 'c++' when in C++ mode, this "
                "behavior is deprecated [-Wdeprecated]");
      }
      if (Path != "-" && !sys::fs::exists(Path))
        return error("no such file or directory: '" + Path + "'");
      if (Path == "-" && !Language)
        return error("-E or -x required when input is from standard input");
      Inputs.push_back({Path.str(), K});
      IsCXX |= K == InputKind::CXX || K == InputKind::CXXPreprocessed;
      continue;
    }
    if (A->getOption().matches(OPT_x)) {
      StringRef Lang = A->getValue();
      Language = Lang == "none" ? std::nullopt : kindOfLanguage(Lang);
      if (Lang != "none" && !Language)
        return error("language not recognized: '" + Lang + "'");
      continue;
    }
    if (!translate(*A))
      return false;
  }
  renderOptimizationDefaults(Args, CC1Flags);
  ParsedArgs = nullptr;
  std::string SanitizerError;
  if (!Sanitizers.render(CC1Flags, SanitizerError))
    return error(SanitizerError);
  if (Inputs.empty() && InfoLines.empty())
    return error("no input files");
  return true;
}

/// Records what one option asks for; false (with a message) if this
/// target does not support it.
bool Driver::translate(const Arg &A) {
  const Option &O = A.getOption();
  switch (O.getID()) {
  case OPT_E:
    Stop = Stage::Preprocess;
    return true;
  case OPT_fsyntax_only:
    Stop = Stage::SyntaxOnly;
    return true;
  case OPT_S:
    Stop = std::min(Stop, Stage::Assembly);
    return true;
  case OPT_c:
    Stop = std::min(Stop, Stage::Object);
    return true;
  case OPT_emit_llvm:
    EmitLLVM = true;
    return true;
  case OPT__HASH_HASH_HASH:
    PrintOnly = true;
    return true;
  case OPT_v:
    Verbose = true;
    return true;
  case OPT_o:
    Output = A.getValue();
    return true;
  case OPT_driver_mode:
    return true; // parse() read it first: it changes what inputs are.
  case OPT_target:
  case OPT_target_legacy_spelling:
    return true; // accel: main() sent every other target to clang-19.
  case OPT_mcpu_EQ:
    if (StringRef(A.getValue()) != "accel" &&
        StringRef(A.getValue()) != "generic")
      return error(Twine("unsupported CPU '") + A.getValue() +
                   "' for target 'accel' (use accel or generic)");
    return true;
  case OPT_ferror_limit_EQ:
    CC1Flags.insert(CC1Flags.end(), {"-ferror-limit", A.getValue()});
    return true;
  case OPT_fcolor_diagnostics:
  case OPT_fno_color_diagnostics:
    Color = O.getID() == OPT_fcolor_diagnostics;
    return true;
  case OPT_fdiagnostics_color_EQ: {
    StringRef When = A.getValue();
    if (When == "always" || When == "never")
      Color = When == "always";
    else if (When == "auto")
      Color.reset();
    else
      return error("invalid argument '" + When + "' to -fdiagnostics-color=");
    return true;
  }
  case OPT_nostdinc:
    NoStdLibInc = NoBuiltinInc = true;
    return true;
  case OPT_nostdlibinc:
    NoStdLibInc = true;
    return true;
  case OPT_nobuiltininc:
    NoBuiltinInc = true;
    return true;
  case OPT_mllvm:
    CC1Flags.insert(CC1Flags.end(), {"-mllvm", A.getValue()});
    LLVMOptions.push_back(A.getValue());
    return true;
  case OPT_flto_EQ: {
    StringRef Kind = A.getValue();
    if (Kind != "full" && Kind != "thin")
      return error("unsupported argument '" + Kind +
                   "' to option '-flto='");
    LTO = Kind == "thin" ? LTOKind::Thin : LTOKind::Full;
    return true;
  }
  case OPT_fno_lto:
    LTO = LTOKind::None;
    return true;
  case OPT_ftime_trace:
  case OPT_ftime_trace_EQ:
    TimeTrace = O.matches(OPT_ftime_trace_EQ) ? A.getValue() : "";
    return true;
  case OPT_fsave_optimization_record:
  case OPT_fsave_optimization_record_EQ: {
    StringRef Format =
        O.matches(OPT_fsave_optimization_record) ? "yaml" : A.getValue();
    // LLVM 19 crashes writing the bitstream format's section into an ELF
    // object (clang-19 does too, for every ELF target).
    if (Format == "bitstream")
      return error("the bitstream remark format is not supported for target "
                   "'accel': use -fsave-optimization-record (YAML)");
    if (Format != "yaml")
      return error("unknown remark serializer format: '" + Format + "'");
    RemarksFormat = Format.str();
    SaveRemarks = true;
    return true;
  }
  case OPT_foptimization_record_file_EQ:
    RemarksFile = A.getValue();
    SaveRemarks = true;
    return true;
  case OPT_foptimization_record_passes_EQ:
    RemarksPasses = A.getValue();
    SaveRemarks = true;
    return true;
  case OPT_fno_save_optimization_record:
    SaveRemarks = false;
    return true;
  case OPT_pipe:
    return true; // Jobs share files, or run in this process: nothing to do.
  case OPT_Rpass_EQ:
  case OPT_Rpass_missed_EQ:
  case OPT_Rpass_analysis_EQ: {
    // cc1's (translateCompileOption); LTO's optimizers take them as the
    // LLVM options behind them.
    StringRef Kind = O.matches(OPT_Rpass_EQ)          ? ""
                     : O.matches(OPT_Rpass_missed_EQ) ? "-missed"
                                                      : "-analysis";
    PassRemarkOptions.push_back(("-pass-remarks" + Kind + "=").str() +
                                A.getValue());
    break;
  }
  case OPT_flto_jobs_EQ: {
    unsigned Jobs;
    if (StringRef(A.getValue()).getAsInteger(10, Jobs))
      return error(Twine("invalid argument '") + A.getValue() +
                   "' to -flto-jobs=");
    LTOJobs = A.getValue();
    return true;
  }
  case OPT_Xclang:
    CC1Flags.push_back(A.getValue());
    return true;
  case OPT__version:
    InfoLines = {std::string("Accel clang version ") + LLVM_VERSION_STRING +
                     " (libclang-cpp " + LLVM_VERSION_STRING + ")",
                 "Target: accel", "Thread model: single",
                 "InstalledDir: " + Install.BinDir};
    return true;
  case OPT_dumpmachine:
  case OPT_print_target_triple:
  case OPT_print_effective_triple:
    InfoLines.push_back("accel");
    return true;
  case OPT_dumpversion:
    InfoLines.push_back(LLVM_VERSION_STRING);
    return true;
  case OPT_print_resource_dir:
    InfoLines.push_back(Install.ResourceDir);
    return true;
  case OPT_print_search_dirs:
    InfoLines.push_back("programs: =" + Install.BinDir);
    InfoLines.push_back("libraries: =" + Install.LibDir);
    return true;
  case OPT_print_libgcc_file_name:
    InfoLines.push_back(Install.LibDir + "/libclang_rt.builtins.a");
    return true;
  case OPT_print_file_name_EQ: {
    SmallString<256> P(Install.LibDir);
    sys::path::append(P, A.getValue());
    InfoLines.push_back(sys::fs::exists(P) ? std::string(P) : A.getValue());
    return true;
  }
  case OPT_print_prog_name_EQ: {
    StringRef Name = A.getValue();
    InfoLines.push_back(Name == "ld"   ? Install.BinDir + "/accel-ld"
                        : Name == "as" ? Install.BinDir + "/accel-as"
                                       : Name.str());
    return true;
  }
  case OPT_fno_exceptions:
  case OPT_fno_cxx_exceptions:
  case OPT_fno_rtti:
    return true; // Always so for accel.
  case OPT_fexceptions:
  case OPT_fcxx_exceptions:
  case OPT_frtti:
    return error(Twine("'") + spelling(A) +
                 "' is not supported for target 'accel': C++ is compiled "
                 "without exceptions and RTTI");
  case OPT_fpic:
  case OPT_fPIC:
  case OPT_fpie:
  case OPT_fPIE:
    return error(Twine("'") + spelling(A) +
                 "' is not supported for target 'accel': code is static");
  case OPT_fno_pic:
  case OPT_fno_PIC:
  case OPT_fno_pie:
  case OPT_fno_PIE:
  case OPT_static:
  case OPT_no_pie:
    return true; // Already so.
  // Dependency files (-MD/-MMD write one beside the compilation; -M/-MM
  // only that).
  case OPT_MD:
  case OPT_MMD:
    Deps = O.getID() == OPT_MD ? DepKind::All : DepKind::User;
    return true;
  case OPT_M:
  case OPT_MM:
    Deps = O.getID() == OPT_M ? DepKind::All : DepKind::User;
    DepsOnly = true;
    Stop = Stage::Preprocess;
    return true;
  case OPT_std_EQ:
  case OPT_ansi: // Also --std=, --std <standard> and --ansi.
    Standard = O.matches(OPT_ansi) ? "-ansi" : std::string("-std=") + A.getValue();
    return true;
  case OPT_Wp_COMMA:
  case OPT_Xpreprocessor:
    return translatePreprocessorArgs(A);
  case OPT_MF:
    DepFile = A.getValue();
    return true;
  case OPT_MT:
  case OPT_MQ:
    DepTargets.push_back(A.getValue());
    return true;
  case OPT_MP:
    DepPhony = true;
    return true;
  case OPT_fstack_usage:
    StackUsage = true;
    return true;
  case OPT_save_temps_EQ: {
    StringRef Where = A.getValue();
    if (Where != "cwd" && Where != "obj")
      return error("invalid argument '" + Where + "' to -save-temps=");
    SaveTemps = Where == "cwd" ? SaveTempsKind::Cwd : SaveTempsKind::Obj;
    return true;
  }
  case OPT_Wa_COMMA:
  case OPT_Xassembler:
    for (const char *V : A.getValues())
      AssemblerFlags.push_back(V);
    return true;
  // Linking.
  case OPT_L:
  case OPT_Wl_COMMA:
  case OPT_Xlinker:
    if (O.getID() == OPT_L) {
      LinkFlags.push_back(std::string("-L") + A.getValue());
    } else {
      for (const char *V : A.getValues())
        LinkFlags.push_back(V);
    }
    return true;
  case OPT_l:
    Libraries.push_back(std::string("-l") + A.getValue());
    return true;
  case OPT_e:
    LinkFlags.insert(LinkFlags.end(), {"-e", A.getValue()});
    return true;
  case OPT_s:
    LinkFlags.push_back("-s");
    return true;
  case OPT_nostdlib:
    NoStdLib = true;
    return true;
  case OPT_nostartfiles:
    NoStartFiles = true;
    return true;
  case OPT_nodefaultlibs:
    NoDefaultLibs = true;
    return true;
  default:
    break;
  }
  if (translateCompileOption(A, *ParsedArgs, CC1Flags))
    return true;
  std::string FloatError;
  if (FloatOptions.consume(A, FloatError))
    return true;
  if (!FloatError.empty())
    return error(FloatError);
  std::string SanitizerError;
  if (Sanitizers.consume(A, SanitizerError))
    return true;
  if (!SanitizerError.empty())
    return error(SanitizerError);
  if (O.matches(OPT_O_Group)) {
    Optimization = StringSwitch<std::string>(spelling(A))
                       .Cases("-O", "-O1", "-Og", "-O1")
                       .Default(spelling(A));
    if (O.matches(OPT_Ofast))
      FloatOptions.applyFastMath();
    return true;
  }
  if (O.matches(OPT_g_Group)) {
    // The last -g level wins; -gdwarf-N sets the version and turns debug
    // info on if no level did.
    static const std::pair<unsigned, unsigned> Versions[] = {
        {OPT_gdwarf_2, 2}, {OPT_gdwarf_3, 3}, {OPT_gdwarf_4, 4},
        {OPT_gdwarf_5, 5}, {OPT_gdwarf, 5}};
    for (auto [Id, Version] : Versions)
      if (O.matches(Id)) {
        DwarfVersion = Version;
        if (DebugInfoKind.empty())
          DebugInfoKind = "constructor";
        return true;
      }
    if (O.matches(OPT_gdwarf64))
      return error("64-bit DWARF ('-gdwarf64') is not supported for "
                   "target 'accel'");
    if (O.matches(OPT_g0))
      DebugInfoKind.clear();
    else if (O.matches(OPT_gline_tables_only))
      DebugInfoKind = "line-tables-only";
    else if (!O.matches(OPT_gdwarf32))
      DebugInfoKind = "constructor";
    return true;
  }
  if (O.getKind() == Option::UnknownClass)
    return error(Twine("unknown argument: '") +
                 spelling(A) + "'");
  return error(Twine("unsupported option '") +
               spelling(A) + "' for target 'accel'");
}

/// -Wp,<args> and -Xpreprocessor <arg> go to cc1 as they are, but for
/// -Wp,-MD,<file> and -Wp,-MMD,<file>, which some build systems (Linux's)
/// use: clang rewrites them to -MD/-MMD -MF <file>.
bool Driver::translatePreprocessorArgs(const Arg &A) {
  ArrayRef<const char *> Values = A.getValues();
  StringRef First = Values.front();
  if (A.getOption().matches(OPT_Wp_COMMA) &&
      (First == "-MD" || First == "-MMD")) {
    Deps = First == "-MD" ? DepKind::All : DepKind::User;
    if (Values.size() == 2)
      DepFile = Values[1];
    return true;
  }
  CC1Flags.insert(CC1Flags.end(), Values.begin(), Values.end());
  return true;
}

/// The cc1 action flag for the stage the driver stops at (or an object for
/// linking). With -flto, objects and assembly are bitcode and IR text.
std::string Driver::cc1Action() const {
  bool IR = EmitLLVM || LTO != LTOKind::None;
  switch (Stop) {
  case Stage::Preprocess:
    return DepsOnly ? "-Eonly" : "-E";
  case Stage::SyntaxOnly:
    return "-fsyntax-only";
  case Stage::Assembly:
    return IR ? "-emit-llvm" : "-S";
  case Stage::Object:
    return IR ? "-emit-llvm-bc" : "-emit-obj";
  case Stage::Link:
    return LTO != LTOKind::None ? "-emit-llvm-bc" : "-emit-obj";
  }
  llvm_unreachable("unknown stage");
}

/// A cc1 job compiling In, which is Original or an intermediate file made
/// from it (-save-temps): dependency files come from the first stage only,
/// and names derived from the source use Original's.
std::vector<std::string> Driver::cc1Job(const Input &Original, const Input &In,
                                        const std::string &Out,
                                        const std::string &Action,
                                        ArrayRef<std::string> Extra) const {
  bool FirstStage = In.Path == Original.Path;
  // -nostdsysteminc: never the host's /usr/include.
  std::vector<std::string> A = {"-cc1", "-triple", "accel", Action,
                                "-nostdsysteminc"};
  if (!EmitLLVM || Action == "-emit-obj" || Action == "-S")
    A.insert(A.end(), {"-mrelocation-model", "static"});
  A.insert(A.end(), {"-main-file-name",
                     sys::path::filename(Original.Path).str(),
                     "-resource-dir", Install.ResourceDir});
  if (NoBuiltinInc)
    A.push_back("-nobuiltininc");
  else
    A.insert(A.end(), {"-internal-isystem", Install.ResourceDir + "/include"});
  if (!NoStdLibInc)
    A.insert(A.end(), {"-internal-isystem", Install.LibDir + "/include",
                       "-internal-externc-isystem",
                       Install.LibDir + "/include/libc"});
  A.insert(A.end(), {"-fgnuc-version=4.2.1", "-ferror-limit", "19",
                     Optimization});
  FloatOptions.render(A);
  bool CXX = In.Kind == InputKind::CXX || In.Kind == InputKind::CXXPreprocessed;
  if (CXX)
    A.insert(A.end(), {"-fno-rtti", "-fno-threadsafe-statics"});
  if (Color.value_or(sys::Process::StandardErrHasColors()))
    A.push_back("-fcolor-diagnostics");
  if (!DebugInfoKind.empty())
    A.insert(A.end(), {"-debug-info-kind=" + DebugInfoKind,
                       "-dwarf-version=" + std::to_string(DwarfVersion)});
  else if (SaveRemarks) // As clang: remarks need at least line tables.
    A.push_back("-debug-info-kind=line-tables-only");
  if (LTO != LTOKind::None && Action != "-E" && Action != "-fsyntax-only")
    A.insert(A.end(), {LTO == LTOKind::Thin ? "-flto=thin" : "-flto=full",
                       "-flto-unit"});
  // The last -std= or -ansi; cc1 has no -ansi: it is the input language's
  // first standard.
  if (!Standard.empty())
    A.push_back(Standard != "-ansi" ? Standard
                : CXX               ? "-std=c++98"
                                    : "-std=c89");
  if (DepsOnly)
    A.push_back("-w"); // As clang: warnings are the compile's to give.
  A.insert(A.end(), CC1Flags.begin(), CC1Flags.end());
  // As clang: the -o name with .su, else the input's; per input when
  // several are compiled at once (clang would give them all one file).
  if (StackUsage) {
    SmallString<128> Su(Output.empty() || Inputs.size() > 1
                            ? sys::path::filename(Original.Path)
                            : StringRef(Output));
    sys::path::replace_extension(Su, ".su");
    A.insert(A.end(), {"-stack-usage-file", Su.str().str()});
  }
  // As clang names them: the dependency file after -o (.d), else after
  // the input; its target is the -o name, else the input's object.
  // With -M/-MM the output is the dependency file and the target is the
  // input's object.
  if (Deps != DepKind::None && FirstStage) {
    bool NamedOutput = !Output.empty() && Output != "-";
    SmallString<128> Dep(DepFile), Target(Output);
    if (!NamedOutput || DepsOnly) {
      Target = sys::path::filename(Original.Path);
      sys::path::replace_extension(Target, ".o");
    }
    if (Dep.empty() && DepsOnly) {
      Dep = Output.empty() ? "-" : Output;
    } else if (Dep.empty()) {
      Dep = NamedOutput ? StringRef(Output)
                        : sys::path::filename(Original.Path);
      sys::path::replace_extension(Dep, ".d");
    }
    A.insert(A.end(), {"-dependency-file", Dep.str().str()});
    if (Deps == DepKind::All)
      A.push_back("-sys-header-deps");
    if (DepPhony)
      A.push_back("-MP");
    if (DepTargets.empty())
      A.insert(A.end(), {"-MT", Target.str().str()});
    for (const std::string &T : DepTargets)
      A.insert(A.end(), {"-MT", T});
  }
  A.insert(A.end(), Extra.begin(), Extra.end());
  A.insert(A.end(), {"-x", languageOf(In.Kind), In.Path});
  if (Action != "-Eonly")
    A.insert(A.end(), {"-o", Out});
  return A;
}

std::string Driver::outputFor(const Input &In, StringRef Ext) const {
  if (!Output.empty())
    return Output;
  SmallString<128> Name(sys::path::filename(In.Path));
  sys::path::replace_extension(Name, Ext);
  return Name.str().str();
}

/// A file between two jobs: a temporary, or with -save-temps the input's
/// stem with Ext in the working directory (=cwd) or the output's (=obj).
std::string Driver::intermediate(const Input &In, StringRef Ext) {
  StringRef Stem = sys::path::stem(In.Path);
  SmallString<128> Path;
  if (SaveTemps == SaveTempsKind::None) {
    if (sys::fs::createTemporaryFile(Stem, Ext, Path))
      return "";
    Temporaries.push_back(Path.str().str());
    return Temporaries.back();
  }
  if (SaveTemps == SaveTempsKind::Obj && !Output.empty())
    Path = sys::path::parent_path(Output);
  sys::path::append(Path, Stem + "." + Ext);
  return Path.str().str();
}

/// accel-as assembles Path, made from Source (a .s, a preprocessed .S, or
/// the compiler's output), into the output or an object to link. Debug
/// info for the assembly source itself only when it is the user's: the
/// compiler's assembly carries its own.
void Driver::planAssemble(const Input &Source, const std::string &Path,
                          bool FromCompiler) {
  bool Linking = Stop == Stage::Link;
  std::string Obj =
      Linking ? intermediate(Source, "o") : outputFor(Source, ".o");
  std::vector<std::string> As = {Install.BinDir + "/accel-as"};
  if (!DebugInfoKind.empty() && !FromCompiler)
    As.push_back("--gdwarf-" + std::to_string(DwarfVersion));
  As.insert(As.end(), AssemblerFlags.begin(), AssemblerFlags.end());
  As.insert(As.end(), {Path, "-o", Obj});
  Jobs.push_back({false, std::move(As)});
  if (Linking)
    LinkInputs.push_back(Obj);
}

/// The jobs for a C, C++ or IR input. Objects come from the front end
/// directly, or through accel-as when there are assembler flags or
/// -save-temps, which also keeps the preprocessed source and the IR.
bool Driver::planCompile(const Input &In) {
  bool SaveStages = SaveTemps != SaveTempsKind::None && Stop >= Stage::Assembly;
  Input Current = In;
  if (SaveStages &&
      (In.Kind == InputKind::C || In.Kind == InputKind::CXX)) {
    bool CXX = In.Kind == InputKind::CXX;
    std::string Preprocessed = intermediate(In, CXX ? "ii" : "i");
    Jobs.push_back({true, cc1Job(In, Current, Preprocessed, "-E")});
    Current = {Preprocessed,
               CXX ? InputKind::CXXPreprocessed : InputKind::CPreprocessed};
  }
  if (EmitLLVM) {
    if (Stop == Stage::Link)
      return error("-emit-llvm cannot be used when linking");
  } else if (SaveStages && Current.Kind != InputKind::IR) {
    std::string Bitcode = intermediate(In, "bc");
    // Unoptimized, as clang keeps it: the -O level applies once, when the
    // .bc is compiled.
    Jobs.push_back({true, cc1Job(In, Current, Bitcode, "-emit-llvm-bc",
                                 {"-emit-llvm-uselists",
                                  "-disable-llvm-passes"})});
    Current = {Bitcode, InputKind::IR};
  }
  bool ViaAssembler = !EmitLLVM && LTO == LTOKind::None &&
                      Stop >= Stage::Object &&
                      (SaveTemps != SaveTempsKind::None ||
                       !AssemblerFlags.empty());
  if (ViaAssembler) {
    std::string Assembly = intermediate(In, "s");
    Jobs.push_back(
        {true, cc1Job(In, Current, Assembly, "-S", reportFlags(In))});
    planAssemble(In, Assembly, /*FromCompiler=*/true);
    return true;
  }
  std::string Out;
  switch (Stop) {
  case Stage::Preprocess:
    Out = Output.empty() ? "-" : Output;
    break;
  case Stage::SyntaxOnly:
    Out = "-";
    break;
  case Stage::Assembly:
    Out = outputFor(In, EmitLLVM ? ".ll" : ".s");
    break;
  case Stage::Object:
    Out = outputFor(In, EmitLLVM ? ".bc" : ".o");
    break;
  case Stage::Link:
    Out = intermediate(In, "o");
    LinkInputs.push_back(Out);
    break;
  }
  Jobs.push_back(
      {true, cc1Job(In, Current, Out, cc1Action(), reportFlags(In))});
  return true;
}

/// The compiler's reports on compiling In (-ftime-trace,
/// -fsave-optimization-record), for its last cc1 job, in the files clang
/// names: after the -o output of -c or -S, else after the input; a trace
/// of a compilation that is linked goes beside the program, named after
/// both. Preprocessing alone reports nothing.
std::vector<std::string> Driver::reportFlags(const Input &In) const {
  std::vector<std::string> Flags;
  if (Stop == Stage::Preprocess)
    return Flags;
  bool NamedOutput = Stop != Stage::Link && !Output.empty() && Output != "-";
  StringRef Stem = sys::path::stem(In.Path);
  if (TimeTrace) {
    SmallString<128> Trace(*TimeTrace);
    if (Trace.empty() || sys::fs::is_directory(Trace)) {
      if (Stop == Stage::Link) {
        StringRef Program = Output.empty() ? "a.out" : StringRef(Output);
        sys::path::append(Trace, sys::path::parent_path(Program),
                          sys::path::stem(Program) + "-" + Stem + ".json");
      } else {
        sys::path::append(Trace, NamedOutput ? StringRef(Output) : Stem);
        sys::path::replace_extension(Trace, ".json");
      }
    }
    Flags.push_back("-ftime-trace=" + Trace.str().str());
  }
  if (SaveRemarks) {
    SmallString<128> File(RemarksFile);
    if (File.empty()) {
      File = NamedOutput && Stop >= Stage::Assembly ? StringRef(Output) : Stem;
      sys::path::replace_extension(File, ".opt." + RemarksFormat);
    }
    Flags.insert(Flags.end(), {"-opt-record-file", File.str().str(),
                               "-opt-record-format", RemarksFormat});
    if (!RemarksPasses.empty())
      Flags.insert(Flags.end(), {"-opt-record-passes", RemarksPasses});
  }
  return Flags;
}

bool Driver::planJobs() {
  bool Linking = Stop == Stage::Link;
  size_t Compiled = 0;
  for (const Input &In : Inputs)
    Compiled += In.Kind != InputKind::LinkerInput;
  if (!Linking && Stop != Stage::SyntaxOnly && !Output.empty() &&
      Output != "-" && Compiled > 1)
    return error("cannot specify -o when generating multiple output files");

  for (const Input &In : Inputs) {
    if (In.Kind == InputKind::LinkerInput) {
      if (Linking)
        LinkInputs.push_back(In.Path);
      else
        warning(In.Path + ": 'linker' input unused");
      continue;
    }
    if (In.Kind != InputKind::Asm && In.Kind != InputKind::AsmCpp) {
      if (!planCompile(In))
        return false;
      continue;
    }
    if (Stop < Stage::Object) {
      if (Stop == Stage::Preprocess && In.Kind == InputKind::AsmCpp)
        Jobs.push_back({true, cc1Job(In, In, Output.empty() ? "-" : Output,
                                     cc1Action())});
      continue; // Assembly is already assembly.
    }
    std::string Source = In.Path;
    if (In.Kind == InputKind::AsmCpp) {
      Source = intermediate(In, "s");
      Jobs.push_back({true, cc1Job(In, In, Source, "-E")});
    }
    planAssemble(In, Source, /*FromCompiler=*/false);
  }
  if (!AssemblerFlags.empty() &&
      none_of(Jobs, [](const Job &J) { return !J.InProcess; }))
    warning("-Wa, and -Xassembler arguments unused: no assembler job");

  if (!Linking)
    return true;
  std::vector<std::string> Link = {Install.BinDir + "/accel-ld"};
  if (!NoStdLib && !NoStartFiles)
    Link.push_back(Install.LibDir + "/crt0.o");
  Link.insert(Link.end(), LinkInputs.begin(), LinkInputs.end());
  if (LTO != LTOKind::None)
    addLTOOptions(Link);
  Link.insert(Link.end(), LinkFlags.begin(), LinkFlags.end());
  Link.insert(Link.end(), Libraries.begin(), Libraries.end());
  if (!NoStdLib && !NoDefaultLibs) {
    Link.push_back("-L" + Install.LibDir);
    if (IsCXX || CXXMode)
      Link.push_back("-laccelcxx");
    Link.insert(Link.end(), {"-lc", "-lm", "-laccelrt", "-lclang_rt.builtins"});
  }
  Link.insert(Link.end(), {"-o", Output.empty() ? "a.out" : Output});
  Jobs.push_back({false, Link});
  return true;
}

/// What the link's LTO needs of the compile options: the -O level (-Os and
/// -Oz are in the functions' attributes already), -flto-jobs=, -mllvm, and
/// the remarks asked for.
void Driver::addLTOOptions(std::vector<std::string> &Link) const {
  std::string Level = StringSwitch<std::string>(Optimization)
                          .Cases("-O0", "-O1", "-O3", Optimization.substr(2))
                          .Case("-Ofast", "3")
                          .Default("2");
  Link.push_back("--lto-O" + Level);
  if (!LTOJobs.empty())
    Link.push_back("--thinlto-jobs=" + LTOJobs);
  for (const std::string &O : LLVMOptions)
    Link.insert(Link.end(), {"-mllvm", O});
  for (const std::string &O : PassRemarkOptions)
    Link.insert(Link.end(), {"-mllvm", O});
  // As clang names it: the record file's name (or the program's) with
  // .opt.ld.<format>.
  if (SaveRemarks) {
    std::string File = !RemarksFile.empty() ? RemarksFile
                       : !Output.empty()     ? Output
                                             : "a.out";
    Link.insert(Link.end(),
                {"--opt-remarks-filename", File + ".opt.ld." + RemarksFormat,
                 "--opt-remarks-format", RemarksFormat});
    if (!RemarksPasses.empty())
      Link.insert(Link.end(), {"--opt-remarks-passes", RemarksPasses});
  }
}

void Driver::printJob(const Job &J, raw_ostream &OS) const {
  OS << ' ';
  if (J.InProcess)
    OS << '"' << Install.Argv0 << "\" ";
  ListSeparator Sep(" ");
  for (const std::string &A : J.Args)
    OS << Sep << '"' << A << '"';
  OS << '\n';
}

bool Driver::runJob(const Job &J) {
  if (Verbose)
    printJob(J, errs());
  if (J.InProcess) {
    std::vector<const char *> Args;
    for (const std::string &A : drop_begin(J.Args)) // Without "-cc1".
      Args.push_back(A.c_str());
    return runCC1(Args, Install.Argv0.c_str());
  }
  std::vector<StringRef> Args(J.Args.begin(), J.Args.end());
  std::string ErrMsg;
  int Status = sys::ExecuteAndWait(J.Args[0], Args, std::nullopt, {}, 0, 0,
                                   &ErrMsg);
  if (Status < 0)
    return error("unable to execute '" + J.Args[0] + "': " + ErrMsg);
  if (Status != 0) {
    StringRef Tool = sys::path::filename(J.Args[0]);
    return error((Tool == "accel-ld" ? "linker" : "assembler") +
                 Twine(" command failed with exit code ") + Twine(Status) +
                 " (use -v to see invocation)");
  }
  return true;
}

int Driver::run(ArrayRef<const char *> Argv) {
  if (!parse(Argv))
    return 1;
  if (!InfoLines.empty()) {
    for (const std::string &Line : InfoLines)
      outs() << Line << "\n";
    return 0;
  }
  if (!planJobs())
    return 1;
  if (Verbose || PrintOnly)
    errs() << "Accel clang (libclang-cpp " << LLVM_VERSION_STRING
           << "), target: accel\n";
  if (PrintOnly) {
    for (const Job &J : Jobs)
      printJob(J, errs());
    return 0;
  }
  bool Ok = true;
  for (const Job &J : Jobs)
    if (!(Ok = runJob(J)))
      break;
  for (const std::string &T : Temporaries)
    sys::fs::remove(T);
  return Ok ? 0 : 1;
}

int runDriver(const Installation &Install, ArrayRef<const char *> Args,
              bool CXXMode) {
  return Driver(Install, CXXMode).run(Args);
}

} // namespace accel
