// nucc-flags: --openmp
// nucc-with: units/xs_helpers.c
// nucc-kernels: 2
/* helper_other_unit.c — OpenMP loops calling functions of another file of
 * the program (issue 24 §2): a random-number generator on a local seed, a
 * material picker, and a lookup into a table, all in units/xs_helpers.c,
 * which nucc reads with --with.  Both loops become kernels with copies of
 * the helpers; the host calls the separately compiled functions, and the
 * results match cc's build of the two files. */
#include <stdio.h>
#include <stdlib.h>

double lcg_random(unsigned long long *seed);
int pick_mat(double r);
double lookup(const double *table, int k, double f);
long host_calls(void);

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1003;
  int ngrid = 64;
  double *grid = malloc((size_t)(ngrid + 1) * sizeof *grid);
  double *xs = malloc((size_t)n * sizeof *xs);
  int *mat = malloc((size_t)n * sizeof *mat);
  for (int g = 0; g <= ngrid; g++)
    grid[g] = 1.0 + 0.25 * g + 0.01 * (g % 5);

#pragma omp parallel for
#pragma nu size(grid : ngrid + 1)
  for (int i = 0; i < n; i++) {
    unsigned long long seed = 12345ULL + (unsigned long long)i * 977ULL;
    double r = lcg_random(&seed);
    double e = lcg_random(&seed);
    mat[i] = pick_mat(r);
    int k = (int)(e * ngrid);
    xs[i] = lookup(grid, k < ngrid ? k : ngrid - 1, e * ngrid - k);
  }

  double sum = 0.0;
#pragma omp parallel for reduction(+ : sum)
  for (int i = 0; i < n; i++)
    sum += xs[i] * (mat[i] + 1);

  int count[12] = {0};
  for (int i = 0; i < n; i++)
    count[mat[i] < 12 ? mat[i] : 11]++;
  unsigned long long s = 7;
  printf("host: %.6f %d %ld\n", lcg_random(&s), pick_mat(0.5), host_calls());
  printf("xs[0]=%.6f xs[%d]=%.6f sum=%.6f\n", xs[0], n - 1, xs[n - 1], sum);
  for (int m = 0; m < 8; m++)
    printf("mat %d: %d\n", m, count[m]);
  free(grid);
  free(xs);
  free(mat);
  return 0;
}
