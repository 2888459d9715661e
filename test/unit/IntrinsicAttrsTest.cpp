//===-- IntrinsicAttrsTest.cpp - memory effects of __accel_* functions ----===//
//
// Runs the real -O2 pipeline, with the target's pass builder callbacks, on
// IR that calls the intrinsics: the optimizer must keep every DMA and
// matrix operation and keep loads after a DMA wait, yet may still optimize
// around them where their declared effects allow, and must not merge calls
// whose channel or tile differs.
//
//===----------------------------------------------------------------------===//

#include "AccelTargetInit.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Target/TargetMachine.h"
#include "gtest/gtest.h"
#include <set>

using namespace llvm;

namespace {

const char *IR = R"(
target triple = "accel"
@buf = global [16 x float] zeroinitializer, section ".spm.bss"
@other = global float 0.0

declare void @__accel_dma_1d(i32, ptr, ptr, i64)
declare void @__accel_dma_wait(i32)
declare void @__accel_mzero(i32)
declare void @__accel_mmac(i32, ptr, ptr, i64)
declare void @__accel_mst(i32, ptr)
declare <16 x float> @__accel_vexp(<16 x float>)

define void @unused_results(ptr %src, <16 x float> %v) {
  call void @__accel_dma_1d(i32 0, ptr @buf, ptr %src, i64 64)
  call void @__accel_mzero(i32 1)
  call void @__accel_mst(i32 1, ptr @buf)
  %e = call <16 x float> @__accel_vexp(<16 x float> %v)
  ret void
}

define float @load_after_wait(ptr %src) {
  store float 1.0, ptr @buf
  call void @__accel_dma_1d(i32 0, ptr @buf, ptr %src, i64 64)
  call void @__accel_dma_wait(i32 0)
  %v = load float, ptr @buf
  ret float %v
}

define void @waits_on_either_channel(i1 %c) {
entry:
  br i1 %c, label %one, label %zero
one:
  call void @__accel_dma_wait(i32 1)
  br label %done
zero:
  call void @__accel_dma_wait(i32 0)
  br label %done
done:
  call void @__accel_mzero(i32 0)
  br i1 %c, label %t1, label %t2
t1:
  call void @__accel_mst(i32 1, ptr @buf)
  br label %end
t2:
  call void @__accel_mst(i32 2, ptr @buf)
  br label %end
end:
  ret void
}

define float @unrelated_load(ptr %a, ptr %b) {
  %x = load float, ptr @other
  call void @__accel_mmac(i32 0, ptr %a, ptr %b, i64 16)
  %y = load float, ptr @other
  %s = fadd float %x, %y
  ret float %s
}
)";

class IntrinsicAttrs : public ::testing::Test {
protected:
  void SetUp() override {
    initializeAccelTarget();
    SMDiagnostic Err;
    M = parseAssemblyString(IR, Err, Ctx);
    ASSERT_TRUE(M) << Err.getMessage().str();
    std::string Error;
    const Target *T = TargetRegistry::lookupTarget("accel", Error);
    ASSERT_TRUE(T) << Error;
    TM.reset(T->createTargetMachine("accel", "", "", TargetOptions(),
                                    std::nullopt));
    ASSERT_TRUE(TM);
  }

  void runO2() {
    LoopAnalysisManager LAM;
    FunctionAnalysisManager FAM;
    CGSCCAnalysisManager CGAM;
    ModuleAnalysisManager MAM;
    PassBuilder PB(TM.get());
    PB.registerModuleAnalyses(MAM);
    PB.registerCGSCCAnalyses(CGAM);
    PB.registerFunctionAnalyses(FAM);
    PB.registerLoopAnalyses(LAM);
    PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
    PB.buildPerModuleDefaultPipeline(OptimizationLevel::O2).run(*M, MAM);
  }

  /// Names of the functions \p F calls, in order.
  static std::vector<std::string> callees(const Function &F) {
    std::vector<std::string> Names;
    for (const BasicBlock &BB : F)
      for (const Instruction &I : BB)
        if (const auto *CI = dyn_cast<CallInst>(&I))
          Names.push_back(CI->getCalledFunction()->getName().str());
    return Names;
  }

  LLVMContext Ctx;
  std::unique_ptr<Module> M;
  std::unique_ptr<TargetMachine> TM;
};

TEST_F(IntrinsicAttrs, DeclarationsGetTheirMemoryEffects) {
  runO2();
  MemoryEffects Dma = M->getFunction("__accel_dma_1d")->getMemoryEffects();
  EXPECT_TRUE(Dma.onlyAccessesInaccessibleOrArgMem());
  EXPECT_TRUE(isModAndRefSet(Dma.getModRef(IRMemLocation::ArgMem)));
  EXPECT_EQ(M->getFunction("__accel_dma_wait")->getMemoryEffects(),
            MemoryEffects::unknown());
  MemoryEffects Mmac = M->getFunction("__accel_mmac")->getMemoryEffects();
  EXPECT_TRUE(Mmac.onlyAccessesInaccessibleOrArgMem());
  EXPECT_FALSE(isModSet(Mmac.getModRef(IRMemLocation::ArgMem)));
  EXPECT_TRUE(M->getFunction("__accel_mzero")->doesNotThrow());
}

TEST_F(IntrinsicAttrs, OperationsWithEffectsAreKeptAndPureOnesMayGo) {
  runO2();
  std::vector<std::string> Expected = {"__accel_dma_1d", "__accel_mzero",
                                       "__accel_mst"};
  EXPECT_EQ(callees(*M->getFunction("unused_results")), Expected);
}

TEST_F(IntrinsicAttrs, LoadAfterDmaWaitIsNotForwardedFromEarlierStore) {
  runO2();
  const Function &F = *M->getFunction("load_after_wait");
  const auto *Ret = cast<ReturnInst>(F.back().getTerminator());
  EXPECT_TRUE(isa<LoadInst>(Ret->getReturnValue()));
  std::vector<std::string> Expected = {"__accel_dma_1d", "__accel_dma_wait"};
  EXPECT_EQ(callees(F), Expected);
}

// SimplifyCFG would sink the two calls of each pair into one call on a phi
// of the channels (or tiles), which must be constants: the calls must stay
// apart.
TEST_F(IntrinsicAttrs, CallsOnDifferentChannelsOrTilesAreNotMerged) {
  runO2();
  std::set<std::pair<std::string, uint64_t>> Calls;
  for (const BasicBlock &BB : *M->getFunction("waits_on_either_channel"))
    for (const Instruction &I : BB)
      if (const auto *CI = dyn_cast<CallInst>(&I)) {
        std::string Name = CI->getCalledFunction()->getName().str();
        const auto *Number = dyn_cast<ConstantInt>(CI->getArgOperand(0));
        ASSERT_TRUE(Number) << Name << " on a variable";
        Calls.insert({Name, Number->getZExtValue()});
      }
  std::set<std::pair<std::string, uint64_t>> Expected = {
      {"__accel_dma_wait", 0}, {"__accel_dma_wait", 1},
      {"__accel_mzero", 0},    {"__accel_mst", 1},
      {"__accel_mst", 2}};
  EXPECT_EQ(Calls, Expected);
}

TEST_F(IntrinsicAttrs, LoadsOfOtherMemoryAreOptimizedAcrossMatmul) {
  runO2();
  unsigned Loads = 0;
  for (const Instruction &I : M->getFunction("unrelated_load")->front())
    Loads += isa<LoadInst>(I);
  EXPECT_EQ(Loads, 1u);
}

} // namespace
