//===-- AccelMCFixture.h - MC objects for Accel unit tests ------*- C++ -*-===//

#ifndef ACCEL_TEST_UNIT_ACCELMCFIXTURE_H
#define ACCEL_TEST_UNIT_ACCELMCFIXTURE_H

#include "AccelTargetInit.h"
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

/// Creates the Accel MC layer the way the tools do.
class AccelMCTest : public ::testing::Test {
protected:
  llvm::Triple TT{llvm::Triple::normalize("accel")};
  const llvm::Target *T = nullptr;
  llvm::MCTargetOptions Options;
  std::unique_ptr<llvm::MCRegisterInfo> MRI;
  std::unique_ptr<llvm::MCAsmInfo> MAI;
  std::unique_ptr<llvm::MCSubtargetInfo> STI;
  std::unique_ptr<llvm::MCInstrInfo> MII;
  std::unique_ptr<llvm::MCContext> Ctx;
  std::unique_ptr<llvm::MCCodeEmitter> Emitter;
  std::unique_ptr<llvm::MCDisassembler> Dis;

  void SetUp() override {
    llvm::initializeAccelMC();
    std::string Error;
    T = llvm::TargetRegistry::lookupTarget("accel", TT, Error);
    ASSERT_NE(T, nullptr) << Error;
    MRI.reset(T->createMCRegInfo(TT.str()));
    MAI.reset(T->createMCAsmInfo(*MRI, TT.str(), Options));
    STI.reset(T->createMCSubtargetInfo(TT.str(), "generic", ""));
    MII.reset(T->createMCInstrInfo());
    Ctx = std::make_unique<llvm::MCContext>(TT, MAI.get(), MRI.get(),
                                            STI.get());
    Emitter.reset(T->createMCCodeEmitter(*MII, *Ctx));
    Dis.reset(T->createMCDisassembler(*STI, *Ctx));
  }

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
