//===-- AccelUnits.h - Accel functional units -------------------*- C++ -*-===//
//
// The functional units of AccelSchedule.td. An itinerary stage's unit mask has
// bit N set for the Nth unit of the ProcessorItineraries list, which is the
// order of this enum: AccelMCTargetDesc.cpp checks it against the generated
// masks at compile time.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_ACCEL_MCTARGETDESC_ACCELUNITS_H
#define LLVM_LIB_TARGET_ACCEL_MCTARGETDESC_ACCELUNITS_H

#include <cstdint>

namespace llvm {
namespace Accel {

enum Unit : unsigned {
  ALU0,
  ALU1,
  LSU0,
  LSU1,
  VPU,
  MXU,
  MXM,
  DMA,
  VSE,
  NumUnits
};

inline const char *getUnitName(unsigned U) {
  static const char *const Names[NumUnits] = {
      "ALU0", "ALU1", "LSU0", "LSU1", "VPU", "MXU", "MXM", "DMA", "VSE"};
  return U < NumUnits ? Names[U] : "?";
}

/// The first unit in an itinerary stage's unit mask.
inline Unit getFirstUnit(uint64_t Mask) {
  for (unsigned U = 0; U != NumUnits; ++U)
    if (Mask & (uint64_t(1) << U))
      return Unit(U);
  return NumUnits;
}

} // namespace Accel
} // namespace llvm

#endif
