/* replay.c — runs a fuzz target on files, without libFuzzer.
 * Receives files and directories (each file in a directory, in name order);
 * feeds each file's bytes to the LLVMFuzzerTestOneInput() it is linked with.
 * Built by the normal compiler, so the regression inputs run in every build,
 * the sanitizer build included. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replayed;

static void replay_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    perror(path);
    exit(1);
  }
  size_t cap = 4096, len = 0, n;
  uint8_t *data = malloc(cap);
  while (data && (n = fread(data + len, 1, cap - len, f)) > 0) {
    len += n;
    if (len == cap)
      data = realloc(data, cap *= 2);
  }
  fclose(f);
  if (!data) {
    fputs("replay: out of memory\n", stderr);
    exit(1);
  }
  printf("replay: %s (%zu bytes)\n", path, len);
  fflush(stdout);
  LLVMFuzzerTestOneInput(data, len);
  free(data);
  replayed++;
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static void replay_dir(const char *path) {
  DIR *d = opendir(path);
  if (!d) {
    perror(path);
    exit(1);
  }
  char **names = NULL;
  size_t n = 0;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.')
      continue;
    names = realloc(names, (n + 1) * sizeof *names);
    if (!names)
      exit(1);
    names[n] = malloc(strlen(path) + strlen(e->d_name) + 2);
    if (!names[n])
      exit(1);
    sprintf(names[n++], "%s/%s", path, e->d_name);
  }
  closedir(d);
  if (n) /* qsort() must not get the NULL of an empty directory */
    qsort(names, n, sizeof *names, by_name);
  for (size_t i = 0; i < n; i++) {
    replay_file(names[i]);
    free(names[i]);
  }
  free(names);
}

int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    struct stat st;
    if (stat(argv[i], &st) != 0)
      printf("replay: %s: none yet\n", argv[i]);
    else if (S_ISDIR(st.st_mode))
      replay_dir(argv[i]);
    else
      replay_file(argv[i]);
  }
  printf("replay: %d input%s, no crash\n", replayed, replayed == 1 ? "" : "s");
  return 0;
}
