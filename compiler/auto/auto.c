/* auto.c — a bare `work`: nucc chooses the chain of annotations itself.
 * Receives the nest after its clauses and any annotations before `work`.
 * First choice: isl's schedule of the nest (analysis/sched.c, as PPCG
 * computes it), read as a chain `work(s) [permut(p)] [fission | fuse]`.
 * Where no such chain expresses it, or nucc's checks refuse the chain, it
 * tries, with diagnostics muted, every chain of that form that fits the
 * nest and keeps the best (most mapped loops, then the innermost mapped
 * index on the arrays' contiguous dimension, then the fewest annotations).
 * Where no chain maps a loop because the outer loop carries a dependence,
 * it distributes that loop, each piece in an order of its own, before
 * hostloop.c keeps the loop on the host (a kernel launched once per piece,
 * not kernels in every iteration).  Either chain is checked by the
 * annotations' own isl legality and `work`'s dependence test, and applied
 * as if written out.  The searches of a region share a budget of processor
 * time; past it they keep the best legal chain found so far. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "analysis.h"
#include "annotation.h"
#include "transform.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_PERMUTED 4 /* the search's 4! orders; deeper loops keep their place */
#define MAX_LOOPS 16   /* tr_chain's depth */
#define MAX_PIECES 8   /* distribution: main parts with a permutation of their own */

/* The search's time per region (a bare `work` and the bare `work`s of the
 * nests of a loop it keeps on the host), in the compiler's processor time
 * (a busy machine does not change the choices): past it, each search stops
 * enumerating and keeps the best legal chain found so far, and --report
 * says so.  isl's scheduler has a bound of its own (sched.c). */
#define SEARCH_BUDGET_S 1.0

static double region_start = -1; /* processor seconds; -1: no region open */
static bool region_gave_up;

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* test-only (NUCC_TEST_SEARCH_MS=N, docs/annotations.md): a smaller
 * budget, for the tests of giving up */
static double search_budget(void) {
  const char *ms = getenv("NUCC_TEST_SEARCH_MS");
  return ms ? strtod(ms, NULL) / 1000.0 : SEARCH_BUDGET_S;
}

static bool search_time_up(void) {
  if (region_start < 0 || now_s() - region_start <= search_budget())
    return false;
  region_gave_up = true;
  return true;
}

/* A synthetic annotation at the bare `work`, with integer arguments. */
static Annot *synth(Annot *at, const char *name, const long long *args, int nargs) {
  Annot *a = NEW(Annot);
  a->name = xstrdup(name);
  a->loc = at->loc;
  a->has_parens = nargs > 0;
  a->nargs = nargs;
  a->args = xcalloc((size_t)(nargs ? nargs : 1), sizeof(AnnotArg));
  for (int i = 0; i < nargs; i++) {
    a->args[i].text = xformat("%lld", args[i]);
    a->args[i].loc = at->loc;
  }
  return a;
}

/* Work-group sizes of 256 work-items, as many as the mapped loops. */
static Annot *synth_work(Annot *at, int dims) {
  static const long long sizes[3][3] = {{256}, {16, 16}, {4, 8, 8}};
  return synth(at, "work", sizes[dims - 1], dims);
}

/* How well the kernels' innermost mapped index (NDRange dimension 0, the
 * work-items next to each other) walks the arrays: +2 for each access whose
 * last subscript uses it, -1 for each that uses it in another subscript
 * only (a stride of a whole row). */
typedef struct {
  Expr *found;
  const Var *v;
} UseVar;

static void find_use(Expr *e, void *d) {
  UseVar *u = d;
  if (e->kind == EX_VAR && e->var == u->v)
    u->found = e;
}

static bool uses(Expr *e, const Var *v) {
  UseVar u = {NULL, v};
  ir_walk_expr(e, find_use, &u);
  return u.found != NULL;
}

static int contiguity(Vec *kernels, int *unit, int *all) {
  int score = 0;
  *unit = *all = 0;
  for (int i = 0; i < kernels->len; i++) {
    Kernel *k = kernels->items[i];
    const Var *v = k->mapped[k->dims - 1]->var;
    for (int b = 0; b < k->buffers.len; b++) {
      Buffer *bf = k->buffers.items[b];
      for (int j = 0; j < bf->accesses.len; j++) {
        Access *a = bf->accesses.items[j];
        if (!a->nsubs)
          continue;
        ++*all;
        bool last = uses(a->subs[a->nsubs - 1], v), other = false;
        for (int s = 0; s + 1 < a->nsubs; s++)
          other |= uses(a->subs[s], v);
        if (last) {
          score += 2;
          ++*unit;
        } else if (other) {
          score -= 1;
        }
      }
    }
  }
  return score;
}

/* One candidate chain, in application order (the pre-transformation, then
 * permut), and how it did. */
typedef struct {
  const char *pre; /* "fission", "fuse" or NULL */
  long long pre_args[MAX_LOOPS];
  int npre; /* fission's piece sizes, or 0 */
  long long perm[MAX_LOOPS];
  int nperm; /* 0: no permut */
  int dims;  /* loops mapped; 0: the chain failed */
  long score;
  int unit, all;  /* accesses on the contiguous dimension, of all */
  bool reordered; /* isl's parallel members, in another order */
  Annot *snap;    /* a `snapshot` applied before the chain, or NULL */
  long long wave[MAX_LOOPS];
  int nwave; /* wavefront(wave...) applied first; 0: none */
  /* distribution (pre is fission): each main part's own permutation, where
   * the pieces want different orders (atax's column sum `y[j] += A[i][j] *
   * tmp[i]` runs j outside, its row sum i); npperm[k] 0: none */
  long long pperm[MAX_PIECES][MAX_LOOPS];
  int npperm[MAX_PIECES];
  int npieces;               /* main parts fission leaves; 0: not a distribution */
  bool refission;            /* a second plain fission after pre: loops inside distributed too */
  bool permuted[MAX_PIECES]; /* the piece's loops interchanged (for --report) */
} Plan;

static int index_of(Vec *v, void *p) {
  for (int i = 0; i < v->len; i++)
    if (v->items[i] == p)
      return i;
  return -1;
}

