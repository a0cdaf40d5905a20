/* nu_lerp.h — a plain C99 inline helper of tests/run/helper_header.c, found
 * through -I; helper_header.c's own declaration makes it hold the external
 * definition.  It calls a static of its header. */
#ifndef NU_LERP_H
#define NU_LERP_H

static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

inline double lerp(double a, double b, int step, int steps) {
  return a + (b - a) * (double)clampi(step, 0, steps) / (double)steps;
}

#endif
