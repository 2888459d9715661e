//===-- GenerationProgram.cpp - A decoder's steps as one program ----------===//

#include "GenerationProgram.h"

#include "codegen/EmitProgram.h"
#include "import/OnnxImporter.h"
#include "onnx/OnnxGraph.h"
#include "transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/IR/Module.h"

#include <algorithm>
#include <map>

using namespace accel::graph;
namespace og = accel::onnx_graph;

namespace {

/// The decoder's inputs as Optimum names them, in the order
/// accel_generate_step lists them (the cache position comes last).
const char *const StepInputs[] = {"input_ids", "attention_mask",
                                  "position_ids"};

std::string pastName(int64_t Layer, bool Value) {
  return "past_key_values." + std::to_string(Layer) +
         (Value ? ".value" : ".key");
}

std::string presentName(int64_t Layer, bool Value) {
  return "present." + std::to_string(Layer) + (Value ? ".value" : ".key");
}

/// The model's layers and its caches' [KVH, D], after checking that its
/// inputs and outputs are exactly the convention's; false with a message.
bool readConvention(const std::string &Path, int64_t &Layers, int64_t &Heads,
                    int64_t &HeadSize, std::string &Error) {
  std::map<std::string, std::vector<int64_t>> Inputs;
  std::vector<std::string> Outputs;
  if (!og::readSignature(Path, Inputs, Outputs, Error))
    return false;
  std::string Prefix =
      Path + ": not a decoder with past (HuggingFace Optimum's convention, "
             "docs/llm.md): ";
  for (const char *Name : StepInputs)
    if (!Inputs.count(Name)) {
      Error = Prefix + "no input '" + Name + "'";
      return false;
    }
  Layers = 0;
  while (Inputs.count(pastName(Layers, false)))
    ++Layers;
  // Every layer's key and value (the first layer's at least), and nothing
  // else.
  for (int64_t L = 0; L < std::max<int64_t>(Layers, 1); ++L)
    for (bool V : {false, true})
      if (!Inputs.count(pastName(L, V))) {
        Error = Prefix + "no input '" + pastName(L, V) + "'";
        return false;
      }
  if (Inputs.size() != 3 + 2 * size_t(Layers))
    for (const auto &[Name, Dims] : Inputs) {
      bool Known = llvm::is_contained(StepInputs, Name);
      for (int64_t L = 0; L != Layers; ++L)
        Known |= Name == pastName(L, false) || Name == pastName(L, true);
      if (!Known) {
        Error = Prefix + "input '" + Name + "' is not one of its inputs";
        return false;
      }
    }
  std::vector<int64_t> Cache = Inputs[pastName(0, false)];
  if (Cache.size() != 4 || Cache[1] <= 0 || Cache[3] <= 0) {
    Error = Prefix + "input '" + pastName(0, false) +
            "' must be [batch, heads, past, head size] with static heads "
            "and head size";
    return false;
  }
  for (int64_t L = 0; L != Layers; ++L)
    for (bool V : {false, true}) {
      const std::vector<int64_t> &Dims = Inputs[pastName(L, V)];
      if (Dims.size() != 4 || Dims[1] != Cache[1] || Dims[3] != Cache[3]) {
        Error = Prefix + "input '" + pastName(L, V) +
                "' is not [batch, " + std::to_string(Cache[1]) + ", past, " +
                std::to_string(Cache[3]) + "] as '" + pastName(0, false) +
                "'";
        return false;
      }
    }
  std::vector<std::string> Expected = {"logits"};
  for (int64_t L = 0; L != Layers; ++L)
    for (bool V : {false, true})
      Expected.push_back(presentName(L, V));
  for (const std::string &Name : Expected)
    if (!llvm::is_contained(Outputs, Name)) {
      Error = Prefix + "no output '" + Name + "'";
      return false;
    }
  if (Outputs[0] != "logits") {
    Error = Prefix + "its first output is '" + Outputs[0] + "', not 'logits'";
    return false;
  }
  Heads = Cache[1];
  HeadSize = Cache[3];
  return true;
}

} // namespace

