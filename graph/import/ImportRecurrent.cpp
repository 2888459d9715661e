//===-- ImportRecurrent.cpp - ONNX's RNN, GRU and LSTM --------------------===//
//
// The ONNX importer's handler (Importer.h) for the recurrent layers,
// unrolled over the static sequence length into the dialect's ops: the
// input projection of every step as one Gemm on the matrix unit, then per
// step the recurrent Gemm and the gates' elementwise ops; a second
// direction runs the steps backwards. sequence_lens, when given, masks
// each batch entry's steps past its length at run time (the state holds,
// the output is 0), as ONNX defines. An LSTM without peepholes or
// sequence lengths, and a GRU with linear_before_reset without sequence
// lengths, whose R is constant or hidden size whole tiles, run instead as
// one accel.lstm or accel.gru a direction (accel_lstm, accel_gru: R and
// the state in the scratchpad).
//
//===----------------------------------------------------------------------===//

#include "import/Importer.h"

#include "accel_kernels.h"

using namespace accel::graph;
using namespace accel::graph::import_detail;

namespace {

/// ONNX's gate order in W, R and B, and their activations.
struct CellInfo {
  const char *Name;
  unsigned Gates;
  std::vector<std::string> Activations;
};

const CellInfo &cellInfo(RecurrentCell Cell) {
  static const CellInfo Infos[] = {
      {"RNN", 1, {"Tanh"}},
      {"GRU", 3, {"Sigmoid", "Tanh"}},             // z, r, h
      {"LSTM", 4, {"Sigmoid", "Tanh", "Tanh"}}};  // i, o, f, c
  return Infos[unsigned(Cell)];
}

/// R [G H, H] as accel_lstm_pack (G = 4) and accel_gru_pack (G = 3) lay
/// it out: panel k Q + q holds R^T's H rows of the 16 columns k H + 16 q
/// on, zero past H.
std::vector<float> packedPanels(const std::vector<float> &R, int64_t G,
                                int64_t H) {
  int64_t Q = (H + 15) / 16;
  std::vector<float> Out(G * Q * H * 16, 0.0f);
  for (int64_t K = 0; K != G; ++K)
    for (int64_t P = 0; P != Q; ++P)
      for (int64_t M = 0; M != H; ++M)
        for (int64_t C = 0; C != 16 && P * 16 + C < H; ++C)
          Out[((K * Q + P) * H + M) * 16 + C] = R[(K * H + P * 16 + C) * H + M];
  return Out;
}

/// The f32 values of \p V, row-major, if it is a constant: an initializer
/// or what the loader folded into one (the exporters reorder the gates'
/// weights with slices and concats; ConstantFolding.cpp).
std::optional<std::vector<float>> constantValues(Value V) {
  auto C = V ? V.getDefiningOp<arith::ConstantOp>() : nullptr;
  auto Dense = C ? dyn_cast<DenseElementsAttr>(C.getValue()) : nullptr;
  if (!Dense || !Dense.getElementType().isF32())
    return std::nullopt;
  auto Values = Dense.getValues<float>();
  return std::vector<float>(Values.begin(), Values.end());
}

/// Direction \p D's part of a constant input's values \p All, laid out
/// [Outer, NumDir, ...]: W, R and B have the directions first (Outer 1),
/// initial states of layout 1 after the batch (Outer = the batch).
std::vector<float> directionPart(const std::vector<float> &All, int64_t D,
                                 int64_t NumDir, int64_t Outer = 1) {
  int64_t Inner = int64_t(All.size()) / (Outer * NumDir);
  std::vector<float> Out;
  Out.reserve(Outer * Inner);
  for (int64_t O = 0; O != Outer; ++O) {
    auto First = All.begin() + (O * NumDir + D) * Inner;
    Out.insert(Out.end(), First, First + Inner);
  }
  return Out;
}

} // namespace

