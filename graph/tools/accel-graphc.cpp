//===-- accel-graphc.cpp - The graph compiler's driver --------------------===//
//
// accel-graphc model.onnx [-o model.elf]
//              [--print-graph | --emit=imported | --emit=mlir | --emit=llvm]
//              [--input-shape name=d0,d1,...]... [--mlir-print-ir-after-all]
// accel-graphc decoder.onnx --generate --prompt-length S --max-length L
//              [--batch B] [--buckets P1,P2,...] [-o gen.elf]
//
// Loads an ONNX model (ONNX's checker and shape inference, external data),
// imports it into the accel dialect, runs the graph pipeline
// (transforms/Pipeline.cpp), lowers the result to LLVM IR
// (codegen/EmitProgram.cpp) and compiles and links it with our clang
// against libaccelgraph.a and libaccelkernels.a: an executable for
// accel-sim (docs/graph.md). The --print-graph and --emit options print a
// stage instead.
//
//===----------------------------------------------------------------------===//

#include "GenerationProgram.h"
#include "codegen/EmitProgram.h"
#include "codegen/OpCost.h"
#include "import/OnnxImporter.h"
#include "onnx/GraphPrinter.h"
#include "onnx/OnnxGraph.h"
#include "transforms/Passes.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
namespace og = accel::onnx_graph;

static cl::OptionCategory GraphcCategory("accel-graphc options");

static cl::opt<std::string> ModelPath(cl::Positional,
                                      cl::desc("<model.onnx>"),
                                      cl::cat(GraphcCategory));
static cl::opt<bool> PrintGraph(
    "print-graph",
    cl::desc("Print the loaded graph (values with their static shapes, "
             "nodes in order) and stop"),
    cl::cat(GraphcCategory));
enum class Emit { None, Imported, Mlir, Llvm };
static cl::opt<Emit> EmitKind(
    "emit",
    cl::desc("What to print (constants of more than 16 elements "
             "elided)"),
    cl::init(Emit::None),
    cl::values(clEnumValN(Emit::Imported, "imported",
                          "the accel-dialect IR as imported"),
               clEnumValN(Emit::Mlir, "mlir",
                          "the IR after the graph pipeline (memory planned)"),
               clEnumValN(Emit::Llvm, "llvm",
                          "the program's LLVM IR, before our backend")),
    cl::cat(GraphcCategory));
static cl::opt<std::string> OutputPath("o", cl::value_desc("file"),
                                       cl::desc("The executable to write "
                                                "(default: the model's name "
                                                "with .elf)"),
                                       cl::cat(GraphcCategory));
static cl::list<std::string> InputShapes(
    "input-shape", cl::value_desc("name=d0,d1,..."),
    cl::desc("Static sizes for an input whose shape is symbolic or unknown "
             "(repeatable)"),
    cl::cat(GraphcCategory));

static cl::opt<bool> DumpResults(
    "dump-results",
    cl::desc("Make the program write each op's result after it runs, to the "
             "file of its --dump-results=FILE argument (accel-run "
             "--compare-layers)"),
    cl::cat(GraphcCategory));

static cl::opt<bool> PrintMachine(
    "print-machine",
    cl::desc("Print the machine's peaks the roofline bounds use "
             "(isa/AccelMachine.td) and stop"),
    cl::cat(GraphcCategory));
static cl::opt<bool> Generate(
    "generate",
    cl::desc("Compile a decoder with past (HuggingFace Optimum's "
             "convention) as a greedy generation program: the prompt's "
             "prefill and one-token steps over --buckets of past rows, the "
             "KV caches in place (docs/llm.md; accel-generate runs it)"),
    cl::cat(GraphcCategory));
static cl::opt<int64_t> GenerateBatch("batch", cl::init(1),
                                      cl::desc("With --generate: sequences"),
                                      cl::cat(GraphcCategory));
static cl::opt<int64_t> PromptLength(
    "prompt-length", cl::desc("With --generate: the prompt's tokens"),
    cl::cat(GraphcCategory));
static cl::opt<int64_t> MaxLength(
    "max-length",
    cl::desc("With --generate: the KV cache's rows (prompt and new tokens)"),
    cl::cat(GraphcCategory));
static cl::list<int64_t> Buckets(
    "buckets", cl::CommaSeparated,
    cl::desc("With --generate: the decoding steps' past rows (default: "
             "every 16 and max-length - 1)"),
    cl::cat(GraphcCategory));

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

/// Compiles \p IR with our clang (beside this tool) and links it with the
/// graph runtime and the kernel library into OutputPath.
static bool compileAndLink(llvm::Module &IR, const char *Argv0,
                           bool GenerationProgram = false) {
  std::string Self = sys::fs::getMainExecutable(
      Argv0, reinterpret_cast<void *>(&compileAndLink));
  SmallString<256> Clang(sys::path::parent_path(Self));
  sys::path::append(Clang, "clang");
  // Bitcode, not text: a ResNet-18's 11.7 M weights printed as .ll are
  // 300 MB that clang then parses (about 80 s of a 97 s compile).
  SmallString<128> IRPath;
  if (std::error_code EC =
          sys::fs::createTemporaryFile("accel-graphc", "bc", IRPath)) {
    WithColor::error(errs(), "accel-graphc")
        << "cannot create a temporary file: " << EC.message() << "\n";
    return false;
  }
  FileRemover RemoveIR(IRPath);
  {
    std::error_code EC;
    raw_fd_ostream OS(IRPath, EC);
    if (EC) {
      WithColor::error(errs(), "accel-graphc")
          << IRPath << ": " << EC.message() << "\n";
      return false;
    }
    WriteBitcodeToFile(IR, OS);
  }
  std::string Output = OutputPath;
  if (Output.empty())
    Output = sys::path::stem(ModelPath).str() + ".elf";
  SmallVector<StringRef> Args = {Clang, "--target=accel", "-O2", IRPath};
  // A generation program's main(), instead of libaccelgraph.a's.
  SmallString<256> GenerateMain(sys::path::parent_path(Self));
  sys::path::append(GenerateMain, "..", "lib", "accel", "generate_main.o");
  if (GenerationProgram)
    Args.push_back(GenerateMain);
  Args.append({"-laccelgraph", "-laccelkernels", "-o", Output});
  std::string Message;
  int Status =
      sys::ExecuteAndWait(Clang, Args, std::nullopt, {}, 0, 0, &Message);
  if (Status != 0) {
    WithColor::error(errs(), "accel-graphc")
        << "compiling the generated program failed"
        << (Message.empty() ? "" : ": " + Message) << "\n";
    return false;
  }
  return true;
}

