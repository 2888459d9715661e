//===-- Views.h - Transposes, slices and reshapes without copies -*- C++
//-*-===//
//
// A transpose, slice or reshape whose readers all take strided operands
// need not move data: its result can be a view of its input's bytes (an
// element offset and strides), as the kernel library's calling convention
// allows for every operand (docs/kernels.md). So may a transpose whose
// input's producer can write its result with any strides: the producer
// stores it transposed. findViews decides which; -accel-plan-memory
// records them and code generation passes the views' strides (docs/
// graph.md, "Views").
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_GRAPH_TRANSFORMS_VIEWS_H
#define ACCEL_GRAPH_TRANSFORMS_VIEWS_H

#include "mlir/IR/Block.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>

namespace accel::graph {

/// A value's elements within its buffer: element i (multi-index) at
/// Offset + sum(i[d] Strides[d]), in elements. A reshape that strides of
/// the value's own rank cannot say (a slice of q, k and v split into
/// heads) may still be a view of a finer shape: Dims, each of the value's
/// dimensions a run of them, Strides then one per entry of Dims (empty
/// Dims: the value's shape).
struct ViewLayout {
  int64_t Offset = 0;
  llvm::SmallVector<int64_t, 6> Strides;
  llvm::SmallVector<int64_t, 6> Dims;
};

/// The runs of \p Fine (each a product equal to one of \p Coarse's
/// dimensions, dimensions of 1 a run of none or of 1s) that make up
/// \p Coarse: Runs[d] is the first entry of dimension d's run, Runs[rank]
/// the end; nullopt if \p Fine does not refine \p Coarse.
std::optional<llvm::SmallVector<size_t, 7>>
refinementRuns(llvm::ArrayRef<int64_t> Coarse, llvm::ArrayRef<int64_t> Fine);

/// What findViews decides for a block.
struct ViewPlan {
  /// The ops whose results are views of their inputs' buffers, with each
  /// result's layout in the buffer it shares. Reshapes of contiguous
  /// values are views too (always: they have no code), and so is a
  /// transpose whose producer stores its result transposed (contiguous).
  llvm::DenseMap<mlir::Operation *, ViewLayout> Views;
  /// The producers that store their result transposed, straight into the
  /// layout of the one transpose that reads it: the strides they write
  /// their result with.
  llvm::DenseMap<mlir::Operation *, llvm::SmallVector<int64_t, 6>>
      StoredStrides;
};

/// The views and transposed stores of \p Body.
ViewPlan findViews(mlir::Block &Body);

/// The row-major strides of \p Shape.
llvm::SmallVector<int64_t, 6> contiguousStrides(llvm::ArrayRef<int64_t> Shape);

} // namespace accel::graph

#endif