std::vector<int64_t> accel::graph::decodeBuckets(const GenerationShape &Shape) {
  if (!Shape.Buckets.empty())
    return Shape.Buckets;
  constexpr int64_t Rows = 16;
  std::vector<int64_t> Buckets;
  int64_t Last = Shape.MaxLength - 1;
  for (int64_t P = (Shape.PromptLength + Rows - 1) / Rows * Rows; P < Last;
       P += Rows)
    Buckets.push_back(std::max(P, Shape.PromptLength));
  if (Last >= Shape.PromptLength)
    Buckets.push_back(Last);
  return Buckets;
}

std::unique_ptr<llvm::Module> accel::graph::buildGenerationProgram(
    const std::string &ModelPath, const GenerationShape &Shape,
    mlir::MLIRContext &Context, llvm::LLVMContext &LLVMContext,
    std::string &Error) {
  int64_t Layers, Heads, HeadSize;
  if (!readConvention(ModelPath, Layers, Heads, HeadSize, Error))
    return nullptr;
  std::vector<int64_t> Buckets = decodeBuckets(Shape);
  for (size_t I = 0; I != Buckets.size(); ++I)
    if (Buckets[I] < Shape.PromptLength || Buckets[I] >= Shape.MaxLength ||
        (I && Buckets[I] <= Buckets[I - 1])) {
      Error = "the decoding steps' past rows must ascend from the prompt's " +
              std::to_string(Shape.PromptLength) + " to the max length " +
              std::to_string(Shape.MaxLength) + " - 1";
      return nullptr;
    }

  // The prefill (no past), then a decoding step per bucket.
  std::vector<std::pair<int64_t, int64_t>> PastAndNew = {
      {0, Shape.PromptLength}};
  for (int64_t P : Buckets)
    PastAndNew.push_back({P, 1});
  std::vector<mlir::OwningOpRef<mlir::ModuleOp>> Modules;
  std::vector<GenerationStep> Steps;
  for (auto [Past, New] : PastAndNew) {
    og::LoadOptions Options;
    Options.IsNative = importsOpType;
    Options.InputShapes["input_ids"] = {Shape.Batch, New};
    Options.InputShapes["attention_mask"] = {Shape.Batch, Past + New};
    Options.InputShapes["position_ids"] = {Shape.Batch, New};
    for (int64_t L = 0; L != Layers; ++L)
      for (bool V : {false, true})
        Options.InputShapes[pastName(L, V)] = {Shape.Batch, Heads, Past,
                                               HeadSize};
    og::Graph G;
    if (!og::loadModel(ModelPath, Options, G, Error))
      return nullptr;
    mlir::OwningOpRef<mlir::ModuleOp> Module =
        importOnnxGraph(G, ModelPath, Context, Error);
    if (!Module)
      return nullptr;
    mlir::PassManager PM(&Context);
    // accel-graphc's --mlir-print-ir-* and timing options, as for a model.
    if (mlir::failed(mlir::applyPassManagerCLOptions(PM)))
      return nullptr;
    buildGraphPipeline(PM, Shape.MaxLength);
    if (mlir::failed(PM.run(*Module)))
      return nullptr; // reported to the context's handler
    GenerationStep Step{*Module, Past, {}};
    for (const char *Name : StepInputs)
      Step.InputArgs.push_back(
          std::find(G.Inputs.begin(), G.Inputs.end(), Name) - G.Inputs.begin());
    // The cache position: -accel-generation-step's last argument.
    auto Main = Module->lookupSymbol<mlir::func::FuncOp>("main");
    Step.InputArgs.push_back(Main.getNumArguments() - 1);
    Steps.push_back(Step);
    Modules.push_back(std::move(Module));
  }
  return emitGenerationProgram(Steps, LLVMContext);
}
