//===-- ConstantValues.h - f32 values of constant subgraphs -----*- C++ -*-===//
//
// The values of a tensor computed from constants alone by data movement
// (reshape, slice, concat, expand, transpose), as the exporters emit to
// reorder a recurrent layer's weights: the importer takes them at
// compile time where a kernel wants its weights packed or a product's
// operand constant.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_GRAPH_IMPORT_CONSTANTVALUES_H
#define ACCEL_GRAPH_IMPORT_CONSTANTVALUES_H

#include "mlir/IR/Value.h"

#include <optional>
#include <vector>

namespace accel::graph {

/// \p V's f32 values, row-major, if it is made of constants by the ops
/// above alone (none past a bounded count of elements).
std::optional<std::vector<float>> constantValues(mlir::Value V);

} // namespace accel::graph

#endif
