/* save_main.c — issue 10's case, translated by nucc: a kernel computes an
 * array, then save_plain.c (never translated) fwrite()s it to a file and
 * fread()s it back into an array another kernel wrote.  With the array on
 * the device and its pages protected, glibc's write and read failed with
 * EFAULT: fwrite returned 0 and the file was empty. */
#include <stdio.h>
#include <stdlib.h>

void save(const float *a, long n, const char *path);
long load(float *a, long n, const char *path);

int main(int argc, char **argv) {
  const char *path = argc > 1 ? argv[1] : "save_main.bin";
  long n = 1 << 20; /* 4 MiB: fwrite hands it straight to write() */
  float *a = malloc((size_t)n * sizeof *a), *b = malloc((size_t)n * sizeof *b);
#pragma nu work(64)
  for (long i = 0; i < n; i++)
    a[i] = 0.5f * (float)i;
  save(a, n, path);
#pragma nu work(64)
  for (long i = 0; i < n; i++)
    b[i] = -1.0f;
  long got = load(b, n, path);
  double s = 0;
  for (long i = 0; i < n; i++)
    s += b[i];
  printf("loaded %ld, sum %.6e\n", got, s);
  free(a);
  free(b);
  return 0;
}
