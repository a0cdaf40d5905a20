/* clause_spellings.c — clause arguments name variables and member paths
 * however they are spelled: spaces around `->` and `:`, parentheses, a
 * member of a struct held by value.  Each clause resolves its argument in
 * the nest's scope and compares IR, not text: until it did, `size(ps -> data:
 * n)` and `size(( a ) : n)` were refused ("arguments have the form
 * 'array: element_count'"), `reduce(+ : ( r . sum ))` and `cache( (s) . data )`
 * named nothing the kernel has, and `private( (t) )` left t shared, which
 * refused the nest. */
#include <stdio.h>
#include <stdlib.h>

struct table {
  int n;
  float *data;
};

struct acc {
  float sum;
};

int main(void) {
  int n = 1000;
  struct table s = {n, malloc(sizeof(float) * (size_t)n)};
  struct table *ps = &s;
  int *idx = malloc(sizeof(int) * (size_t)n);
  float *a = malloc(sizeof(float) * (size_t)n), *b = malloc(sizeof(float) * (size_t)n);
  for (int i = 0; i < n; i++) {
    s.data[i] = (float)((i * 37) % 101) / 10.0f;
    idx[i] = (i * 7919) % n;
    a[i] = (float)(i % 13);
  }

  /* the spellings are the point: clang-format would normalise them */
  // clang-format off
  /* indirect subscripts: the extents come from size(...) */
#pragma nu work(32) size(ps -> data : n, ( a ) : n)
  for (int i = 0; i < n; i++)
    b[i] = ps->data[idx[i]] + a[idx[n - 1 - i]];

  /* a scalar read under the test that wrote it, which the analysis cannot
   * prove: private to each iteration by the clause */
  float t = 0;
#pragma nu work(32) private( (t) )
  for (int i = 0; i < n; i++) {
    if (b[i] > 5)
      t = b[i] / 2;
    if (b[i] > 5)
      b[i] = t;
  }

  /* a reduction into a member of a struct held by value */
  struct acc r = {0};
#pragma nu work(32) reduce(+ : ( r . sum ))
  for (int i = 0; i < n; i++)
    r.sum += b[i];

  /* a stencil staged in local memory */
#pragma nu work(64) cache( (s) . data )
  for (int i = 1; i < n - 1; i++)
    a[i] = 0.25f * s.data[i - 1] + 0.5f * s.data[i] + 0.25f * s.data[i + 1];
  // clang-format on

  double c = 0;
  for (int i = 1; i < n - 1; i++)
    c += a[i] * (i % 7);
  printf("sum=%.4f stencil=%.6e b7=%.4f\n", r.sum, c, b[7]);
  free(s.data);
  free(idx);
  free(a);
  free(b);
  return 0;
}
