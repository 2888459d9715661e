//===-- AccelBaseInfo.h - Accel encoding and ELF constants ------*- C++ -*-===//
//
// Facts about the instruction word and the object format shared by the MC
// layer, the linker, the objdump and the simulator.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_ACCEL_MCTARGETDESC_ACCELBASEINFO_H
#define LLVM_LIB_TARGET_ACCEL_MCTARGETDESC_ACCELBASEINFO_H

#include "MCTargetDesc/AccelMachineParams.h"
#include <cstdint>

namespace llvm {
namespace Accel {

/// Bit 63 of an instruction word marks the last word of a bundle.
constexpr uint64_t EndOfBundleBit = uint64_t(1) << 63;
constexpr unsigned InstrBytes = AccelParam::InstrBytes;
constexpr unsigned MaxBundleSize = AccelParam::MaxBundleSize;

/// The ELF e_machine value of Accel objects (not assigned by any registry;
/// chosen far above the assigned range).
constexpr uint16_t EM_ACCEL = 0xACCE;

/// Relocation types (ELF64 RELA).
enum RelocType : uint32_t {
#define ELF_RELOC(Name, Value) Name = Value,
#include "MCTargetDesc/AccelELFRelocs.def"
#undef ELF_RELOC
};

/// The name of relocation type \p Type, or nullptr if there is none.
const char *getRelocTypeName(uint32_t Type);

} // namespace Accel
} // namespace llvm

#endif