/* Each main part's own permutation, the one part alone the main part for
 * it; then every part a main part again, for `work`. */
static bool apply_piece_perms(AnnotCtx *cx, Annot *at, Plan *p) {
  Vec mains = {0};
  if (cx->mains.len)
    for (int i = 0; i < cx->mains.len; i++)
      vec_push(&mains, cx->mains.items[i]);
  else if (cx->main >= 0)
    vec_push(&mains, cx->pieces.items[cx->main]);
  for (int k = 0; k < mains.len && k < MAX_PIECES; k++) {
    if (!p->npperm[k])
      continue;
    cx->mains = (Vec){0};
    cx->main = index_of(&cx->pieces, mains.items[k]);
    if (cx->main < 0 || !cx->engine->transform(cx, synth(at, "permut", p->pperm[k], p->npperm[k])))
      return false;
    mains.items[k] = cx->pieces.items[cx->main];
  }
  cx->main = mains.len ? index_of(&cx->pieces, mains.items[0]) : -1;
  cx->mains = mains.len > 1 ? mains : (Vec){0};
  return true;
}

/* The chain's transformations, before `work`. */
static bool apply_prefix(AnnotCtx *cx, Annot *at, Plan *p) {
  if (p->nwave && !cx->engine->transform(cx, synth(at, "wavefront", p->wave, p->nwave)))
    return false;
  if (p->pre && !cx->engine->transform(cx, synth(at, p->pre, p->pre_args, p->npre)))
    return false;
  if (p->refission && !cx->engine->transform(cx, synth(at, "fission", NULL, 0)))
    return false;
  if (p->npieces && !apply_piece_perms(cx, at, p))
    return false;
  if (p->nperm && !cx->engine->transform(cx, synth(at, "permut", p->perm, p->nperm)))
    return false;
  return true;
}

static bool apply_chain(AnnotCtx *cx, Annot *at, Plan *p, int dims) {
  return apply_prefix(cx, at, p) && work_apply(cx, synth_work(at, dims));
}

/* The deepest perfect nest among the main parts (and the shallowest among
 * all pieces, which bounds what work may map). */
static void depths(AnnotCtx *cx, int *deepest, int *shallowest) {
  Loop *loops[16];
  *deepest = 0;
  *shallowest = 16;
  for (int i = 0; i < cx->pieces.len; i++) {
    int n = tr_chain(cx->pieces.items[i], loops, 16);
    *deepest = n > *deepest ? n : *deepest;
    *shallowest = n < *shallowest ? n : *shallowest;
  }
}

/* Deep copies of the pieces to try a chain on: the analyses of `work` edit
 * a body they accept (`continue` becomes a return from the work-item), and
 * a chain that maps fewer loops must find the body as written. */
static void copy_pieces(AnnotCtx *cx) {
  Vec pieces = {0}, mains = {0};
  for (int i = 0; i < cx->pieces.len; i++) {
    Stmt *c = tr_clone_stmt(cx->pieces.items[i], NULL);
    vec_push(&pieces, c);
    for (int j = 0; j < cx->mains.len; j++)
      if (cx->mains.items[j] == cx->pieces.items[i])
        vec_push(&mains, c);
  }
  cx->pieces = pieces;
  cx->mains = mains;
}

/* The loops a plan maps with `work(dims)`, as a set of the loops before
 * its permutation: `work`'s verdict on a single nest depends on that set
 * alone (a dependence between two work-items, whatever the order of the
 * mapped loops), so a set it refused once is refused in every order. */
static int mapped_set(Plan *p, int dims) {
  int set = 0;
  for (int j = 0; j < dims; j++)
    set |= 1 << (j < p->nperm ? p->perm[j] - 1 : j);
  return set << 2 | dims;
}

/* Tries the plan with every number of mapped loops, most first; fills
 * p->dims and p->score for the first that works.  The transformations
 * before `work` are applied once; `refused` (or NULL) holds the mapped
 * sets `work` refused, skipped and added to. */
static void try_plan_memo(AnnotCtx *cx, Annot *at, Plan *p, int max_dims, Vec *refused) {
  AnnotCtx saved = *cx;
  cx->explain = false;
  cx->steps = NULL; /* a trial is no step of the chain NU_VERIFY replays */
  cx->kernels = (Vec){0};
  copy_pieces(cx);
  int before = diag_quiet_begin();
  bool ok = apply_prefix(cx, at, p);
  ok &= diag_quiet_end(before) == 0;
  AnnotCtx prefixed = *cx;
  for (int d = max_dims; ok && d >= 1 && !p->dims; d--) {
    intptr_t key = mapped_set(p, d);
    if (refused && vec_contains(refused, (void *)key))
      continue;
    *cx = prefixed;
    copy_pieces(cx); /* the analyses of `work` edit a body they accept */
    before = diag_quiet_begin();
    bool good = work_apply(cx, synth_work(at, d));
    good &= diag_quiet_end(before) == 0;
    if (good) {
      p->dims = d;
      int c = contiguity(&cx->kernels, &p->unit, &p->all);
      int cost = (p->pre != NULL) + (p->nperm > 0);
      p->score = (long)d * 100000 + (long)c * 10 - cost;
    } else if (refused) {
      vec_push(refused, (void *)key);
    }
  }
  *cx = saved;
}

static void try_plan(AnnotCtx *cx, Annot *at, Plan *p, int max_dims) {
  try_plan_memo(cx, at, p, max_dims, NULL);
}

static bool next_perm(long long *p, int n) {
  int i = n - 2;
  while (i >= 0 && p[i] >= p[i + 1])
    i--;
  if (i < 0)
    return false;
  int j = n - 1;
  while (p[j] <= p[i])
    j--;
  long long t = p[i];
  p[i] = p[j];
  p[j] = t;
  for (int a = i + 1, b = n - 1; a < b; a++, b--) {
    t = p[a];
    p[a] = p[b];
    p[b] = t;
  }
  return true;
}

