// expect: 11:7: error: dependence on 'a': different work-items write the same element
// expect-note: here the nest at line 10 has no chain of its own either
/* A bare `work` on a time loop whose body is loop nests, one of which is
 * a recurrence that no chain maps either: nucc does not keep the time loop
 * on the host (that nest would have no kernel), and the dependence of the
 * plainest chain is refused, with a note that names the nest. */
void sweep(int ts, int n, float *a, float *b) {
#pragma nu work
  for (int t = 0; t < ts; t++) {
    for (int i = 1; i < n; i++)
      a[i] = a[i - 1] + b[i];
    for (int i = 0; i < n; i++)
      b[i] = 0.5f * a[i];
  }
}
