/* lazy_other.c — a translation unit compiled by cc alone: it knows nothing of
 * nurt.  test_lazy.c hands it arrays a kernel wrote (after nurt_escape(), as
 * generated code does before such calls) to prove that page protection
 * catches every access here: reads, writes, malloc's own bookkeeping. */
#define _GNU_SOURCE /* pthread barriers in -std=c11 */
#include "lazy_other.h"

#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

double other_sum(const float *a, long lo, long hi) {
  double s = 0;
  for (long i = lo; i < hi; i++)
    s += a[i];
  return s;
}

void other_scale(float *a, long lo, long hi, float s) {
  for (long i = lo; i < hi; i++)
    a[i] *= s;
}

float other_get(const float *a, long i) { return ((const volatile float *)a)[i]; }

void other_set(float *a, long i, float v) { ((volatile float *)a)[i] = v; }

void other_free(void *p) { free(p); }

void *other_realloc(void *p, size_t bytes) { return realloc(p, bytes); }

size_t other_usable_size(void *p) { return malloc_usable_size(p); }

long other_write(int fd, const void *p, size_t n, int *err) {
  long r = (long)write(fd, p, n);
  *err = r < 0 ? errno : 0;
  return r;
}

long other_read(int fd, void *p, size_t n, int *err) {
  long r = (long)read(fd, p, n);
  *err = r < 0 ? errno : 0;
  return r;
}

typedef struct {
  const float *a;
  long lo, hi;
  double sum;
  pthread_barrier_t *start;
} part;

static void *sum_part(void *arg) {
  part *p = arg;
  pthread_barrier_wait(p->start);
  p->sum = other_sum(p->a, p->lo, p->hi);
  return NULL;
}

double other_sum_threads(const float *a, long lo, long hi, int threads) {
  enum { MAX = 16 };
  pthread_t t[MAX];
  part parts[MAX];
  pthread_barrier_t start;
  if (threads > MAX)
    threads = MAX;
  pthread_barrier_init(&start, NULL, (unsigned)threads);
  long chunk = (hi - lo + threads - 1) / threads;
  for (int i = 0; i < threads; i++) {
    long b = lo + i * chunk, e = b + chunk < hi ? b + chunk : hi;
    parts[i] = (part){a, b, e, 0, &start};
    if (pthread_create(&t[i], NULL, sum_part, &parts[i]) != 0)
      abort();
  }
  double s = 0;
  for (int i = 0; i < threads; i++) {
    pthread_join(t[i], NULL);
    s += parts[i].sum;
  }
  pthread_barrier_destroy(&start);
  return s;
}
