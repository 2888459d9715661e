//===-- SystemServices.cpp - the services of the sys instruction ----------===//
//
// `sys imm` asks the host for service imm with arguments in r1..r3 and the
// result in r1 (docs/simulator.md and docs/abi.md list the services).
//
//===----------------------------------------------------------------------===//

#include "Simulator.h"
#include <cstdio>
#include <string>

using namespace accel_sim;

void Simulator::executeSys(const DecodedInst &D, const uint64_t *XR) {
  switch (D.Imm) {
  case 0: // exit(r1): 0..127 pass through; anything else (including
          // negative values) is 127, so a failure never reads as success.
    Halted = true;
    ExitStatus = XR[1] <= 127 ? int(XR[1]) : 127;
    return;
  case 1: { // write(fd r1, buffer r2, length r3)
    uint64_t Fd = XR[1], Buf = XR[2], Len = XR[3];
    if (Fd != 1 && Fd != 2) {
      X[1] = uint64_t(-9); // -EBADF
      return;
    }
    const uint8_t *P = Len ? Mem.block(Buf, Len, 1, false, F,
                                       FaultKind::OutOfRangeAccess,
                                       "sys write buffer")
                           : nullptr;
    if (Len && !P)
      return;
    std::fwrite(P, 1, Len, Fd == 1 ? stdout : stderr);
    X[1] = Len;
    return;
  }
  case 2: // Begin the region of interest.
    RegionBegin = snapshot();
    InRegion = true;
    return;
  case 3: // End it (without a begin: nothing).
    if (InRegion)
      Region.addInterval(RegionBegin, snapshot());
    HasRegion |= InRegion;
    InRegion = false;
    return;
  default:
    F.Kind = FaultKind::IllegalInstruction;
    F.Detail = "unknown sys service " + std::to_string(D.Imm);
    return;
  }
}
