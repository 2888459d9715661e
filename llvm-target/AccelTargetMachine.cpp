//===-- AccelTargetMachine.cpp - Accel target machine ---------------------===//

#include "AccelTargetMachine.h"
#include "Accel.h"
#include "AccelIntrinsics.h"
#include "AccelMachineFunctionInfo.h"
#include "AccelTargetInit.h"
#include "AccelTargetObjectFile.h"
#include "AccelTargetTransformInfo.h"
#include "TargetInfo/AccelTargetInfo.h"
#include "llvm/CodeGen/Passes.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;

AccelTargetMachine::AccelTargetMachine(const Target &T, const Triple &TT,
                                       StringRef CPU, StringRef FS,
                                       const TargetOptions &Options,
                                       std::optional<Reloc::Model> RM,
                                       std::optional<CodeModel::Model> CM,
                                       CodeGenOptLevel OL, bool JIT)
    : LLVMTargetMachine(T, getAccelDataLayout(), TT, CPU, FS, Options,
                        RM.value_or(Reloc::Static),
                        getEffectiveCodeModel(CM, CodeModel::Small), OL),
      TLOF(std::make_unique<AccelTargetObjectFile>()),
      Subtarget(TT, CPU, FS, *this) {
  // One core runs one thread: the optimizer may treat memory as no other
  // thread sees it (LICM promotes conditional stores, isSingleThreaded).
  // Set here, not left to the front end, so that clang, clang on IR input
  // (-save-temps), llc and LTO in accel-ld all compile alike.
  this->Options.ThreadModel = ThreadModel::Single;
  initAsmInfo();
}

/// The registry matches every UnknownArch triple; only "accel" gets a
/// TargetMachine, so another unknown triple fails cleanly in the tool.
static TargetMachine *createAccelTargetMachine(
    const Target &T, const Triple &TT, StringRef CPU, StringRef FS,
    const TargetOptions &Options, std::optional<Reloc::Model> RM,
    std::optional<CodeModel::Model> CM, CodeGenOptLevel OL, bool JIT) {
  if (!isAccelTriple(TT))
    return nullptr;
  return new AccelTargetMachine(T, TT, CPU, FS, Options, RM, CM, OL, JIT);
}

MachineFunctionInfo *AccelTargetMachine::createMachineFunctionInfo(
    BumpPtrAllocator &Allocator, const Function &F,
    const TargetSubtargetInfo *STI) const {
  return AccelMachineFunctionInfo::create<AccelMachineFunctionInfo>(Allocator,
                                                                    F, STI);
}

/// The optimizer learns the memory effects of the __accel_* functions at the
/// start of every pipeline (clang -O*, opt -O*), and opt can run the pass
/// alone as -passes=accel-intrinsic-attrs.
void AccelTargetMachine::registerPassBuilderCallbacks(PassBuilder &PB) {
  PB.registerPipelineStartEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(AccelIntrinsicAttrsPass());
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != "accel-intrinsic-attrs")
          return false;
        MPM.addPass(AccelIntrinsicAttrsPass());
        return true;
      });
}

TargetTransformInfo
AccelTargetMachine::getTargetTransformInfo(const Function &F) const {
  return TargetTransformInfo(AccelTTIImpl(this, F));
}

static cl::opt<bool>
    EnablePacketizer("accel-packetizer", cl::Hidden, cl::init(true),
                     cl::desc("Bundle independent instructions (-O1 and up; "
                              "false: one instruction per bundle)"));

namespace {
class AccelPassConfig : public TargetPassConfig {
public:
  AccelPassConfig(AccelTargetMachine &TM, PassManagerBase &PM)
      : TargetPassConfig(TM, PM) {
    // The machine scheduler after register allocation too: it uses the
    // itineraries' hazards and latencies, and puts independent
    // instructions next to each other for the packetizer.
    substitutePass(&PostRASchedulerID, &PostMachineSchedulerID);
  }

  AccelTargetMachine &getAccelTargetMachine() const {
    return getTM<AccelTargetMachine>();
  }
  void addIRPasses() override {
    addPass(createAccelUnsupportedIRPass());
    addPass(createAccelConstrainedFPPass());
    addPass(createAtomicExpandLegacyPass());
    TargetPassConfig::addIRPasses();
  }
  bool addInstSelector() override {
    addPass(createAccelISelDag(getAccelTargetMachine(), getOptLevel()));
    return false;
  }
  // Bundles are formed last: nothing after this pass moves instructions.
  void addPreEmitPass2() override {
    if (getOptLevel() != CodeGenOptLevel::None && EnablePacketizer)
      addPass(createAccelPacketizerPass());
  }
};
} // namespace

TargetPassConfig *AccelTargetMachine::createPassConfig(PassManagerBase &PM) {
  return new AccelPassConfig(*this, PM);
}

extern "C" LLVM_EXTERNAL_VISIBILITY void LLVMInitializeAccelTarget() {
  TargetRegistry::RegisterTargetMachine(getTheAccelTarget(),
                                       createAccelTargetMachine);
  PassRegistry &PR = *PassRegistry::getPassRegistry();
  initializeAccelDAGToDAGISelLegacyPass(PR);
  initializeAccelUnsupportedIRPass(PR);
  initializeAccelConstrainedFPPass(PR);
  initializeAccelPacketizerPass(PR);
}

namespace {
/// Registers the whole target when the library is loaded, so Debian's llc
/// can use it as a plugin (llc --load=libAccelTarget.so). Registration is
/// idempotent, so tools that also call the initializers are unaffected.
struct RegisterOnLoad {
  RegisterOnLoad() {
    initializeAccelMC();
    LLVMInitializeAccelTarget();
    LLVMInitializeAccelAsmPrinter();
  }
} TheRegistration;
} // namespace