static void chain_text(Buf *b, Plan *p) {
  buf_printf(b, "work(%s)", p->dims == 1 ? "256" : p->dims == 2 ? "16,16" : "4,8,8");
  if (p->nperm) {
    buf_puts(b, " permut(");
    for (int i = 0; i < p->nperm; i++)
      buf_printf(b, "%s%lld", i ? "," : "", p->perm[i]);
    buf_puts(b, ")");
  }
  for (int k = 0; k < p->npieces && k < MAX_PIECES; k++) {
    if (!p->npperm[k])
      continue;
    buf_puts(b, " permut(");
    for (int i = 0; i < p->npperm[k]; i++)
      buf_printf(b, "%s%lld", i ? "," : "", p->pperm[k][i]);
    buf_printf(b, ") on piece %d", k + 1);
  }
  if (p->refission)
    buf_puts(b, " fission");
  if (p->pre)
    buf_printf(b, " %s", p->pre);
  for (int i = 0; i < p->npre; i++)
    buf_printf(b, "%s%lld%s", i ? "," : "(", p->pre_args[i], i + 1 < p->npre ? "" : ")");
  if (p->nwave) {
    buf_puts(b, " wavefront(");
    for (int i = 0; i < p->nwave; i++)
      buf_printf(b, "%s%lld", i ? "," : "", p->wave[i]);
    buf_puts(b, ")");
  }
  if (p->snap) {
    buf_puts(b, " snapshot(");
    for (int i = 0; i < p->snap->nargs; i++)
      buf_printf(b, "%s%s", i ? ", " : "", p->snap->args[i].text);
    buf_puts(b, ")");
  }
}

/* Why a distribution, for --report: what it launches against a loop kept
 * on the host, and what each kernel maps. */
static char *distribution_reasons(Plan *p, Vec *kernels, SchedChain *sc, Loop *outer) {
  Buf b = {0};
  buf_puts(&b, "bare 'work' chose '");
  chain_text(&b, p);
  if (sc->why)
    buf_printf(&b,
               "' by distributing loop '%s' over its body, because no order of the whole nest "
               "maps a loop (%s)",
               outer->var->name, sc->why);
  else
    buf_printf(&b,
               "' from isl's schedule %s (* parallel), which distributes loop '%s' over its "
               "body, each piece in an order of its own",
               sc->tree, outer->var->name);
  if (sc->why)
    buf_printf(&b, ": keeping '%s' on the host would launch kernels in every one of its iterations",
               outer->var->name);
  buf_printf(&b,
             "; distributed, no loop stays on the host and %d kernel%s run, each launched once:",
             kernels->len, kernels->len == 1 ? "" : "s");
  for (int i = 0; i < kernels->len; i++) {
    Kernel *k = kernels->items[i];
    buf_printf(&b, "%s piece %d maps ", i ? ";" : "", i + 1);
    for (int d = 0; d < k->dims; d++)
      buf_printf(&b, "%s'%s'", d ? ", " : "", k->mapped[d]->var->name);
    if (i < MAX_PIECES && (p->npperm[i] || p->permuted[i]))
      buf_printf(&b, " (permut: the loops it carried run inside each work-item)");
  }
  return b.s;
}

/* Why the plan, for --report: from isl's schedule (sc->why NULL), or from
 * the search and why not from isl's schedule. */
static char *reasons(Plan *p, Vec *kernels, SchedChain *sc) {
  Buf b = {0};
  bool isl = sc->why == NULL;
  buf_puts(&b, "bare 'work' chose '");
  chain_text(&b, p);
  if (isl)
    buf_printf(&b, "' from isl's schedule %s (* parallel):", sc->tree);
  else
    buf_printf(&b, "' by its own search, because %s:", sc->why);
  if (isl && sc->reason)
    buf_printf(&b, " %s;", sc->reason);
  if (!isl && p->pre && strcmp(p->pre, "fission") == 0)
    buf_puts(&b, p->npre ? " fission into pieces of these numbers of statements, because "
                           "statements sit between the loops and these pieces map more of them;"
                         : " fission, because statements sit between the loops and a kernel per "
                           "statement maps more of them;");
  if (!isl && p->pre && strcmp(p->pre, "fuse") == 0)
    buf_puts(&b, " fuse, because adjacent loops of the body make one perfect nest;");
  if (p->nwave)
    buf_puts(&b, " wavefront, because every loop carries a dependence, and with these "
                 "coefficients, the smallest that do, each runs to a later hyperplane: the "
                 "host runs the hyperplanes in order, the loops inside each in parallel;");
  if (p->nperm && p->nwave)
    buf_puts(&b, " permut, the loop of the largest coefficient innermost, so that "
                 "neighbouring work-items stay close in the arrays;");
  else if (p->nperm)
    buf_puts(&b, isl && p->reordered
                     ? " permut, the order of the schedule's band with its parallel members "
                       "reordered so that the innermost mapped loop walks the arrays' "
                       "contiguous dimension;"
                 : isl ? " permut, the order of the schedule's band;"
                       : " permut, so that the parallel loops are outermost and the innermost "
                         "mapped loop walks the arrays' contiguous dimension;");
  Kernel *k = kernels->items[0];
  buf_printf(&b, " %d loop%s mapped, ", p->dims, p->dims == 1 ? "" : "s");
  if (!isl)
    buf_puts(&b, "the most any tried order allows");
  else if (p->dims == sc->dims)
    buf_puts(&b, "the parallel members at the top of the band");
  else
    buf_printf(&b, "of the band's %d parallel members at its top (nucc's checks refuse more)",
               sc->dims);
  buf_printf(&b,
             "; %d of %d accesses on the contiguous dimension of the innermost mapped index "
             "'%s'; work-groups of 256",
             p->unit, p->all, k->mapped[k->dims - 1]->var->name);
  return b.s;
}

/* The permutation's length without the loops at its end that keep their
 * place. */
static int significant(const long long *perm, int n) {
  while (n > 0 && perm[n - 1] == n)
    n--;
  return n;
}

/* isl's distribution, each piece in its own order: fission (with the
 * numbers of statements of its pieces where isl groups the statements
 * otherwise than fission's own groups) and a permut per piece. */
