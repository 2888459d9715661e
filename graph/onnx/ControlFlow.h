//===-- ControlFlow.h - Inline If, Scan and Loop of static trips -*- C++ -*-===//
//
// The compiler runs a static graph: control flow whose path and trip
// count are known when compiling becomes straight-line nodes. Included
// only by the loader's files (it names ONNX's protobuf types).
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_GRAPH_ONNX_CONTROLFLOW_H
#define ACCEL_GRAPH_ONNX_CONTROLFLOW_H

#include "onnx/onnx_pb.h"

namespace accel::onnx_graph {

/// Replaces the control flow of \p M's graph that can be made straight:
/// - If of a constant condition by the branch it takes; of a condition
///   computed at run time, whose branches give outputs of one type and
///   shape, by both branches and a Where per output;
/// - Scan (opset 9 on) by its body once per element of the scanned axis,
///   whose size is static;
/// - Loop of a constant trip count whose body passes its condition on
///   unchanged (or makes it a constant true) by its body that many times.
/// Shape inference must have given the scanned inputs their shapes.
/// Returns the number of nodes replaced.
int inlineControlFlow(onnx::ModelProto &M);

} // namespace accel::onnx_graph

#endif
