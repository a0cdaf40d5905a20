/* syscall_after_kernel.c — a function launches a kernel that writes a
 * large array; main, which launches none, hands the array to fwrite and
 * fread.  With page protection a system call on a device-fresh page would
 * fail (EFAULT) instead of faulting: nucc syncs arrays passed to library
 * calls in every function of the file. */
#include <stdio.h>
#include <stdlib.h>

static void fill(float *a, int n, float v) {
#pragma nu work(256)
  for (int i = 0; i < n; i++)
    a[i] = v * (float)(i % 97);
}

int main(void) {
  int n = 1 << 20;
  float *a = malloc(sizeof(float) * (size_t)n), *b = malloc(sizeof(float) * (size_t)n);
  fill(a, n, 0.5f);
  FILE *f = tmpfile();
  if (!f)
    return 1;
  size_t wrote = fwrite(a, sizeof(float), (size_t)n, f);
  rewind(f);
  fill(b, n, 2.0f);
  size_t got = fread(b, sizeof(float), (size_t)n, f);
  fclose(f);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += b[i];
  printf("wrote %zu read %zu sum %.6e\n", wrote, got, s);
  free(a);
  free(b);
  return 0;
}
