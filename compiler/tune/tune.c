/* tune.c — nucc --tune: for each `#pragma nu work` line, a bounded greedy
 * search over chains (work-group shapes first, then a reduction's stride,
 * then dmine, unroll, permut, tilem, cache, vector and bare work on the best
 * shape, then steps in the best chain's dmine/unroll/tilem factors while
 * they pay), each candidate measured by measure.c; writes the input with
 * only the winning pragma lines changed, prints the table, and remembers
 * the result per source, device and options. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, readlink */
#include "tune.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* One annotated nest the search may change. */
typedef struct TNest {
  int idx;             /* 0-based line of its `#pragma nu` */
  int hi;              /* its kernels are those of lines idx+1 .. hi (1-based) */
  const char *head;    /* the line up to the annotations */
  const char *tail;    /* a comment after them, kept */
  const char *written; /* the annotations as written */
  const char *clauses; /* work's clauses, spelled ("" when none) */
  const char *rest;    /* the transformations below work, spelled */
  int k;               /* loops work maps; 0: bare work */
  const char *sizes;   /* work's arguments */
  bool has_cache, has_dmine, has_permut, has_vector;
  const char *winner;
} TNest;

typedef struct Cand {
  const char *chain, *sizes, *extra;
  TuneRun r;
} Cand;

static bool is_clause(const char *name) {
  static const char *const names[] = {"size",   "independent", "private", "firstprivate",
                                      "reduce", "cache",       "stride"};
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (!strcmp(name, names[i]))
      return true;
  return false;
}

/* Where the annotations of a `#pragma nu` line start, or NULL. */
static const char *pragma_text(const char *line) {
  const char *p = line + strspn(line, " \t");
  if (*p != '#')
    return NULL;
  p += 1 + strspn(p + 1, " \t");
  if (strncmp(p, "pragma", 6) != 0 || !strchr(" \t", p[6]))
    return NULL;
  p += 6 + strspn(p + 6, " \t");
  if (strncmp(p, "nu", 2) != 0 || !strchr(" \t", p[2]))
    return NULL;
  return p + 2 + strspn(p + 2, " \t");
}

static bool blank_or_comment(const char *line) {
  const char *p = line + strspn(line, " \t\r");
  return !*p || !strncmp(p, "//", 2);
}

/* Reads a chain's annotations into n (k, sizes, clauses, rest); false when
 * it does not start with work or does not parse. */
static bool read_chain(const char *text, int line, TNest *n) {
  Vec list = {0};
  if (!pragma_parse(text, (SrcLoc){.line = line, .col = 1}, &list) || !list.len)
    return false;
  Annot *w = list.items[0];
  if (strcmp(w->name, "work") != 0)
    return false;
  Buf sizes = {0}, clauses = {0}, rest = {0};
  buf_puts(&sizes, "");
  buf_puts(&clauses, "");
  buf_puts(&rest, "");
  for (int i = 0; i < w->nargs; i++)
    buf_printf(&sizes, "%s%s", i ? "," : "", w->args[i].text);
  n->k = w->nargs;
  n->sizes = sizes.s;
  for (int i = 1; i < list.len; i++) {
    Annot *a = list.items[i];
    Buf *to = is_clause(a->name) ? &clauses : &rest;
    if (to->len)
      buf_puts(to, " ");
    pragma_spell(a, to);
    n->has_cache |= !strcmp(a->name, "cache");
    n->has_dmine |= !strcmp(a->name, "dmine") || !strcmp(a->name, "tilem");
    n->has_permut |= !strcmp(a->name, "permut");
    n->has_vector |= !strcmp(a->name, "vector");
  }
  n->clauses = clauses.s;
  n->rest = rest.s;
  return true;
}

/* The nests of the input the search changes: a single `#pragma nu` line
 * that starts with work.  A chain over several lines, or continued with a
 * backslash, is left as written, with a note. */
