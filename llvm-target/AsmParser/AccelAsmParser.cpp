//===-- AccelAsmParser.cpp - Parse Accel assembly into bundles ------------===//
//
// Statements are instructions; ';' separates statements, so a bundle
//   { add r1, r2, r3 ; ld.i64 r4, 8(r5) }
// arrives as the statements "{ add r1, r2, r3" and "ld.i64 r4, 8(r5) }".
// The generic parser hands a leading '{' or '}' to us as the mnemonic. We
// collect matched instructions until the closing '}', check the bundle's
// issue rules, and emit one BUNDLE MCInst. An instruction outside braces is
// emitted as a bundle of one.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/AccelBundleChecker.h"
#include "MCTargetDesc/AccelMCTargetDesc.h"
#include "MCTargetDesc/AccelSectionSizeCheck.h"
#include "TargetInfo/AccelTargetInfo.h"
#include "llvm/CodeGen/TargetOpcodes.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCParser/MCAsmLexer.h"
#include "llvm/MC/MCParser/MCParsedAsmOperand.h"
#include "llvm/MC/MCParser/MCTargetAsmParser.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/Casting.h"

using namespace llvm;

namespace {

class AccelOperand : public MCParsedAsmOperand {
  enum KindTy { Token, Register, Immediate } Kind;
  StringRef Tok;
  MCRegister Reg;
  const MCExpr *Imm = nullptr;
  SMLoc StartLoc, EndLoc;

  AccelOperand(KindTy K, SMLoc S, SMLoc E) : Kind(K), StartLoc(S), EndLoc(E) {}

public:
  static std::unique_ptr<AccelOperand> createToken(StringRef Str, SMLoc S) {
    auto Op = std::unique_ptr<AccelOperand>(new AccelOperand(Token, S, S));
    Op->Tok = Str;
    return Op;
  }
  static std::unique_ptr<AccelOperand> createReg(MCRegister R, SMLoc S,
                                                 SMLoc E) {
    auto Op = std::unique_ptr<AccelOperand>(new AccelOperand(Register, S, E));
    Op->Reg = R;
    return Op;
  }
  static std::unique_ptr<AccelOperand> createImm(const MCExpr *Val, SMLoc S,
                                                 SMLoc E) {
    auto Op = std::unique_ptr<AccelOperand>(new AccelOperand(Immediate, S, E));
    Op->Imm = Val;
    return Op;
  }

  bool isToken() const override { return Kind == Token; }
  bool isReg() const override { return Kind == Register; }
  bool isImm() const override { return Kind == Immediate; }
  bool isMem() const override { return false; }

  /// An immediate in [Lo, Hi]; a relocatable expression where the operand
  /// can carry a fixup.
  template <int64_t Lo, int64_t Hi, bool AllowExpr>
  bool isImmInRange() const {
    if (!isImm())
      return false;
    if (const auto *CE = dyn_cast<MCConstantExpr>(Imm))
      return CE->getValue() >= Lo && CE->getValue() <= Hi;
    return AllowExpr;
  }

  StringRef getToken() const {
    assert(isToken());
    return Tok;
  }
  MCRegister getReg() const override {
    assert(isReg());
    return Reg;
  }
  SMLoc getStartLoc() const override { return StartLoc; }
  SMLoc getEndLoc() const override { return EndLoc; }

  void addRegOperands(MCInst &Inst, unsigned N) const {
    Inst.addOperand(MCOperand::createReg(getReg()));
  }
  void addImmOperands(MCInst &Inst, unsigned N) const {
    if (const auto *CE = dyn_cast<MCConstantExpr>(Imm))
      Inst.addOperand(MCOperand::createImm(CE->getValue()));
    else
      Inst.addOperand(MCOperand::createExpr(Imm));
  }

