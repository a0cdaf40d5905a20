/* many_names.c — past the frontend's former fixed capacities: a declaration
 * of 12 variables inside a kernel (the 9th and later were dropped, and then
 * read an outer variable of the same name), and kernel helpers of 8, 9 and
 * 12 parameters (the body, the cursor child after the parameters, was not
 * found past the 8th child: nucc crashed). */
#include <stdio.h>
#include <stdlib.h>

static float sum8(float a, float b, float c, float d, float e, float f, float g, float h) {
  return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * g + 8 * h;
}

static float sum9(float a, float b, float c, float d, float e, float f, float g, float h, float i) {
  return sum8(a, b, c, d, e, f, g, h) - 9 * i;
}

static int mix12(int a, int b, int c, int d, int e, int f, int g, int h, int i, int j, int k,
                 int l) {
  return a ^ (b << 1) ^ (c << 2) ^ (d << 3) ^ (e << 4) ^ (f << 5) ^ (g << 6) ^ (h << 7) ^ (i << 8) ^
         (j << 9) ^ (k << 10) ^ (l << 11);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  float *x = malloc((size_t)n * sizeof *x), *y = malloc((size_t)n * sizeof *y);
  int *z = malloc((size_t)n * sizeof *z);
  /* Outer variables named as the kernel's 9th to 12th: a kernel that lost
   * its own declarations would read these instead. */
  float v9 = 1000, v10 = 2000, v11 = 3000, v12 = 4000;
  for (int i = 0; i < n; i++)
    x[i] = (float)(i % 97) * 0.25f;

#pragma nu work(64)
  for (int i = 0; i < n; i++) {
    float v1 = x[i], v2 = v1 + 1, v3 = v2 + 1, v4 = v3 + 1, v5 = v4 + 1, v6 = v5 + 1, v7 = v6 + 1,
          v8 = v7 + 1, v9 = v8 + 1, v10 = v9 + 1, v11 = v10 + 1, v12 = v11 + 1;
    y[i] = v9 + v10 + v11 + v12 + sum9(v1, v2, v3, v4, v5, v6, v7, v8, v9);
    z[i] = mix12(i, i + 1, i + 2, i + 3, i + 4, i + 5, i + 6, i + 7, i + 8, i + 9, i + 10, i + 11);
  }

  double sy = 0;
  long sz = 0;
  for (int i = 0; i < n; i++) {
    sy += y[i];
    sz += z[i];
  }
  printf("sum y %.6e  sum z %ld  outer %g\n", sy, sz, (double)(v9 + v10 + v11 + v12));
  printf("y[0] %.6e  y[n-1] %.6e  z[n-1] %d\n", (double)y[0], (double)y[n - 1], z[n - 1]);
  free(x);
  free(y);
  free(z);
  return 0;
}
