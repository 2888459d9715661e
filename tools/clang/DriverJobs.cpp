//===-- DriverJobs.cpp - the jobs of a clang --target=accel command -------===//
//
// From what the options asked for: the cc1 jobs (run in this process), the
// accel-as jobs and the accel-ld link, with the files between them named as
// clang names them.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

using namespace llvm;

namespace accel {

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
  bool CXX = In.Kind == InputKind::CXX || In.Kind == InputKind::CXXPreprocessed;
  // libc++'s headers come first: its <stddef.h>, <math.h>, ... wrap the C
  // ones with #include_next.
  if (CXX && !NoStdIncCXX && !NoStdLibInc)
    A.insert(A.end(), {"-internal-isystem", Install.LibDir + "/include/c++/v1"});
  if (NoBuiltinInc)
    A.push_back("-nobuiltininc");
  else
    A.insert(A.end(), {"-internal-isystem", Install.ResourceDir + "/include"});
  if (!NoStdLibInc)
    A.insert(A.end(), {"-internal-isystem", Install.LibDir + "/include",
                       "-internal-externc-isystem",
                       Install.LibDir + "/include/libc"});
  // One thread, as clang's bare-metal targets say: no __STDCPP_THREADS__.
  A.insert(A.end(), {"-fgnuc-version=4.2.1", "-ferror-limit", "19",
                     "-mthread-model", "single", Optimization});
  FloatOptions.render(A);
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
    if (IsCXX || CXXMode) {
      if (!NoStdLibCXX)
        Link.push_back("-lc++");
      Link.push_back("-laccelcxx");
    }
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

} // namespace accel
