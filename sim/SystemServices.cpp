//===-- SystemServices.cpp - the services of the sys instruction ----------===//
//
// `sys imm` asks the host for service imm (SystemServices.def) with
// arguments in r1..r3 and the result in r1. A failing service returns -1
// and stores the error number in the program's errno, as the POSIX function
// would (docs/simulator.md and docs/abi.md list the services). A bad
// pointer argument is the program's EFAULT, not a simulator fault.
//
//===----------------------------------------------------------------------===//

#include "HostFiles.h"
#include "Simulator.h"
#include <cstring>
#include <string>

using namespace accel_sim;

namespace {
enum SysService : unsigned {
#define SYS_SERVICE(Number, Name) Sys_##Name = Number,
#include "SystemServices.def"
};
} // namespace

void Simulator::executeSys(const DecodedInst &D, const uint64_t *XR) {
  switch (D.Imm) {
  case Sys_exit: // exit(r1): 0..127 pass through; anything else (including
                 // negative values) is 127, so a failure never reads as
                 // success.
    Halted = true;
    ExitStatus = XR[1] <= 127 ? int(XR[1]) : 127;
    checkNothingInFlight("the program's exit");
    return;
  case Sys_region_begin:
    RegionBegin = snapshot();
    InRegion = true;
    return;
  case Sys_region_end: // Without a begin: nothing.
    checkNothingInFlight("the end of the region of interest");
    if (InRegion)
      Region.addInterval(RegionBegin, snapshot());
    HasRegion |= InRegion;
    InRegion = false;
    return;
  case Sys_cycles:
    X[1] = Now;
    return;
  case Sys_clock_hz:
    X[1] = Opts.ClockHz;
    return;
  case Sys_macs:
    X[1] = St.Macs;
    return;
  case Sys_dma_bytes:
    X[1] = St.DmaBytes;
    return;
  case Sys_write:
  case Sys_read:
  case Sys_open:
  case Sys_close:
  case Sys_lseek:
  case Sys_fstat:
  case Sys_stat:
  case Sys_unlink:
  case Sys_rename:
  case Sys_isatty:
    executeFileService(D.Imm, XR);
    return;
  default:
    F.Kind = FaultKind::IllegalInstruction;
    F.Detail = "unknown sys service " + std::to_string(D.Imm);
    return;
  }
}

void Simulator::serviceResult(int64_t Result, int64_t FailureValue) {
  if (Result >= 0) {
    X[1] = uint64_t(Result);
    return;
  }
  X[1] = uint64_t(FailureValue);
  Fault Ignored; // A program without a usable errno sees only the -1.
  if (Prog.ErrnoAddr)
    Mem.store(Prog.ErrnoAddr, int32_t(-Result), Ignored);
}

namespace {
/// The program's memory as the file services see it: a range that is not
/// the program's to read (or write) is EFAULT.
class ServiceMemory {
public:
  explicit ServiceMemory(Memory &Mem) : Mem(Mem) {}

  /// [Addr, Addr + Len) for reading (or writing); null if not accessible.
  uint8_t *range(uint64_t Addr, uint64_t Len, bool IsWrite) {
    if (!Len)
      return Dummy;
    Fault Ignored;
    return Mem.block(Addr, Len, 1, IsWrite, Ignored, FaultKind::None, "");
  }

  /// The NUL-terminated string at \p Addr: 0, or -AccelEFAULT or -AccelENAMETOOLONG.
  int64_t path(uint64_t Addr, std::string &Out) {
    for (unsigned I = 0; I != HostFiles::MaxPath; ++I) {
      const uint8_t *C = range(Addr + I, 1, false);
      if (!C)
        return -AccelEFAULT;
      if (!*C)
        return 0;
      Out.push_back(char(*C));
    }
    return -AccelENAMETOOLONG;
  }

private:
  Memory &Mem;
  uint8_t Dummy[1] = {};
};
} // namespace

void Simulator::executeFileService(unsigned Service, const uint64_t *XR) {
  HostFiles &Files = *Opts.Files;
  ServiceMemory M(Mem);
  // Descriptors, flags and whence are C ints: their upper 32 bits are
  // unspecified (docs/abi.md).
  auto Int = [&](unsigned R) { return uint64_t(int64_t(int32_t(XR[R]))); };
  std::string Path, Path2;
  int64_t Result = 0;
  switch (Service) {
  case Sys_write:
  case Sys_read: {
    bool IsRead = Service == Sys_read;
    uint8_t *Buf = M.range(XR[2], XR[3], IsRead);
    if (Buf && XR[3] &&
        !checkAccess(Footprint::bytes(XR[2], XR[3]), IsRead,
                     InFlightWork::Transfer | InFlightWork::Matmul,
                     IsRead ? "sys read's buffer" : "sys write's buffer"))
      return;
    if (!Buf)
      Result = -AccelEFAULT;
    else if (IsRead)
      Result = Files.read(Int(1), Buf, XR[3]);
    else
      Result = Files.write(Int(1), Buf, XR[3]);
    break;
  }
  case Sys_open:
    if (!(Result = M.path(XR[1], Path)))
      Result = Files.open(Path, Int(2), Int(3));
    break;
  case Sys_close:
    Result = Files.close(Int(1));
    break;
  case Sys_lseek:
    Result = Files.lseek(Int(1), int64_t(XR[2]), Int(3));
    break;
  case Sys_fstat:
  case Sys_stat: {
    uint8_t *Out = M.range(XR[2], sizeof(AccelStat), true);
    AccelStat St = {};
    if (!Out)
      Result = -AccelEFAULT;
    else if (Service == Sys_fstat)
      Result = Files.fstat(Int(1), St);
    else if (!(Result = M.path(XR[1], Path)))
      Result = Files.stat(Path, St);
    if (Out && Result == 0)
      std::memcpy(Out, &St, sizeof(St));
    break;
  }
  case Sys_unlink:
    if (!(Result = M.path(XR[1], Path)))
      Result = Files.unlink(Path);
    break;
  case Sys_rename:
    if (!(Result = M.path(XR[1], Path)) && !(Result = M.path(XR[2], Path2)))
      Result = Files.rename(Path, Path2);
    break;
  case Sys_isatty:
    serviceResult(Files.isatty(Int(1)), 0);
    return;
  }
  serviceResult(Result);
}
