/* LD_PRELOAD probe (call 2, 2026-11-29c): prints CLOCK_REALTIME when the
 * process's libraries are initialised (before main) and when it calls
 * _Exit / _exit (the generated main leaves that way on the GPU), so that a
 * script timing the process from outside can split its wall into loading,
 * main, and the exit's teardown. */
#define _GNU_SOURCE
#include <stdio.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_REALTIME, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}
__attribute__((constructor)) static void probe_start(void) {
  fprintf(stderr, "probe: start %.6f\n", now());
}
void _Exit(int s) {
  fprintf(stderr, "probe: exit %.6f\n", now());
  syscall(SYS_exit_group, s);
  for (;;) {}
}
void _exit(int s) { _Exit(s); }
