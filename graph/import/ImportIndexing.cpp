//===-- ImportIndexing.cpp - Indexing ONNX nodes --------------------------===//
//
// The ONNX importer's handlers (Importer.h) for GatherElements,
// ScatterElements and Scatter, GatherND, ScatterND, Trilu,
// ReverseSequence and OneHot (an accel op each: indices known at run
// time), and for the ones made of other ops: EyeLike (a constant),
// DepthToSpace and SpaceToDepth (reshape, transpose, reshape: one
// transpose kernel call) and Tile (an expand a repeated axis, or
// accel.tile); MaxUnpool (accel.max_unpool).
//
//===----------------------------------------------------------------------===//

#include "import/Importer.h"

#include "accel_kernels.h"

using namespace accel::graph;
using namespace accel::graph::import_detail;

/// Input \p I as an int32 or int64 tensor (indices), or null (and Error).
Value Importer::indexInput(unsigned I) {
  Value V = input(I);
  if (!V)
    return {};
  Type T = cast<RankedTensorType>(V.getType()).getElementType();
  if (!T.isSignlessInteger(32) && !T.isSignlessInteger(64)) {
    fail("input '" + Node->Inputs[I] + "' has element type " +
         getElementTypeName(T) + "; indices must be int32 or int64");
    return {};
  }
  return V;
}

/// ONNX's reduction attribute (ScatterElements and ScatterND, opset 16):
/// none, add or mul.
std::optional<ScatterReduction> Importer::scatterReduction() {
  const og::Attribute *A = attr("reduction");
  std::string Name = A ? A->S : "none";
  std::optional<ScatterReduction> R = symbolizeScatterReduction(Name);
  if (!R)
    fail("reduction '" + Name + "' is not supported (none, add or mul)");
  return R;
}

bool Importer::gatherElements() {
  Value X = input(0), I = X ? indexInput(1) : Value();
  if (!I)
    return false;
  auto Axis = normalizeAxis(intAttr("axis", 0), shapeOf(X).size());
  return Axis && define(B.create<GatherElementsOp>(loc(), resultType(), X, I,
                                                   B.getI64IntegerAttr(*Axis)));
}

/// ScatterElements, and Scatter (its deprecated name, without reduction).
bool Importer::scatterElements() {
  Value X = input(0), I = X ? indexInput(1) : Value();
  Value U = I ? input(2) : Value();
  if (!U)
    return false;
  auto Axis = normalizeAxis(intAttr("axis", 0), shapeOf(X).size());
  auto R = Axis ? scatterReduction() : std::nullopt;
  if (!R)
    return false;
  return define(B.create<ScatterElementsOp>(
      loc(), resultType(), X, I, U, B.getI64IntegerAttr(*Axis),
      ScatterReductionAttr::get(B.getContext(), *R)));
}

bool Importer::gatherND() {
  Value X = input(0), I = X ? indexInput(1) : Value();
  return I && define(B.create<GatherNDOp>(
                  loc(), resultType(), X, I,
                  B.getI64IntegerAttr(intAttr("batch_dims", 0))));
}

bool Importer::scatterND() {
  Value X = input(0), I = X ? indexInput(1) : Value();
  Value U = I ? input(2) : Value();
  if (!U)
    return false;
  auto R = scatterReduction();
  return R && define(B.create<ScatterNDOp>(
                  loc(), resultType(), X, I, U,
                  ScatterReductionAttr::get(B.getContext(), *R)));
}

/// Trilu: k a constant, or an int64 scalar computed at run time.
bool Importer::trilu() {
  Value X = input(0);
  if (!X)
    return false;
  int64_t K = 0;
  Value KValue;
  if (hasInput(1)) {
    if (isConstant(Node->Inputs[1])) {
      auto Ks = constantInts(1);
      if (!Ks)
        return false;
      if (Ks->size() != 1)
        return fail("k must have one element");
      K = Ks->front();
    } else if (!(KValue = input(1))) {
      return false;
    } else if (!cast<RankedTensorType>(KValue.getType())
                    .getElementType()
                    .isSignlessInteger(64)) {
      return fail("k must be int64");
    }
  }
  return define(B.create<TriluOp>(loc(), resultType(), X, KValue,
                                  B.getBoolAttr(intAttr("upper", 1) != 0),
                                  B.getI64IntegerAttr(K)));
}

bool Importer::reverseSequence() {
  Value X = input(0), L = X ? indexInput(1) : Value();
  return L && define(B.create<ReverseSequenceOp>(
                  loc(), resultType(), X, L,
                  B.getI64IntegerAttr(intAttr("batch_axis", 1)),
                  B.getI64IntegerAttr(intAttr("time_axis", 0))));
}

