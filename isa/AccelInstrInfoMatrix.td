//===-- AccelInstrInfoMatrix.td - matrix unit and DMA ------*- tablegen -*-===//
//
// Matrix unit: acc[16x16 f32] += A[16xK] . B[Kx16], with A (row-major, row
// stride 4K bytes) and B (row-major, row stride 64 bytes) in the scratchpad.
// One k step (256 MACs) per cycle; the unit is busy for K cycles and the tile
// is ready MatmulLatency cycles after the last step (AccelMachine.td).
//
// DMA: asynchronous copies on DmaChannels channels. A transfer starts when its
// channel is idle (the start stalls otherwise); dma.wait stalls until the
// channel has finished. All addresses must lie in DRAM or the scratchpad.
//
//===----------------------------------------------------------------------===//

// Tiles are operands: mzero, mmac and mld define the tile (mmac also reads
// it), mst reads it, so dependences through tiles are visible.
let hasSideEffects = 1 in {
let rb = 0, rc = 0, rd = 0, imm = 0 in
def MZERO : FmtX<GrpMatrix.V, 0, (outs ACC:$ra), (ins), "mzero $ra",
                 IIMatrix>;

// rb = address of A, rc = address of B, rd = K (1 <= K <= 4096).
let imm = 0, mayLoad = 1, Constraints = "$ra = $acc" in
def MMAC : FmtX<GrpMatrix.V, 1, (outs ACC:$ra),
                (ins ACC:$acc, GPR:$rb, GPR:$rc, GPR:$rd),
                "mmac $ra, $rb, $rc, $rd", IIMatrix>;

// The same 256 MACs a k step as an R x C array, for products of few rows
// (LLM decoding): acc[R x C] += A[R x K] . B[K x C], A rows of K floats, B
// rows of C floats, and the tile's 256 accumulators the R x C result
// row-major, so that mst stores it as R rows of C floats. A k step takes C
// weights of B where mmac takes 16: 256 bytes a cycle at 4 x 64, 128 at
// 8 x 32, the DMA's rate or more (docs/design.md, "the matrix unit at one
// to eight rows"). rd = K as for mmac.
let imm = 0, mayLoad = 1, Constraints = "$ra = $acc" in {
def MMAC_4X64 : FmtX<GrpMatrix.V, 6, (outs ACC:$ra),
                     (ins ACC:$acc, GPR:$rb, GPR:$rc, GPR:$rd),
                     "mmac.4x64 $ra, $rb, $rc, $rd", IIMatrix>;
def MMAC_8X32 : FmtX<GrpMatrix.V, 7, (outs ACC:$ra),
                     (ins ACC:$acc, GPR:$rb, GPR:$rc, GPR:$rd),
                     "mmac.8x32 $ra, $rb, $rc, $rd", IIMatrix>;
}

// Tile <-> scratchpad, 16 rows of 64 bytes at address rb (row-major), on
// the tile-move port (MXM), which runs beside the MAC array: a tile's mst
// overlaps the next tile's mmac.
let rc = 0, rd = 0, imm = 0 in {
let mayLoad = 1 in
def MLD : FmtX<GrpMatrix.V, 2, (outs ACC:$ra), (ins GPR:$rb), "mld $ra, $rb",
               IIMatrixMove>;
let mayStore = 1 in {
def MST : FmtX<GrpMatrix.V, 3, (outs), (ins ACC:$ra, GPR:$rb), "mst $ra, $rb",
               IIMatrixMove>;
// Stores max(x, 0) of every element (+0.0 for NaN and negative values).
def MST_RELU : FmtX<GrpMatrix.V, 4, (outs), (ins ACC:$ra, GPR:$rb),
                    "mst.relu $ra, $rb", IIMatrixMove>;
// Stores the tile transposed: element [i][j] goes to rb + 64j + 4i, so a
// tile leaves in the layout of its transpose (a 16 x 16 transposition is
// mld + mst.t, and a product computed transposed is stored the right way
// round).
def MST_T : FmtX<GrpMatrix.V, 5, (outs), (ins ACC:$ra, GPR:$rb),
                 "mst.t $ra, $rb", IIMatrixMove>;
}
}
}

let hasSideEffects = 1, mayLoad = 1, mayStore = 1 in {
// Copy rc bytes from rb to ra on channel imm.
let rd = 0 in
def DMA_1D : FmtX<GrpDma.V, 0, (outs),
                  (ins dmach:$imm, GPR:$ra, GPR:$rb, GPR:$rc),
                  "dma.1d $imm, $ra, $rb, $rc", IIDma>;
// Copy rows x rowbytes from rb to ra on channel imm, where
// rc = rows << 32 | rowbytes and rd = dststride << 32 | srcstride.
def DMA_2D : FmtX<GrpDma.V, 1, (outs),
                  (ins dmach:$imm, GPR:$ra, GPR:$rb, GPR:$rc, GPR:$rd),
                  "dma.2d $imm, $ra, $rb, $rc, $rd", IIDma>;
// Stall until channel imm is idle.
let ra = 0, rb = 0, rc = 0, rd = 0 in
def DMA_WAIT : FmtX<GrpDma.V, 2, (outs), (ins dmach:$imm), "dma.wait $imm",
                    IIDma>;
// Stall until every transfer of channel imm but the newest has ended: a
// program that keeps a transfer queued behind the one it waits for (the
// next batch's) waits for the older alone (docs/design.md, "A wait for the
// older transfer").
let ra = 0, rb = 0, rc = 0, rd = 0 in
def DMA_WAIT_OLDER : FmtX<GrpDma.V, 3, (outs), (ins dmach:$imm),
                          "dma.wait.older $imm", IIDma>;
}
