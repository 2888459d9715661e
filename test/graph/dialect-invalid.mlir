// The accel dialect's verifiers: each op rejects operands and results that
// break ONNX's shape rules, with a message at the op.
// RUN: accel-graph-opt %s -split-input-file -verify-diagnostics

func.func @matmul_inner(%a: tensor<4x8xf32>, %b: tensor<7x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{'accel.matmul' op matmul of [4x8] by [7x3]: inner sizes 8 and 7 differ}}
  %0 = accel.matmul %a, %b : (tensor<4x8xf32>, tensor<7x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @matmul_result(%a: tensor<2x4x8xf32>, %b: tensor<8x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{'accel.matmul' op result shape [4x3] is not [2x4x3]}}
  %0 = accel.matmul %a, %b : (tensor<2x4x8xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @broadcast(%a: tensor<4x3xf32>, %b: tensor<4xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{'accel.elementwise' op shapes [4x3] and [4] do not broadcast}}
  %0 = accel.elementwise add %a, %b : (tensor<4x3xf32>, tensor<4xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @kind(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{expected ::accel::graph::ElementwiseKind to be one of: add, sub}}
  // expected-error @+1 {{failed to parse AccelGraph_ElementwiseKindAttr}}
  %0 = accel.elementwise swish %a : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @arity(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'accel.elementwise' op add takes 2 inputs}}
  %0 = accel.elementwise add %a : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @clip(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'accel.elementwise' op clip needs lo and hi}}
  %0 = accel.elementwise clip %a {lo = 0.0 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @conv_group(%x: tensor<1x6x8x8xf32>, %w: tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{'accel.conv2d' op group 2 does not divide 6 input and 4 output channels with 4 channels a group}}
  %0 = accel.conv2d %x, %w {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 2} : (tensor<1x6x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_result(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32> {
  // expected-error @+1 {{'accel.conv2d' op result shape [1x4x8x8] is not [1x4x3x3]}}
  %0 = accel.conv2d %x, %w {strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  return %0 : tensor<1x4x8x8xf32>
}

// -----

func.func @conv_window(%x: tensor<1x3x2x2xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x1x1xf32> {
  // expected-error @+1 {{'accel.conv2d' op the window (3) is larger than the padded input (2)}}
  %0 = accel.conv2d %x, %w {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1} : (tensor<1x3x2x2xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x1x1xf32>
  return %0 : tensor<1x4x1x1xf32>
}

// -----

// ceil_mode: 8 + 0 pads, kernel 3, stride 2 gives ceil(5 / 2) + 1 = 4 windows.
func.func @pool_ceil(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x3x3xf32> {
  // expected-error @+1 {{'accel.pool2d' op result shape [1x4x3x3] is not [1x4x4x4]}}
  %0 = accel.pool2d avg %x {kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, ceil_mode = true} : (tensor<1x4x8x8xf32>) -> tensor<1x4x3x3xf32>
  return %0 : tensor<1x4x3x3xf32>
}

// -----

func.func @pool_kind(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+2 {{expected ::accel::graph::PoolKind to be one of: max, avg}}
  // expected-error @+1 {{failed to parse AccelGraph_PoolKindAttr}}
  %0 = accel.pool2d min %x {kernel = array<i64: 3, 3>, strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>} : (tensor<1x4x8x8xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @softmax_axis(%x: tensor<2x5xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{'accel.softmax' op axis 2 is outside [0, 2)}}
  %0 = accel.softmax %x {axis = 2} : (tensor<2x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @reshape(%x: tensor<2x5xf32>) -> tensor<11xf32> {
  // expected-error @+1 {{'accel.reshape' op changes the number of elements}}
  %0 = accel.reshape %x : (tensor<2x5xf32>) -> tensor<11xf32>
  return %0 : tensor<11xf32>
}

// -----

func.func @transpose(%x: tensor<2x5x3xf32>) -> tensor<5x2x3xf32> {
  // expected-error @+1 {{'accel.transpose' op perm is not a permutation}}
  %0 = accel.transpose %x {perm = array<i64: 1, 1, 2>} : (tensor<2x5x3xf32>) -> tensor<5x2x3xf32>
  return %0 : tensor<5x2x3xf32>
}

// -----

func.func @gemm_c(%a: tensor<3x5xf32>, %b: tensor<5x4xf32>, %c: tensor<3xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'accel.gemm' op C does not broadcast to [3x4]}}
  %0 = accel.gemm %a, %b, %c : (tensor<3x5xf32>, tensor<5x4xf32>, tensor<3xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// The dialect's tensors take ONNX's element types; each op's kernel fewer,
// named by ONNX's name: accel.elementwise the types its kind is defined on.
func.func @types(%a: tensor<4xui32>) -> tensor<4xui32> {
  // expected-error @+1 {{element type uint32 is not supported by accel.elementwise relu (floating-point types and signed integers only)}}
  %0 = accel.elementwise relu %a : (tensor<4xui32>) -> tensor<4xui32>
  return %0 : tensor<4xui32>
}

// -----

func.func @types_result(%a: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @+1 {{element type bool is not supported by accel.elementwise relu as the result (float32 for float32 operands)}}
  %0 = accel.elementwise relu %a : (tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @types_compare(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{element type float32 is not supported by accel.elementwise less as the result (bool for float32 operands)}}
  %0 = accel.elementwise less %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @types_shift(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{element type float32 is not supported by accel.elementwise bitshift_left (unsigned integers only)}}
  %0 = accel.elementwise bitshift_left %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @expand_types(%a: tensor<3xi64>) -> tensor<2x3xi32> {
  // expected-error @+1 {{'accel.expand' op result element type int32 is not the input's, int64}}
  %0 = accel.expand %a : (tensor<3xi64>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @types_mixed(%a: tensor<4xi32>, %b: tensor<4xi64>) -> tensor<4xi32> {
  // expected-error @+1 {{element type int64 is not supported by accel.elementwise add as operand 1 (its operands have one type, here int32)}}
  %0 = accel.elementwise add %a, %b : (tensor<4xi32>, tensor<4xi64>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @types_unsigned(%a: tensor<2x3xui16>) -> tensor<3x2xui16> {
  // expected-error @+1 {{element type uint16 is not supported by accel.transpose (4- and 8-byte types only)}}
  %0 = accel.transpose %a {perm = array<i64: 1, 0>} : (tensor<2x3xui16>) -> tensor<3x2xui16>
  return %0 : tensor<3x2xui16>
}

// -----

func.func @types_gather(%a: tensor<4x2xbf16>, %i: tensor<3xi64>) -> tensor<3x2xf16> {
  // expected-error @+1 {{'accel.gather' op result type differs from the input's}}
  %0 = accel.gather %a[%i] {axis = 0 : i64} : (tensor<4x2xbf16>, tensor<3xi64>) -> tensor<3x2xf16>
  return %0 : tensor<3x2xf16>
}

// -----

// A type ONNX does not have.
func.func @types_outside(%a: tensor<4xi4>) -> tensor<4xi4> {
  // expected-error @+1 {{'accel.elementwise' op operand #0 must be variadic of ranked tensor of}}
  %0 = accel.elementwise relu %a : (tensor<4xi4>) -> tensor<4xi4>
  return %0 : tensor<4xi4>
}

// -----

func.func @reduce_keepdims(%x: tensor<2x5xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'accel.reduce' op result shape [2] is not [2x1]}}
  %0 = accel.reduce sum %x {axes = array<i64: 1>, keepdims = true} : (tensor<2x5xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @reduce_axes(%x: tensor<2x5xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'accel.reduce' op axes must be distinct and in [0, rank)}}
  %0 = accel.reduce sum %x {axes = array<i64: 2>, keepdims = false} : (tensor<2x5xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @layernorm_scale(%x: tensor<2x3x4xf32>, %s: tensor<4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{'accel.layernorm' op scale and shift must have the normalized dims' shape}}
  %0 = accel.layernorm %x, %s {axis = 1, epsilon = 1.0e-5 : f32} : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

func.func @gemm_norm_rows(%a: tensor<2x3x8xf32>, %b: tensor<8x4xf32>, %r: tensor<3x2x4xf32>, %g: tensor<4xf32>) -> tensor<3x2x4xf32> {
  // expected-error @+1 {{'accel.gemm_norm' op a's rows times op(b) do not give the residual's shape}}
  %0 = accel.gemm_norm %a, %b residual %r, %g {epsilon = 1.0e-5 : f32} : (tensor<2x3x8xf32>, tensor<8x4xf32>, tensor<3x2x4xf32>, tensor<4xf32>) -> tensor<3x2x4xf32>
  return %0 : tensor<3x2x4xf32>
}

// -----

func.func @gemm_norm_scale(%a: tensor<3x8xf32>, %b: tensor<4x8xf32>, %r: tensor<3x4xf32>, %g: tensor<8xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'accel.gemm_norm' op bias, scale and shift must have shape [4]}}
  %0 = accel.gemm_norm %a, %b residual %r, %g {trans_b = true, epsilon = 1.0e-5 : f32} : (tensor<3x8xf32>, tensor<4x8xf32>, tensor<3x4xf32>, tensor<8xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @mlp_norm_hidden(%x: tensor<3x8xf32>, %w1: tensor<8x16xf32>, %w2: tensor<12x4xf32>, %r: tensor<3x4xf32>, %g: tensor<4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'accel.mlp_norm' op x's rows times w1 times w2 do not give the residual's shape}}
  %0 = accel.mlp_norm %x, %w1, %w2 residual %r, %g {epsilon = 1.0e-5 : f32} : (tensor<3x8xf32>, tensor<8x16xf32>, tensor<12x4xf32>, tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @mlp_norm_act(%x: tensor<3x8xf32>, %w1: tensor<8x16xf32>, %w2: tensor<16x4xf32>, %r: tensor<3x4xf32>, %g: tensor<4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'accel.mlp_norm' op activation must be relu or gelu}}
  %0 = accel.mlp_norm %x, %w1, %w2 residual %r, %g {activation = #accel<activation clip>, epsilon = 1.0e-5 : f32} : (tensor<3x8xf32>, tensor<8x16xf32>, tensor<16x4xf32>, tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @conv_gelu(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{'accel.conv2d' op activation must be relu, silu, or clip with act_lo <= act_hi}}
  %0 = accel.conv2d %x, %w {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1, activation = #accel<activation gelu>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @gemm_bad_activation(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>) -> tensor<4x5xf32> {
  // expected-error @+2 {{expected ::accel::graph::Activation to be one of: relu, clip, gelu}}
  // expected-error @+1 {{failed to parse AccelGraph_ActivationAttr}}
  %0 = accel.gemm %a, %b {activation = #accel<activation tanh>} : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

func.func @layernorm_residual(%x: tensor<2x3x4xf32>, %r: tensor<3x4xf32>, %s: tensor<4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{'accel.layernorm' op residual must have the input's shape}}
  %0 = accel.layernorm %x residual %r, %s {axis = 2, epsilon = 1.0e-5 : f32} : (tensor<2x3x4xf32>, tensor<3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

func.func @batchnorm_params(%x: tensor<2x3x4xf32>, %c: tensor<4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{'accel.batchnorm' op scale, shift, mean and variance must have shape [3]}}
  %0 = accel.batchnorm %x, %c, %c, %c, %c {epsilon = 1.0e-5 : f32} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

func.func @concat_dims(%a: tensor<2x3xf32>, %b: tensor<3x3xf32>) -> tensor<2x6xf32> {
  // expected-error @+1 {{'accel.concat' op inputs differ outside the axis}}
  %0 = accel.concat %a, %b {axis = 1} : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

// Elements 8, 11, 14, 17 of 16.
func.func @slice_outside(%x: tensor<4x16xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'accel.slice' op dimension 1 reads outside the input}}
  %0 = accel.slice %x {starts = array<i64: 0, 8>, steps = array<i64: 1, 3>} : (tensor<4x16xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @chain_operand(%x: tensor<16xf32>, %y: tensor<16xf32>) -> tensor<16xf32> {
  // expected-error @+1 {{'accel.elementwise_chain' op step 0: operand 0 is not an input of its kind}}
  %0 = accel.elementwise_chain [add] %x, %y {operands = array<i64: 0>, swaps = array<i1: false>, alphas = array<f32: 0.0>, los = array<f32: 0.0>, his = array<f32: 0.0>} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

func.func @attention_batch(%q: tensor<2x4x8xf32>, %k: tensor<3x4x8xf32>, %v: tensor<2x4x8xf32>) -> tensor<2x4x8xf32> {
  // expected-error @+1 {{'accel.attention' op q, k and v must have one rank (2 or more) and the same batch dimensions}}
  %0 = accel.attention %q, %k, %v {scale = 1.0 : f32} : (tensor<2x4x8xf32>, tensor<3x4x8xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  return %0 : tensor<2x4x8xf32>
}

// -----

func.func @attention_head_dim(%q: tensor<4x8xf32>, %k: tensor<5x6xf32>, %v: tensor<5x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{'accel.attention' op needs q [..., Sq, D], k [..., Sk, D] and v [..., Sk, Dv]}}
  %0 = accel.attention %q, %k, %v {scale = 1.0 : f32} : (tensor<4x8xf32>, tensor<5x6xf32>, tensor<5x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @attention_mask(%q: tensor<4x8xf32>, %k: tensor<5x8xf32>, %v: tensor<5x3xf32>, %m: tensor<4x4xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{'accel.attention' op mask does not broadcast to the scores' shape}}
  %0 = accel.attention %q, %k, %v, %m {scale = 1.0 : f32} : (tensor<4x8xf32>, tensor<5x8xf32>, tensor<5x3xf32>, tensor<4x4xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @attention_result(%q: tensor<4x8xf32>, %k: tensor<5x8xf32>, %v: tensor<5x3xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'accel.attention' op result shape [4x8] is not [4x3]}}
  %0 = accel.attention %q, %k, %v {scale = 1.0 : f32} : (tensor<4x8xf32>, tensor<5x8xf32>, tensor<5x3xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @pad_negative(%x: tensor<4x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'accel.pad' op pads must not be negative}}
  %0 = accel.pad constant %x {pads = array<i64: -1, 0, 0, 0>} : (tensor<4x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @pad_reflect(%x: tensor<2x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'accel.pad' op reflect pads must be below the dimension's size}}
  %0 = accel.pad reflect %x {pads = array<i64: 2, 0, 0, 0>} : (tensor<2x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @pad_mode(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+2 {{expected ::accel::graph::PadMode to be one of: constant, reflect, edge}}
  // expected-error @+1 {{failed to parse AccelGraph_PadModeAttr}}
  %0 = accel.pad wrap %x {pads = array<i64: 0, 0, 0, 0>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_index(%x: tensor<2x4xf32>) -> tensor<2x1xf32> {
  // expected-error @+1 {{'accel.gather' op index 4 is outside dimension 1 of size 4}}
  %0 = accel.gather %x {axis = 1, indices = array<i64: 4>} : (tensor<2x4xf32>) -> tensor<2x1xf32>
  return %0 : tensor<2x1xf32>
}

// -----

func.func @gather_both(%x: tensor<2x4xf32>, %i: tensor<3xi64>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'accel.gather' op needs either constant indices or index values}}
  %0 = accel.gather %x[%i] {axis = 1, indices = array<i64: 0, 1, 2>} : (tensor<2x4xf32>, tensor<3xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @gather_values_count(%x: tensor<2x4xf32>, %i: tensor<2x3xi32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'accel.gather' op result shape [2x3] is not [2x6]}}
  %0 = accel.gather %x[%i] {axis = 1} : (tensor<2x4xf32>, tensor<2x3xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @expand_shape(%x: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'accel.expand' op the input does not broadcast to the result's shape}}
  %0 = accel.expand %x : (tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// Axes are in [0, rank) for every op: the importer normalizes ONNX's
// negative ones.
func.func @softmax_negative_axis(%x: tensor<2x5xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{'accel.softmax' op axis -1 is outside [0, 2)}}
  %0 = accel.softmax %x {axis = -1} : (tensor<2x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @layernorm_negative_axis(%x: tensor<2x4xf32>, %s: tensor<4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'accel.layernorm' op axis -1 is outside [0, 2)}}
  %0 = accel.layernorm %x, %s {axis = -1, epsilon = 1.0e-5 : f32} : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_negative_axis(%x: tensor<2x4xf32>) -> tensor<2x1xf32> {
  // expected-error @+1 {{'accel.gather' op axis -1 is outside [0, 2)}}
  %0 = accel.gather %x {axis = -1, indices = array<i64: 0>} : (tensor<2x4xf32>) -> tensor<2x1xf32>
  return %0 : tensor<2x1xf32>
}

// -----

func.func @concat_negative_axis(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x6xf32> {
  // expected-error @+1 {{'accel.concat' op axis -1 is outside [0, 2)}}
  %0 = accel.concat %a, %b {axis = -1} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

func.func @concat_axis_past_rank(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{'accel.concat' op axis 2 is outside [0, 2)}}
  %0 = accel.concat %a, %b {axis = 2} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// FusedActivationOpInterface's verifier: clip's bounds only with clip, and
// in order.
func.func @act_lo_without_clip(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{'accel.matmul' op act_lo and act_hi need activation clip}}
  %0 = accel.matmul %a, %b {act_lo = 0.0 : f32} : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

func.func @relu_with_bounds(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{'accel.matmul' op activation must be relu, gelu, silu, or clip with act_lo <= act_hi}}
  %0 = accel.matmul %a, %b {activation = #accel<activation relu>, act_lo = 0.0 : f32, act_hi = 6.0 : f32} : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

func.func @clip_bounds_reversed(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{'accel.gemm' op activation must be relu, gelu, silu, or clip with act_lo <= act_hi}}
  %0 = accel.gemm %a, %b {activation = #accel<activation clip>, act_lo = 6.0 : f32, act_hi = 0.0 : f32} : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}