static bool isl_pieces_plan(AnnotCtx *cx, Annot *a, Plan *p, SchedChain *sc, SchedGroup *gs) {
  *p = (Plan){.pre = "fission", .npieces = sc->npieces};
  if (sc->npieces > MAX_PIECES) {
    sc->why = xformat("isl's schedule distributes the body into more than %d pieces", MAX_PIECES);
    return false;
  }
  bool own_groups = true;
  for (int k = 0, g = 0; k < sc->npieces; g += sc->piece_groups[k++]) {
    int items = 0;
    for (int j = 0; j < sc->piece_groups[k]; j++)
      items += gs[g + j].nitems;
    own_groups &= sc->piece_groups[k] == 1;
    p->pre_args[k] = items;
    p->npperm[k] = sc->piece_nperm[k];
    for (int i = 0; i < sc->piece_nperm[k]; i++)
      p->pperm[k][i] = sc->piece_perm[k][i];
  }
  p->npre = own_groups ? 0 : sc->npieces;
  int c = sc->dims < 3 ? sc->dims : 3;
  try_plan(cx, a, p, c);
  /* isl leaves free the order of each piece's parallel members: per
   * piece, the order whose innermost mapped index walks the arrays'
   * contiguous dimension scores best */
  for (int k = 0; p->dims && k < sc->npieces; k++) {
    int full = sc->piece_nfull[k], cc = c < full ? c : full;
    if (sc->piece_groups[k] != 1 || cc < 2 || full > MAX_LOOPS)
      continue;
    long long q[3] = {1, 2, 3};
    while (next_perm(q, cc) && !search_time_up()) {
      Plan t = *p;
      t.dims = 0;
      for (int i = 0; i < full; i++)
        t.pperm[k][i] = i < cc ? sc->piece_perm[k][q[i] - 1] : sc->piece_perm[k][i];
      t.npperm[k] = significant(t.pperm[k], full);
      t.reordered = true;
      try_plan(cx, a, &t, c);
      if (t.dims == p->dims && t.score > p->score)
        *p = t;
    }
  }
  if (p->dims)
    return true;
  Buf b = {0};
  Plan shown = *p;
  shown.dims = sc->dims;
  chain_text(&b, &shown);
  sc->why = xformat("nucc's checks refuse the chain '%s' of isl's schedule %s", b.s, sc->tree);
  xfree(b.s);
  return false;
}

/* isl's chain for the one piece of the nest: fills *p (p->dims 0 when
 * nucc's checks refuse it) or says in sc->why why there is none. */
static bool sched_plan(AnnotCtx *cx, Annot *a, Plan *p, SchedChain *sc) {
  Loop *loops[MAX_LOOPS];
  int k = cx->pieces.len == 1 ? tr_chain(cx->pieces.items[0], loops, MAX_LOOPS) : 0;
  if (!k) {
    sc->why = xstrdup(cx->pieces.len == 1 ? "the nest's outer loop is not canonical"
                                          : "the annotations before 'work' left several pieces");
    return false;
  }
  Vec items = {0};
  int *group;
  int ngroups = fission_group_items(loops[k - 1]->body, &items, &group);
  if (!ngroups) {
    sc->why = xstrdup("the body is empty");
    return false;
  }
  SchedGroup *gs = xcalloc((size_t)(ngroups ? ngroups : 1), sizeof(SchedGroup));
  for (int i = 0; i < items.len; i++) {
    SchedGroup *g = &gs[group[i]];
    if (!g->items)
      g->items = (Stmt **)items.items + i;
    g->nitems++;
  }
  for (int g = 0; g < ngroups; g++) {
    Stmt *s = gs[g].items[0];
    if (gs[g].nitems == 1 && s->kind == ST_FOR && s->loop && !s->annots) {
      gs[g].loops = xcalloc(MAX_LOOPS, sizeof(Loop *));
      gs[g].nloops = tr_chain(s, gs[g].loops, MAX_LOOPS);
    }
  }
  Kernel kn;
  if (!freevars_probe(&kn, cx->nest->names, cx->inner ? NULL : cx->nest, loops, k,
                      loops[k - 1]->body)) {
    sc->why = xstrdup("the body uses something a kernel cannot");
    return false;
  }
  /* most of what is left of the region's time (the search after it needs
   * some), and never nothing: isl's chain is the first choice */
  double left = region_start < 0 ? 0 : 0.6 * (search_budget() - (now_s() - region_start));
  bool ok = sched_choose(kn.info, gs, ngroups, cx->independent, left > 0.05 ? left : 0.05, sc);
  region_gave_up |= sc->timed_out;
  if (!ok)
    return false;
  if (sc->nfull > MAX_LOOPS) {
    sc->why = xformat("isl's schedule permutes more than %d loops", MAX_LOOPS);
    return false;
  }
  if (sc->npieces)
    return isl_pieces_plan(cx, a, p, sc, gs);
  /* isl leaves free the order of the parallel members at the top of its
   * band (no dependence runs along any of them): the order whose innermost
   * mapped index walks the arrays' contiguous dimension scores best */
  long long q[3] = {1, 2, 3};
  int c = sc->dims < 3 ? sc->dims : 3;
  *p = (Plan){0};
  do {
    Plan t = {.pre = sc->pre};
    for (int i = 0; i < sc->nfull; i++)
      t.perm[i] = i < c ? sc->perm[q[i] - 1] : sc->perm[i];
    t.nperm = significant(t.perm, sc->nfull);
    try_plan(cx, a, &t, c);
    t.reordered = q[0] != 1 || (c > 1 && q[1] != 2);
    if (t.dims && (!p->dims || t.score > p->score))
      *p = t;
  } while (c > 1 && next_perm(q, c));
  if (!p->dims) {
    *p = (Plan){.pre = sc->pre, .nperm = sc->nperm};
    for (int i = 0; i < sc->nperm; i++)
      p->perm[i] = sc->perm[i];
    Buf b = {0};
    Plan shown = *p;
    shown.dims = sc->dims;
    chain_text(&b, &shown);
    sc->why = xformat("nucc's checks refuse the chain '%s' of isl's schedule %s", b.s, sc->tree);
    xfree(b.s);
    return false;
  }
  return true;
}

