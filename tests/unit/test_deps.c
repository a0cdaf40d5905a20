/* test_deps.c — the dependence and legality analyses on a table of nests.
 * Each row is a loop nest with its annotations and the verdict the analysis
 * must reach: independent (accepted), proven (refused, with the concrete
 * pair given in the note), or undecided (refused, saying why, and offering
 * 'independent').  Rows run through the whole pipeline (nucc_compile, no
 * output), and the diagnostics are read back from stderr. */
#define _POSIX_C_SOURCE 200809L
#include "driver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct Row {
  const char *name;
  const char *nest;   /* the body of f(int n, int m, int k, int off, float *a,
                       * float (*b)[64], float *c, int *idx) with its pragmas */
  char verdict;       /* 'I' independent, 'P' proven, 'U' undecided */
  const char *expect; /* a substring of the diagnostics, or NULL */
} Row;

/* Helpers for the rows that hand a kernel's buffer to a function. */
static const char add_row[] = "static void add(float *out, int len, float s) {\n"
                              " for (int j = 0; j < len; j++) out[j] += s; }\n";
static const char add_some[] = "static void add_some(float *out, int len, int n) {\n"
                               " for (int j = 0; j < len; j++) if (j < n) out[j] = 1; }\n";
static const char sum_row[] = "static float sum(const float *p, int len) {\n"
                              " float s = 0; for (int j = 0; j < len; j++) s += p[j];\n"
                              " return s; }\n";