static Vec find_nests(Vec *lines, const char *input) {
  Vec nests = {0};
  for (int i = 0; i < lines->len; i++) {
    const char *line = lines->items[i], *text = pragma_text(line);
    if (!text)
      continue;
    int prev = i - 1, next = i + 1;
    while (prev >= 0 && blank_or_comment(lines->items[prev]))
      prev--;
    while (next < lines->len && blank_or_comment(lines->items[next]))
      next++;
    bool alone = !(prev >= 0 && pragma_text(lines->items[prev])) &&
                 !(next < lines->len && pragma_text(lines->items[next])) &&
                 line[strlen(line) - (line[0] != 0)] != '\\';
    const char *cut = strstr(text, "//");
    const char *c2 = strstr(text, "/*");
    if (c2 && (!cut || c2 < cut))
      cut = c2;
    TNest *n = NEW(TNest);
    n->idx = i;
    n->head = xstrndup(line, text - line);
    n->written = cut ? xstrndup(text, cut - text) : xstrdup(text);
    for (size_t l = strlen(n->written); l && strchr(" \t\r", n->written[l - 1]); l--)
      ((char *)n->written)[l - 1] = 0;
    n->tail = cut ? xformat(" %s", cut) : "";
    if (strncmp(n->written, "work", 4) != 0 || (n->written[4] && !strchr(" \t(", n->written[4])))
      continue;
    if (!alone) {
      printf("nucc --tune: %s:%d: kept as written: a chain over several lines is not tuned\n",
             input, i + 1);
      continue;
    }
    if (!read_chain(n->written, i + 1, n))
      continue;
    vec_push(&nests, n);
  }
  for (int j = 0; j < nests.len; j++) {
    TNest *n = nests.items[j];
    n->hi = j + 1 < nests.len ? ((TNest *)nests.items[j + 1])->idx : lines->len;
  }
  return nests;
}

static Vec split_lines(char *text) {
  Vec v = {0};
  for (char *p = text; *p;) {
    char *nl = strchr(p, '\n');
    vec_push(&v, nl ? xstrndup(p, nl - p) : xstrdup(p));
    if (!nl)
      break;
    p = nl + 1;
  }
  return v;
}

/* The input with each nest's line holding its chain (its winner, or `chain`
 * for `only`). */
static char *variant(Vec *lines, bool final_nl, Vec *nests, TNest *only, const char *chain) {
  Buf b = {0};
  buf_puts(&b, "");
  int j = 0;
  for (int i = 0; i < lines->len; i++) {
    TNest *n = j < nests->len ? nests->items[j] : NULL;
    if (n && n->idx == i) {
      const char *c = n == only ? chain : n->winner ? n->winner : n->written;
      buf_printf(&b, "%s%s%s", n->head, c, n->tail);
      j++;
    } else {
      buf_puts(&b, lines->items[i]);
    }
    if (i + 1 < lines->len || final_nl)
      buf_puts(&b, "\n");
  }
  return b.s;
}

static const char *canon(const char *s) {
  Buf b = {0};
  buf_puts(&b, "");
  for (; *s; s++)
    if (!strchr(" \t", *s))
      buf_printf(&b, "%c", *s);
  return b.s;
}

static const char *make_chain(const TNest *n, const char *sizes, const char *extra) {
  Buf b = {0};
  buf_puts(&b, "work");
  if (sizes)
    buf_printf(&b, "(%s)", sizes);
  if (*n->clauses)
    buf_printf(&b, " %s", n->clauses);
  if (extra && *extra)
    buf_printf(&b, " %s", extra);
  if (sizes && *n->rest)
    buf_printf(&b, " %s", n->rest);
  return b.s;
}

static const char *shapes[4][6] = {
    {0},
    {"32", "64", "128", "256", 0},
    {"8,8", "16,16", "4,32", "8,32", "2,64", 0},
    {"1,8,32", "2,4,32", "4,4,16", "4,8,8", 0},
};

/* The input arrays of nucc --report's kernel line ("a in[96][96]"), as
 * cache's list, or NULL. */
static const char *read_arrays(const char *info) {
  const char *p = info ? strstr(info, "arrays: ") : NULL;
  if (!p)
    return NULL;
  p += 8;
  Buf b = {0};
  while (*p && *p != '\n' && *p != ';') {
    size_t n = strcspn(p, " ,;\n");
    const char *name = p;
    p += n;
    if (!strncmp(p, " in[", 4))
      buf_printf(&b, "%s%.*s", b.len ? ", " : "", (int)n, name);
    p += strcspn(p, ",;\n");
    if (*p == ',')
      p += 1 + strspn(p + 1, " ");
  }
  return b.len ? xformat("cache(%s)", b.s) : NULL;
}