/* A loop of the body, at any depth under if and blocks. */
static bool holds_loop(Stmt *s) {
  if (!s)
    return false;
  if (s->kind == ST_FOR && s->loop)
    return true;
  if (holds_loop(s->then) || holds_loop(s->els) || holds_loop(s->body))
    return true;
  for (int i = 0; i < s->nitems; i++)
    if (holds_loop(s->items[i]))
      return true;
  return false;
}

/* An outer loop around loop nests that nothing can map is usually a time
 * loop: it belongs on the host.  hostloop.c keeps it there when its body
 * is loop nests alone; otherwise (why_not) the user can write it outside
 * the annotated nest, with the nests of its body annotated instead. */
static void time_loop_note(AnnotCtx *cx, Annot *a, const char *why_not) {
  if (cx->pieces.len != 1)
    return;
  Loop *loops[16];
  int n = tr_chain(cx->pieces.items[0], loops, 16);
  if (n == 1 && holds_loop(loops[0]->body))
    diag_note(a->loc,
              "if loop '%s' steps in time, write it outside the annotated nest: it stays on "
              "the host, and each nest of its body can have a 'work' of its own (nucc does "
              "that itself when the loop's body is loop nests, each with a chain of its "
              "own, and statements between them%s%s)",
              loops[0]->var->name, why_not ? "; here " : "", why_not ? why_not : "");
}

/* Every chain with this pre-transformation (fission's piece sizes in
 * args) and a permutation, the best kept in *best.  `deep`: work may map
 * as many loops as the deepest piece has (a shallower piece maps the loops
 * it has), not only as many as every piece has. */
static void search_pre(AnnotCtx *cx, Annot *a, Plan *best, const char *pre, const long long *args,
                       int nargs, bool deep_dims) {
  /* the pieces this pre-transformation leaves bound the permutations */
  AnnotCtx saved = *cx;
  cx->explain = false;
  cx->steps = NULL;
  copy_pieces(cx);
  int before = diag_quiet_begin();
  bool ok = !pre || cx->engine->transform(cx, synth(a, pre, args, nargs));
  ok &= diag_quiet_end(before) == 0;
  int deep = 0, shallow = 0, pieces = cx->pieces.len;
  if (ok)
    depths(cx, &deep, &shallow);
  *cx = saved;
  if (!ok)
    return;
  int most = deep_dims ? deep : shallow;
  int max_dims = most < 3 ? most : 3;
  /* one piece: work's verdict depends on the mapped set alone */
  Vec refused = {0}, *memo = pieces == 1 ? &refused : NULL;
  for (int n = 1; n <= (deep < MAX_PERMUTED ? deep : MAX_PERMUTED); n++) {
    Plan p = {.pre = pre, .npre = nargs, .nperm = n == 1 ? 0 : n};
    for (int j = 0; j < nargs; j++)
      p.pre_args[j] = args[j];
    for (int j = 0; j < n; j++)
      p.perm[j] = j + 1;
    do {
      bool identity = true;
      for (int j = 0; j < p.nperm; j++)
        identity &= p.perm[j] == j + 1;
      /* the n-th loop in place: tried with the first n - 1 */
      if ((p.nperm && identity) || (p.nperm && p.perm[p.nperm - 1] == p.nperm))
        continue;
      p.dims = 0;
      try_plan_memo(cx, a, &p, max_dims, memo);
      if (p.dims && (!best->dims || p.score > best->score))
        *best = p;
    } while (p.nperm && !(best->dims && search_time_up()) && next_perm(p.perm, p.nperm));
  }
  xfree(refused.items);
}

/* The statements fission would distribute (the body of the one piece's
 * perfectly nested loops), or 0. */
static int body_statements(AnnotCtx *cx) {
  Loop *loops[MAX_LOOPS];
  int k = cx->pieces.len == 1 ? tr_chain(cx->pieces.items[0], loops, MAX_LOOPS) : 0;
  if (!k)
    return 0;
  Vec items = {0};
  int *group;
  fission_group_items(loops[k - 1]->body, &items, &group);
  int n = items.len;
  xfree(items.items);
  xfree(group);
  return n;
}

/* The statements body_statements counts, into items. */
static void body_items(AnnotCtx *cx, Vec *items) {
  Loop *loops[MAX_LOOPS];
  int k = cx->pieces.len == 1 ? tr_chain(cx->pieces.items[0], loops, MAX_LOOPS) : 0;
  if (!k)
    return;
  int *group;
  fission_group_items(loops[k - 1]->body, items, &group);
  xfree(group);
}

/* The search: every chain of the form that fits, the best kept in *best. */
static void search(AnnotCtx *cx, Annot *a, Plan *best) {
  search_pre(cx, a, best, NULL, NULL, 0, false);
  search_pre(cx, a, best, "fuse", NULL, 0, false);
  search_pre(cx, a, best, "fission", NULL, 0, false);
}

/* The main parts that fission (sizes in args, or its own groups; `twice`:
 * then a plain fission of every main part with several statements, the
 * loops inside distributed too) leaves, copied, into out; 0 when it
 * refuses or leaves other pieces too. */
static int split_mains(AnnotCtx *cx, Annot *a, const long long *args, int nargs, bool twice,
                       Stmt **out) {
  AnnotCtx saved = *cx;
  cx->explain = false;
  cx->steps = NULL;
  copy_pieces(cx);
  int before = diag_quiet_begin();
  bool ok = cx->engine->transform(cx, synth(a, "fission", args, nargs));
  ok = ok && (!twice || cx->engine->transform(cx, synth(a, "fission", NULL, 0)));
  ok &= diag_quiet_end(before) == 0;
  int n = 0;
  if (ok && cx->mains.len >= 2 && cx->mains.len <= MAX_PIECES && cx->mains.len == cx->pieces.len)
    for (; n < cx->mains.len; n++)
      out[n] = cx->mains.items[n];
  *cx = saved;
  return n;
}

