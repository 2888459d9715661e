//===-- AccelIntrinsics.td - the __accel_* intrinsics ------*- tablegen -*-===//
//
// One record per accelerator intrinsic: a function with a reserved name that
// the compiler turns into one instruction instead of a call. The record is
// the intrinsic's only definition. It gives
//   - the C declaration, public name and range check that accel.h includes
//     (accel-intrinsics-header prints them into accel_intrinsics.h),
//   - the memory effects the optimizer may assume (AccelIntrinsicAttrsPass),
//   - the instruction the call becomes (AccelIntrinsicLowering.cpp builds it
//     directly: there is no target node, pattern or pseudo per intrinsic).
// Emitted as the table AccelIntrinsicTable (-gen-searchable-tables).
//
//===----------------------------------------------------------------------===//

// What the optimizer may assume of a call. Channel and tile state is
// inaccessible memory, so operations on it stay in order.
class AccelIntrinsicMemory;
def IntrMemNone : AccelIntrinsicMemory;           // a pure value
def IntrMemState : AccelIntrinsicMemory;          // unit state only
def IntrMemReadArgs : AccelIntrinsicMemory;       // reads its buffers, and state
def IntrMemWriteArgs : AccelIntrinsicMemory;      // writes its buffers, and state
def IntrMemReadWriteArgs : AccelIntrinsicMemory;  // both, and state
// A DMA wait makes the destination's new contents visible without naming
// it, so it may touch any memory.
def IntrMemAny : AccelIntrinsicMemory;

def AccelIntrinsicMemoryKind : GenericEnum {
  let FilterClass = "AccelIntrinsicMemory";
}

// The first argument numbers a unit resource and must be a constant below
// the machine's count of it (AccelMachine.td).
class AccelIntrinsicNumber;
def NumberNone : AccelIntrinsicNumber;
def NumberChannel : AccelIntrinsicNumber; // DMA channel, < DmaChannels
def NumberTile : AccelIntrinsicNumber;    // accumulator tile, < AccTiles

def AccelIntrinsicNumberKind : GenericEnum {
  let FilterClass = "AccelIntrinsicNumber";
}

// The record's name is the intrinsic's public name in accel.h.
// Name: the reserved function the public name calls.
// Inst: the instruction a call becomes.
// Result, Params: one letter per value in lowered (legal) types: v = void,
//   i = i64 (an integer or pointer), s = f32, F = <16 x float>,
//   I = <16 x i32>. A call with another signature is an error.
// CResult, CParams: the C declaration.
class AccelIntrinsic<string name, Instruction inst,
                     string result, string params, string cresult,
                     string cparams, AccelIntrinsicMemory memory,
                     AccelIntrinsicNumber number = NumberNone> {
  string Name = name;
  string Public = NAME;
  Instruction Inst = inst;
  string Result = result;
  string Params = params;
  string CResult = cresult;
  string CParams = cparams;
  AccelIntrinsicMemory Memory = memory;
  AccelIntrinsicNumber Number = number;
}

// DMA: (channel, destination, source, ...) as in the assembly syntax;
// dma.2d's shape and strides are packed into its two registers.
def accel_dma_1d : AccelIntrinsic<"__accel_dma_1d", DMA_1D, "v", "iiii",
                     "void", "int ch, void *dst, const void *src, "
                             "unsigned long bytes",
                     IntrMemReadWriteArgs, NumberChannel>;
def accel_dma_2d : AccelIntrinsic<"__accel_dma_2d", DMA_2D, "v", "iiiiiii",
                     "void", "int ch, void *dst, const void *src, "
                             "unsigned long rows, unsigned long row_bytes, "
                             "unsigned long dst_stride, "
                             "unsigned long src_stride",
                     IntrMemReadWriteArgs, NumberChannel>;
def accel_dma_wait : AccelIntrinsic<"__accel_dma_wait", DMA_WAIT, "v", "i",
                     "void", "int ch", IntrMemAny, NumberChannel>;
def accel_dma_wait_older : AccelIntrinsic<"__accel_dma_wait_older",
                     DMA_WAIT_OLDER, "v", "i", "void", "int ch", IntrMemAny,
                     NumberChannel>;

// Matrix unit: the tile operand names an accumulator register.
def accel_mzero : AccelIntrinsic<"__accel_mzero", MZERO, "v", "i",
                     "void", "int tile", IntrMemState, NumberTile>;
def accel_mmac : AccelIntrinsic<"__accel_mmac", MMAC, "v", "iiii",
                     "void", "int tile, const float *a, const float *b, "
                             "unsigned long k",
                     IntrMemReadArgs, NumberTile>;
