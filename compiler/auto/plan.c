/* plan.c — trying a candidate chain of a bare `work` (auto.c,
 * distribute.c): a Plan applied to deep copies of the pieces with the
 * diagnostics muted, scored by the loops it maps and how the innermost
 * mapped index walks the arrays; the search over permutations; and the
 * region's budget of processor time that bounds every search. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "plan.h"
#include "transform.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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
double plan_budget_s(void) {
  const char *ms = getenv("NUCC_TEST_SEARCH_MS");
  return ms ? strtod(ms, NULL) / 1000.0 : SEARCH_BUDGET_S;
}

bool plan_time_up(void) {
  if (region_start < 0 || now_s() - region_start <= plan_budget_s())
    return false;
  region_gave_up = true;
  return true;
}

bool plan_region_begin(void) {
  if (region_start >= 0)
    return false;
  region_start = now_s();
  region_gave_up = false;
  return true;
}

double plan_region_end(bool *gave_up) {
  double ms = (now_s() - region_start) * 1000.0;
  region_start = -1;
  *gave_up = region_gave_up;
  return ms;
}

double plan_time_left(void) {
  return region_start < 0 ? 0 : plan_budget_s() - (now_s() - region_start);
}

void plan_note_gave_up(void) { region_gave_up = true; }

/* A synthetic annotation at the bare `work`, with integer arguments. */
Annot *plan_synth(Annot *at, const char *name, const long long *args, int nargs) {
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
Annot *plan_synth_work(Annot *at, int dims) {
  static const long long sizes[3][3] = {{256}, {16, 16}, {4, 8, 8}};
  return plan_synth(at, "work", sizes[dims - 1], dims);
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
    if (!p->npperm[k] && !p->pfuse[k])
      continue;
    cx->mains = (Vec){0};
    cx->main = index_of(&cx->pieces, mains.items[k]);
    if (cx->main < 0 ||
        (p->pfuse[k] && !cx->engine->transform(cx, plan_synth(at, "fuse", NULL, 0))) ||
        (p->npperm[k] &&
         !cx->engine->transform(cx, plan_synth(at, "permut", p->pperm[k], p->npperm[k]))))
      return false;
    mains.items[k] = cx->pieces.items[cx->main];
  }
  cx->main = mains.len ? index_of(&cx->pieces, mains.items[0]) : -1;
  cx->mains = mains.len > 1 ? mains : (Vec){0};
  return true;
}

/* The permutations of loop nests inside the main part's body, each applied
 * as a `permut` written on that loop is (the engine's inner path): the
 * loop becomes the one piece the permutation leaves. */
static bool apply_inner_perms(AnnotCtx *cx, Annot *at, Plan *p) {
  if (!p->ninner)
    return true;
  Loop *loops[MAX_LOOPS];
  int k = cx->main >= 0 ? tr_chain(cx->pieces.items[cx->main], loops, MAX_LOOPS) : 0;
  Stmt *body = k ? loops[k - 1]->body : NULL;
  if (!body || body->kind != ST_BLOCK)
    return false;
  for (int i = 0; i < p->ninner; i++) {
    if (p->inner_at[i] >= body->nitems)
      return false;
    Stmt *s = body->items[p->inner_at[i]];
    if (s->kind != ST_FOR || !s->loop)
      return false;
    Annot *perm = plan_synth(at, "permut", p->inner_perm[i], p->inner_nperm[i]);
    Vec annots = {0};
    vec_push(&annots, perm);
    s->annots = &annots;
    bool ok = cx->engine->inner(cx, s);
    s->annots = NULL; /* s is the permuted loop now, or as it was */
    xfree(annots.items);
    if (!ok || s->kind != ST_FOR)
      return false;
    /* a step of the nest's own for NU_VERIFY, which then blames it, not
     * the fuse after it, for a result that differs */
    annot_record_step(cx, perm);
  }
  return true;
}

/* The chain's transformations, before `work`. */
static bool apply_prefix(AnnotCtx *cx, Annot *at, Plan *p) {
  if (!apply_inner_perms(cx, at, p))
    return false;
  if (p->nwave && !cx->engine->transform(cx, plan_synth(at, "wavefront", p->wave, p->nwave)))
    return false;
  if (p->pre && !cx->engine->transform(cx, plan_synth(at, p->pre, p->pre_args, p->npre)))
    return false;
  if (p->refission && !cx->engine->transform(cx, plan_synth(at, "fission", NULL, 0)))
    return false;
  if (p->npieces && !apply_piece_perms(cx, at, p))
    return false;
  if (p->nperm && !cx->engine->transform(cx, plan_synth(at, "permut", p->perm, p->nperm)))
    return false;
  return true;
}

bool plan_apply_chain(AnnotCtx *cx, Annot *at, Plan *p, int dims) {
  return apply_prefix(cx, at, p) && work_apply(cx, plan_synth_work(at, dims));
}

