/* auto.c — a bare `work`: nucc chooses the chain of annotations itself.
 * Receives the nest after its clauses and any annotations before `work`.
 * First choice: isl's schedule of the nest (analysis/sched.c, as PPCG
 * computes it), read as a chain `work(s) [permut(p)] [fission | fuse]`.
 * Where no such chain expresses it, or nucc's checks refuse the chain, it
 * tries, with diagnostics muted, every chain of that form that fits the
 * nest and keeps the best (most mapped loops, then the innermost mapped
 * index on the arrays' contiguous dimension, then the fewest annotations).
 * Where no chain maps a loop because the outer loop carries a dependence,
 * distribute.c distributes that loop, each piece in an order of its own,
 * or split_loop peels off the one iteration its dependence meets, before
 * hostloop.c keeps the loop on the host (a kernel launched once per
 * piece, not kernels in every iteration); plan.c tries each chain.  Either chain is checked by the
 * annotations' own isl legality and `work`'s dependence test, and applied
 * as if written out.  The searches of a region share a budget of processor
 * time; past it they keep the best legal chain found so far. */
#include "plan.h"
#include "transform.h"

#include <stdio.h>
#include <string.h>

/* Why a distribution, for --report: what it launches against a loop kept
 * on the host, and what each kernel maps. */
static char *distribution_reasons(Plan *p, Vec *kernels, SchedChain *sc, Loop *outer) {
  Buf b = {0};
  buf_puts(&b, "bare 'work' chose '");
  plan_chain_text(&b, p);
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
static char *reasons(Plan *p, Vec *kernels, SchedChain *sc, const char *chain) {
  Buf b = {0};
  bool isl = sc->why == NULL;
  buf_printf(&b, "bare 'work' chose '%s", chain);
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

/* isl's distribution, each piece in its own order: fission (with the
 * numbers of statements of its pieces where isl groups the statements
 * otherwise than fission's own groups), a fuse of a piece whose statements
 * isl runs together, and a permut per piece; `inner` holds the permutations
 * of the body's nests that apply first. */
static bool isl_pieces_plan(AnnotCtx *cx, Annot *a, Plan *p, SchedChain *sc, SchedGroup *gs,
                            Plan *inner) {
  *p = *inner;
  p->pre = "fission";
  p->npieces = sc->npieces;
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
    p->pfuse[k] = sc->piece_fuse && sc->piece_fuse[k];
    p->npperm[k] = sc->piece_nperm[k];
    for (int i = 0; i < sc->piece_nperm[k]; i++)
      p->pperm[k][i] = sc->piece_perm[k][i];
  }
  p->npre = own_groups ? 0 : sc->npieces;
  int c = sc->dims < 3 ? sc->dims : 3;
  plan_try(cx, a, p, c);
  /* isl leaves free the order of each piece's parallel members: per
   * piece, the order whose innermost mapped index walks the arrays'
   * contiguous dimension scores best */
  for (int k = 0; p->dims && k < sc->npieces; k++) {
    int full = sc->piece_nfull[k], cc = c < full ? c : full;
    if ((sc->piece_groups[k] != 1 && !p->pfuse[k]) || cc < 2 || full > MAX_LOOPS)
      continue;
    long long q[3] = {1, 2, 3};
    while (plan_next_perm(q, cc) && !plan_time_up()) {
      Plan t = *p;
      t.dims = 0;
      for (int i = 0; i < full; i++)
        t.pperm[k][i] = i < cc ? sc->piece_perm[k][q[i] - 1] : sc->piece_perm[k][i];
      t.npperm[k] = plan_significant(t.pperm[k], full);
      t.reordered = true;
      plan_try(cx, a, &t, c);
      if (t.dims == p->dims && t.score > p->score)
        *p = t;
    }
  }
  if (p->dims)
    return true;
  Buf b = {0};
  Plan shown = *p;
  shown.dims = sc->dims;
  plan_chain_text(&b, &shown);
  sc->why = xformat("nucc's checks refuse the chain '%s' of isl's schedule %s", b.s, sc->tree);
  xfree(b.s);
  return false;
}

static bool plan_of_chain(AnnotCtx *cx, Annot *a, Plan *p, SchedChain *sc, SchedGroup *gs,
                          int ngroups, Stmt *body);

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
  double left = 0.6 * plan_time_left();
  bool ok = sched_choose(kn.info, gs, ngroups, cx->independent, left > 0.05 ? left : 0.05, sc);
  if (sc->timed_out)
    plan_note_gave_up();
  if (!ok)
    return false;
  if (plan_of_chain(cx, a, p, sc, gs, ngroups, loops[k - 1]->body))
    return true;
  if (!sc->alt)
    return false;
  /* the fused nest refused: isl's schedule a kernel per statement */
  *sc = *sc->alt;
  return plan_of_chain(cx, a, p, sc, gs, ngroups, loops[k - 1]->body);
}