def accel_mmac_4x64 : AccelIntrinsic<"__accel_mmac_4x64", MMAC_4X64, "v",
                     "iiii", "void", "int tile, const float *a, "
                                     "const float *b, unsigned long k",
                     IntrMemReadArgs, NumberTile>;
def accel_mmac_8x32 : AccelIntrinsic<"__accel_mmac_8x32", MMAC_8X32, "v",
                     "iiii", "void", "int tile, const float *a, "
                                     "const float *b, unsigned long k",
                     IntrMemReadArgs, NumberTile>;
def accel_mld : AccelIntrinsic<"__accel_mld", MLD, "v", "ii",
                     "void", "int tile, const float *src", IntrMemReadArgs,
                     NumberTile>;
def accel_mst : AccelIntrinsic<"__accel_mst", MST, "v", "ii",
                     "void", "int tile, float *dst", IntrMemWriteArgs,
                     NumberTile>;
def accel_mst_relu : AccelIntrinsic<"__accel_mst_relu", MST_RELU, "v", "ii",
                     "void", "int tile, float *dst", IntrMemWriteArgs,
                     NumberTile>;
def accel_mst_t : AccelIntrinsic<"__accel_mst_t", MST_T, "v", "ii",
                     "void", "int tile, float *dst", IntrMemWriteArgs,
                     NumberTile>;

// Strided vector memory access: lane i at p + i * stride bytes (a column,
// one element of 16 lines). IR's masked gathers would need 16 pointers.
def accel_vload_strided : AccelIntrinsic<"__accel_vld_s", VLD_S, "F", "ii",
                     "accel_v16f", "const float *p, long stride_bytes",
                     IntrMemReadArgs>;
def accel_vstore_strided : AccelIntrinsic<"__accel_vst_s", VST_S, "v", "Fii",
                     "void", "accel_v16f v, float *p, long stride_bytes",
                     IntrMemWriteArgs>;

// Vector operations with no generic IR equivalent.
def accel_vexp : AccelIntrinsic<"__accel_vexp", VEXP_F32, "F", "F",
                     "accel_v16f", "accel_v16f x", IntrMemNone>;
def accel_vrcp : AccelIntrinsic<"__accel_vrcp", VRCP_F32, "F", "F",
                     "accel_v16f", "accel_v16f x", IntrMemNone>;
def accel_vrsqrt : AccelIntrinsic<"__accel_vrsqrt", VRSQRT_F32, "F", "F",
                     "accel_v16f", "accel_v16f x", IntrMemNone>;
def accel_vtanh : AccelIntrinsic<"__accel_vtanh", VTANH_F32, "F", "F",
                                 "accel_v16f", "accel_v16f x", IntrMemNone>;
// Half precision: two f32 vectors to 32 packed f16 or bf16 elements (lo's
// in the low halves), and a vector's low or high f16 halves to f32.
def accel_vcvt_f16 : AccelIntrinsic<"__accel_vcvt_f16_f32", VCVT_F16_F32,
                     "I", "FF", "accel_v16i", "accel_v16f lo, accel_v16f hi",
                     IntrMemNone>;
def accel_vcvt_bf16 : AccelIntrinsic<"__accel_vcvt_bf16_f32", VCVT_BF16_F32,
                     "I", "FF", "accel_v16i", "accel_v16f lo, accel_v16f hi",
                     IntrMemNone>;
def accel_vcvt_f16_lo : AccelIntrinsic<"__accel_vcvt_f32_f16_lo",
                     VCVT_F32_F16_LO, "F", "I", "accel_v16f", "accel_v16i h",
                     IntrMemNone>;
def accel_vcvt_f16_hi : AccelIntrinsic<"__accel_vcvt_f32_f16_hi",
                     VCVT_F32_F16_HI, "F", "I", "accel_v16f", "accel_v16i h",
                     IntrMemNone>;
def accel_vredsum : AccelIntrinsic<"__accel_vredsum_f32", VREDSUM_F32,
                     "s", "F", "float", "accel_v16f x", IntrMemNone>;
def accel_vredmax : AccelIntrinsic<"__accel_vredmax_f32", VREDMAX_F32,
                     "s", "F", "float", "accel_v16f x", IntrMemNone>;
def accel_vredsum_i : AccelIntrinsic<"__accel_vredsum_i32", VREDSUM_I32,
                     "i", "I", "int", "accel_v16i x", IntrMemNone>;
def accel_vredmax_i : AccelIntrinsic<"__accel_vredmax_i32", VREDMAX_I32,
                     "i", "I", "int", "accel_v16i x", IntrMemNone>;

