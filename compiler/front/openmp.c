/* openmp.c — `#pragma omp` lines read as annotations, for --openmp (pure: no
 * libclang, as pragma.c).  Receives the text after "#pragma omp"; hands on
 * what the line means on a GPU: a loop directive (`parallel for`, `for`)
 * as the `#pragma nu` annotations it stands for (work with sizes nucc picks,
 * reduce, and OpenMP's promise of independence), a `parallel` region that
 * the output drops when it holds an offloaded loop, a construct with no GPU
 * meaning inside an offloaded loop, a loop transformation (`tile`, `unroll`,
 * `interchange`, `fuse`, OpenMP 5.1/6.0) as the chain's annotation it stands for, a
 * data directive as a hint or a host sync, or a line left as written (the
 * front end warns about it).  docs/openmp.md gives the mapping. */
#include "openmp.h"
#include "directive.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static OmpKind loop(Lex *l, Buf *out, char **why) {
  int collapse = 1;
  bool collapse_given = false;
  Buf clauses = {0};
  buf_puts(&clauses, "");
  for (char *w; (w = dir_word(l));) {
    char *arg = dir_paren(l);
    if (dir_is(w, "collapse")) {
      collapse_given = true;
      collapse = arg ? (int)strtol(arg, NULL, 10) : 0;
      if (collapse < 1 || collapse > 3) {
        *why = xformat("collapse(%s): at most 3 loops map to an NDRange", arg ? arg : "");
        return OMP_ERROR;
      }
    } else if (dir_is(w, "reduction")) {
      if (!arg || !dir_reduction(arg, &clauses, why))
        return OMP_ERROR;
    } else if ((dir_is(w, "private") || dir_is(w, "firstprivate")) && arg) {
      buf_printf(&clauses, " %s(%s)", w, arg);
    } else if (dir_is(w, "ordered") || dir_is(w, "linear")) {
      *why = xformat("'%s' has no GPU meaning: the iterations of an offloaded loop run in no "
                     "order",
                     w);
      return OMP_ERROR;
    }
    /* lastprivate, shared, default, schedule,
     * num_threads, nowait, proc_bind, if, copyin, simd's clauses: the
     * analyses find private scalars and last values themselves, and the
     * rest is about CPU threads */
  }
  /* one loop named: the analyses may map the parallel loops inside it too
   * (a bare work, which decides); collapse(n) names the loops to map */
  buf_printf(out, "%s independent%s", collapse_given ? dir_sizes(collapse) : "work", clauses.s);
  return OMP_LOOP;
}

/* The list of a clause such as sizes(8, 4) with its blanks tidied, or NULL. */
static char *list_arg(const char *arg) {
  if (!arg)
    return NULL;
  Buf b = {0};
  buf_puts(&b, "");
  Lex l = {arg};
  int n = 0;
  while (*l.p) {
    while (*l.p == ' ' || *l.p == '\t' || *l.p == ',')
      l.p++;
    const char *b0 = l.p;
    int depth = 0;
    while (*l.p && (depth || *l.p != ',')) {
      depth += (*l.p == '(') - (*l.p == ')');
      l.p++;
    }
    size_t len = (size_t)(l.p - b0);
    while (len && isspace((unsigned char)b0[len - 1]))
      len--;
    if (len)
      buf_printf(&b, "%s%.*s", n++ ? ", " : "", (int)len, b0);
  }
  return n ? b.s : NULL;
}

/* The directive as written, blanks squeezed: "omp tile sizes(8, 4)", which
 * --explain shows beside the annotation it stands for. */
static char *omp_text(const char *text) {
  Buf b = {0};
  buf_puts(&b, "omp");
  bool blank = true;
  for (const char *p = text; *p; p++) {
    if (isspace((unsigned char)*p) || *p == '\\')
      blank = true;
    else {
      if (blank && b.s[b.len - 1] != '(' && *p != ')' && *p != ',')
        buf_puts(&b, " ");
      blank = false;
      buf_printf(&b, "%c", *p);
    }
  }
  return b.s;
}

/* A loop transformation (OpenMP 5.1/6.0, as Clang reads them) as the
 * chain's annotation: the engine checks it as it checks `#pragma nu`.  A
 * bare `unroll` (and `partial` without a factor) leaves the factor to the
 * implementation in OpenMP, which Clang leaves to LLVM's heuristics: nucc
 * leaves it to the OpenCL compiler's, with no annotation. */
