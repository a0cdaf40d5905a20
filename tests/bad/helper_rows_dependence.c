// expect: 17:5: error: dependence on 'b': different work-items write the same element through 'b[0][j][i]'
// expect-note: iteration k = 0, copy's j = 0, copy's i = 0 writes b[0][0][0], iteration k = 1, copy's j = 0, copy's i = 0 writes it too
/* A helper whose parameters point to rows (double dst[][NX]) handed blocks
 * of 3-D arrays: dst[j][i] is b[0][j][i] at the call, so every work-item
 * writes the same block, a proven dependence shown with its pair. */
#define NY 12
#define NX 16
static double a[10][NY][NX], b[10][NY][NX];
static void copy(double src[][NX], double dst[][NX]) {
  for (int j = 0; j < NY; j++)
    for (int i = 0; i < NX; i++)
      dst[j][i] = src[j][i];
}
void f(int nz) {
#pragma nu work(64)
  for (int k = 0; k < nz; k++)
    copy(a[k], b[0]);
}
