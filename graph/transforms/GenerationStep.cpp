//===-- GenerationStep.cpp - A decoder step with its KV cache in place ----===//
//
// -accel-generation-step (Passes.td): a decoder-with-past's function as a
// generation program calls it, step after step, with one cache per past
// argument that lives across the calls.
//
//   %present = accel.concat %past, %new {axis = 2}   (returned)
//     becomes
//   %present = accel.cache_write %new into %cache at %position {axis = 2}
//
// where %cache is the past argument retyped to the whole cache (max-length
// rows along the axis) and %position a new last argument. The present's
// readers (the attention) must take it strided: it is a view of the
// cache's first rows. The function then returns only the greedy token of
// each sequence's last position.
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"
#include "transforms/Passes.h"
#include "transforms/Views.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

namespace accel::graph {
#define GEN_PASS_DEF_GENERATIONSTEPPASS
#include "transforms/Passes.h.inc"
} // namespace accel::graph

using namespace mlir;
using namespace accel::graph;

namespace {

/// A past argument and the concat that appends the step's rows to it.
struct CachePair {
  BlockArgument Past;
  ConcatOp Present;
};

struct GenerationStepPass
    : accel::graph::impl::GenerationStepPassBase<GenerationStepPass> {
  using GenerationStepPassBase::GenerationStepPassBase;
  void runOnOperation() override;

private:
  /// The arguments read only by a two-input concat as its first input,
  /// the concat returned.
  SmallVector<CachePair> findCaches(func::FuncOp F, func::ReturnOp Return);
  /// Whether every reader of \p Present but the return takes it as a
  /// strided view of a cache of \p CacheShape; reports the first that
  /// does not.
  LogicalResult checkReaders(ConcatOp Present, ArrayRef<int64_t> CacheShape,
                             func::ReturnOp Return);
};

SmallVector<CachePair> GenerationStepPass::findCaches(func::FuncOp F,
                                                      func::ReturnOp Return) {
  SmallVector<CachePair> Caches;
  for (BlockArgument Arg : F.getArguments()) {
    if (!Arg.hasOneUse())
      continue;
    auto Concat = dyn_cast<ConcatOp>(*Arg.getUsers().begin());
    if (!Concat || Concat.getInputs().size() != 2 ||
        Concat.getInputs()[0] != Arg ||
        !llvm::is_contained(Return.getOperands(), Concat.getResult()))
      continue;
    Caches.push_back({Arg, Concat});
  }
  return Caches;
}

LogicalResult GenerationStepPass::checkReaders(ConcatOp Present,
                                               ArrayRef<int64_t> CacheShape,
                                               func::ReturnOp Return) {
  SmallVector<int64_t, 6> Strides = contiguousStrides(CacheShape);
  for (Operation *User : Present->getUsers()) {
    if (User == Return.getOperation())
      continue;
    // A transpose, slice or reshape would become a view of a contiguous
    // value (Views.cpp): not of the cache's strides.
    auto Strided = dyn_cast<StridedOperandsOpInterface>(User);
    if (!Strided || isa<TransposeOp, SliceOp, ReshapeOp>(User) ||
        !Strided.takesStridedOperand(Present.getResult(), Strides))
      return User->emitError("reads the KV cache's present as '")
             << User->getName()
             << "', which cannot take it where it lies in the cache";
  }
  return success();
}

void GenerationStepPass::runOnOperation() {
  func::FuncOp F = getOperation();
  if (maxLength <= 0) {
    F.emitError("-accel-generation-step needs max-length > 0");
    return signalPassFailure();
  }
  if (!F.getBody().hasOneBlock())
    return;
  auto Return = cast<func::ReturnOp>(F.getBody().front().getTerminator());
  SmallVector<CachePair> Caches = findCaches(F, Return);
  if (Caches.empty()) {
    F.emitError("has no past key or value argument that a concat with the "
                "step's rows returns as the present: not a decoder with past "
                "(docs/llm.md)");
    return signalPassFailure();
  }
  Value Logits = Return.getNumOperands() ? Return.getOperand(0) : Value();
  auto LogitsType =
      Logits ? dyn_cast<RankedTensorType>(Logits.getType()) : nullptr;
  if (!LogitsType || LogitsType.getRank() != 3 ||
      !LogitsType.getElementType().isF32()) {
    F.emitError("must return the logits [batch, sequence, vocabulary] (f32) "
                "first");
    return signalPassFailure();
  }

  OpBuilder B(F.getContext());
  Type I64 = B.getI64Type();
  auto PositionType = RankedTensorType::get({1}, I64);
  unsigned PositionIndex = F.getNumArguments();
  F.insertArgument(PositionIndex, PositionType, {}, F.getLoc());
  Value Position = F.getArgument(PositionIndex);

  for (auto [Past, Present] : Caches) {
    int64_t Axis = Present.getAxis();
    auto PresentType = cast<RankedTensorType>(Present.getType());
    if (PresentType.getDimSize(Axis) > maxLength) {
      Present.emitError("appends to a past of ")
          << PresentType.getDimSize(Axis) << " rows in all, more than the "
          << "cache's " << int64_t(maxLength);
      return signalPassFailure();
    }
    SmallVector<int64_t> CacheShape(PresentType.getShape());
    CacheShape[Axis] = maxLength;
    if (failed(checkReaders(Present, CacheShape, Return)))
      return signalPassFailure();
    Past.setType(
        RankedTensorType::get(CacheShape, PresentType.getElementType()));
    F.setArgAttr(Past.getArgNumber(), "accel.kv_cache", B.getUnitAttr());
    B.setInsertionPoint(Present);
    Value Written = B.create<CacheWriteOp>(
        Present.getLoc(), PresentType, Past, Present.getInputs()[1], Position,
        B.getI64IntegerAttr(Axis));
    Present.getResult().replaceAllUsesWith(Written);
    Present.erase();
  }

  // The greedy token of each sequence's last position.
  B.setInsertionPoint(Return);
  int64_t Batch = LogitsType.getDimSize(0), Steps = LogitsType.getDimSize(1),
          Vocab = LogitsType.getDimSize(2);
  Location Loc = Logits.getLoc();
  Value Last = B.create<SliceOp>(
      Loc, RankedTensorType::get({Batch, 1, Vocab}, B.getF32Type()), Logits,
      B.getDenseI64ArrayAttr({0, Steps - 1, 0}),
      B.getDenseI64ArrayAttr({1, 1, 1}));
  Value Token = B.create<ArgReduceOp>(
      Loc, RankedTensorType::get({Batch, 1}, I64), Last,
      B.getI64IntegerAttr(2), B.getBoolAttr(false), B.getBoolAttr(false),
      B.getBoolAttr(false));
  B.create<func::ReturnOp>(Return.getLoc(), Token);
  Return.erase();
  F.setFunctionType(
      B.getFunctionType(F.getBody().getArgumentTypes(), {Token.getType()}));
}

} // namespace
