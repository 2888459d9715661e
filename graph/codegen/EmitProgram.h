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

} // namespace accel::graph

#endif
