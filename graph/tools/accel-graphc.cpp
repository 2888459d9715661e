//===-- accel-graphc.cpp - The graph compiler's driver --------------------===//
//
// accel-graphc model.onnx --print-graph [--input-shape name=d0,d1,...]...
//
// Loads an ONNX model (ONNX's checker and shape inference, external data),
// and prints the graph with static shapes. Import into MLIR and code
// generation are the next steps (docs/graph.md); until they exist, the tool
// says so rather than write a program.
//
//===----------------------------------------------------------------------===//

#include "onnx/GraphPrinter.h"
#include "onnx/OnnxGraph.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
namespace og = accel::onnx_graph;

static cl::opt<std::string> ModelPath(cl::Positional, cl::Required,
                                      cl::desc("<model.onnx>"));
static cl::opt<bool> PrintGraph(
    "print-graph",
    cl::desc("Print the loaded graph (values with their static shapes, "
             "nodes in order) and stop"));
static cl::list<std::string> InputShapes(
    "input-shape", cl::value_desc("name=d0,d1,..."),
    cl::desc("Static sizes for an input whose shape is symbolic or unknown "
             "(repeatable)"));

/// Parses one --input-shape value into \p Options; false on bad syntax.
static bool parseInputShape(StringRef Arg, og::LoadOptions &Options) {
  auto [Name, Dims] = Arg.rsplit('=');
  if (Name.empty() || Dims.empty())
    return false;
  std::vector<int64_t> Shape;
  SmallVector<StringRef, 6> Parts;
  Dims.split(Parts, ',');
  for (StringRef P : Parts) {
    int64_t D;
    if (P.trim().getAsInteger(10, D) || D < 0)
      return false;
    Shape.push_back(D);
  }
  Options.InputShapes[Name.str()] = Shape;
  return true;
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  cl::ParseCommandLineOptions(argc, argv,
                              "accel-graphc: ONNX models to Accel programs\n");
  og::LoadOptions Options;
  for (const std::string &S : InputShapes)
    if (!parseInputShape(S, Options)) {
      WithColor::error(errs(), "accel-graphc")
          << "--input-shape " << S << ": expected name=d0,d1,... with sizes "
          << ">= 0\n";
      return 1;
    }

  og::Graph G;
  std::string Error;
  if (!og::loadModel(ModelPath, Options, G, Error)) {
    WithColor::error(errs(), "accel-graphc") << Error << "\n";
    return 1;
  }
  if (PrintGraph) {
    og::printGraph(G, outs());
    return 0;
  }
  WithColor::error(errs(), "accel-graphc")
      << ModelPath << ": loaded and checked, but import into MLIR and code "
      << "generation are not implemented yet; --print-graph shows the "
      << "loaded graph\n";
  return 2;
}
