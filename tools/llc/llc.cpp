//===-- llc.cpp - llc for accel and every other target --------------------===//
//
// build/bin/llc runs Debian's llc-19, so every llc option and every other
// target behave exactly as there, and loads libAccelTarget.so into it when
// the code is for accel. The target to use is the -mtriple/-march of the
// command line or else the input module's own triple, which this driver
// reads first: the plugin registers for every triple LLVM cannot name (accel
// is one of them), so loading it for another such triple would make llc-19
// crash instead of reporting an unknown target.
//
//===----------------------------------------------------------------------===//

#include "ContainedRead.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Support/Errno.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/TargetParser/Triple.h"
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sys/mman.h>
#include <unistd.h>

using namespace llvm;

#ifndef ACCEL_LLC19
#error "ACCEL_LLC19 must name Debian's llc-19"
#endif

/// Options of llc that take their value as the next argument.
static bool takesSeparateValue(StringRef Opt) {
  Opt = Opt.ltrim('-');
  return Opt == "o" || Opt == "mtriple" || Opt == "march" || Opt == "mcpu" ||
         Opt == "mattr" || Opt == "x" || Opt == "load" || Opt == "filetype" ||
         Opt == "O";
}

/// The -mtriple or -march value given on the command line, if any.
static std::optional<std::string> tripleFromArgs(ArrayRef<const char *> Args) {
  std::optional<std::string> Found;
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    for (StringRef Name : {"mtriple", "march"}) {
      StringRef Opt = A.ltrim('-');
      if (!A.starts_with("-") || !Opt.starts_with(Name))
        continue;
      StringRef Rest = Opt.drop_front(Name.size());
      if (Rest.consume_front("="))
        Found = Rest.str();
      else if (Rest.empty() && I + 1 < Args.size())
        Found = Args[I + 1];
    }
  }
  return Found;
}

/// The input file: llc's one positional argument ("-" or none: stdin).
static StringRef inputFromArgs(ArrayRef<const char *> Args) {
  StringRef Input = "-";
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A == "-") {
      Input = A;
    } else if (A.starts_with("-")) {
      if (!A.contains('=') && takesSeparateValue(A))
        ++I;
    } else {
      Input = A;
    }
  }
  return Input;
}

/// Whether llc-19 reads its input as Machine IR (not LLVM IR), as it
/// decides: a .mir file or -x mir.
static bool readsMIR(ArrayRef<const char *> Args, StringRef Input) {
  if (Input.ends_with_insensitive(".mir"))
    return true;
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef Opt = StringRef(Args[I]).ltrim('-');
    if (Opt == "x=mir" || (Opt == "x" && I + 1 < Args.size() &&
                           StringRef(Args[I + 1]) == "mir"))
      return true;
  }
  return false;
}

/// The triple a module names: bitcode through its header, text through its
/// `target triple` line (no need to parse the whole module).
static std::string tripleOfModule(const MemoryBuffer &Buffer) {
  if (isBitcode(reinterpret_cast<const unsigned char *>(
                    Buffer.getBufferStart()),
                reinterpret_cast<const unsigned char *>(
                    Buffer.getBufferEnd()))) {
    Expected<std::string> T = getBitcodeTargetTriple(Buffer.getMemBufferRef());
    if (!T) {
      consumeError(T.takeError());
      return "";
    }
    return *T;
  }
  StringRef Text = Buffer.getBuffer();
  for (size_t Pos = Text.find("target triple"); Pos != StringRef::npos;
       Pos = Text.find("target triple", Pos + 1)) {
    if (Pos != 0 && Text[Pos - 1] != '\n')
      continue;
    StringRef Line = Text.substr(Pos).split('\n').first;
    StringRef Value = Line.split('"').second.split('"').first;
    return Value.str();
  }
  return "";
}

/// Options that make llc print something and read no input.
static bool readsNoInput(ArrayRef<const char *> Args) {
  return any_of(Args, [](StringRef A) {
    A = A.ltrim('-');
    return A == "version" || A.starts_with("help");
  });
}

/// Replaces standard input by an in-memory file holding \p Data, so that
/// llc-19 reads what this driver already consumed.
static bool refillStdin(StringRef Data) {
  int Fd = memfd_create("llc-stdin", 0);
  if (Fd < 0)
    return false;
  for (size_t Done = 0; Done < Data.size();) {
    ssize_t N = write(Fd, Data.data() + Done, Data.size() - Done);
    if (N < 0)
      return false;
    Done += N;
  }
  return lseek(Fd, 0, SEEK_SET) == 0 && dup2(Fd, STDIN_FILENO) >= 0 &&
         close(Fd) == 0;
}

int main(int Argc, char **Argv) {
  ArrayRef<const char *> Args(Argv + 1, Argv + Argc);

  std::unique_ptr<MemoryBuffer> Input;
  StringRef InputName = inputFromArgs(Args);
  if (!readsNoInput(Args)) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
        MemoryBuffer::getFileOrSTDIN(InputName);
    // An unreadable input is llc-19's to report.
    if (Buffer)
      Input = std::move(*Buffer);
    if (Input && InputName == "-" && !refillStdin(Input->getBuffer())) {
      fprintf(stderr, "llc: error: cannot pass on standard input: %s\n",
              strerror(errno));
      return 1;
    }
  }
  // llc-19's reader can crash on a damaged module; read it in a child
  // first. llc-19 sets the target's data layout before it reads the rest,
  // so a module that does not parse here could crash it: that is an error
  // here too. (Machine IR is llc-19's to read.)
  if (Input && !readsMIR(Args, InputName))
    if (Error E = accel::checkIRContained(Input->getMemBufferRef(),
                                          accel::ParseErrors::Report)) {
      fprintf(stderr, "llc: error: %s\n", toString(std::move(E)).c_str());
      return 1;
    }

  // A module with no triple is compiled for the host, as llc-19 does.
  std::string TripleName;
  if (std::optional<std::string> T = tripleFromArgs(Args))
    TripleName = *T;
  else if (Input)
    TripleName = tripleOfModule(*Input);

  SmallString<256> Plugin(sys::path::parent_path(sys::path::parent_path(
      sys::fs::getMainExecutable(Argv[0], (void *)&main))));
  sys::path::append(Plugin, "lib", "libAccelTarget.so");
  std::string LoadPlugin = ("--load=" + Plugin).str();

  // Without a triple llc-19 compiles for the host; the plugin is loaded
  // then too, so that --version lists accel.
  bool Foreign = !TripleName.empty() && TripleName != "accel" &&
                 Triple(TripleName).getArchName() != "accel";
  std::vector<const char *> Exec = {ACCEL_LLC19};
  if (!Foreign)
    Exec.push_back(LoadPlugin.c_str());
  Exec.insert(Exec.end(), Args.begin(), Args.end());
  Exec.push_back(nullptr);
  execv(ACCEL_LLC19, const_cast<char *const *>(Exec.data()));
  fprintf(stderr, "llc: error: cannot run %s: %s\n", ACCEL_LLC19,
          strerror(errno));
  return 1;
}
