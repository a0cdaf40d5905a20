/* lazy_other.h — what lazy_other.c, a file compiled by cc alone (no nucc, no
 * nurt calls), offers test_lazy.c: reads, writes, free, realloc and threads on
 * arrays a kernel may have written, as a library would do them. */
#ifndef LAZY_OTHER_H
#define LAZY_OTHER_H

#include <stddef.h>

double other_sum(const float *a, long lo, long hi); /* a[lo] + ... + a[hi - 1] */
void other_scale(float *a, long lo, long hi, float s);
float other_get(const float *a, long i);
void other_set(float *a, long i, float v);
void other_free(void *p);
void *other_realloc(void *p, size_t bytes);
size_t other_usable_size(void *p); /* malloc_usable_size: reads the header */
/* write(2) and read(2) of n bytes at p: what they return, and errno */
long other_write(int fd, const void *p, size_t n, int *err);
long other_read(int fd, void *p, size_t n, int *err);
/* other_sum of [lo, hi) split over `threads` threads that start together. */
double other_sum_threads(const float *a, long lo, long hi, int threads);

#endif
