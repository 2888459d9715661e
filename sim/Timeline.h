//===-- Timeline.h - Chrome trace-event output ------------------*- C++ -*-===//
//
// Collects what each unit did when, and writes it as Chrome trace-event JSON
// (opens in Perfetto or chrome://tracing): one track per unit, one complete
// ("X") event per operation, with simulated cycles as the time unit.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_SIM_TIMELINE_H
#define ACCEL_SIM_TIMELINE_H

#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace accel_sim {

enum TimelineTrack : unsigned {
  TrackMatrix,
  TrackTileMoves,
  TrackVector,
  TrackStalls,
  TrackStream,
  TrackDma0, // one track per DMA channel from here
};

class Timeline {
public:
  /// Events beyond this many are counted but not kept.
  static constexpr size_t MaxEvents = 2000000;

  void add(unsigned Track, const char *Name, uint64_t Start, uint64_t Dur) {
    if (Events.size() < MaxEvents)
      Events.push_back({Track, Name, Start, Dur});
    else
      ++Dropped;
  }
  void write(llvm::raw_ostream &OS, unsigned DmaChannels) const;

private:
  struct Event {
    unsigned Track;
    const char *Name;
    uint64_t Start, Dur;
  };
  std::vector<Event> Events;
  uint64_t Dropped = 0;
};

} // namespace accel_sim

#endif
