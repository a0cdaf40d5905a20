/* openmp.c — `#pragma omp` lines read as annotations, for --openmp (pure: no
 * libclang, as pragma.c).  Receives the text after "#pragma omp"; hands on
 * what the line means on a GPU: a loop directive (`parallel for`, `for`)
 * as the `#pragma nu` annotations it stands for (work with sizes nucc picks,
 * reduce, and OpenMP's promise of independence), a `parallel` region that
 * the output drops when it holds an offloaded loop, a construct with no GPU
 * meaning inside an offloaded loop, or a line left as written (the front end
 * warns about it).  docs/openmp.md gives the mapping. */
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
  if (target && (dir_is(w, "enter") || dir_is(w, "exit") || dir_is(w, "update"))) {
    *why = xstrdup("nurt moves the data kernels use by itself");
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
