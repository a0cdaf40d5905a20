/* io.c — the C library's calls that hand a buffer to the kernel (read, write,
 * fread, send, ... : docs/runtime.md lists them), wrapped so that the pages
 * of a buffer nurt has protected are made readable or writable first: the
 * kernel does not fault on them, it fails with EFAULT.  Defined here, they
 * take the place of the C library's for every object of the program. */
#undef _FORTIFY_SOURCE /* the headers' inline read() would clash with ours */
#define _GNU_SOURCE    /* dlsym's RTLD_NEXT, preadv2, recvmmsg, ..._unlocked */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#include "nurt_internal.h"

/* Every wrapped call, for the table of the C library's functions. */
// clang-format off
#define IO_CALLS(X) \
  X(read) X(write) X(pread) X(pwrite) X(pread64) X(pwrite64) \
  X(readv) X(writev) X(preadv) X(pwritev) X(preadv64) X(pwritev64) X(preadv2) X(pwritev2) \
  X(send) X(recv) X(sendto) X(recvfrom) X(sendmsg) X(recvmsg) X(sendmmsg) X(recvmmsg) \
  X(fread) X(fwrite) X(fread_unlocked) X(fwrite_unlocked) \
  X(__read_chk) X(__pread_chk) X(__pread64_chk) X(__recv_chk) X(__recvfrom_chk) \
  X(__fread_chk) X(__fread_unlocked_chk)
// clang-format on
#define ID(name) IO_##name,
enum { IO_CALLS(ID) IO_COUNT };
#undef ID
#define NAME(name) #name,
static const char *const names[IO_COUNT] = {IO_CALLS(NAME)};
#undef NAME
static void *nexts[IO_COUNT]; /* atomic: the C library's function, once found */

