/* verify.c — NU_VERIFY: checks a nest's kernels against its sequential loop.
 * The generated code asks nurt_verify_begin() at each annotated nest; when it
 * says yes, the stubs name every array a kernel touches (nurt_verify_array),
 * which is snapshotted before the launch; after the kernels the device's
 * results are put aside and the inputs restored, the original loop runs on
 * the host, and every element the nest writes is compared.  On a mismatch the
 * sequential code of each transformation step runs on the same inputs to say
 * which step first produces the difference, and the kernels run again built
 * without contraction to say whether fused multiply-adds make it; then one
 * report, and exit. */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nurt_internal.h"

/* One array of the nest under check. */
typedef struct {
  const char *ptr; /* where the kernel's subscripts start */
  const char *lo;  /* [lo, lo + bytes): the range the kernels may touch */
  size_t bytes;
  int mode; /* NURT_IN/OUT, or-ed over the nest's kernels */
  const char *name, *writer;
  int kind;
  size_t esize;
  int rank;
  long long dims[8];   /* row lengths of dimensions 1..rank-1 */
  const char *members; /* an array of structs: nurt_verify_members' layout, or NULL */
  nurt_state state;    /* the array's state before the check: the run's after it */
  char *before;        /* the inputs */
  char *device;        /* the kernels' results */
  char *expected;      /* the sequential loop's results */
} varray;

/* A reduction's device and sequential values (as double, or as bits). */
typedef struct {
  const char *name;
  int kind;
  double dev, exp;
} vvalue;

static struct {
  int limit;   /* NU_VERIFY=N: the first N launches of each nest; 0: off */
  double rtol; /* NU_VERIFY_RTOL, else per type */
  int fault;   /* NU_VERIFY_FAULT: a test's injected difference (nucc --tune's test) */
  double atol;
  int active; /* a nest is under check */
  const char *kernel, *file;
  int line;
  varray *arrays;
  size_t n, cap;
  vvalue values[16];
  int nvalues;
  /* the first mismatch */
  int bad;
  char report[2048];
  char steps[2048];
  int step_found;
  int fragile; /* the mismatch is a reduction's small difference */
  nurt_module *module;
  int rerun_bad; /* the kernels built without contraction differ too */
  int exact;     /* their rerun: 0 none, 1 it matched (contraction), -1 it differed */
} v;

/* How many launches of each nest were checked, by (file, line). */
typedef struct seen {
  const char *file;
  int line;
  int count;
  struct seen *next;
} seen;
static seen *seen_list;

static void init(void) {
  static int done;
  if (done)
    return;
  done = 1;
  /* NU_VERIFY=1 (or any word): every launch; NU_VERIFY=N: the first N */
  const char *s = getenv("NU_VERIFY");
  if (s && *s && strcmp(s, "0") != 0) {
    char *end;
    long n = strtol(s, &end, 10);
    v.limit = *end || n <= 1 || n > 1 << 30 ? 1 << 30 : (int)n;
  }
  const char *r = getenv("NU_VERIFY_RTOL");
  v.rtol = r ? atof(r) : -1;
  const char *a = getenv("NU_VERIFY_ATOL");
  v.atol = a ? atof(a) : -1;
  const char *f = getenv("NU_VERIFY_FAULT");
  v.fault = f && *f && strcmp(f, "0") != 0;
}

int nurt_verify_begin(nurt_module *m, const char *kernel, int line) {
  init();
  if (!v.limit || nurt_host_mode())
    return 0;
  seen *s = seen_list;
  while (s && !(s->line == line && s->file == m->file))
    s = s->next;
  if (!s) {
    s = calloc(1, sizeof *s);
    if (!s)
      nurt_fatal("out of host memory");
    *s = (seen){m->file, line, 0, seen_list};
    seen_list = s;
  }
  if (s->count >= v.limit)
    return 0;
  s->count++;
  for (size_t i = 0; i < v.n; i++) {
    free(v.arrays[i].before);
    free(v.arrays[i].device);
    free(v.arrays[i].expected);
  }
  v.n = 0;
  v.nvalues = 0;
  v.bad = 0;
  v.step_found = 0;
  v.fragile = 0;
  v.exact = 0;
  v.module = m;
  v.steps[0] = 0;
  v.active = 1;
  v.kernel = kernel;
  v.file = m->file;
  v.line = line;
  return 1;
}

