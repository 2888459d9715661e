//===-- EmitProgram.cpp - A planned accel module as an Accel program ------===//
//
// Lowers @main, memory planned (PlanMemory.cpp), to the LLVM dialect and
// translates it to LLVM IR for our backend: the program libaccelgraph.a's
// main() runs (kernels-c/graph/graph_runtime.h).
//
//   accel_graph_arena          the planned arena, zero-initialized (.bss)
//   weights                    one constant global per distinct
//                              arith.constant
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
// A generation program (emitGenerationProgram) holds several planned
// functions, the steps of a decoder, each as accel_generate_<i>_run() with
// its tables, sharing the arena (sized for the largest) and the weights,
// and lists them in accel_generate_steps.
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
  Emitter(ModuleOp Out, bool DumpResults)
      : Out(Out), DumpResults(DumpResults), B(Out.getContext()),
        Ptr(LLVM::LLVMPointerType::get(Out.getContext())), I64(B.getI64Type()) {
  }

  /// Emits the planned \p F as <Prefix>_run() and its tables
  /// <Prefix>_inputs/outputs (the arguments \p InputArgs, by default all
  /// but the KV caches, in that order) and their counts.
  LogicalResult emitEntry(func::FuncOp F, StringRef Prefix,
                          ArrayRef<unsigned> InputArgs = {});
  /// accel_graph_arena, as large as the largest entry's plan: the entries
  /// run one at a time, the caches at the same offsets in each.
  void emitArena(Location Loc);

private:
  ModuleOp Out;
  bool DumpResults; ///< call accel_graph_op_dumped (graph_debug.c)
  OpBuilder B;
  Type Ptr, I64;
  func::FuncOp Main;                     ///< the entry being emitted
  DenseMap<Value, int64_t> ArenaOffset;  ///< its planned values
  DenseMap<Value, std::string> WeightOf; ///< its constants' globals
  /// Every entry's constants, one global for equal contents.
  DenseMap<Attribute, std::string> WeightGlobal;
  int64_t ArenaBytes = 1;
  bool OpFunctionDeclared = false;
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
  /// The address of \p V's data inside an entry's function.
  Value addressOf(Location Loc, Value V);
  LogicalResult emitOp(Operation &Op);
  void emitTables(StringRef Prefix, ArrayRef<unsigned> InputArgs);
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

/// One constant global per distinct arith.constant, 64-byte aligned for
/// the DMA.
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
    auto Flat = Dense.reshape(RankedTensorType::get({T.getNumElements()},
                                                    Element));
    auto [It, New] = WeightGlobal.try_emplace(Flat);
    if (New) {
      It->second = uniqueName("accel_graph_weight");
      OpBuilder::InsertionGuard Guard(B);
      B.setInsertionPointToEnd(Out.getBody());
      auto G = B.create<LLVM::GlobalOp>(
          C.getLoc(), LLVM::LLVMArrayType::get(Element, T.getNumElements()),
          /*isConstant=*/true, LLVM::Linkage::Internal, It->second, Flat);
      G.setAlignment(64);
    }
    WeightOf[C.getResult()] = It->second;
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

/// <Prefix>_inputs/outputs and their counts.
void Emitter::emitTables(StringRef Prefix, ArrayRef<unsigned> InputArgs) {
  auto bytes = [](Value V) { return getTensorBytes(V); };
  SmallVector<int64_t> Inputs, Outputs;
  for (unsigned I : InputArgs)
    Inputs.append({ArenaOffset.lookup(Main.getArgument(I)),
                   bytes(Main.getArgument(I))});
  auto Return = cast<func::ReturnOp>(Main.getBody().front().getTerminator());
  for (Value V : Return.getOperands())
    Outputs.append({ArenaOffset.lookup(V), bytes(V)});
  longsGlobal((Prefix + "_inputs").str(), Inputs, false);
  longsGlobal((Prefix + "_outputs").str(), Outputs, false);
  longsGlobal((Prefix + "_num_inputs").str(), {int64_t(Inputs.size() / 2)},
              false);
  longsGlobal((Prefix + "_num_outputs").str(), {int64_t(Outputs.size() / 2)},
              false);
}

