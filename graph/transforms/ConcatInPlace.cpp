//===-- ConcatInPlace.cpp - Concatenations their producers write ----------===//
//
// findConcatParts (ConcatInPlace.h), for -accel-plan-memory: the skip
// connection's concat of a UNet decoder (the upsampled path's conv and the
// encoder's activation along the channels) then costs no call and no pass
// over memory.
//
//===----------------------------------------------------------------------===//

#include "transforms/ConcatInPlace.h"
#include "dialect/AccelGraphDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace accel::graph;

namespace {

constexpr int64_t PartAlignment = 64;

/// Whether V's producer may write it anywhere: an op of one result that
/// is not a view, a constant or a concat.
bool writableByProducer(Value V, const ViewPlan &Plan) {
  Operation *Def = V.getDefiningOp();
  return Def && Def->getNumResults() == 1 &&
         !isa<arith::ConstantOp, ReshapeOp, ConcatOp>(Def) &&
         !Plan.Views.count(Def) && !Plan.StoredStrides.count(Def);
}

} // namespace

DenseMap<Value, ConcatPart>
accel::graph::findConcatParts(Block &Body, const ViewPlan &Plan) {
  DenseMap<Value, ConcatPart> Parts;
  for (Operation &Op : Body) {
    auto Concat = dyn_cast<ConcatOp>(Op);
    if (!Concat)
      continue;
    ArrayRef<int64_t> Shape = shapeOf(Concat.getResult());
    int64_t Axis = Concat.getAxis(), Outer = 1;
    for (int64_t D = 0; D < Axis; ++D)
      Outer *= Shape[D];
    if (Outer != 1)
      continue;
    SmallVector<std::pair<Value, int64_t>, 4> Mine;
    int64_t Offset = 0;
    bool Ok = true;
    for (Value In : Concat.getInputs()) {
      Ok = Ok && Offset % PartAlignment == 0 &&
           llvm::none_of(Mine, [&](auto &P) { return P.first == In; }) &&
           !Parts.count(In) && writableByProducer(In, Plan);
      Mine.push_back({In, Offset});
      Offset += getTensorBytes(In);
    }
    if (!Ok)
      continue;
    for (auto [In, At] : Mine)
      Parts[In] = ConcatPart{&Op, At};
  }
  return Parts;
}
