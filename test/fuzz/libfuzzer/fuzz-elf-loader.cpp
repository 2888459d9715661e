//===-- fuzz-elf-loader.cpp - libFuzzer entry point: the ELF loader -------===//
//
// Loads each input as accel-sim does (loadProgram: headers, segments, the
// symbol table, the stack guard, argv) and pre-decodes its text into
// bundles. A load error is a fine outcome, a crash or a sanitizer report is
// a finding. The DWARF line tables are left out: accel-sim reads them in a
// child process (tools/support/ContainedRead.h), which the fuzzing tools
// cover (fuzz_tools.py). Built by run.sh with -fsanitize=fuzzer,address.
//
//===----------------------------------------------------------------------===//

#include "AccelTargetInit.h"
#include "BundleDecoder.h"
#include "Memory.h"
#include "ProgramLoader.h"
#include <cstdint>
#include <cstdio>
#include <string>
#include <unistd.h>

using namespace accel_sim;

/// The loader reads a file by name, as accel-sim is given one.
static std::string InputPath;

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  llvm::initializeAccelMC();
  InputPath = "/tmp/accel-fuzz-elf-" + std::to_string(getpid()) + ".elf";
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  FILE *F = std::fopen(InputPath.c_str(), "wb");
  if (!F)
    return 0;
  std::fwrite(Data, 1, Size, F);
  std::fclose(F);
  static Memory Mem; // DRAM is large; one for the whole run.
  LoadedProgram Prog;
  std::string Error;
  if (loadProgram(InputPath, {InputPath, "arg"}, Mem, Prog, Error)) {
    BundleDecoder Decoder;
    Decoder.decode(Prog);
  }
  return 0;
}
