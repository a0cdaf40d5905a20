/* io_other.h — what io_other.c, a file compiled by cc alone (no nucc, no nurt
 * calls), offers test_io.c: one function per C library call that hands a
 * buffer to the kernel or reads and writes it in user space, called on
 * arrays a kernel wrote, as a library that saves or loads results would. */
#ifndef IO_OTHER_H
#define IO_OTHER_H

#include <stdio.h>
#include <sys/types.h>

/* POSIX I/O: what the call returns (-1 with *err = errno on failure). */
long io_write(int fd, const void *p, size_t n, int *err);
long io_read(int fd, void *p, size_t n, int *err);
long io_pwrite(int fd, const void *p, size_t n, off_t at, int *err);
long io_pread(int fd, void *p, size_t n, off_t at, int *err);
/* The vector calls, with the buffer split in two iovecs at n / 2. */
long io_writev(int fd, const void *p, size_t n, int *err);
long io_readv(int fd, void *p, size_t n, int *err);
long io_pwritev(int fd, const void *p, size_t n, off_t at, int *err);
long io_preadv(int fd, void *p, size_t n, off_t at, int *err);

/* stdio */
size_t io_fwrite(const void *p, size_t size, size_t n, FILE *f);
size_t io_fread(void *p, size_t size, size_t n, FILE *f);
char *io_fgets(char *p, int n, FILE *f);
int io_fputs(const char *s, FILE *f);

/* Sockets, as a message-passing library sends and receives a buffer: `how`
 * picks send/recv (0), sendto/recvfrom (1) or sendmsg/recvmsg (2).  All n
 * bytes are sent, or received (MSG_WAITALL); the result is the byte count. */
long io_send(int fd, const void *p, size_t n, int how, int *err);
long io_recv(int fd, void *p, size_t n, int how, int *err);

/* User-space calls of the C library, with sizes the compiler cannot see. */
void io_memcpy(void *d, const void *s, size_t n);
void io_memmove(void *d, const void *s, size_t n);
void io_memset(void *d, int c, size_t n);
void io_qsort_floats(float *a, size_t n); /* ascending */

/* io_fortify.c, built with -D_FORTIFY_SOURCE=2: reads n bytes into
 * io_global + IO_GLOBAL / 4 with read (how 0), pread (1), recv (2), recvfrom (3),
 * fread (4), fread_unlocked (5), from fd or f; what the call returns. */
enum { IO_GLOBAL = 1 << 18 }; /* elements of test_io.c's io_global */
long fortified_read(int how, int fd, FILE *f, size_t n);

#endif
