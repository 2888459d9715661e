//===-- Timeline.cpp - Chrome trace-event output --------------------------===//

#include "Timeline.h"
#include "llvm/Support/raw_ostream.h"

using namespace accel_sim;

void Timeline::write(llvm::raw_ostream &OS, unsigned DmaChannels) const {
  OS << "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"time_unit\":\"cycle\","
     << "\"dropped_events\":" << Dropped << "},\"traceEvents\":[\n";
  auto Name = [&](unsigned Track) -> std::string {
    switch (Track) {
    case TrackMatrix:
      return "Matrix unit";
    case TrackTileMoves:
      return "Tile moves";
    case TrackVector:
      return "Vector unit";
    case TrackStalls:
      return "Stalls";
    case TrackStream:
      return "Stream engine";
    default:
      return "DMA channel " + std::to_string(Track - TrackDma0);
    }
  };
  bool First = true;
  for (unsigned T = 0; T != TrackDma0 + DmaChannels; ++T) {
    OS << (First ? "" : ",\n")
       << "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":" << T
       << ",\"args\":{\"name\":\"" << Name(T) << "\"}}";
    First = false;
  }
  for (const Event &E : Events)
    OS << ",\n{\"ph\":\"X\",\"pid\":1,\"tid\":" << E.Track << ",\"name\":\""
       << E.Name << "\",\"ts\":" << E.Start << ",\"dur\":" << E.Dur << "}";
  OS << "\n]}\n";
}