// Stream engine: operands are scratchpad addresses of f32 blocks, in the
// assembly syntax's order; accel_vs_shape sets the block (rows x len) the
// operations after it take. A null dst or sums of an activation is none.
def accel_vs_shape : AccelIntrinsic<"__accel_vs_shape", VS_SHAPE, "v", "ii",
                     "void", "unsigned long rows, unsigned long len",
                     IntrMemState>;
def accel_vs_stride : AccelIntrinsic<"__accel_vs_stride", VS_STRIDE, "v",
                     "iii", "void", "unsigned long dst_stride, "
                     "unsigned long a_stride, unsigned long b_stride",
                     IntrMemState>;
class AccelStreamBinary<string name, Instruction inst>
    : AccelIntrinsic<name, inst, "v", "iii", "void",
                     "float *dst, const float *a, const float *b",
                     IntrMemReadWriteArgs>;
def accel_vs_add : AccelStreamBinary<"__accel_vs_add", VS_ADD_F32>;
def accel_vs_sub : AccelStreamBinary<"__accel_vs_sub", VS_SUB_F32>;
def accel_vs_mul : AccelStreamBinary<"__accel_vs_mul", VS_MUL_F32>;
def accel_vs_div : AccelStreamBinary<"__accel_vs_div", VS_DIV_F32>;
def accel_vs_max : AccelStreamBinary<"__accel_vs_max", VS_MAX_F32>;
def accel_vs_min : AccelStreamBinary<"__accel_vs_min", VS_MIN_F32>;
def accel_vs_fma : AccelIntrinsic<"__accel_vs_fma", VS_FMA_F32, "v", "iiii",
                     "void", "float *dst, const float *a, const float *g, "
                             "const float *b",
                     IntrMemReadWriteArgs>;
def accel_vs_redmax : AccelIntrinsic<"__accel_vs_redmax", VS_REDMAX_F32, "v",
                     "ii", "void", "float *dst, const float *src",
                     IntrMemReadWriteArgs>;
def accel_vs_moments : AccelIntrinsic<"__accel_vs_moments", VS_MOMENTS_F32,
                     "v", "ii", "void", "float *dst, const float *src",
                     IntrMemReadWriteArgs>;
class AccelStreamAct<string name, Instruction inst>
    : AccelIntrinsic<name, inst, "v", "iiii", "void",
                     "float *dst, const float *src, const float *params, "
                     "float *sums",
                     IntrMemReadWriteArgs>;
def accel_vs_act_none : AccelStreamAct<"__accel_vs_act_none", VS_ACT_NONE_F32>;
def accel_vs_act_relu : AccelStreamAct<"__accel_vs_act_relu", VS_ACT_RELU_F32>;
def accel_vs_act_exp : AccelStreamAct<"__accel_vs_act_exp", VS_ACT_EXP_F32>;
def accel_vs_act_log : AccelStreamAct<"__accel_vs_act_log", VS_ACT_LOG_F32>;
def accel_vs_act_square : AccelStreamAct<"__accel_vs_act_square",
                                         VS_ACT_SQUARE_F32>;
def accel_vs_act_sqrt : AccelStreamAct<"__accel_vs_act_sqrt", VS_ACT_SQRT_F32>;
def accel_vs_act_rsqrt : AccelStreamAct<"__accel_vs_act_rsqrt",
                                        VS_ACT_RSQRT_F32>;
def accel_vs_act_rcp : AccelStreamAct<"__accel_vs_act_rcp", VS_ACT_RCP_F32>;
def accel_vs_act_sigmoid : AccelStreamAct<"__accel_vs_act_sigmoid",
                                          VS_ACT_SIGMOID_F32>;
def accel_vs_act_tanh : AccelStreamAct<"__accel_vs_act_tanh", VS_ACT_TANH_F32>;
def accel_vs_act_erf : AccelStreamAct<"__accel_vs_act_erf", VS_ACT_ERF_F32>;
def accel_vs_act_gelu : AccelStreamAct<"__accel_vs_act_gelu", VS_ACT_GELU_F32>;
def accel_vs_act_gelu_tanh : AccelStreamAct<"__accel_vs_act_gelu_tanh",
                                            VS_ACT_GELU_TANH_F32>;

def AccelIntrinsicTable : GenericTable {
  let FilterClass = "AccelIntrinsic";
  let Fields = ["Name", "Public", "Inst", "Result", "Params", "CResult",
                "CParams", "Memory", "Number"];
  string TypeOf_Memory = "AccelIntrinsicMemoryKind";
  string TypeOf_Number = "AccelIntrinsicNumberKind";
}

def lookupAccelIntrinsicByName : SearchIndex {
  let Table = AccelIntrinsicTable;
  let Key = ["Name"];
}
