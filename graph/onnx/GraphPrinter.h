//===-- GraphPrinter.h - A loaded ONNX graph as text -------------*- C++
//-*-===//
//
// accel-graphc --print-graph: what the loader made of a model, one line a
// value and a node, with static shapes, for users and for the tests.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_GRAPH_ONNX_GRAPHPRINTER_H
#define ACCEL_GRAPH_ONNX_GRAPHPRINTER_H

#include "OnnxGraph.h"

namespace llvm {
class raw_ostream;
}

namespace accel::onnx_graph {

void printGraph(const Graph &G, llvm::raw_ostream &OS);

} // namespace accel::onnx_graph

#endif
