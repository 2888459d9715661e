//===-- AccelGraphOps.td - The accel graph dialect ---------*- tablegen -*-===//
//
// The graph compiler's IR (docs/graph.md): one op per kernel-library entry
// point, on ranked tensors of ONNX's element types, with ONNX's semantics for shapes,
// broadcasting and attributes, so that import is one op per ONNX node and
// every op lowers to one library call. Layouts are the library's (NCHW),
// not TOSA's NHWC: no transposes appear around convolutions and pooling.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_GRAPH_OPS
#define ACCEL_GRAPH_OPS

include "dialect/AccelGraphBase.td"
include "dialect/AccelGraphEnums.td"
include "dialect/AccelGraphInterfaces.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// The element types an op's kernel takes, checked before the op's own
// verifier (AccelGraphDialect.h): today every kernel computes in f32.
def AccelGraph_F32Kernel : NativeOpTrait<"F32Kernel"> {
  let cppNamespace = "::accel::graph";
}

class AccelGraph_Op<string mnemonic, list<Trait> traits = [],
                    list<Trait> typeTraits = [AccelGraph_F32Kernel]>
    : Op<AccelGraph_Dialect, mnemonic,
         !listconcat(traits, typeTraits, [Pure])> {
  let hasVerifier = 1;
}

// ONNX's element types (docs/graph.md): f32, f16, bf16, f64; bool as i1;
// the signed integers signless (i8 to i64), the unsigned ones unsigned
// (ui8 to ui64). An op's kernel takes fewer (its type trait).
def AccelGraph_Tensor : RankedTensorOf<[F32, F16, BF16, F64, I1, I8, I16, I32,
                                        I64, UI8, UI16, UI32, UI64]>;

// The activation a matrix-unit op applies on its way out (the library's
// accel_activation; FusedActivationOpInterface): relu, gelu (exact: matmul
// and gemm only), silu, or clip between act_lo and act_hi. Set by
// -accel-fuse-activations from a following elementwise op.
defvar ActivationAttrs =
    (ins OptionalAttr<AccelGraph_ActivationAttr>:$activation,
         OptionalAttr<F32Attr>:$act_lo, OptionalAttr<F32Attr>:$act_hi);

// Any one element type but bool (f32 on the matrix unit, the others in
// the library's scalar loops); an activation on f32 only.
def AccelGraph_MatMulOp : AccelGraph_Op<"matmul", [
    DeclareOpInterfaceMethods<AccelGraph_FusedActivationOpInterface,
                              ["supportsActivation"]>,
    AccelGraph_StridedOperandsOpInterface], []> {
  let summary = "ONNX MatMul: numpy matmul, batch dimensions broadcast";
  let arguments = !con((ins AccelGraph_Tensor:$a, AccelGraph_Tensor:$b),
                       ActivationAttrs);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat =
      "$a `,` $b attr-dict `:` functional-type(operands, results)";
}

def AccelGraph_GemmOp : AccelGraph_Op<"gemm", [
    AccelGraph_FusedActivationOpInterface,
    AccelGraph_StridedOperandsOpInterface,
    // Few rows stored by columns (gemm_few_rows.c): a 1 x 1 convolution's.
    DeclareOpInterfaceMethods<AccelGraph_StridedResultOpInterface,
                              ["storesResultWith"]>]> {
  let summary = "ONNX Gemm: alpha op(A) op(B) + beta C, C broadcast";
  let arguments = !con((ins AccelGraph_Tensor:$a, AccelGraph_Tensor:$b,
                            Optional<AccelGraph_Tensor>:$c,
                            DefaultValuedAttr<F32Attr, "1.0">:$alpha,
                            DefaultValuedAttr<F32Attr, "1.0">:$beta,
                            DefaultValuedAttr<BoolAttr, "false">:$trans_a,
                            DefaultValuedAttr<BoolAttr, "false">:$trans_b),
                       ActivationAttrs);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat =
      "$a `,` $b (`,` $c^)? attr-dict `:` functional-type(operands, results)";
  // A transposed constant operand stored transposed instead.
  let hasCanonicalizer = 1;
}

def AccelGraph_Conv2dOp : AccelGraph_Op<"conv2d", [
    // No gelu: the library's convolution does not have it.
    DeclareOpInterfaceMethods<AccelGraph_FusedActivationOpInterface,
                              ["supportsActivation"]>]> {
  let summary = "ONNX Conv in 2-D: NCHW input, [M, C/group, KH, KW] weights";
  let arguments = !con((ins AccelGraph_Tensor:$input,
                            AccelGraph_Tensor:$weight,
                            Optional<AccelGraph_Tensor>:$bias,
                            DenseI64ArrayAttr:$strides,   // [sh, sw]
                            DenseI64ArrayAttr:$pads,      // [t, l, b, r]
                            DenseI64ArrayAttr:$dilations, // [dh, dw]
                            I64Attr:$group),
                       ActivationAttrs);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat = "$input `,` $weight (`,` $bias^)? attr-dict `:` "
                       "functional-type(operands, results)";
}

