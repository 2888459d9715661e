//===-- accel-graphc.cpp - The graph compiler's driver --------------------===//
//
// accel-graphc model.onnx (--print-graph | --emit=imported | --emit=mlir)
//              [--input-shape name=d0,d1,...]... [--mlir-print-ir-after-all]
//
// Loads an ONNX model (ONNX's checker and shape inference, external data),
// imports it into the accel dialect and runs the graph pipeline
// (transforms/Pipeline.cpp); prints the loaded graph or the IR before or
// after the pipeline (MLIR's pass-manager options dump it between passes).
// Code generation is the next step (docs/graph.md); until it exists, the
// tool says so rather than write a program.
//
//===----------------------------------------------------------------------===//

#include "import/OnnxImporter.h"
#include "onnx/GraphPrinter.h"
#include "onnx/OnnxGraph.h"
#include "transforms/Passes.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Pass/PassManager.h"

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
enum class Emit { None, Imported, Mlir };
static cl::opt<Emit> EmitKind(
    "emit", cl::desc("What to print (constants of more than 16 elements "
                     "elided)"),
    cl::init(Emit::None),
    cl::values(clEnumValN(Emit::Imported, "imported",
                          "the accel-dialect IR as imported"),
               clEnumValN(Emit::Mlir, "mlir",
                          "the IR after the graph pipeline (memory planned)")));
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
  mlir::registerPassManagerCLOptions();
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
  mlir::MLIRContext Context;
  mlir::OwningOpRef<mlir::ModuleOp> Module =
      accel::graph::importOnnxGraph(G, ModelPath, Context, Error);
  if (!Module) {
    WithColor::error(errs(), "accel-graphc") << Error << "\n";
    return 1;
  }
  auto Flags = mlir::OpPrintingFlags().elideLargeElementsAttrs(16);
  if (EmitKind == Emit::Imported) {
    Module->print(outs(), Flags);
    return 0;
  }
  mlir::PassManager PM(&Context);
  if (mlir::failed(mlir::applyPassManagerCLOptions(PM)))
    return 1;
  accel::graph::buildGraphPipeline(PM);
  if (mlir::failed(PM.run(*Module))) // the passes reported the error
    return 1;
  if (EmitKind == Emit::Mlir) {
    Module->print(outs(), Flags);
    return 0;
  }
  WithColor::error(errs(), "accel-graphc")
      << ModelPath << ": imported, but code generation is not implemented "
      << "yet; --emit=mlir shows the IR, --print-graph the loaded graph\n";
  return 2;
}
