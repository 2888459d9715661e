//===-- AccelInstrInfoStream.td - vector stream engine -----*- tablegen -*-===//
//
// The stream engine (unit VSE) applies one operation to a block of f32
// elements in the scratchpad, StreamLanes elements a cycle, reading and
// writing the scratchpad directly: no vector registers, no load/store
// issue slots. A block is `rows` rows of `len` elements, rows packed one
// after another (row r at base + 4 * len * r), as set by vs.shape; the
// blocks' rows may be further apart (vs.stride). Per-row
// operands (a reduction's results, an activation's bias and scale) are
// arrays of `rows` floats; vs.fma's column operands, arrays of `len`.
// Timing: docs/isa.md section 7.13 and docs/design.md, "A vector stream
// engine".
//
// Every operand is an address in a register; a register field of 0 (r0)
// names no operand where the manual allows it (an activation's dst or sums).
//
//===----------------------------------------------------------------------===//

let hasSideEffects = 1 in {
// rows = ra, len = rb: the shape of every later stream operation, its
// blocks' rows packed (row strides len).
let rc = 0, rd = 0, imm = 0 in
def VS_SHAPE : FmtX<GrpStream.V, 0, (outs), (ins GPR:$ra, GPR:$rb),
                    "vs.shape $ra, $rb", IIStream>;
// The row strides, in elements, of the later operations' block
// destination (ra) and their sources in fields B (rb) and C (rc): a
// pooling window's taps every other pixel, a row of a wider image, a
// broadcast row (stride 0).
let rd = 0, imm = 0 in
def VS_STRIDE : FmtX<GrpStream.V, 10, (outs),
                     (ins GPR:$ra, GPR:$rb, GPR:$rc),
                     "vs.stride $ra, $rb, $rc", IIStream>;

let mayLoad = 1, mayStore = 1, imm = 0 in {
// dst[e] = a[e] op b[e] over rows x len elements, rounded as the scalar
// f32 operation (max and min: IEEE maxNum and minNum, as vmax.f32).
class VSBinary<bits<6> Func, string Mn>
    : FmtX<GrpStream.V, Func, (outs), (ins GPR:$ra, GPR:$rb, GPR:$rc),
           Mn # " $ra, $rb, $rc", IIStream> {
  let rd = 0;
}
def VS_ADD_F32 : VSBinary<1, "vs.add.f32">;
def VS_SUB_F32 : VSBinary<2, "vs.sub.f32">;
def VS_MUL_F32 : VSBinary<3, "vs.mul.f32">;
def VS_DIV_F32 : VSBinary<4, "vs.div.f32">;
def VS_MAX_F32 : VSBinary<5, "vs.max.f32">;
def VS_MIN_F32 : VSBinary<6, "vs.min.f32">;

// dst[r][i] = fma(a[r][i], g[i], b[i]): a column-wise affine map (a
// normalization's gamma and beta).
def VS_FMA_F32 : FmtX<GrpStream.V, 7, (outs),
                      (ins GPR:$ra, GPR:$rb, GPR:$rc, GPR:$rd),
                      "vs.fma.f32 $ra, $rb, $rc, $rd", IIStream>;

// Row reductions into dst: the maximum (maxNum: NaN only if every element
// is); the mean and the population variance (dst[r] and dst[rows + r]).
let rc = 0, rd = 0 in {
def VS_REDMAX_F32 : FmtX<GrpStream.V, 8, (outs), (ins GPR:$ra, GPR:$rb),
                         "vs.redmax.f32 $ra, $rb", IIStream>;
def VS_MOMENTS_F32 : FmtX<GrpStream.V, 9, (outs), (ins GPR:$ra, GPR:$rb),
                          "vs.moments.f32 $ra, $rb", IIStream>;
}

// Activation: y = f((x - bias[r]) * scale[r]), with bias at rc and scale at
// rc + 4 * rows; y to dst (ra, none if r0) and each row's sum of y to sums
// (rd, none if r0).
class VSAct<bits<6> Func, string F>
    : FmtX<GrpStream.V, Func, (outs), (ins GPR:$ra, GPR:$rb, GPR:$rc, GPR:$rd),
           "vs.act." # F # ".f32 $ra, $rb, $rc, $rd", IIStream>;
def VS_ACT_NONE_F32  : VSAct<16, "none">;
def VS_ACT_RELU_F32  : VSAct<17, "relu">;
def VS_ACT_EXP_F32   : VSAct<18, "exp">;
def VS_ACT_LOG_F32   : VSAct<19, "log">;
def VS_ACT_SQUARE_F32 : VSAct<20, "square">;
def VS_ACT_SQRT_F32  : VSAct<21, "sqrt">;
def VS_ACT_RSQRT_F32 : VSAct<22, "rsqrt">;
def VS_ACT_RCP_F32   : VSAct<23, "rcp">;
def VS_ACT_SIGMOID_F32 : VSAct<24, "sigmoid">;
def VS_ACT_TANH_F32  : VSAct<25, "tanh">;
def VS_ACT_ERF_F32   : VSAct<26, "erf">;
def VS_ACT_GELU_F32  : VSAct<27, "gelu">;
def VS_ACT_GELU_TANH_F32 : VSAct<28, "gelu_tanh">;
}
}