/* The chain bare work chose, from nucc --report's hint, or NULL. */
static const char *read_choice(const char *info) {
  const char *p = info ? strstr(info, "chose '") : NULL;
  if (!p)
    return NULL;
  p += 7;
  const char *q = strchr(p, '\'');
  return q ? xstrndup(p, q - p) : NULL;
}

typedef struct Search {
  TuneEnv *env;
  Vec *lines, *nests;
  bool final_nl;
  Vec cands; /* Cand* of the nest under search */
  const char *fault;
} Search;

static Cand *try_chain(Search *s, TNest *n, const char *chain, const char *sizes, const char *extra,
                       const TuneRun *ref) {
  for (int i = 0; i < s->cands.len; i++)
    if (!strcmp(canon(((Cand *)s->cands.items[i])->chain), canon(chain)))
      return NULL;
  Cand *c = NEW(Cand);
  c->chain = chain;
  c->sizes = sizes;
  c->extra = extra;
  vec_push(&s->cands, c);
  if (tune_now() > s->env->deadline) {
    c->r.why = "not run: the budget is spent";
    return c;
  }
  const char *text = variant(s->lines, s->final_nl, s->nests, n, chain);
  bool fault = s->fault && !strcmp(canon(s->fault), canon(chain));
  c->r = tune_measure(s->env, text, n->idx + 1, n->hi, ref, fault);
  if (c->r.ok && c->r.ms < 0) {
    c->r.ok = false;
    c->r.why = "no kernel of this nest ran";
  }
  /* bare work: the second stage starts from the shape it chose */
  TNest chosen = *n;
  const char *choice = !sizes && c->r.ok ? read_choice(c->r.info) : NULL;
  if (choice && read_chain(choice, n->idx + 1, &chosen) && chosen.k == n->k)
    c->sizes = chosen.sizes;
  return c;
}

static Cand *best_of(Search *s) {
  Cand *best = NULL;
  for (int i = 0; i < s->cands.len; i++) {
    Cand *c = s->cands.items[i];
    if (c->r.ok && (!best || c->r.ms < best->r.ms))
      best = c;
  }
  return best;
}

static int next_factors(const char *chain, const char **at, const char **open, const char **close,
                        int f[8]);

/* `chain` with every factor of its dmine set to 1: the blocks of a vector
 * are coarsening of their own (the wave's written dmine(2,2,2) runs at
 * 24.7 ms with vector(1,1,4) on the H100, dmine(1,1,1) at about 16), and
 * the third stage climbs from there. */
static const char *dmine_ones(const char *chain) {
  const char *at = chain, *open, *close;
  int f[8], n;
  Buf b = {0};
  const char *from = chain;
  while ((n = next_factors(chain, &at, &open, &close, f)) > 0) {
    if (open - chain < 6 || strncmp(open - 6, "dmine(", 6) != 0)
      continue;
    buf_printf(&b, "%.*s", (int)(open - from), from);
    for (int i = 0; i < n; i++)
      buf_printf(&b, "%s1", i ? "," : "");
    from = close;
  }
  if (from == chain)
    return NULL; /* no dmine */
  buf_puts(&b, from);
  return b.s;
}

/* The candidates that change the best shape's chain (the second stage);
 * the fastest with vectors, when nucc took one. */