static const Row rows[] = {
    {"same element", "#pragma nu work(64)\n for (int i = 0; i < n; i++) a[i] = a[i] + 1;", 'I',
     NULL},
    {"previous element", "#pragma nu work(64)\n for (int i = 1; i < n; i++) a[i] = a[i - 1];", 'P',
     "iteration i = 1 writes a[1], iteration i = 2 reads it"},
    {"reversed", "#pragma nu work(64)\n for (int i = 0; i < n; i++) a[i] = a[n - 1 - i];", 'P',
     "with n = 2: iteration i = 0 writes a[0], iteration i = 1 reads it"},
    {"constant row length",
     "#pragma nu work(8, 8)\n for (int i = 0; i < n; i++)\n"
     " for (int j = 0; j < 37; j++) a[i * 37 + j] = 1;",
     'I', NULL},
    {"row too long for its stride",
     "#pragma nu work(8, 8)\n for (int i = 0; i < n; i++)\n"
     " for (int j = 0; j < n; j++) a[i * 37 + j] = 1;",
     'P',
     "with n = 38: iteration i = 0, j = 37 writes a[37], iteration i = 1, j = 0 writes it too"},
    {"flattened, parametric",
     "#pragma nu work(8, 8)\n for (int i = 0; i < n; i++)\n"
     " for (int j = 0; j < m; j++) a[i * m + j] = a[i * m + j] * 2;",
     'I', NULL},
    {"flattened 3-D",
     "#pragma nu work(4, 4, 4)\n for (int i = 0; i < n; i++)\n"
     " for (int j = 0; j < m; j++) for (int l = 0; l < k; l++)\n"
     " a[(i * m + j) * k + l] = 0;",
     'I', NULL},
    {"flattened, one past the row",
     "#pragma nu work(8, 8)\n for (int i = 0; i < n; i++)\n"
     " for (int j = 0; j <= m; j++) a[i * m + j] = 1;",
     'U', "not known to lie in [0, m)"},
    {"triangle and its mirror",
     "#pragma nu work(64)\n for (int i = 0; i < n; i++)\n"
     " for (int j = i + 1; j < n; j++) { b[i][j] = 1; b[j][i] = 2; }",
     'I', NULL},
    {"triangle, own diagonal",
     "#pragma nu work(64)\n for (int i = 0; i < 64; i++)\n"
     " for (int j = 0; j < i; j++) b[i][j] = b[i][j] + b[j][j];",
     'I', NULL},
    {"triangle, rows of others",
     "#pragma nu work(64)\n for (int i = 0; i < 64; i++)\n"
     " for (int j = 0; j < i; j++) b[i][j] = b[j][0];",
     'P', "iteration i = 1, j = 0 writes b[1][0], iteration i = 2, j = 1 reads it"},
    {"LU row update",
     "#pragma nu work(64)\n for (int i = k + 1; i < n; i++)\n"
     " for (int j = k + 1; j < 64; j++) b[i][j] -= b[i][k] * b[k][j];",
     'I', NULL},
    {"LU row update, wrong start",
     "#pragma nu work(64)\n for (int i = k; i < n; i++)\n"
     " for (int j = k; j < 64; j++) b[i][j] -= b[i][k] * b[k][j];",
     'P',
     "with k = 0, n = 2: iteration i = 0, j = 0 writes b[0][0], iteration i = 1, j = 0 reads it"},
    {"row update reads its own column",
     "#pragma nu work(64)\n for (int j = k + 1; j < 64; j++)\n"
     " for (int i = j; i < n; i++) b[i][j] -= b[i][k] * b[j][k];",
     'I', NULL},
    {"strided parity", "#pragma nu work(64)\n for (int i = 0; i < n; i++) a[2 * i] = a[2 * i + 1];",
     'I', NULL},
    {"stride 2 loop", "#pragma nu work(64)\n for (int i = 0; i < n; i += 2) a[i] = a[i + 1];", 'I',
     NULL},
    {"stride 2 loop, reach 2",
     "#pragma nu work(64)\n for (int i = 0; i < n; i += 2) a[i] = a[i + 2];", 'P',
     "iteration i = 2 writes a[2], iteration i = 0 reads it"},
    {"indirect write", "#pragma nu work(64)\n for (int i = 0; i < n; i++) a[idx[i]] = 1;", 'U',
     "is not an affine expression"},
    {"indirect write, independent",
     "#pragma nu work(64) independent\n"
     " for (int i = 0; i < n; i++) a[idx[i]] = 1;",
     'I', NULL},
    {"offset by an invariant",
     "#pragma nu work(64)\n for (int i = 0; i < n; i++) a[i + off] = a[i];", 'U',
     "for some values of the invariants"},
    {"proven ignores independent",
     "#pragma nu work(64) independent\n"
     " for (int i = 1; i < n; i++) a[i] = a[i - 1];",
     'P', "cannot override a proven dependence"},
    {"conditional write",
     "#pragma nu work(64)\n for (int i = 0; i < n; i++)\n"
     " if (c[i] > 0) a[i + 1] = a[i];",
     'U', "condition that depends on data"},
    {"affine condition",
     "#pragma nu work(64)\n for (int i = 0; i < n; i++)\n"
     " if (i % 2 == 0) a[i + 1] = c[i]; else a[i] = c[i];",
     'P', "iteration i = 0 writes a[1], iteration i = 1 writes it too"},
    {"affine condition, disjoint",
     "#pragma nu work(64)\n for (int i = 0; i < n; i++)\n"
     " if (i % 2 == 0) a[i + 1] = c[i]; else a[i - 1] = c[i];",
     'I', NULL},
    {"local index",
     "#pragma nu work(8, 8)\n for (int i = 0; i < n; i++)\n"
     " for (int j = 0; j < m; j++) { int at = i * m + j; a[at] = c[at]; }",
     'I', NULL},
    {"many terms",
     "#pragma nu work(64)\n for (int i = 1; i < n; i++)\n"
     " a[i + n + m + k + off + n + m + k + off + n + m + k + off + n + m + k + off + 1]"
     " = a[i + n + m + k + off + n + m + k + off + n + m + k + off + n + m + k + off];",
     'P', NULL},
    {"division", "#pragma nu work(64)\n for (int i = 0; i < n; i++) a[i / 2] = 1;", 'P',
     "iteration i = 0 writes a[0], iteration i = 1 writes it too"},
    {"min bound", "#pragma nu work(64)\n for (int i = 0; i < (n < m ? n : m); i++) a[i] = a[i];",
     'I', NULL},
    {"element reduction, earlier elements",
     "for (int i = 0; i < n; i++) {\n"
     "#pragma nu work(64)\n"
     " for (int j = 0; j < i; j++) c[i] -= b[i][j] * c[j]; }",
     'I', NULL},
    {"element reduction, its own element",
     "for (int i = 0; i < n; i++) {\n"
     "#pragma nu work(64)\n"
     " for (int j = 0; j <= i; j++) c[i] -= b[i][j] * c[j]; }",
     'P', "with i = 0: iteration j = 0 updates c[0], iteration j = 0 reads it"},
    {"element reduction, indirect read",
     "for (int i = 0; i < n; i++) {\n"
     "#pragma nu work(64)\n"
     " for (int j = 0; j < n; j++) c[i] += c[idx[j]]; }",
     'U', "cannot prove that 'c[idx[j]]' never touches 'c[i]'"},
    /* legality of the transformations (no work: the sequential result) */
    {"permut reverses",
     "#pragma nu permut(2, 1)\n for (int i = 1; i < n; i++)\n"
     " for (int j = 0; j < 63; j++) b[i][j] = b[i - 1][j + 1];",
     'P', "permut: the interchange would reverse a dependence"},
    {"permut keeps",
     "#pragma nu permut(2, 1)\n for (int i = 1; i < n; i++)\n"
     " for (int j = 1; j < 64; j++) b[i][j] = b[i - 1][j] + b[i][j - 1];",
     'I', NULL},
    {"tile of a stencil wavefront",
     "#pragma nu tile(4, 4)\n for (int i = 1; i < n; i++)\n"
     " for (int j = 1; j < 64; j++) b[i][j] = b[i - 1][j] + b[i][j - 1];",
     'I', NULL},
    {"tile against a backward distance",
     "#pragma nu tile(4, 4)\n for (int i = 1; i < n; i++)\n"
     " for (int j = 0; j < 63; j++) b[i][j] = b[i - 1][j + 1];",
     'P', "tile: reordering the iterations into tiles would reverse a dependence"},
    {"dmine across a carried dependence",
     "#pragma nu dmine(2)\n for (int i = 1; i < n; i++)\n"
     " for (int j = 0; j < 64; j++) b[i][j] = b[i - 1][j];",
     'P', "dmine: the unrolled loops carry a dependence"},
    {"dmine of independent rows",
     "#pragma nu dmine(2)\n for (int i = 0; i < n; i++)\n"
     " for (int j = 1; j < 64; j++) b[i][j] = b[i][j - 1];",
     'I', NULL},
    {"dmine undecided, independent",
     "#pragma nu work(64) independent\n#pragma nu dmine(2)\n"
     " for (int i = 0; i < n; i++) a[idx[i]] = 1;",
     'I', NULL},
    /* distribution and fusion: the order of statements, not of iterations */
    {"fission, dependence forward",
     "#pragma nu fission\n for (int i = 1; i < n; i++) { a[i] = c[i]; c[i] = a[i - 1]; }", 'I',
     NULL},
    {"fission, dependence backward",
     "#pragma nu fission\n for (int i = 1; i < n; i++) { a[i] = c[i - 1]; c[i] = 1; }", 'P',
     "iteration i = 1 writes c[1], iteration i = 2 reads it"},
    {"fission, indirect read",
     "#pragma nu fission\n for (int i = 0; i < n; i++) { a[i] = c[idx[i]]; c[i] = 1; }", 'U',
     "cannot prove that distributing the loop keeps every dependence"},
    {"fission, undecided, independent",
     "#pragma nu work(64) independent fission\n"
     " for (int i = 0; i < n; i++) { a[i] = c[idx[i]]; c[i] = 1; }",
     'I', NULL},
    {"fuse, same element",
     "#pragma nu fuse\n for (int i = 0; i < n; i++) {\n"
     " for (int j = 0; j < 64; j++) b[i][j] = 1;\n"
     " for (int j = 0; j < 64; j++) c[j] += b[i][j]; }",
     'I', NULL},
    {"fuse, a later element",
     "#pragma nu fuse\n for (int i = 0; i < n; i++) {\n"
     " for (int j = 0; j < 63; j++) b[i][j] = 1;\n"
     " for (int j = 0; j < 63; j++) a[j] = b[i][j + 1]; }",
     'P', "iteration i = 0, j = 0 reads b[0][1], iteration i = 0, j = 1 writes it"},
};