/* isl's permutations of nests of the body (sc->inner_perm) as the plan's:
 * false where a statement to permute is not one loop of the body. */
static bool inner_plan(SchedChain *sc, SchedGroup *gs, int ngroups, Stmt *body, Plan *t) {
  t->ninner = 0;
  for (int g = 0; g < sc->ninner && g < ngroups; g++) {
    if (!sc->inner_nperm[g])
      continue;
    if (t->ninner == MAX_PIECES || gs[g].nitems != 1 || body->kind != ST_BLOCK ||
        sc->inner_nperm[g] > MAX_LOOPS) {
      sc->why = xformat("isl's schedule permutes more than %d loop nests of the body, or a "
                        "statement that is not one of its loops",
                        MAX_PIECES);
      return false;
    }
    int at = -1;
    for (int i = 0; i < body->nitems; i++)
      if (body->items[i] == gs[g].items[0])
        at = i;
    if (at < 0) {
      sc->why = xstrdup("isl's schedule permutes a statement that is not a loop of the body");
      return false;
    }
    int n = t->ninner++;
    t->inner_at[n] = at;
    t->inner_line[n] = gs[g].items[0]->loc.line;
    t->inner_nperm[n] = sc->inner_nperm[g];
    for (int i = 0; i < sc->inner_nperm[g]; i++)
      t->inner_perm[n][i] = sc->inner_perm[g][i];
  }
  return true;
}

/* The plan of isl's chain sc, tried: false with sc->why where nucc's checks
 * refuse it. */
