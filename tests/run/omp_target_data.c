// nucc-flags: --openmp -Werror=nucc-omp-ignored -Werror=nucc-omp-map
// nucc-kernels: 3
/* omp_target_data.c — OpenMP's offload data directives under --openmp:
 * `target data` around a time loop (dropped: its loops are kernels),
 * `target update from(b[0:n])` before host code that reads b inside the
 * region (made a sync where it stands: lazy sync would bring b back there
 * anyway), the host writing a and `target update to(a[0:n])` (a hint: the
 * next launch uploads it), `target enter data` / `target exit data` (hints),
 * the split form `target` + `teams distribute parallel for`, `target teams
 * loop`, and `map(present, to: ...)` on an array a map before it mapped (no
 * warning).  -Werror: none may be skipped or contradicted. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 1000;
  double *a = malloc(sizeof(double) * n), *b = malloc(sizeof(double) * n);
  double *c = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++) {
    a[i] = (i % 17) * 0.5;
    b[i] = 0;
    c[i] = i % 3;
  }
  double seen = 0;
#pragma omp target data map(to : a [0:n]) map(tofrom : b [0:n])
  {
    for (int t = 0; t < 4; t++) {
#pragma omp target teams distribute parallel for map(present, to : a [0:n])
      for (int i = 0; i < n; i++)
        b[i] = b[i] * 0.5 + a[i];
#pragma omp target update from(b [0:n])
      seen += b[t * 7] + b[n - 1 - t];
      a[t] += 1; /* the host's write: the next launch uploads a */
#pragma omp target update to(a [0:n])
    }
  }

#pragma omp target enter data map(to : c [0:n])
#pragma omp target
  {
#pragma omp teams distribute parallel for
    for (int i = 0; i < n; i++)
      c[i] = c[i] * 2 + b[i];
  }
#pragma omp target teams loop map(present, tofrom : c [0:n])
  for (int i = 0; i < n; i++)
    c[i] += 1;
#pragma omp target exit data map(from : c [0:n])

  double s = seen;
  for (int i = 0; i < n; i++)
    s += (b[i] + c[i]) * (i % 5 + 1);
  printf("%.6f\n", s);
  free(a);
  free(b);
  free(c);
  return 0;
}
