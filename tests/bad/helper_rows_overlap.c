// expect: 16:5: error: dependence on 'acc': different work-items write the same element
// expect-note: iteration i = 0, add's j = 0 writes acc[0][0], iteration i = 1, add's j = 0
/* Work-items i and i + 1 hand add() the same row (&acc[i / 2][0]) and
 * both write it through the helper's loop: a proven dependence, shown
 * with its pair of iterations (the helper's loop index among them). */
#define M 8

static void add(float *out, int n, float s) {
  for (int j = 0; j < n; j++)
    out[j] += s;
}

void halves(float (*acc)[M], int n) {
#pragma nu work(16)
  for (int i = 0; i < n; i++)
    add(&acc[i / 2][0], M, (float)i);
}
