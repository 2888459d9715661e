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
//    caller may still read.
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
#include "transforms/Passes.h"
#include "transforms/Views.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
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

int64_t alignUp(int64_t N) { return (N + Alignment - 1) / Alignment * Alignment; }

int64_t bytesOf(Value V) {
  auto T = cast<RankedTensorType>(V.getType());
  return alignUp(T.getNumElements() * int64_t(T.getElementTypeBitWidth() / 8));
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

void PlanMemoryPass::runOnOperation() {
  func::FuncOp F = getOperation();
  if (!F.getBody().hasOneBlock()) {
    F.emitError("accel-plan-memory needs a function of one block");
    return signalPassFailure();
  }
  Block &Body = F.getBody().front();

  // Program order, and each value's buffer (aliases share one).
  DenseMap<Operation *, unsigned> Index;
  for (auto [I, Op] : llvm::enumerate(Body))
    Index[&Op] = I;
  SmallVector<Buffer> Buffers;
  DenseMap<Value, unsigned> BufferOf;
  // A value nothing reads dies where it is defined.
  auto lastUseOf = [&](Value V) {
    unsigned Last = V.getDefiningOp() ? Index[V.getDefiningOp()] : 0;
    for (Operation *User : V.getUsers())
      Last = std::max(Last, Index[User]);
    return Last;
  };

  Arena A;
  int64_t Unplanned = 0;
  // Arguments first, alive from the start.
  SmallVector<int64_t> ArgOffsets;
  for (BlockArgument Arg : Body.getArguments()) {
    if (!isa<RankedTensorType>(Arg.getType()))
      continue;
    Buffer B{A.allocate(bytesOf(Arg)), bytesOf(Arg), lastUseOf(Arg), true};
    Unplanned += B.Bytes;
    BufferOf[Arg] = Buffers.size();
    Buffers.push_back(B);
    ArgOffsets.push_back(B.Offset);
  }

  ViewPlan Plan = findViews(Body);
  const DenseMap<Operation *, ViewLayout> &Views = Plan.Views;
  // Values whose elements are not their buffer's from its start in
  // order: an elementwise op must not overwrite their bytes in place.
  llvm::DenseSet<Value> Strided;
  OpBuilder Builder(&getContext());
  for (Operation &Op : Body) {
    unsigned Here = Index[&Op];
    // Operands whose buffers die here are released after the op's results
    // are placed, except when a result takes one over (in place).
    for (Value R : Op.getResults()) {
      if (!isa<RankedTensorType>(R.getType()) || isa<arith::ConstantOp>(Op))
        continue;
      std::optional<unsigned> Shared;
      auto View = Views.find(&Op);
      int64_t ViewOffset = 0;
      if (View != Views.end()) {
        auto It = BufferOf.find(Op.getOperand(0));
        if (It != BufferOf.end())
          Shared = It->second;
        const ViewLayout &L = View->second;
        ViewOffset = 4 * L.Offset;
        bool Contiguous = L.Strides == contiguousStrides(
                                           cast<RankedTensorType>(R.getType())
                                               .getShape());
        if (!isa<ReshapeOp>(Op))
          Op.setAttr("accel.view", Builder.getUnitAttr());
        if (!Contiguous)
          Op.setAttr("accel.strides", Builder.getDenseI64ArrayAttr(L.Strides));
        if (!L.Dims.empty())
          Op.setAttr("accel.view_dims", Builder.getDenseI64ArrayAttr(L.Dims));
        if (!Contiguous || L.Offset)
          Strided.insert(R);
      } else if (Op.hasTrait<accel::graph::OpTrait::MayRunInPlace>()) {
        for (Value In : Op.getOperands()) {
          auto It = BufferOf.find(In);
          if (It == BufferOf.end() || In.getType() != R.getType() ||
              Strided.contains(In))
            continue;
          Buffer &B = Buffers[It->second];
          if (!B.Argument && B.LastUse == Here) {
            Shared = It->second;
            break;
          }
        }
      }
      if (View == Views.end())
        Unplanned += bytesOf(R);
      if (Shared) {
        BufferOf[R] = *Shared;
        Buffers[*Shared].LastUse =
            std::max(Buffers[*Shared].LastUse, lastUseOf(R));
      } else {
        Buffer B{A.allocate(bytesOf(R)), bytesOf(R), lastUseOf(R), false};
        BufferOf[R] = Buffers.size();
        Buffers.push_back(B);
      }
      Op.setAttr("accel.offset", Builder.getI64IntegerAttr(
                                     Buffers[BufferOf[R]].Offset + ViewOffset));
      if (auto Stored = Plan.StoredStrides.find(&Op);
          Stored != Plan.StoredStrides.end()) {
        Op.setAttr("accel.strides",
                   Builder.getDenseI64ArrayAttr(Stored->second));
        Strided.insert(R);
      }
    }
    // Release what died at this op, operands and unread results alike
    // (each buffer once).
    SmallVector<unsigned, 4> Dead;
    auto mayDie = [&](Value V) {
      auto It = BufferOf.find(V);
      if (It != BufferOf.end() && Buffers[It->second].LastUse == Here &&
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

  F->setAttr("accel.arg_offsets", Builder.getDenseI64ArrayAttr(ArgOffsets));
  F->setAttr("accel.arena_bytes", Builder.getI64IntegerAttr(A.peak()));
  F->setAttr("accel.unplanned_bytes", Builder.getI64IntegerAttr(Unplanned));
}

} // namespace
