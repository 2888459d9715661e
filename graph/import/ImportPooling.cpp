//===-- ImportPooling.cpp - ONNX MaxPool's Indices and typed maxima -------===//
//
// MaxPool of f32 whose Indices nothing reads is pool() (the stream engine's
// f32 kernel, 1-, 2- and 3-D). Otherwise, in 1-D (as 2-D over
// [N, C, 1, L], whose flat indices are the 1-D input's) and 2-D, each
// output is a record of its own: the f32 maxima a pool2d, other types'
// maxima and the int64 Indices an accel.max_pool2d_typed.
//
//===----------------------------------------------------------------------===//

#include "import/Importer.h"

using namespace accel::graph;
using namespace accel::graph::import_detail;

bool Importer::maxPool() {
  bool Indices = Node->Outputs.size() > 1 && !Node->Outputs[1].empty();
  int64_t StorageOrder = intAttr("storage_order", 0);
  if (isF32(Node->Inputs[0]) && !Indices && StorageOrder == 0)
    return pool(PoolKind::max);
  Value X = input(0);
  if (!X)
    return false;
  Type E = cast<RankedTensorType>(X.getType()).getElementType();
  if (E.isInteger(1))
    return fail("MaxPool of bool is not supported");
  if (StorageOrder != 0 && StorageOrder != 1)
    return fail("storage_order " + Twine(StorageOrder) + " is not 0 or 1");
  const og::Attribute *K = attr("kernel_shape");
  if (!K)
    return fail("kernel_shape is missing");
  std::vector<int64_t> Kernel = K->IntList, Strides, Pads, Dilations;
  if (!window(Kernel, Strides, Pads, Dilations))
    return false;
  if (Kernel.size() == 3)
    return fail("3-D MaxPool is supported for float32 maxima alone, not " +
                (Indices ? "with Indices"
                         : "of element type " + getElementTypeName(E)));
  ArrayRef<int64_t> In = cast<RankedTensorType>(X.getType()).getShape();
  // 1-D: the window's height 1, its width the 1-D window.
  if (Kernel.size() == 1) {
    Kernel.insert(Kernel.begin(), 1);
    Strides.insert(Strides.begin(), 1);
    Dilations.insert(Dilations.begin(), 1);
    Pads = {0, Pads[0], 0, Pads[1]};
    X = B.create<ReshapeOp>(
        loc(), RankedTensorType::get({In[0], In[1], 1, In[2]}, E), X);
  }
  auto as2d = [&](RankedTensorType T) {
    ArrayRef<int64_t> S = T.getShape();
    if (S.size() == 4)
      return T;
    return RankedTensorType::get({S[0], S[1], 1, S[2]}, T.getElementType());
  };
  bool Ceil = intAttr("ceil_mode", 0);
  for (unsigned I = 0; I != 2; ++I) {
    if (I >= Node->Outputs.size() || Node->Outputs[I].empty())
      continue;
    RankedTensorType T = resultType(I), T2 = as2d(T);
    Value Y;
    if (I == 0 && E.isF32())
      Y = B.create<Pool2dOp>(
          loc(), T2, X, PoolKindAttr::get(B.getContext(), PoolKind::max),
          B.getDenseI64ArrayAttr(Kernel), B.getDenseI64ArrayAttr(Strides),
          B.getDenseI64ArrayAttr(Pads), B.getDenseI64ArrayAttr(Dilations),
          B.getBoolAttr(Ceil), B.getBoolAttr(false));
    else
      Y = B.create<MaxPoolTypedOp>(
          loc(), T2, X, B.getDenseI64ArrayAttr(Kernel),
          B.getDenseI64ArrayAttr(Strides), B.getDenseI64ArrayAttr(Pads),
          B.getDenseI64ArrayAttr(Dilations), B.getBoolAttr(Ceil),
          B.getBoolAttr(I == 1), B.getI64IntegerAttr(StorageOrder));
    if (T2 != T)
      Y = B.create<ReshapeOp>(loc(), T, Y);
    if (!define(Y, I))
      return false;
  }
  return true;
}
