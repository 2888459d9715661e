//===-- OnnxImporter.cpp - A loaded ONNX graph into the accel dialect -----===//
//
// One handler per ONNX op type, each reading the node's attributes with
// ONNX's defaults and building accel ops whose result types are the static
// shapes the loader inferred; the ops' verifiers then check those shapes
// against the dialect's own rules, so a disagreement is caught here, at
// the node, rather than in a kernel. Each op's location is the node's name
// and op type.
//
// This file holds the importer's values and helpers, the one table of
// handlers and the run; the handlers are in a file per operator family
// (ImportElementwise.cpp, ImportMatmulConv.cpp, ImportNorms.cpp,
// ImportShape.cpp), the class they share in Importer.h.
//
//===----------------------------------------------------------------------===//

#include "import/OnnxImporter.h"
#include "import/Importer.h"

using namespace mlir;
using namespace accel::graph;
using namespace accel::graph::import_detail;

Type Importer::elementType(og::ElemType T) const {
  MLIRContext *C = &Context;
  auto signless = [&](unsigned Bits) { return IntegerType::get(C, Bits); };
  auto unsigned_ = [&](unsigned Bits) {
    return IntegerType::get(C, Bits, IntegerType::Unsigned);
  };
  switch (T) {
  case og::ElemType::Float16:
    return Float16Type::get(C);
  case og::ElemType::BFloat16:
    return BFloat16Type::get(C);
  case og::ElemType::Double:
    return Float64Type::get(C);
  case og::ElemType::Bool:
    return signless(1);
  case og::ElemType::Int8:
    return signless(8);
  case og::ElemType::Int16:
    return signless(16);
  case og::ElemType::Int32:
    return signless(32);
  case og::ElemType::Int64:
    return signless(64);
  case og::ElemType::UInt8:
    return unsigned_(8);
  case og::ElemType::UInt16:
    return unsigned_(16);
  case og::ElemType::UInt32:
    return unsigned_(32);
  case og::ElemType::UInt64:
    return unsigned_(64);
  default: // the loader refuses the others
    return Float32Type::get(C);
  }
}

Value Importer::input(unsigned I) {
  if (!hasInput(I)) {
    fail("input " + Twine(I) + " is missing");
    return {};
  }
  return valueOf(Node->Inputs[I]);
}

Value Importer::valueOf(const std::string &Name) {
  auto It = Values.find(Name);
  if (It != Values.end())
    return It->second;
  if (!isConstant(Name)) {
    fail("value '" + Name + "' is not defined");
    return {};
  }
  // A constant, made on first use at the start of the function.
  const og::Tensor &T = G.Values.at(Name);
  RankedTensorType Type = tensorType(Name);
  DenseElementsAttr Data;
  if (T.Type == og::ElemType::Bool) {
    // A byte an element in ONNX, a bit in a DenseElementsAttr.
    SmallVector<bool> Bits(T.Data.begin(), T.Data.end());
    Data = DenseElementsAttr::get(Type, ArrayRef<bool>(Bits));
  } else {
    Data = DenseElementsAttr::getFromRawBuffer(
        Type, ArrayRef<char>(reinterpret_cast<const char *>(T.Data.data()),
                             T.Data.size()));
  }
  OpBuilder::InsertionGuard Guard(B);
  if (LastConstant)
    B.setInsertionPointAfter(LastConstant);
  else
    B.setInsertionPointToStart(B.getInsertionBlock());
  auto C =
      B.create<arith::ConstantOp>(NameLoc::get(StringAttr::get(&Context, Name)),
                                  Type, cast<TypedAttr>(Data));
  LastConstant = C;
  return Values[Name] = C;
}

bool Importer::verifyNode(Block::iterator First, Block::iterator End) {
  std::string Message;
  ScopedDiagnosticHandler Handler(&Context, [&](mlir::Diagnostic &D) {
    if (Message.empty())
      Message = D.str();
    return success();
  });
  for (Operation &Op : llvm::make_range(First, End))
    if (failed(mlir::verify(&Op)))
      return fail(Message);
  return true;
}

bool Importer::onlyFirstOutputUsed() {
  for (size_t I = 1; I < Node->Outputs.size(); ++I) {
    const std::string &Out = Node->Outputs[I];
    if (Out.empty())
      continue;
    for (const og::Node &Other : G.Nodes)
      for (const std::string &In : Other.Inputs)
        if (In == Out)
          return fail("output '" + Out + "' is read, which is not supported");
    for (const std::string &GraphOut : G.Outputs)
      if (GraphOut == Out)
        return fail("output '" + Out +
                    "' is a graph output, which is not "
                    "supported");
  }
  return true;
}