static OmpKind transform(Lex *l, const char *w, Buf *out, char **why) {
  char *sizes = NULL, *perm = NULL, *counts = NULL, *range = NULL;
  bool full = false, partial = false;
  buf_puts(out, "");
  for (char *c; (c = dir_word(l));) {
    char *arg = dir_paren(l);
    if (dir_is(w, "fuse") && !dir_is(c, "looprange")) {
      /* apply(...) transforms the loops fuse generates: nucc reads the
       * transformation written as a directive above instead */
      *why = xformat("'%s' is not a clause of '#pragma omp fuse' that nucc reads (only "
                     "looprange(first, count))",
                     c);
      return OMP_ERROR;
    }
    if (dir_is(c, "looprange"))
      range = list_arg(arg);
    else if (dir_is(c, "sizes"))
      sizes = list_arg(arg);
    else if (dir_is(c, "permutation"))
      perm = list_arg(arg);
    else if (dir_is(c, "counts"))
      counts = list_arg(arg);
    else if (dir_is(c, "full"))
      full = true;
    else if (dir_is(c, "partial")) {
      partial = true;
      sizes = list_arg(arg);
    } else {
      *why = xformat("'%s' is not a clause of '#pragma omp %s'", c, w);
      return OMP_ERROR;
    }
  }
  if (dir_is(w, "tile")) {
    if (!sizes) {
      *why = xstrdup("'#pragma omp tile' needs sizes(...)");
      return OMP_ERROR;
    }
    buf_printf(out, "tile(%s)", sizes);
  } else if (dir_is(w, "unroll")) {
    if (full && partial) {
      *why = xstrdup("'#pragma omp unroll': 'full' and 'partial' exclude each other");
      return OMP_ERROR;
    }
    if (full)
      buf_puts(out, "inline");
    else if (sizes)
      buf_printf(out, "unroll(%s)", sizes);
  } else if (dir_is(w, "interchange")) {
    buf_printf(out, "permut(%s)", perm ? perm : "2, 1");
  } else if (dir_is(w, "fuse")) {
    /* the engine checks the range against the block's loops */
    if (range)
      buf_printf(out, "fuse(%s)", range);
    else
      buf_puts(out, "fuse");
  } else { /* split counts(f, omp_fill[, b]): peel's front and back */
    Vec parts = {0};
    Lex cl = {counts ? counts : ""};
    for (char *c; (c = dir_word(&cl));)
      vec_push(&parts, c);
    int fill = -1, fills = 0;
    for (int i = 0; i < parts.len; i++)
      if (dir_is(parts.items[i], "omp_fill")) {
        fill = i;
        fills++;
      }
    if (fills != 1 || parts.len > 3 || (parts.len == 3 && fill != 1)) {
      *why = xformat("split counts(%s): nucc maps only counts(f, omp_fill), counts(omp_fill, "
                     "b) and counts(f, omp_fill, b), onto peel(f, b)",
                     counts ? counts : "");
      return OMP_ERROR;
    }
    buf_printf(out, "peel(%s, %s)", fill > 0 ? (char *)parts.items[0] : "0",
               fill + 1 < parts.len ? (char *)parts.items[fill + 1] : "0");
  }
  return OMP_TRANSFORM;
}

/* The colon after a clause's modifiers (map(present, to: a[0:n])), not one
 * of a section: NULL when there is none. */
static const char *top_colon(const char *arg) {
  int depth = 0;
  for (const char *p = arg; *p; p++) {
    depth += (*p == '[' || *p == '(') - (*p == ']' || *p == ')');
    if (!depth && *p == ':')
      return p;
  }
  return NULL;
}

/* The map clauses of a line: map([modifiers,] [type:] list). */
void omp_maps(const char *text, OmpMaps *m) {
  Lex l = {text};
  for (char *w; (w = dir_word(&l));) {
    if (!dir_is(w, "map"))
      continue;
    char *arg = dir_paren(&l);
    if (!arg)
      continue;
    const char *colon = top_colon(arg);
    bool is_present = false, gone = false, to = false, from = false;
    if (colon) {
      Lex ml = {xstrndup(arg, (size_t)(colon - arg))};
      for (char *t; (t = dir_word(&ml));) {
        is_present |= dir_is(t, "present");
        gone |= dir_is(t, "release") || dir_is(t, "delete");
        to |= dir_is(t, "to");
        from |= dir_is(t, "from") || dir_is(t, "alloc");
      }
    }
    const char *list = colon ? colon + 1 : arg;
    if (gone)
      continue;
    dir_names(list, is_present ? &m->present : &m->copied);
    if (!is_present && to)
      dir_names(list, &m->to);
    if (!is_present && from)
      dir_names(list, &m->from);
  }
}

/* The construct's name as the user wrote it, its leading words without the
 * clauses: "target enter data", "critical". */
char *omp_name(const char *text) {
  Lex l = {text};
  Buf out = {0};
  buf_puts(&out, "");
  for (int n = 0; n < 6; n++) {
    const char *save = l.p;
    char *w = dir_word(&l);
    const char *p = l.p;
    while (*p == ' ' || *p == '\t')
      p++;
    if (!w || (*p == '(' && !strstr(out.s, "declare")) || dir_is(w, "nowait")) {
      l.p = save;
      break;
    }
    buf_printf(&out, "%s%s", n ? " " : "", w);
  }
  return out.s;
}