// Its verifier: VerifyConvUpsampled.cpp.
def AccelGraph_Conv2dUpsampledOp : AccelGraph_Op<"conv2d_upsampled", [
    DeclareOpInterfaceMethods<AccelGraph_FusedActivationOpInterface,
                              ["supportsActivation"]>]> {
  let summary = "conv2d of a nearest upsampling by scale, without it";
  let description = [{
    conv2d(Resize(x, nearest, asymmetric, floor, scales [1, 1, s, s]), w)
    with stride 1, no dilation and one group, reading x (the library's
    accel_conv2d_upsampled). `weight` is w with each output row phase's
    kernel rows summed ([s Cout, C, KH', KW]: accel_kernels.h), `kernel_h`
    w's KH, `pads` the convolution's [t, l, b, r] on the upsampled input.
    -accel-fuse-upsample-conv makes it (FuseUpsampleConv.cpp).
  }];
  let arguments = !con((ins AccelGraph_Tensor:$input,
                            AccelGraph_Tensor:$weight,
                            Optional<AccelGraph_Tensor>:$bias,
                            I64Attr:$scale, I64Attr:$kernel_h,
                            DenseI64ArrayAttr:$pads),
                       ActivationAttrs);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat = "$input `,` $weight (`,` $bias^)? attr-dict `:` "
                       "functional-type(operands, results)";
}

// Its verifier: VerifyConvTranspose.cpp.
def AccelGraph_ConvTranspose2dOp : AccelGraph_Op<"conv_transpose2d"> {
  let summary = "ONNX ConvTranspose in 2-D: NCHW input, [C, M/group, KH, KW] "
                "weights";
  let description = [{
    Pads are explicit (auto_pad and output_shape resolved by the importer)
    and crop the full output; output_padding adds rows and columns at its
    end. Runs as accel_conv_transpose2d.
  }];
  let arguments = (ins AccelGraph_Tensor:$input, AccelGraph_Tensor:$weight,
                   Optional<AccelGraph_Tensor>:$bias,
                   DenseI64ArrayAttr:$strides,        // [sh, sw]
                   DenseI64ArrayAttr:$pads,           // [t, l, b, r]
                   DenseI64ArrayAttr:$dilations,      // [dh, dw]
                   DenseI64ArrayAttr:$output_padding, // [h, w]
                   I64Attr:$group);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat = "$input `,` $weight (`,` $bias^)? attr-dict `:` "
                       "functional-type(operands, results)";
}

def AccelGraph_Pool2dOp : AccelGraph_Op<"pool2d"> {
  let summary = "ONNX MaxPool and AveragePool in 2-D, NCHW";
  let arguments = (ins AccelGraph_Tensor:$input,
                   AccelGraph_PoolKindAttr:$kind,
                   DenseI64ArrayAttr:$kernel,    // [kh, kw]
                   DenseI64ArrayAttr:$strides,   // [sh, sw]
                   DenseI64ArrayAttr:$pads,      // [top, left, bottom, right]
                   DenseI64ArrayAttr:$dilations, // [dh, dw]
                   DefaultValuedAttr<BoolAttr, "false">:$ceil_mode,
                   DefaultValuedAttr<BoolAttr, "false">:$count_include_pad);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat =
      "`` $kind $input attr-dict `:` functional-type(operands, results)";
}

// Its element types per kind: verifyElementwiseTypes (VerifyElementwise.cpp).
def AccelGraph_ElementwiseOp : AccelGraph_Op<"elementwise", [
    AccelGraph_StridedOperandsOpInterface, AccelGraph_MayRunInPlace], []> {
  let summary = "An elementwise operation with numpy broadcasting";
  let description = [{
    `kind` names the operation (AccelGraphEnums.td), which takes one, two
    or three inputs (`where`: condition, then, else); `leaky_relu` takes
    alpha, `clip` lo and hi. The inputs have one element type (but where's
    condition and pow's exponent); the result has it too, or is i1 for the
    comparisons, isnan and the isinf kinds.
  }];
  let arguments = (ins AccelGraph_ElementwiseKindAttr:$kind,
                   Variadic<AccelGraph_Tensor>:$inputs,
                   OptionalAttr<F32Attr>:$alpha,
                   OptionalAttr<F32Attr>:$lo, OptionalAttr<F32Attr>:$hi);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat =
      "`` $kind $inputs attr-dict `:` functional-type(operands, results)";
}

def AccelGraph_ElementwiseChainOp : AccelGraph_Op<"elementwise_chain", [
    AccelGraph_StridedOperandsOpInterface]> {
  let summary = "Elementwise ops in one pass over memory (the library's chain)";
  let description = [{
    r = inputs[0] (broadcast to the result's shape); then for each step i,
    r = kinds[i](r) for a unary kind, or kinds[i](r, inputs[operands[i]])
    for a binary one (operands[i] >= 1; swaps[i] puts r second); the
    result is r. alphas, los and his are leaky_relu's and clip's
    attributes (0 where unused). 1 to 8 steps, 1 to 5 inputs; no where.
    -accel-fuse-chains makes these from elementwise ops.
  }];
  let arguments = (ins Variadic<AccelGraph_Tensor>:$inputs,
                   AccelGraph_ElementwiseKindArrayAttr:$kinds,
                   DenseI64ArrayAttr:$operands,
                   DenseBoolArrayAttr:$swaps, DenseF32ArrayAttr:$alphas,
                   DenseF32ArrayAttr:$los, DenseF32ArrayAttr:$his);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat =
      "custom<ElementwiseKinds>($kinds) $inputs attr-dict `:` "
      "functional-type(operands, results)";
}

def AccelGraph_SoftmaxOp : AccelGraph_Op<"softmax"> {
  let summary = "ONNX Softmax or LogSoftmax along one axis";
  let arguments = (ins AccelGraph_Tensor:$input,
                   I64Attr:$axis, // 0 <= axis < rank
                   DefaultValuedAttr<BoolAttr, "false">:$log);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat =
      "$input attr-dict `:` functional-type(operands, results)";
}

// Every element type but bool (the kernel's f32 kinds on the vector unit,
// the rest in scalar loops): the result's type is the input's. The axes
// are an attribute, or a 1-D int32/int64 graph input read at run time
// (axes_value; axes then empty), which the kernel checks against the
// result's shape at every call.
def AccelGraph_ReduceOp : AccelGraph_Op<"reduce", [], []> {
  let summary = "ONNX's Reduce* (Sum, Mean, Max, Min, L1, L2, LogSum, "
                "LogSumExp, Prod, SumSquare)";
  let arguments = (ins AccelGraph_Tensor:$input,
                   Optional<AccelGraph_Tensor>:$axes_value,
                   AccelGraph_ReduceKindAttr:$kind,
                   DenseI64ArrayAttr:$axes,  // 0 <= axis < rank; empty: all
                   BoolAttr:$keepdims);
  let results = (outs AccelGraph_Tensor:$result);
  let builders = [
    OpBuilder<(ins "mlir::Type":$result, "mlir::Value":$input,
                   "ReduceKindAttr":$kind, "mlir::DenseI64ArrayAttr":$axes,
                   "mlir::BoolAttr":$keepdims), [{
      build($_builder, $_state, result, input, mlir::Value(), kind, axes,
            keepdims);
    }]>];
  let assemblyFormat =
      "`` $kind $input (`axes` $axes_value^)? attr-dict `:` "
      "functional-type(operands, results)";
}

// Any element type but bool; an int64 result.
def AccelGraph_ArgReduceOp : AccelGraph_Op<"argreduce", [], []> {
  let summary = "ONNX ArgMax and ArgMin along one axis";
  let arguments = (ins AccelGraph_Tensor:$input,
                   I64Attr:$axis, // 0 <= axis < rank
                   BoolAttr:$is_min, BoolAttr:$keepdims,
                   BoolAttr:$select_last_index);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat =
      "$input attr-dict `:` functional-type(operands, results)";
}

def AccelGraph_HardmaxOp : AccelGraph_Op<"hardmax"> {
  let summary = "ONNX Hardmax (opset 13): 1 at each line's first maximum";
  let arguments = (ins AccelGraph_Tensor:$input,
                   I64Attr:$axis); // 0 <= axis < rank
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat =
      "$input attr-dict `:` functional-type(operands, results)";
}

// Any element type but bool. The axis is an attribute, or an int32/int64
// scalar read at run time (a graph input: the shape does not depend on it).
def AccelGraph_CumSumOp : AccelGraph_Op<"cumsum", [], []> {
  let summary = "ONNX CumSum along one axis (exclusive, reverse)";
  let arguments = (ins AccelGraph_Tensor:$input,
                   Optional<AccelGraph_Tensor>:$axis_value,
                   I64Attr:$axis, // 0 <= axis < rank; without axis_value
                   BoolAttr:$exclusive, BoolAttr:$reverse);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat =
      "$input (`axis` $axis_value^)? attr-dict `:` "
      "functional-type(operands, results)";
}

// One of TopK's two outputs: the values (the input's type) or the int64
// indices; a node with both becomes two ops. k sets the result's shape;
// a k_value (a graph input, one int64) must hold it at run time.
def AccelGraph_TopKOp : AccelGraph_Op<"topk", [], []> {
  let summary = "ONNX TopK's values or indices along one axis";
  let arguments = (ins AccelGraph_Tensor:$input,
                   Optional<AccelGraph_Tensor>:$k_value,
                   I64Attr:$axis, // 0 <= axis < rank
                   I64Attr:$k, BoolAttr:$largest, BoolAttr:$indices);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat =
      "$input (`k` $k_value^)? attr-dict `:` "
      "functional-type(operands, results)";
}

// Its input and residual may be strided, and so may its result, where the
// normalized dimensions stay one run each (the kernel's lines).
def AccelGraph_LayerNormOp : AccelGraph_Op<"layernorm", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<AccelGraph_StridedOperandsOpInterface,
                              ["takesStridedOperand"]>,
    DeclareOpInterfaceMethods<AccelGraph_StridedResultOpInterface,
                              ["storesResultWith"]>]> {
  let summary = "ONNX LayerNormalization over dims [axis, rank)";
  let description = [{
    With a residual (of the input's type), normalizes input + residual:
    -accel-fuse-norms makes it from a residual connection's add that only
    the normalization reads, so that the sum is never written to memory.
    With a residual, the result may be [2, input's dims]: the sum, then
    the normalized sum (writesSum; a pre-norm layer's, whose next residual
    add reads the sum again: -accel-fuse-pre-norm, FusePreNorm.cpp).
  }];
  let arguments = (ins AccelGraph_Tensor:$input,
                   Optional<AccelGraph_Tensor>:$residual,
                   AccelGraph_Tensor:$scale,
                   Optional<AccelGraph_Tensor>:$shift,
                   I64Attr:$axis, // 0 <= axis < rank
                   F32Attr:$epsilon);
  let results = (outs AccelGraph_Tensor:$result);
  let extraClassDeclaration = [{
    /// Whether the result is [2, input's dims], the sum and the norm.
    bool writesSum() {
      auto Rank = [](mlir::Value V) {
        return mlir::cast<mlir::RankedTensorType>(V.getType()).getRank();
      };
      return Rank(getResult()) == Rank(getInput()) + 1;
    }
  }];
  let assemblyFormat = "$input (`residual` $residual^)? `,` $scale "
                       "(`,` $shift^)? attr-dict `:` "
                       "functional-type(operands, results)";
}

// VerifyRmsNorm.cpp.
def AccelGraph_RmsNormOp : AccelGraph_Op<"rms_norm"> {
  let summary = "RMS normalization along the last dimension";
  let description = [{
    result = x / sqrt(mean(x^2) + epsilon) * scale along the last
    dimension (scale of its size), x = input, or input + residual where
    there is one. -accel-fuse-norms makes it from the Pow, ReduceMean,
    Add, Sqrt, Div or Reciprocal and Muls of PyTorch's RMSNorm
    (FuseRmsNorm.cpp). Runs as accel_rmsnorm. With a residual, the result
    may be [2, input's dims], the sum and then the norm, as
    accel.layernorm's (writesSum).
  }];
  let arguments = (ins AccelGraph_Tensor:$input,
                   Optional<AccelGraph_Tensor>:$residual,
                   AccelGraph_Tensor:$scale, F32Attr:$epsilon);
  let results = (outs AccelGraph_Tensor:$result);
  let extraClassDeclaration = [{
    /// Whether the result is [2, input's dims], the sum and the norm.
    bool writesSum() {
      auto Rank = [](mlir::Value V) {
        return mlir::cast<mlir::RankedTensorType>(V.getType()).getRank();
      };
      return Rank(getResult()) == Rank(getInput()) + 1;
    }
  }];
  let assemblyFormat = "$input (`residual` $residual^)? `,` $scale "
                       "attr-dict `:` functional-type(operands, results)";
}

// VerifyGemmGlu.cpp.
def AccelGraph_GemmGluOp : AccelGraph_Op<"gemm_glu"> {
  let summary = "silu(a . w_gate) * (a . w_up), a SwiGLU block's first half";
  let description = [{
    a [M, K]; w the two weights packed as accel_gemm_glu_pack lays them
    out, [2 P, K, 16] with P = ceil(H / 16); result [M, H]. -accel-fuse
    makes it from the product of a matmul with a silu activation and a
    matmul of the same a (FuseSwiGLU.cpp). Runs as accel_gemm_glu: the two
    products never reach memory.
  }];
  let arguments = (ins AccelGraph_Tensor:$a, AccelGraph_Tensor:$w);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat =
      "$a `,` $w attr-dict `:` functional-type(operands, results)";
}

// VerifyLstm.cpp.
def AccelGraph_LstmOp : AccelGraph_Op<"lstm"> {
  let summary = "one direction of ONNX's LSTM over a whole sequence";
  let description = [{
    xw [T, B, 4 H], every step's input projection with both biases (gates
    i, o, f, c); w R [4 H, H] packed as accel_lstm_pack lays it out,
    [4 ceil(H / 16), H, 16]; h0, c0 [B, H]. Result [T + 1, B, H]: each
    step's h at its time, then the last step's c. The steps run from
    T - 1 down to 0 if reverse. The importer makes it for LSTMs with
    ONNX's default activations and no peepholes, clip or sequence lengths
    (ImportRecurrent.cpp); runs as accel_lstm.
  }];
  let arguments = (ins AccelGraph_Tensor:$xw, AccelGraph_Tensor:$w,
                       AccelGraph_Tensor:$h0, AccelGraph_Tensor:$c0,
                       BoolAttr:$reverse);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat =
      "$xw `,` $w `,` $h0 `,` $c0 attr-dict `:` functional-type(operands, results)";
}

// VerifyLstm.cpp.
def AccelGraph_GruOp : AccelGraph_Op<"gru"> {
  let summary = "one direction of ONNX's GRU (linear_before_reset) over a "
                "whole sequence";
  let description = [{
    xw [T, B, 3 H], every step's input projection with Wb, and Rb for
    gates z and r (gates z, r, h); w R [3 H, H] packed as accel_gru_pack
    lays it out, [3 ceil(H / 16), H, 16]; rbh [H], gate h's Rb (inside the
    reset's product); h0 [B, H]. Result [T, B, H], each step's h at its
    time. The steps run from T - 1 down to 0 if reverse. The importer
    makes it for GRUs with linear_before_reset, ONNX's default activations
    and no clip or sequence lengths (ImportRecurrent.cpp); runs as
    accel_gru.
  }];
  let arguments = (ins AccelGraph_Tensor:$xw, AccelGraph_Tensor:$w,
                       AccelGraph_Tensor:$rbh, AccelGraph_Tensor:$h0,
                       BoolAttr:$reverse);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat =
      "$xw `,` $w `,` $rbh `,` $h0 attr-dict `:` functional-type(operands, results)";
}

def AccelGraph_GemmNormOp : AccelGraph_Op<"gemm_norm", [
    AttrSizedOperandSegments, AccelGraph_StridedOperandsOpInterface]> {
  let summary = "layernorm(a . op(b) + bias + residual) along the last dim";
  let description = [{
    A projection and the post-norm residual connection after it: a's rows
    (its leading dims, the result's) times op(b) ([K, N]), plus the bias
    ([N]) and the residual (the result's type), normalized along the last
    dimension with scale and shift ([N]). -accel-fuse-gemm-norm makes it
    from a gemm read only by a layer norm's input or residual, through a
    reshape and a transpose that keep the last dimension; the library's
    accel_gemm_layernorm normalizes the product in the scratchpad.
  }];
  let arguments = (ins AccelGraph_Tensor:$a, AccelGraph_Tensor:$b,
                   Optional<AccelGraph_Tensor>:$bias,
                   AccelGraph_Tensor:$residual,
                   AccelGraph_Tensor:$scale,
                   Optional<AccelGraph_Tensor>:$shift,
                   DefaultValuedAttr<BoolAttr, "false">:$trans_b,
                   F32Attr:$epsilon);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat = "$a `,` $b (`bias` $bias^)? `residual` $residual `,` "
                       "$scale (`,` $shift^)? attr-dict `:` "
                       "functional-type(operands, results)";
}

def AccelGraph_MlpNormOp : AccelGraph_Op<"mlp_norm", [
    AttrSizedOperandSegments, AccelGraph_StridedOperandsOpInterface]> {
  let summary = "layernorm(act(x . w1 + bias1) . w2 + bias2 + residual)";
  let description = [{
    A transformer's feed-forward block and the post-norm residual
    connection after it: x's rows (its leading dims, the result's) through
    w1 ([K, H]), bias1 ([H]) and the activation ("relu", "gelu" exact, or
    none), then w2 ([H, N]) and bias2 ([N]), plus the residual (the
    result's type), normalized along the last dimension with scale and
    shift ([N]). -accel-fuse-gemm-norm makes it from an accel.gemm_norm
    whose a is a gemm read only by it (through a reshape of its rows); the
    library's accel_mlp_layernorm keeps both products in the scratchpad.
  }];
  let arguments = (ins AccelGraph_Tensor:$x, AccelGraph_Tensor:$w1,
                   Optional<AccelGraph_Tensor>:$bias1,
                   AccelGraph_Tensor:$w2,
                   Optional<AccelGraph_Tensor>:$bias2,
                   AccelGraph_Tensor:$residual,
                   AccelGraph_Tensor:$scale,
                   Optional<AccelGraph_Tensor>:$shift,
                   OptionalAttr<AccelGraph_ActivationAttr>:$activation,
                   F32Attr:$epsilon);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat = "$x `,` $w1 (`bias` $bias1^)? `,` $w2 "
                       "(`bias` $bias2^)? `residual` $residual `,` $scale "
                       "(`,` $shift^)? attr-dict `:` "
                       "functional-type(operands, results)";
}

// Its verifier: VerifySqueezeExcite.cpp.
def AccelGraph_SqueezeExciteOp : AccelGraph_Op<"squeeze_excite", [
    AttrSizedOperandSegments]> {
  let summary = "x * sigmoid(w2 . act(w1 . mean(x) + bias1) + bias2)";
  let description = [{
    Squeeze-excitation over an NCHW input: each plane's mean, through the
    1x1 convolutions w1 ([R, C, 1, 1]) and w2 ([C, R, 1, 1]) with their
    biases ([R], [C]) and the activation between them (none, "relu" or
    "silu"), a sigmoid, and each plane of the input scaled by its
    channel's gate. -accel-fuse-cnn-blocks makes it from GlobalAveragePool,
    Conv, the activation, Conv, Sigmoid and Mul; the library's
    accel_squeeze_excite keeps everything but x and y in the scratchpad.
  }];
  let arguments = (ins AccelGraph_Tensor:$input, AccelGraph_Tensor:$w1,
                   Optional<AccelGraph_Tensor>:$bias1,
                   AccelGraph_Tensor:$w2,
                   Optional<AccelGraph_Tensor>:$bias2,
                   OptionalAttr<AccelGraph_ActivationAttr>:$activation);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat = "$input `,` $w1 (`bias` $bias1^)? `,` $w2 "
                       "(`bias` $bias2^)? attr-dict `:` "
                       "functional-type(operands, results)";
}

def AccelGraph_BatchNormOp : AccelGraph_Op<"batchnorm"> {
  let summary = "ONNX BatchNormalization for inference, channels in dim 1";
  let arguments = (ins AccelGraph_Tensor:$input, AccelGraph_Tensor:$scale,
                   AccelGraph_Tensor:$shift, AccelGraph_Tensor:$mean,
                   AccelGraph_Tensor:$variance, F32Attr:$epsilon);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat = "$input `,` $scale `,` $shift `,` $mean `,` $variance "
                       "attr-dict `:` functional-type(operands, results)";
}

// Its verifier: VerifyGroupNorm.cpp.
def AccelGraph_GroupNormOp : AccelGraph_Op<"group_norm", [
    DeclareOpInterfaceMethods<AccelGraph_FusedActivationOpInterface,
                              ["supportsActivation"]>,
    AccelGraph_MayRunInPlace]> {
  let summary = "GroupNorm over [N, C, ...]: groups of C / groups channels";
  let description = [{
    Each group of each n normalized by its mean and variance over its
    channels and spatial elements (epsilon added to the variance), then
    scaled and shifted per channel (scale and shift [C]) and activated
    (none, "relu" or "silu"). ONNX's InstanceNormalization is groups = C;
    -accel-fuse makes it from PyTorch's GroupNorm export (a reshape to
    [N, groups, -1], InstanceNormalization, a reshape back, Mul and Add by
    [C, 1, ...]) and the SiLU after it. Runs as accel_groupnorm.
  }];
  let arguments = !con((ins AccelGraph_Tensor:$input,
                        AccelGraph_Tensor:$scale, AccelGraph_Tensor:$shift,
                        I64Attr:$groups, F32Attr:$epsilon),
                       ActivationAttrs);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat = "$input `,` $scale `,` $shift attr-dict `:` "
                       "functional-type(operands, results)";
}

// Its verifier: VerifyChannelNorm.cpp.
def AccelGraph_ChannelNormOp : AccelGraph_Op<"channel_norm", [
    AttrSizedOperandSegments, AccelGraph_MayRunInPlace]> {
  let summary = "LayerNorm over dimension 1 alone of [N, C, ...] (NCHW)";
  let description = [{
    Each (n, pixel)'s C values normalized by their mean and variance
    (epsilon added to the variance), then scaled and shifted per channel
    (scale and shift [C], each optional): ConvNeXt's LayerNorm, which
    PyTorch writes as a permute to channels-last, LayerNormalization over
    the last axis and a permute back. -accel-fuse-channel-norm makes it
    from that pattern; runs as accel_channel_norm, in NCHW. With
    channels_last, the result is the normalized input's permute to
    [N, ..., C] (the channels last), which the kernel writes directly.
  }];
  let arguments = (ins AccelGraph_Tensor:$input,
                   Optional<AccelGraph_Tensor>:$scale,
                   Optional<AccelGraph_Tensor>:$shift, F32Attr:$epsilon,
                   UnitAttr:$channels_last);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat = "$input (`scale` $scale^)? (`shift` $shift^)? "
                       "attr-dict `:` functional-type(operands, results)";
}

def AccelGraph_AttentionOp : AccelGraph_Op<"attention", [
    AccelGraph_StridedOperandsOpInterface,
    AccelGraph_StridedResultOpInterface]> {
  let summary = "softmax(q . k^T * scale + mask) . v over the last two dims";
  let description = [{
    q [..., Sq, D], k [..., Sk, D], v [..., Sk, Dv] with the same batch
    dimensions but k's and v's heads (the last batch dimension), which may
    divide q's (grouped-query attention: query head h reads k/v head
    h / (H / KVH)), the result [..., Sq, Dv]; an optional additive mask
    broadcasts to the scores' shape [..., Sq, Sk]; causal hides key j from
    query i when j > i + Sk - Sq (as well as the mask). Made by
    -accel-fuse-attention from the pattern MatMul -> (Mul | Div by a
    constant) -> (Add mask) -> Softmax -> MatMul; the library's
    accel_attention (flash-attention tiling: the scores never reach DRAM).
  }];
  let arguments = (ins AccelGraph_Tensor:$q, AccelGraph_Tensor:$k,
                   AccelGraph_Tensor:$v, Optional<AccelGraph_Tensor>:$mask,
                   F32Attr:$scale, UnitAttr:$causal);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat = "$q `,` $k `,` $v (`,` $mask^)? attr-dict `:` "
                       "functional-type(operands, results)";
}

def AccelGraph_ConcatOp : AccelGraph_Op<"concat", [
    AccelGraph_StridedOperandsOpInterface]> {
  let summary = "ONNX Concat: the inputs joined along axis";
  let arguments = (ins Variadic<AccelGraph_Tensor>:$inputs,
                   I64Attr:$axis); // 0 <= axis < rank
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat =
      "$inputs attr-dict `:` functional-type(operands, results)";
}

// A transpose and a slice take their input with any strides, the innermost
// too: they move data anyway.
def AccelGraph_SliceOp : AccelGraph_Op<"slice", [
    DeclareOpInterfaceMethods<AccelGraph_StridedOperandsOpInterface,
                              ["takesStridedOperand"]>]> {
  let summary = "ONNX Slice: result[i] = input[starts + i * steps] per axis";
  let arguments = (ins AccelGraph_Tensor:$input,
                   DenseI64ArrayAttr:$starts, // one a dimension, in range
                   DenseI64ArrayAttr:$steps); // one a dimension, not 0
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat =
      "$input attr-dict `:` functional-type(operands, results)";
}

def AccelGraph_PadOp : AccelGraph_Op<"pad"> {
  let summary = "ONNX Pad: constant, reflect or edge padding";
  let description = [{
    The constant mode's value is `value`, or the one element of `fill`
    when it is computed at run time.
  }];
  let arguments = (ins AccelGraph_Tensor:$input,
                   Optional<AccelGraph_Tensor>:$fill,
                   DenseI64ArrayAttr:$pads, // ONNX's: the begins, then the
                                            // ends; none negative
                   AccelGraph_PadModeAttr:$mode,
                   DefaultValuedAttr<F32Attr, "0.0">:$value);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat = "`` $mode $input (`,` $fill^)? attr-dict `:` "
                       "functional-type(operands, results)";
}

def AccelGraph_IndexTensor : RankedTensorOf<[I32, I64]>;

// Its data and result of any one element type, its run-time indices i32
// or i64.
def AccelGraph_GatherOp : AccelGraph_Op<"gather", [], []> {
  let summary = "ONNX Gather along one axis";
  let description = [{
    The result is the input with dimension `axis` replaced by the indices'
    count, index i taking the input's slice indices[i] (negative: from the
    end); ONNX's indices of rank other than 1 are a reshape of it. The
    indices are constants (`indices`) or an integer tensor known at run
    time (`index_values`, a graph input: token ids into an embedding),
    each in row-major order; the runtime checks the latter's range.
  }];
  let arguments = (ins AccelGraph_Tensor:$input,
                   Optional<AccelGraph_IndexTensor>:$index_values,
                   I64Attr:$axis, // 0 <= axis < rank
                   OptionalAttr<DenseI64ArrayAttr>:$indices);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat =
      "$input (`[` $index_values^ `]`)? attr-dict `:` "
      "functional-type(operands, results)";
}

// Any element type to any other: the library's accel_cast takes every
// pair, with ONNX Cast's rounding and saturation.
def AccelGraph_CastOp : AccelGraph_Op<"cast", [], []> {
  let summary = "ONNX Cast and CastLike: the input in the result's type";
  let arguments = (ins AccelGraph_Tensor:$input);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat =
      "$input attr-dict `:` functional-type(operands, results)";
}

// Indexing (docs/graph.md): data of any element type, indices i32 or i64
// known at run time, each op one kernel call; the shape rules are in
// VerifyIndexing.cpp.
def AccelGraph_GatherElementsOp : AccelGraph_Op<"gather_elements", [], []> {
  let summary = "ONNX GatherElements: the input's elements the indices name";
  let arguments = (ins AccelGraph_Tensor:$input,
                   AccelGraph_IndexTensor:$indices,
                   I64Attr:$axis); // 0 <= axis < rank
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat = "$input `[` $indices `]` attr-dict `:` "
                       "functional-type(operands, results)";
}

def AccelGraph_ScatterElementsOp
    : AccelGraph_Op<"scatter_elements", [], []> {
  let summary = "ONNX ScatterElements (and Scatter): the input with the "
                "updates written where the indices say";
  let arguments = (ins AccelGraph_Tensor:$input,
                   AccelGraph_IndexTensor:$indices,
                   AccelGraph_Tensor:$updates,
                   I64Attr:$axis, // 0 <= axis < rank
                   AccelGraph_ScatterReductionAttr:$reduction);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat = "`` $reduction $input `[` $indices `]` `,` $updates "
                       "attr-dict `:` functional-type(operands, results)";
}

def AccelGraph_GatherNDOp : AccelGraph_Op<"gather_nd", [], []> {
  let summary = "ONNX GatherND: the input's slabs the index tuples name";
  let arguments = (ins AccelGraph_Tensor:$input,
                   AccelGraph_IndexTensor:$indices,
                   DefaultValuedAttr<I64Attr, "0">:$batch_dims);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat = "$input `[` $indices `]` attr-dict `:` "
                       "functional-type(operands, results)";
}

def AccelGraph_ScatterNDOp : AccelGraph_Op<"scatter_nd", [], []> {
  let summary = "ONNX ScatterND: the input with the updates' slabs written "
                "where the index tuples say";
  let arguments = (ins AccelGraph_Tensor:$input,
                   AccelGraph_IndexTensor:$indices,
                   AccelGraph_Tensor:$updates,
                   AccelGraph_ScatterReductionAttr:$reduction);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat = "`` $reduction $input `[` $indices `]` `,` $updates "
                       "attr-dict `:` functional-type(operands, results)";
}

def AccelGraph_TriluOp : AccelGraph_Op<"trilu", [], []> {
  let summary = "ONNX Trilu: the input's upper or lower triangles";
  let description = [{
    Diagonal `k`, or the one element of the i64 tensor `k_value` when it is
    computed at run time (the shape does not depend on it).
  }];
  let arguments = (ins AccelGraph_Tensor:$input,
                   Optional<RankedTensorOf<[I64]>>:$k_value,
                   BoolAttr:$upper,
                   DefaultValuedAttr<I64Attr, "0">:$k);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat = "$input (`,` $k_value^)? attr-dict `:` "
                       "functional-type(operands, results)";
}

def AccelGraph_ReverseSequenceOp
    : AccelGraph_Op<"reverse_sequence", [], []> {
  let summary = "ONNX ReverseSequence: each batch entry's first steps "
                "reversed";
  let arguments = (ins AccelGraph_Tensor:$input,
                   AccelGraph_IndexTensor:$lengths,
                   I64Attr:$batch_axis, I64Attr:$time_axis); // 0 and 1
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat = "$input `,` $lengths attr-dict `:` "
                       "functional-type(operands, results)";
}

def AccelGraph_OneHotOp : AccelGraph_Op<"one_hot", [], []> {
  let summary = "ONNX OneHot: values[1] where a coordinate is the index, "
                "values[0] elsewhere";
  let description = [{
    The depth is the result's dimension `axis`; a `depth` operand computed
    at run time is checked against it by the runtime.
  }];
  let arguments = (ins AccelGraph_Tensor:$indices,
                   Optional<AccelGraph_Tensor>:$depth,
                   AccelGraph_Tensor:$values,
                   I64Attr:$axis); // 0 <= axis <= the indices' rank
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat = "$indices `,` (`depth` $depth^ `,`)? $values "
                       "attr-dict `:` functional-type(operands, results)";
}

// Nearest of any element type; linear and cubic of f32 (the verifier).
def AccelGraph_ResizeOp
    : AccelGraph_Op<"resize", [AttrSizedOperandSegments], []> {
  let summary = "ONNX Resize (and Upsample): nearest, n-linear or n-cubic";
  let description = [{
    The result's static shape is the resized one. Each configuration input
    of ONNX's is either constant, folded into `roi` (the starts, then the
    ends) and `scales` (constant sizes are the result's shape: no
    attribute), or computed at run time: an operand (`roi_values`,
    `scale_values` f32 or f64, `size_values` i64 or i32) the kernel reads
    and checks against the result's shape (docs/graph.md, "Configuration
    inputs").
  }];
  let arguments = (ins AccelGraph_Tensor:$input,
                   Optional<AccelGraph_Tensor>:$roi_values,
                   Optional<AccelGraph_Tensor>:$scale_values,
                   Optional<AccelGraph_Tensor>:$size_values,
                   AccelGraph_ResizeModeAttr:$mode,
                   AccelGraph_ResizeCoordinatesAttr:$coordinates,
                   AccelGraph_ResizeNearestModeAttr:$nearest_mode,
                   DefaultValuedAttr<F32Attr, "-0.75">:$cubic_coeff_a,
                   DefaultValuedAttr<BoolAttr, "false">:$exclude_outside,
                   DefaultValuedAttr<F32Attr, "0.0">:$extrapolation_value,
                   OptionalAttr<DenseF64ArrayAttr>:$scales,
                   OptionalAttr<DenseF64ArrayAttr>:$roi);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat =
      "`` $mode `` $coordinates `` $nearest_mode $input "
      "(`roi` $roi_values^)? (`scales` $scale_values^)? "
      "(`sizes` $size_values^)? attr-dict `:` "
      "functional-type(operands, results)";
}

def AccelGraph_TileOp : AccelGraph_Op<"tile", [], []> {
  let summary = "ONNX Tile: the input repeated along each dimension";
  let description = [{
    The repeats are the result's dims over the input's; a `repeats`
    operand computed at run time is checked against them by the kernel.
  }];
  let arguments = (ins AccelGraph_Tensor:$input,
                   Optional<AccelGraph_IndexTensor>:$repeats);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat = "$input (`by` $repeats^)? attr-dict `:` "
                       "functional-type(operands, results)";
}

// Slice, Pad and Expand by configuration tensors computed at run time, and
// Range (docs/graph.md, "Configuration inputs"): the result's static shape
// is the model's, the kernel (movement/config_values.c) reads the values
// and checks them against it. VerifyConfigValues.cpp.
def AccelGraph_SliceValuesOp
    : AccelGraph_Op<"slice_values", [AttrSizedOperandSegments], []> {
  let summary = "ONNX Slice by starts, ends, axes and steps read at run time";
  let arguments = (ins AccelGraph_Tensor:$input,
                   AccelGraph_IndexTensor:$starts,
                   AccelGraph_IndexTensor:$ends,
                   Optional<AccelGraph_IndexTensor>:$axes,
                   Optional<AccelGraph_IndexTensor>:$steps);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat = "$input `[` $starts `,` $ends `]` (`axes` $axes^)? "
                       "(`steps` $steps^)? attr-dict `:` "
                       "functional-type(operands, results)";
}

def AccelGraph_PadValuesOp : AccelGraph_Op<"pad_values", [], []> {
  let summary = "ONNX Pad by pads read at run time";
  let arguments = (ins AccelGraph_Tensor:$input,
                   AccelGraph_IndexTensor:$pads,
                   Optional<AccelGraph_Tensor>:$fill,
                   AccelGraph_PadModeAttr:$mode,
                   DefaultValuedAttr<F32Attr, "0.0">:$value);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat = "`` $mode $input `by` $pads (`,` $fill^)? attr-dict "
                       "`:` functional-type(operands, results)";
}

def AccelGraph_ExpandValuesOp : AccelGraph_Op<"expand_values", [], []> {
  let summary = "ONNX Expand to a shape read at run time";
  let arguments = (ins AccelGraph_Tensor:$input,
                   AccelGraph_IndexTensor:$shape);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat = "$input `to` $shape attr-dict `:` "
                       "functional-type(operands, results)";
}

def AccelGraph_RangeOp : AccelGraph_Op<"range", [], []> {
  let summary = "ONNX Range of scalars computed at run time";
  let arguments = (ins AccelGraph_Tensor:$start, AccelGraph_Tensor:$limit,
                   AccelGraph_Tensor:$delta);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat = "$start `,` $limit `,` $delta attr-dict `:` "
                       "functional-type(operands, results)";
}

// Any one element type: the elementwise kernel's clip to [-inf, inf].
def AccelGraph_MaxUnpoolOp : AccelGraph_Op<"max_unpool", [], []> {
  let summary = "ONNX MaxUnpool: zeros with the input's elements where "
                "MaxPool's indices say";
  let description = [{
    The indices count the elements of `index_dims` (MaxPool's input's
    shape) in row-major order; the result is that shape or larger (ONNX's
    output_shape, the extra at each dimension's end). An `output_shape`
    operand computed at run time is checked against the result's shape by
    the kernel.
  }];
  let arguments = (ins AccelGraph_Tensor:$input,
                   AccelGraph_IndexTensor:$indices,
                   Optional<AccelGraph_IndexTensor>:$output_shape,
                   DenseI64ArrayAttr:$index_dims);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat = "$input `[` $indices `]` (`shape` $output_shape^)? "
                       "attr-dict `:` functional-type(operands, results)";
}

// One of MaxPool's two outputs where pool2d does not compute it: the
// maxima of a type other than f32, or the int64 Indices (VerifyPooling.cpp).
def AccelGraph_MaxPoolTypedOp : AccelGraph_Op<"max_pool2d_typed", [], []> {
  let summary = "ONNX MaxPool's maxima (any type but bool) or Indices, NCHW";
  let description = [{
    An index counts the input's elements: (n C + c) H W plus h W + w
    (storage_order 0) or h + w H (1). Runs as accel_maxpool2d_typed.
  }];
  let arguments = (ins AccelGraph_Tensor:$input,
                   DenseI64ArrayAttr:$kernel,    // [kh, kw]
                   DenseI64ArrayAttr:$strides,   // [sh, sw]
                   DenseI64ArrayAttr:$pads,      // [top, left, bottom, right]
                   DenseI64ArrayAttr:$dilations, // [dh, dw]
                   BoolAttr:$ceil_mode, BoolAttr:$indices,
                   I64Attr:$storage_order);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` functional-type(operands, results)";
}

// Its verifier: VerifyGridSample.cpp.
def AccelGraph_DetOp : AccelGraph_Op<"det", [], []> {
  let summary = "ONNX Det: the determinant of each matrix of [..., M, M]";
  let description = [{
    f32, f64, f16 or bf16, the result of the input's type. Runs as
    accel_det (LU with partial pivoting in f64).
  }];
  let arguments = (ins AccelGraph_Tensor:$input);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` functional-type(operands, results)";
}

// Its verifier and gated_sum's: VerifyMoe.cpp.
def AccelGraph_MoeRouteOp : AccelGraph_Op<"moe_route"> {
  let summary = "A mixture of experts' gates from its router's logits";
  let description = [{
    Along the last dimension of logits [..., E]: the softmax, its k largest
    probabilities (ties to the lower index, as TopK), divided by their sum
    if renormalize, the other gates 0. ONNX's Softmax, TopK, (ReduceSum,
    Div) and ScatterElements into zeros, or TopK of the logits, Softmax of
    its values and ScatterElements (-accel-fuse-moe). Runs as
    accel_moe_route.
  }];
  let arguments = (ins AccelGraph_Tensor:$logits, I64Attr:$k,
                   DefaultValuedAttr<BoolAttr, "true">:$renormalize);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat =
      "$logits attr-dict `:` functional-type(operands, results)";
}

def AccelGraph_GatedSumOp : AccelGraph_Op<"gated_sum"> {
  let summary = "Terms weighted by gate columns and summed in one pass";
  let description = [{
    result = the sum over i of g_i * terms[i], g_i = gates[..., columns[i]]
    broadcast along the last dimension, or 1 where columns[i] is -1: a
    mixture of experts' outputs weighted by their gates and added to the
    shared expert's (-accel-fuse-moe). Runs as accel_gated_sum.
  }];
  let arguments = (ins AccelGraph_Tensor:$gates,
                   Variadic<AccelGraph_Tensor>:$terms,
                   DenseI64ArrayAttr:$columns);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat =
      "$gates `,` $terms attr-dict `:` functional-type(operands, results)";
}

// VerifyRope.cpp.
def AccelGraph_RopeOp : AccelGraph_Op<"rope", [
    AccelGraph_StridedOperandsOpInterface]> {
  let summary = "Rotary position embedding, rotate-half (Llama's) pairing";
  let description = [{
    result = input * cos + rotate_half(input) * sin along the last
    dimension D, rotate_half(x) = concat(-x[..., D/2:], x[..., :D/2]): the
    Slices, Neg, Concat, Muls and Add of HuggingFace's export
    (-accel-fuse-rope). cos and sin have one shape, broadcasting to the
    input's with a last dimension of D or D/2 (a half table: both halves
    equal). Runs as accel_rope.
  }];
  let arguments = (ins AccelGraph_Tensor:$input, AccelGraph_Tensor:$cos,
                   AccelGraph_Tensor:$sin);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat = "$input `,` $cos `,` $sin attr-dict `:` "
                       "functional-type(operands, results)";
}

// VerifyGridSample.cpp.
def AccelGraph_GridSampleOp : AccelGraph_Op<"grid_sample"> {
  let summary = "ONNX GridSample (opset 16) over NCHW";
  let description = [{
    mode: 0 bilinear, 1 nearest, 2 bicubic; padding: 0 zeros, 1 border,
    2 reflection (accel_kernels.h's ACCEL_GRID_*). Runs as
    accel_grid_sample.
  }];
  let arguments = (ins AccelGraph_Tensor:$input, AccelGraph_Tensor:$grid,
                   I64Attr:$mode, I64Attr:$padding, BoolAttr:$align_corners);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat = "$input `,` $grid attr-dict `:` "
                       "functional-type(operands, results)";
}

def AccelGraph_ExpandOp : AccelGraph_Op<"expand", [], []> {
  let summary = "ONNX Expand: the input broadcast to the result's shape";
  let arguments = (ins AccelGraph_Tensor:$input);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat =
      "$input attr-dict `:` functional-type(operands, results)";
}

// VerifyCacheWrite.cpp. Any element type, the cache's and update's one.
def AccelGraph_CacheWriteOp : AccelGraph_Op<"cache_write", [
    AccelGraph_StridedOperandsOpInterface], []> {
  let summary = "A key or value cache with a step's rows written into it";
  let description = [{
    result = cache[..., 0:T, ...] along axis, with rows [position,
    position + S) replaced by update's S rows: a decoder's KV cache of
    max-length rows, of which a step reads the first T (its past and its
    own rows; -accel-generation-step). The program keeps the cache where
    the function's argument lies and writes the update's rows there: the
    result is a strided view of the argument's bytes (-accel-plan-memory),
    so the past is never copied. position is an int64 scalar read at run
    time, 0 <= position <= T - S. The update may be a view (the heads of
    a fused q/k/v product, k's heads of a merged rotation).
  }];
  let arguments = (ins AccelGraph_Tensor:$cache, AccelGraph_Tensor:$update,
                   AccelGraph_Tensor:$position, I64Attr:$axis);
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat = "$update `into` $cache `at` $position attr-dict `:` "
                       "functional-type(operands, results)";
}

// Any element type: no kernel reads it (a view of its input's bytes).
def AccelGraph_ReshapeOp : AccelGraph_Op<"reshape", [], []> {
  let summary = "The same elements in another static shape (no data moves)";
  let arguments = (ins AccelGraph_Tensor:$input);
  let hasFolder = 1; // to its input's shape: nothing; of a reshape: one;
                     // of a constant: the constant
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat =
      "$input attr-dict `:` functional-type(operands, results)";
}

// f32 and the other 4- and 8-byte types (the library moves an element of
// 8 bytes as two f32s, so up to rank 5), one type.
def AccelGraph_TransposeOp : AccelGraph_Op<"transpose", [
    DeclareOpInterfaceMethods<AccelGraph_StridedOperandsOpInterface,
                              ["takesStridedOperand"]>], []> {
  let summary = "ONNX Transpose: result dimension i is input dimension perm[i]";
  let arguments = (ins AccelGraph_Tensor:$input, DenseI64ArrayAttr:$perm);
  let hasFolder = 1; // of a constant: the transposed constant
  let results = (outs AccelGraph_Tensor:$result);
  let assemblyFormat =
      "$input attr-dict `:` functional-type(operands, results)";
}

#endif
