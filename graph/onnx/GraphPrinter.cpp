//===-- GraphPrinter.cpp - A loaded ONNX graph as text --------------------===//

#include "GraphPrinter.h"
#include "llvm/Support/raw_ostream.h"

using namespace accel::onnx_graph;

static void printType(const Tensor &T, llvm::raw_ostream &OS) {
  OS << getElemTypeName(T.Type) << "[";
  for (size_t I = 0; I != T.Shape.size(); ++I)
    OS << (I ? "x" : "") << T.Shape[I];
  OS << "]";
}

static void printValue(const Graph &G, const std::string &Name,
                       llvm::raw_ostream &OS) {
  if (Name.empty()) {
    OS << "<none>";
    return;
  }
  OS << Name << ":";
  printType(G.Values.at(Name), OS);
}

void accel::onnx_graph::printGraph(const Graph &G, llvm::raw_ostream &OS) {
  OS << "graph '" << G.Name << "' opset " << G.Opset << "\n";
  for (const std::string &In : G.Inputs) {
    OS << "input ";
    printValue(G, In, OS);
    OS << "\n";
  }
  for (const std::string &C : G.Constants) {
    OS << "constant ";
    printValue(G, C, OS);
    OS << "\n";
  }
  for (const Node &N : G.Nodes) {
    OS << "node '" << N.Name << "' " << N.OpType << " (";
    for (size_t I = 0; I != N.Inputs.size(); ++I) {
      OS << (I ? ", " : "");
      printValue(G, N.Inputs[I], OS);
    }
    OS << ") -> (";
    for (size_t I = 0; I != N.Outputs.size(); ++I) {
      OS << (I ? ", " : "");
      printValue(G, N.Outputs[I], OS);
    }
    OS << ")\n";
  }
  for (const std::string &Out : G.Outputs) {
    OS << "output ";
    printValue(G, Out, OS);
    OS << "\n";
  }
}