std::optional<float> Importer::constantScalar(unsigned I) {
  const std::string &Name = Node->Inputs[I];
  const og::Tensor &T = G.Values.at(Name);
  if (T.Data.size() != 4 || T.Type != og::ElemType::Float ||
      std::find(G.Constants.begin(), G.Constants.end(), Name) ==
          G.Constants.end()) {
    fail("input '" + Name + "' must be a constant f32 scalar");
    return std::nullopt;
  }
  float F;
  std::memcpy(&F, T.Data.data(), 4);
  return F;
}

std::optional<std::vector<int64_t>> Importer::constantInts(unsigned I) {
  const std::string &Name = Node->Inputs[I];
  const og::Tensor &T = G.Values.at(Name);
  bool Is64 = T.Type == og::ElemType::Int64;
  if ((!Is64 && T.Type != og::ElemType::Int32) ||
      std::find(G.Constants.begin(), G.Constants.end(), Name) ==
          G.Constants.end()) {
    fail("input '" + Name + "' must be a constant integer tensor");
    return std::nullopt;
  }
  std::vector<int64_t> V(T.getNumElements());
  for (size_t K = 0; K != V.size(); ++K) {
    if (Is64) {
      std::memcpy(&V[K], T.Data.data() + 8 * K, 8);
    } else {
      int32_t X;
      std::memcpy(&X, T.Data.data() + 4 * K, 4);
      V[K] = X;
    }
  }
  return V;
}

std::optional<int64_t> Importer::normalizeAxis(int64_t Axis, int64_t Rank) {
  if (Axis < -Rank || Axis >= Rank) {
    fail("axis " + Twine(Axis) + " is outside rank " + Twine(Rank));
    return std::nullopt;
  }
  return Axis < 0 ? Axis + Rank : Axis;
}

