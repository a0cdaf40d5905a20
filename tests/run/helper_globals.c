// nucc-flags: --openmp
// nucc-kernels: 4
/* File-scope data that a kernel's helper reads or writes (issue 24 §5),
 * as public OpenMP programs keep their tables and parameters: the arrays
 * become buffers of the kernel (synced lazily, as any array), the scalars
 * kernel arguments, and both travel to the helper's OpenCL copy as extra
 * parameters, through a helper that calls another.  Once refused: "function
 * 'f' called from a kernel uses variables declared outside it". */
#include <stdio.h>

#define N 300
#define R 8
#define C 16

static const double weights[5] = {0.5, -1.0, 2.0, 0.25, 3.0};
static float grid[R][C];
static double out2[N][2];
static int lut[64];
static double scale = 1.5;
static int offset;

static void init_tables(void) {
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++)
      grid[r][c] = (float)((r * 3 + c) % 11);
  for (int k = 0; k < 64; k++)
    lut[k] = (k * 37) % 17;
}

static double weight(int i) { return weights[i % 5] * scale; }

/* a row of grid, whose elements the helper's loop reaches */
static double row_sum(int r) {
  double s = 0;
  for (int c = 0; c < C; c++)
    s += grid[r][c];
  return s;
}

/* one helper calling another: both need weights and scale */
static double blend(int i) { return weight(i) + row_sum(i % R) + offset; }

/* an index computed in the helper: read-only table, any element */
static int lookup(double x) {
  int k = (int)(x * 7.0) & 63;
  return lut[k];
}

/* writes of a file-scope array, one row per iteration */
static void store(int i, double v) {
  out2[i][0] = v;
  out2[i][1] = -v;
}

int main(void) {
  static double a[N], b[N];
  init_tables();
  for (int step = 0; step < 2; step++) {
#pragma omp parallel for
    for (int i = 0; i < N; i++)
      a[i] = blend(i) * (step + 1);
#pragma nu work(64)
    for (int i = 0; i < N; i++)
      b[i] = lookup(a[i] * 0.01 + i) + weight(i);
#pragma omp parallel for
    for (int i = 0; i < N; i++)
      store(i, a[i] - b[i]);
    /* the host changes the data between the launches */
    grid[step][3] += 10;
    lut[5] = 100 + step;
    scale = 0.75;
    offset = step + 1;
  }
  double s = 0;
#pragma nu work(32)
  for (int i = 0; i < N; i++)
    b[i] = row_sum(i % R) * weights[i % 5];
  for (int i = 0; i < N; i++)
    s += a[i] * (i % 7) + b[i] * (i % 3) + out2[i][0] - 2 * out2[i][1];
  printf("%.4f\n", s);
  return 0;
}