  void print(raw_ostream &OS) const override {
    switch (Kind) {
    case Token:
      OS << "'" << Tok << "'";
      break;
    case Register:
      OS << "<register " << Reg.id() << ">";
      break;
    case Immediate:
      OS << *Imm;
      break;
    }
  }
};

class AccelAsmParser : public MCTargetAsmParser {
  /// The bundle being collected between '{' and '}'.
  struct PendingInst {
    MCInst Inst;
    SMLoc Loc;
  };
  bool InBundle = false;
  SMLoc BundleLoc;
  SmallVector<PendingInst, 4> Bundle;
  /// Set when the statement just parsed ended with '}'.
  bool CloseAfterStatement = false;
  /// An instruction of the open bundle had an error (already reported).
  bool BundleHadError = false;

#define GET_ASSEMBLER_HEADER
#include "AccelGenAsmMatcher.inc"

  bool parseOperand(OperandVector &Operands);
  bool parseOperands(OperandVector &Operands);
  /// Skips the rest of a statement that had an error, closing the open
  /// bundle if the statement closed it, so one error does not cascade.
  void recoverInBundle();
  ParseStatus tryParseRegisterOperand(OperandVector &Operands);
  bool emitBundle(MCStreamer &Out);

public:
  enum AccelMatchResultTy {
    Match_Dummy = FIRST_TARGET_MATCH_RESULT_TY,
#define GET_OPERAND_DIAGNOSTIC_TYPES
#include "AccelGenAsmMatcher.inc"
  };

  AccelAsmParser(const MCSubtargetInfo &STI, MCAsmParser &Parser,
                 const MCInstrInfo &MII, const MCTargetOptions &Options)
      : MCTargetAsmParser(Options, STI, MII) {
    setAvailableFeatures(ComputeAvailableFeatures(STI.getFeatureBits()));
  }

  bool parseRegister(MCRegister &Reg, SMLoc &StartLoc, SMLoc &EndLoc) override;
  ParseStatus tryParseRegister(MCRegister &Reg, SMLoc &StartLoc,
                               SMLoc &EndLoc) override;
  bool ParseInstruction(ParseInstructionInfo &Info, StringRef Name,
                        SMLoc NameLoc, OperandVector &Operands) override;
  bool MatchAndEmitInstruction(SMLoc IDLoc, unsigned &Opcode,
                               OperandVector &Operands, MCStreamer &Out,
                               uint64_t &ErrorInfo,
                               bool MatchingInlineAsm) override;
  void doBeforeLabelEmit(MCSymbol *Symbol, SMLoc IDLoc) override;
  void onEndOfFile() override;
};

} // namespace

#define GET_REGISTER_MATCHER
#define GET_SUBTARGET_FEATURE_NAME
#define GET_MATCHER_IMPLEMENTATION
#define GET_MNEMONIC_SPELL_CHECKER
#include "AccelGenAsmMatcher.inc"

ParseStatus AccelAsmParser::tryParseRegister(MCRegister &Reg, SMLoc &StartLoc,
                                             SMLoc &EndLoc) {
  const AsmToken &Tok = getLexer().getTok();
  if (Tok.isNot(AsmToken::Identifier))
    return ParseStatus::NoMatch;
  Reg = MatchRegisterName(Tok.getString());
  if (!Reg)
    return ParseStatus::NoMatch;
  StartLoc = Tok.getLoc();
  EndLoc = Tok.getEndLoc();
  getLexer().Lex();
  return ParseStatus::Success;
}

bool AccelAsmParser::parseRegister(MCRegister &Reg, SMLoc &StartLoc,
                                   SMLoc &EndLoc) {
  if (!tryParseRegister(Reg, StartLoc, EndLoc).isSuccess())
    return Error(getLexer().getLoc(), "expected a register");
  return false;
}

ParseStatus AccelAsmParser::tryParseRegisterOperand(OperandVector &Operands) {
  MCRegister Reg;
  SMLoc S, E;
  ParseStatus Res = tryParseRegister(Reg, S, E);
  if (Res.isSuccess())
    Operands.push_back(AccelOperand::createReg(Reg, S, E));
  return Res;
}

