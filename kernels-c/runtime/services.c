/* services.c - a function for each sys service, `sys N; ret`, made from
   the simulator's list of them (sim/SystemServices.def): the POSIX
   functions that are a service (write, read, close, ...) under their own
   names, the others as __accel_sys_<name> (accel_sys.h). Alone in their
   object, without data, so that a program that only writes pulls in
   nothing else. SYS_BUILTIN services have hand-written callers (_exit in
   syscalls.s, accel.h's region markers). */

#define SYS_FUNCTION(Label, Number)                                            \
  __asm__("  .text\n  .globl " #Label "\n  .type " #Label                      \
          ", @function\n" #Label ":\n  sys " #Number "\n  ret\n");
#define SYS_BUILTIN(Number, Name)
#define SYS_POSIX(Number, Name) SYS_FUNCTION(Name, Number)
#define SYS_SERVICE(Number, Name) SYS_FUNCTION(__accel_sys_##Name, Number)
#include "SystemServices.def"