bool Importer::recurrent(RecurrentCell Cell) {
  const CellInfo &Info = cellInfo(Cell);
  Value X = input(0), W = X ? input(1) : Value(), R = W ? input(2) : Value();
  if (!R)
    return false;
  int64_t H = intAttr("hidden_size", 0), Layout = intAttr("layout", 0);
  const og::Attribute *DirAttr = attr("direction");
  std::string Direction = DirAttr ? DirAttr->S : "forward";
  if (Direction != "forward" && Direction != "reverse" &&
      Direction != "bidirectional")
    return fail("direction '" + Direction + "' is not one of ONNX's");
  int64_t NumDir = Direction == "bidirectional" ? 2 : 1;
  auto XType = cast<RankedTensorType>(X.getType());
  if (!XType.getElementType().isF32())
    return fail("element type other than float32 is not supported");
  if (H < 1 || XType.getRank() != 3)
    return fail("needs hidden_size >= 1 and a 3-D input");
  if (attr("clip") || attr("activation_alpha") || attr("activation_beta"))
    return fail("clip and activation parameters are not supported");
  if (const og::Attribute *A = attr("activations")) {
    std::vector<std::string> Defaults;
    for (int64_t D = 0; D != NumDir; ++D)
      Defaults.insert(Defaults.end(), Info.Activations.begin(),
                      Info.Activations.end());
    if (A->StringList != Defaults)
      return fail("activations other than ONNX's defaults are not supported");
  }
  if (Cell == RecurrentCell::LSTM && intAttr("input_forget", 0))
    return fail("input_forget is not supported");
  bool LinearBeforeReset =
      Cell == RecurrentCell::GRU && intAttr("linear_before_reset", 0);

  Type F32 = B.getF32Type();
  auto T = [&](ArrayRef<int64_t> Shape) {
    return RankedTensorType::get(Shape, F32);
  };
  auto shape = [](Value V) {
    return cast<RankedTensorType>(V.getType()).getShape();
  };
  // Size elements of V from Begin along Axis.
  auto slice = [&](Value V, int64_t Axis, int64_t Begin, int64_t Size) {
    SmallVector<int64_t> Shape(shape(V)), Starts(Shape.size(), 0),
        Steps(Shape.size(), 1);
    Shape[Axis] = Size;
    Starts[Axis] = Begin;
    auto Ty = cast<RankedTensorType>(V.getType()).clone(Shape);
    return B.create<SliceOp>(loc(), Ty, V, B.getDenseI64ArrayAttr(Starts),
                             B.getDenseI64ArrayAttr(Steps))
        .getResult();
  };
  auto reshape = [&](Value V, ArrayRef<int64_t> Shape) -> Value {
    auto Ty = cast<RankedTensorType>(V.getType()).clone(Shape);
    return B.create<ReshapeOp>(loc(), Ty, V);
  };
  auto ew = [&](ElementwiseKind Kind, ValueRange Ins) -> Value {
    return createElementwise(Kind, cast<RankedTensorType>(Ins[0].getType()),
                             Ins);
  };
  auto splat = [&](ArrayRef<int64_t> Shape, float V) -> Value {
    return B.create<arith::ConstantOp>(
        loc(), T(Shape), DenseElementsAttr::get(T(Shape), V));
  };
  // a b^T + c, on the matrix unit.
  auto gemmT = [&](Value A, Value Bm, Value C) -> Value {
    return B.create<GemmOp>(loc(), T({shape(A)[0], shape(Bm)[0]}), A, Bm, C,
                            B.getF32FloatAttr(1), B.getF32FloatAttr(1),
                            B.getBoolAttr(false), B.getBoolAttr(true),
                            ActivationAttr(), FloatAttr(), FloatAttr());
  };
  // Constant weights, biases and states are split by direction here: the
  // products then take constant weights, and accel.lstm's packed panels
  // are made here.
  auto constantOf = [&](ArrayRef<int64_t> Shape,
                        ArrayRef<float> Values) -> Value {
    return B.create<arith::ConstantOp>(
        loc(), DenseElementsAttr::get(T(Shape), Values));
  };
  auto optional = [&](unsigned I, Value &V) {
    return !hasInput(I) || (V = input(I));
  };

  if (Layout == 1)
    X = B.create<TransposeOp>(
        loc(), T({XType.getDimSize(1), XType.getDimSize(0), XType.getDimSize(2)}),
        X, B.getDenseI64ArrayAttr({1, 0, 2}));
  int64_t Seq = shape(X)[0], Batch = shape(X)[1], In = shape(X)[2];
  int64_t G = Info.Gates;
  Value Bias, Lens, InitH, InitC, Peep;
  if (!optional(3, Bias) || !optional(4, Lens) || !optional(5, InitH) ||
      (Cell == RecurrentCell::LSTM &&
       (!optional(6, InitC) || !optional(7, Peep))))
    return false;
  std::optional<std::vector<float>> WAll = constantValues(W),
                                    RAll = constantValues(R),
                                    BAll = constantValues(Bias),
                                    HAll = constantValues(InitH),
                                    CAll = constantValues(InitC);
  int64_t StateOuter = Layout == 1 ? XType.getDimSize(0) : 1;
  if (Layout == 1 && InitH)
    InitH = B.create<TransposeOp>(loc(), T({NumDir, Batch, H}), InitH,
                                  B.getDenseI64ArrayAttr({1, 0, 2}));
  if (Layout == 1 && InitC)
    InitC = B.create<TransposeOp>(loc(), T({NumDir, Batch, H}), InitC,
                                  B.getDenseI64ArrayAttr({1, 0, 2}));
  Value Rows = reshape(X, {Seq * Batch, In});

  SmallVector<Value> YByDir, HByDir, CByDir;
  for (int64_t D = 0; D != NumDir; ++D) {
    Value Wd = WAll ? constantOf({G * H, In}, directionPart(*WAll, D, NumDir))
                    : reshape(slice(W, 0, D, 1), {G * H, In});
    std::optional<std::vector<float>> RValues;
    if (RAll)
      RValues = directionPart(*RAll, D, NumDir);
    Value Rd = RValues ? constantOf({G * H, H}, *RValues)
                       : reshape(slice(R, 0, D, 1), {G * H, H});
    // The bias of the input projection: Wb + Rb, but for GRU's h gate with
    // linear_before_reset, whose Rb is inside the reset's product.
    Value XBias, RhBias;
    if (BAll) {
      std::vector<float> Bd = directionPart(*BAll, D, NumDir), XB(G * H);
      for (int64_t I = 0; I != G * H; ++I)
        XB[I] = LinearBeforeReset && I >= 2 * H ? Bd[I] : Bd[I] + Bd[G * H + I];
      XBias = constantOf({G * H}, XB);
      if (LinearBeforeReset)
        RhBias = constantOf({H}, ArrayRef<float>(Bd).slice(G * H + 2 * H, H));
    } else if (Bias) {
      Value Bd = reshape(slice(Bias, 0, D, 1), {2 * G * H});
      Value Wb = slice(Bd, 0, 0, G * H), Rb = slice(Bd, 0, G * H, G * H);
      if (LinearBeforeReset) {
        Value Zr = ew(ElementwiseKind::add,
                      {slice(Wb, 0, 0, 2 * H), slice(Rb, 0, 0, 2 * H)});
        XBias = B.create<ConcatOp>(loc(), T({G * H}),
                                   ValueRange{Zr, slice(Wb, 0, 2 * H, H)},
                                   B.getI64IntegerAttr(0));
        RhBias = slice(Rb, 0, 2 * H, H);
      } else {
        XBias = ew(ElementwiseKind::add, {Wb, Rb});
      }
    }
    Value XW = gemmT(Rows, Wd, XBias); // [Seq * Batch, G * H]
    auto state = [&](Value Init, const std::optional<std::vector<float>> &All) {
      if (All)
        return constantOf({Batch, H},
                          directionPart(*All, D, NumDir, StateOuter));
      return Init ? reshape(slice(Init, 0, D, 1), {Batch, H})
                  : splat({Batch, H}, 0.0f);
    };
    Value Hs = state(InitH, HAll), Cs;
    if (Cell == RecurrentCell::LSTM)
      Cs = state(InitC, CAll);
    Value Pi, Po, Pf;
    if (Peep) {
      Value Pd = reshape(slice(Peep, 0, D, 1), {3 * H});
      Pi = slice(Pd, 0, 0, H), Po = slice(Pd, 0, H, H),
      Pf = slice(Pd, 0, 2 * H, H);
    }
    bool Backward = Direction == "reverse" || D == 1;
    // The whole sequence in one accel.lstm or accel.gru: R packed into the
    // kernel's panels (here if it is constant, else a gate's 16 rows of R
    // transposed).
    bool WholeLstm = Cell == RecurrentCell::LSTM && !Lens && !Peep &&
                     accel_lstm_fits(Batch, H);
    bool WholeGru = Cell == RecurrentCell::GRU && LinearBeforeReset && !Lens &&
                    accel_gru_fits(Batch, H);
    if ((WholeLstm || WholeGru) && (RValues || H % 16 == 0)) {
      int64_t Panels = G * ((H + 15) / 16);
      Value Packed;
      if (RValues)
        Packed = B.create<arith::ConstantOp>(
            loc(), DenseElementsAttr::get(
                       T({Panels, H, 16}),
                       ArrayRef<float>(packedPanels(*RValues, G, H))));
      else
        Packed = B.create<TransposeOp>(loc(), T({Panels, H, 16}),
                                       reshape(Rd, {Panels, 16, H}),
                                       B.getDenseI64ArrayAttr({0, 2, 1}));
      Value XWs = reshape(XW, {Seq, Batch, G * H});
      if (WholeGru) {
        // Its result every step's h.
        Value Rbh = RhBias ? RhBias : splat({H}, 0.0f);
        Value Out = B.create<GruOp>(loc(), T({Seq, Batch, H}), XWs, Packed, Rbh,
                                    Hs, B.getBoolAttr(Backward));
        YByDir.push_back(reshape(Out, {Seq, 1, Batch, H}));
        HByDir.push_back(slice(Out, 0, Backward ? 0 : Seq - 1, 1));
        continue;
      }
      // Its result every step's h and then the last c.
      Value Out = B.create<LstmOp>(loc(), T({Seq + 1, Batch, H}), XWs, Packed,
                                   Hs, Cs, B.getBoolAttr(Backward));
      YByDir.push_back(reshape(slice(Out, 0, 0, Seq), {Seq, 1, Batch, H}));
      HByDir.push_back(slice(Out, 0, Backward ? 0 : Seq - 1, 1));
      CByDir.push_back(slice(Out, 0, Seq, 1));
      continue;
    }
    SmallVector<Value> Ys(Seq);
    for (int64_t Step = 0; Step != Seq; ++Step) {
      int64_t Time = Backward ? Seq - 1 - Step : Step;
      Value Xt = slice(XW, 0, Time * Batch, Batch); // [Batch, G * H]
      auto gate = [&](Value V, int64_t K) { return slice(V, 1, K * H, H); };
      Value Hn, Cn;
      switch (Cell) {
      case RecurrentCell::RNN:
        Hn = ew(ElementwiseKind::tanh,
                {ew(ElementwiseKind::add, {Xt, gemmT(Hs, Rd, {})})});
        break;
      case RecurrentCell::GRU: {
        Value HRzr = gemmT(Hs, slice(Rd, 0, 0, 2 * H), {});
        Value Z = ew(ElementwiseKind::sigmoid,
                     {ew(ElementwiseKind::add, {gate(Xt, 0), gate(HRzr, 0)})});
        Value Rg = ew(ElementwiseKind::sigmoid,
                      {ew(ElementwiseKind::add, {gate(Xt, 1), gate(HRzr, 1)})});
        Value Rh = slice(Rd, 0, 2 * H, H), Inner;
        if (LinearBeforeReset)
          Inner = ew(ElementwiseKind::mul, {Rg, gemmT(Hs, Rh, RhBias)});
        else
          Inner = gemmT(ew(ElementwiseKind::mul, {Rg, Hs}), Rh, {});
        Value Cand = ew(ElementwiseKind::tanh,
                        {ew(ElementwiseKind::add, {gate(Xt, 2), Inner})});
        Value OneMinusZ = createElementwise(ElementwiseKind::sub, T({Batch, H}),
                                            {splat({1}, 1.0f), Z});
        Hn = ew(ElementwiseKind::add, {ew(ElementwiseKind::mul, {OneMinusZ, Cand}),
                                       ew(ElementwiseKind::mul, {Z, Hs})});
        break;
      }
      case RecurrentCell::LSTM: {
        Value A = ew(ElementwiseKind::add, {Xt, gemmT(Hs, Rd, {})});
        auto peep = [&](Value Pre, Value P, Value C) {
          return P ? ew(ElementwiseKind::add,
                        {Pre, ew(ElementwiseKind::mul, {C, P})})
                   : Pre;
        };
        Value I = ew(ElementwiseKind::sigmoid, {peep(gate(A, 0), Pi, Cs)});
        Value F = ew(ElementwiseKind::sigmoid, {peep(gate(A, 2), Pf, Cs)});
        Value Cand = ew(ElementwiseKind::tanh, {gate(A, 3)});
        Cn = ew(ElementwiseKind::add, {ew(ElementwiseKind::mul, {F, Cs}),
                                       ew(ElementwiseKind::mul, {I, Cand})});
        Value O = ew(ElementwiseKind::sigmoid, {peep(gate(A, 1), Po, Cn)});
        Hn = ew(ElementwiseKind::mul, {O, ew(ElementwiseKind::tanh, {Cn})});
        break;
      }
      }
      Value Yt = Hn;
      if (Lens) {
        // Entries whose sequence has ended keep their state and output 0.
        auto LensType = cast<RankedTensorType>(Lens.getType());
        auto TimeType = RankedTensorType::get({1}, LensType.getElementType());
        Value TimeV = B.create<arith::ConstantOp>(
            loc(), TimeType,
            DenseElementsAttr::get(TimeType,
                                   APInt(TimeType.getElementTypeBitWidth(),
                                         Time)));
        auto MaskType =
            RankedTensorType::get({Batch}, B.getIntegerType(1));
        Value Live = reshape(
            createElementwise(ElementwiseKind::less, MaskType, {TimeV, Lens}),
            {Batch, 1});
        auto where = [&](Value A, Value Otherwise) -> Value {
          return createElementwise(ElementwiseKind::where, T({Batch, H}),
                                   {Live, A, Otherwise});
        };
        Yt = where(Hn, splat({1}, 0.0f));
        Hn = where(Hn, Hs);
        if (Cn)
          Cn = where(Cn, Cs);
      }
      Ys[Time] = reshape(Yt, {1, 1, Batch, H});
      Hs = Hn;
      Cs = Cn;
    }
    YByDir.push_back(Seq == 1 ? Ys[0]
                              : B.create<ConcatOp>(loc(), T({Seq, 1, Batch, H}),
                                                   Ys, B.getI64IntegerAttr(0))
                                    .getResult());
    HByDir.push_back(reshape(Hs, {1, Batch, H}));
    if (Cs)
      CByDir.push_back(reshape(Cs, {1, Batch, H}));
  }

  auto join = [&](ArrayRef<Value> Parts, ArrayRef<int64_t> Shape,
                  int64_t Axis) -> Value {
    if (Parts.size() == 1)
      return Parts[0];
    return B.create<ConcatOp>(loc(), T(Shape), Parts, B.getI64IntegerAttr(Axis));
  };
  auto wanted = [&](unsigned I) {
    return I < Node->Outputs.size() && !Node->Outputs[I].empty();
  };
  // Layout 1 puts the batch first: Y [Batch, Seq, NumDir, H], the states
  // [Batch, NumDir, H].
  auto state = [&](ArrayRef<Value> Parts) -> Value {
    Value S = join(Parts, {NumDir, Batch, H}, 0);
    if (Layout == 1)
      S = B.create<TransposeOp>(loc(), T({Batch, NumDir, H}), S,
                                B.getDenseI64ArrayAttr({1, 0, 2}));
    return S;
  };
  if (wanted(0)) {
    Value Y = join(YByDir, {Seq, NumDir, Batch, H}, 1);
    if (Layout == 1)
      Y = B.create<TransposeOp>(loc(), T({Batch, Seq, NumDir, H}), Y,
                                B.getDenseI64ArrayAttr({2, 0, 1, 3}));
    if (!define(Y, 0))
      return false;
  }
  if (wanted(1) && !define(state(HByDir), 1))
    return false;
  if (wanted(2) && !define(state(CByDir), 2))
    return false;
  return true;
}
