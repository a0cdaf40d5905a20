// expect: 15:7: error: possible dependence on 'y' between work-items: cannot prove that different work-items write different elements through 'y[s0 + j]'
/* A pointer declared before the loop and assigned in its body at an offset
 * read from memory (issue 24, lavaMD's pattern): followed into y, whose
 * writes the dependence test cannot decide; `independent` is the user's. */
#define N 40
#define M 12
void f(double *y, const double *x, const int *start) {
  double *q;
  int s0;
#pragma nu work(8)
  for (int i = 0; i < N; i++) {
    s0 = start[i];
    q = y + s0;
    for (int j = 0; j < M; j++)
      q[j] = x[s0 + j] * 2;
  }
}
