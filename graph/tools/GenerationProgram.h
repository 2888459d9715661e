//===-- GenerationProgram.h - A decoder's steps as one program --*- C++ -*-===//
//
// accel-graphc --generate: a decoder-with-past ONNX model (HuggingFace
// Optimum's convention, docs/llm.md) compiled as the steps of a greedy
// generation with static shapes, as Neuron compiles them: the prefill of
// the prompt, and one-token decoding steps over buckets of past rows, each
// with the KV caches in place, in one program whose main()
// (kernels-c/graph/generate_main.c) runs the whole generation.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_GRAPH_TOOLS_GENERATIONPROGRAM_H
#define ACCEL_GRAPH_TOOLS_GENERATIONPROGRAM_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm
namespace mlir {
class MLIRContext;
}

namespace accel::graph {

struct GenerationShape {
  int64_t Batch = 1;
  int64_t PromptLength = 0; ///< the prefill's tokens (left-padded)
  int64_t MaxLength = 0;    ///< the caches' rows
  /// The decoding steps' past rows, ascending, in [PromptLength,
  /// MaxLength - 1]; empty: every 16 rows and the last.
  std::vector<int64_t> Buckets;
};

/// The past rows of the decoding steps of \p Shape.
std::vector<int64_t> decodeBuckets(const GenerationShape &Shape);

/// The generation program of the model at \p ModelPath, or null with one
/// message in \p Error (errors of the passes go to \p Context's diagnostic
/// handler, and \p Error is then empty).
std::unique_ptr<llvm::Module>
buildGenerationProgram(const std::string &ModelPath,
                       const GenerationShape &Shape,
                       mlir::MLIRContext &Context,
                       llvm::LLVMContext &LLVMContext, std::string &Error);

} // namespace accel::graph

#endif