bool plan_apply_prefix(AnnotCtx *cx, Annot *at, Plan *p) { return apply_prefix(cx, at, p); }

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
void plan_copy_pieces(AnnotCtx *cx) {
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
  cx->verdict_only = true;
  cx->kernels = (Vec){0};
  plan_copy_pieces(cx);
  int before = diag_quiet_begin();
  bool ok = apply_prefix(cx, at, p);
  ok &= diag_quiet_end(before) == 0;
  AnnotCtx prefixed = *cx;
  for (int d = max_dims; ok && d >= 1 && !p->dims; d--) {
    intptr_t key = mapped_set(p, d);
    if (refused && vec_contains(refused, (void *)key))
      continue;
    *cx = prefixed;
    plan_copy_pieces(cx); /* the analyses of `work` edit a body they accept */
    before = diag_quiet_begin();
    bool good = work_apply(cx, plan_synth_work(at, d));
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

void plan_try(AnnotCtx *cx, Annot *at, Plan *p, int max_dims) {
  try_plan_memo(cx, at, p, max_dims, NULL);
}

bool plan_next_perm(long long *p, int n) {
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

/* " name(a1,a2,...)" */
static void args_text(Buf *b, const char *name, const long long *args, int n) {
  buf_printf(b, " %s(", name);
  for (int i = 0; i < n; i++)
    buf_printf(b, "%s%lld", i ? "," : "", args[i]);
  buf_puts(b, ")");
}

void plan_chain_text(Buf *b, Plan *p) {
  buf_printf(b, "work(%s)", p->dims == 1 ? "256" : p->dims == 2 ? "16,16" : "4,8,8");
  if (p->nperm)
    args_text(b, "permut", p->perm, p->nperm);
  for (int k = 0; k < p->npieces && k < MAX_PIECES; k++) {
    if (p->npperm[k]) {
      args_text(b, "permut", p->pperm[k], p->npperm[k]);
      buf_printf(b, " on piece %d", k + 1);
    }
    if (p->pfuse[k])
      buf_printf(b, " fuse on piece %d", k + 1);
  }
  if (p->refission)
    buf_puts(b, " fission");
  if (p->pre && p->npre)
    args_text(b, p->pre, p->pre_args, p->npre);
  else if (p->pre)
    buf_printf(b, " %s", p->pre);
  if (p->nwave)
    args_text(b, "wavefront", p->wave, p->nwave);
  if (p->snap) {
    buf_puts(b, " snapshot(");
    for (int i = 0; i < p->snap->nargs; i++)
      buf_printf(b, "%s%s", i ? ", " : "", p->snap->args[i].text);
    buf_puts(b, ")");
  }
  if (p->split)
    buf_printf(b, " peel(%s, %s)", p->split->args[0].text, p->split->args[1].text);
  for (int k = 0; k < p->ninner; k++) {
    buf_puts(b, k ? "," : " with");
    args_text(b, "permut", p->inner_perm[k], p->inner_nperm[k]);
    buf_printf(b, " on the loop at line %d", p->inner_line[k]);
  }
}

/* The permutation's length without the loops at its end that keep their
 * place. */
int plan_significant(const long long *perm, int n) {
  while (n > 0 && perm[n - 1] == n)
    n--;
  return n;
}

/* Every chain with this pre-transformation (fission's piece sizes in
 * args) and a permutation, the best kept in *best.  `deep`: work may map
 * as many loops as the deepest piece has (a shallower piece maps the loops
 * it has), not only as many as every piece has. */
void plan_search_pre(AnnotCtx *cx, Annot *a, Plan *best, const char *pre, const long long *args,
                     int nargs, bool deep_dims) {
  /* the pieces this pre-transformation leaves bound the permutations */
  AnnotCtx saved = *cx;
  cx->explain = false;
  cx->steps = NULL;
  plan_copy_pieces(cx);
  int before = diag_quiet_begin();
  bool ok = !pre || cx->engine->transform(cx, plan_synth(a, pre, args, nargs));
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
    } while (p.nperm && !(best->dims && plan_time_up()) && plan_next_perm(p.perm, p.nperm));
  }
  xfree(refused.items);
}

/* The statements fission would distribute (the body of the one piece's
 * perfectly nested loops), or 0. */
int plan_body_statements(AnnotCtx *cx) {
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

/* The statements plan_body_statements counts, into items. */
void plan_body_items(AnnotCtx *cx, Vec *items) {
  Loop *loops[MAX_LOOPS];
  int k = cx->pieces.len == 1 ? tr_chain(cx->pieces.items[0], loops, MAX_LOOPS) : 0;
  if (!k)
    return;
  int *group;
  fission_group_items(loops[k - 1]->body, items, &group);
  xfree(group);
}