int nurt_verify_on(void) { return v.active; }

static char *copy_of(const char *p, size_t n) {
  char *q = malloc(n ? n : 1);
  if (!q)
    nurt_fatal("NU_VERIFY: out of host memory for a %zu-byte snapshot", n);
  memcpy(q, p, n);
  return q;
}

void nurt_verify_array(const void *ptr, long long lo_bytes, size_t bytes, int mode,
                       const char *name, int kind, size_t esize, const char *writer, int rank,
                       ...) {
  if (!v.active || !bytes || !ptr)
    return;
  const char *lo = (const char *)ptr + lo_bytes;
  nurt_state state = nurt_sync_state_of(lo);
  /* the fresh copy on the host, without changing what the kernel will see */
  nurt_host_access(lo, 0);
  for (size_t i = 0; i < v.n; i++) {
    varray *a = &v.arrays[i];
    if (a->ptr != ptr)
      continue;
    a->mode |= mode;
    if (lo >= a->lo && lo + bytes <= a->lo + a->bytes)
      return;
    /* a remainder kernel's wider range: outside the first range nothing ran */
    const char *nlo = lo < a->lo ? lo : a->lo;
    const char *nhi = lo + bytes > a->lo + a->bytes ? lo + bytes : a->lo + a->bytes;
    char *nb = copy_of(nlo, (size_t)(nhi - nlo));
    memcpy(nb + (a->lo - nlo), a->before, a->bytes);
    free(a->before);
    a->before = nb;
    a->lo = nlo;
    a->bytes = (size_t)(nhi - nlo);
    return;
  }
  if (v.n == v.cap) {
    v.cap = v.cap ? 2 * v.cap : 8;
    v.arrays = realloc(v.arrays, v.cap * sizeof *v.arrays);
    if (!v.arrays)
      nurt_fatal("out of host memory");
  }
  varray *a = &v.arrays[v.n++];
  *a = (varray){.ptr = ptr,
                .lo = lo,
                .bytes = bytes,
                .mode = mode,
                .name = name,
                .writer = writer,
                .kind = kind,
                .esize = esize,
                .rank = rank,
                .state = state};
  va_list ap;
  va_start(ap, rank);
  for (int d = 1; d < rank && d < 8; d++)
    a->dims[d] = va_arg(ap, long long);
  va_end(ap);
  a->before = copy_of(lo, bytes);
}

/* The host copies back to what they were before the launch (host-fresh). */
static void restore(void) {
  for (size_t i = 0; i < v.n; i++) {
    varray *a = &v.arrays[i];
    if (!(a->mode & NURT_OUT))
      continue;
    nurt_host_access(a->lo, 1);
    memcpy((char *)a->lo, a->before, a->bytes);
  }
}

void nurt_verify_device(void) {
  for (size_t i = 0; i < v.n; i++) {
    varray *a = &v.arrays[i];
    if (!(a->mode & NURT_OUT))
      continue;
    nurt_host_access(a->lo, 0); /* waits for the kernels */
    a->device = copy_of(a->lo, a->bytes);
  }
  restore();
}

static double tol_r(int kind, size_t esize) {
  if (v.rtol >= 0)
    return v.rtol;
  if (kind != NURT_VK_FLOAT)
    return 0;
  return esize == 4 ? 1e-4 : 1e-9;
}

static double tol_a(int kind, size_t esize) {
  if (v.atol >= 0)
    return kind == NURT_VK_FLOAT ? v.atol : 0;
  if (kind != NURT_VK_FLOAT)
    return 0;
  return esize == 4 ? 1e-6 : 1e-12;
}