/* Rows that hand a kernel's buffer to a helper defined before f: the
 * helper's loops are loops of the kernel at the call. */
static const struct {
  const char *before;
  Row row;
} helper_rows[] = {
    {add_row,
     {"helper, own row", "#pragma nu work(64)\n for (int i = 0; i < n; i++) add(&b[i][0], 64, 1);",
      'I', NULL}},
    {add_row,
     {"helper, one row for two work-items",
      "#pragma nu work(64)\n for (int i = 0; i < n; i++) add(&b[i / 2][0], 64, 1);", 'P',
      "iteration i = 0, add's j = 0 writes b[0][0], iteration i = 1, add's j = 0 writes it too"}},
    {add_row,
     {"helper, flat rows",
      "#pragma nu work(64)\n for (int i = 0; i < n; i++) add(&a[i * m], m, 1);", 'I', NULL}},
    {add_row,
     {"helper, one past the flat row",
      "#pragma nu work(64)\n for (int i = 0; i < n; i++) add(&a[i * m], m + 1, 1);", 'U',
      "not known to lie in [0, m)"}},
    {add_some,
     {"helper, write under its own condition",
      "#pragma nu work(64)\n for (int i = 0; i < n; i++) add_some(&b[i / 2][0], 64, n);", 'U',
      "the helper 'add_some' may skip it"}},
    {sum_row,
     {"helper reads the next row, the body writes it",
      "#pragma nu work(64)\n for (int i = 0; i < n - 1; i++)\n"
      " { b[i][0] = 1; c[i] = sum(&b[i + 1][0], 64); }",
      'P', "iteration i = 1 writes b[1][0], iteration i = 0, sum's j = 0 reads it"}},
};

