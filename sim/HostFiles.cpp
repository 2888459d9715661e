//===-- HostFiles.cpp - the program's files on the host -------------------===//

#include "HostFiles.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <cstdio>
#include <deque>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace accel_sim;
using llvm::StringRef;

namespace {
/// The Accel C library's open flags (picolibc's sys/_default_fcntl.h).
enum : uint64_t {
  AccelAccessMode = 3,
  AccelCreate = 0x40,
  AccelTruncate = 0x200,
  AccelAppend = 0x400,
  AccelExclusive = 0x800,
  AccelNonBlock = 0x4000,
  AccelNoFollow = 0x100000,
  AccelDirectory = 0x200000,
};

/// Symbolic links followed in one resolution before ELOOP, as Linux.
constexpr unsigned MaxLinks = 40;
} // namespace

/// The host's errno as a negative Accel error number. Numbers 1..34 are
/// the same on both sides; the rest differ (Linux's ELOOP is 40, picolibc's
/// 92), so every one the services can see is listed.
static int64_t hostError(int E) {
  switch (E) {
#define MAP(Name)                                                              \
  case Name:                                                                   \
    return -Accel##Name;
    MAP(EPERM) MAP(ENOENT) MAP(EIO) MAP(EBADF) MAP(EAGAIN) MAP(ENOMEM)
    MAP(EACCES) MAP(EFAULT) MAP(EBUSY) MAP(EEXIST) MAP(EXDEV) MAP(ENOTDIR)
    MAP(EISDIR) MAP(EINVAL) MAP(ENFILE) MAP(EMFILE) MAP(ENOTTY) MAP(ETXTBSY)
    MAP(EFBIG) MAP(ENOSPC) MAP(ESPIPE) MAP(EROFS) MAP(EMLINK) MAP(ENOSYS)
    MAP(ENOTEMPTY) MAP(ENAMETOOLONG) MAP(ELOOP) MAP(EOVERFLOW)
#undef MAP
  default:
    return -AccelEIO;
  }
}

/// The non-empty components of a path.
static std::vector<std::string> components(StringRef Path) {
  llvm::SmallVector<StringRef, 16> Parts;
  Path.split(Parts, '/', -1, false);
  return std::vector<std::string>(Parts.begin(), Parts.end());
}

HostFiles::HostFiles() : Fds(MaxDescriptors) {
  for (int Std = 0; Std != 3; ++Std)
    Fds[Std] = {Std, true};
}

HostFiles::~HostFiles() {
  for (const Descriptor &D : Fds)
    if (D.Host >= 0 && !D.Console)
      ::close(D.Host);
  if (RootFd >= 0)
    ::close(RootFd);
}