static bool plan_of_chain(AnnotCtx *cx, Annot *a, Plan *p, SchedChain *sc, SchedGroup *gs,
                          int ngroups, Stmt *body) {
  if (sc->nfull > MAX_LOOPS) {
    sc->why = xformat("isl's schedule permutes more than %d loops", MAX_LOOPS);
    return false;
  }
  Plan inner = {0};
  if (!inner_plan(sc, gs, ngroups, body, &inner))
    return false;
  if (sc->npieces)
    return isl_pieces_plan(cx, a, p, sc, gs, &inner);
  /* isl leaves free the order of the parallel members at the top of its
   * band (no dependence runs along any of them): the order whose innermost
   * mapped index walks the arrays' contiguous dimension scores best */
  long long q[3] = {1, 2, 3};
  int c = sc->dims < 3 ? sc->dims : 3;
  *p = (Plan){0};
  do {
    Plan t = inner;
    t.pre = sc->pre;
    for (int i = 0; i < sc->nfull; i++)
      t.perm[i] = i < c ? sc->perm[q[i] - 1] : sc->perm[i];
    t.nperm = plan_significant(t.perm, sc->nfull);
    plan_try(cx, a, &t, c);
    t.reordered = q[0] != 1 || (c > 1 && q[1] != 2);
    if (t.dims && (!p->dims || t.score > p->score))
      *p = t;
  } while (c > 1 && plan_next_perm(q, c));
  if (!p->dims) {
    *p = inner;
    p->pre = sc->pre;
    p->nperm = sc->nperm;
    for (int i = 0; i < sc->nperm; i++)
      p->perm[i] = sc->perm[i];
    Buf b = {0};
    Plan shown = *p;
    shown.dims = sc->dims;
    plan_chain_text(&b, &shown);
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

/* The search: every chain of the form that fits, the best kept in *best. */
static void search(AnnotCtx *cx, Annot *a, Plan *best) {
  plan_search_pre(cx, a, best, NULL, NULL, 0, false);
  plan_search_pre(cx, a, best, "fuse", NULL, 0, false);
  plan_search_pre(cx, a, best, "fission", NULL, 0, false);
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
      p.nperm = plan_significant(p.perm, n);
      if (p.nperm)
        p.nperm = n;
      plan_try(cx, a, &p, free < 3 ? free : 3);
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
  Annot *s = plan_synth(at, "snapshot", NULL, 0);
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

/* The outer value w at which loop v's iterations meet (v against w in one
 * subscript of two accesses to an array that one of them writes), or NULL. */
static Var *split_point(Kernel *kn, const Var *v) {
  for (int b = 0; b < kn->buffers.len; b++) {
    Buffer *bf = kn->buffers.items[b];
    for (int x = 0; bf->write && x < bf->accesses.len; x++)
      for (int y = 0; y < bf->accesses.len; y++) {
        Access *p = bf->accesses.items[x], *q = bf->accesses.items[y];
        if (!p->write || p->site || q->site)
          continue;
        for (int d = 0; d < p->nsubs && d < q->nsubs; d++) {
          Expr *e = p->subs[d], *f = q->subs[d];
          if (e->kind != EX_VAR || f->kind != EX_VAR)
            continue;
          Expr *outer = e->var == v ? f : f->var == v ? e : NULL;
          if (!outer || outer->var == v || !type_is_integer(outer->var->type))
            continue;
          for (int i = 0; i < kn->scalars.len; i++) {
            Scalar *sc = kn->scalars.items[i];
            if (sc->path->kind == EX_VAR && sc->path->var == outer->var)
              return outer->var;
          }
        }
      }
  }
  return NULL;
}

/* Where the outer loop carries a dependence only into or out of the one
 * iteration that a value from outside the nest names (trmm of PolyBench
 * 3.2, the row i kept on the host: column j = i reads the row's columns
 * k < i, and nothing else in the row meets), `peel(w - lb, last - w)`
 * cuts the loop before and after it: three loops that each map, in
 * place of a loop kept on the host (launches in every iteration).  Peeling
 * keeps the order, so it is always legal; NULL when no subscript names
 * such a point. */
static Annot *split_candidate(AnnotCtx *cx, Annot *at, Var **at_value) {
  Loop *loops[MAX_LOOPS];
  long long s;
  int k = cx->pieces.len == 1 && !cx->inner ? tr_chain(cx->pieces.items[0], loops, MAX_LOOPS) : 0;
  if (!k || !tr_upward(loops[0], &s) || s != 1)
    return NULL;
  Kernel kn;
  if (!freevars_probe(&kn, cx->nest->names, NULL, loops, k, loops[k - 1]->body))
    return NULL;
  Var *w = split_point(&kn, loops[0]->var);
  if (!w)
    return NULL;
  *at_value = w;
  Loop *l = loops[0];
  Expr *front = tr_sub(ir_var(w, at->loc), tr_clone_expr(l->lb, NULL));
  /* n - 1 - (w - lb) with n = last + 1 - lb; peel clamps it at 0 where n is 0 */
  Expr *last =
      l->rel == REL_LE ? tr_clone_expr(l->ub, NULL) : tr_sub(tr_end(l), ir_int(1, at->loc));
  Expr *back = tr_sub(last, ir_var(w, at->loc));
  long long zero[2] = {0, 0};
  Annot *a = plan_synth(at, "peel", zero, 2);
  Expr *v[2] = {front, back};
  for (int i = 0; i < 2; i++) {
    xfree(a->args[i].text);
    a->args[i].value = v[i];
    a->args[i].text = print_expr_text(v[i]);
  }
  return a;
}

/* The split's pieces and their chain: *best filled and the pieces cut
 * when each maps a loop, else *cx unchanged. */
static void split_loop(AnnotCtx *cx, Annot *a, Plan *best) {
  Var *at_value = NULL;
  Annot *split = split_candidate(cx, a, &at_value);
  if (!split)
    return;
  AnnotCtx saved = *cx;
  cx->explain = false;
  cx->steps = NULL;
  int before = diag_quiet_begin();
  bool ok = cx->engine->transform(cx, split);
  ok &= diag_quiet_end(before) == 0;
  Plan p = {0};
  int dims = 3;
  Loop *loops[MAX_LOOPS];
  for (int i = 0; ok && i < cx->pieces.len; i++) {
    int n = tr_chain(cx->pieces.items[i], loops, MAX_LOOPS);
    dims = n < dims ? n : dims;
  }
  if (ok && dims > 0)
    plan_try(cx, a, &p, dims);
  if (!p.dims) {
    *cx = saved;
    return;
  }
  cx->explain = saved.explain;
  cx->steps = saved.steps;
  annot_explain_step(cx, split);
  *best = p;
  best->split = split;
  best->split_at = at_value;
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

/* The steps per launch a bare `work` gives a 1-D stencil's time loop, and
 * the widest halo it lets them make (a quarter of a tile of 256): T times
 * the sub-steps' radii.  On the H200, PolyBench's jacobi-1d (2,000 points,
 * 500 steps; bench/results/suite-ttile.txt) ran its kernels in 6.4 ms step by step
 * (PPCG alike), 1.1 ms with ttile(4), 0.65 with 8, 0.43 with 16 and 0.31 with
 * 32; a halo past a quarter of the tile recomputes more than a long array's
 * bandwidth then saves. */
enum { AUTO_TTILE_STEPS = 16, AUTO_TTILE_HALO = 64 };

/* A 2-D stencil's time loop: 2 steps per launch in tiles of 16 x 64 points
 * (work-groups of 8 x 32), where the steps' radii add up to at most 2 (a
 * halo of 4).  On the H100, Jacobi-2D at 8192^2
 * (bench/results/ttile-h100-2.txt) ran 1.37 times as fast as step by step
 * so, and 1.36 with 3 steps; PolyBench's jacobi-2d at 1,300^2
 * (suite-jacobi2d-ttile-h100.txt) 1.35.  3-D stencils keep the steps:
 * an overlapped tile that fits __local memory is too small to pay (0.33 at
 * best), and streamed tiles, which pay on large grids (heat-3d at 256^3
 * 1.35, the wave at 256 x 512^2 1.58: ttile-h100-5.txt), make a group per
 * tile of the inner loops alone, 32 of them on PolyBench's 120^3: they
 * are chosen where the extents are constants (auto_ttile_3d). */
static const long long auto_ttile_2d[3] = {2, 16, 64}, auto_work_2d[2] = {8, 32};
enum { AUTO_TTILE_HALO_2D = 4 };

/* A 3-D stencil's time loop of constant extents: 2 steps per launch,
 * streamed along the outermost loop in tiles of 16 x 32 of the inner ones
 * (work-groups of the plane with its halo of 4, 24 x 40), where the steps'
 * radii add up to at most 2.  A group per tile must still fill the GPU:
 * at least 256 of them (two per multiprocessor of a 132-SM H100), in
 * chunks of the outermost loop if the tiles alone are fewer, of at least
 * 32 planes (a chunk's halo of 4 on either side costs a fifth more there);
 * shorter chunks keep the steps.  On the H100 (ttile-h100-5.txt): heat-3d
 * at 256^3 1.35 times as fast as step by step in chunks of 128, the wave
 * at 256 x 512^2 1.58 whole. */
static const long long auto_ttile_3d[3] = {2, 16, 32}, auto_work_3d[3] = {1, 8, 32};
enum { AUTO_TTILE_GROUPS_3D = 256, AUTO_TTILE_CHUNK_3D = 32 };

/* A chain tried on copies of the pieces, diagnostics muted and no step
 * recorded: trial_end undoes what it did to *cx, gives back the names it
 * made (so that the chain applied next gets them), and says whether it
 * stayed free of diagnostics.  The trial has vectors of kernels and caches
 * of its own: its pushes must not reach the saved context's. */
typedef struct Trial {
  AnnotCtx saved;
  int made, quiet;
} Trial;

static void trial_begin(AnnotCtx *cx, Trial *t) {
  t->saved = *cx;
  t->made = cx->nest->names->made.len;
  cx->explain = false;
  cx->steps = NULL;
  cx->kernels = (Vec){0};
  cx->caches = (Vec){0};
  for (int i = 0; i < t->saved.caches.len; i++)
    vec_push(&cx->caches, t->saved.caches.items[i]);
  plan_copy_pieces(cx);
  t->quiet = diag_quiet_begin();
}

static bool trial_end(AnnotCtx *cx, Trial *t) {
  bool clean = diag_quiet_end(t->quiet) == 0;
  *cx = t->saved;
  cx->nest->names->made.len = t->made;
  return clean;
}

/* A trial of `work(wsizes) ttile(targs)` on copies of the pieces,
 * diagnostics muted: true when both apply to `dims` space loops, not
 * streamed, and the widest halo is at most `most`; *halo is that halo where
 * ttile applied (else 0), *got the space loops it found (else 0). */
static bool ttile_trial(AnnotCtx *cx, Annot *a, const long long *targs, int nt,
                        const long long *wsizes, int dims, long long most, long long *halo,
                        int *got, long long *trips) {
  Trial t;
  trial_begin(cx, &t);
  bool ok = cx->engine->transform(cx, plan_synth(a, "ttile", targs, nt));
  Loop *first[16];
  TTile *tt = ok && cx->main >= 0 && tr_chain(cx->pieces.items[cx->main], first, 16)
                  ? first[0]->ttile
                  : NULL;
  *got = tt && tt->stream == (dims == 3) ? tt->dims : 0;
  ok = *got == dims;
  *halo = 0;
  for (int m = 0; ok && m < dims; m++) {
    *halo = tt->halo[m] > *halo ? tt->halo[m] : *halo;
    long long span;
    if (trips)
      trips[m] = tr_const_span(tt->space[m], &span) && tt->space[m]->step->ival > 0
                     ? (span + tt->space[m]->step->ival - 1) / tt->space[m]->step->ival
                     : -1;
  }
  ok = ok && *halo <= most && work_apply(cx, plan_synth(a, "work", wsizes, dims));
  return trial_end(cx, &t) && ok;
}

/* A time loop around 1-D or 2-D stencil sweeps (ttile's form: each
 * sub-step writes one array at its own point, reading arrays at constant
 * offsets): ttile runs several steps per launch in tiles of __local
 * memory, where the host would launch a kernel per sweep and step.  Not in
 * 3-D (auto_ttile_2d says why).  True when it applied the chain (*ok:
 * work's verdict). */
static bool ttile_try(AnnotCtx *cx, Annot *a, bool *ok) {
  Loop *loops[MAX_LOOPS];
  if (cx->pieces.len != 1 || cx->inner || cx->in_host_loop || cx->trial_copy ||
      tr_chain(cx->pieces.items[0], loops, MAX_LOOPS) != 1 || !holds_loop(loops[0]->body))
    return false;
  long long targs[4] = {AUTO_TTILE_STEPS}, halo, chunk = 0;
  static const long long work_1d[1] = {256};
  const long long *wsizes = work_1d;
  int nt = 1, dims = 1, got;
  if (!ttile_trial(cx, a, targs, 1, work_1d, 1, AUTO_TTILE_HALO, &halo, &got, NULL)) {
    if (got == 3) {
      memcpy(targs, auto_ttile_3d, sizeof auto_ttile_3d);
      nt = 3;
      wsizes = auto_work_3d;
      dims = 3;
      long long trips[3];
      if (!ttile_trial(cx, a, targs, nt, wsizes, dims, AUTO_TTILE_HALO_2D, &halo, &got, trips) ||
          trips[0] < 1 || trips[1] < 1 || trips[2] < 1)
        return false;
      long long tiles =
          ((trips[1] + targs[1] - 1) / targs[1]) * ((trips[2] + targs[2] - 1) / targs[2]);
      if (tiles < AUTO_TTILE_GROUPS_3D) {
        long long chunks = (AUTO_TTILE_GROUPS_3D + tiles - 1) / tiles;
        chunk = (trips[0] + chunks - 1) / chunks;
        if (chunk < AUTO_TTILE_CHUNK_3D)
          return false;
      }
    } else if (got == 2) {
      memcpy(targs, auto_ttile_2d, sizeof auto_ttile_2d);
      nt = 3;
      wsizes = auto_work_2d;
      dims = 2;
      if (!ttile_trial(cx, a, targs, nt, wsizes, dims, AUTO_TTILE_HALO_2D, &halo, &got, NULL))
        return false;
    } else {
      if (got != 1 || halo <= AUTO_TTILE_HALO) /* ttile or work refused it */
        return false;
      /* radii that add up to more than 4: fewer steps, the same halo at most */
      targs[0] = targs[0] * AUTO_TTILE_HALO / halo;
      if (targs[0] < 2 ||
          !ttile_trial(cx, a, targs, 1, work_1d, 1, AUTO_TTILE_HALO, &halo, &got, NULL))
        return false;
    }
  }
  if (chunk) { /* `stream: L` */
    targs[nt++] = chunk;
  }
  Annot *t = plan_synth(a, "ttile", targs, nt);
  if (chunk)
    t->args[nt - 1].key = xstrdup("stream");
  if (!cx->engine->transform(cx, t)) {
    *ok = false;
    return true;
  }
  Loop *first[16];
  tr_chain(cx->pieces.items[cx->main], first, 16);
  TTile *tt = first[0]->ttile;
  Annot *w = plan_synth(a, "work", wsizes, dims);
  Buf spelled = {0};
  pragma_spell(w, &spelled);
  buf_puts(&spelled, " ");
  pragma_spell(t, &spelled);
  if (cx->explain)
    printf("-- work decides: %s\n", spelled.s);
  *ok = work_apply(cx, w);
  if (*ok && cx->kernels.len) {
    Kernel *k = cx->kernels.items[0];
    char *tile, *in = chunk ? xformat(" in chunks of %lld planes", chunk) : xstrdup("");
    if (dims == 1)
      tile = xformat("%lld points of __local memory", tt->width[0]);
    else if (dims == 2)
      tile = xformat("%lld x %lld points of __local memory", tt->width[0], tt->width[1]);
    else
      tile = xformat("%lld x %lld points of the inner loops, streamed along '%s'%s (each "
                     "point's column in registers)",
                     tt->width[1], tt->width[2], tt->space[0]->var->name, in);
    xfree(in);
    vec_push(&k->hints,
             xformat("bare 'work' chose '%s': loop '%s' carries a dependence, and its body is %d "
                     "sweep%s of a %d-D stencil, so each launch runs %lld of its steps in tiles "
                     "of %s with a halo of %lld (1 launch in place of %lld kernels, and each "
                     "array read and written once)",
                     spelled.s, loops[0]->var->name, tt->nsteps, tt->nsteps == 1 ? "" : "s", dims,
                     targs[0], tile, halo, targs[0] * tt->nsteps));
    xfree(tile);
  }
  cx->decided = spelled.s;
  return true;
}

/* Register blocking of a matrix product, where the chain maps two loops
 * and their body runs a sequential loop k over arrays read as (i, k) and
 * (k, j) (GEMM's C[i][j] += A[i][k] * B[k][j]): each work-item computes
 * a block of the product in registers (dmine) from tiles of both arrays
 * staged in __local memory along k (cache), which the plain chain reads
 * from global memory once per product.  On the H100 at n = 4096, in
 * groups of 16 x 16 (bench/results/tune-h100.txt, bare-product-h100.txt):
 * float 20.5 TFLOP/s with dmine(8, 4) (17.4 with (4, 8), 17.0 with
 * (4, 4), 15.3 with (8, 8)) against 5.4 for work(16, 16) alone; double
 * 11.0 with dmine(4, 2) (9.6 with (8, 4), 9.4 with (4, 4)) against 3.9.
 * Since the tile loads unroll (opencl.c, print_unrolled_load; the sizes
 * here are numbers), larger blocks gain most at that size: float 28.0
 * with (8, 4), 31.7 with (8, 8); double 12.8 with (4, 2), 16.3 with
 * (8, 4) (gemm-fill-h100.txt).  The blocks stay: sizes are known only at
 * run time, and at PolyBench's 1,000 or so rows (8, 8) would leave 64
 * groups, and double (8, 4) 144, for the H100's 132 compute units; --tune
 * picks per size. */
static const long long auto_block_work[2] = {16, 16}, auto_block_f32[2] = {8, 4},
                       auto_block_f64[2] = {4, 2};

/* The arrays of kernel k that such a product stages: read only, two
 * subscripts, one a mapped index and the other the same sequential loop's
 * index (each plus a constant) in every access, the same mapped index in
 * all of an array's accesses.  True when one array follows each mapped
 * loop (the reuse that blocking turns into registers); *dbl: one is double. */
static bool product_arrays(Kernel *k, Vec *names, bool *dbl) {
  if (k->dims != 2)
    return false;
  const Var *m[2] = {k->mapped[0]->var, k->mapped[1]->var};
  const Var *staged = NULL;
  bool by[2] = {false, false};
  for (int i = 0; i < k->buffers.len; i++) {
    Buffer *b = k->buffers.items[i];
    if (b->write || b->rows || b->opaque || b->rank != 2 || !b->accesses.len)
      continue;
    int follows = -1;
    const Var *kv = staged;
    bool ok = true;
    for (int j = 0; j < b->accesses.len && ok; j++) {
      Access *acc = b->accesses.items[j];
      int mm = -1;
      const Var *seq = NULL;
      ok = !acc->site && acc->nsubs == 2;
      for (int d = 0; ok && d < 2; d++) {
        Var *v;
        long long off;
        ok = cache_var_offset(acc->subs[d], &v, &off);
        if (!ok)
          break;
        if (v == m[0] || v == m[1]) {
          ok = mm < 0;
          mm = v == m[0] ? 0 : 1;
        } else {
          LoopInfo *li = kernelinfo_loop_of(k->info, v);
          ok = li && !li->mapped && !seq;
          seq = v;
        }
      }
      ok = ok && mm >= 0 && seq && (!kv || kv == seq) && (follows < 0 || follows == mm);
      if (ok) {
        kv = seq;
        follows = mm;
      }
    }
    if (!ok || follows < 0)
      continue;
    staged = kv;
    by[follows] = true;
    vec_push(names, print_expr_text(b->path));
    *dbl |= b->elem->kind == TY_DOUBLE;
  }
  return by[0] && by[1];
}

/* `cache(names...)`, as if written on the nest, recorded in cx->caches. */
static void block_cache(AnnotCtx *cx, Annot *a, Vec *names) {
  Annot *c = NEW(Annot);
  c->name = xstrdup("cache");
  c->loc = a->loc;
  c->has_parens = true;
  c->nargs = names->len;
  c->args = xcalloc((size_t)names->len, sizeof(AnnotArg));
  for (int i = 0; i < names->len; i++) {
    c->args[i].text = names->items[i];
    c->args[i].loc = a->loc;
  }
  cache_apply(cx, c);
}

/* Trials of the blocked chain's parts, on copies of the pieces,
 * diagnostics muted: BLOCK_INSPECT applies the plan's chain with 16 x 16
 * groups and finds the product's arrays (*names, *dbl) in one of its
 * kernels (the others, pieces of a fission, are blocked too: dmine
 * applies to every piece, and cache to the pieces that read the arrays);
 * BLOCK_CACHE applies it with cache(names); BLOCK_DMINE applies the plan's
 * transformations and dmine, without work.  The whole blocked chain is
 * not tried: dmine, which jams loops work found parallel, leaves their
 * work-items independent, and work's dependence test, which pairs every
 * two accesses of dmine's 32 copies, took 1.2 s a kernel on this 2-core
 * machine (AnnotCtx.deps_proven skips it where the chain is applied).
 * True when the trial applied without a diagnostic (and found a product). */
typedef enum { BLOCK_INSPECT, BLOCK_CACHE, BLOCK_DMINE } BlockTrial;

static bool block_trial(AnnotCtx *cx, Annot *a, Plan *p, BlockTrial what, Vec *names, bool *dbl) {
  Trial t;
  trial_begin(cx, &t);
  bool ok = plan_apply_prefix(cx, a, p);
  if (ok && what == BLOCK_CACHE)
    block_cache(cx, a, names);
  if (ok && what == BLOCK_DMINE)
    ok = cx->engine->transform(cx,
                               plan_synth(a, "dmine", *dbl ? auto_block_f64 : auto_block_f32, 2));
  else
    ok = ok && work_apply(cx, plan_synth(a, "work", auto_block_work, 2));
  if (ok && what == BLOCK_INSPECT) {
    bool found = false;
    for (int i = 0; i < cx->kernels.len && !found; i++) {
      names->len = 0;
      *dbl = false;
      found = product_arrays(cx->kernels.items[i], names, dbl);
    }
    ok = found;
  }
  return trial_end(cx, &t) && ok;
}

/* Applies the plan with blocking where the nest is a product that takes
 * it; the chain's text in *text.  False (nothing applied) otherwise. */
static bool block_try(AnnotCtx *cx, Annot *a, Plan *p, SchedChain *sc, Buf *text, bool *ok) {
  if (p->dims != 2 || p->npieces || p->split || p->nwave || cx->pieces.len != 1 || cx->inner ||
      cx->trial_copy || cx->caches.len || plan_time_up())
    return false;
  Vec names = {0};
  bool dbl = false;
  if (!block_trial(cx, a, p, BLOCK_INSPECT, &names, &dbl) ||
      !block_trial(cx, a, p, BLOCK_CACHE, &names, &dbl) ||
      !block_trial(cx, a, p, BLOCK_DMINE, &names, &dbl) || plan_time_up())
    return false;
  const long long *f = dbl ? auto_block_f64 : auto_block_f32;
  Buf plain = {0};
  plan_chain_text(&plain, p);
  buf_puts(text, "work(16,16) cache(");
  for (int i = 0; i < names.len; i++)
    buf_printf(text, "%s%s", i ? ", " : "", (char *)names.items[i]);
  buf_printf(text, ") dmine(%lld,%lld)%s", f[0], f[1], strchr(plain.s, ')') + 1);
  xfree(plain.s);
  if (cx->explain)
    printf("-- work decides: %s\n", text->s);
  block_cache(cx, a, &names);
  *ok = plan_apply_prefix(cx, a, p) && cx->engine->transform(cx, plan_synth(a, "dmine", f, 2));
  cx->deps_proven = true; /* by BLOCK_CACHE's trial */
  *ok = *ok && work_apply(cx, plan_synth(a, "work", auto_block_work, 2));
  cx->deps_proven = false;
  if (*ok && cx->kernels.len) {
    /* the plain chain's reasons, with the chain as applied */
    char *plain_why = reasons(p, &cx->kernels, sc, text->s);
    char *why = xformat("%s; then a product: each work-item computes %lld x %lld of its "
                        "elements in registers (dmine), from tiles of %s staged in __local "
                        "memory along the inner loop (cache), in work-groups of 16 x 16",
                        plain_why, f[0], f[1], names.len == 2 ? "both arrays" : "its arrays");
    xfree(plain_why);
    for (int i = 0; i < cx->kernels.len; i++)
      vec_push(&((Kernel *)cx->kernels.items[i])->hints, why);
  }
  xfree(names.items);
  return true;
}

static bool decide(AnnotCtx *cx, Annot *a) {
  Plan best = {0};
  SchedChain sc = {0};
  /* ttile planned the kernel: only the work-group sizes are left */
  Loop *first[16];
  if (cx->main >= 0 && tr_chain(cx->pieces.items[cx->main], first, 16) && first[0]->ttile) {
    Annot *w = plan_synth_work(a, first[0]->ttile->dims);
    Buf spelled = {0};
    pragma_spell(w, &spelled);
    if (cx->explain)
      printf("-- work decides: %s\n", spelled.s);
    cx->decided = spelled.s;
    return work_apply(cx, w);
  }
  choose(cx, a, &best, &sc);
  /* pieces of several statements, where they map more loops */
  if (best.dims && best.dims < 3) {
    int had = best.dims;
    distribute_search_pieces(cx, a, &best);
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
    distribute_loop(cx, a, &best);
  if (!best.dims)
    split_loop(cx, a, &best);
  if (!best.dims) {
    bool ok;
    if (ttile_try(cx, a, &ok))
      return ok;
    if (hostloop_try(cx, a, &ok, &host_why_not))
      return ok;
    wave_search(cx, a, &best);
  }
  if (!best.dims) {
    bool ok;
    /* say why with the plainest chain: its dependence, with the pair */
    ok = work_apply(cx, plan_synth_work(a, 1));
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
    distribute_as_ordinary(cx, a, &best);
  Buf b = {0};
  bool blocked_ok;
  if (!snap && block_try(cx, a, &best, &sc, &b, &blocked_ok)) {
    if (blocked_ok)
      for (int i = 0; i < cx->kernels.len; i++)
        ((Kernel *)cx->kernels.items[i])->spread = true;
    cx->decided = b.s;
    return blocked_ok;
  }
  plan_chain_text(&b, &best);
  if (cx->explain)
    printf("-- work decides: %s\n", b.s);
  Loop *outer = ((Stmt *)cx->pieces.items[0])->loop;
  if (!plan_apply_chain(cx, a, &best, best.dims))
    return false;
  for (int i = 0; i < cx->kernels.len; i++)
    ((Kernel *)cx->kernels.items[i])->spread = true;
  char *why = best.npieces ? distribution_reasons(&best, &cx->kernels, &sc, outer)
                           : reasons(&best, &cx->kernels, &sc, b.s);
  if (best.split) {
    Loop *l = ((Stmt *)cx->pieces.items[0])->loop;
    char *more = xformat("%s; peel first, around the iteration %s = %s: the loop carries a "
                         "dependence only into or out of that iteration, so the loops before "
                         "and after it, and it, each map, launched in order (%d kernels, in "
                         "place of the loop kept on the host, a kernel in each iteration)",
                         why, l->var->name, best.split_at->name, cx->kernels.len);
    xfree(why);
    why = more;
  }
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
  bool region = plan_region_begin();
  bool ok = decide(cx, a);
  if (ok)
    for (int i = 0; i < cx->kernels.len; i++)
      ((Kernel *)cx->kernels.items[i])->bare = true;
  if (region) {
    bool gave_up;
    double ms = plan_region_end(&gave_up);
    if (ok && cx->kernels.len && !cx->trial_copy) {
      Kernel *k = cx->kernels.items[0];
      vec_push(&k->hints,
               gave_up
                   ? xformat("bare 'work' decided this region in %.0f ms: its search passed its "
                             "bound of %.0f ms and uses the best legal chain it had found",
                             ms, plan_budget_s() * 1000.0)
                   : xformat("bare 'work' decided this region in %.0f ms", ms));
    }
  }
  return ok;
}
