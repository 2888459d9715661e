//===-- PlanMemory.cpp - Static memory planning in one DRAM arena ---------===//
//
// -accel-plan-memory (Passes.td).
// Every tensor a function computes, and every tensor argument, gets an
// offset in one DRAM arena that the program allocates once: a value's
// bytes are reserved from its definition to its last use, and space freed
// by values that died is reused (first fit, 64-byte aligned, so that every
// tensor starts on a DMA-friendly boundary). Two kinds of value share
// their operand's bytes instead of taking new ones:
//
//  - views (Views.h): accel.reshape's result, always, and a transpose's or
//    slice's whose readers all take it strided; such an op gets the unit
//    attribute `accel.view`, and `accel.strides` (i64 array, in elements)
//    where its result is not contiguous, with `accel.view_dims` when the
//    strides are for a finer shape (ViewLayout::Dims); a transpose whose
//    producer stores its result transposed is a contiguous view of the
//    producer's bytes, and the producer gets `accel.strides`;
//  - the result of an op that may run in place (the MayRunInPlace trait:
//    accel.elementwise) may overwrite an input of the same shape (no
//    broadcast) whose last use is that op, which the kernel library allows
//    (docs/kernels.md, in place); not a function argument, which the
//    caller may still read;
//  - a KV cache argument (`accel.kv_cache`, -accel-generation-step) is
//    placed first and never freed, and an accel.cache_write's result is
//    a strided view of its cache's bytes;
//  - the inputs of a concatenation along a dimension with only 1s before
//    it (ConcatInPlace.h): each input's producer writes it into its part
//    of the concat's buffer, taken at the first part's definition, and the
//    concat is a view (`accel.view`, contiguous).
//
// Constants are not planned: they live in the program's data section.
// The plan is recorded as attributes, which code generation reads:
// `accel.offset` (i64, in bytes; a view's is its first element's) on
// each op result and on the function
// (`accel.arg_offsets`) for its arguments, `accel.arena_bytes` (the peak)
// and `accel.unplanned_bytes` (the sum of every tensor but the views,
// each alive for the whole function: what no planning would cost).
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"
#include "transforms/ConcatInPlace.h"
#include "transforms/Passes.h"
#include "transforms/Views.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <map>

namespace accel::graph {
#define GEN_PASS_DEF_PLANMEMORYPASS
#include "transforms/Passes.h.inc"
} // namespace accel::graph

using namespace mlir;
using namespace accel::graph;

namespace {

constexpr int64_t Alignment = 64;

int64_t alignUp(int64_t N) {
  return (N + Alignment - 1) / Alignment * Alignment;
}

int64_t bytesOf(Value V) {
  auto T = cast<RankedTensorType>(V.getType());
  return alignUp(T.getNumElements() * getElementBytes(T.getElementType()));
}

/// First-fit allocation over [0, infinity) with freed ranges reused.
class Arena {
public:
  int64_t allocate(int64_t Bytes) {
    for (auto It = Free.begin(); It != Free.end(); ++It) {
      if (It->second < Bytes)
        continue;
      int64_t Offset = It->first, Left = It->second - Bytes;
      Free.erase(It);
      if (Left)
        Free[Offset + Bytes] = Left;
      return Offset;
    }
    // Grow: the last free range, if it ends at the top, is reused in part.
    int64_t Offset = Top;
    if (!Free.empty()) {
      auto Last = std::prev(Free.end());
      if (Last->first + Last->second == Top) {
        Offset = Last->first;
        Free.erase(Last);
      }
    }
    Top = Offset + Bytes;
    return Offset;
  }
  void release(int64_t Offset, int64_t Bytes) {
    auto [It, Inserted] = Free.emplace(Offset, Bytes);
    (void)Inserted;
    // Merge with the neighbours.
    auto Next = std::next(It);
    if (Next != Free.end() && It->first + It->second == Next->first) {
      It->second += Next->second;
      Free.erase(Next);
    }
    if (It != Free.begin()) {
      auto Prev = std::prev(It);
      if (Prev->first + Prev->second == It->first) {
        Prev->second += It->second;
        Free.erase(It);
      }
    }
  }
  int64_t peak() const { return Top; }

private:
  std::map<int64_t, int64_t> Free; ///< offset -> bytes
  int64_t Top = 0;
};

struct PlanMemoryPass : accel::graph::impl::PlanMemoryPassBase<PlanMemoryPass> {
  void runOnOperation() override;
};

/// A planned buffer: its bytes, and the values that live in it.
struct Buffer {
  int64_t Offset = 0, Bytes = 0;
  unsigned LastUse = 0; ///< index of the op after which it dies
  bool Argument = false;
};

/// The plan of one block: its values' buffers in the arena, in program
/// order.
class Planner {
public:
  Planner(Block &Body, MLIRContext *Ctx)
      : Body(Body), Plan(findViews(Body)),
        Parts(findConcatParts(Body, Plan)), Builder(Ctx) {
    for (auto [I, Op] : llvm::enumerate(Body))
      Index[&Op] = I;
  }

