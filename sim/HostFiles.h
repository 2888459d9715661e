//===-- HostFiles.h - the program's files on the host -----------*- C++ -*-===//
//
// The program's file descriptors and its view of the host's files, behind
// the sys file services (docs/simulator.md, "Files"). Paths are confined to
// one directory tree, the root (--fs-root): resolution walks the path one
// component at a time, from the working directory or "/" as the host would,
// reading symbolic links itself; it may pass through the root's ancestors
// but refuses with EACCES a step anywhere else outside the root, and makes
// host calls only below the root's directory handle, so no host call ever
// names a file outside it. Results are the host call's, or
// a negative error number in the Accel C library's numbering (picolibc's
// <sys/errno.h>), never a simulator fault.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_SIM_HOSTFILES_H
#define ACCEL_SIM_HOSTFILES_H

#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <string>
#include <vector>

namespace accel_sim {

/// Error numbers as the program sees them (picolibc's <sys/errno.h>).
enum AccelErrno : int64_t {
  AccelEPERM = 1,
  AccelENOENT = 2,
  AccelEIO = 5,
  AccelEBADF = 9,
  AccelEAGAIN = 11,
  AccelENOMEM = 12,
  AccelEACCES = 13,
  AccelEFAULT = 14,
  AccelEBUSY = 16,
  AccelEEXIST = 17,
  AccelEXDEV = 18,
  AccelENOTDIR = 20,
  AccelEISDIR = 21,
  AccelEINVAL = 22,
  AccelENFILE = 23,
  AccelEMFILE = 24,
  AccelENOTTY = 25,
  AccelETXTBSY = 26,
  AccelEFBIG = 27,
  AccelENOSPC = 28,
  AccelESPIPE = 29,
  AccelEROFS = 30,
  AccelEMLINK = 31,
  AccelENOSYS = 88,
  AccelENOTEMPTY = 90,
  AccelENAMETOOLONG = 91,
  AccelELOOP = 92,
  AccelEOVERFLOW = 139,
};

/// The sys fstat/stat record (docs/abi.md): what the runtime copies into
/// the C library's struct stat.
struct AccelStat {
  uint64_t Size;
  uint32_t Mode; ///< S_IFMT bits and permissions, as POSIX numbers them.
  uint32_t Links;
  int64_t ModifiedSeconds;
  uint64_t BlockSize;
};
static_assert(sizeof(AccelStat) == 32, "the ABI's layout");

class HostFiles {
public:
  /// Program descriptors: 0..2 are the simulator's standard streams; opens
  /// take the lowest free number below this limit (then EMFILE).
  static constexpr unsigned MaxDescriptors = 64;
  /// The longest path the program may pass, with its terminating NUL.
  static constexpr unsigned MaxPath = 4096;

  HostFiles();
  ~HostFiles();
  HostFiles(const HostFiles &) = delete;
  HostFiles &operator=(const HostFiles &) = delete;

  /// Opens the root directory \p Root; an empty \p Root turns path access
  /// off (--no-fs: every path service fails with EACCES). Returns false
  /// with \p Error set if \p Root is not a directory that can be opened.
  bool init(const std::string &Root, std::string &Error);

  // The services. Flags, modes and whence are the Accel C library's.
  int64_t open(llvm::StringRef Path, uint64_t Flags, uint64_t Mode);
  int64_t close(uint64_t Fd);
  int64_t read(uint64_t Fd, uint8_t *Buf, uint64_t Len);
  int64_t write(uint64_t Fd, const uint8_t *Buf, uint64_t Len);
  int64_t lseek(uint64_t Fd, int64_t Offset, uint64_t Whence);
  int64_t fstat(uint64_t Fd, AccelStat &St);
  int64_t stat(llvm::StringRef Path, AccelStat &St);
  int64_t unlink(llvm::StringRef Path);
  int64_t rename(llvm::StringRef From, llvm::StringRef To);
  /// 1 for a terminal, else a negative error (ENOTTY, EBADF).
  int64_t isatty(uint64_t Fd);

private:
  /// Resolves \p Path to a path relative to the root whose components
  /// are no symbolic links, but for the last if not \p FollowLast. Returns
  /// 0 or a negative error (EACCES for a step out of the root).
  int64_t resolve(llvm::StringRef Path, bool FollowLast,
                  std::string &Out) const;
  /// Where an absolute path (as components) is relative to the root.
  enum class Place { Inside, Above, Outside };
  Place place(const std::vector<std::string> &At) const;
  /// The host descriptor behind program descriptor \p Fd, or -1.
  int hostFd(uint64_t Fd) const;

  struct Descriptor {
    int Host = -1;        ///< -1: the program's descriptor is free.
    bool Console = false; ///< One of the simulator's standard streams.
  };

  int RootFd = -1;                ///< The root directory; -1 with --no-fs.
  std::vector<std::string> RootComponents; ///< Its canonical absolute path.
  std::vector<std::string> Cwd;   ///< The canonical working directory.
  std::vector<Descriptor> Fds;    ///< Indexed by program descriptor.
};

} // namespace accel_sim

#endif
