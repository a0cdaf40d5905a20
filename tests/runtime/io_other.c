/* io_other.c — a translation unit compiled by cc alone: it knows nothing of
 * nurt.  test_io.c hands it arrays that a kernel wrote (device-fresh, pages
 * protected) and checks that every C library call here sees and leaves
 * fresh data: system calls that would fail with EFAULT on a protected page,
 * stdio that hands large blocks straight to them, and user-space calls. */
#define _GNU_SOURCE /* preadv, pwritev */
#include "io_other.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

static long result(ssize_t r, int *err) {
  *err = r < 0 ? errno : 0;
  return (long)r;
}

long io_write(int fd, const void *p, size_t n, int *err) { return result(write(fd, p, n), err); }

long io_read(int fd, void *p, size_t n, int *err) { return result(read(fd, p, n), err); }

long io_pwrite(int fd, const void *p, size_t n, off_t at, int *err) {
  return result(pwrite(fd, p, n, at), err);
}

long io_pread(int fd, void *p, size_t n, off_t at, int *err) {
  return result(pread(fd, p, n, at), err);
}

static void halves(struct iovec v[2], const void *p, size_t n) {
  v[0] = (struct iovec){(void *)p, n / 2};
  v[1] = (struct iovec){(char *)p + n / 2, n - n / 2};
}

long io_writev(int fd, const void *p, size_t n, int *err) {
  struct iovec v[2];
  halves(v, p, n);
  return result(writev(fd, v, 2), err);
}

long io_readv(int fd, void *p, size_t n, int *err) {
  struct iovec v[2];
  halves(v, p, n);
  return result(readv(fd, v, 2), err);
}

long io_pwritev(int fd, const void *p, size_t n, off_t at, int *err) {
  struct iovec v[2];
  halves(v, p, n);
  return result(pwritev(fd, v, 2, at), err);
}

long io_preadv(int fd, void *p, size_t n, off_t at, int *err) {
  struct iovec v[2];
  halves(v, p, n);
  return result(preadv(fd, v, 2, at), err);
}

size_t io_fwrite(const void *p, size_t size, size_t n, FILE *f) { return fwrite(p, size, n, f); }

size_t io_fread(void *p, size_t size, size_t n, FILE *f) { return fread(p, size, n, f); }

char *io_fgets(char *p, int n, FILE *f) { return fgets(p, n, f); }

int io_fputs(const char *s, FILE *f) { return fputs(s, f); }

/* One call of the kind `how`, for the bytes not yet moved. */
static ssize_t send_once(int fd, const char *p, size_t n, int how) {
  if (how == 0)
    return send(fd, p, n, 0);
  if (how == 1)
    return sendto(fd, p, n, 0, NULL, 0);
  struct iovec v = {(void *)p, n};
  struct msghdr m = {.msg_iov = &v, .msg_iovlen = 1};
  return sendmsg(fd, &m, 0);
}

static ssize_t recv_once(int fd, char *p, size_t n, int how) {
  if (how == 0)
    return recv(fd, p, n, MSG_WAITALL);
  if (how == 1)
    return recvfrom(fd, p, n, MSG_WAITALL, NULL, NULL);
  struct iovec v = {p, n};
  struct msghdr m = {.msg_iov = &v, .msg_iovlen = 1};
  return recvmsg(fd, &m, MSG_WAITALL);
}

long io_send(int fd, const void *p, size_t n, int how, int *err) {
  size_t done = 0;
  while (done < n) {
    ssize_t k = send_once(fd, (const char *)p + done, n - done, how);
    if (k <= 0)
      return result(k < 0 ? k : (ssize_t)done, err);
    done += (size_t)k;
  }
  return result((ssize_t)done, err);
}

long io_recv(int fd, void *p, size_t n, int how, int *err) {
  size_t done = 0;
  while (done < n) {
    ssize_t k = recv_once(fd, (char *)p + done, n - done, how);
    if (k <= 0)
      return result(k < 0 ? k : (ssize_t)done, err);
    done += (size_t)k;
  }
  return result((ssize_t)done, err);
}

void io_memcpy(void *d, const void *s, size_t n) { memcpy(d, s, n); }

void io_memmove(void *d, const void *s, size_t n) { memmove(d, s, n); }

void io_memset(void *d, int c, size_t n) { memset(d, c, n); }

static int ascending(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;
  return (x > y) - (x < y);
}

void io_qsort_floats(float *a, size_t n) { qsort(a, n, sizeof *a, ascending); }