/// OneHot: the depth is the output's dimension (its static shape); a
/// constant depth must agree, one computed at run time is checked there.
bool Importer::oneHot() {
  Value I = input(0), Values = I ? input(2) : Value();
  if (!Values)
    return false;
  ArrayRef<int64_t> Out = resultType().getShape();
  auto Axis = normalizeAxis(intAttr("axis", -1), Out.size());
  if (!Axis)
    return false;
  Value Depth;
  const std::string &DepthName = Node->Inputs[1];
  if (isConstant(DepthName)) {
    const og::Tensor &T = G.Values.at(DepthName);
    double D = 0;
    switch (T.Type) {
    case og::ElemType::Float:
      D = *reinterpret_cast<const float *>(T.Data.data());
      break;
    case og::ElemType::Double:
      D = *reinterpret_cast<const double *>(T.Data.data());
      break;
    case og::ElemType::Int32:
      D = *reinterpret_cast<const int32_t *>(T.Data.data());
      break;
    case og::ElemType::Int64:
      D = double(*reinterpret_cast<const int64_t *>(T.Data.data()));
      break;
    default:
      return fail("depth must be float, double, int32 or int64");
    }
    if (T.Data.empty() || int64_t(D) != Out[*Axis])
      return fail("depth " + Twine(int64_t(D)) + " is not the output's " +
                  Twine(Out[*Axis]));
  } else if (!(Depth = input(1))) {
    return false;
  }
  return define(B.create<OneHotOp>(loc(), resultType(), I, Depth, Values,
                                   B.getI64IntegerAttr(*Axis)));
}

/// EyeLike: ones on diagonal k of the output's shape and type, a
/// constant copied into the arena.
bool Importer::eyeLike() {
  RankedTensorType T = resultType();
  ArrayRef<int64_t> S = T.getShape();
  if (S.size() != 2)
    return fail("the input must be 2-D");
  // A constant of that many elements: a bound well past any model's
  // identity matrices keeps a hostile shape from exhausting the compiler.
  if (T.getNumElements() > (int64_t(1) << 22))
    return fail("an identity of " + Twine(T.getNumElements()) +
                " elements is past the 4M this constant takes");
  int64_t K = intAttr("k", 0);
  Type E = T.getElementType();
  SmallVector<Attribute> Elements;
  for (int64_t I = 0; I != S[0]; ++I)
    for (int64_t J = 0; J != S[1]; ++J) {
      bool One = J - I == K;
      if (auto F = dyn_cast<FloatType>(E))
        Elements.push_back(FloatAttr::get(F, One ? 1.0 : 0.0));
      else
        Elements.push_back(IntegerAttr::get(E, One ? 1 : 0));
    }
  Value C = B.create<arith::ConstantOp>(loc(), T,
                                        DenseElementsAttr::get(T, Elements));
  return define(B.create<CastOp>(loc(), T, C));
}

/// \p X reshaped to \p Shape, transposed by \p Perm, reshaped to the
/// output's shape: the reshapes are views, the transpose one kernel call.
bool Importer::reshapeTransposeReshape(Value X, ArrayRef<int64_t> Shape,
                                       ArrayRef<int64_t> Perm) {
  Type E = resultType().getElementType();
  Value R = B.create<ReshapeOp>(loc(), RankedTensorType::get(Shape, E), X);
  SmallVector<int64_t> Permuted;
  for (int64_t P : Perm)
    Permuted.push_back(Shape[P]);
  Value T = B.create<TransposeOp>(loc(), RankedTensorType::get(Permuted, E), R,
                                  B.getDenseI64ArrayAttr(Perm));
  return define(B.create<ReshapeOp>(loc(), resultType(), T));
}

/// DepthToSpace (DCR or CRD) on [N, C, H, W].
bool Importer::depthToSpace() {
  Value X = input(0);
  if (!X)
    return false;
  ArrayRef<int64_t> S = shapeOf(X);
  int64_t Bs = intAttr("blocksize", 0);
  if (S.size() != 4 || Bs < 1 || S[1] % (Bs * Bs))
    return fail("needs a 4-D input whose channels blocksize^2 divides");
  int64_t N = S[0], C = S[1] / (Bs * Bs), H = S[2], W = S[3];
  const og::Attribute *Mode = attr("mode");
  std::string M = Mode ? Mode->S : "DCR";
  if (M == "DCR")
    return reshapeTransposeReshape(X, {N, Bs, Bs, C, H, W}, {0, 3, 4, 1, 5, 2});
  if (M == "CRD")
    return reshapeTransposeReshape(X, {N, C, Bs, Bs, H, W}, {0, 1, 4, 2, 5, 3});
  return fail("mode '" + M + "' is not DCR or CRD");
}