LogicalResult Emitter::emitEntry(func::FuncOp F, StringRef Prefix,
                                 ArrayRef<unsigned> InputArgs) {
  Main = F;
  ArenaOffset.clear();
  WeightOf.clear();
  auto Planned = Main->getAttrOfType<IntegerAttr>("accel.arena_bytes");
  auto ArgOffsets = Main->getAttrOfType<DenseI64ArrayAttr>("accel.arg_offsets");
  if (!Planned || !ArgOffsets)
    return Main.emitError("is not memory planned: run -accel-plan-memory");
  ArenaBytes = std::max(ArenaBytes, Planned.getInt());
  for (auto [Arg, Offset] :
       llvm::zip(Main.getArguments(), ArgOffsets.asArrayRef()))
    ArenaOffset[Arg] = Offset;
  for (Value V : cast<func::ReturnOp>(Main.getBody().front().getTerminator())
                     .getOperands())
    if (V.getDefiningOp<arith::ConstantOp>())
      return Main.emitError("returns a constant, which is not handled");
  SmallVector<unsigned> Inputs(InputArgs);
  if (Inputs.empty())
    for (unsigned I = 0; I != Main.getNumArguments(); ++I)
      if (!Main.getArgAttr(I, "accel.kv_cache"))
        Inputs.push_back(I);

  B.setInsertionPointToEnd(Out.getBody());
  if (failed(planWeights()))
    return failure();
  if (!OpFunctionDeclared) {
    auto OpType = LLVM::LLVMFunctionType::get(
        LLVM::LLVMVoidType::get(B.getContext()), {Ptr, Ptr, I64});
    B.create<LLVM::LLVMFuncOp>(Main.getLoc(), opFunction(), OpType);
    OpFunctionDeclared = true;
  }
  auto Run = B.create<LLVM::LLVMFuncOp>(
      Main.getLoc(), (Prefix + "_run").str(),
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(B.getContext()), {}));
  B.setInsertionPointToStart(Run.addEntryBlock(B));
  for (Operation &Op : Main.getBody().front())
    if (failed(emitOp(Op)))
      return failure();
  B.create<LLVM::ReturnOp>(Main.getLoc(), ValueRange{});
  emitTables(Prefix, Inputs);
  return success();
}

void Emitter::emitArena(Location Loc) {
  // At least one byte, zero-initialized, so that it is .bss.
  B.setInsertionPointToEnd(Out.getBody());
  auto Arena = B.create<LLVM::GlobalOp>(
      Loc, LLVM::LLVMArrayType::get(B.getI8Type(), ArenaBytes),
      /*isConstant=*/false, LLVM::Linkage::External, "accel_graph_arena",
      DenseElementsAttr::get(RankedTensorType::get({ArenaBytes}, B.getI8Type()),
                             B.getI8IntegerAttr(0)));
  Arena.setAlignment(64);
}

} // namespace

/// An empty module for \p Context's LLVM dialect, ready for translation.
static OwningOpRef<ModuleOp> createLLVMModule(MLIRContext *Context,
                                              Location Loc) {
  Context->loadDialect<LLVM::LLVMDialect>();
  registerBuiltinDialectTranslation(*Context);
  registerLLVMDialectTranslation(*Context);
  return ModuleOp::create(Loc);
}

static std::unique_ptr<llvm::Module> translate(ModuleOp Out,
                                               llvm::LLVMContext &Context) {
  std::unique_ptr<llvm::Module> M =
      translateModuleToLLVMIR(Out, Context, "accel_graph");
  if (M)
    M->setTargetTriple("accel");
  return M;
}

std::unique_ptr<llvm::Module>
accel::graph::emitProgram(ModuleOp Planned, llvm::LLVMContext &LLVMContext,
                          bool DumpResults) {
  auto Main = Planned.lookupSymbol<func::FuncOp>("main");
  if (!Main) {
    Planned.emitError("has no @main");
    return nullptr;
  }
  OwningOpRef<ModuleOp> Out =
      createLLVMModule(Planned.getContext(), Planned.getLoc());
  Emitter E(*Out, DumpResults);
  if (failed(E.emitEntry(Main, "accel_graph")))
    return nullptr;
  E.emitArena(Planned.getLoc());
  return translate(*Out, LLVMContext);
}

