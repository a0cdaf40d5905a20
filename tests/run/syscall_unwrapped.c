// cc-flags: -std=gnu11
/* syscall_unwrapped.c — a kernel writes a large array (its own pages,
 * protected), then the host hands it to a system call nurt does not wrap
 * (syscall(SYS_write, ...)), in the function that launched the kernel.  A
 * protected page fails such a call (EFAULT) instead of faulting, so the
 * check before a library call opens the array's pages (NURT_HOST_OPEN)
 * where a host loop's check would leave them to faults (issue 25). */
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(void) {
  int n = 1 << 20;
  float *a = malloc(sizeof(float) * (size_t)n), *b = malloc(sizeof(float) * (size_t)n);
  if (!a || !b)
    return 1;
  for (int i = 0; i < n; i++)
    a[i] = (float)(i % 1000);
#pragma nu work(256)
  for (int i = 0; i < n; i++)
    a[i] = 0.5f * a[i] + 1.0f;
  FILE *f = tmpfile();
  if (!f)
    return 1;
  long wrote = syscall(SYS_write, fileno(f), a, sizeof(float) * (size_t)n);
  rewind(f);
  size_t got = fread(b, sizeof(float), (size_t)n, f);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += b[i];
  printf("wrote %ld, read %zu, sum %.6e\n", wrote, got, s);
  fclose(f);
  free(a);
  free(b);
  return 0;
}
