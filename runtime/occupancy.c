/* occupancy.c — register caps for NVIDIA's OpenCL compiler.  A kernel that
 * takes a few registers more than a whole number of work-groups per SM
 * allows loses a work-group on every SM: sgemm_opt's 4 x 8 register block
 * took 72 registers, so three groups of 256 fitted instead of four, and
 * building it with -cl-nv-maxrregcount=64 ran it at 17.5 TFLOP/s instead of
 * 11.9 on the H100 (bench/results).  CUDA's __launch_bounds__ says this to
 * nvcc; OpenCL has no such attribute, so nurt reads each kernel's register
 * count from the build log and, where cutting at most an eighth of them
 * gains a work-group per SM, builds a variant with the cap (launch.c). */
#define _GNU_SOURCE /* memmem */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "nurt_internal.h"

int nurt_occ_registers(const char *log, const char *kernel) {
  /* ptxas info : Compiling entry function 'NAME' for 'sm_90a'
   * ... ptxas info : Used N registers, ... */
  size_t n = strlen(kernel);
  for (const char *s = log ? strstr(log, "Compiling entry function '") : NULL; s;
       s = strstr(s + 1, "Compiling entry function '")) {
    const char *name = s + strlen("Compiling entry function '");
    if (strncmp(name, kernel, n) != 0 || name[n] != '\'')
      continue;
    const char *next = strstr(name, "Compiling entry function '");
    const char *used = strstr(name, "Used ");
    if (!used || (next && used > next))
      return 0;
    return atoi(used + strlen("Used "));
  }
  return 0;
}

/* Work-groups of `threads` work-items that one SM holds with `regs`
 * registers each: registers go to warps in units of 256. */
static int groups_per_sm(int regs, size_t threads, const nurt_occ_device *d) {
  size_t warps = (threads + 31) / 32;
  size_t per_warp = ((size_t)regs * 32 + 255) / 256 * 256;
  size_t by_regs = per_warp ? (size_t)d->regs_per_sm / (per_warp * warps) : 0;
  size_t by_threads = (size_t)d->threads_per_sm / (warps * 32);
  size_t g = by_regs < by_threads ? by_regs : by_threads;
  return (int)(g < 32 ? g : 32);
}

size_t nurt_occ_red_items(long long n, size_t local, size_t others, size_t floor) {
  if (n <= 0 || !local)
    return 0;
  for (long long stride = 32;; stride /= 2) {
    size_t want = (size_t)((n + stride - 1) / stride);
    want = (want + local - 1) / local * local;
    if (stride == 1 || want * others >= floor)
      return want;
  }
}

int nurt_occ_cap(int regs, size_t threads, const nurt_occ_device *d) {
  if (regs <= 0 || threads == 0 || d->regs_per_sm <= 0 || d->threads_per_sm <= 0)
    return 0;
  int g = groups_per_sm(regs, threads, d);
  if (g == 0 || (size_t)(g + 1) * ((threads + 31) / 32 * 32) > (size_t)d->threads_per_sm)
    return 0; /* threads, not registers, are the limit */
  /* The cap costs a second build of the program (a whole compilation on a
   * program's first run on a machine) and cuts up to an eighth of the
   * registers; one more group must add as much: an eighth more work-items
   * at least.  adi's column sweep in groups of 8 (90 registers, 21 groups
   * per SM) ran 1.3% faster capped at 88, and its first run on the H100
   * took 4.25 s against 3.45 without the cap (medians of 5, bench/results/
   * cold-runs-h100.txt). */
  if (g > 8)
    return 0;
  size_t warps = (threads + 31) / 32;
  /* the most registers per thread with which g + 1 groups fit */
  int cap = (int)((size_t)d->regs_per_sm / ((size_t)(g + 1) * warps * 256) * 8);
  if (cap < 32 || cap >= regs || cap * 8 < regs * 7)
    return 0; /* would spill more than an eighth of them: not worth a group */
  return groups_per_sm(cap, threads, d) > g ? cap : 0;
}

/* NVIDIA's compile cache hands back a binary built before without its build
 * log, so the register counts are kept in a file of nurt's own, one per
 * program source, build options, device and driver:
 * $NU_CACHE_DIR, else $XDG_CACHE_HOME/nurt, else $HOME/.cache/nurt. */
uint64_t nurt_occ_key(const char *const *parts, size_t n) {
  uint64_t h = 1469598103934665603ull; /* FNV-1a */
  for (size_t i = 0; i < n; i++) {
    for (const char *s = parts[i] ? parts[i] : ""; *s; s++)
      h = (h ^ (unsigned char)*s) * 1099511628211ull;
    h = (h ^ 0xffu) * 1099511628211ull; /* "ab","c" is not "a","bc" */
  }
  return h;
}

static char *cache_path(uint64_t key) {
  const char *dir = getenv("NU_CACHE_DIR"), *base = NULL, *sub = "";
  if (!dir || !*dir) {
    if ((base = getenv("XDG_CACHE_HOME")) && *base)
      sub = "/nurt";
    else if ((base = getenv("HOME")) && *base)
      sub = "/.cache/nurt";
    else
      return NULL;
  }
  const char *d = dir && *dir ? dir : base;
  size_t len = strlen(d) + strlen(sub) + 40;
  char *path = malloc(len);
  if (!path)
    return NULL;
  snprintf(path, len, "%s%s", d, sub);
  /* the directory and its parent: ~/.cache may not exist yet */
  for (char *s = path + 1; *s; s++)
    if (*s == '/') {
      *s = 0;
      mkdir(path, 0700);
      *s = '/';
    }
  mkdir(path, 0700);
  snprintf(path + strlen(path), len - strlen(path), "/regs-%016llx.txt", (unsigned long long)key);
  return path;
}

char *nurt_occ_load(uint64_t key) {
  char *path = cache_path(key);
  FILE *f = path ? fopen(path, "r") : NULL;
  free(path);
  if (!f)
    return NULL;
  size_t cap = 4096, len = 0, got;
  char *text = malloc(cap + 1);
  while (text && (got = fread(text + len, 1, cap - len, f)) > 0) {
    len += got;
    if (len == cap) {
      char *more = realloc(text, 2 * cap + 1);
      if (!more) {
        free(text);
        text = NULL;
        break;
      }
      text = more;
      cap *= 2;
    }
  }
  fclose(f);
  if (text)
    text[len] = 0;
  return text;
}

void nurt_occ_store(uint64_t key, const char *log) {
  char *path = cache_path(key);
  if (!path || !log)
    return free(path);
  /* written whole under a temporary name, then renamed: a process that
   * reads it meanwhile sees the old file or the new one */
  size_t len = strlen(path) + 32;
  char *tmp = malloc(len);
  FILE *f = NULL;
  if (tmp) {
    snprintf(tmp, len, "%s.%ld", path, (long)getpid());
    f = fopen(tmp, "w");
  }
  if (f) {
    const char *s = log;
    while (*s) {
      const char *end = strchr(s, '\n');
      size_t n = end ? (size_t)(end - s) : strlen(s);
      if ((memmem(s, n, "Compiling entry function", 24) || memmem(s, n, "Used ", 5)))
        fprintf(f, "%.*s\n", (int)n, s);
      s += n + (end != NULL);
    }
    if (fclose(f) == 0 && rename(tmp, path) != 0)
      remove(tmp);
  }
  free(tmp);
  free(path);
}
