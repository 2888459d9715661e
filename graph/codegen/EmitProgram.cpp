//===-- EmitProgram.cpp - A planned accel module as an Accel program ------===//
//
// Lowers @main, memory planned (PlanMemory.cpp), to the LLVM dialect and
// translates it to LLVM IR for our backend: the program libaccelgraph.a's
// main() runs (kernels-c/graph/graph_runtime.h).
//
//   accel_graph_arena          the planned arena, zero-initialized (.bss)
//   weights                    one constant global per arith.constant
//   accel_graph_run()          one accel_graph_op(record, name, bound) call
//                              per op: the record a constant array of
//                              longs (its length, op code, the operands'
//                              descriptors as accel_tensor structs, their
//                              data in the arena or the weights, then the
//                              op's attributes, OpRecords.cpp), the node's
//                              name, the op's roofline bound (OpCost.h)
//   accel_graph_inputs/outputs {offset, bytes} of each, and their counts
//
// Records go in the scratchpad's initialized data (.spm.data) while they
// fit in RecordsInScratchpad bytes, the rest in DRAM.
//
// accel.reshape and the transposes and slices -accel-plan-memory made views
// (`accel.view`) emit nothing: their results are their inputs' bytes, read
// through the strides the records give their readers.
//
//===----------------------------------------------------------------------===//

#include "codegen/EmitProgram.h"
#include "codegen/OpCost.h"
#include "codegen/OpRecords.h"
#include "dialect/AccelGraphDialect.h"
#include "transforms/Views.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/Module.h"

// The records' layout and the kernels' descriptors: the headers the C side
// compiles against.
#include "accel_kernels.h"
#include "accel_spm_budget.h"
#include "graph_runtime.h"

using namespace mlir;
using namespace accel::graph;

namespace {

/// A record's head (accel_graph_record) and an operand's descriptor: an
/// accel_tensor's fields, which the runtime hands the kernels where they
/// lie.
constexpr int64_t HeadFields = sizeof(accel_graph_record) / 8;
constexpr int64_t TensorFields = sizeof(accel_tensor) / 8;
static_assert(sizeof(accel_tensor) == 8 * (2 + 2 * ACCEL_MAX_RANK) &&
                  offsetof(accel_tensor, dtype) == 8 &&
                  offsetof(accel_tensor, rank) == 12 &&
                  offsetof(accel_tensor, dims) == 16,
              "accel_tensor's layout is the record's (the host's and "
              "Accel's LP64 agree)");

/// The scratchpad bytes the records may take: their share of it.
constexpr int64_t RecordsInScratchpad = ACCEL_SPM_GRAPH_RECORD_BYTES;

class Emitter {
public:
  Emitter(func::FuncOp Main, ModuleOp Out, bool DumpResults)
      : Main(Main), Out(Out), DumpResults(DumpResults), B(Out.getContext()),
        Ptr(LLVM::LLVMPointerType::get(Out.getContext())), I64(B.getI64Type()) {
  }

  LogicalResult run();

private:
  func::FuncOp Main;
  ModuleOp Out;
  bool DumpResults; ///< call accel_graph_op_dumped (graph_debug.c)
  OpBuilder B;
  Type Ptr, I64;
  DenseMap<Value, int64_t> ArenaOffset;  ///< planned values
  DenseMap<Value, std::string> WeightOf; ///< constants' globals
  unsigned Counter = 0;
  int64_t ScratchpadRecordBytes = 0; ///< the records placed there so far

