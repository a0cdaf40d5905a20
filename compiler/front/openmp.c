/* openmp.c — `#pragma omp` lines read as annotations, for --openmp (pure: no
 * libclang, as pragma.c).  Receives the text after "#pragma omp"; hands on
 * what the line means on a GPU: a loop directive (`parallel for`, `for`)
 * as the `#pragma nu` annotations it stands for (work with sizes nucc picks,
 * reduce, and OpenMP's promise of independence), a `parallel` region that
 * the output drops when it holds an offloaded loop, a construct with no GPU
 * meaning inside an offloaded loop, or a line left as written (the front end
 * warns about it).  docs/openmp.md gives the mapping. */
#include "openmp.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef struct Lex {
  const char *p;
} Lex;

static void skip(Lex *l) {
  while (*l->p && (isspace((unsigned char)*l->p) || *l->p == ','))
    l->p++;
}

/* The next word (a directive or clause name), or NULL at the end. */
static char *word(Lex *l) {
  skip(l);
  const char *b = l->p;
  while (*l->p && (isalnum((unsigned char)*l->p) || *l->p == '_'))
    l->p++;
  return l->p > b ? xstrndup(b, (size_t)(l->p - b)) : NULL;
}

/* A clause's parenthesised argument, without the parentheses, or NULL. */
static char *paren(Lex *l) {
  while (*l->p == ' ' || *l->p == '\t')
    l->p++;
  if (*l->p != '(')
    return NULL;
  const char *b = ++l->p;
  int depth = 1;
  while (*l->p && depth) {
    if (*l->p == '(')
      depth++;
    else if (*l->p == ')')
      depth--;
    l->p++;
  }
  return xstrndup(b, (size_t)(l->p - b - (depth ? 0 : 1)));
}

static bool is(const char *w, const char *s) { return w && !strcmp(w, s); }

/* reduction([modifier,] op: list) as reduce(op: list); OpenMP's `-` is a sum. */
static bool reduction(const char *arg, Buf *out, char **why) {
  const char *colon = strrchr(arg, ':');
  if (!colon) {
    *why = xformat("reduction(%s): expected 'operator: list'", arg);
    return false;
  }
  const char *ob = arg;
  for (const char *c = arg; c < colon; c++) /* reduction(inscan, +: x): the last part */
    if (*c == ',')
      ob = c + 1;
  char *op = xstrndup(ob, (size_t)(colon - ob));
  char *t = op;
  while (isspace((unsigned char)*t))
    t++;
  size_t n = strlen(t);
  while (n && isspace((unsigned char)t[n - 1]))
    t[--n] = 0;
  static const char *ok[] = {"+", "*", "min", "max", "&", "|", "^", "&&", "||"};
  const char *mapped = is(t, "-") ? "+" : NULL;
  for (size_t i = 0; !mapped && i < sizeof ok / sizeof *ok; i++)
    if (is(t, ok[i]))
      mapped = ok[i];
  if (!mapped) {
    *why = xformat("reduction(%s: ...): the operator has no reduce() counterpart (use + - * "
                   "min max & | ^ && ||)",
                   t);
    return false;
  }
  buf_printf(out, " reduce(%s: %s)", mapped, colon + 1);
  return true;
}

/* Work-group sizes nucc picks: 64 work-items, the innermost loop widest
 * (it is NDRange dimension 0, where accesses coalesce). */
static const char *sizes[] = {"", "work(64)", "work(4, 16)", "work(2, 2, 16)"};

static OmpKind loop(Lex *l, Buf *out, char **why) {
  int collapse = 1;
  Buf clauses = {0};
  buf_puts(&clauses, "");
  for (char *w; (w = word(l));) {
    char *arg = paren(l);
    if (is(w, "collapse")) {
      collapse = arg ? (int)strtol(arg, NULL, 10) : 0;
      if (collapse < 1 || collapse > 3) {
        *why = xformat("collapse(%s): at most 3 loops map to an NDRange", arg ? arg : "");
        return OMP_ERROR;
      }
    } else if (is(w, "reduction")) {
      if (!arg || !reduction(arg, &clauses, why))
        return OMP_ERROR;
    } else if ((is(w, "private") || is(w, "firstprivate")) && arg) {
      buf_printf(&clauses, " %s(%s)", w, arg);
    } else if (is(w, "ordered") || is(w, "linear")) {
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
  buf_printf(out, "%s independent%s", sizes[collapse], clauses.s);
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
    char *w = word(&l);
    const char *p = l.p;
    while (*p == ' ' || *p == '\t')
      p++;
    if (!w || (*p == '(' && !strstr(out.s, "declare")) || is(w, "nowait")) {
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
    if (is(w, ws[i]))
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
  char *w = word(&l);
  while (is(w, "target") || is(w, "teams") || is(w, "parallel")) {
    lead = true;
    target |= is(w, "target");
    save = l.p;
    w = word(&l);
  }
  if (is(w, "distribute")) { /* distribute [parallel for] [simd] */
    save = l.p;
    char *w2 = word(&l);
    if (is(w2, "parallel")) {
      save = l.p;
      w2 = word(&l);
    }
    if (!is(w2, "for"))
      l.p = save;
    w = "for";
  }
  if (is(w, "for") || is(w, "loop")) {
    save = l.p;
    if (!is(word(&l), "simd"))
      l.p = save;
    OmpKind k = loop(&l, &out, why);
    *annots = out.s;
    return k;
  }
  if (lead && (!w || !construct_word(w))) {
    l.p = save;
    return OMP_REGION; /* parallel, target, teams and their combinations */
  }
  if (target && is(w, "data"))
    return OMP_REGION;
  if (target && (is(w, "enter") || is(w, "exit") || is(w, "update"))) {
    *why = xstrdup("nurt moves the data kernels use by itself");
    return OMP_IGNORE;
  }
  if (lead && (is(w, "sections") || is(w, "master") || is(w, "masked") || is(w, "single") ||
               is(w, "workshare"))) {
    *why = xformat("'#pragma omp %s'", omp_name(text));
    return OMP_NO_GPU;
  }
  if (is(w, "atomic"))
    return OMP_ATOMIC;
  static const char *no_gpu[] = {"critical", "barrier", "single",   "master",   "masked",
                                 "ordered",  "flush",   "task",     "taskwait", "taskloop",
                                 "sections", "section", "taskgroup"};
  for (size_t i = 0; i < sizeof no_gpu / sizeof *no_gpu; i++)
    if (is(w, no_gpu[i])) {
      *why = xformat("'#pragma omp %s'", w);
      return OMP_NO_GPU;
    }
  if (is(w, "threadprivate")) {
    *annots = paren(&l);
    return OMP_THREADPRIVATE;
  }
  if (is(w, "simd"))
    *why = xstrdup("nucc offloads only a loop with a 'for' or 'loop' directive");
  else if (is(w, "declare"))
    *why = xstrdup("nucc finds the functions kernels call by itself");
  else
    *why = xstrdup("nucc has no counterpart for it");
  return OMP_IGNORE;
}
