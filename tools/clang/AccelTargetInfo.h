//===-- AccelTargetInfo.h - clang's view of the Accel target ----*- C++ -*-===//
//
// Type sizes and alignments (LP64, from the backend's data layout),
// predefined macros and inline-assembly registers for --target=accel.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_TOOLS_CLANG_ACCELTARGETINFO_H
#define ACCEL_TOOLS_CLANG_ACCELTARGETINFO_H

#include "clang/Basic/TargetInfo.h"

namespace accel {

class AccelTargetInfo : public clang::TargetInfo {
public:
  explicit AccelTargetInfo(const llvm::Triple &Triple);

  void getTargetDefines(const clang::LangOptions &Opts,
                        clang::MacroBuilder &Builder) const override;
  llvm::ArrayRef<clang::Builtin::Info> getTargetBuiltins() const override {
    return {}; // Accelerator operations are the __accel_* functions.
  }
  /// va_list is a pointer to the next argument slot: every unnamed
  /// argument is on the stack (docs/abi.md).
  BuiltinVaListKind getBuiltinVaListKind() const override {
    return VoidPtrBuiltinVaList;
  }
  std::string_view getClobbers() const override { return ""; }
  /// __builtin_setjmp/__builtin_longjmp: the backend lowers LLVM's
  /// eh.sjlj.setjmp/longjmp (docs/abi.md "__builtin_setjmp").
  bool hasSjLjLowering() const override { return true; }
  llvm::ArrayRef<const char *> getGCCRegNames() const override;
  llvm::ArrayRef<GCCRegAlias> getGCCRegAliases() const override { return {}; }
  bool validateAsmConstraint(const char *&Name,
                             ConstraintInfo &Info) const override;
  bool setCPU(const std::string &Name) override {
    return Name == "accel" || Name == "generic";
  }
  bool isValidCPUName(llvm::StringRef Name) const override {
    return Name == "accel" || Name == "generic";
  }
};

} // namespace accel

#endif