  StringRef opFunction() const {
    return DumpResults ? "accel_graph_op_dumped" : "accel_graph_op";
  }
  std::string uniqueName(StringRef Prefix) {
    return (Prefix + "." + Twine(Counter++)).str();
  }
  /// A module-level constant global of longs.
  void longsGlobal(StringRef Name, ArrayRef<int64_t> Values, bool Internal);
  /// An op's record (graph_runtime.h): its length, \p Code, the operands'
  /// count and their descriptors (accel_tensor) as the kernels take them,
  /// then \p Fields.
  void recordGlobal(StringRef Name, int64_t Code, ArrayRef<Value> Operands,
                    ArrayRef<ViewLayout> Layouts, ArrayRef<int64_t> Fields);
  LogicalResult planWeights();
  /// The address of \p V's data inside accel_graph_run.
  Value addressOf(Location Loc, Value V);
  LogicalResult emitOp(Operation &Op);
  void emitTables();
};

void Emitter::longsGlobal(StringRef Name, ArrayRef<int64_t> Values,
                          bool Internal) {
  OpBuilder::InsertionGuard Guard(B);
  B.setInsertionPointToEnd(Out.getBody());
  auto Type = RankedTensorType::get({int64_t(Values.size())}, I64);
  B.create<LLVM::GlobalOp>(
      Out.getLoc(), LLVM::LLVMArrayType::get(I64, Values.size()),
      /*isConstant=*/true,
      Internal ? LLVM::Linkage::Internal : LLVM::Linkage::External, Name,
      DenseElementsAttr::get(Type, Values));
}

void Emitter::recordGlobal(StringRef Name, int64_t Code,
                           ArrayRef<Value> Operands,
                           ArrayRef<ViewLayout> Layouts,
                           ArrayRef<int64_t> Fields) {
  OpBuilder::InsertionGuard Guard(B);
  B.setInsertionPointToEnd(Out.getBody());
  Location Loc = Out.getLoc();
  int64_t Length = HeadFields + Operands.size() * TensorFields + Fields.size();
  auto Type = LLVM::LLVMArrayType::get(I64, Length);
  auto G = B.create<LLVM::GlobalOp>(Loc, Type, /*isConstant=*/true,
                                    LLVM::Linkage::Internal, Name, Attribute());
  G.setAlignment(64); // one DMA transfer into the scratchpad
  // The first records, up to RecordsInScratchpad bytes, are loaded into
  // the scratchpad with the program, where the runtime reads them as they
  // lie: no transfer and its wait.
  int64_t Bytes = (Length * 8 + 63) / 64 * 64;
  if (ScratchpadRecordBytes + Bytes <= RecordsInScratchpad) {
    G.setSectionAttr(B.getStringAttr(".spm.data"));
    ScratchpadRecordBytes += Bytes;
  }
  B.setInsertionPointToStart(B.createBlock(&G.getInitializerRegion()));
  Value Record = B.create<LLVM::UndefOp>(Loc, Type);
  int64_t At = 0;
  auto put = [&](Value V) {
    Record = B.create<LLVM::InsertValueOp>(Loc, Record, V, At++);
  };
  auto putConstant = [&](int64_t C) {
    put(B.create<LLVM::ConstantOp>(Loc, I64, C));
  };
  putConstant(Length); // accel_graph_record
  putConstant(Code);
  putConstant(Operands.size());
  for (auto [V, L] : llvm::zip(Operands, Layouts)) {
    // An accel_tensor as it lies: data, dtype and rank in one field
    // (little-endian: dtype the low half), dims, strides.
    put(B.create<LLVM::PtrToIntOp>(Loc, I64, addressOf(Loc, V)));
    putConstant(getAccelDtype(cast<ShapedType>(V.getType()).getElementType()) |
                int64_t(L.Dims.size()) << 32);
    for (ArrayRef<int64_t> Values : {ArrayRef(L.Dims), ArrayRef(L.Strides)})
      for (int D = 0; D < ACCEL_MAX_RANK; ++D)
        putConstant(D < int(Values.size()) ? Values[D] : 0);
  }
  for (int64_t F : Fields)
    putConstant(F);
  B.create<LLVM::ReturnOp>(Loc, Record);
}

/// One constant global per arith.constant, 64-byte aligned for the DMA.
LogicalResult Emitter::planWeights() {
  for (auto C : Main.getBody().getOps<arith::ConstantOp>()) {
    auto Dense = dyn_cast<DenseElementsAttr>(C.getValue());
    auto T = dyn_cast<RankedTensorType>(C.getType());
    if (!Dense || !T)
      return C.emitError("only tensor constants are handled");
    // LLVM's integers are signless: an unsigned constant's bits as one.
    // (A bool array is a byte an element in LLVM's memory.)
    Type Element = T.getElementType();
    if (auto I = dyn_cast<IntegerType>(Element); I && !I.isSignless()) {
      Element = B.getIntegerType(I.getWidth());
      Dense = Dense.bitcast(Element);
    }
    std::string Name = uniqueName("accel_graph_weight");
    OpBuilder::InsertionGuard Guard(B);
    B.setInsertionPointToEnd(Out.getBody());
    auto Flat = RankedTensorType::get({T.getNumElements()}, Element);
    auto G = B.create<LLVM::GlobalOp>(
        C.getLoc(), LLVM::LLVMArrayType::get(Element, T.getNumElements()),
        /*isConstant=*/true, LLVM::Linkage::Internal, Name,
        Dense.reshape(Flat));
    G.setAlignment(64);
    WeightOf[C.getResult()] = Name;
  }
  return success();
}

Value Emitter::addressOf(Location Loc, Value V) {
  auto W = WeightOf.find(V);
  if (W != WeightOf.end())
    return B.create<LLVM::AddressOfOp>(Loc, Ptr, W->second);
  Value Arena = B.create<LLVM::AddressOfOp>(Loc, Ptr, "accel_graph_arena");
  // An i64 index: a constant GEPArg is an int32_t.
  Value Offset = B.create<LLVM::ConstantOp>(Loc, I64, ArenaOffset.lookup(V));
  return B.create<LLVM::GEPOp>(Loc, Ptr, B.getI8Type(), Arena,
                               ArrayRef<LLVM::GEPArg>{Offset});
}

/// An operand as the kernel gets it: a view's strides (for its finer
/// shape, accel.view_dims, if it has one), or its shape's row-major ones.
static ViewLayout operandLayout(Value V) {
  ArrayRef<int64_t> Shape = shapeOf(V);
  ViewLayout L{0, contiguousStrides(Shape), {Shape.begin(), Shape.end()}};
  Operation *Def = V.getDefiningOp();
  if (auto S = Def ? Def->getAttrOfType<DenseI64ArrayAttr>("accel.strides")
                   : nullptr)
    L.Strides.assign(S.asArrayRef().begin(), S.asArrayRef().end());
  if (auto D = Def ? Def->getAttrOfType<DenseI64ArrayAttr>("accel.view_dims")
                   : nullptr)
    L.Dims.assign(D.asArrayRef().begin(), D.asArrayRef().end());
  return L;
}

LogicalResult Emitter::emitOp(Operation &Op) {
  if (isa<arith::ConstantOp, func::ReturnOp>(Op))
    return success();
  auto Offset = Op.getAttrOfType<IntegerAttr>("accel.offset");
  if (!Offset)
    return Op.emitError("has no accel.offset: run -accel-plan-memory first");
  ArenaOffset[Op.getResult(0)] = Offset.getInt();
  if (isa<ReshapeOp>(Op) || Op.hasAttr("accel.view"))
    return success();
  SmallVector<Value> Operands(Op.getOperands());
  Operands.push_back(Op.getResult(0));
  SmallVector<ViewLayout> Layouts;
  for (Value V : Operands)
    Layouts.push_back(operandLayout(V));
  std::optional<OpRecord> Rec = recordOf(Op, Layouts);
  if (!Rec)
    return Op.emitError("has no code generation");
  for (const ViewLayout &L : Layouts)
    if (L.Dims.size() > size_t(ACCEL_MAX_RANK))
      return Op.emitError("has an operand of rank ")
             << L.Dims.size() << ": the kernels take up to "
             << int64_t(ACCEL_MAX_RANK);
  const SmallVector<int64_t> &Fields = Rec->Fields;
  if (HeadFields + Operands.size() * TensorFields + Fields.size() >
      ACCEL_GRAPH_MAX_RECORD)
    return Op.emitError("needs a record of more than ")
           << int64_t(ACCEL_GRAPH_MAX_RECORD)
           << " fields (a gather's indices, a concat's inputs): not supported";
  std::string RecordName = uniqueName("accel_graph_record");
  recordGlobal(RecordName, Rec->Code, Operands, Layouts, Fields);

  // The node's name, from the op's location (the importer's NameLoc), or
  // the names of the nodes a fused op computes, joined by " + ".
  std::string Name;
  Op.getLoc()->walk([&](Location L) {
    if (auto N = dyn_cast<NameLoc>(L))
      Name += (Name.empty() ? "" : " + ") + N.getName().str();
    return WalkResult::advance();
  });
  if (Name.empty())
    Name = "?";
  Location Loc = Op.getLoc();
  Value NameStr =
      LLVM::createGlobalString(Loc, B, uniqueName("accel_graph_name"),
                               Name + '\0', LLVM::Linkage::Internal);

  Value RecordPtr = B.create<LLVM::AddressOfOp>(Loc, Ptr, RecordName);
  Value Bound =
      B.create<LLVM::ConstantOp>(Loc, I64, getOpCost(Op).boundCycles());
  B.create<LLVM::CallOp>(Loc, TypeRange{}, opFunction(),
                         ValueRange{RecordPtr, NameStr, Bound});
  return success();
}

/// accel_graph_inputs/outputs and their counts.
void Emitter::emitTables() {
  auto bytes = [](Value V) { return getTensorBytes(V); };
  SmallVector<int64_t> Inputs, Outputs;
  for (BlockArgument Arg : Main.getArguments())
    Inputs.append({ArenaOffset.lookup(Arg), bytes(Arg)});
  auto Return = cast<func::ReturnOp>(Main.getBody().front().getTerminator());
  for (Value V : Return.getOperands())
    Outputs.append({ArenaOffset.lookup(V), bytes(V)});
  longsGlobal("accel_graph_inputs", Inputs, false);
  longsGlobal("accel_graph_outputs", Outputs, false);
  longsGlobal("accel_graph_num_inputs", {int64_t(Inputs.size() / 2)}, false);
  longsGlobal("accel_graph_num_outputs", {int64_t(Outputs.size() / 2)}, false);
}

LogicalResult Emitter::run() {
  auto ArenaBytes = Main->getAttrOfType<IntegerAttr>("accel.arena_bytes");
  auto ArgOffsets = Main->getAttrOfType<DenseI64ArrayAttr>("accel.arg_offsets");
  if (!ArenaBytes || !ArgOffsets)
    return Main.emitError("is not memory planned: run -accel-plan-memory");
  for (auto [Arg, Offset] :
       llvm::zip(Main.getArguments(), ArgOffsets.asArrayRef()))
    ArenaOffset[Arg] = Offset;
  for (Value V : cast<func::ReturnOp>(Main.getBody().front().getTerminator())
                     .getOperands())
    if (V.getDefiningOp<arith::ConstantOp>())
      return Main.emitError("returns a constant, which is not handled");

  B.setInsertionPointToEnd(Out.getBody());
  // The arena: at least one byte, zero-initialized, so that it is .bss.
  int64_t Size = std::max<int64_t>(1, ArenaBytes.getInt());
  auto Arena = B.create<LLVM::GlobalOp>(
      Main.getLoc(), LLVM::LLVMArrayType::get(B.getI8Type(), Size),
      /*isConstant=*/false, LLVM::Linkage::External, "accel_graph_arena",
      DenseElementsAttr::get(RankedTensorType::get({Size}, B.getI8Type()),
                             B.getI8IntegerAttr(0)));
  Arena.setAlignment(64);
  if (failed(planWeights()))
    return failure();

  auto OpType = LLVM::LLVMFunctionType::get(
      LLVM::LLVMVoidType::get(B.getContext()), {Ptr, Ptr, I64});
  B.create<LLVM::LLVMFuncOp>(Main.getLoc(), opFunction(), OpType);
  auto Run = B.create<LLVM::LLVMFuncOp>(
      Main.getLoc(), "accel_graph_run",
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(B.getContext()), {}));
  B.setInsertionPointToStart(Run.addEntryBlock(B));
  for (Operation &Op : Main.getBody().front())
    if (failed(emitOp(Op)))
      return failure();
  B.create<LLVM::ReturnOp>(Main.getLoc(), ValueRange{});
  emitTables();
  return success();
}

} // namespace

std::unique_ptr<llvm::Module>
accel::graph::emitProgram(ModuleOp Planned, llvm::LLVMContext &LLVMContext,
                          bool DumpResults) {
  auto Main = Planned.lookupSymbol<func::FuncOp>("main");
  if (!Main) {
    Planned.emitError("has no @main");
    return nullptr;
  }
  MLIRContext *Context = Planned.getContext();
  Context->loadDialect<LLVM::LLVMDialect>();
  registerBuiltinDialectTranslation(*Context);
  registerLLVMDialectTranslation(*Context);
  OwningOpRef<ModuleOp> Out = ModuleOp::create(Planned.getLoc());
  if (failed(Emitter(Main, *Out, DumpResults).run()))
    return nullptr;
  std::unique_ptr<llvm::Module> M =
      translateModuleToLLVMIR(*Out, LLVMContext, "accel_graph");
  if (M)
    M->setTargetTriple("accel");
  return M;
}
