//===-- SemanticsCoverage.cpp - which opcodes have semantics --------------===//
//
// The same SEMANTICS entries Execute.cpp dispatches on, as a list, so that a
// test can check every instruction of the generated tables against it.
//
//===----------------------------------------------------------------------===//

#include "SemanticsCoverage.h"
#include "MCTargetDesc/AccelMCTargetDesc.h"
#include <algorithm>
#include <iterator>

using namespace accel_sim;
namespace A = llvm::Accel;

#define SEMANTICS(Opcode, ...) A::Opcode,
static const unsigned OpcodesWithSemantics[] = {
#include "semantics/control.inc"
#include "semantics/dma.inc"
#include "semantics/float.inc"
#include "semantics/integer.inc"
#include "semantics/matrix.inc"
#include "semantics/memory.inc"
#include "semantics/stream.inc"
#include "semantics/vector.inc"
};

bool accel_sim::hasSemantics(unsigned Opcode) {
  return std::find(std::begin(OpcodesWithSemantics),
                   std::end(OpcodesWithSemantics),
                   Opcode) != std::end(OpcodesWithSemantics);
}