static char dir[256], src[300], err[300];

static char *slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return strdup("");
  static char buf[1 << 16];
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  buf[n] = 0;
  fclose(f);
  return strdup(buf);
}

static int run_row(const Row *r, const char *before) {
  FILE *f = fopen(src, "w");
  fprintf(f,
          "%svoid f(int n, int m, int k, int off, float *a, float (*b)[64], float *c,\n"
          "       int *idx) {\n%s\n}\n",
          before, r->nest);
  fclose(f);
  fflush(stderr);
  int saved = dup(2);
  FILE *e = freopen(err, "w", stderr);
  Options o = {.input = src, .emit = EMIT_SEQ};
  int rc = nucc_compile(&o);
  fflush(stderr);
  dup2(saved, 2);
  close(saved);
  (void)e;
  char *text = slurp(err);
  char got = rc == 0                                                               ? 'I'
             : strstr(text, "possible dependence") || strstr(text, "cannot prove") ? 'U'
             : strstr(text, "dependence") || strstr(text, "reduction (line")       ? 'P'
                                                                                   : '?';
  int fail = got != r->verdict || (r->expect && !strstr(text, r->expect)) ||
             (got == 'P' && strstr(text, "add the clause 'independent'"));
  if (fail)
    fprintf(stderr, "FAIL %s: expected %c%s%s, got %c\n%s\n%s\n", r->name, r->verdict,
            r->expect ? " with " : "", r->expect ? r->expect : "", got, r->nest, text);
  free(text);
  return fail;
}

int main(void) {
  const char *tmp = getenv("TMPDIR");
  snprintf(dir, sizeof dir, "%s/nucc-deps-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(dir))
    return 1;
  snprintf(src, sizeof src, "%s/nest.c", dir);
  snprintf(err, sizeof err, "%s/stderr", dir);
  int failed = 0, n = (int)(sizeof rows / sizeof rows[0]);
  for (int i = 0; i < n; i++)
    failed += run_row(&rows[i], "");
  int nh = (int)(sizeof helper_rows / sizeof helper_rows[0]);
  for (int i = 0; i < nh; i++)
    failed += run_row(&helper_rows[i].row, helper_rows[i].before);
  n += nh;
  unlink(src);
  unlink(err);
  rmdir(dir);
  util_free_all();
  printf("%d passed, %d failed\n", n - failed, failed);
  return failed != 0;
}
