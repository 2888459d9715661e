//===-- EmitProgram.h - A planned accel module as an Accel program -*- C++
//-*-===//
//
// The LLVM IR of a program that runs a memory-planned @main through
// libaccelgraph.a and the kernel library (EmitProgram.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_GRAPH_CODEGEN_EMITPROGRAM_H
#define ACCEL_GRAPH_CODEGEN_EMITPROGRAM_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include <memory>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace accel::graph {

/// The program's LLVM IR (target triple accel), or null after reporting
/// the error as an MLIR diagnostic. With \p DumpResults, each op's call is
/// to accel_graph_op_dumped, which writes its result out (graph_debug.c).
std::unique_ptr<llvm::Module> emitProgram(mlir::ModuleOp Planned,
                                          llvm::LLVMContext &Context,
                                          bool DumpResults = false);

/// One step of a generation program: a decoder-with-past's @main for one
/// shape, memory planned with its KV caches in place
/// (-accel-generation-step), its past rows (the prefill's 0), and its
/// arguments in the order accel_generate_step's inputs list them
/// (input_ids, attention_mask, position_ids, the cache position).
struct GenerationStep {
  mlir::ModuleOp Planned;
  int64_t PastRows;
  llvm::SmallVector<unsigned, 4> InputArgs;
};

/// A generation program's LLVM IR: each step as accel_generate_<i>_run()
/// and its tables, listed in accel_generate_steps, the constants shared
/// (graph_runtime.h; generate_main.c runs it). Null after reporting the
/// error as an MLIR diagnostic.
std::unique_ptr<llvm::Module>
emitGenerationProgram(llvm::ArrayRef<GenerationStep> Steps,
                      llvm::LLVMContext &Context);

} // namespace accel::graph

#endif
