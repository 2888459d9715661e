//===-- AccelMachine.td - Accel machine parameters ---------*- tablegen -*-===//
//
// Sizes, addresses, rates and dynamic latencies of the machine. These records
// are emitted (-gen-searchable-tables) as the enum llvm::AccelParam
// (MCTargetDesc/AccelMachineParams.h), from which the simulator, linker,
// compiler, clang's __ACCEL_*__ macros and so accel.h take their numbers; the
// register and operand definitions of isa/ read them here. Change a value
// here and rebuild: nothing else states it. Static per-instruction latencies
// live in AccelSchedule.td.
//
//===----------------------------------------------------------------------===//

include "llvm/TableGen/SearchableTable.td"

class AccelMachineParam<int V> {
  string Name = NAME;
  int Value = V;
}

// Memory map. Everything below DramBase + DramSize is reachable with a
// sign-extended 32-bit immediate, so `li` materializes any address.
def NullGuardSize  : AccelMachineParam<0x10000>;    // [0, 64 KiB) unmapped
def SpmBase        : AccelMachineParam<0x100000>;   // on-chip scratchpad
def SpmSize        : AccelMachineParam<0x200000>;   // 2 MiB
def DramBase       : AccelMachineParam<0x10000000>;
def DramSize       : AccelMachineParam<0x10000000>; // 256 MiB

// Instruction issue.
def InstrBytes     : AccelMachineParam<8>;
def MaxBundleSize  : AccelMachineParam<4>;

// Matrix unit: 16 accumulator tiles of 16x16 f32; one rank-1 update of a
// 16x16 tile (256 MACs) per cycle.
def TileDim        : AccelMachineParam<16>;
def AccTiles       : AccelMachineParam<16>;
def MacsPerCycle   : AccelMachineParam<256>;
def MatmulLatency  : AccelMachineParam<4>;   // pipeline drain after the last k step
def MatmulMaxK     : AccelMachineParam<4096>; // largest K of one mmac
def AccRowsPerCycle : AccelMachineParam<1>;  // mld/mst move one 64-byte row per cycle

// Vector unit.
def VectorLanes    : AccelMachineParam<16>;

// Vector stream engine: elements a cycle, and the cycles from an
// operation's last element read to its last result written.
def StreamLanes    : AccelMachineParam<64>;
def StreamLatency  : AccelMachineParam<6>;
// Operations the engine holds waiting behind the one it runs: the core
// issues on while the engine works (docs/design.md, the same case).
def StreamQueueDepth : AccelMachineParam<4>;

// DMA engine: independent channels, each with a fixed start-up latency and a
// sustained rate; a 2-D transfer pays the start-up once, and a transfer
// queued behind another pays it while the other moves.
def DmaChannels    : AccelMachineParam<4>;
def DmaLatency     : AccelMachineParam<64>;   // cycles before the first byte
def DmaBytesPerCycle : AccelMachineParam<32>; // per channel
// DRAM moves whole bursts: a transfer's DRAM side costs every burst its rows
// touch (a row of 4 bytes a whole one), at DmaBytesPerCycle; its SPM side
// costs beats of DmaBytesPerCycle bytes, one a cycle (docs/isa.md §7.12).
def DramBurstBytes : AccelMachineParam<64>;
// Transfers a channel holds: the one moving data and the ones queued
// behind it, whose start-up overlaps it. A start on a full channel stalls.
// Eight: a tile's per-plane transfers queue at once beside the stream
// engine's work (docs/design.md, "an address interlock, a stream queue
// and deeper DMA queues").
def DmaQueueDepth  : AccelMachineParam<8>;

// Load-to-use latency of a scalar load from the SPM (the schedule model's
// IILoad; vector loads take IIVLoad's 4), and of any load from DRAM, which
// the simulator charges dynamically.
def SpmLoadLatency  : AccelMachineParam<3>;
def DramLoadLatency : AccelMachineParam<40>;

def AccelMachineParams : GenericEnum {
  let FilterClass = "AccelMachineParam";
  let NameField = "Name";
  let ValueField = "Value";
}
