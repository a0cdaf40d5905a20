/* io_fortify.c — a file compiled by cc alone with -D_FORTIFY_SOURCE=2 and
 * 64-bit file offsets, as distributions build packages: where the size of
 * the buffer is known, read() becomes __read_chk(), pread() __pread64_chk(),
 * and so on.  test_io.c passes each an array a kernel wrote. */
#define _GNU_SOURCE /* fread_unlocked */
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>

#include "io_other.h"

extern float io_global[IO_GLOBAL]; /* test_io.c's; its size makes the _chk calls */

long fortified_read(int how, int fd, FILE *f, size_t n) {
  float *p = io_global + IO_GLOBAL / 4; /* a constant offset keeps the size known */
  switch (how) {
  case 0:
    return (long)read(fd, p, n);
  case 1:
    return (long)pread(fd, p, n, 0);
  case 2:
    return (long)recv(fd, p, n, MSG_WAITALL);
  case 3:
    return (long)recvfrom(fd, p, n, MSG_WAITALL, NULL, NULL);
  case 4:
    return (long)fread(p, 1, n, f);
  default:
    return (long)fread_unlocked(p, 1, n, f);
  }
}
