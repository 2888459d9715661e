/* stack-protector.c - what code compiled with -fstack-protector* calls: the
   canary each protected frame keeps a copy of, and the report when a
   function finds its copy overwritten on return. Only the system layer is
   used (_write, _exit), since libaccelrt.a is linked after the C library.
   The simulator has no source of randomness, so the canary is fixed; its
   low byte, the first in memory, is zero, which stops a string overflow
   from copying past it. */

#include <stddef.h>
#include <stdint.h>

int _write(int fd, const void *buf, size_t count);
void _exit(int status);

uintptr_t __stack_chk_guard = 0x2f8a5c3e9d1b4700u;

/* Exits as abort() does, with 128 + SIGABRT (which accel-sim reports as
   127, like every status above 127). */
void __stack_chk_fail(void) {
  static const char Message[] = "*** stack smashing detected ***: terminated\n";
  _write(2, Message, sizeof Message - 1);
  _exit(128 + 6);
}