static Cand *second_stage(Search *s, TNest *n, const Cand *best, const TuneRun *ref) {
  const char *sz = best->sizes;
  int k = n->k;
  if (!sz)
    return NULL;
  const char *extras[12];
  int ne = 0;
  if (!n->has_dmine) {
    static const char *dm[4][4] = {{0},
                                   {"dmine(2)", "dmine(4)", 0},
                                   {"dmine(1,2)", "dmine(2,1)", "dmine(2,2)", 0},
                                   {"dmine(1,1,2)", "dmine(1,2,2)", 0}};
    for (int i = 0; dm[k][i]; i++)
      extras[ne++] = dm[k][i];
    extras[ne++] = k == 1 ? "unroll(2)" : k == 2 ? "unroll(1,2)" : "unroll(1,1,2)";
    extras[ne++] = k == 1 ? "tilem(4)" : k == 2 ? "tilem(2,4)" : "tilem(1,2,4)";
  }
  if (!n->has_permut && k == 2)
    extras[ne++] = "permut(2,1)";
  if (!n->has_permut && k == 3)
    extras[ne++] = "permut(2,1,3)";
  if (!n->has_cache && (extras[ne] = read_arrays(best->r.info)))
    ne++;
  for (int i = 0; i < ne; i++) {
    const char *extra =
        best->extra && *best->extra ? xformat("%s %s", extras[i], best->extra) : extras[i];
    try_chain(s, n, make_chain(n, sz, extra), sz, extra, ref);
  }
  /* vectors of 4 along the innermost mapped loop, applied first (rightmost):
   * what a stencil needs to stream at the copy bandwidth on the H100
   * (bench/results/stencil-vector-h100.txt); where the body cannot run as
   * vectors, nucc refuses the chain and the table says why */
  if (n->has_vector)
    return NULL;
  const char *chain = make_chain(n, sz, best->extra ? best->extra : "");
  const char *v = k == 1 ? "vector(4)" : k == 2 ? "vector(1,4)" : "vector(1,1,4)";
  Cand *c = try_chain(s, n, xformat("%s %s", chain, v), sz, best->extra, ref);
  if (c && !c->r.ok)
    c = NULL;
  const char *ones = dmine_ones(chain);
  Cand *d = ones ? try_chain(s, n, xformat("%s %s", ones, v), sz, best->extra, ref) : NULL;
  if (d && d->r.ok && (!c || d->r.ms < c->r.ms))
    c = d;
  return c;
}

/* The factors a transformation of `chain` takes (dmine, unroll, tilem: a
 * list of counts), the next at or after *at: its name's end in *open, the
 * list's end in *close, the counts in f[], their number returned (0: none
 * more, or not all counts). */
static int next_factors(const char *chain, const char **at, const char **open, const char **close,
                        int f[8]) {
  static const char *const names[] = {"dmine(", "unroll(", "tilem("};
  for (;;) {
    const char *first = NULL;
    size_t len = 0;
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
      const char *p = strstr(*at, names[i]);
      /* a whole word: not the tail of another name */
      while (p && p > chain && (p[-1] == '_' || (p[-1] >= 'a' && p[-1] <= 'z')))
        p = strstr(p + 1, names[i]);
      if (p && (!first || p < first))
        first = p, len = strlen(names[i]);
    }
    if (!first)
      return 0;
    *open = first + len;
    *at = *open;
    int n = 0;
    const char *p = *open;
    for (;;) {
      char *end;
      long v = strtol(p, &end, 10);
      if (end == p || v < 1 || v > 64 || n == 8)
        break;
      f[n++] = (int)v;
      p = end + strspn(end, " ");
      if (*p == ')') {
        *close = p;
        return n;
      }
      if (*p != ',')
        break;
      p++;
    }
  }
}

/* The chains one step from `chain` in one transformation's factors: one
 * factor doubled or halved, or one doubled and another halved (the same
 * work per work-item, another shape of it: GEMM's 4 x 8 against 8 x 4). */
static void factor_steps(const char *chain, Vec *out) {
  const char *at = chain, *open, *close;
  int f[8], n;
  while ((n = next_factors(chain, &at, &open, &close, f)) > 0) {
    for (int i = 0; i < n; i++)
      for (int j = -1; j < n; j++) {
        if (j == i)
          continue;
        for (int up = 0; up < 2; up++) {
          int g[8];
          memcpy(g, f, sizeof g);
          if (j < 0) { /* one factor alone */
            if (up ? f[i] > 8 : f[i] < 2 || f[i] % 2)
              continue;
            g[i] = up ? f[i] * 2 : f[i] / 2;
          } else { /* i doubled, j halved */
            if (!up || f[i] > 8 || f[j] < 2 || f[j] % 2)
              continue;
            g[i] = f[i] * 2;
            g[j] = f[j] / 2;
          }
          Buf b = {0};
          buf_printf(&b, "%.*s", (int)(open - chain), chain);
          for (int k = 0; k < n; k++)
            buf_printf(&b, "%s%d", k ? "," : "", g[k]);
          buf_puts(&b, close);
          vec_push(out, b.s);
        }
      }
  }
}

