/* test_io.c — arrays a kernel wrote, handed to a file nucc did not translate
 * (io_other.c) that passes them to the C library: system calls, stdio with
 * blocks larger than its buffer, sockets, memcpy and kin.  Each call must see
 * the kernel's data and leave its own in the array for the next kernel.
 * Usage: test_io posix|stdio|socket|user|fortify|CALL  (CALL: write, ...) */
#define _GNU_SOURCE /* process_vm_readv */
#include <errno.h>
#include <pthread.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include "io_other.h"
#include "lazy_check.h"

static nurt_module mod = {TEST_KERNELS, "test_io.c", 0, NULL, 0};

enum { M = IO_GLOBAL }; /* 1 MiB of floats: past any stdio buffer */
/* Protected whenever NU_LAZY is on; io_fortify.c knows its size. */
_Alignas(4096) float io_global[M];

/* The page holding p cannot be read: what a system call would fail on. */
static int closed(const void *p) {
  char c;
  struct iovec mine = {&c, 1}, theirs = {(void *)p, 1};
  return process_vm_readv(getpid(), &mine, 1, &theirs, 1, 0) < 0 && errno == EFAULT;
}

/* The array of one round: where it lives, whether nurt protects it. */
typedef struct {
  float *a;
  long n;
  int lazy;
  const char *what;
} array;

/* a[i] = 2i, written by a kernel; then the escape generated code makes before
 * calling another file.  `both`: copied back once (state both, PROT_READ). */
static void prepare(const array *x, float s, int both) {
  nurt_host_access(x->a, 1);
  for (long i = 0; i < x->n; i++)
    x->a[i] = (float)i;
  launch_scale(&mod, 10, x->a, x->n, s);
  if (both) /* all of it read back (a whole-array check would leave it to faults) */
    nurt_host_range(x->a, (size_t)x->n * sizeof *x->a, 0);
  nurt_escape();
  if (x->lazy)
    CHECK(closed(x->a + x->n / 2) == !both);
}

/* The array holds `want` (host code of a translated file reads it), and so
 * does the device: a kernel that scales by 1 and a copy back agree. */
static void expect(const array *x, const float *want, const char *call) {
  nurt_host_access(x->a, 0);
  for (long i = 0; i < x->n; i++)
    if (memcmp(&x->a[i], &want[i], sizeof *want) != 0) {
      fprintf(stderr, "%s on %s array: element %ld is %g, expected %g\n", call, x->what, i,
              (double)x->a[i], (double)want[i]);
      exit(1);
    }
  launch_scale(&mod, 11, x->a, x->n, 1);
  nurt_host_access(x->a, 0);
  for (long i = 0; i < x->n; i++)
    if (memcmp(&x->a[i], &want[i], sizeof *want) != 0) {
      fprintf(stderr, "%s on %s array: the device has %g at %ld, expected %g\n", call, x->what,
              (double)x->a[i], i, (double)want[i]);
      exit(1);
    }
}

static float *floats(long n, float k, float c) {
  float *v = malloc((size_t)n * sizeof *v);
  CHECK(v);
  for (long i = 0; i < n; i++)
    v[i] = k * (float)i + c;
  return v;
}

/* A temporary file holding `bytes` of src, at offset 0. */
static int file_of(const void *src, size_t bytes) {
  FILE *f = tmpfile();
  CHECK(f);
  int fd = dup(fileno(f));
  fclose(f);
  CHECK(fd >= 0 && write(fd, src, bytes) == (ssize_t)bytes && lseek(fd, 0, SEEK_SET) == 0);
  return fd;
}

/* The first `bytes` of the file are those of want[]. */
static void check_file(int fd, const float *want, size_t bytes, const char *call) {
  float *got = malloc(bytes);
  CHECK(got && pread(fd, got, bytes, 0) == (ssize_t)bytes);
  if (memcmp(got, want, bytes) != 0) {
    fprintf(stderr, "%s: the file does not hold the kernel's data\n", call);
    exit(1);
  }
  free(got);
}

