//===-- AccelConstrainedFP.cpp - Constrained FP to plain FP ---------------===//
//
// Accel's floating point rounds to nearest even and has no exception flags
// and no traps (docs/isa.md), so nothing can observe the floating-point
// environment that constrained intrinsics (-ftrapping-math, -frounding-math,
// -ffp-model=strict, #pragma STDC FENV_ACCESS) protect: each means exactly
// its plain instruction or intrinsic. This pass, early in code generation,
// replaces them, so that instruction selection sees only operations it
// lowers anyway. A static rounding mode other than to-nearest cannot be
// honoured and is reported as unsupported.
//
//===----------------------------------------------------------------------===//

#include "Accel.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Pass.h"

using namespace llvm;

#define DEBUG_TYPE "accel-constrained-fp"

namespace {
class AccelConstrainedFP : public FunctionPass {
public:
  static char ID;
  AccelConstrainedFP() : FunctionPass(ID) {}
  StringRef getPassName() const override {
    return "Accel constrained floating point to plain";
  }
  bool runOnFunction(Function &F) override;
};
} // namespace

char AccelConstrainedFP::ID = 0;
INITIALIZE_PASS(AccelConstrainedFP, DEBUG_TYPE,
                "Accel constrained floating point to plain", false, false)

FunctionPass *llvm::createAccelConstrainedFPPass() {
  return new AccelConstrainedFP();
}

/// The plain operation \p CI stands for, built before \p CI.
static Value *plainOperation(ConstrainedFPIntrinsic &CI) {
  IRBuilder<> B(&CI);
  SmallVector<Value *, 3> Args(CI.args().begin(),
                               CI.args().begin() + CI.getNonMetadataArgCount());
  switch (CI.getIntrinsicID()) {
#define CMP_INSTRUCTION(NAME, NARG, ROUND_MODE, INTRINSIC, DAGN)               \
  case Intrinsic::INTRINSIC:                                                   \
    return B.CreateFCmp(cast<ConstrainedFPCmpIntrinsic>(CI).getPredicate(),    \
                        Args[0], Args[1]);
#define INSTRUCTION(NAME, NARG, ROUND_MODE, INTRINSIC)                         \
  case Intrinsic::INTRINSIC:                                                   \
    if (Instruction::isBinaryOp(Instruction::NAME))                            \
      return B.CreateBinOp(Instruction::BinaryOps(Instruction::NAME), Args[0], \
                           Args[1]);                                           \
    return B.CreateCast(Instruction::CastOps(Instruction::NAME), Args[0],      \
                        CI.getType());
#define FUNCTION(NAME, NARG, ROUND_MODE, INTRINSIC)                            \
  case Intrinsic::INTRINSIC:                                                   \
    return B.CreateIntrinsic(CI.getType(), Intrinsic::NAME, Args);
#include "llvm/IR/ConstrainedOps.def"
  default:
    llvm_unreachable("not a constrained floating-point intrinsic");
  }
}

bool AccelConstrainedFP::runOnFunction(Function &F) {
  SmallVector<ConstrainedFPIntrinsic *, 8> Worklist;
  for (Instruction &I : instructions(F))
    if (auto *CI = dyn_cast<ConstrainedFPIntrinsic>(&I))
      Worklist.push_back(CI);
  for (ConstrainedFPIntrinsic *CI : Worklist) {
    std::optional<RoundingMode> Mode = CI->getRoundingMode();
    if (Mode && *Mode != RoundingMode::NearestTiesToEven &&
        *Mode != RoundingMode::Dynamic)
      F.getContext().diagnose(DiagnosticInfoUnsupported(
          F, "Accel rounds to nearest even only; the static rounding mode " +
                 convertRoundingModeToStr(*Mode)
                     .value_or("round.?")
                     .drop_front(strlen("round.")) +
                 " cannot be honoured",
          CI->getDebugLoc()));
    Value *Plain = plainOperation(*CI);
    Plain->takeName(CI);
    CI->replaceAllUsesWith(Plain);
    CI->eraseFromParent();
  }
  return !Worklist.empty();
}