/* The third stage: from `from`, steps in its factors while one of them is
 * faster than where it stands (a bounded hill climb: the written factors
 * need not be near the best, and the second stage tries only small ones). */
static void factor_stage(Search *s, TNest *n, Cand *from, const TuneRun *ref) {
  for (int round = 0; from && round < 6 && tune_now() <= s->env->deadline; round++) {
    Vec steps = {0};
    factor_steps(from->chain, &steps);
    Cand *next = from;
    for (int i = 0; i < steps.len; i++) {
      Cand *c = try_chain(s, n, steps.items[i], from->sizes, from->extra, ref);
      if (c && c->r.ok && c->r.ms < next->r.ms)
        next = c;
    }
    xfree(steps.items);
    if (next == from)
      return;
    from = next;
  }
}

/* `text` (a chain or work's clauses) without its stride(s). */
static const char *strip_stride(const char *text) {
  Buf b = {0};
  const char *p = text, *q;
  while ((q = strstr(p, "stride(")) && (q == text || q[-1] == ' ')) {
    const char *end = strchr(q, ')');
    if (!end)
      break;
    buf_printf(&b, "%.*s", (int)(q - p), p);
    p = end + 1 + strspn(end + 1, " ");
  }
  buf_puts(&b, p);
  while (b.len && b.s[b.len - 1] == ' ')
    b.s[--b.len] = 0;
  return b.s ? b.s : "";
}

/* The s of a chain's stride(s), 0 when it has none. */
static int chain_stride(const char *chain) {
  const char *q = strstr(chain, "stride(");
  return q && (q == chain || q[-1] == ' ') ? atoi(q + 7) : 0;
}

/* `chain` with stride(st) right after work's sizes, in place of any
 * stride it has; none for st = 0. */
static const char *with_stride(const char *chain, int st) {
  const char *text = strip_stride(chain);
  if (!st)
    return text;
  size_t head = strncmp(text, "work(", 5) == 0 ? (size_t)(strchr(text, ')') - text) + 1 : 4;
  while (text[head - 1] == ' ')
    head--;
  return xformat("%.*s stride(%d)%s%s", (int)head, text, st, text[head] ? " " : "",
                 text + head + strspn(text + head, " "));
}

/* Right after the shapes: where the best chain's kernels reduce with
 * work-items that stride over the outermost mapped loop, how many
 * iterations each combines (none: nurt's choice from the device).  No one
 * stride suits every program: on the H100 a stride of 2 ran Himeno's
 * stencil 2% faster at 256 x 256 x 512 than nurt's, and halved a dot
 * product's rate (bench/results/red-finish-h100.txt).  Eight candidates,
 * before the second stage's, which a program of long runs would spend the
 * budget on first (Himeno at 256 x 256 x 512: 15 s a candidate, 170 s
 * ran out in the second stage).  The later stages keep the best stride
 * among work's clauses. */
static void stride_stage(Search *s, TNest *n, const TuneRun *ref) {
  Cand *from = best_of(s);
  if (!from || !from->r.info || !strstr(from->r.info, " reduction of ") ||
      (n->k > 1 && strstr(from->chain, "cache(")))
    return;
  static const int strides[] = {0, 1, 2, 4, 8, 16, 32, 64};
  for (size_t i = 0; i < sizeof strides / sizeof *strides; i++)
    try_chain(s, n, with_stride(from->chain, strides[i]), from->sizes, from->extra, ref);
  int st = chain_stride(best_of(s)->chain);
  const char *rest = strip_stride(n->clauses);
  n->clauses = st ? xformat("stride(%d)%s%s", st, *rest ? " " : "", rest) : rest;
}