/* A distribution whose pieces' own permutations are one permut that
 * applies to every piece deep enough for it (the engine skips the others)
 * is said as the ordinary chain: `work(16,16) permut(2,1) fission(2,1)`,
 * which a user can write, rather than `permut(2,1) on piece 2`. */
static void as_ordinary(AnnotCtx *cx, Annot *a, Plan *p) {
  Stmt *parts[MAX_PIECES];
  int np = split_mains(cx, a, p->pre_args, p->npre, p->refission, parts);
  if (np != p->npieces)
    return;
  int common = -1;
  for (int k = 0; k < np; k++)
    if (p->npperm[k] && (common < 0 || p->npperm[k] > p->npperm[common]))
      common = k;
  if (common < 0)
    return;
  int len = p->npperm[common];
  for (int k = 0; k < np; k++) {
    Loop *loops[MAX_LOOPS];
    bool deep = tr_chain(parts[k], loops, MAX_LOOPS) >= len;
    if (deep != (p->npperm[k] > 0))
      return;
    for (int i = 0; deep && i < len; i++)
      if ((i < p->npperm[k] ? p->pperm[k][i] : i + 1) != p->pperm[common][i])
        return;
  }
  p->nperm = len;
  memcpy(p->perm, p->pperm[common], sizeof p->perm);
  for (int k = 0; k < np; k++) {
    p->permuted[k] = p->npperm[k] > 0;
    p->npperm[k] = 0;
  }
}

/* A main part's best order alone: for each number of loops `work` may map
 * (1 to 3, index d), the permutation that maps that many (as many as it
 * has, if fewer) with the best score; ok[d] false where none does. */
typedef struct {
  long long perm[4][MAX_LOOPS];
  int nperm[4];
  long score[4];
  bool ok[4];
} PieceOrders;

static void piece_orders(AnnotCtx *cx, Annot *a, Stmt *piece, PieceOrders *po) {
  Loop *loops[MAX_LOOPS];
  int depth = tr_chain(piece, loops, MAX_LOOPS);
  int np = depth < MAX_PERMUTED ? depth : MAX_PERMUTED;
  AnnotCtx saved = *cx;
  cx->pieces = (Vec){0};
  vec_push(&cx->pieces, piece);
  cx->mains = (Vec){0};
  cx->main = 0;
  *po = (PieceOrders){0};
  long long perm[MAX_LOOPS];
  for (int j = 0; j < np; j++)
    perm[j] = j + 1;
  do {
    Plan t = {.nperm = significant(perm, np) ? np : 0};
    memcpy(t.perm, perm, sizeof perm);
    try_plan(cx, a, &t, depth < 3 ? depth : 3);
    for (int d = 1; d <= 3; d++) {
      /* a part shallower than d maps the loops it has */
      if (t.dims < (d < depth ? d : depth) || (po->ok[d] && po->score[d] >= t.score))
        continue;
      po->ok[d] = true;
      po->score[d] = t.score;
      po->nperm[d] = t.nperm;
      memcpy(po->perm[d], perm, sizeof perm);
    }
  } while (np > 1 && !search_time_up() && next_perm(perm, np));
  *cx = saved;
}

/* What a run of consecutive statements of the body does in a piece of
 * its own (`for i { S2; S3 }`), asked once per search: the same run is a
 * piece of many splits. */
typedef struct {
  bool known[MAX_LOOPS][MAX_LOOPS + 1]; /* [first statement][count] */
  PieceOrders po[MAX_LOOPS][MAX_LOOPS + 1];
} Runs;

/* The split of n statements that `cuts` says (bit i: a piece ends after
 * statement i + 1) as fission's piece sizes; returns their number. */
static int split_sizes(int n, int cuts, long long *sizes) {
  int np = 0, run = 0;
  for (int i = 0; i < n; i++) {
    run++;
    if (i == n - 1 || (cuts >> i & 1)) {
      sizes[np++] = run;
      run = 0;
    }
  }
  return np;
}

/* The orders of each piece of the split (sizes), from the memo or tried;
 * false when fission refuses the split. */
static bool run_orders(AnnotCtx *cx, Annot *a, Runs *runs, const long long *sizes, int np,
                       PieceOrders **out) {
  Stmt *parts[MAX_PIECES];
  bool have = false;
  for (int k = 0, at = 0; k < np; at += (int)sizes[k++]) {
    if (!runs->known[at][sizes[k]]) {
      if (!have && split_mains(cx, a, sizes, np, false, parts) != np)
        return false;
      have = true;
      piece_orders(cx, a, parts[k], &runs->po[at][sizes[k]]);
      runs->known[at][sizes[k]] = true;
    }
    out[k] = &runs->po[at][sizes[k]];
  }
  return true;
}

/* fission with pieces of several statements (Gram-Schmidt's dot product
 * with its reset, then the update): every split of a body of 3 to 6
 * statements into 2 to n-1 pieces of consecutive ones, where it maps more
 * loops than the chain found so far.  Only a piece of one loop statement
 * has more than the one loop of the split (the others are shallower, and
 * map the loop they have): a split is tried only where such a piece exists
 * and each of them alone maps more loops than the chain found so far. */
static void search_pieces(AnnotCtx *cx, Annot *a, Plan *best) {
  int n = body_statements(cx);
  if (n < 3 || n > 6)
    return;
  Vec items = {0};
  body_items(cx, &items);
  Runs *runs = xcalloc(1, sizeof(Runs));
  for (int cuts = 1; cuts < (1 << (n - 1)) - 1 && !search_time_up(); cuts++) {
    long long sizes[MAX_LOOPS];
    int np = split_sizes(n, cuts, sizes);
    int more = best->dims + 1;
    bool deep = false, worth = more <= 3;
    for (int k = 0, at = 0; k < np && worth; at += (int)sizes[k++]) {
      Stmt *s = items.items[at];
      if (sizes[k] != 1 || s->kind != ST_FOR)
        continue;
      deep = true;
      Stmt *parts[MAX_PIECES];
      if (!runs->known[at][1]) {
        if (split_mains(cx, a, sizes, np, false, parts) != np) {
          worth = false;
          break;
        }
        piece_orders(cx, a, parts[k], &runs->po[at][1]);
        runs->known[at][1] = true;
      }
      worth = runs->po[at][1].ok[more];
    }
    if (!deep || !worth)
      continue;
    Plan p = {0};
    search_pre(cx, a, &p, "fission", sizes, np, true);
    if (p.dims > best->dims)
      *best = p;
  }
  xfree(runs);
  xfree(items.items);
}

