/* nbody.c — one step of an all-pairs gravitational N-body simulation (float).
 * First nest: each body sums the softened accelerations from all bodies and
 * updates its velocity; second nest: positions move with the new velocities.
 * Both loops carry `#pragma nu work(256)`: one work-item per body.
 * Usage: nbody [n]          (default n = 65536 bodies) */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

/* A tiny LCG: the same bodies on every machine.  Returns a float in [0, 1). */
static float rnd(unsigned *s) {
  *s = *s * 1664525u + 1013904223u;
  return (float)(*s >> 8) / 16777216.0f;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 65536;
  if (n < 1) {
    fprintf(stderr, "usage: nbody [n >= 1]\n");
    return 2;
  }
  size_t bytes = (size_t)n * sizeof(float);
  float *x = malloc(bytes), *y = malloc(bytes), *z = malloc(bytes);
  float *vx = malloc(bytes), *vy = malloc(bytes), *vz = malloc(bytes);
  float *m = malloc(bytes);
  if (!x || !y || !z || !vx || !vy || !vz || !m) {
    fprintf(stderr, "nbody: out of memory\n");
    return 1;
  }
  unsigned seed = 12345u;
  for (int i = 0; i < n; i++) {
    x[i] = rnd(&seed), y[i] = rnd(&seed), z[i] = rnd(&seed);
    vx[i] = rnd(&seed) - 0.5f, vy[i] = rnd(&seed) - 0.5f, vz[i] = rnd(&seed) - 0.5f;
    m[i] = (0.5f + rnd(&seed)) / (float)n;
  }
  const float dt = 0.01f, eps2 = 0.01f;
  printf("nbody n=%d dt=%g eps2=%g\n", n, dt, eps2);

  double t0 = now_ms();
#pragma nu work(256)
  for (int i = 0; i < n; i++) {
    float ax = 0.0f, ay = 0.0f, az = 0.0f;
    for (int j = 0; j < n; j++) {
      float dx = x[j] - x[i], dy = y[j] - y[i], dz = z[j] - z[i];
      float inv = 1.0f / sqrtf(dx * dx + dy * dy + dz * dz + eps2);
      float s = m[j] * inv * inv * inv;
      ax += s * dx;
      ay += s * dy;
      az += s * dz;
    }
    vx[i] += dt * ax;
    vy[i] += dt * ay;
    vz[i] += dt * az;
  }
#pragma nu work(256)
  for (int i = 0; i < n; i++) {
    x[i] += dt * vx[i];
    y[i] += dt * vy[i];
    z[i] += dt * vz[i];
  }
#pragma nu wait
  double t1 = now_ms();

  /* Kinetic energy and the centre of mass: sums of well-conditioned terms. */
  double ke = 0.0, mass = 0.0, cx = 0.0, cy = 0.0, cz = 0.0;
  for (int i = 0; i < n; i++) {
    double v2 = (double)vx[i] * vx[i] + (double)vy[i] * vy[i] + (double)vz[i] * vz[i];
    ke += 0.5 * m[i] * v2;
    mass += m[i], cx += m[i] * x[i], cy += m[i] * y[i], cz += m[i] * z[i];
  }
  printf("kinetic energy %.6e\n", ke);
  printf("centre of mass %.6f %.6f %.6f\n", cx / mass, cy / mass, cz / mass);
  printf("body[0] %.6f %.6f %.6f\n", x[0], y[0], z[0]);
  printf("body[n-1] %.6f %.6f %.6f\n", x[n - 1], y[n - 1], z[n - 1]);
  printf("kernel time: %.3f ms (%.2f G interactions/s)\n", t1 - t0,
         (double)n * n / ((t1 - t0) * 1e6 + 1e-9));
  free(x), free(y), free(z), free(vx), free(vy), free(vz), free(m);
  return 0;
}