static void print_table(Buf *t, const char *input, TNest *n, Search *s, const Cand *win) {
  buf_printf(t, "nucc --tune: %s:%d: #pragma nu %s\n", input, n->idx + 1, n->written);
  buf_printf(t, "  %12s  %s\n", "kernel ms", "chain");
  for (int i = 0; i < s->cands.len; i++) {
    Cand *c = s->cands.items[i];
    if (c->r.ok)
      buf_printf(t, "%s %12.3f  %s%s\n", c == win ? "*" : " ", c->r.ms, c->chain,
                 i == 0 ? "   (written)" : "");
    else
      buf_printf(t, "  %12s  %s%s: %s\n", "-", c->chain, i == 0 ? "   (written)" : "", c->r.why);
  }
}

/* How much faster than the written chain a candidate must be to replace
 * it: 3% where one timed run each leaves the noise unknown; else the larger
 * spread of the two chains' runs, and at least 1%.  (On the H100 Himeno at
 * 256 x 256 x 512 ran 2.4% faster by kernel time with stride(2), which
 * reaches the CUDA's rate, and 3% kept it as written:
 * bench/results/tune-pad-h100.txt.) */
static double tune_margin(const Search *s, const Cand *w, const Cand *c) {
  if (s->env->o->runs < 2)
    return 0.03;
  double m = 0.01;
  const TuneRun *r[] = {&w->r, &c->r};
  for (int i = 0; i < 2; i++)
    if (r[i]->ms > 0 && (r[i]->slowest - r[i]->ms) / r[i]->ms > m)
      m = (r[i]->slowest - r[i]->ms) / r[i]->ms;
  return m;
}

/* The search for one nest; the exit status (1: the written chain cannot be
 * translated or built, so no variant can). */
static int tune_nest(Search *s, TNest *n, Buf *table) {
  s->cands = (Vec){0};
  Cand *w = try_chain(s, n, n->written, n->k ? n->sizes : NULL, "", NULL);
  const char *input = s->env->o->input;
  if (!w->r.ok) {
    print_table(table, input, n, s, NULL);
    buf_printf(table, "  kept as written: the written chain does not pass\n");
    return w->r.why && (!strncmp(w->r.why, "nucc refuses", 12) || strstr(w->r.why, "build")) ? 1
                                                                                             : 0;
  }
  const TuneRun *ref = &w->r;
  if (!n->k) { /* bare work: the shapes vary its choice */
    const char *choice = read_choice(w->r.info);
    TNest chosen = *n;
    if (!choice || !read_chain(choice, n->idx + 1, &chosen) || !chosen.k) {
      print_table(table, input, n, s, w);
      buf_printf(table, "  kept as written: bare work's choice is not known\n");
      return 0;
    }
    chosen.written = n->written;
    *n = chosen;
    try_chain(s, n, make_chain(n, n->sizes, ""), n->sizes, "", ref);
  } else {
    try_chain(s, n, make_chain(n, NULL, ""), NULL, "", ref);
  }
  for (int i = 0; shapes[n->k][i]; i++)
    try_chain(s, n, make_chain(n, shapes[n->k][i], ""), shapes[n->k][i], "", ref);
  stride_stage(s, n, ref);
  Cand *best = best_of(s), *shape = best, *vec = NULL;
  if (best)
    vec = second_stage(s, n, best, ref);
  /* from the best chain, then from the best shape as written where the
   * second stage's additions won (a climb from each: on the H100, SGEMM's
   * best factors with permut(2,1) are not its best without) */
  factor_stage(s, n, best_of(s), ref);
  if (shape && shape != best_of(s))
    factor_stage(s, n, shape, ref);
  /* and from the chain with vectors: the written factors suit scalars
   * (imgconv's dmine(2,2) runs at 1,969 GB/s with vector(1,4) on the H100,
   * dmine(2,1) at 2,747) */
  if (vec && vec != best_of(s))
    factor_stage(s, n, vec, ref);
  best = best_of(s);
  if (!best) /* not reached: the written chain passed */
    best = w;
  /* within the noise of a timing, the written chain stays */
  Cand *fastest = best;
  double margin = tune_margin(s, w, best);
  if (best != w && best->r.ms > w->r.ms * (1 - margin))
    best = w;
  print_table(table, input, n, s, best);
  if (best == w && fastest != w)
    buf_printf(table, "  kept as written: %s is not %.0f%% faster (the runs' noise)\n",
               fastest->chain, margin * 100);
  else if (best == w)
    buf_printf(table, "  kept as written\n");
  else
    buf_printf(table, "  chose: %s (%.2fx the written chain's speed)\n", best->chain,
               best->r.ms > 0 ? w->r.ms / best->r.ms : 1.0);
  n->winner = best == w ? NULL : best->chain;
  return 0;
}

