// expect: 9:5: error: loop-carried dependence on 'a'
/* A bare `work` on a recurrence: no chain that nucc tries (fission, fuse,
 * permut) leaves a parallel loop, so it reports the dependence that
 * prevents the plainest mapping, with its pair, and a note at `work`.
 * (`work` alone used to be refused for its missing sizes.) */
void prefix(float *a, int n) {
#pragma nu work
  for (int i = 1; i < n; i++)
    a[i] = a[i - 1] + 1.0f;
}
