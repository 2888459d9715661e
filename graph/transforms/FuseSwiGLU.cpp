//===-- FuseSwiGLU.cpp - SwiGLU's gated product as one kernel -------------===//
//
// Part of -accel-fuse-activations and -accel-fuse (FusePasses.cpp). A
// SwiGLU feed-forward block (LLaMA's, an MoE expert's) computes
// silu(x . W1) * (x . W3) before its down projection; after FuseSilu.cpp
// that is
//
//   mul(matmul(x, W1) {activation = silu}, matmul(x, W3))
//
// with W1 and W3 constant [K, H] matrices of one shape. It becomes
// accel.gemm_glu(x as rows [M, K], W1 and W3 packed at compile time) (the
// library's accel_gemm_glu): one call whose two products stay in the
// scratchpad, instead of two matmuls writing [M, H] each and a product
// reading them back. Both products must be read by the mul alone, x be
// the same value, and the kernel's scratchpad hold K and H
// (accel_gemm_glu_fits); anything else is left as it is.
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"
#include "transforms/FusePatterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"

#include <accel_kernels.h>

using namespace mlir;
using namespace accel::graph;

namespace {

/// \p V's producer if it is an f32 matmul by a constant [K, H] matrix
/// with activation \p Act (none if null), read once.
MatMulOp projection(Value V, std::optional<Activation> Act) {
  auto MM = V.getDefiningOp<MatMulOp>();
  if (!MM || !V.hasOneUse() || MM.getActivation() != Act ||
      !MM.getB().getDefiningOp<arith::ConstantOp>() ||
      shapeOf(MM.getB()).size() != 2 || shapeOf(MM.getA()).size() < 2 ||
      !MM.getType().getElementType().isF32())
    return nullptr;
  return MM;
}

/// The f32 values of a constant [K, H] matrix, row-major.
SmallVector<float> matrixValues(Value W) {
  auto Dense =
      cast<DenseElementsAttr>(W.getDefiningOp<arith::ConstantOp>().getValue());
  return SmallVector<float>(Dense.getValues<float>());
}

struct FuseSwiGlu : OpRewritePattern<ElementwiseOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ElementwiseOp Op,
                                PatternRewriter &Rewriter) const override {
    if (Op.getKind() != ElementwiseKind::mul)
      return failure();
    for (int Side = 0; Side != 2; ++Side) {
      MatMulOp Gate = projection(Op.getInputs()[Side], Activation::silu);
      MatMulOp Up = projection(Op.getInputs()[1 - Side], std::nullopt);
      if (!Gate || !Up || Gate.getA() != Up.getA() ||
          Gate.getB().getType() != Up.getB().getType() ||
          Gate.getType() != Op.getType() || Up.getType() != Op.getType())
        continue;
      ArrayRef<int64_t> W = shapeOf(Gate.getB());
      int64_t K = W[0], H = W[1];
      if (!accel_gemm_glu_fits(K, H) ||
          !cast<DenseElementsAttr>(
               Gate.getB().getDefiningOp<arith::ConstantOp>().getValue())
               .getElementType()
               .isF32())
        continue;
      SmallVector<float> W1 = matrixValues(Gate.getB()),
                         W3 = matrixValues(Up.getB());
      int64_t Pairs = (H + 15) / 16;
      // accel_gemm_glu_pack's layout (accel_kernels.h): block j's 16
      // columns of W1, then of W3, each K rows of 16, past H zero.
      SmallVector<float> Packed(2 * Pairs * K * 16, 0.0f);
      for (int64_t J = 0; J != Pairs; ++J)
        for (int Half = 0; Half != 2; ++Half)
          for (int64_t R = 0; R != K; ++R)
            for (int64_t C = 0; C != 16 && J * 16 + C < H; ++C)
              Packed[((2 * J + Half) * K + R) * 16 + C] =
                  (Half ? W3 : W1)[R * H + J * 16 + C];

      Location Loc =
          Rewriter.getFusedLoc({Gate.getLoc(), Up.getLoc(), Op.getLoc()});
      auto F32 = Rewriter.getF32Type();
      auto PackedType = RankedTensorType::get({2 * Pairs, K, 16}, F32);
      Value WPacked = Rewriter.create<arith::ConstantOp>(
          Loc, PackedType,
          DenseElementsAttr::get(PackedType, ArrayRef<float>(Packed)));
      auto Y = cast<RankedTensorType>(Op.getType());
      int64_t Rows = Y.getNumElements() / std::max<int64_t>(H, 1);
      Value A = Gate.getA();
      if (shapeOf(A).size() != 2)
        A = Rewriter.create<ReshapeOp>(
            Loc, RankedTensorType::get({Rows, K}, F32), A);
      Value Result = Rewriter.create<GemmGluOp>(
          Loc, RankedTensorType::get({Rows, H}, F32), A, WPacked);
      if (Y.getRank() != 2)
        Result = Rewriter.create<ReshapeOp>(Loc, Y, Result);
      Rewriter.replaceOp(Op, Result);
      Rewriter.eraseOp(Gate);
      Rewriter.eraseOp(Up);
      return success();
    }
    return failure();
  }
};

} // namespace

void accel::graph::populateSwiGluFusion(RewritePatternSet &Patterns) {
  Patterns.add<FuseSwiGlu>(Patterns.getContext());
}
