//===-- accel-intrinsics-header.cpp - accel.h's intrinsic declarations ----===//
//
// Prints accel_intrinsics.h, which accel.h includes: for every record of
// llvm-target/AccelIntrinsics.td, the declaration of the reserved function
// with its range check or const attribute, and the public name (a macro for
// the operations whose channel or tile must stay a constant expression, a
// static inline function for the vector operations, so that arguments are
// type-checked). Run by the build; usage: accel-intrinsics-header OUTPUT.
//
//===----------------------------------------------------------------------===//

#include "AccelIntrinsics.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

/// The parameter names of a C parameter list ("int ch, void *dst" -> ch,
/// dst): the identifier that ends each parameter.
static SmallVector<StringRef, 8> parameterNames(StringRef CParams) {
  SmallVector<StringRef, 8> Params, Names;
  CParams.split(Params, ',');
  for (StringRef P : Params) {
    P = P.trim();
    size_t Start = P.find_last_not_of(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
    Names.push_back(P.drop_front(Start + 1));
  }
  return Names;
}

static void printIntrinsic(raw_ostream &OS, const AccelIntrinsic &I) {
  SmallVector<StringRef, 8> Names = parameterNames(I.CParams);
  std::string Args = join(Names, ", ");
  OS << I.CResult << " " << I.Name << "(" << I.CParams << ")";
  if (I.Number == AccelIntrinsics::NumberNone) {
    OS << (I.Memory == AccelIntrinsics::IntrMemNone
               ? " __attribute__((const));\n"
               : ";\n");
    OS << "static inline " << I.CResult << " " << I.Public << "(" << I.CParams
       << ") {\n  return " << I.Name << "(" << Args << ");\n}\n";
    return;
  }
  const char *Check = I.Number == AccelIntrinsics::NumberChannel
                          ? "ACCEL_CHANNEL"
                          : "ACCEL_TILE";
  OS << "\n    " << Check << "(" << Names[0] << ");\n";
  OS << "#define " << I.Public << "(" << Args << ") " << I.Name << "(" << Args
     << ")\n";
}

int main(int argc, char **argv) {
  if (argc != 2) {
    errs() << "usage: accel-intrinsics-header OUTPUT\n";
    return 2;
  }
  std::error_code EC;
  raw_fd_ostream OS(argv[1], EC, sys::fs::OF_Text);
  if (EC) {
    errs() << "accel-intrinsics-header: error: " << argv[1] << ": "
           << EC.message() << "\n";
    return 1;
  }
  OS << "/* accel_intrinsics.h: the accelerator intrinsics, generated from\n"
        " * llvm-target/AccelIntrinsics.td by accel-intrinsics-header. Do not\n"
        " * edit; include <accel.h>, which defines what this file uses. */\n\n"
        "#ifndef ACCEL_H\n"
        "#error \"include <accel.h>, not <accel_intrinsics.h>\"\n"
        "#endif\n";
  for (const AccelIntrinsic &I : getAccelIntrinsics()) {
    OS << "\n";
    printIntrinsic(OS, I);
  }
  return 0;
}
