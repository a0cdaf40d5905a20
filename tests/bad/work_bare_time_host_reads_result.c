// expect: 13:9: error: dependence on 'B': different work-items write the same element
// expect-note: line 15 uses 's', which the kernel of the nest at line 10 hands back to the host
/* A statement between the nests reads the sum the first nest reduces
 * into: the host would read it before nurt folds the kernel's result in,
 * so the loop does not go to the host, and the note says why. */
void norm(int ts, int n, float (*A)[n], float (*B)[n]) {
  float s = 0, scale;
#pragma nu work
  for (int t = 0; t < ts; t++) {
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) {
        s += A[i][j];
        B[i][j] = A[i][j];
      }
    scale = 1.0f / (s + 1.0f);
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        A[i][j] = B[i][j] * scale;
  }
}