/* Words that name a construct after `target`, `teams` or `parallel` in a
 * combined one; any other word there is a clause. */
static bool construct_word(const char *w) {
  static const char *ws[] = {"for",       "loop",     "distribute", "simd",   "data",    "enter",
                             "exit",      "update",   "sections",   "master", "masked",  "single",
                             "workshare", "taskloop", "target",     "teams",  "parallel"};
  for (size_t i = 0; i < sizeof ws / sizeof *ws; i++)
    if (dir_is(w, ws[i]))
      return true;
  return false;
}

OmpKind omp_parse(const char *text, char **annots, char **why) {
  Lex l = {text};
  Buf out = {0};
  *annots = NULL;
  *why = NULL;
  /* a combined construct (`target teams distribute parallel for`): the
   * loop at its end is what matters; target's map clauses are not needed,
   * since nurt moves the data a kernel uses by itself */
  bool lead = false, target = false;
  const char *save = l.p;
  char *w = dir_word(&l);
  while (dir_is(w, "target") || dir_is(w, "teams") || dir_is(w, "parallel")) {
    lead = true;
    target |= dir_is(w, "target");
    save = l.p;
    w = dir_word(&l);
  }
  if (dir_is(w, "distribute")) { /* distribute [parallel for] [simd] */
    save = l.p;
    char *w2 = dir_word(&l);
    if (dir_is(w2, "parallel")) {
      save = l.p;
      w2 = dir_word(&l);
    }
    if (!dir_is(w2, "for"))
      l.p = save;
    w = "for";
  }
  if (dir_is(w, "for") || dir_is(w, "loop")) {
    save = l.p;
    if (!dir_is(dir_word(&l), "simd"))
      l.p = save;
    OmpKind k = loop(&l, &out, why);
    *annots = out.s;
    return k;
  }
  if (lead && (!w || !construct_word(w))) {
    l.p = save;
    return OMP_REGION; /* parallel, target, teams and their combinations */
  }
  if (target && dir_is(w, "data"))
    return OMP_REGION;
  if (target && (dir_is(w, "enter") || dir_is(w, "exit")))
    return OMP_HINT; /* nurt moves the data kernels use by itself */
  if (target && dir_is(w, "update")) {
    /* from(list) before host code: made to happen where it stands, as
     * OpenACC's update host; to(list): the next launch that reads an array
     * the host wrote uploads it */
    Buf sync = {0};
    buf_puts(&sync, "");
    for (char *c; (c = dir_word(&l));) {
      char *arg = dir_paren(&l);
      if (dir_is(c, "from") && arg) {
        const char *colon = top_colon(arg); /* from(present: a) */
        dir_host_syncs(colon ? colon + 1 : arg, &sync);
      }
    }
    if (!*sync.s)
      return OMP_HINT;
    *annots = sync.s;
    return OMP_SYNC;
  }
  if (!lead && (dir_is(w, "tile") || dir_is(w, "unroll") || dir_is(w, "interchange") ||
                dir_is(w, "split") || dir_is(w, "fuse"))) {
    OmpKind k = transform(&l, w, &out, why);
    if (k == OMP_TRANSFORM) {
      *annots = out.s;
      *why = omp_text(text);
    }
    return k;
  }
  if (!lead && (dir_is(w, "reverse") || dir_is(w, "stripe") || dir_is(w, "flatten"))) {
    *why = xstrdup(dir_is(w, "reverse")
                       ? "nucc has no loop reversal (under a loop directive the order of the "
                         "iterations does not matter: each work-item runs one)"
                       : "nucc has no counterpart for it (tile is the nearest)");
    return OMP_IGNORE;
  }
  if (lead && (dir_is(w, "sections") || dir_is(w, "master") || dir_is(w, "masked") ||
               dir_is(w, "single") || dir_is(w, "workshare"))) {
    *why = xformat("'#pragma omp %s'", omp_name(text));
    return OMP_NO_GPU;
  }
  if (dir_is(w, "atomic"))
    return OMP_ATOMIC;
  static const char *no_gpu[] = {"critical", "barrier", "single",   "master",   "masked",
                                 "ordered",  "flush",   "task",     "taskwait", "taskloop",
                                 "sections", "section", "taskgroup"};
  for (size_t i = 0; i < sizeof no_gpu / sizeof *no_gpu; i++)
    if (dir_is(w, no_gpu[i])) {
      *why = xformat("'#pragma omp %s'", w);
      return OMP_NO_GPU;
    }
  if (dir_is(w, "threadprivate")) {
    *annots = dir_paren(&l);
    return OMP_THREADPRIVATE;
  }
  if (dir_is(w, "simd"))
    *why = xstrdup("nucc offloads only a loop with a 'for' or 'loop' directive");
  else if (dir_is(w, "declare"))
    *why = xstrdup("nucc finds the functions kernels call by itself");
  else
    *why = xstrdup("nucc has no counterpart for it");
  return OMP_IGNORE;
}