/* Calls that read the array: the kernel's data must reach the file. */
static void source_call(const array *x, const char *call) {
  size_t bytes = (size_t)x->n * sizeof(float);
  float *want = floats(x->n, 2, 0);
  for (int both = 0; both < 2; both++) {
    prepare(x, 2, both);
    FILE *f = tmpfile();
    CHECK(f);
    int fd = fileno(f), err = 0;
    long r = 0;
    if (!strcmp(call, "write"))
      r = io_write(fd, x->a, bytes, &err);
    else if (!strcmp(call, "pwrite"))
      r = io_pwrite(fd, x->a, bytes, 0, &err);
    else if (!strcmp(call, "writev"))
      r = io_writev(fd, x->a, bytes, &err);
    else if (!strcmp(call, "pwritev"))
      r = io_pwritev(fd, x->a, bytes, 0, &err);
    else if (!strcmp(call, "fwrite"))
      r = (long)io_fwrite(x->a, sizeof(float), (size_t)x->n, f) * (long)sizeof(float);
    else
      CHECK(!"a call test_io knows");
    if (r != (long)bytes) {
      fprintf(stderr, "%s of the %s array returned %ld (%s), expected %zu\n", call, x->what, r,
              strerror(err), bytes);
      exit(1);
    }
    CHECK(fflush(f) == 0);
    check_file(fd, want, bytes, call);
    fclose(f);
  }
  free(want);
}

/* Calls that write the middle half of the array: the rest keeps the
 * kernel's data, the middle the call's, on the host and on the device. */
static void sink_call(const array *x, const char *call) {
  long lo = x->n / 4, k = x->n / 2;
  size_t bytes = (size_t)k * sizeof(float);
  float *src = floats(k, -1, -1), *want = floats(x->n, 2, 0);
  memcpy(want + lo, src, bytes);
  for (int both = 0; both < 2; both++) {
    prepare(x, 2, both);
    int fd = file_of(src, bytes), err = 0;
    long r = 0;
    if (!strcmp(call, "read"))
      r = io_read(fd, x->a + lo, bytes, &err);
    else if (!strcmp(call, "pread"))
      r = io_pread(fd, x->a + lo, bytes, 0, &err);
    else if (!strcmp(call, "readv"))
      r = io_readv(fd, x->a + lo, bytes, &err);
    else if (!strcmp(call, "preadv"))
      r = io_preadv(fd, x->a + lo, bytes, 0, &err);
    else if (!strcmp(call, "fread")) {
      FILE *f = fdopen(dup(fd), "rb");
      CHECK(f);
      r = (long)io_fread(x->a + lo, sizeof(float), (size_t)k, f) * (long)sizeof(float);
      fclose(f);
    } else if (!strcmp(call, "memcpy")) {
      io_memcpy(x->a + lo, src, bytes);
      r = (long)bytes;
    } else {
      CHECK(!"a call test_io knows");
    }
    close(fd);
    if (r != (long)bytes) {
      fprintf(stderr, "%s into the %s array returned %ld (%s), expected %zu\n", call, x->what, r,
              strerror(err), bytes);
      exit(1);
    }
    expect(x, want, call);
  }
  free(src);
  free(want);
}

/* fgets of one long line into the array, fputs of it back out. */
static void lines(const array *x, const char *call) {
  size_t bytes = (size_t)x->n * sizeof(float), len = bytes / 2; /* line with its '\n' */
  char *line = malloc(len + 1);
  CHECK(line);
  memset(line, 'y', len - 1);
  line[len - 1] = '\n';
  line[len] = 0;
  float *want = floats(x->n, 2, 0);
  if (!strcmp(call, "fgets")) {
    char *p = (char *)x->a + bytes / 4;
    memcpy((char *)want + bytes / 4, line, len + 1);
    prepare(x, 2, 0);
    int fd = file_of(line, len);
    FILE *f = fdopen(fd, "r");
    CHECK(f);
    CHECK(io_fgets(p, (int)len + 1, f) == p);
    fclose(f);
    expect(x, want, call);
  } else { /* a string in the array, which a kernel then rewrites as it is */
    memcpy(want, line, len + 1);
    nurt_host_access(x->a, 1);
    memcpy(x->a, want, (size_t)x->n * sizeof *want);
    launch_scale(&mod, 12, x->a, x->n, 1);
    nurt_escape();
    FILE *f = tmpfile();
    CHECK(f);
    CHECK(io_fputs((const char *)x->a, f) >= 0 && fflush(f) == 0);
    check_file(fileno(f), want, len, call);
    fclose(f);
  }
  free(line);
  free(want);
}