/* The element at p as a double; memcpy: snapshots need not be aligned. */
static double value_at(const char *p, int kind, size_t esize) {
  if (kind == NURT_VK_FLOAT) {
    if (esize == 4) {
      float f;
      memcpy(&f, p, sizeof f);
      return f;
    }
    double d;
    memcpy(&d, p, sizeof d);
    return d;
  }
  uint64_t u = 0;
  memcpy(&u, p, esize < 8 ? esize : 8); /* little-endian: the low bytes */
  if (kind == NURT_VK_SIGNED && esize < 8 && (u >> (esize * 8 - 1)) & 1)
    u |= ~(uint64_t)0 << (esize * 8); /* sign-extend */
  return kind == NURT_VK_SIGNED ? (double)(int64_t)u : (double)u;
}

static int differs(double got, double exp, int kind, size_t esize) {
  if (kind != NURT_VK_FLOAT)
    return got != exp;
  if (isnan(got) || isnan(exp))
    return isnan(got) != isnan(exp);
  if (got == exp)
    return 0;
  return !(fabs(got - exp) <= tol_a(kind, esize) + tol_r(kind, esize) * fabs(exp));
}

/* The element at byte offset `off` of a's range as a[i][j]. */
static void element_name(const varray *a, size_t off, char *out, size_t cap, long long *idx) {
  long long flat = (long long)((a->lo + off - a->ptr) / (long long)a->esize);
  for (int d = a->rank - 1; d >= 1; d--) {
    long long n = a->dims[d] > 0 ? a->dims[d] : 1;
    long long q = flat / n, r = flat % n;
    if (r < 0)
      r += n, q--;
    idx[d] = r;
    flat = q;
  }
  idx[0] = flat;
  int len = snprintf(out, cap, "%s", a->name);
  for (int d = 0; d < (a->rank ? a->rank : 1) && len < (int)cap; d++)
    len += snprintf(out + len, cap - (size_t)len, "[%lld]", idx[d]);
}

/* The loop iteration that writes the element, when the write is a[i][j]. */
static void writer_text(const varray *a, const long long *idx, char *out, size_t cap) {
  if (!a->writer || !*a->writer) {
    snprintf(out, cap, "(not determined: the subscripts are not plain loop indices)");
    return;
  }
  int len = 0;
  const char *p = a->writer;
  for (int d = 0; d < a->rank && *p && len < (int)cap; d++) {
    size_t n = strcspn(p, ",");
    len +=
        snprintf(out + len, cap - (size_t)len, "%s%.*s = %lld", d ? ", " : "", (int)n, p, idx[d]);
    p += n + (p[n] == ',');
  }
}

void nurt_verify_members(const void *ptr, const char *layout) {
  for (size_t i = 0; v.active && i < v.n; i++)
    if (v.arrays[i].ptr == ptr)
      v.arrays[i].members = layout;
}

/* The member of a struct's layout at *p ("f8@16"), and p moved past it. */
static int next_member(const char **p, int *kind, size_t *size, size_t *off) {
  char k;
  int used = 0;
  if (sscanf(*p, " %c%zu@%zu%n", &k, size, off, &used) != 3)
    return 0;
  *kind = k == 'f' ? NURT_VK_FLOAT : k == 's' ? NURT_VK_SIGNED : NURT_VK_UNSIGNED;
  *p += used;
  return 1;
}

/* Element i of a differs: by its value, or by any member of a struct's. */
static int element_differs(const varray *a, const char *got, const char *exp, size_t i, double *g,
                           double *e, int *kind, size_t *size) {
  size_t at = i * a->esize, off;
  if (!a->members) {
    *kind = a->kind;
    *size = a->esize;
    *g = value_at(got + at, a->kind, a->esize);
    *e = value_at(exp + at, a->kind, a->esize);
    return differs(*g, *e, a->kind, a->esize);
  }
  for (const char *p = a->members; next_member(&p, kind, size, &off);) {
    *g = value_at(got + at + off, *kind, *size);
    *e = value_at(exp + at + off, *kind, *size);
    if (differs(*g, *e, *kind, *size))
      return 1;
  }
  return 0;
}

/* Compares `got` against `exp` over a; 0, or the number of differences
 * with the first one described in `why`. */