/* Distribution of the nest's loop over its body (fission with its own
 * groups, or pieces of consecutive statements), each piece in its own
 * order: where the loop carries a dependence that a piece carries in one
 * direction only (atax's and bicg's column sums across the row loop), the
 * pieces run as kernels launched once each, where keeping the loop on the
 * host launches kernels in every iteration.  Ranked by the loops the
 * pieces map, then the fewest kernels, then the score. */
static void distribute(AnnotCtx *cx, Annot *a, Plan *best) {
  int n = body_statements(cx);
  if (n < 2 || n > 6 || cx->inner)
    return;
  /* cuts == 0: fission's own groups; else bit i: a piece ends after
   * statement i + 1 */
  Runs *runs = xcalloc(1, sizeof(Runs));
  PieceOrders mine[MAX_PIECES], *po[MAX_PIECES];
  for (int c = 0; c < 2 * ((1 << (n - 1)) - 1) && !search_time_up(); c++) {
    int cuts = c >> 1;
    bool twice = c & 1;
    long long sizes[MAX_LOOPS];
    int nsizes = cuts ? split_sizes(n, cuts, sizes) : 0, np = nsizes;
    if (cuts && !twice) {
      if (!run_orders(cx, a, runs, sizes, nsizes, po))
        continue;
    } else {
      /* fission's own groups, or pieces split again: no runs of the body */
      Stmt *parts[MAX_PIECES];
      np = split_mains(cx, a, sizes, nsizes, twice, parts);
      if (!np || (cuts && twice && np == nsizes))
        continue; /* split again into the same pieces: tried already */
      for (int k = 0; k < np; k++) {
        piece_orders(cx, a, parts[k], &mine[k]);
        po[k] = &mine[k];
      }
    }
    int dims = 0;
    for (int d = 3; d >= 1 && !dims; d--) {
      bool all = true;
      for (int k = 0; k < np; k++)
        all &= po[k]->ok[d];
      dims = all ? d : 0;
    }
    if (!dims)
      continue;
    Plan p = {.pre = "fission", .npre = nsizes, .npieces = np, .refission = twice};
    memcpy(p.pre_args, sizes, sizeof sizes);
    for (int k = 0; k < np; k++) {
      p.npperm[k] = po[k]->nperm[dims];
      memcpy(p.pperm[k], po[k]->perm[dims], sizeof p.pperm[k]);
    }
    try_plan(cx, a, &p, dims);
    if (!p.dims)
      continue;
    bool better = !best->dims || p.dims > best->dims ||
                  (p.dims == best->dims && (p.npieces < best->npieces ||
                                            (p.npieces == best->npieces && p.score > best->score)));
    if (better)
      *best = p;
  }
  xfree(runs);
}

/* Where every loop carries a dependence (Gauss-Seidel in time and space),
 * the hyperplanes c.I = w of a wavefront: the coefficients of the nest's
 * perfectly nested loops from 0 to 4, the innermost's 1, the smallest sum
 * first (the fewest hyperplanes, so the fewest launches), for which every
 * dependence runs to a later hyperplane; the loops inside are then
 * parallel, the one of the largest coefficient innermost on the NDRange
 * (seidel's t: neighbouring work-items then touch one row, four elements
 * apart, where stepping i would cross rows). */
static bool wave_search(AnnotCtx *cx, Annot *a, Plan *best) {
  Loop *loops[MAX_LOOPS];
  int n = cx->pieces.len == 1 && !cx->in_host_loop && !cx->inner
              ? tr_chain(cx->pieces.items[0], loops, MAX_LOOPS)
              : 0;
  int other;
  if (n < 2 || n > 4 || wavefront_misfit(loops, n, &other) >= 0)
    return false;
  int free = n - 1; /* coefficients to choose */
  for (int sum = 0; sum <= 4 * free; sum++) {
    long long c[MAX_LOOPS] = {0};
    /* every vector of `free` digits 0..4 with this sum, in order */
    for (long code = 0; code < (long)1 << (3 * free); code++) {
      int s = 0;
      bool ok = true;
      for (int i = 0; i < free; i++) {
        c[i] = (code >> (3 * (free - 1 - i))) & 7;
        ok &= c[i] <= 4;
        s += (int)c[i];
      }
      if (!ok || s != sum)
        continue;
      c[n - 1] = 1;
      Plan p = {.nwave = n};
      for (int i = 0; i < n; i++)
        p.wave[i] = c[i];
      /* after wavefront the chain is w, i1, ..., i(n-1): w stays first,
       * the others by increasing coefficient */
      p.perm[0] = 1;
      int at = 1;
      for (long long v = 0; v <= 4; v++)
        for (int i = 0; i < free; i++)
          if (c[i] == v)
            p.perm[at++] = i + 2;
      p.nperm = significant(p.perm, n);
      if (p.nperm)
        p.nperm = n;
      try_plan(cx, a, &p, free < 3 ? free : 3);
      if (p.dims) {
        *best = p;
        return true;
      }
    }
  }
  return false;
}

/* `snapshot` of the arrays the nest writes and reads where some reads see
 * only values from before it (trmm's rows below the diagonal): with those
 * read from a copy, the anti-dependences that kept loops sequential are
 * gone.  NULL when no array is such. */
