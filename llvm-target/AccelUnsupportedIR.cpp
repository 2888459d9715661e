//===-- AccelUnsupportedIR.cpp - Reject IR the target cannot lower --------===//
//
// Some valid IR has no lowering on Accel, and LLVM's generic code would
// abort (report_fatal_error), crash or drop it silently: scalable vectors,
// GC statepoints, stack maps and patch points, __builtin_eh_return, and
// SjLj exception handling (C++ has no exceptions here; __builtin_setjmp's
// eh.sjlj.setjmp/longjmp are supported). This pass, first in the code
// generation pipeline, reports such a function with a diagnostic naming it
// and deletes its body, so that the rest of the module is still compiled
// and the tool exits with an error instead of a crash.
//
//===----------------------------------------------------------------------===//

#include "Accel.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Pass.h"

using namespace llvm;

#define DEBUG_TYPE "accel-unsupported-ir"

namespace {
class AccelUnsupportedIR : public ModulePass {
public:
  static char ID;
  AccelUnsupportedIR() : ModulePass(ID) {}
  StringRef getPassName() const override {
    return "Accel unsupported IR rejection";
  }
  bool runOnModule(Module &M) override;
};
} // namespace

char AccelUnsupportedIR::ID = 0;
INITIALIZE_PASS(AccelUnsupportedIR, DEBUG_TYPE,
                "Accel unsupported IR rejection", false, false)

ModulePass *llvm::createAccelUnsupportedIRPass() {
  return new AccelUnsupportedIR();
}

static bool containsScalableVector(Type *T) {
  if (isa<ScalableVectorType>(T))
    return true;
  return any_of(T->subtypes(), containsScalableVector);
}

/// Why \p I cannot be compiled, or null.
static const char *whyUnsupported(const Instruction &I) {
  if (containsScalableVector(I.getType()) ||
      any_of(I.operands(), [](const Use &U) {
        return containsScalableVector(U->getType());
      }))
    return "scalable vectors are not supported";
  if (const auto *II = dyn_cast<IntrinsicInst>(&I)) {
    switch (II->getIntrinsicID()) {
    case Intrinsic::experimental_gc_statepoint:
    case Intrinsic::experimental_gc_result:
    case Intrinsic::experimental_gc_relocate:
    case Intrinsic::experimental_gc_get_pointer_base:
    case Intrinsic::experimental_gc_get_pointer_offset:
      return "garbage collection statepoints are not supported";
    case Intrinsic::experimental_stackmap:
    case Intrinsic::experimental_patchpoint:
    case Intrinsic::experimental_patchpoint_void:
      return "stack maps and patch points are not supported";
    case Intrinsic::eh_return_i32:
    case Intrinsic::eh_return_i64:
      return "__builtin_eh_return is not supported";
    case Intrinsic::eh_sjlj_functioncontext:
    case Intrinsic::eh_sjlj_setup_dispatch:
    case Intrinsic::eh_sjlj_lsda:
    case Intrinsic::eh_sjlj_callsite:
      return "SjLj exception handling is not supported";
    default:
      break;
    }
  }
  return nullptr;
}

bool AccelUnsupportedIR::runOnModule(Module &M) {
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    const char *Why = nullptr;
    DebugLoc Loc;
    if (containsScalableVector(F.getFunctionType()))
      Why = "scalable vectors are not supported";
    for (const Instruction &I : instructions(F)) {
      if (Why)
        break;
      Why = whyUnsupported(I);
      Loc = I.getDebugLoc();
    }
    if (!Why)
      continue;
    M.getContext().diagnose(DiagnosticInfoUnsupported(F, Why, Loc));
    F.deleteBody();
    Changed = true;
  }
  return Changed;
}