  /// Arguments first, alive from the start; returns their offsets.
  SmallVector<int64_t> planArguments();
  /// Places Op's results, then releases what died at Op.
  void planOp(Operation &Op);

  int64_t peak() const { return A.peak(); }
  int64_t unplanned() const { return Unplanned; }

private:
  /// A value nothing reads dies where it is defined.
  unsigned lastUseOf(Value V);
  unsigned newBuffer(Value V, bool Argument);
  /// Marks R a view of Op's operand (its attributes); the operand's
  /// buffer, if it has one.
  std::optional<unsigned> viewBuffer(Operation &Op, Value R,
                                     const ViewLayout &L);
  /// A dying operand's buffer that R may take over (in place).
  std::optional<unsigned> inPlaceBuffer(Operation &Op, Value R);
  /// R in its part of a concat's buffer, or a concat of such parts as a
  /// view of it; false for any other value.
  bool placeInConcat(Operation &Op, Value R);
  void placeResult(Operation &Op, Value R);
  void releaseDead(Operation &Op);

  Block &Body;
  ViewPlan Plan;
  DenseMap<Value, ConcatPart> Parts;
  DenseMap<Operation *, unsigned> ConcatBuffers;
  OpBuilder Builder;
  DenseMap<Operation *, unsigned> Index; ///< program order
  SmallVector<Buffer> Buffers;
  DenseMap<Value, unsigned> BufferOf; ///< aliases share one
  /// Values whose elements are not their buffer's from its start in
  /// order: an elementwise op must not overwrite their bytes in place.
  llvm::DenseSet<Value> Strided;
  Arena A;
  int64_t Unplanned = 0;
};

unsigned Planner::lastUseOf(Value V) {
  unsigned Last = V.getDefiningOp() ? Index[V.getDefiningOp()] : 0;
  for (Operation *User : V.getUsers())
    Last = std::max(Last, Index[User]);
  return Last;
}

unsigned Planner::newBuffer(Value V, bool Argument) {
  Buffers.push_back(
      {A.allocate(bytesOf(V)), bytesOf(V), lastUseOf(V), Argument});
  return Buffers.size() - 1;
}

SmallVector<int64_t> Planner::planArguments() {
  // KV caches first, in order, alive for good: every step of a generation
  // program finds them at the same offsets, which its arena keeps.
  auto F = cast<FunctionOpInterface>(Body.getParentOp());
  auto isCache = [&](BlockArgument Arg) {
    return bool(F.getArgAttr(Arg.getArgNumber(), "accel.kv_cache"));
  };
  for (BlockArgument Arg : Body.getArguments())
    if (isCache(Arg)) {
      BufferOf[Arg] = newBuffer(Arg, /*Argument=*/true);
      Buffers[BufferOf[Arg]].LastUse = ~0u;
      Unplanned += bytesOf(Arg);
    }
  SmallVector<int64_t> Offsets;
  for (BlockArgument Arg : Body.getArguments()) {
    if (!isa<RankedTensorType>(Arg.getType()))
      continue;
    if (!isCache(Arg)) {
      BufferOf[Arg] = newBuffer(Arg, /*Argument=*/true);
      Unplanned += bytesOf(Arg);
    }
    Offsets.push_back(Buffers[BufferOf[Arg]].Offset);
  }
  return Offsets;
}

std::optional<unsigned> Planner::viewBuffer(Operation &Op, Value R,
                                            const ViewLayout &L) {
  bool Contiguous =
      L.Strides ==
      contiguousStrides(cast<RankedTensorType>(R.getType()).getShape());
  if (!isa<ReshapeOp>(Op))
    Op.setAttr("accel.view", Builder.getUnitAttr());
  if (!Contiguous)
    Op.setAttr("accel.strides", Builder.getDenseI64ArrayAttr(L.Strides));
  if (!L.Dims.empty())
    Op.setAttr("accel.view_dims", Builder.getDenseI64ArrayAttr(L.Dims));
  if (!Contiguous || L.Offset)
    Strided.insert(R);
  auto It = BufferOf.find(Op.getOperand(0));
  if (It == BufferOf.end())
    return std::nullopt;
  return It->second;
}

std::optional<unsigned> Planner::inPlaceBuffer(Operation &Op, Value R) {
  if (!Op.hasTrait<accel::graph::OpTrait::MayRunInPlace>())
    return std::nullopt;
  for (Value In : Op.getOperands()) {
    auto It = BufferOf.find(In);
    if (It == BufferOf.end() || In.getType() != R.getType() ||
        Strided.contains(In))
      continue;
    const Buffer &B = Buffers[It->second];
    if (!B.Argument && B.LastUse == Index[&Op])
      return It->second;
  }
  return std::nullopt;
}

bool Planner::placeInConcat(Operation &Op, Value R) {
  Operation *Concat = nullptr;
  int64_t At = 0;
  if (auto P = Parts.find(R); P != Parts.end())
    Concat = P->second.Concat, At = P->second.ByteOffset;
  else if (ConcatBuffers.count(&Op))
    Concat = &Op;
  if (!Concat)
    return false;
  auto [It, First] = ConcatBuffers.try_emplace(Concat, 0);
  if (First) {
    Value Whole = Concat->getResult(0);
    It->second = newBuffer(Whole, /*Argument=*/false);
    Unplanned += bytesOf(Whole);
  }
  Buffer &B = Buffers[It->second];
  BufferOf[R] = It->second;
  B.LastUse = std::max(B.LastUse, lastUseOf(R));
  if (At) // not from its buffer's start: no elementwise op's in place
    Strided.insert(R);
  if (Concat == &Op)
    Op.setAttr("accel.view", Builder.getUnitAttr());
  Op.setAttr("accel.offset", Builder.getI64IntegerAttr(B.Offset + At));
  return true;
}

void Planner::placeResult(Operation &Op, Value R) {
  if (placeInConcat(Op, R))
    return;
  // A cache write's result is the cache's first rows, where they lie.
  if (auto W = dyn_cast<CacheWriteOp>(Op)) {
    BufferOf[R] = BufferOf.lookup(W.getCache());
    Op.setAttr("accel.offset",
               Builder.getI64IntegerAttr(Buffers[BufferOf[R]].Offset));
    Op.setAttr("accel.strides", Builder.getDenseI64ArrayAttr(
                                    contiguousStrides(shapeOf(W.getCache()))));
    Strided.insert(R);
    return;
  }
  std::optional<unsigned> Shared;
  int64_t ViewOffset = 0;
  if (auto View = Plan.Views.find(&Op); View != Plan.Views.end()) {
    Shared = viewBuffer(Op, R, View->second);
    ViewOffset = 4 * View->second.Offset;
  } else {
    Shared = inPlaceBuffer(Op, R);
    Unplanned += bytesOf(R);
  }
  if (Shared) {
    BufferOf[R] = *Shared;
    Buffers[*Shared].LastUse = std::max(Buffers[*Shared].LastUse, lastUseOf(R));
  } else {
    BufferOf[R] = newBuffer(R, /*Argument=*/false);
  }
  Op.setAttr("accel.offset", Builder.getI64IntegerAttr(
                                 Buffers[BufferOf[R]].Offset + ViewOffset));
  if (auto Stored = Plan.StoredStrides.find(&Op);
      Stored != Plan.StoredStrides.end()) {
    Op.setAttr("accel.strides", Builder.getDenseI64ArrayAttr(Stored->second));
    Strided.insert(R);
  }
}

/// Releases what died at Op, operands and unread results alike (each
/// buffer once).
void Planner::releaseDead(Operation &Op) {
  SmallVector<unsigned, 4> Dead;
  auto mayDie = [&](Value V) {
    auto It = BufferOf.find(V);
    if (It != BufferOf.end() && Buffers[It->second].LastUse == Index[&Op] &&
        !llvm::is_contained(Dead, It->second))
      Dead.push_back(It->second);
  };
  for (Value In : Op.getOperands())
    mayDie(In);
  for (Value R : Op.getResults())
    mayDie(R);
  for (unsigned B : Dead)
    A.release(Buffers[B].Offset, Buffers[B].Bytes);
}

void Planner::planOp(Operation &Op) {
  // Operands whose buffers die here are released after the op's results
  // are placed, except when a result takes one over (in place).
  if (!isa<arith::ConstantOp>(Op))
    for (Value R : Op.getResults())
      if (isa<RankedTensorType>(R.getType()))
        placeResult(Op, R);
  releaseDead(Op);
}

void PlanMemoryPass::runOnOperation() {
  func::FuncOp F = getOperation();
  if (!F.getBody().hasOneBlock()) {
    F.emitError("accel-plan-memory needs a function of one block");
    return signalPassFailure();
  }
  Block &Body = F.getBody().front();
  Planner P(Body, &getContext());
  SmallVector<int64_t> ArgOffsets = P.planArguments();
  for (Operation &Op : Body)
    P.planOp(Op);
  OpBuilder Builder(&getContext());
  F->setAttr("accel.arg_offsets", Builder.getDenseI64ArrayAttr(ArgOffsets));
  F->setAttr("accel.arena_bytes", Builder.getI64IntegerAttr(P.peak()));
  F->setAttr("accel.unplanned_bytes", Builder.getI64IntegerAttr(P.unplanned()));
}

} // namespace
