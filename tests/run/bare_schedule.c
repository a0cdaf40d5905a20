/* bare_schedule.c — chains that a bare `work` takes from isl's schedule,
 * run both ways.  A sum over a batch of three leading dimensions into an
 * image (only the two innermost loops are parallel: isl's band brings
 * them out, permut(4,5,1,2,3), past the four loops nucc's own search
 * permutes); a copy written column by column (isl keeps the order, nucc
 * reorders its parallel members so that the contiguous index is NDRange
 * dimension 0); a statement and a loop nest that isl schedules apart from
 * a third (covariance's mean, fused back at the outer loop); a loop that
 * counts down (isl sees its index negated); a triangular nest, of which
 * nucc maps one of isl's two parallel loops; a scatter through an index
 * array, which isl takes as parallel because of `independent`; a helper
 * that writes the row it is handed. */
#include <stdio.h>

#define N 23
#define B 3

static float img[N][N], frames[B][B][B][N][N];
static float a[N][N], b[N][N];
static double mean[N], data[N][N], sd[N][N];
static float r[N], w[N], t[N][N], sc[N];
static int idx[N];

static void shift_row(float *row, int m, const float *x) {
  for (int j = 0; j < m; j++)
    row[j] = row[j] * 0.5f + x[j];
}

static double checkf(float (*p)[N]) {
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += (double)p[i][j] * (double)(i % 7 + 3 * (j % 4) + 1);
  return s;
}

int main(void) {
  int n = N, nb = B;
  for (int s = 0; s < B; s++)
    for (int u = 0; u < B; u++)
      for (int c = 0; c < B; c++)
        for (int y = 0; y < N; y++)
          for (int x = 0; x < N; x++)
            frames[s][u][c][y][x] = (float)((s * 5 + u * 3 + c + y * 7 + x) % 17) * 0.125f;
  for (int i = 0; i < N; i++) {
    r[i] = (float)(i % 9) - 2.0f;
    for (int j = 0; j < N; j++) {
      b[i][j] = (float)((i * 3 + j) % 10) * 0.1f;
      data[i][j] = (double)((i * 5 + j * 2) % 13) / 13.0;
      t[i][j] = (float)((i + 2 * j) % 7);
    }
  }

#pragma nu work
  for (int s = 0; s < nb; s++)
    for (int u = 0; u < nb; u++)
      for (int c = 0; c < nb; c++)
        for (int y = 0; y < n; y++)
          for (int x = 0; x < n; x++)
            img[y][x] = img[y][x] + frames[s][u][c][y][x];

#pragma nu work
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      a[i][j] = b[i][j] * 2.0f + (float)j;

#pragma nu work
  for (int j = 0; j < n; j++) {
    mean[j] = 0.0;
    for (int i = 0; i < n; i++)
      mean[j] += data[i][j];
    for (int i = 0; i < n; i++)
      sd[i][j] = data[i][j] - mean[j] / n;
  }

#pragma nu work
  for (int i = n - 1; i >= 0; i--)
    w[i] = r[i] * 3.0f + 1.0f;

#pragma nu work
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++)
      t[i][j] = t[i][j] * 0.5f + t[j][i];

  for (int i = 0; i < N; i++)
    idx[i] = i * 7 % N;
#pragma nu work independent
  for (int i = 0; i < n; i++)
    sc[idx[i]] = r[i] * 2.0f;

#pragma nu work
  for (int i = 0; i < n; i++)
    shift_row(&b[i][0], N, r);

  printf("batch sum %.9e\n", checkf(img));
  printf("column copy %.9e\n", checkf(a));
  double s = 0, m = 0;
  for (int i = 0; i < N; i++) {
    m += mean[i] * (i % 5 + 1);
    for (int j = 0; j < N; j++)
      s += sd[i][j] * (double)(i % 3 + j % 4 + 1);
  }
  printf("mean %.9e deviations %.9e\n", m, s);
  double v = 0;
  for (int i = 0; i < N; i++)
    v += w[i] * (i % 4 + 1);
  printf("down %.9e triangle %.9e\n", v, checkf(t));
  double q = 0;
  for (int i = 0; i < N; i++)
    q += sc[i] * (i % 6 + 1);
  printf("scatter %.9e helper %.9e\n", q, checkf(b));
  return 0;
}