/* The other end of a socket: drains n bytes into `buf`, or sends them. */
typedef struct {
  int fd, sending;
  char *buf;
  size_t n;
} peer;

static void *peer_run(void *arg) {
  peer *p = arg;
  for (size_t done = 0; done < p->n;) {
    ssize_t k = p->sending ? send(p->fd, p->buf + done, p->n - done, 0)
                           : recv(p->fd, p->buf + done, p->n - done, 0);
    if (k <= 0)
      abort();
    done += (size_t)k;
  }
  return NULL;
}

/* send, sendto, sendmsg of the whole array; recv, recvfrom, recvmsg into its
 * middle half, with a thread at the other end of a socket pair. */
static void socket_call(const array *x, const char *call) {
  static const char *const names[2][3] = {{"send", "sendto", "sendmsg"},
                                          {"recv", "recvfrom", "recvmsg"}};
  int how = -1, receiving = 0;
  for (int r = 0; r < 2; r++)
    for (int h = 0; h < 3; h++)
      if (!strcmp(call, names[r][h]))
        how = h, receiving = r;
  CHECK(how >= 0);
  long lo = receiving ? x->n / 4 : 0, k = receiving ? x->n / 2 : x->n;
  size_t bytes = (size_t)k * sizeof(float);
  float *want = floats(x->n, 2, 0), *other = floats(k, -1, -1);
  if (receiving)
    memcpy(want + lo, other, bytes);
  else
    memset(other, 0, bytes);
  for (int both = 0; both < 2; both++) {
    prepare(x, 2, both);
    int sv[2], err = 0;
    CHECK(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0);
    peer p = {sv[1], receiving, (char *)other, bytes};
    pthread_t t;
    CHECK(pthread_create(&t, NULL, peer_run, &p) == 0);
    long r = receiving ? io_recv(sv[0], x->a + lo, bytes, how, &err)
                       : io_send(sv[0], x->a, bytes, how, &err);
    if (r != (long)bytes) {
      fprintf(stderr, "%s of the %s array returned %ld (%s), expected %zu\n", call, x->what, r,
              strerror(err), bytes);
      exit(1);
    }
    pthread_join(t, NULL);
    close(sv[0]);
    close(sv[1]);
    if (receiving)
      expect(x, want, call);
    else if (memcmp(other, want, bytes) != 0) {
      fprintf(stderr, "%s: the peer did not get the kernel's data\n", call);
      exit(1);
    }
  }
  free(want);
  free(other);
}

/* memcpy out of the array, memmove inside it, memset of its middle, qsort. */
static void user_call(const array *x, const char *call) {
  long n = x->n, lo = n / 4;
  float *want = floats(n, 2, 0);
  if (!strcmp(call, "memcpy")) {
    sink_call(x, call); /* into the array */
    prepare(x, 2, 0);   /* and out of it */
    float *out = floats(n, 0, 0);
    io_memcpy(out, x->a, (size_t)n * sizeof *out);
    CHECK(memcmp(out, want, (size_t)n * sizeof *out) == 0);
    free(out);
  } else if (!strcmp(call, "memmove")) {
    prepare(x, 2, 0);
    memmove(want + lo, want, (size_t)(n / 2) * sizeof *want);
    io_memmove(x->a + lo, x->a, (size_t)(n / 2) * sizeof *want);
    expect(x, want, call);
  } else if (!strcmp(call, "memset")) {
    prepare(x, 2, 0);
    memset(want + lo, 0, (size_t)(n / 2) * sizeof *want);
    io_memset(x->a + lo, 0, (size_t)(n / 2) * sizeof *want);
    expect(x, want, call);
  } else if (!strcmp(call, "qsort")) {
    prepare(x, -2, 0); /* descending */
    for (long i = 0; i < n; i++)
      want[i] = -2.0f * (float)(n - 1 - i);
    io_qsort_floats(x->a, (size_t)n);
    expect(x, want, call);
  } else {
    CHECK(!"a call test_io knows");
  }
  free(want);
}

