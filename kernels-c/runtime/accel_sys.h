/* accel_sys.h - the runtime's functions for the sys services that are not
   POSIX functions themselves (sim/SystemServices.def). Each returns the
   service's result: -1 with errno set for a failure. */

#ifndef ACCEL_SYS_H
#define ACCEL_SYS_H

/* The services' fstat/stat record (docs/abi.md). */
struct accel_stat {
  unsigned long size;
  unsigned int mode;
  unsigned int links;
  long modified_seconds;
  unsigned long block_size;
};

long __accel_sys_open(const char *path, long flags, long mode);
long __accel_sys_fstat(long fd, struct accel_stat *st);
long __accel_sys_stat(const char *path, struct accel_stat *st);
/* The cycle count (bundles under accel-sim --fast) and the clock rate
   (accel-sim --clock-hz). */
unsigned long __accel_sys_cycles(void);
unsigned long __accel_sys_clock_hz(void);
/* The --stats counters so far: the matrix unit's multiply-accumulates
   and the bytes DMA transfers have moved (a profiler's per-call figures
   are differences of two readings). */
unsigned long __accel_sys_macs(void);
unsigned long __accel_sys_dma_bytes(void);

#endif