#define FNV_START 14695981039346656037ull

/* FNV-1a: h carried on over n more bytes. */
static uint64_t fnv1a(uint64_t h, const unsigned char *p, size_t n) {
  for (size_t i = 0; i < n; i++)
    h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

/* FNV-1a over the parts, each ended so that "ab","c" is not "a","bc". */
static uint64_t hash_parts(const char **parts, int n) {
  static const unsigned char end = 0xffu;
  uint64_t h = FNV_START;
  for (int i = 0; i < n; i++) {
    const char *s = parts[i] ? parts[i] : "";
    h = fnv1a(fnv1a(h, (const unsigned char *)s, strlen(s)), &end, 1);
  }
  return h;
}

static const char *cache_dir(void) {
  const char *d = getenv("NU_CACHE_DIR"), *base;
  if (d && *d)
    return xformat("%s/tune", d);
  if ((base = getenv("XDG_CACHE_HOME")) && *base)
    return xformat("%s/nucc/tune", base);
  if ((base = getenv("HOME")) && *base)
    return xformat("%s/.cache/nucc/tune", base);
  return NULL;
}

static void make_dirs(const char *path) {
  char *p = xstrdup(path);
  for (char *s = p + 1; *s; s++)
    if (*s == '/') {
      *s = 0;
      mkdir(p, 0700);
      *s = '/';
    }
  mkdir(p, 0700);
}

/* nucc's own executable, hashed: a rebuilt nucc that keeps its version
 * string makes other kernels, so it must not reuse the tables of the old
 * one.  Only the version where the executable cannot be read. */
static const char *self_identity(void) {
  FILE *f = fopen("/proc/self/exe", "rb");
  if (!f)
    return NUCC_VERSION;
  uint64_t h = FNV_START;
  unsigned char chunk[65536];
  size_t got;
  while ((got = fread(chunk, 1, sizeof chunk, f)) > 0)
    h = fnv1a(h, chunk, got);
  bool bad = ferror(f);
  fclose(f);
  return bad ? NUCC_VERSION : xformat("%s %016llx", NUCC_VERSION, (unsigned long long)h);
}

static const char *cache_file(const TuneOptions *o, const char *text) {
  const char *dir = cache_dir();
  if (!dir)
    return NULL;
  Buf args = {0};
  buf_puts(&args, "");
  for (int i = 0; i < o->nucc_args.len; i++)
    buf_printf(&args, "%s\n", (const char *)o->nucc_args.items[i]);
  const char *dev = getenv("NU_DEVICE");
  const char *parts[] = {self_identity(),
                         text,
                         args.s,
                         o->cc,
                         o->args ? o->args : "",
                         o->check_args ? o->check_args : "(the same)",
                         xformat("%g %d", o->budget, o->runs),
                         dev ? dev : "(default)",
                         getenv("PKG_CONFIG_PATH")};
  uint64_t h = hash_parts(parts, sizeof parts / sizeof *parts);
  return xformat("%s/%016llx.txt", dir, (unsigned long long)h);
}

/* A cached result: "W line chain" lines, then "T" and the table. */
static bool from_cache(const char *path, Vec *nests, const char **table) {
  char *c = path ? tune_read_file(path, NULL) : NULL;
  if (!c)
    return false;
  char *t = strstr(c, "\nT\n");
  if (!t && strncmp(c, "T\n", 2) != 0)
    return false;
  *table = t ? t + 3 : c + 2;
  for (char *p = c; p < (t ? t : c) && !strncmp(p, "W ", 2);) {
    char *nl = strchr(p, '\n');
    *nl = 0;
    int line = atoi(p + 2);
    const char *chain = strchr(p + 2, ' ');
    for (int j = 0; chain && j < nests->len; j++) {
      TNest *n = nests->items[j];
      if (n->idx + 1 == line)
        n->winner = xstrdup(chain + 1);
    }
    p = nl + 1;
  }
  return true;
}

static void to_cache(const char *path, Vec *nests, const char *table) {
  if (!path)
    return;
  char *dir = xstrdup(path);
  *strrchr(dir, '/') = 0;
  make_dirs(dir);
  Buf b = {0};
  buf_puts(&b, "");
  for (int j = 0; j < nests->len; j++) {
    TNest *n = nests->items[j];
    if (n->winner)
      buf_printf(&b, "W %d %s\n", n->idx + 1, n->winner);
  }
  buf_printf(&b, "T\n%s", table);
  const char *tmp = xformat("%s.%d", path, (int)getpid());
  if (tune_write_file(tmp, b.s))
    rename(tmp, path);
  else
    unlink(tmp);
}

static bool write_output(const char *path, const char *text) {
  const char *tmp = xformat("%s.nucc-tune.%d", path, (int)getpid());
  if (!tune_write_file(tmp, text) || rename(tmp, path)) {
    unlink(tmp);
    diag_plain("cannot write %s: %s", path, strerror(errno));
    return false;
  }
  return true;
}

int tune_run(const TuneOptions *o) {
  size_t len;
  char *text = tune_read_file(o->input, &len);
  if (!text) {
    diag_plain("cannot read %s: %s", o->input, strerror(errno));
    return 1;
  }
  struct stat in, out;
  if (!stat(o->input, &in) && !stat(o->output, &out) && in.st_dev == out.st_dev &&
      in.st_ino == out.st_ino) {
    diag_plain("--tune: the output %s is the input", o->output);
    return 2;
  }
  bool final_nl = len && text[len - 1] == '\n';
  diag_init(o->input, text, len);
  Vec lines = split_lines(xstrdup(text));
  Vec nests = find_nests(&lines, o->input);
  const char *cpath = cache_file(o, text), *cached;
  if (from_cache(cpath, &nests, &cached)) {
    printf("nucc --tune: from the cache (%s): nothing was run\n%s", cpath, cached);
    return write_output(o->output, variant(&lines, final_nl, &nests, NULL, NULL)) ? 0 : 1;
  }
  const char *tmpdir = getenv("TMPDIR");
  char *dir = xformat("%s/nucc-tune-XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp");
  char self[4096];
  ssize_t sl = readlink("/proc/self/exe", self, sizeof self - 1);
  if (!mkdtemp(dir) || sl <= 0) {
    diag_plain("--tune: cannot make a temporary directory or find nucc");
    return 1;
  }
  self[sl] = 0;
  const char *base = strrchr(o->input, '/');
  TuneEnv env = {
      .o = o, .dir = dir, .nucc = self, .src = xformat("%s/%s", dir, base ? base + 1 : o->input)};
  Search s = {.env = &env,
              .lines = &lines,
              .nests = &nests,
              .final_nl = final_nl,
              .fault = getenv("NUCC_TUNE_FAULT")};
  double end = tune_now() + o->budget;
  Buf table = {0};
  buf_puts(&table, "");
  int rc = 0;
  for (int j = 0; j < nests.len && !rc; j++) {
    double now = tune_now();
    env.deadline = now + (end - now) / (nests.len - j);
    size_t before = table.len;
    rc = tune_nest(&s, nests.items[j], &table);
    fputs(table.s + before, stdout);
    fflush(stdout);
  }
  if (!nests.len)
    printf("nucc --tune: %s has no `#pragma nu work` line to tune\n", o->input);
  const char *names[] = {"prog.nu.c", "prog", "out", "err", base ? base + 1 : o->input};
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    unlink(xformat("%s/%s", dir, names[i]));
  rmdir(dir);
  if (rc) {
    diag_plain("--tune: the written chain of a nest does not translate or build (see the "
               "table); nothing written");
    return rc;
  }
  to_cache(cpath, &nests, table.s);
  return write_output(o->output, variant(&lines, final_nl, &nests, NULL, NULL)) ? 0 : 1;
}