/* The calls _FORTIFY_SOURCE makes of read, pread, recv, recvfrom, fread and
 * fread_unlocked (__read_chk, ...), into the middle half of the global array
 * (whose size they know). */
static void fortified(const array *x, const char *call) {
  static const char *const names[] = {"read_chk",     "pread64_chk", "recv_chk",
                                      "recvfrom_chk", "fread_chk",   "fread_unlocked_chk"};
  int how = 0;
  while (strcmp(names[how], call) != 0)
    how++;
  if (x->a != io_global)
    return;
  long lo = x->n / 4, k = x->n / 2;
  size_t bytes = (size_t)k * sizeof(float);
  float *src = floats(k, -1, -1), *want = floats(x->n, 2, 0);
  memcpy(want + lo, src, bytes);
  prepare(x, 2, 0);
  long r;
  if (how == 2 || how == 3) {
    int sv[2];
    CHECK(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0);
    peer p = {sv[1], 1, (char *)src, bytes};
    pthread_t t;
    CHECK(pthread_create(&t, NULL, peer_run, &p) == 0);
    r = fortified_read(how, sv[0], NULL, bytes);
    if (r == (long)bytes) /* else the peer waits for ever: fail below, now */
      pthread_join(t, NULL);
    close(sv[0]);
    close(sv[1]);
  } else {
    int fd = file_of(src, bytes);
    FILE *f = fdopen(fd, "rb");
    CHECK(f);
    r = fortified_read(how, fd, f, bytes);
    fclose(f);
  }
  if (r != (long)bytes) {
    fprintf(stderr, "%s into the global array returned %ld (%s), expected %zu\n", call, r,
            strerror(errno), bytes);
    exit(1);
  }
  expect(x, want, call);
  free(src);
  free(want);
}

static const struct {
  const char *family, *call;
  void (*run)(const array *, const char *);
} calls[] = {
    {"posix", "write", source_call},     {"posix", "read", sink_call},
    {"posix", "pwrite", source_call},    {"posix", "pread", sink_call},
    {"posix", "writev", source_call},    {"posix", "readv", sink_call},
    {"posix", "pwritev", source_call},   {"posix", "preadv", sink_call},
    {"stdio", "fwrite", source_call},    {"stdio", "fread", sink_call},
    {"stdio", "fgets", lines},           {"stdio", "fputs", lines},
    {"socket", "send", socket_call},     {"socket", "recv", socket_call},
    {"socket", "sendto", socket_call},   {"socket", "recvfrom", socket_call},
    {"socket", "sendmsg", socket_call},  {"socket", "recvmsg", socket_call},
    {"user", "memcpy", user_call},       {"user", "memmove", user_call},
    {"user", "memset", user_call},       {"user", "qsort", user_call},
    {"fortify", "read_chk", fortified},  {"fortify", "pread64_chk", fortified},
    {"fortify", "recv_chk", fortified},  {"fortify", "recvfrom_chk", fortified},
    {"fortify", "fread_chk", fortified}, {"fortify", "fread_unlocked_chk", fortified},
};

int main(int argc, char **argv) {
  float *heap = numbers(N);
  array arrays[2] = {{io_global, M, lazy_on(), "global"}, {heap, N, heap_lazy(heap), "malloc'ed"}};
  int ran = 0;
  for (size_t i = 0; argc > 1 && i < sizeof calls / sizeof *calls; i++) {
    if (strcmp(argv[1], calls[i].family) != 0 && strcmp(argv[1], calls[i].call) != 0)
      continue;
    for (int k = 0; k < 2; k++)
      calls[i].run(&arrays[k], calls[i].call);
    printf("test_io %s: ok\n", calls[i].call);
    ran++;
  }
  nurt_free(heap);
  if (!ran) {
    fprintf(stderr, "usage: test_io posix|stdio|socket|user|fortify|CALL\n");
    return 2;
  }
  return 0;
}
