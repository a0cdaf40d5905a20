// expect: 12:10: error: '&t': only the address of a variable declared in the loop body
/* The address of a scalar declared outside the nest handed to a helper
 * that writes through it: every work-item would write the one variable,
 * so only a local of the body may be handed over. */
static void bump(float *x) { *x += 1; }

void f(float *a, int n) {
  float t = 0;
  int i;
#pragma nu work(16)
  for (i = 0; i < n; i++) {
    bump(&t);
    a[i] = a[i] + 1;
  }
}
