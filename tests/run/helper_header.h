/* helper_header.h — helpers of tests/run/helper_header.c, found next to it
 * with "": a static one and a static inline one that calls it. */
#ifndef HELPER_HEADER_H
#define HELPER_HEADER_H

static double sq(double x) { return x * x; }

static inline void zero3(double *v) {
  v[0] = 0.0;
  v[1] = 0.0;
  v[2] = sq(0.0);
}

static inline double norm2(double x, double y, double z) { return sq(x) + sq(y) + sq(z); }

#endif
