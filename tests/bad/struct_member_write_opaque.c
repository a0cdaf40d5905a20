// expect: 12:3: error: 'd.hist[b]' in 'bin': nucc cannot tell which elements of 'd.hist' a helper writes unless it indexes it with expressions of its own scalar parameters and loop indices
/* A helper that writes through a struct's pointer member at a position it
 * computes stays refused: work-items could write the same element. */
typedef struct {
  int *hist;
  double *x;
  int nbins;
} Data;

static void bin(int i, Data d) {
  int b = (int)(d.x[i] * d.nbins);
  d.hist[b] += 1;
}

void run(int n, Data d) {
#pragma nu work(64)
  for (int i = 0; i < n; i++)
    bin(i, d);
}