static size_t compare(const varray *a, const char *got, const char *exp, char *why, size_t cap) {
  size_t count = 0, first = 0, n = a->bytes / a->esize, size;
  double g, e;
  int kind;
  for (size_t i = 0; i < n; i++)
    if (element_differs(a, got, exp, i, &g, &e, &kind, &size) && !count++)
      first = i;
  if (count && why) {
    char el[256], it[256];
    long long idx[8] = {0};
    element_name(a, first * a->esize, el, sizeof el, idx);
    writer_text(a, idx, it, sizeof it);
    element_differs(a, got, exp, first, &g, &e, &kind, &size);
    snprintf(why, cap,
             "  array '%s': %zu of %zu elements differ; the first is %s\n"
             "    written by the loop iteration %s\n"
             "    expected %.17g, device %.17g (tolerance: relative %g, absolute %g)\n",
             a->name, count, n, el, it, e, g, tol_r(kind, size), tol_a(kind, size));
  }
  return count;
}

/* A reduction's terms are summed in another order, and may be computed in
 * float even when the variable is a double (Himeno's gosa += ss * ss): its
 * default tolerance is the float one, as the run-and-compare tests' 1e-4. */
static int value_differs(double got, double exp, int kind, size_t esize) {
  return differs(got, exp, kind, kind == NURT_VK_FLOAT ? 4 : esize);
}

void nurt_verify_value(const char *name, int kind, size_t esize, const void *device,
                       const void *expected) {
  if (!v.active || v.nvalues == 16)
    return;
  vvalue *x = &v.values[v.nvalues++];
  *x = (vvalue){name, kind, value_at(device, kind, esize), value_at(expected, kind, esize)};
  if (v.bad || !value_differs(x->dev, x->exp, kind, esize))
    return;
  v.bad = 1;
  double rel = x->exp != 0 ? fabs(x->dev - x->exp) / fabs(x->exp) : INFINITY;
  size_t tsize = kind == NURT_VK_FLOAT ? 4 : esize;
  int len = snprintf(v.report, sizeof v.report,
                     "  reduction '%s': expected %.17g, device %.17g (relative difference %.3g; "
                     "tolerance: relative %g, absolute %g)\n",
                     name, x->exp, x->dev, rel, tol_r(kind, tsize), tol_a(kind, tsize));
  /* arrays right and a reduction a few percent off: the order of the sum */
  if (kind == NURT_VK_FLOAT && rel < 0.1) {
    v.fragile = 1;
    snprintf(v.report + len, sizeof v.report - (size_t)len,
             "    a relative difference this small in a floating-point reduction is most likely "
             "the order of the sum: the kernel adds the terms in a tree per work-group, the loop "
             "one by one, and this sum depends on the order: a numerically fragile reduction; "
             "raise NU_VERIFY_RTOL if it is acceptable\n");
  }
}

int nurt_verify_check(void) {
  if (!v.active)
    return 0;
  for (size_t i = 0; i < v.n; i++) {
    varray *a = &v.arrays[i];
    if (!(a->mode & NURT_OUT))
      continue;
    a->expected = copy_of(a->lo, a->bytes);
    /* the exponent's top bit of the first element: a difference no
     * tolerance hides, so that a test sees the whole path of a mismatch */
    if (v.fault && a->bytes >= a->esize && a->esize) {
      a->device[a->esize - 1] ^= 0x40;
      v.fault = 0;
    }
    if (!v.bad && compare(a, a->device, a->expected, v.report, sizeof v.report))
      v.bad = 1;
  }
  return v.bad;
}

void nurt_verify_restore(void) { restore(); }

void *nurt_verify_before(const void *ptr) {
  for (size_t i = 0; i < v.n; i++)
    if (v.arrays[i].ptr == ptr)
      return v.arrays[i].before + (v.arrays[i].ptr - v.arrays[i].lo);
  nurt_fatal("internal error: NU_VERIFY has no copy of the array at %p", ptr);
}

static int step_value_bad;

void nurt_verify_step_value(int kind, size_t esize, const void *got, const void *expected) {
  if (value_differs(value_at(got, kind, esize), value_at(expected, kind, esize), kind, esize))
    step_value_bad = 1;
}