bool HostFiles::init(const std::string &Root, std::string &Error) {
  if (Root.empty())
    return true;
  RootFd = ::open(Root.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  char *Real = RootFd >= 0 ? ::realpath(Root.c_str(), nullptr) : nullptr;
  char *Here = Real ? ::realpath(".", nullptr) : nullptr;
  if (!Real || !Here)
    Error = (Real ? std::string("the current directory")
                  : "--fs-root=" + Root) +
            ": " + std::strerror(errno);
  else {
    RootComponents = components(Real);
    Cwd = components(Here);
  }
  std::free(Real);
  std::free(Here);
  return Error.empty();
}

HostFiles::Place HostFiles::place(const std::vector<std::string> &At) const {
  size_t Common = std::mismatch(At.begin(), At.end(), RootComponents.begin(),
                                RootComponents.end())
                      .first -
                  At.begin();
  if (Common == RootComponents.size())
    return Place::Inside;
  return Common == At.size() ? Place::Above : Place::Outside;
}

int64_t HostFiles::resolve(StringRef Path, bool FollowLast,
                           std::string &Out) const {
  if (RootFd < 0)
    return -AccelEACCES;
  if (Path.empty())
    return -AccelENOENT;
  // Where the walk is, as an absolute path. It may pass through the root's
  // ancestors (canonical directories, never looked at) but touches nothing
  // that is not the root or below it.
  std::vector<std::string> At = Path.starts_with("/")
                                    ? std::vector<std::string>()
                                    : Cwd;
  std::vector<std::string> Start = components(Path);
  std::deque<std::string> Todo(Start.begin(), Start.end());
  // The path below the root, "." for the root itself.
  auto Below = [&] {
    auto First = At.begin() + RootComponents.size();
    return First == At.end() ? std::string(".")
                             : llvm::join(First, At.end(), "/");
  };
  unsigned Links = 0;
  while (!Todo.empty()) {
    std::string C = std::move(Todo.front());
    Todo.pop_front();
    bool Last = Todo.empty();
    if (C == "." || C == "..") {
      // unlink("d/..") and rename("d/.", ...) would name a directory by
      // an alias; refuse them as Linux does.
      if (Last && !FollowLast)
        return -AccelEINVAL;
      if (C == ".." && !At.empty())
        At.pop_back();
      continue;
    }
    At.push_back(C);
    Place P = place(At);
    if (P == Place::Outside)
      return -AccelEACCES;
    if (P == Place::Above || (Last && !FollowLast))
      continue;
    std::string Rel = Below();
    struct stat S;
    if (::fstatat(RootFd, Rel.c_str(), &S, AT_SYMLINK_NOFOLLOW) != 0) {
      if (errno == ENOENT && Last)
        break; // An open may create it.
      return hostError(errno);
    }
    if (S_ISLNK(S.st_mode)) {
      if (++Links > MaxLinks)
        return -AccelELOOP;
      std::vector<char> Target(MaxPath);
      ssize_t N = ::readlinkat(RootFd, Rel.c_str(), Target.data(), MaxPath);
      if (N < 0)
        return hostError(errno);
      if (size_t(N) == MaxPath)
        return -AccelENAMETOOLONG;
      StringRef T(Target.data(), size_t(N));
      At.pop_back();
      if (T.starts_with("/"))
        At.clear();
      std::vector<std::string> Parts = components(T);
      Todo.insert(Todo.begin(), Parts.begin(), Parts.end());
      continue;
    }
    if (!Last && !S_ISDIR(S.st_mode))
      return -AccelENOTDIR;
  }
  if (place(At) != Place::Inside)
    return -AccelEACCES; // The root's parent, say.
  Out = Below();
  return 0;
}

int HostFiles::hostFd(uint64_t Fd) const {
  return Fd < Fds.size() ? Fds[Fd].Host : -1;
}

int64_t HostFiles::open(StringRef Path, uint64_t Flags, uint64_t Mode) {
  int Access = int(Flags & AccelAccessMode);
  if (Access == 3)
    return -AccelEINVAL;
  int Host = (Access == 0 ? O_RDONLY : Access == 1 ? O_WRONLY : O_RDWR) |
             O_CLOEXEC | O_NOFOLLOW;
  static const std::pair<uint64_t, int> FlagMap[] = {
      {AccelCreate, O_CREAT},       {AccelTruncate, O_TRUNC},
      {AccelAppend, O_APPEND},      {AccelExclusive, O_EXCL},
      {AccelNonBlock, O_NONBLOCK},  {AccelDirectory, O_DIRECTORY}};
  for (auto [Accel, H] : FlagMap)
    if (Flags & Accel)
      Host |= H;
  auto Free = std::find_if(Fds.begin(), Fds.end(),
                           [](const Descriptor &D) { return D.Host < 0; });
  if (Free == Fds.end())
    return -AccelEMFILE;
  // O_NOFOLLOW and O_EXCL|O_CREAT leave a link in the last component to
  // the host, which refuses it (ELOOP, EEXIST).
  bool FollowLast = !(Flags & AccelNoFollow) &&
                    !((Flags & AccelCreate) && (Flags & AccelExclusive));
  std::string R;
  if (int64_t E = resolve(Path, FollowLast, R))
    return E;
  int Fd = ::openat(RootFd, R.c_str(), Host, mode_t(Mode & 07777));
  if (Fd < 0)
    return hostError(errno);
  *Free = {Fd, false};
  return Free - Fds.begin();
}

int64_t HostFiles::close(uint64_t Fd) {
  int Host = hostFd(Fd);
  if (Host < 0)
    return -AccelEBADF;
  // The simulator's own standard streams stay open.
  if (!Fds[Fd].Console && ::close(Host) != 0 && errno != EINTR) {
    Fds[Fd] = {};
    return hostError(errno);
  }
  Fds[Fd] = {};
  return 0;
}

int64_t HostFiles::read(uint64_t Fd, uint8_t *Buf, uint64_t Len) {
  int Host = hostFd(Fd);
  if (Host < 0)
    return -AccelEBADF;
  // A prompt the program printed appears before it waits for the answer.
  if (Fds[Fd].Console)
    std::fflush(stdout);
  ssize_t N;
  do
    N = ::read(Host, Buf, Len);
  while (N < 0 && errno == EINTR);
  return N < 0 ? hostError(errno) : N;
}

int64_t HostFiles::write(uint64_t Fd, const uint8_t *Buf, uint64_t Len) {
  int Host = hostFd(Fd);
  if (Host < 0)
    return -AccelEBADF;
  // Console output goes through the simulator's stdio streams, in order
  // with its own messages.
  if (Fds[Fd].Console && (Host == 1 || Host == 2)) {
    FILE *Stream = Host == 1 ? stdout : stderr;
    size_t N = std::fwrite(Buf, 1, Len, Stream);
    return N == Len || !std::ferror(Stream) ? int64_t(N)
                                            : -AccelEIO;
  }
  ssize_t N;
  do
    N = ::write(Host, Buf, Len);
  while (N < 0 && errno == EINTR);
  return N < 0 ? hostError(errno) : N;
}

int64_t HostFiles::lseek(uint64_t Fd, int64_t Offset, uint64_t Whence) {
  int Host = hostFd(Fd);
  if (Host < 0)
    return -AccelEBADF;
  if (Whence > 2) // SEEK_SET, SEEK_CUR, SEEK_END: the same on both sides.
    return -AccelEINVAL;
  off_t Pos = ::lseek(Host, Offset, int(Whence));
  return Pos < 0 ? hostError(errno) : int64_t(Pos);
}

static void fill(AccelStat &St, const struct stat &S) {
  St.Size = uint64_t(S.st_size);
  St.Mode = uint32_t(S.st_mode);
  St.Links = uint32_t(S.st_nlink);
  St.ModifiedSeconds = int64_t(S.st_mtime);
  St.BlockSize = uint64_t(S.st_blksize);
}

int64_t HostFiles::fstat(uint64_t Fd, AccelStat &St) {
  int Host = hostFd(Fd);
  if (Host < 0)
    return -AccelEBADF;
  struct stat S;
  if (::fstat(Host, &S) != 0)
    return hostError(errno);
  fill(St, S);
  return 0;
}

int64_t HostFiles::stat(StringRef Path, AccelStat &St) {
  std::string R;
  if (int64_t E = resolve(Path, true, R))
    return E;
  struct stat S;
  if (::fstatat(RootFd, R.c_str(), &S, AT_SYMLINK_NOFOLLOW) != 0)
    return hostError(errno);
  fill(St, S);
  return 0;
}

int64_t HostFiles::unlink(StringRef Path) {
  std::string R;
  if (int64_t E = resolve(Path, false, R))
    return E;
  return ::unlinkat(RootFd, R.c_str(), 0) != 0 ? hostError(errno) : 0;
}

int64_t HostFiles::rename(StringRef From, StringRef To) {
  std::string A, B;
  if (int64_t E = resolve(From, false, A))
    return E;
  if (int64_t E = resolve(To, false, B))
    return E;
  return ::renameat(RootFd, A.c_str(), RootFd, B.c_str()) != 0
             ? hostError(errno)
             : 0;
}

int64_t HostFiles::isatty(uint64_t Fd) {
  int Host = hostFd(Fd);
  if (Host < 0)
    return -AccelEBADF;
  return ::isatty(Host) ? 1 : -AccelENOTTY;
}
