//===-- AccelTargetTransformInfo.cpp - Accel cost model -------------------===//

#include "AccelTargetTransformInfo.h"
#include "MCTargetDesc/AccelMachineParams.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;

#define DEBUG_TYPE "accel-tti"

static cl::opt<unsigned> MaxInterleave(
    "accel-max-interleave", cl::Hidden, cl::init(4),
    cl::desc("Most vector iterations the loop vectorizer may interleave "
             "(default 4)"));

/// r0 (zero), r29 (frame pointer when used) and r30 (stack pointer) never
/// hold values; every vector register does.
unsigned AccelTTIImpl::getNumberOfRegisters(unsigned ClassID) const {
  bool Vector = ClassID == getRegisterClassForType(/*Vector=*/true);
  return Vector ? Accel::VRRegClass.getNumRegs()
                : Accel::GPRRegClass.getNumRegs() - 3;
}

TypeSize
AccelTTIImpl::getRegisterBitWidth(TargetTransformInfo::RegisterKind K) const {
  switch (K) {
  case TargetTransformInfo::RGK_Scalar:
    return TypeSize::getFixed(64);
  case TargetTransformInfo::RGK_FixedWidthVector:
    return TypeSize::getFixed(AccelParam::VectorLanes * 32);
  case TargetTransformInfo::RGK_ScalableVector:
    return TypeSize::getScalable(0);
  }
  llvm_unreachable("unknown register kind");
}

/// Narrower vectors are split into scalars (see getPreferredVectorAction),
/// so the SLP vectorizer gains nothing below the full 16 lanes.
unsigned AccelTTIImpl::getMinVectorRegisterBitWidth() const {
  return AccelParam::VectorLanes * 32;
}

/// A DRAM load takes 40 cycles and the load/store unit accepts one access a
/// bundle: several vector iterations in flight hide that latency.
unsigned AccelTTIImpl::getMaxInterleaveFactor(ElementCount VF) const {
  return MaxInterleave;
}

/// Keep the reductions the vector unit does in one instruction (vredsum,
/// vredmax) for instruction selection; LLVM expands the others in IR.
bool AccelTTIImpl::shouldExpandReduction(const IntrinsicInst *II) const {
  Type *Ty = II->getArgOperand(II->arg_size() - 1)->getType();
  auto *VTy = dyn_cast<FixedVectorType>(Ty);
  if (!VTy || VTy->getNumElements() != 16)
    return true;
  Type *Lane = VTy->getElementType();
  switch (II->getIntrinsicID()) {
  case Intrinsic::vector_reduce_fadd:
    // vredsum.f32 adds in a fixed tree, an order only reassoc permits.
    return !(Lane->isFloatTy() && II->hasAllowReassoc());
  case Intrinsic::vector_reduce_fmax:
  case Intrinsic::vector_reduce_fmin:
    return !Lane->isFloatTy();
  case Intrinsic::vector_reduce_add:
  case Intrinsic::vector_reduce_smax:
  case Intrinsic::vector_reduce_smin:
  case Intrinsic::vector_reduce_umax:
  case Intrinsic::vector_reduce_umin:
    return !Lane->isIntegerTy(32);
  default:
    return true;
  }
}

/// An in-order VLIW machine finds parallelism only within a bundle window:
/// unrolling gives the scheduler and packetizer independent work, and
/// overlaps the latency of loads.
void AccelTTIImpl::getUnrollingPreferences(
    Loop *L, ScalarEvolution &SE, TargetTransformInfo::UnrollingPreferences &UP,
    OptimizationRemarkEmitter *ORE) {
  BaseT::getUnrollingPreferences(L, SE, UP, ORE);
  UP.Partial = true;
  UP.Runtime = true;
}