std::unique_ptr<llvm::Module>
accel::graph::emitGenerationProgram(ArrayRef<GenerationStep> Steps,
                                    llvm::LLVMContext &LLVMContext) {
  assert(!Steps.empty() && "a generation program has a prefill");
  ModuleOp First = Steps.front().Planned;
  MLIRContext *Context = First.getContext();
  Location Loc = First.getLoc();
  OwningOpRef<ModuleOp> Out = createLLVMModule(Context, Loc);
  Emitter E(*Out, /*DumpResults=*/false);
  SmallVector<std::string> Prefixes;
  SmallVector<int64_t> NewRows; // input_ids' columns
  for (auto [I, Step] : llvm::enumerate(Steps)) {
    ModuleOp Planned = Step.Planned;
    auto Main = Planned.lookupSymbol<func::FuncOp>("main");
    if (!Main) {
      Planned.emitError("has no @main");
      return nullptr;
    }
    Prefixes.push_back(("accel_generate_" + Twine(I)).str());
    NewRows.push_back(shapeOf(Main.getArgument(Step.InputArgs[0]))[1]);
    if (failed(E.emitEntry(Main, Prefixes.back(), Step.InputArgs)))
      return nullptr;
  }
  E.emitArena(Loc);

  // accel_generate_steps (graph_runtime.h's accel_generate_step each).
  OpBuilder B(Context);
  B.setInsertionPointToEnd(Out->getBody());
  Type Ptr = LLVM::LLVMPointerType::get(Context), I64 = B.getI64Type();
  auto StepType = LLVM::LLVMStructType::getLiteral(
      Context, {Ptr, Ptr, I64, Ptr, I64, I64});
  static_assert(sizeof(accel_generate_step) == 6 * 8 &&
                    offsetof(accel_generate_step, past_rows) == 4 * 8,
                "accel_generate_step's layout is the table's");
  auto TableType = LLVM::LLVMArrayType::get(StepType, Steps.size());
  auto Table = B.create<LLVM::GlobalOp>(Loc, TableType, /*isConstant=*/true,
                                        LLVM::Linkage::External,
                                        "accel_generate_steps", Attribute());
  B.setInsertionPointToStart(B.createBlock(&Table.getInitializerRegion()));
  auto Address = [&](const Twine &Name) -> Value {
    return B.create<LLVM::AddressOfOp>(Loc, Ptr, Name.str());
  };
  auto Constant = [&](int64_t C) -> Value {
    return B.create<LLVM::ConstantOp>(Loc, I64, C);
  };
  Value All = B.create<LLVM::UndefOp>(Loc, TableType);
  for (auto [I, Step] : llvm::enumerate(Steps)) {
    SmallVector<Value, 6> Fields = {
        Address(Prefixes[I] + "_run"), Address(Prefixes[I] + "_inputs"),
        Constant(Step.InputArgs.size()), Address(Prefixes[I] + "_outputs"),
        Constant(Step.PastRows), Constant(NewRows[I])};
    Value Row = B.create<LLVM::UndefOp>(Loc, StepType);
    for (auto [At, Field] : llvm::enumerate(Fields))
      Row = B.create<LLVM::InsertValueOp>(Loc, Row, Field, At);
    All = B.create<LLVM::InsertValueOp>(Loc, All, Row, I);
  }
  B.create<LLVM::ReturnOp>(Loc, All);
  B.setInsertionPointToEnd(Out->getBody());
  auto Count = RankedTensorType::get({1}, I64);
  B.create<LLVM::GlobalOp>(
      Loc, LLVM::LLVMArrayType::get(I64, 1), /*isConstant=*/true,
      LLVM::Linkage::External, "accel_generate_num_steps",
      DenseElementsAttr::get(Count, {int64_t(Steps.size())}));
  return translate(*Out, LLVMContext);
}
