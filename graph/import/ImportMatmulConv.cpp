//===-- ImportMatmulConv.cpp - Matrix products, convolutions, poolings ----===//
//
// The ONNX importer's handlers (Importer.h) for MatMul, Gemm, Conv and the
// poolings, with the windows of the last two.
//
//===----------------------------------------------------------------------===//

#include "import/Importer.h"

using namespace accel::graph;
using namespace accel::graph::import_detail;

bool Importer::matmul() {
  Value A = input(0), Bv = A ? input(1) : Value();
  if (!Bv)
    return false;
  return define(B.create<MatMulOp>(loc(), resultType(), A, Bv, ActivationAttr(),
                                   FloatAttr(), FloatAttr()));
}

bool Importer::gemm() {
  Value A = input(0), Bv = A ? input(1) : Value();
  if (!Bv)
    return false;
  float Beta = floatAttr("beta", 1.0f);
  Value C;
  if (hasInput(2) && Beta != 0.0f && !(C = input(2)))
    return false;
  return define(B.create<GemmOp>(
      loc(), resultType(), A, Bv, C,
      B.getF32FloatAttr(floatAttr("alpha", 1.0f)), B.getF32FloatAttr(Beta),
      B.getBoolAttr(intAttr("transA", 0)), B.getBoolAttr(intAttr("transB", 0)),
      ActivationAttr(), FloatAttr(), FloatAttr()));
}

/// A convolution's or pooling's window attributes with ONNX's defaults,
/// auto_pad resolved into explicit pads; false (with Error) for what the
/// dialect cannot express.
bool Importer::window(std::vector<int64_t> Kernel,
                      std::vector<int64_t> &Strides, std::vector<int64_t> &Pads,
                      std::vector<int64_t> &Dilations) {
  ArrayRef<int64_t> X = G.Values.at(Node->Inputs[0]).Shape;
  size_t Dims = Kernel.size(); // 2; 1 or 3 for a pooling
  if (X.size() != 2 + Dims || Dims < 1 || Dims > 3)
    return fail("only 1-, 2- and 3-D windows over [N, C, spatial...] inputs "
                "are supported");
  Strides = intsAttr("strides", std::vector<int64_t>(Dims, 1));
  Dilations = intsAttr("dilations", std::vector<int64_t>(Dims, 1));
  Pads = intsAttr("pads", std::vector<int64_t>(2 * Dims, 0));
  if (Strides.size() != Dims || Dilations.size() != Dims ||
      Pads.size() != 2 * Dims)
    return fail("strides, dilations and pads do not match the kernel's rank");
  const og::Attribute *Auto = attr("auto_pad");
  std::string Mode = Auto ? Auto->S : "NOTSET";
  if (Mode == "VALID") {
    Pads.assign(2 * Dims, 0);
  } else if (Mode == "SAME_UPPER" || Mode == "SAME_LOWER") {
    // Output ceil(in / stride); the padding's odd one at the end (upper) or
    // the start (lower).
    for (size_t I = 0; I != Dims; ++I) {
      int64_t Out = (X[2 + I] + Strides[I] - 1) / Strides[I];
      int64_t Span = Dilations[I] * (Kernel[I] - 1) + 1;
      int64_t Total =
          std::max<int64_t>(0, (Out - 1) * Strides[I] + Span - X[2 + I]);
      int64_t Small = Total / 2, Large = Total - Small;
      Pads[I] = Mode == "SAME_UPPER" ? Small : Large;
      Pads[Dims + I] = Mode == "SAME_UPPER" ? Large : Small;
    }
  } else if (Mode != "NOTSET") {
    return fail("auto_pad '" + Mode + "' is not an ONNX mode");
  }
  return true;
}

bool Importer::conv() {
  Value X = input(0), W = X ? input(1) : Value();
  if (!W)
    return false;
  Value Bias;
  if (hasInput(2) && !(Bias = input(2)))
    return false;
  ArrayRef<int64_t> WShape = G.Values.at(Node->Inputs[1]).Shape;
  if (WShape.size() != 4)
    return convNd(X, W, Bias); // ImportConvNd.cpp
  std::vector<int64_t> Kernel = {WShape[2], WShape[3]};
  if (const og::Attribute *K = attr("kernel_shape"); K && K->IntList != Kernel)
    return fail("kernel_shape does not match the weight's shape");
  std::vector<int64_t> Strides, Pads, Dilations;
  if (!window(Kernel, Strides, Pads, Dilations))
    return false;
  return define(B.create<Conv2dOp>(
      loc(), resultType(), X, W, Bias, B.getDenseI64ArrayAttr(Strides),
      B.getDenseI64ArrayAttr(Pads), B.getDenseI64ArrayAttr(Dilations),
      B.getI64IntegerAttr(intAttr("group", 1)), ActivationAttr(), FloatAttr(),
      FloatAttr()));
}

