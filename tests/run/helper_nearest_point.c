/* helper_nearest_point.c — Rodinia kmeans' find_nearest_point: the kernel
 * hands a helper the address of a point's row (&feature[i][0]) and the
 * whole cluster table, and the helper loops over them with bounds from its
 * parameters (pt[j], clusters[i * nfeatures + j]).  First with fixed-size
 * arrays and constant sizes (the program of the issue), then with malloc'd
 * flat arrays and sizes read at run time, whose copy ranges nucc infers
 * through the helper's loops; then a helper whose subscripts and bound go
 * through locals it sets once. */
#include <float.h>
#include <stdio.h>
#include <stdlib.h>

static int find_nearest_point(float *pt, int nfeatures, float *clusters, int nclusters) {
  int index = 0, i, j;
  float min_dist = FLT_MAX;
  for (i = 0; i < nclusters; i++) {
    float dist = 0.0f;
    for (j = 0; j < nfeatures; j++) {
      float d = pt[j] - clusters[i * nfeatures + j];
      dist += d * d;
    }
    if (dist < min_dist) {
      min_dist = dist;
      index = i;
    }
  }
  return index;
}

/* two features a step, through locals set once (which stand for their
 * initializers in the helper's subscripts and bounds) */
static float dot_pairs(const float *a, const float *b, int n) {
  int half = n / 2;
  float s = 0;
  for (int k = 0; k < half; k++) {
    int at = 2 * k;
    s += a[at] * b[at] + a[at + 1] * b[at + 1];
  }
  return s;
}

#define NP 1000
#define NF 8
#define NC 5
float feature[NP][NF];
float clusters[NC * NF];
int membership[NP];

int main(int argc, char **argv) {
  int i, j;
  for (i = 0; i < NP; i++)
    for (j = 0; j < NF; j++)
      feature[i][j] = (float)((i * 7 + j * 13) % 97);
  for (i = 0; i < NC * NF; i++)
    clusters[i] = (float)((i * 31) % 89);
#pragma nu work(64)
  for (i = 0; i < NP; i++)
    membership[i] = find_nearest_point(&feature[i][0], NF, clusters, NC);
  long s = 0;
  for (i = 0; i < NP; i++)
    s += membership[i] * (i % 7 + 1);
  printf("%ld\n", s);

  /* run-time sizes: a point is row i of a flat array */
  int np = argc > 1 ? atoi(argv[1]) : 777, nf = argc > 2 ? atoi(argv[2]) : 5,
      nc = argc > 3 ? atoi(argv[3]) : 7;
  float *feat = malloc(sizeof(float) * (size_t)(np * nf));
  float *clus = malloc(sizeof(float) * (size_t)(nc * nf));
  int *memb = malloc(sizeof(int) * (size_t)np);
  for (i = 0; i < np * nf; i++)
    feat[i] = (float)((i * 17) % 101) * 0.5f;
  for (i = 0; i < nc * nf; i++)
    clus[i] = (float)((i * 29) % 83) * 0.5f;
#pragma nu work(32)
  for (i = 0; i < np; i++)
    memb[i] = find_nearest_point(&feat[i * nf], nf, clus, nc);
  s = 0;
  for (i = 0; i < np; i++)
    s += memb[i] * (i % 5 + 1);
  printf("%ld %d %d\n", s, memb[0], memb[np - 1]);
  float *proj = malloc(sizeof(float) * (size_t)np);
#pragma nu work(32)
  for (i = 0; i < np; i++)
    proj[i] = dot_pairs(&feat[i * nf], clus, nf);
  double t = 0;
  for (i = 0; i < np; i++)
    t += proj[i] * (float)(i % 3 + 1);
  printf("%.2f\n", t);
  free(proj);
  free(feat);
  free(clus);
  free(memb);
  return 0;
}
