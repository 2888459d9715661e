/* Tries to reach files outside accel-sim's --fs-root, and some inside, and
   prints each attempt's outcome: "ok" or the errno's name. argv[1] is the
   directory holding root/ and outside/ (fs-escapes.test builds the tree);
   the program runs in root/sub. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *name(int e) {
  switch (e) {
  case EACCES: return "EACCES";
  case ENOENT: return "ENOENT";
  case ELOOP: return "ELOOP";
  case EBADF: return "EBADF";
  case EFAULT: return "EFAULT";
  case ENAMETOOLONG: return "ENAMETOOLONG";
  case EEXIST: return "EEXIST";
  case ENOTDIR: return "ENOTDIR";
  case EINVAL: return "EINVAL";
  case EISDIR: return "EISDIR";
  default: return "other";
  }
}

static void report(const char *what, int result) {
  if (result >= 0)
    printf("%s: ok\n", what);
  else
    printf("%s: %s\n", what, name(errno));
}

static int try_open(const char *path, int flags) {
  errno = 0;
  int fd = open(path, flags, 0644);
  if (fd >= 0)
    close(fd);
  return fd;
}

int main(int argc, char **argv) {
  char path[8192];
  const char *top = argv[1];
#define ABS(rest) (snprintf(path, sizeof path, "%s/%s", top, rest), path)

  report("dotdot above the root", try_open("../../outside/secret.txt", O_RDONLY));
  report("dotdot inside the root", try_open("../sub/in.txt", O_RDONLY));
  report("root itself", try_open("..", O_RDONLY));
  report("parent of the root", try_open("../..", O_RDONLY));
  report("absolute outside", try_open(ABS("outside/secret.txt"), O_RDONLY));
  report("absolute inside", try_open(ABS("root/sub/in.txt"), O_RDONLY));
  report("absolute system file", try_open("/etc/passwd", O_RDONLY));
  report("through the root's parent and back in", try_open(ABS("root/../root/sub/in.txt"), O_RDONLY));
  report("absolute in, then out", try_open(ABS("root/sub/../../outside/secret.txt"), O_RDONLY));
  report("relative link out", try_open("../out-rel/secret.txt", O_RDONLY));
  report("absolute link out", try_open("../out-abs/secret.txt", O_RDONLY));
  report("link to an outside file", try_open("../secret-link", O_RDONLY));
  report("write through a link out", try_open("../secret-link", O_WRONLY | O_TRUNC));
  report("create through a dangling link out", try_open("../dangling-out", O_WRONLY | O_CREAT));
  report("link inside", try_open("../in-link", O_RDONLY));
  report("absolute link inside", try_open("../abs-in/in.txt", O_RDONLY));
  report("link loop", try_open("../loop1", O_RDONLY));
  report("link, no-follow", try_open("../in-link", O_RDONLY | O_NOFOLLOW));

  struct stat st;
  errno = 0;
  report("stat outside", stat("../../outside/secret.txt", &st));
  errno = 0;
  report("stat through a link out", stat("../out-rel", &st));
  errno = 0;
  report("unlink through a link out", unlink("../out-abs/secret.txt"));
  errno = 0;
  report("unlink outside", unlink(ABS("outside/secret.txt")));
  errno = 0;
  report("rename to outside", rename("in.txt", "../../outside/moved.txt"));
  errno = 0;
  report("rename from outside", rename("../out-rel/secret.txt", "stolen.txt"));
  errno = 0;
  report("rename a dotdot", rename("..", "x"));
  errno = 0;
  report("rename a dot", rename("../sub/.", "x"));

  /* Bad arguments are errors, not faults. */
  errno = 0;
  report("path at a bad address", open((const char *)8, O_RDONLY));
  char longpath[5000];
  memset(longpath, 'a', sizeof longpath - 1);
  longpath[sizeof longpath - 1] = 0;
  errno = 0;
  report("path too long", open(longpath, O_RDONLY));
  int fd = open("in.txt", O_RDONLY);
  errno = 0;
  report("read into the program text", (int)read(fd, (void *)main, 4));
  errno = 0;
  report("read to a bad address", (int)read(fd, (void *)8, 4));
  close(fd);
  errno = 0;
  report("close twice", close(fd));
  errno = 0;
  report("close -1", close(-1));
  errno = 0;
  report("write to an unopened descriptor", (int)write(40, "x", 1));
  errno = 0;
  report("descriptor past the table", (int)write(1 << 20, "x", 1));

  /* Creating, renaming and removing inside the root still works. */
  report("create inside", try_open("new.txt", O_WRONLY | O_CREAT | O_EXCL));
  report("exclusive create again", try_open("new.txt", O_WRONLY | O_CREAT | O_EXCL));
  errno = 0;
  report("rename inside", rename("new.txt", "../renamed.txt"));
  errno = 0;
  report("unlink inside", unlink("../renamed.txt"));
  errno = 0;
  report("unlink missing", unlink("../renamed.txt"));
  return 0;
}
