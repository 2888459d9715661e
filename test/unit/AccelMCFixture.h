//===-- AccelMCFixture.h - MC objects for Accel unit tests ------*- C++ -*-===//

#ifndef ACCEL_TEST_UNIT_ACCELMCFIXTURE_H
#define ACCEL_TEST_UNIT_ACCELMCFIXTURE_H

#include "AccelMCObjects.h"
#include "MCTargetDesc/AccelMCTargetDesc.h"
#include "llvm/CodeGen/TargetOpcodes.h"
#include "llvm/MC/MCAsmBackend.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCCodeEmitter.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCDisassembler/MCDisassembler.h"
#include "llvm/MC/MCFixup.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/MC/TargetRegistry.h"
#include "gtest/gtest.h"

/// The Accel MC layer as the tools create it, plus an encoder and decoder.
class AccelMCTest : public ::testing::Test {
protected:
  llvm::AccelMCObjects MC;
  const llvm::Target *T = MC.TheTarget;
  llvm::MCTargetOptions &Options = MC.Options;
  llvm::MCRegisterInfo *MRI = MC.MRI.get();
  llvm::MCSubtargetInfo *STI = MC.STI.get();
  llvm::MCInstrInfo *MII = MC.MII.get();
  std::unique_ptr<llvm::MCCodeEmitter> Emitter = MC.createCodeEmitter();
  std::unique_ptr<llvm::MCDisassembler> Dis = MC.createDisassembler();

  /// Encodes \p MI (an instruction or a BUNDLE) to bytes.
  llvm::SmallVector<char, 32> encode(const llvm::MCInst &MI) {
    llvm::SmallVector<char, 32> Bytes;
    llvm::SmallVector<llvm::MCFixup, 4> Fixups;
    Emitter->encodeInstruction(MI, Bytes, Fixups, *STI);
    return Bytes;
  }

  /// Is \p Opcode a real Accel instruction (not a generic/pseudo opcode)?
  bool isAccelInstruction(unsigned Opcode) const {
    const llvm::MCInstrDesc &Desc = MII->get(Opcode);
    return Desc.getSize() == 8 && !Desc.isPseudo();
  }
};

#endif
