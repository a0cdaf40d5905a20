/* omp_private_scalars.c — OpenMP's private(...) scalars, declared at
 * function scope as OpenMP code declares them, with `omp parallel for`
 * swapped for `work`: an inner loop's index declared in the body
 * (`int j; for (j = 0; ...)`, which once produced OpenCL that redefined
 * 'j'), indices and accumulators declared at function scope, and a
 * private whose last value the program reads after the loop. */
#include <stdio.h>
#include <stdlib.h>

#define NPTS 300
#define NFEAT 5
#define NCLUST 4

/* kmeans' membership: private(i, j, k, index, dist, min_dist) */
static int assign(float *feat, float *clust, int *member, int npts, int nfeat, int nclust) {
  int i, j, k, index;
  float dist, min_dist;
#pragma nu work(64)
  for (i = 0; i < npts; i++) {
    index = 0;
    min_dist = 3.0e38f;
    for (k = 0; k < nclust; k++) {
      dist = 0;
      for (j = 0; j < nfeat; j++) {
        float d = feat[i * nfeat + j] - clust[k * nfeat + j];
        dist += d * d;
      }
      if (dist < min_dist) {
        min_dist = dist;
        index = k;
      }
    }
    member[i] = index;
  }
  return index; /* the last point's cluster, as the sequential loop leaves it */
}

/* row sums with the inner index declared in the body */
static void row_sums(const double *a, double *s, int n, int m) {
  int i;
  double t;
#pragma nu work(8)
  for (i = 0; i < n; i++) {
    int j;
    t = 0;
    for (j = 0; j < m; j++)
      t += a[i * m + j];
    s[i] = t;
  }
}

/* two inner loops in the body share an index declared there */
static void two_loops(const double *a, double *lo, double *hi, int n, int m) {
#pragma nu work(16)
  for (int i = 0; i < n; i++) {
    int j;
    double mn = a[i * m], mx = a[i * m];
    for (j = 1; j < m; j++)
      mn = a[i * m + j] < mn ? a[i * m + j] : mn;
    for (j = 1; j < m; j++)
      mx = a[i * m + j] > mx ? a[i * m + j] : mx;
    lo[i] = mn;
    hi[i] = mx;
  }
}

/* OpenMP's private(t) as a clause: t is written on one path only */
static void halve_big(double *a, int n) {
  int i;
  double t;
#pragma nu work(32) private(t)
  for (i = 0; i < n; i++) {
    if (a[i] > 0) {
      t = a[i] / 2;
      a[i] = t;
    }
  }
}

int main(void) {
  float *feat = malloc(sizeof(float) * NPTS * NFEAT);
  float *clust = malloc(sizeof(float) * NCLUST * NFEAT);
  int *member = malloc(sizeof(int) * NPTS);
  for (int i = 0; i < NPTS * NFEAT; i++)
    feat[i] = (float)((i * 37) % 101) / 10.0f;
  for (int i = 0; i < NCLUST * NFEAT; i++)
    clust[i] = (float)((i * 53) % 97) / 10.0f;
  int last = assign(feat, clust, member, NPTS, NFEAT, NCLUST);
  int count[NCLUST] = {0};
  for (int i = 0; i < NPTS; i++)
    count[member[i]]++;
  printf("last %d counts", last);
  for (int k = 0; k < NCLUST; k++)
    printf(" %d", count[k]);
  printf("\n");

  int n = 37, m = 11;
  double *a = malloc(sizeof(double) * n * m), *s = malloc(sizeof(double) * n);
  double *lo = malloc(sizeof(double) * n), *hi = malloc(sizeof(double) * n);
  for (int i = 0; i < n * m; i++)
    a[i] = ((i * 29) % 23) - 11.5;
  halve_big(a, n * m);
  row_sums(a, s, n, m);
  two_loops(a, lo, hi, n, m);
  double sum = 0;
  for (int i = 0; i < n; i++)
    sum += s[i] * (i + 1) + lo[i] - 2 * hi[i];
  printf("rows %.2f s[0] %.2f lo[3] %.2f hi[n-1] %.2f\n", sum, s[0], lo[3], hi[n - 1]);
  free(feat);
  free(clust);
  free(member);
  free(a);
  free(s);
  free(lo);
  free(hi);
  return 0;
}
