/* save_plain.c — compiled by cc alone, as a library that saves and loads
 * results would be: fwrite and fread of whole arrays (save_main.c). */
#include <stdio.h>

void save(const float *a, long n, const char *path);
long load(float *a, long n, const char *path);

void save(const float *a, long n, const char *path) {
  FILE *f = fopen(path, "wb");
  if (!f)
    return;
  size_t w = fwrite(a, sizeof *a, (size_t)n, f);
  fclose(f);
  printf("fwrite wrote %zu\n", w);
}

long load(float *a, long n, const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return -1;
  size_t r = fread(a, sizeof *a, (size_t)n, f);
  fclose(f);
  return (long)r;
}