/// Operands are registers, immediates or symbol expressions, and the memory
/// form "offset(base)", which becomes Imm, '(', Reg, ')'.
bool AccelAsmParser::parseOperand(OperandVector &Operands) {
  if (tryParseRegisterOperand(Operands).isSuccess())
    return false;

  SMLoc S = getLexer().getLoc();
  if (getLexer().is(AsmToken::LParen)) {
    // "(base)" with the offset omitted means offset 0.
    Operands.push_back(AccelOperand::createImm(
        MCConstantExpr::create(0, getContext()), S, S));
  } else {
    const MCExpr *Expr;
    SMLoc E;
    if (getParser().parseExpression(Expr, E))
      return true;
    Operands.push_back(AccelOperand::createImm(Expr, S, E));
    if (getLexer().isNot(AsmToken::LParen))
      return false;
  }

  Operands.push_back(AccelOperand::createToken("(", getLexer().getLoc()));
  getLexer().Lex();
  if (!tryParseRegisterOperand(Operands).isSuccess())
    return Error(getLexer().getLoc(), "expected a base register");
  if (getLexer().isNot(AsmToken::RParen))
    return Error(getLexer().getLoc(), "expected ')'");
  Operands.push_back(AccelOperand::createToken(")", getLexer().getLoc()));
  getLexer().Lex();
  return false;
}

bool AccelAsmParser::ParseInstruction(ParseInstructionInfo &Info,
                                      StringRef Name, SMLoc NameLoc,
                                      OperandVector &Operands) {
  CloseAfterStatement = false;
  MCAsmLexer &Lexer = getLexer();

  if (Name == "{") {
    if (InBundle) {
      // The statement fails; a '}' later in it closes the open bundle.
      Error(NameLoc, "bundles cannot nest: '{' inside a bundle");
      recoverInBundle();
      return true;
    }
    InBundle = true;
    BundleHadError = false;
    BundleLoc = NameLoc;
    Bundle.clear();
    if (Lexer.is(AsmToken::EndOfStatement)) {
      Lexer.Lex();
      return false; // Instructions follow on later lines.
    }
    if (Lexer.is(AsmToken::RCurly)) {
      Error(Lexer.getLoc(), "empty bundle");
      CloseAfterStatement = true;
      recoverInBundle();
      return true;
    }
    if (Lexer.isNot(AsmToken::Identifier)) {
      Error(Lexer.getLoc(), "expected an instruction after '{'");
      recoverInBundle();
      return true;
    }
    Name = Lexer.getTok().getIdentifier();
    NameLoc = Lexer.getLoc();
    Lexer.Lex();
  } else if (Name == "}") {
    if (!InBundle)
      return Error(NameLoc, "'}' without an open bundle");
    CloseAfterStatement = true;
    if (Lexer.isNot(AsmToken::EndOfStatement)) {
      Error(Lexer.getLoc(), "unexpected token after '}'");
      recoverInBundle();
      return true;
    }
    Lexer.Lex();
    return false;
  }

  Operands.push_back(AccelOperand::createToken(Name, NameLoc));
  if (parseOperands(Operands)) {
    recoverInBundle();
    return true;
  }
  Lexer.Lex(); // The end of statement.
  return false;
}

bool AccelAsmParser::parseOperands(OperandVector &Operands) {
  MCAsmLexer &Lexer = getLexer();
  bool First = true;
  while (Lexer.isNot(AsmToken::EndOfStatement)) {
    if (Lexer.is(AsmToken::RCurly)) {
      if (!InBundle)
        return Error(Lexer.getLoc(), "'}' without an open bundle");
      CloseAfterStatement = true;
      Lexer.Lex();
      if (Lexer.isNot(AsmToken::EndOfStatement))
        return Error(Lexer.getLoc(), "unexpected token after '}'");
      return false;
    }
    if (!First) {
      if (Lexer.isNot(AsmToken::Comma))
        return Error(Lexer.getLoc(), "expected ',' between operands");
      Lexer.Lex();
    }
    if (parseOperand(Operands))
      return true;
    First = false;
  }
  return false;
}

void AccelAsmParser::recoverInBundle() {
  BundleHadError = true;
  MCAsmLexer &Lexer = getLexer();
  while (Lexer.isNot(AsmToken::EndOfStatement) && Lexer.isNot(AsmToken::Eof)) {
    if (Lexer.is(AsmToken::RCurly))
      CloseAfterStatement = true;
    Lexer.Lex();
  }
  if (CloseAfterStatement) {
    InBundle = false;
    Bundle.clear();
  }
}