/// The handlers, one an ONNX op type.
const llvm::StringMap<Importer::Handler> &Importer::handlers() {
  static const llvm::StringMap<Handler> Map = [] {
    llvm::StringMap<Handler> M;
    // The elementwise kinds that are an ONNX operator each, as the
    // dialect declares them (AccelGraphEnums.td).
    for (uint32_t V = 0; V <= getMaxEnumValForElementwiseKind(); ++V)
      if (std::optional<ElementwiseKind> Kind = symbolizeElementwiseKind(V))
        if (StringRef Op = ElementwiseKindAttr::getOnnxName(*Kind); !Op.empty())
          M[Op] = [Kind = *Kind](Importer &I) { return I.elementwise(Kind); };
    M["Pow"] = [](Importer &I) { return I.pow(); };
    M["Max"] = [](Importer &I) { return I.variadic(ElementwiseKind::max); };
    M["Min"] = [](Importer &I) { return I.variadic(ElementwiseKind::min); };
    for (auto [Op, Kind] : {std::pair{"ReduceSum", ReduceKind::sum},
                            {"ReduceMean", ReduceKind::mean},
                            {"ReduceMax", ReduceKind::max},
                            {"ReduceMin", ReduceKind::min},
                            {"ReduceL1", ReduceKind::l1},
                            {"ReduceL2", ReduceKind::l2},
                            {"ReduceLogSum", ReduceKind::log_sum},
                            {"ReduceLogSumExp", ReduceKind::log_sum_exp},
                            {"ReduceProd", ReduceKind::prod},
                            {"ReduceSumSquare", ReduceKind::sum_square}})
      M[Op] = [Kind = Kind](Importer &I) { return I.reduce(Kind); };
    M["ArgMax"] = [](Importer &I) { return I.argReduce(false); };
    M["ArgMin"] = [](Importer &I) { return I.argReduce(true); };
    M["Hardmax"] = [](Importer &I) { return I.hardmax(); };
    M["CumSum"] = [](Importer &I) { return I.cumSum(); };
    M["TopK"] = [](Importer &I) { return I.topK(); };
    M["LeakyRelu"] = [](Importer &I) { return I.leakyRelu(); };
    for (auto [Op, Kind] :
         {std::pair{"Elu", ElementwiseKind::elu},
          {"Celu", ElementwiseKind::celu},
          {"ThresholdedRelu", ElementwiseKind::thresholded_relu}})
      M[Op] = [Kind = Kind](Importer &I) { return I.alphaActivation(Kind); };
    M["Selu"] = [](Importer &I) { return I.selu(); };
    M["Shrink"] = [](Importer &I) { return I.shrink(); };
    M["Softsign"] = [](Importer &I) { return I.softsign(); };
    M["Sum"] = [](Importer &I) { return I.sumOrMean(false); };
    M["Mean"] = [](Importer &I) { return I.sumOrMean(true); };
    M["Clip"] = [](Importer &I) { return I.clip(); };
    M["Mod"] = [](Importer &I) { return I.mod(); };
    M["BitShift"] = [](Importer &I) { return I.bitShift(); };
    M["IsInf"] = [](Importer &I) { return I.isInf(); };
    M["HardSigmoid"] = [](Importer &I) { return I.hardSigmoid(false); };
    M["HardSwish"] = [](Importer &I) { return I.hardSigmoid(true); };
    M["MatMul"] = [](Importer &I) { return I.matmul(); };
    M["Gemm"] = [](Importer &I) { return I.gemm(); };
    M["Conv"] = [](Importer &I) { return I.conv(); };
    M["ConvTranspose"] = [](Importer &I) { return I.convTranspose(); };
    M["MaxPool"] = [](Importer &I) { return I.maxPool(); };
    M["GridSample"] = [](Importer &I) { return I.gridSample(); };
    M["Det"] = [](Importer &I) { return I.det(); };
    M["AveragePool"] = [](Importer &I) { return I.pool(PoolKind::avg); };
    M["GlobalAveragePool"] = [](Importer &I) {
      return I.globalPool(PoolKind::avg);
    };
    M["GlobalMaxPool"] = [](Importer &I) {
      return I.globalPool(PoolKind::max);
    };
    M["Softmax"] = [](Importer &I) { return I.softmax(false); };
    M["LogSoftmax"] = [](Importer &I) { return I.softmax(true); };
    for (const char *Op : {"Reshape", "Flatten", "Squeeze", "Unsqueeze"})
      M[Op] = [](Importer &I) { return I.reshape(); };
    M["Transpose"] = [](Importer &I) { return I.transpose(); };
    M["LayerNormalization"] = [](Importer &I) { return I.layerNorm(); };
    M["BatchNormalization"] = [](Importer &I) { return I.batchNorm(); };
    M["InstanceNormalization"] = [](Importer &I) { return I.instanceNorm(); };
    M["LRN"] = [](Importer &I) { return I.lrn(); };
    M["QuantizeLinear"] = [](Importer &I) { return I.quantizeLinear(); };
    M["DequantizeLinear"] = [](Importer &I) { return I.dequantizeLinear(); };
    M["MatMulInteger"] = [](Importer &I) { return I.matMulInteger(); };
    M["QLinearMatMul"] = [](Importer &I) { return I.qlinearMatMul(); };
    M["ConvInteger"] = [](Importer &I) { return I.convInteger(); };
    M["QLinearConv"] = [](Importer &I) { return I.qlinearConv(); };
    M["Einsum"] = [](Importer &I) { return I.einsum(); };
    for (auto [Op, Cell] : {std::pair{"RNN", RecurrentCell::RNN},
                            {"GRU", RecurrentCell::GRU},
                            {"LSTM", RecurrentCell::LSTM}})
      M[Op] = [Cell = Cell](Importer &I) { return I.recurrent(Cell); };
    M["Concat"] = [](Importer &I) { return I.concat(); };
    M["Slice"] = [](Importer &I) { return I.slice(); };
    M["Split"] = [](Importer &I) { return I.split(); };
    M["Identity"] = [](Importer &I) { return I.identity(); };
    M["Pad"] = [](Importer &I) { return I.pad(); };
    M["Gather"] = [](Importer &I) { return I.gather(); };
    M["Expand"] = [](Importer &I) { return I.expand(); };
    M["Where"] = [](Importer &I) { return I.where(); };
    M["Cast"] = [](Importer &I) { return I.castOp(); };
    M["CastLike"] = [](Importer &I) { return I.castOp(); };
    M["Resize"] = [](Importer &I) { return I.resize(); };
    M["Dropout"] = [](Importer &I) { return I.dropout(); };
    for (const char *Op : {"If", "Loop", "Scan"})
      M[Op] = [](Importer &I) { return I.controlFlow(); };
    M["GatherElements"] = [](Importer &I) { return I.gatherElements(); };
    for (const char *Op : {"ScatterElements", "Scatter"})
      M[Op] = [](Importer &I) { return I.scatterElements(); };
    M["GatherND"] = [](Importer &I) { return I.gatherND(); };
    M["ScatterND"] = [](Importer &I) { return I.scatterND(); };
    M["Trilu"] = [](Importer &I) { return I.trilu(); };
    M["ReverseSequence"] = [](Importer &I) { return I.reverseSequence(); };
    M["OneHot"] = [](Importer &I) { return I.oneHot(); };
    M["EyeLike"] = [](Importer &I) { return I.eyeLike(); };
    M["DepthToSpace"] = [](Importer &I) { return I.depthToSpace(); };
    M["SpaceToDepth"] = [](Importer &I) { return I.spaceToDepth(); };
    M["Tile"] = [](Importer &I) { return I.tile(); };
    M["Range"] = [](Importer &I) { return I.range(); };
    M["MaxUnpool"] = [](Importer &I) { return I.maxUnpool(); };
    return M;
  }();
  return Map;
}

