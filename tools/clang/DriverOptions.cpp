//===-- DriverOptions.cpp - reading clang command lines for accel ---------===//
//
// The command line is parsed with clang's own option table, so every
// spelling clang accepts (-Ifoo, -I foo, -DX=1, -Wl,a,b, ...) means the
// same here. Each option is either translated for the jobs or rejected:
// an option this target does not support is an error, never ignored.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"
#include "clang/Driver/Options.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;
using namespace llvm::opt;
using namespace clang::driver::options;

namespace accel {
namespace {

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


} // namespace

const char *languageOf(InputKind K) {
  for (const auto &[Name, Kind] : Languages)
    if (K == Kind)
      return Name;
  return nullptr;
}

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
  // Standard input without -x is C (C++ in g++ mode), as for clang, but
  // only when preprocessing: -E may come after it.
  bool StdinWithoutLanguage = false;
  for (const Arg *A : Args) {
    if (A->getOption().matches(OPT_INPUT)) {
      StringRef Path = A->getValue();
      bool IsStdin = Path == "-";
      StdinWithoutLanguage |= IsStdin && !Language;
      InputKind K = Language  ? *Language
                    : IsStdin ? (CXXMode ? InputKind::CXX : InputKind::C)
                              : kindOfExtension(Path);
      if (CXXMode && !Language && !IsStdin && K == InputKind::C) {
        K = InputKind::CXX;
        warning("treating 'c' input as 'c++' when in C++ mode, this "
                "behavior is deprecated [-Wdeprecated]");
      }
      if (!IsStdin && !sys::fs::exists(Path))
        return error("no such file or directory: '" + Path + "'");
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
  if (StdinWithoutLanguage && Stop != Stage::Preprocess)
    return error("-E or -x required when input is from standard input");
  renderOptimizationDefaults(Args, CC1Flags);
  ParsedArgs = nullptr;
  std::string SanitizerError;
  if (!Sanitizers.render(CC1Flags, SanitizerError))
    return error(SanitizerError);
  // As for clang, -l, -Wl, and -Xlinker are linker inputs: "-Wl,--version"
  // alone asks the linker for its version.
  bool HasLinkerInputs = !Libraries.empty() || HasLinkerArgs;
  if (Inputs.empty() && InfoLines.empty() &&
      !(HasLinkerInputs && Stop == Stage::Link))
    return error("no input files");
  return true;
}

/// Records what one option asks for; false (with a message) if this
/// target does not support it.
bool Driver::translate(const Arg &A) {
  // Each returns std::nullopt for an option it does not handle (or, as
  // translateReportOption does for -Rpass=, leaves to the next). The option
  // IDs the groups switch on are disjoint; translateCodeGenOption, which
  // also matches option groups and cc1's options, must come last.
  using Translator = std::optional<bool> (Driver::*)(const Arg &);
  static const Translator Translators[] = {
      &Driver::translateFlagOption,       &Driver::translateStageOption,
      &Driver::translateTargetOption,     &Driver::translateLanguageOption,
      &Driver::translateDiagnosticOption, &Driver::translatePreprocessorOption,
      &Driver::translateLTOOption,        &Driver::translateReportOption,
      &Driver::translateInfoOption,       &Driver::translateToolOption,
      &Driver::translateCodeGenOption};
  for (Translator Translate : Translators)
    if (std::optional<bool> Handled = (this->*Translate)(A))
      return *Handled;
  if (A.getOption().getKind() == Option::UnknownClass)
    return error(Twine("unknown argument: '") + spelling(A) + "'");
  return error(Twine("unsupported option '") + spelling(A) +
               "' for target 'accel'");
}

/// Options that only turn on one of the driver's flags.
std::optional<bool> Driver::translateFlagOption(const Arg &A) {
  static const std::pair<unsigned, bool Driver::*> Flags[] = {
      {OPT_emit_llvm, &Driver::EmitLLVM},
      {OPT__HASH_HASH_HASH, &Driver::PrintOnly},
      {OPT_v, &Driver::Verbose},
      {OPT_nostdlibinc, &Driver::NoStdLibInc},
      {OPT_nobuiltininc, &Driver::NoBuiltinInc},
      {OPT_nostdincxx, &Driver::NoStdIncCXX},
      {OPT_MP, &Driver::DepPhony},
      {OPT_fstack_usage, &Driver::StackUsage},
      {OPT_nostdlib, &Driver::NoStdLib},
      {OPT_nostartfiles, &Driver::NoStartFiles},
      {OPT_nodefaultlibs, &Driver::NoDefaultLibs},
      {OPT_nostdlibxx, &Driver::NoStdLibCXX},
  };
  for (auto [Id, Flag] : Flags)
    if (A.getOption().getID() == Id) {
      this->*Flag = true;
      return true;
    }
  return std::nullopt;
}

/// Where the jobs stop and what they write.
std::optional<bool> Driver::translateStageOption(const Arg &A) {
  switch (A.getOption().getID()) {
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
  case OPT_o:
    Output = A.getValue();
    return true;
  case OPT_save_temps_EQ: {
    StringRef Where = A.getValue();
    if (Where != "cwd" && Where != "obj")
      return error("invalid argument '" + Where + "' to -save-temps=");
    SaveTemps = Where == "cwd" ? SaveTempsKind::Cwd : SaveTempsKind::Obj;
    return true;
  }
  case OPT_pipe:
    return true; // Jobs share files, or run in this process: nothing to do.
  default:
    return std::nullopt;
  }
}

/// The target, CPU and code model: accel's or an error.
std::optional<bool> Driver::translateTargetOption(const Arg &A) {
  switch (A.getOption().getID()) {
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
  default:
    return std::nullopt;
  }
}

/// The language standard, and the C++ features accel does without.
std::optional<bool> Driver::translateLanguageOption(const Arg &A) {
  const Option &O = A.getOption();
  switch (O.getID()) {
  case OPT_std_EQ:
  case OPT_ansi: // Also --std=, --std <standard> and --ansi.
    Standard = O.matches(OPT_ansi) ? std::string("-ansi")
                                   : std::string("-std=") + A.getValue();
    return true;
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
  default:
    return std::nullopt;
  }
}

/// How diagnostics look: their colour and how many before giving up.
std::optional<bool> Driver::translateDiagnosticOption(const Arg &A) {
  const Option &O = A.getOption();
  switch (O.getID()) {
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
  default:
    return std::nullopt;
  }
}

/// Include paths, -Wp, and dependency files. -nostdlibinc, -nobuiltininc
/// and -nostdinc++ are in translateFlagOption's table.
std::optional<bool> Driver::translatePreprocessorOption(const Arg &A) {
  const Option &O = A.getOption();
  switch (O.getID()) {
  case OPT_nostdinc:
    NoStdLibInc = NoBuiltinInc = true;
    return true;
  case OPT_Wp_COMMA:
  case OPT_Xpreprocessor:
    return translatePreprocessorArgs(A);
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
  case OPT_MF:
    DepFile = A.getValue();
    return true;
  case OPT_MT:
  case OPT_MQ:
    DepTargets.push_back(A.getValue());
    return true;
  default:
    return std::nullopt;
  }
}

/// Link-time optimization, and -mllvm, which LTO's code generator takes too.
std::optional<bool> Driver::translateLTOOption(const Arg &A) {
  switch (A.getOption().getID()) {
  case OPT_mllvm:
    CC1Flags.insert(CC1Flags.end(), {"-mllvm", A.getValue()});
    LLVMOptions.push_back(A.getValue());
    return true;
  case OPT_flto_EQ: {
    StringRef Kind = A.getValue();
    if (Kind != "full" && Kind != "thin")
      return error("unsupported argument '" + Kind + "' to option '-flto='");
    LTO = Kind == "thin" ? LTOKind::Thin : LTOKind::Full;
    return true;
  }
  case OPT_fno_lto:
    LTO = LTOKind::None;
    return true;
  case OPT_flto_jobs_EQ: {
    unsigned Jobs;
    if (StringRef(A.getValue()).getAsInteger(10, Jobs))
      return error(Twine("invalid argument '") + A.getValue() +
                   "' to -flto-jobs=");
    LTOJobs = A.getValue();
    return true;
  }
  default:
    return std::nullopt;
  }
}

/// The compiler's reports: time traces and optimization remarks.
std::optional<bool> Driver::translateReportOption(const Arg &A) {
  const Option &O = A.getOption();
  switch (O.getID()) {
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
  case OPT_Rpass_EQ:
  case OPT_Rpass_missed_EQ:
  case OPT_Rpass_analysis_EQ: {
    // cc1's (translateCompileOption), so left to translateCodeGenOption;
    // LTO's optimizers take them as the LLVM options behind them.
    StringRef Kind = O.matches(OPT_Rpass_EQ)          ? ""
                     : O.matches(OPT_Rpass_missed_EQ) ? "-missed"
                                                      : "-analysis";
    PassRemarkOptions.push_back(("-pass-remarks" + Kind + "=").str() +
                                A.getValue());
    return std::nullopt;
  }
  default:
    return std::nullopt;
  }
}

/// --version, -dumpmachine, -print-...: lines printed instead of compiling.
std::optional<bool> Driver::translateInfoOption(const Arg &A) {
  switch (A.getOption().getID()) {
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
  default:
    return std::nullopt;
  }
}

/// Arguments for the other tools: cc1 (-Xclang), the assembler and the
/// linker. -nostdlib and the like are in translateFlagOption's table.
std::optional<bool> Driver::translateToolOption(const Arg &A) {
  const Option &O = A.getOption();
  switch (O.getID()) {
  case OPT_Xclang:
    CC1Flags.push_back(A.getValue());
    return true;
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
      HasLinkerArgs = true;
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
  default:
    return std::nullopt;
  }
}

/// The options cc1 takes (CompileOptions.h), floating-point and sanitizer
/// options, -O and -g.
std::optional<bool> Driver::translateCodeGenOption(const Arg &A) {
  const Option &O = A.getOption();
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
  if (O.matches(OPT_g_Group))
    return translateDebugOption(A);
  return std::nullopt;
}

/// An option of the -g group.
bool Driver::translateDebugOption(const Arg &A) {
  const Option &O = A.getOption();
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

} // namespace accel
