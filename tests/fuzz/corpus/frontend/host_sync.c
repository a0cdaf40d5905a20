void *malloc(unsigned long);
void free(void *);
int printf(const char *, ...);
static float first(const float *a) { return a[0]; }
int main(void) {
  int n = 50;
  float *a = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    a[i] = (float)i;
  while (a[0] < 40.0f) {
#pragma nu work(16)
    for (int i = 0; i < n; i++)
      a[i] = a[i] + 3.0f;
  }
#pragma nu wait
  printf("%g %g\n", a[1], first(a));
  free(a);
  return 0;
}