bool Importer::run(ModuleOp Module) {
  SmallVector<Type> InputTypes, OutputTypes;
  for (const std::string &In : G.Inputs) {
    if (!requireKnownType(In, "graph input"))
      return false;
    InputTypes.push_back(tensorType(In));
  }
  for (const std::string &Out : G.Outputs) {
    if (!requireKnownType(Out, "graph output"))
      return false;
    OutputTypes.push_back(tensorType(Out));
  }
  B.setInsertionPointToEnd(Module.getBody());
  auto Main =
      B.create<func::FuncOp>(NameLoc::get(B.getStringAttr(G.Name)), "main",
                             B.getFunctionType(InputTypes, OutputTypes));
  Block *Entry = Main.addEntryBlock();
  for (size_t I = 0; I != G.Inputs.size(); ++I)
    Values[G.Inputs[I]] = Entry->getArgument(I);
  B.setInsertionPointToEnd(Entry);

  for (const og::Node &N : G.Nodes) {
    Node = &N;
    auto H = handlers().find(N.OpType);
    if (H == handlers().end())
      return fail("not supported by accel-graphc yet");
    // Constants go before the block's end too: the node's ops are those
    // after its last op before the handler.
    Operation *Last = Entry->empty() ? nullptr : &Entry->back();
    if (!H->second(*this))
      return false;
    if (!verifyNode(Last ? std::next(Last->getIterator()) : Entry->begin(),
                    Entry->end()))
      return false;
  }
  Node = nullptr;
  SmallVector<Value> Results;
  for (const std::string &Out : G.Outputs) {
    auto It = Values.find(Out);
    if (It != Values.end()) {
      Results.push_back(It->second);
      continue;
    }
    // A constant output (the loader folded all that computes it): copied
    // into the arena, where the runtime writes outputs from; f32 by the
    // elementwise kernel, any other type by accel_cast to itself.
    Value C = valueOf(Out);
    if (!C)
      return false;
    Operation *Copy =
        cast<RankedTensorType>(C.getType()).getElementType().isF32()
            ? B.create<ExpandOp>(C.getLoc(), C.getType(), C).getOperation()
            : B.create<CastOp>(C.getLoc(), C.getType(), C).getOperation();
    if (!verifyNode(Copy->getIterator(), Entry->end()))
      return fail("graph output '" + Out + "': " + Error);
    Results.push_back(Copy->getResult(0));
  }
  B.create<func::ReturnOp>(Main.getLoc(), Results);
  return true;
}

bool accel::graph::importsOpType(const std::string &OpType) {
  return Importer::handles(OpType);
}

void accel::graph::loadImportDialects(MLIRContext &Context) {
  Context
      .loadDialect<AccelGraphDialect, func::FuncDialect, arith::ArithDialect>();
}

OwningOpRef<ModuleOp>
accel::graph::importOnnxGraph(const og::Graph &G, const std::string &ModelName,
                              MLIRContext &Context, std::string &Error) {
  loadImportDialects(Context);
  OwningOpRef<ModuleOp> Module =
      ModuleOp::create(FileLineColLoc::get(&Context, ModelName, 0, 0));
  Importer I(G, Context);
  if (!I.run(*Module)) {
    Error = ModelName + ": " + I.Error;
    return nullptr;
  }
  // The verifiers check each op's result shape (the loader's, from ONNX's
  // inference) against the dialect's rules: a disagreement is a bug here or
  // there, reported at the node.
  std::string Message;
  {
    ScopedDiagnosticHandler Handler(&Context, [&](mlir::Diagnostic &D) {
      llvm::raw_string_ostream OS(Message);
      OS << D.getLocation() << ": " << D;
      return success();
    });
    if (failed(verify(*Module))) {
      Error = ModelName +
              ": internal error, the imported IR does not "
              "verify: " +
              Message;
      return nullptr;
    }
  }
  return Module;
}
