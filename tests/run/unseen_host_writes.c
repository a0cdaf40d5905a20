/* Host writes that name no array element: a declaration's initializer, a
 * struct assigned or copied whole, memset/memcpy/fread of a struct's
 * address, and a helper that writes through a struct pointer.  Each happens
 * between launches that use the array, on the stack (memory the runtime
 * cannot protect), so the device copy must be refreshed: a copy is skipped
 * only with proof (SPEC §5). */
#include <stdio.h>
#include <string.h>

#define N 8

struct box {
  double a[N];
  int tag;
};

static void reset(struct box *p) { *p = (struct box){{0}, 0}; }

static void clear(struct box *p) { memset(p, 0, sizeof *p); }

static void bump(struct box *b) {
#pragma nu work(64)
  for (int i = 0; i < N; i++)
    b->a[i] += i + 1.0;
}

int main(void) {
  double sum = 0;
  /* a declaration's initializer, every iteration (issue 23's program) */
  for (int rep = 0; rep < 3; rep++) {
    double t[4] = {0};
#pragma nu work(64)
    for (int i = 0; i < 4; i++)
      t[i] += 1.0;
    sum += t[0] + t[1] + t[2] + t[3];
  }
  printf("initializer: %g\n", sum);

  /* the same, but the host never reads between the kernels */
  sum = 0;
  for (int rep = 0; rep < 3; rep++) {
    double u[4] = {1, 2, 3, 4};
#pragma nu work(64)
    for (int i = 0; i < 4; i++)
      u[i] *= 2.0;
#pragma nu work(64)
    for (int i = 0; i < 4; i++)
      u[i] += 1.0;
    if (rep == 2)
      sum = u[0] + u[1] + u[2] + u[3];
  }
  printf("initializer, no read: %g\n", sum);

  struct box s = {{0}, 1}, z = {{0}, 2};
  for (int i = 0; i < N; i++)
    z.a[i] = 100.0 * i;

  /* a struct assigned whole, after the host read the kernel's result */
  for (int rep = 0; rep < 3; rep++) {
#pragma nu work(64)
    for (int i = 0; i < N; i++)
      s.a[i] += 1.0;
    printf("assigned %d: %g\n", rep, s.a[N - 1]);
    s = z;
  }
  /* ... and without a read in between */
  for (int rep = 0; rep < 3; rep++) {
#pragma nu work(64)
    for (int i = 0; i < N; i++)
      s.a[i] += 1.0;
    s = z;
  }
  printf("assigned, no read: %g\n", s.a[N - 1]);

  /* a compound literal */
#pragma nu work(64)
  for (int i = 0; i < N; i++)
    s.a[i] += 1.0;
  printf("before literal: %g\n", s.a[2]);
  s = (struct box){{5, 5, 5, 5, 5, 5, 5, 5}, 3};
#pragma nu work(64)
  for (int i = 0; i < N; i++)
    s.a[i] += 1.0;
  printf("literal: %g %d\n", s.a[2], s.tag);

  /* memset and memcpy of the struct's address */
  memset(&s, 0, sizeof s);
#pragma nu work(64)
  for (int i = 0; i < N; i++)
    s.a[i] += 2.0;
  printf("memset: %g\n", s.a[3]);
  memcpy(&s, &z, sizeof s);
#pragma nu work(64)
  for (int i = 0; i < N; i++)
    s.a[i] += 2.0;
  printf("memcpy: %g\n", s.a[3]);

  /* fread into the struct */
  FILE *f = tmpfile();
  if (f) {
    struct box w = {{7, 7, 7, 7, 7, 7, 7, 7}, 7};
    fwrite(&w, sizeof w, 1, f);
    rewind(f);
    if (fread(&s, sizeof s, 1, f) != 1)
      return 1;
    fclose(f);
  }
#pragma nu work(64)
  for (int i = 0; i < N; i++)
    s.a[i] += 2.0;
  printf("fread: %g\n", s.a[3]);

  /* helpers of this file writing through a struct pointer */
  bump(&s);
  printf("bumped: %g\n", s.a[4]);
  reset(&s);
  bump(&s);
  printf("reset: %g\n", s.a[4]);
  bump(&s);
  clear(&s);
  bump(&s);
  printf("cleared: %g\n", s.a[4]);
  return 0;
}