static Annot *snapshot_candidate(AnnotCtx *cx, Annot *at) {
  Loop *loops[MAX_LOOPS];
  int k = cx->pieces.len == 1 && !cx->inner ? tr_chain(cx->pieces.items[0], loops, MAX_LOOPS) : 0;
  if (!k)
    return NULL;
  Kernel kn;
  if (!freevars_probe(&kn, cx->nest->names, NULL, loops, k, loops[k - 1]->body))
    return NULL;
  Vec names = {0};
  for (int b = 0; b < kn.buffers.len; b++) {
    Buffer *bf = kn.buffers.items[b];
    if (!bf->write || !bf->read || bf->path->kind != EX_VAR)
      continue;
    Vec reads = {0};
    bool written;
    Expr *blocked;
    char *example;
    deps_live_in(kn.info, bf->path, &reads, &written, &blocked, &example);
    if (reads.len)
      vec_push(&names, bf->path->var->name);
    xfree(reads.items);
    xfree(example);
  }
  if (!names.len)
    return NULL;
  Annot *s = synth(at, "snapshot", NULL, 0);
  s->has_parens = true;
  s->nargs = names.len;
  s->args = xcalloc((size_t)names.len, sizeof(AnnotArg));
  for (int i = 0; i < names.len; i++) {
    s->args[i].text = xstrdup(names.items[i]);
    s->args[i].loc = at->loc;
  }
  xfree(names.items);
  return s;
}

/* isl's chain, or the search's best, for the pieces as they are. */
static void choose(AnnotCtx *cx, Annot *a, Plan *best, SchedChain *sc) {
  *best = (Plan){0};
  *sc = (SchedChain){0};
  if (!sched_plan(cx, a, best, sc)) {
    *best = (Plan){0};
    search(cx, a, best);
  }
}

static bool decide(AnnotCtx *cx, Annot *a) {
  Plan best = {0};
  SchedChain sc = {0};
  choose(cx, a, &best, &sc);
  /* pieces of several statements, where they map more loops */
  if (best.dims && best.dims < 3) {
    int had = best.dims;
    search_pieces(cx, a, &best);
    if (best.dims > had && !sc.why)
      sc.why = xformat("pieces of several statements map %d loops where isl's chain maps %d",
                       best.dims, had);
  }
  /* a snapshot costs a copy per launch: taken only where it maps more
   * loops than the nest maps without */
  Annot *snap = best.dims < 3 ? snapshot_candidate(cx, a) : NULL;
  int snap_dims_without = best.dims;
  if (snap) {
    /* tried on the pieces themselves (the copy's name is claimed once):
     * the IR a step replaces is never changed, so restoring *cx undoes it */
    AnnotCtx saved = *cx;
    cx->explain = false;
    cx->steps = NULL;
    int before = diag_quiet_begin();
    bool ok = cx->engine->transform(cx, snap);
    ok &= diag_quiet_end(before) == 0;
    Plan with = {0};
    SchedChain wsc = {0};
    if (ok)
      choose(cx, a, &with, &wsc);
    if (ok && with.dims > best.dims) {
      cx->explain = saved.explain;
      cx->steps = saved.steps;
      annot_explain_step(cx, snap);
      best = with;
      best.snap = snap;
      sc = wsc;
    } else {
      *cx = saved;
      snap = NULL;
    }
  }
  char *host_why_not = NULL;
  /* a loop that carries a dependence: distributed, each piece in an order
   * of its own, the pieces launch once each; else it stays on the host and
   * launches its kernels in every iteration */
  if (!best.dims)
    distribute(cx, a, &best);
  if (!best.dims) {
    bool ok;
    if (hostloop_try(cx, a, &ok, &host_why_not))
      return ok;
    wave_search(cx, a, &best);
  }
  if (!best.dims) {
    bool ok;
    /* say why with the plainest chain: its dependence, with the pair */
    ok = work_apply(cx, synth_work(a, 1));
    if (ok)
      cx->decided = xstrdup("work(256)");
    if (!ok) {
      diag_note(a->loc,
                "bare 'work': no chain from isl's schedule (%s), nor any that nucc tried "
                "(fission, fuse, permut), leaves a loop that can run in parallel",
                sc.why);
      time_loop_note(cx, a, host_why_not);
    }
    return ok;
  }
  if (best.npieces)
    as_ordinary(cx, a, &best);
  Buf b = {0};
  chain_text(&b, &best);
  if (cx->explain)
    printf("-- work decides: %s\n", b.s);
  Loop *outer = ((Stmt *)cx->pieces.items[0])->loop;
  if (!apply_chain(cx, a, &best, best.dims))
    return false;
  for (int i = 0; i < cx->kernels.len; i++)
    ((Kernel *)cx->kernels.items[i])->spread = true;
  char *why = best.npieces ? distribution_reasons(&best, &cx->kernels, &sc, outer)
                           : reasons(&best, &cx->kernels, &sc);
  if (snap) {
    Buf names = {0};
    for (int i = 0; i < snap->nargs; i++)
      buf_printf(&names, "%s%s", i ? (i + 1 < snap->nargs ? ", " : " and ") : "",
                 snap->args[i].text);
    char *more = xformat("%s; snapshot first: the reads of %s that see values from before the "
                         "nest read a copy, which frees loops that their anti-dependences kept "
                         "sequential (%d mapped instead of %d)",
                         why, names.s, best.dims, snap_dims_without);
    xfree(names.s);
    xfree(why);
    why = more;
  }
  for (int i = 0; i < cx->kernels.len; i++)
    vec_push(&((Kernel *)cx->kernels.items[i])->hints, why);
  cx->decided = b.s;
  return true;
}

bool auto_apply(AnnotCtx *cx, Annot *a) {
  bool region = region_start < 0;
  if (region) {
    region_start = now_s();
    region_gave_up = false;
  }
  bool ok = decide(cx, a);
  if (region) {
    double ms = (now_s() - region_start) * 1000.0;
    region_start = -1;
    if (ok && cx->kernels.len && !cx->trial_copy) {
      Kernel *k = cx->kernels.items[0];
      vec_push(&k->hints,
               region_gave_up
                   ? xformat("bare 'work' decided this region in %.0f ms: its search passed its "
                             "bound of %.0f ms and uses the best legal chain it had found",
                             ms, search_budget() * 1000.0)
                   : xformat("bare 'work' decided this region in %.0f ms", ms));
    }
  }
  return ok;
}