/* The C library's function i: the next definition after this one. */
static void *next_of(int i) {
  void *f = __atomic_load_n(&nexts[i], __ATOMIC_ACQUIRE);
  if (!f) {
    f = dlsym(RTLD_NEXT, names[i]);
    if (!f)
      nurt_fatal("the C library's %s is not found (dlsym: %s)", names[i], dlerror());
    __atomic_store_n(&nexts[i], f, __ATOMIC_RELEASE);
  }
  return f;
}
/* Declares `real`, the C library's `name`: a declaration, not an expression. */
#define NEXT(name)                                                                                 \
  __typeof__(name) *real = /* NOLINT(bugprone-macro-parentheses) */                                \
      (__typeof__(name) *)next_of(IO_##name)

/* All found when the library loads, so that the first call never runs dlsym
 * where it must not: in the SIGSEGV handler (whose copies call pread and
 * pwrite), or under the dynamic loader's lock.  A name this C library lacks
 * is an error only if the program calls it. */
__attribute__((constructor)) static void find_all(void) {
  for (int i = 0; i < IO_COUNT; i++)
    __atomic_store_n(&nexts[i], dlsym(RTLD_NEXT, names[i]), __ATOMIC_RELEASE);
}

/* An MPI library moves buffers where no wrapper here sees it (a peer's
 * process_vm_readv, RDMA): nurt's MPI layer, libnurt_mpi, syncs them at
 * the MPI calls (docs/runtime.md).  A program that has an MPI library but
 * not the layer (not linked, or dropped by --as-needed after the MPI
 * library) would hand MPI stale or protected rows without a sign: say so.
 * The layer's own check says when it is linked but comes second. */
__attribute__((constructor)) static void check_mpi_layer(void) {
  Dl_info at;
  void *send = dlsym(RTLD_DEFAULT, "MPI_Send");
  if (send && !dlsym(RTLD_DEFAULT, "nurt_mpi_layer"))
    fprintf(stderr,
            "nurt: warning: the program calls MPI (%s) without nurt's MPI layer: link "
            "-lnurt_mpi before the MPI library (pkg-config nurt-mpi), or buffers that kernels "
            "wrote are handed to MPI stale (docs/usage.md)\n",
            dladdr(send, &at) && at.dli_fname ? at.dli_fname : "MPI_Send");
}

/* [p, p + n) is about to be read (write == 0) or written by the kernel.  The
 * question costs two loads while no page is protected, a scan of the
 * protected runs otherwise; only a buffer that touches one takes the lock. */
static void touch(const void *p, size_t n, int write, const char *call) {
  uintptr_t lo = (uintptr_t)p, hi = n > UINTPTR_MAX - lo ? UINTPTR_MAX : lo + n;
  if (n && nurt_closed_any(lo, hi, write ? PROT_READ | PROT_WRITE : PROT_READ))
    nurt_guard_io(lo, hi, write, call);
}

static void touch_iov(const struct iovec *v, long n, int write, const char *call) {
  for (long i = 0; v && i < n; i++)
    touch(v[i].iov_base, v[i].iov_len, write, call);
}

static void touch_msg(const struct msghdr *m, int write, const char *call) {
  if (m)
    touch_iov(m->msg_iov, (long)m->msg_iovlen, write, call);
}

/* POSIX I/O */
ssize_t read(int fd, void *buf, size_t n) {
  NEXT(read);
  touch(buf, n, 1, "read");
  return real(fd, buf, n);
}

ssize_t write(int fd, const void *buf, size_t n) {
  NEXT(write);
  touch(buf, n, 0, "write");
  return real(fd, buf, n);
}

ssize_t pread(int fd, void *buf, size_t n, off_t at) {
  NEXT(pread);
  touch(buf, n, 1, "pread");
  return real(fd, buf, n, at);
}

ssize_t pwrite(int fd, const void *buf, size_t n, off_t at) {
  NEXT(pwrite);
  touch(buf, n, 0, "pwrite");
  return real(fd, buf, n, at);
}

ssize_t pread64(int fd, void *buf, size_t n, off64_t at) {
  NEXT(pread64);
  touch(buf, n, 1, "pread64");
  return real(fd, buf, n, at);
}

ssize_t pwrite64(int fd, const void *buf, size_t n, off64_t at) {
  NEXT(pwrite64);
  touch(buf, n, 0, "pwrite64");
  return real(fd, buf, n, at);
}

ssize_t readv(int fd, const struct iovec *v, int n) {
  NEXT(readv);
  touch_iov(v, n, 1, "readv");
  return real(fd, v, n);
}

ssize_t writev(int fd, const struct iovec *v, int n) {
  NEXT(writev);
  touch_iov(v, n, 0, "writev");
  return real(fd, v, n);
}

ssize_t preadv(int fd, const struct iovec *v, int n, off_t at) {
  NEXT(preadv);
  touch_iov(v, n, 1, "preadv");
  return real(fd, v, n, at);
}

ssize_t pwritev(int fd, const struct iovec *v, int n, off_t at) {
  NEXT(pwritev);
  touch_iov(v, n, 0, "pwritev");
  return real(fd, v, n, at);
}

ssize_t preadv64(int fd, const struct iovec *v, int n, off64_t at) {
  NEXT(preadv64);
  touch_iov(v, n, 1, "preadv64");
  return real(fd, v, n, at);
}

ssize_t pwritev64(int fd, const struct iovec *v, int n, off64_t at) {
  NEXT(pwritev64);
  touch_iov(v, n, 0, "pwritev64");
  return real(fd, v, n, at);
}

ssize_t preadv2(int fd, const struct iovec *v, int n, off_t at, int flags) {
  NEXT(preadv2);
  touch_iov(v, n, 1, "preadv2");
  return real(fd, v, n, at, flags);
}

ssize_t pwritev2(int fd, const struct iovec *v, int n, off_t at, int flags) {
  NEXT(pwritev2);
  touch_iov(v, n, 0, "pwritev2");
  return real(fd, v, n, at, flags);
}

/* Sockets: what message-passing libraries (MPI over TCP, ...) call. */
ssize_t send(int fd, const void *buf, size_t n, int flags) {
  NEXT(send);
  touch(buf, n, 0, "send");
  return real(fd, buf, n, flags);
}

ssize_t recv(int fd, void *buf, size_t n, int flags) {
  NEXT(recv);
  touch(buf, n, 1, "recv");
  return real(fd, buf, n, flags);
}

ssize_t sendto(int fd, const void *buf, size_t n, int flags, const struct sockaddr *to,
               socklen_t tolen) {
  NEXT(sendto);
  touch(buf, n, 0, "sendto");
  return real(fd, buf, n, flags, to, tolen);
}

ssize_t recvfrom(int fd, void *buf, size_t n, int flags, struct sockaddr *from,
                 socklen_t *fromlen) {
  NEXT(recvfrom);
  touch(buf, n, 1, "recvfrom");
  return real(fd, buf, n, flags, from, fromlen);
}

ssize_t sendmsg(int fd, const struct msghdr *m, int flags) {
  NEXT(sendmsg);
  touch_msg(m, 0, "sendmsg");
  return real(fd, m, flags);
}

ssize_t recvmsg(int fd, struct msghdr *m, int flags) {
  NEXT(recvmsg);
  touch_msg(m, 1, "recvmsg");
  return real(fd, m, flags);
}

int sendmmsg(int fd, struct mmsghdr *v, unsigned n, int flags) {
  NEXT(sendmmsg);
  for (unsigned i = 0; v && i < n; i++)
    touch_msg(&v[i].msg_hdr, 0, "sendmmsg");
  return real(fd, v, n, flags);
}

int recvmmsg(int fd, struct mmsghdr *v, unsigned n, int flags, struct timespec *timeout) {
  NEXT(recvmmsg);
  for (unsigned i = 0; v && i < n; i++)
    touch_msg(&v[i].msg_hdr, 1, "recvmmsg");
  return real(fd, v, n, flags, timeout);
}

/* stdio (the _unlocked names in parentheses: glibc makes them macros).
 * glibc's fread and fwrite call its internal read and write, which no
 * wrapper can reach, for blocks larger than the stream's buffer. */
static size_t bytes_of(size_t size, size_t n) {
  return size && n > SIZE_MAX / size ? SIZE_MAX : size * n;
}

size_t fread(void *p, size_t size, size_t n, FILE *f) {
  NEXT(fread);
  touch(p, bytes_of(size, n), 1, "fread");
  return real(p, size, n, f);
}

size_t fwrite(const void *p, size_t size, size_t n, FILE *f) {
  NEXT(fwrite);
  touch(p, bytes_of(size, n), 0, "fwrite");
  return real(p, size, n, f);
}

size_t(fread_unlocked)(void *p, size_t size, size_t n, FILE *f) {
  NEXT(fread_unlocked);
  touch(p, bytes_of(size, n), 1, "fread_unlocked");
  return real(p, size, n, f);
}

size_t(fwrite_unlocked)(const void *p, size_t size, size_t n, FILE *f) {
  NEXT(fwrite_unlocked);
  touch(p, bytes_of(size, n), 0, "fwrite_unlocked");
  return real(p, size, n, f);
}

/* What -D_FORTIFY_SOURCE makes of read, pread, recv, recvfrom and fread
 * where the compiler knows the buffer's size (glibc's names and types). */
ssize_t __read_chk(int fd, void *buf, size_t n, size_t buflen);
ssize_t __pread_chk(int fd, void *buf, size_t n, off_t at, size_t buflen);
ssize_t __pread64_chk(int fd, void *buf, size_t n, off64_t at, size_t buflen);
ssize_t __recv_chk(int fd, void *buf, size_t n, size_t buflen, int flags);
ssize_t __recvfrom_chk(int fd, void *buf, size_t n, size_t buflen, int flags, struct sockaddr *from,
                       socklen_t *fromlen);
size_t __fread_chk(void *p, size_t plen, size_t size, size_t n, FILE *f);
size_t __fread_unlocked_chk(void *p, size_t plen, size_t size, size_t n, FILE *f);

ssize_t __read_chk(int fd, void *buf, size_t n, size_t buflen) {
  NEXT(__read_chk);
  touch(buf, n, 1, "read");
  return real(fd, buf, n, buflen);
}

ssize_t __pread_chk(int fd, void *buf, size_t n, off_t at, size_t buflen) {
  NEXT(__pread_chk);
  touch(buf, n, 1, "pread");
  return real(fd, buf, n, at, buflen);
}

ssize_t __pread64_chk(int fd, void *buf, size_t n, off64_t at, size_t buflen) {
  NEXT(__pread64_chk);
  touch(buf, n, 1, "pread64");
  return real(fd, buf, n, at, buflen);
}

ssize_t __recv_chk(int fd, void *buf, size_t n, size_t buflen, int flags) {
  NEXT(__recv_chk);
  touch(buf, n, 1, "recv");
  return real(fd, buf, n, buflen, flags);
}

ssize_t __recvfrom_chk(int fd, void *buf, size_t n, size_t buflen, int flags, struct sockaddr *from,
                       socklen_t *fromlen) {
  NEXT(__recvfrom_chk);
  touch(buf, n, 1, "recvfrom");
  return real(fd, buf, n, buflen, flags, from, fromlen);
}

size_t __fread_chk(void *p, size_t plen, size_t size, size_t n, FILE *f) {
  NEXT(__fread_chk);
  touch(p, bytes_of(size, n), 1, "fread");
  return real(p, plen, size, n, f);
}

size_t __fread_unlocked_chk(void *p, size_t plen, size_t size, size_t n, FILE *f) {
  NEXT(__fread_unlocked_chk);
  touch(p, bytes_of(size, n), 1, "fread_unlocked");
  return real(p, plen, size, n, f);
}

/* Keeps this file in a program that links libnurt.a: the wrappers only take
 * effect if the object that defines them is linked in. */
void nurt_io_link(void) {}
