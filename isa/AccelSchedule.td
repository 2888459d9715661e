//===-- AccelSchedule.td - Accel functional units and latencies -*- tablegen -*-===//
//
// One itinerary per instruction class gives both the functional unit an
// instruction issues on (the first stage's unit list: the bundle slot rule)
// and its latency (the first operand cycle: when the result is ready). The
// assembler's bundle checker, the scheduler and the simulator's interlock all
// read these tables; nothing else states a latency or a slot.
//
// Slot rule: a bundle holds up to 4 instructions, each on a distinct unit.
// ALU0 and ALU1 run all scalar integer and floating-point operations; only
// ALU0 branches, so a bundle has at most one control-transfer instruction.
// LSU0 and LSU1 are two identical scratchpad ports: a bundle holds up to two
// memory accesses (docs/design.md, "A second load/store port").
//
//===----------------------------------------------------------------------===//

def ALU0 : FuncUnit; // scalar ALU with the branch unit
def ALU1 : FuncUnit; // scalar ALU
def LSU0 : FuncUnit; // load/store port: every scalar and vector memory access
def LSU1 : FuncUnit; // the second, identical load/store port
def VPU  : FuncUnit; // vector unit
def MXU  : FuncUnit; // matrix unit: the MAC array (mmac, mzero)
def MXM  : FuncUnit; // tile-move port between the tiles and the SPM (mld, mst)
def DMA  : FuncUnit; // DMA issue port
def VSE  : FuncUnit; // vector stream engine

// Itinerary classes, named for what the instructions do.
def IIAlu       : InstrItinClass; // integer add/logic/shift/compare/select
def IIMul       : InstrItinClass; // integer multiply
def IIDiv       : InstrItinClass; // integer divide and remainder
def IIFpu       : InstrItinClass; // f32/f64 add, sub, mul, fma
def IIFpuFast   : InstrItinClass; // f32/f64 min, max, neg, abs, compares
def IIFdiv      : InstrItinClass; // f32/f64 divide and square root
def IICvt       : InstrItinClass; // conversions
def IIBranch    : InstrItinClass; // branches, jumps, calls, sys, trap
def IILoad      : InstrItinClass; // scalar loads
def IIStore     : InstrItinClass; // scalar stores
def IIVLoad     : InstrItinClass; // vector loads
def IIVStore    : InstrItinClass; // vector stores
def IIVAlu      : InstrItinClass; // vector i32 add/sub, min/max, logic, compare, select
def IIVMul      : InstrItinClass; // vector f32 add/sub/mul/fma, i32 multiply
def IIVSpecial  : InstrItinClass; // vector exp, reciprocal, rsqrt
def IIVReduce   : InstrItinClass; // horizontal sum and max
def IIVMove     : InstrItinClass; // broadcast, move, lane insert/extract, vcvt
// The matrix unit's real occupancy (K cycles for mmac, 16 for mld/mst) and
// tile latency depend on operands; the simulator models them from
// AccelMachine.td. These classes give the unit and the issue cost.
def IIMatrix    : InstrItinClass; // matrix multiply-accumulate, tile zero
def IIMatrixMove : InstrItinClass; // tile load and store
def IIDma       : InstrItinClass; // DMA start and wait
// Like the matrix unit's, the stream engine's occupancy and completion
// depend on the block's size: the simulator models them from AccelMachine.td.
def IIStream    : InstrItinClass; // stream engine operations

// InstrItinData<Class, [issue stage], [result cycle, operand read cycles...]>
// Operands are read when the bundle issues. LLVM numbers that cycle 1: the
// latency of a dependence is result cycle - read cycle + 1, so a result
// cycle of N lets the consumer issue N cycles after the producer, as the
// simulator's interlock does.
def AccelItineraries : ProcessorItineraries<
    [ALU0, ALU1, LSU0, LSU1, VPU, MXU, MXM, DMA, VSE], [], [
  InstrItinData<IIAlu,        [InstrStage<1, [ALU0, ALU1]>], [1, 1, 1, 1]>,
  InstrItinData<IIMul,        [InstrStage<1, [ALU0, ALU1]>], [3, 1, 1]>,
  InstrItinData<IIDiv,        [InstrStage<1, [ALU0, ALU1]>], [12, 1, 1]>,
  InstrItinData<IIFpu,        [InstrStage<1, [ALU0, ALU1]>], [4, 1, 1, 1]>,
  InstrItinData<IIFpuFast,    [InstrStage<1, [ALU0, ALU1]>], [2, 1, 1]>,
  InstrItinData<IIFdiv,       [InstrStage<1, [ALU0, ALU1]>], [12, 1, 1]>,
  InstrItinData<IICvt,        [InstrStage<1, [ALU0, ALU1]>], [3, 1]>,
  InstrItinData<IIBranch,     [InstrStage<1, [ALU0]>],       [1, 1, 1]>,
  InstrItinData<IILoad,       [InstrStage<1, [LSU0, LSU1]>], [3, 1]>,
  InstrItinData<IIStore,      [InstrStage<1, [LSU0, LSU1]>], [1, 1, 1]>,
  InstrItinData<IIVLoad,      [InstrStage<1, [LSU0, LSU1]>], [4, 1, 1]>,
  InstrItinData<IIVStore,     [InstrStage<1, [LSU0, LSU1]>], [1, 1, 1, 1]>,
  InstrItinData<IIVAlu,       [InstrStage<1, [VPU]>],        [2, 1, 1, 1]>,
  InstrItinData<IIVMul,       [InstrStage<1, [VPU]>],        [4, 1, 1, 1]>,
  InstrItinData<IIVSpecial,   [InstrStage<1, [VPU]>],        [8, 1]>,
  InstrItinData<IIVReduce,    [InstrStage<1, [VPU]>],        [4, 1]>,
  InstrItinData<IIVMove,      [InstrStage<1, [VPU]>],        [1, 1, 1]>,
  InstrItinData<IIMatrix,     [InstrStage<1, [MXU]>],        [1, 1, 1, 1]>,
  InstrItinData<IIMatrixMove, [InstrStage<1, [MXM]>],        [1, 1]>,
  InstrItinData<IIDma,        [InstrStage<1, [DMA]>],        [1, 1, 1, 1, 1]>,
  InstrItinData<IIStream,     [InstrStage<1, [VSE]>],        [1, 1, 1, 1, 1]>
]>;

def AccelSchedModel : SchedMachineModel {
  let IssueWidth = 4;
  let MicroOpBufferSize = 0; // in order
  let LoadLatency = 3;
  let Itineraries = AccelItineraries;
  let CompleteModel = 0;
}
