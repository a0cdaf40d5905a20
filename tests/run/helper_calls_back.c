// nucc-flags: --openmp
// nucc-with: units/pick_back.c
// nucc-kernels: 1
/* A helper of another file (--with) that calls back into this one: pick()
 * in units/pick_back.c draws with draw(), defined here.  nucc looked for
 * draw()'s body only in the other files, and the loop stayed on the host
 * ("finds no body for it"), as RSBench's lookups did with pick_mat and
 * LCG_random_double. */
#include <stdio.h>

int pick(unsigned long long *seed);

double draw(unsigned long long *seed) {
  *seed = 2806196910506780709ULL * *seed + 1ULL;
  return (double)(*seed >> 11) * (1.0 / 9007199254740992.0);
}

int main(void) {
  enum { N = 2000 };
  static int mat[N];
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    unsigned long long seed = 977ULL * (unsigned long long)i + 5ULL;
    mat[i] = pick(&seed) + pick(&seed);
  }
  long counts[16] = {0};
  for (int i = 0; i < N; i++)
    counts[mat[i] & 15]++;
  for (int k = 0; k < 10; k++)
    printf("%ld ", counts[k]);
  printf("\n");
  return 0;
}