/// An error of the passes or code generation as the importer's read:
/// "accel-graphc: error: <model>: node '<name>' (<op>)[ + ...]: <why>",
/// the nodes from the op's location (a fused op's lists each member).
static mlir::LogicalResult reportDiagnostic(mlir::Diagnostic &D) {
  std::string Nodes;
  D.getLocation()->walk([&](mlir::Location L) {
    if (auto N = dyn_cast<mlir::NameLoc>(L)) {
      std::string Name = N.getName().str();
      size_t Paren = Name.rfind(" (");
      Nodes += (Nodes.empty() ? "" : " + ") +
               (Paren == std::string::npos
                    ? "'" + Name + "'"
                    : "'" + Name.substr(0, Paren) + "'" + Name.substr(Paren));
    }
    return mlir::WalkResult::advance();
  });
  raw_ostream &OS = D.getSeverity() == mlir::DiagnosticSeverity::Error
                        ? WithColor::error(errs(), "accel-graphc")
                        : WithColor::note(errs(), "accel-graphc");
  OS << ModelPath << ": " << (Nodes.empty() ? "" : "node " + Nodes + ": ") << D
     << "\n";
  return mlir::success();
}

/// --generate: the generation program, compiled and linked.
static int generate(mlir::MLIRContext &Context, const char *Argv0) {
  if (PromptLength < 1 || GenerateBatch < 1 || MaxLength <= PromptLength) {
    WithColor::error(errs(), "accel-graphc")
        << "--generate needs --batch >= 1, --prompt-length >= 1 and "
           "--max-length above the prompt's length\n";
    return 1;
  }
  accel::graph::GenerationShape Shape;
  Shape.Batch = GenerateBatch;
  Shape.PromptLength = PromptLength;
  Shape.MaxLength = MaxLength;
  Shape.Buckets.assign(Buckets.begin(), Buckets.end());
  llvm::LLVMContext LLVMContext;
  std::string Error;
  std::unique_ptr<llvm::Module> IR = accel::graph::buildGenerationProgram(
      ModelPath, Shape, Context, LLVMContext, Error);
  if (!IR) {
    if (!Error.empty())
      WithColor::error(errs(), "accel-graphc") << Error << "\n";
    return 1;
  }
  if (EmitKind == Emit::Llvm) {
    IR->print(outs(), nullptr);
    return 0;
  }
  return compileAndLink(*IR, Argv0, /*GenerationProgram=*/true) ? 0 : 1;
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  // By name, for --mlir-print-ir-after=accel-fuse and its kin (before the
  // options that list them).
  accel::graph::registerAccelGraphPasses();
  mlir::registerPassManagerCLOptions();
  // --help lists this tool's options and MLIR's IR dumps, not the
  // hundreds of LLVM's that libLLVM registers (--help-hidden has them).
  cl::HideUnrelatedOptions(GraphcCategory);
  for (auto &[Name, Option] : cl::getRegisteredOptions())
    if (Name.starts_with("mlir-"))
      Option->setHiddenFlag(cl::NotHidden);
  cl::ParseCommandLineOptions(argc, argv,
                              "accel-graphc: ONNX models to Accel programs\n");
  if (PrintMachine) {
    outs() << "macs_per_cycle " << accel::graph::getPeakMacsPerCycle()
           << "\ndma_bytes_per_cycle " << accel::graph::getPeakDmaBytesPerCycle()
           << "\n";
    return 0;
  }
  if (ModelPath.empty()) {
    WithColor::error(errs(), "accel-graphc") << "no model given\n";
    return 1;
  }
  og::LoadOptions Options;
  Options.IsNative = accel::graph::importsOpType;
  for (const std::string &S : InputShapes)
    if (!parseInputShape(S, Options)) {
      WithColor::error(errs(), "accel-graphc")
          << "--input-shape " << S << ": expected name=d0,d1,... with sizes "
          << ">= 0\n";
      return 1;
    }

  if (Generate) {
    mlir::MLIRContext Context;
    mlir::ScopedDiagnosticHandler Diagnostics(&Context, reportDiagnostic);
    return generate(Context, argv[0]);
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
  mlir::ScopedDiagnosticHandler Diagnostics(&Context, reportDiagnostic);
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
  llvm::LLVMContext LLVMContext;
  std::unique_ptr<llvm::Module> IR =
      accel::graph::emitProgram(*Module, LLVMContext, DumpResults);
  if (!IR)
    return 1; // reported as an MLIR diagnostic
  if (EmitKind == Emit::Llvm) {
    IR->print(outs(), nullptr);
    return 0;
  }
  return compileAndLink(*IR, argv[0]) ? 0 : 1;
}