bool Importer::pool(PoolKind Kind) {
  Value X = input(0);
  if (!X || !onlyFirstOutputUsed())
    return false;
  if (intAttr("storage_order", 0))
    return fail("storage_order 1 is not supported");
  const og::Attribute *K = attr("kernel_shape");
  if (!K)
    return fail("kernel_shape is missing");
  std::vector<int64_t> Kernel = K->IntList, Strides, Pads, Dilations;
  if (!window(Kernel, Strides, Pads, Dilations))
    return false;
  // A 1-D pooling over [N, C, L] is a 2-D one over [N, C, 1, L]; a 3-D one
  // over [N, C, D, H, W] is a 2-D one over H and W of [N, C D, H, W], then
  // a kd x 1 one over D of [N, C, D, OH OW]: a box window's maximum is
  // separable, and so is its mean, its count of taps being the product of
  // each axis's (with or without the padding).
  ArrayRef<int64_t> In = cast<RankedTensorType>(X.getType()).getShape();
  ArrayRef<int64_t> Out = resultType().getShape();
  auto shape = [&](ArrayRef<int64_t> S) {
    return RankedTensorType::get(S, B.getF32Type());
  };
  // Window axes A .. A + Dims - 1 as the 2-D op's two; one axis as its
  // height (OneAs 0) or width (1), the other of size 1.
  auto pool2d = [&](Value V, ArrayRef<int64_t> OutShape, size_t A, size_t Dims,
                    int OneAs) {
    auto pick = [&](const std::vector<int64_t> &V, int64_t Fill) {
      std::vector<int64_t> R(V.begin() + A, V.begin() + A + Dims);
      if (Dims == 1)
        R.insert(R.begin() + (OneAs == 1 ? 0 : 1), Fill);
      return R;
    };
    size_t N = Kernel.size();
    std::vector<int64_t> P = pick(Pads, 0), E(Pads.begin() + N, Pads.end());
    std::vector<int64_t> PadsAfter = pick(E, 0);
    std::vector<int64_t> P2 = {P[0], P[1], PadsAfter[0], PadsAfter[1]};
    return B.create<Pool2dOp>(
        loc(), shape(OutShape), V, PoolKindAttr::get(B.getContext(), Kind),
        B.getDenseI64ArrayAttr(pick(Kernel, 1)),
        B.getDenseI64ArrayAttr(pick(Strides, 1)), B.getDenseI64ArrayAttr(P2),
        B.getDenseI64ArrayAttr(pick(Dilations, 1)),
        B.getBoolAttr(intAttr("ceil_mode", 0)),
        B.getBoolAttr(intAttr("count_include_pad", 0)));
  };
  auto reshape = [&](Value V, ArrayRef<int64_t> S) -> Value {
    return B.create<ReshapeOp>(loc(), shape(S), V);
  };
  Value Y;
  if (Kernel.size() == 2) {
    Y = pool2d(X, Out, 0, 2, 0);
  } else if (Kernel.size() == 1) {
    Y = pool2d(reshape(X, {In[0], In[1], 1, In[2]}),
               {Out[0], Out[1], 1, Out[2]}, 0, 1, /*OneAs=*/1);
  } else {
    Value HW = pool2d(reshape(X, {In[0], In[1] * In[2], In[3], In[4]}),
                      {In[0], In[1] * In[2], Out[3], Out[4]}, 1, 2, 0);
    Y = pool2d(reshape(HW, {In[0], In[1], In[2], Out[3] * Out[4]}),
               {Out[0], Out[1], Out[2], Out[3] * Out[4]}, 0, 1, /*OneAs=*/0);
  }
  return define(Kernel.size() == 2 ? Y : reshape(Y, Out));
}

bool Importer::globalPool(PoolKind Kind) {
  Value X = input(0);
  if (!X)
    return false;
  ArrayRef<int64_t> S = G.Values.at(Node->Inputs[0]).Shape;
  if (S.size() != 4)
    return fail("only NCHW inputs are supported");
  return define(B.create<Pool2dOp>(
      loc(), resultType(), X, PoolKindAttr::get(B.getContext(), Kind),
      B.getDenseI64ArrayAttr({S[2], S[3]}), B.getDenseI64ArrayAttr({1, 1}),
      B.getDenseI64ArrayAttr({0, 0, 0, 0}), B.getDenseI64ArrayAttr({1, 1}),
      B.getBoolAttr(false), B.getBoolAttr(false)));
}