void nurt_verify_step(const char *step) {
  if (v.step_found)
    return;
  char why[1024] = "";
  int bad = step_value_bad;
  step_value_bad = 0;
  for (size_t i = 0; i < v.n && !bad; i++) {
    varray *a = &v.arrays[i];
    if ((a->mode & NURT_OUT) && compare(a, a->lo, a->expected, why, sizeof why))
      bad = 1;
  }
  size_t len = strlen(v.steps);
  if (bad) {
    v.step_found = 1;
    snprintf(v.steps + len, sizeof v.steps - len,
             "  the sequential code after step '%s' already differs from the original loop: "
             "this transformation step changed the result\n%s",
             step, why);
  } else {
    snprintf(v.steps + len, sizeof v.steps - len,
             "  the sequential code after step '%s' computes the original loop's result\n", step);
  }
}

int nurt_verify_rerun_begin(void) {
  /* nothing to learn where the program already forbids contraction */
  if (!v.active || !v.bad || nurt_module_exact(v.module))
    return 0;
  restore();
  v.rerun_bad = 0;
  nurt_launch_exact(1);
  return 1;
}

void nurt_verify_rerun_value(int kind, size_t esize, const void *got, const void *expected) {
  if (value_differs(value_at(got, kind, esize), value_at(expected, kind, esize), kind, esize))
    v.rerun_bad = 1;
}

void nurt_verify_rerun_end(void) {
  nurt_launch_exact(0);
  for (size_t i = 0; i < v.n && !v.rerun_bad; i++) {
    varray *a = &v.arrays[i];
    if (!(a->mode & NURT_OUT))
      continue;
    nurt_host_access(a->lo, 0); /* waits for the kernels */
    if (compare(a, a->lo, a->expected, NULL, 0))
      v.rerun_bad = 1;
  }
  v.exact = v.rerun_bad ? -1 : 1;
}

void nurt_verify_end(void) {
  if (!v.active)
    return;
  v.active = 0;
  if (!v.bad) {
    /* NU_VERIFY checks a copy of the state, not the state: each array goes
     * back to the state the run would have without the check (the kernels'
     * results on the device), so that the check neither causes nor hides a
     * copy of the run's own.  The host's bytes are the sequential loop's,
     * which equal the device's within the tolerance. */
    for (size_t i = 0; i < v.n; i++) {
      varray *a = &v.arrays[i];
      if ((a->mode & NURT_OUT) || a->state == NURT_DEVICE_FRESH)
        nurt_sync_reinstate(a->lo, a->bytes, NURT_DEVICE_FRESH);
    }
    return;
  }
  /* the host keeps the sequential results; the program stops here */
  fflush(stdout);
  fprintf(stderr,
          "nurt: NU_VERIFY: the kernels of the loop at %s:%d (kernel %s) differ from the "
          "sequential loop\n%s%s",
          v.file, v.line, v.kernel, v.report, v.steps);
  if (v.exact > 0)
    fprintf(stderr, "  the kernels built without contraction (#pragma OPENCL FP_CONTRACT OFF) "
                    "compute the sequential result: the difference is floating-point "
                    "contraction, a*b + c fused into one multiply-add that rounds once where "
                    "the loop rounds twice; neither is wrong, and nucc -ffp-contract=off makes "
                    "the kernels round as the loop does (docs/usage.md, \"Rounding\")\n");
  else if (v.exact < 0)
    fprintf(stderr, "  the kernels built without contraction differ as well: fused "
                    "multiply-adds are not the cause\n");
  if (!v.step_found && !v.fragile && v.exact <= 0)
    fprintf(stderr, "  %s\n",
            v.steps[0]
                ? "every transformation step alone computes the sequential result: the parallel "
                  "execution differs (a dependence between iterations, hidden by an "
                  "`independent` promise, or a kernel miscompiled)"
                : "the nest has no transformation step: the parallel execution differs (a "
                  "dependence between iterations, hidden by an `independent` promise, or a "
                  "kernel miscompiled)");
  exit(3);
}