bool AccelAsmParser::MatchAndEmitInstruction(SMLoc IDLoc, unsigned &Opcode,
                                             OperandVector &Operands,
                                             MCStreamer &Out,
                                             uint64_t &ErrorInfo,
                                             bool MatchingInlineAsm) {
  if (!Operands.empty()) {
    MCInst Inst;
    SMLoc InstLoc = Operands[0]->getStartLoc();
    unsigned Result =
        MatchInstructionImpl(Operands, Inst, ErrorInfo, MatchingInlineAsm);
    if (Result != Match_Success) {
      BundleHadError = true;
      if (CloseAfterStatement) {
        InBundle = false;
        Bundle.clear();
      }
    }
    if (Result == Match_MnemonicFail) {
      auto &Op = static_cast<AccelOperand &>(*Operands[0]);
      std::string Suggestion =
          AccelMnemonicSpellCheck(Op.getToken(), getAvailableFeatures(), 0);
      return Error(InstLoc, "unknown instruction mnemonic '" + Op.getToken() +
                                "'" + Suggestion);
    }
    if (Result != Match_Success) {
      // ErrorInfo is the index of the offending operand, if known.
      SMLoc Loc = ErrorInfo < Operands.size()
                      ? Operands[ErrorInfo]->getStartLoc()
                      : InstLoc;
      if (Result == Match_InvalidOperand && ErrorInfo != ~0ULL &&
          ErrorInfo >= Operands.size())
        return Error(InstLoc, "too few operands for instruction");
      const char *Diag =
          getMatchKindDiag(static_cast<AccelMatchResultTy>(Result));
      return Error(Loc, Diag ? Diag : "invalid operand for instruction");
    }
    Inst.setLoc(InstLoc);
    Bundle.push_back({Inst, InstLoc});
  }

  if (InBundle && !CloseAfterStatement)
    return false;
  InBundle = false;
  CloseAfterStatement = false;
  return emitBundle(Out);
}

bool AccelAsmParser::emitBundle(MCStreamer &Out) {
  if (Bundle.empty())
    // Instructions that failed have been reported; do not add to that.
    return BundleHadError ? true : Error(BundleLoc, "empty bundle");
  SmallVector<const MCInst *, 4> Insts;
  for (const PendingInst &P : Bundle)
    Insts.push_back(&P.Inst);
  if (auto V = Accel::checkBundle(Insts, MII, *getContext().getRegisterInfo(),
                                  getSTI())) {
    SMLoc Loc = V->Index < Bundle.size() ? Bundle[V->Index].Loc : BundleLoc;
    Bundle.clear();
    return Error(Loc, V->Message);
  }

  MCInst B;
  B.setOpcode(TargetOpcode::BUNDLE);
  B.setLoc(Bundle.front().Loc);
  for (const PendingInst &P : Bundle)
    B.addOperand(MCOperand::createInst(new (getContext()) MCInst(P.Inst)));
  Bundle.clear();
  Out.emitInstruction(B, getSTI());
  return false;
}

void AccelAsmParser::doBeforeLabelEmit(MCSymbol *Symbol, SMLoc IDLoc) {
  if (InBundle)
    Error(IDLoc, "a label cannot be defined inside a bundle");
}

void AccelAsmParser::onEndOfFile() {
  if (InBundle)
    Error(BundleLoc, "bundle is not closed with '}'");
  // Before the streamer writes sections: a section larger than any memory
  // would take the host's disk and time first. Only an object streamer has
  // sections to check.
  if (const MCAssembler *Asm = getStreamer().getAssemblerPtr())
    reportOversizedSections(
        [&](SMLoc Loc, const Twine &Msg) {
          Error(Loc.isValid() ? Loc : getTok().getLoc(), Msg);
        },
        *Asm);
}

extern "C" LLVM_EXTERNAL_VISIBILITY void LLVMInitializeAccelAsmParser() {
  RegisterMCAsmParser<AccelAsmParser> X(getTheAccelTarget());
}