/// SpaceToDepth on [N, C, H, W].
bool Importer::spaceToDepth() {
  Value X = input(0);
  if (!X)
    return false;
  ArrayRef<int64_t> S = shapeOf(X);
  int64_t Bs = intAttr("blocksize", 0);
  if (S.size() != 4 || Bs < 1 || S[2] % Bs || S[3] % Bs)
    return fail("needs a 4-D input whose height and width blocksize "
                "divides");
  return reshapeTransposeReshape(X, {S[0], S[1], S[2] / Bs, Bs, S[3] / Bs, Bs},
                                 {0, 3, 5, 1, 2, 4});
}

/// Tile: by constant repeats on f32, for each repeated axis the value as
/// [before, 1, axis and after] expanded to [before, r, ...] (each copy of
/// the axis and what follows it in a row), then reshaped back; of other
/// types, or by repeats computed at run time (which the kernel checks
/// against the output's shape), an accel.tile.
bool Importer::tile() {
  Value X = input(0);
  if (!X)
    return false;
  Type E = resultType().getElementType();
  if (!E.isF32() || !isConstant(Node->Inputs[1])) {
    Value Repeats;
    if (!isConstant(Node->Inputs[1]) && !(Repeats = indexInput(1)))
      return false;
    return define(B.create<TileOp>(loc(), resultType(), X, Repeats));
  }
  auto Repeats = constantInts(1);
  if (!Repeats)
    return false;
  SmallVector<int64_t> Cur(shapeOf(X));
  if (Repeats->size() != Cur.size())
    return fail("needs one repeat a dimension");
  for (size_t D = 0; D != Cur.size(); ++D) {
    int64_t R = (*Repeats)[D];
    if (R < 0)
      return fail("repeats must not be negative");
    if (R == 1)
      continue;
    int64_t Before = 1, After = 1;
    for (size_t I = 0; I != Cur.size(); ++I)
      (I < D ? Before : After) *= Cur[I];
    Value Row = B.create<ReshapeOp>(
        loc(), RankedTensorType::get({Before, 1, After}, E), X);
    Value Copies = B.create<ExpandOp>(
        loc(), RankedTensorType::get({Before, R, After}, E), Row);
    Cur[D] *= R;
    X = B.create<ReshapeOp>(loc(), RankedTensorType::get(Cur, E), Copies);
  }
  if (X == input(0)) // no axis repeated: a copy
    X = B.create<CastOp>(loc(), resultType(), X);
  return define(X);
}

/// MaxUnpool: the indices count the elements of the shape MaxPool's
/// input had, (in - 1) stride - pads + kernel along each spatial
/// dimension; the output is that or output_shape (the loader's static
/// shape), a constant output_shape agreeing with it, one computed at run
/// time checked there.
bool Importer::maxUnpool() {
  Value X = input(0), I = X ? indexInput(1) : Value();
  if (!I)
    return false;
  ArrayRef<int64_t> In = shapeOf(X);
  size_t Spatial = In.size() - 2;
  std::vector<int64_t> Kernel = intsAttr("kernel_shape", {});
  std::vector<int64_t> Strides =
      intsAttr("strides", std::vector<int64_t>(Spatial, 1));
  std::vector<int64_t> Pads =
      intsAttr("pads", std::vector<int64_t>(2 * Spatial, 0));
  if (In.size() < 3 || Kernel.size() != Spatial || Strides.size() != Spatial ||
      Pads.size() != 2 * Spatial)
    return fail("needs a kernel_shape, strides and pads for each spatial "
                "dimension");
  SmallVector<int64_t> Dims(In.begin(), In.begin() + 2);
  for (size_t D = 0; D != Spatial; ++D)
    Dims.push_back((In[2 + D] - 1) * Strides[D] - Pads[D] - Pads[Spatial + D] +
                   Kernel[D]);
  Value Shape;
  if (hasInput(2)) {
    if (isConstant(Node->Inputs[2])) {
      auto S = constantInts(2);
      if (!S)
        return false;
      if (ArrayRef<int64_t>(*S) != resultType().getShape())
        return fail("output_shape is not the output's shape");
    } else if (!(Shape = indexInput(2))) {
      return false;
    }
  }
  return define(B.create<MaxUnpoolOp>(loc(), resultType(), X, I, Shape,
                                      B.getDenseI64ArrayAttr(Dims)));
}
