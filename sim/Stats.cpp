//===-- Stats.cpp - simulator statistics ----------------------------------===//

#include "Stats.h"
#include "MCTargetDesc/AccelMachineParams.h"
#include "MCTargetDesc/AccelUnits.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace accel_sim;
using llvm::format;

const char *accel_sim::getStallName(unsigned Cause) {
  static const char *const Names[NumStallCauses] = {
      "scalar-dependency", "vector-dependency", "accumulator-dependency",
      "matrix-busy",       "tile-move-busy",    "dma-channel-busy",
      "dma-wait",          "stream-busy",       "dram-port"};
  return Cause < NumStallCauses ? Names[Cause] : "?";
}

uint64_t Stats::stallCycles() const {
  uint64_t Sum = 0;
  for (uint64_t S : Stalls)
    Sum += S;
  return Sum;
}

/// Useful MACs / (peak MACs per cycle x cycles): the one definition.
double Stats::matrixUtilization() const {
  return Cycles ? double(Macs) / (double(llvm::AccelParam::MacsPerCycle) *
                                  double(Cycles))
                : 0.0;
}

static double frac(uint64_t N, uint64_t D) { return D ? double(N) / D : 0.0; }

void Stats::addInterval(const Stats &Begin, const Stats &End) {
  Cycles += End.Cycles - Begin.Cycles;
  Bundles += End.Bundles - Begin.Bundles;
  Instructions += End.Instructions - Begin.Instructions;
  for (unsigned U = 0; U != llvm::Accel::NumUnits; ++U)
    UnitIssues[U] += End.UnitIssues[U] - Begin.UnitIssues[U];
  MatrixBusyCycles += End.MatrixBusyCycles - Begin.MatrixBusyCycles;
  TileMoveBusyCycles += End.TileMoveBusyCycles - Begin.TileMoveBusyCycles;
  DmaBusyCycles += End.DmaBusyCycles - Begin.DmaBusyCycles;
  StreamBusyCycles += End.StreamBusyCycles - Begin.StreamBusyCycles;
  DmaBytes += End.DmaBytes - Begin.DmaBytes;
  DmaTransfers += End.DmaTransfers - Begin.DmaTransfers;
  Macs += End.Macs - Begin.Macs;
  for (unsigned C = 0; C != NumStallCauses; ++C)
    Stalls[C] += End.Stalls[C] - Begin.Stalls[C];
  Timed = End.Timed;
}

void Stats::print(llvm::raw_ostream &OS, const char *Title) const {
  namespace A = llvm::Accel;
  OS << "--- accel-sim " << Title << (Timed ? "" : " (functional mode)")
     << " ---\n";
  OS << format("cycles                 %llu\n", (unsigned long long)Cycles);
  OS << format("bundles                %llu\n", (unsigned long long)Bundles);
  OS << format("instructions           %llu\n",
               (unsigned long long)Instructions);
  OS << format("instructions/bundle    %.3f\n", frac(Instructions, Bundles));
  OS << "unit busy fraction\n";
  OS << format("  scalar (2 ALUs)      %.3f\n",
               frac(UnitIssues[A::ALU0] + UnitIssues[A::ALU1], 2 * Cycles));
  OS << format("  load/store (2 ports) %.3f\n",
               frac(UnitIssues[A::LSU0] + UnitIssues[A::LSU1], 2 * Cycles));
  OS << format("  vector               %.3f\n", frac(UnitIssues[A::VPU], Cycles));
  OS << format("  matrix               %.3f\n", frac(MatrixBusyCycles, Cycles));
  OS << format("  tile moves           %.3f\n",
               frac(TileMoveBusyCycles, Cycles));
  OS << format("  dma                  %.3f\n", frac(DmaBusyCycles, Cycles));
  OS << format("  stream engine        %.3f\n", frac(StreamBusyCycles, Cycles));
  OS << format("stall cycles           %llu\n",
               (unsigned long long)stallCycles());
  for (unsigned C = 0; C != NumStallCauses; ++C)
    OS << format("  %-22s %llu\n", getStallName(C),
                 (unsigned long long)Stalls[C]);
  OS << format("dma transfers          %llu\n",
               (unsigned long long)DmaTransfers);
  OS << format("dma bytes              %llu\n", (unsigned long long)DmaBytes);
  OS << format("dma bandwidth          %.3f bytes/cycle\n",
               frac(DmaBytes, Cycles));
  OS << format("matrix MACs            %llu\n", (unsigned long long)Macs);
  OS << format("matrix utilization     %.4f\n", matrixUtilization());
}

void Stats::printJson(llvm::raw_ostream &OS, const Stats *Region) const {
  namespace A = llvm::Accel;
  OS << "{\"timed\":" << (Timed ? "true" : "false")
     << ",\"cycles\":" << Cycles << ",\"bundles\":" << Bundles
     << ",\"instructions\":" << Instructions
     << format(",\"instructions_per_bundle\":%.4f", frac(Instructions, Bundles))
     << format(",\"busy\":{\"scalar\":%.4f,\"lsu\":%.4f,\"vector\":%.4f,"
               "\"matrix\":%.4f,\"tile_moves\":%.4f,\"dma\":%.4f,"
               "\"stream\":%.4f}",
               frac(UnitIssues[A::ALU0] + UnitIssues[A::ALU1], 2 * Cycles),
               frac(UnitIssues[A::LSU0] + UnitIssues[A::LSU1], 2 * Cycles),
               frac(UnitIssues[A::VPU], Cycles),
               frac(MatrixBusyCycles, Cycles),
               frac(TileMoveBusyCycles, Cycles), frac(DmaBusyCycles, Cycles),
               frac(StreamBusyCycles, Cycles))
     << ",\"stalls\":{";
  for (unsigned C = 0; C != NumStallCauses; ++C)
    OS << (C ? "," : "") << "\"" << getStallName(C) << "\":" << Stalls[C];
  OS << "},\"dma_bytes\":" << DmaBytes << ",\"dma_transfers\":" << DmaTransfers
     << format(",\"dma_bytes_per_cycle\":%.4f", frac(DmaBytes, Cycles))
     << ",\"macs\":" << Macs
     << ",\"macs_per_cycle\":" << uint64_t(llvm::AccelParam::MacsPerCycle)
     << format(",\"matrix_utilization\":%.6f", matrixUtilization());
  if (Region) {
    OS << ",\"region\":";
    Region->printJson(OS);
  }
  OS << "}";
}
