/* hostloop.c — a bare `work` on a loop that carries a dependence: the loop
 * stays on the host.  Receives a nest for which no chain maps a loop, nor
 * a distribution of its loop (auto.c), because its loop carries a
 * dependence, and whose body is loop nests and statements (a time loop
 * around stencils; the k loop of LU or Cholesky, with the pivot's
 * statements between its nests).  Hands on the
 * nest as the user would have written it by hand: the loop outside, each
 * nest of its body a Nest of its own with a bare `work` of its own (auto.c
 * again, which may keep that nest's own loop on the host in turn), whose
 * kernels the host launches in order in every iteration, and the other
 * statements run by the host between them, each with the synchronisation
 * host code gets (emit/hoststmt.c; emit/callsite.c, emit_host_loop).
 *
 * Why a group of nests and not a transformation of the pieces: a piece is
 * code that runs as one kernel or as C, but this loop is host code around
 * several launches, each with its own chain, stubs, host-mode copy and
 * NU_VERIFY check.  Nests of their own give each of them exactly what a
 * nest written by hand gets, and the printers only need the loop around. */
#include "analysis.h"
#include "annotation.h"
#include "plan.h"
#include "transform.h"

#include <stdio.h>
#include <string.h>

static void add_var(Expr *e, void *d);

/* Whether a statement holds a loop. */
static bool holds_loop(Stmt *s) {
  if (!s)
    return false;
  if (s->kind == ST_FOR || s->kind == ST_WHILE || s->kind == ST_DO)
    return true;
  if (holds_loop(s->then) || holds_loop(s->els) || holds_loop(s->body))
    return true;
  for (int i = 0; i < s->nitems; i++)
    if (holds_loop(s->items[i]))
      return true;
  return false;
}

/* Whether a statement without loops may return: the exits of a function
 * that launches kernels hand the arrays back (hostsync.c), but not one
 * inside an annotated nest.  A `break` or `continue` leaves or skips the
 * rest of the loop's iteration, launches included, as the host's copy of
 * the loop does too. */
static bool returns(Stmt *s) {
  if (!s)
    return false;
  if (s->kind == ST_RETURN)
    return true;
  if (returns(s->then) || returns(s->els) || returns(s->body))
    return true;
  for (int i = 0; i < s->nitems; i++)
    if (returns(s->items[i]))
      return true;
  return false;
}

/* A statement the host can run between the launches: one without loops
 * (a declaration of a number, an assignment, an `if`), or a loop without
 * loops inside that no chain maps (a recurrence: it runs on the host as
 * written).  The host synchronises the arrays it touches (hoststmt.c). */
static bool host_stmt(Stmt *s) {
  if (s->kind == ST_DECL)
    return s->var->type && type_is_arith(s->var->type);
  if (s->kind == ST_EXPR || s->kind == ST_IF || s->kind == ST_BLOCK || s->kind == ST_BREAK ||
      s->kind == ST_CONTINUE)
    return !holds_loop(s) && !returns(s);
  return false;
}

/* The statements of the loop's body that are loops nucc can hand to a bare
 * `work` of their own, and in `order` the body with the statements the
 * host runs between them; false, with *why_not, when another statement
 * stands among them. */
static bool body_nests(Stmt *body, Vec *out, Vec *order, char **why_not) {
  Stmt **items = body->kind == ST_BLOCK ? body->items : &body;
  int n = body->kind == ST_BLOCK ? body->nitems : 1;
  for (int i = 0; i < n; i++) {
    Stmt *s = items[i];
    if (s->kind == ST_EMPTY || s->visit) /* --explain=html's marker runs nowhere */
      continue;
    if (s->kind == ST_FOR && s->loop && !s->annots && s->end > s->begin) {
      vec_push(out, s);
      vec_push(order, NULL);
    } else if (host_stmt(s)) {
      vec_push(order, s);
    } else {
      *why_not = xformat("the statement at line %d is not a loop nest, nor a statement that the "
                         "host could run between the launches",
                         s->loc.line);
      return false;
    }
  }
  if (!out->len)
    *why_not = xstrdup("its body holds no loop nest");
  return out->len > 0;
}

/* The variables a statement names. */
static void add_var(Expr *e, void *d) {
  if (e->kind == EX_VAR && !vec_contains(d, e->var))
    vec_push(d, e->var);
}

/* The variables a host statement may read: those it names, but for the
 * target of `v = e` (or a declaration's) where e does not name it, which
 * the statement only overwrites. */
static void add_read_vars(Stmt *s, Vec *out) {
  Vec named = {0};
  if (s->kind == ST_DECL) {
    if (s->init)
      ir_walk_expr(s->init, add_var, &named);
  } else if (s->kind == ST_EXPR && s->e && s->e->kind == EX_BINARY && s->e->op == OP_ASSIGN &&
             s->e->a->kind == EX_VAR) {
    ir_walk_expr(s->e->b, add_var, &named);
  } else {
    ir_walk_stmt(s, add_var, &named);
  }
  for (int i = 0; i < named.len; i++)
    if (!vec_contains(out, named.items[i]))
      vec_push(out, named.items[i]);
  xfree(named.items);
}

/* Nest `item` of the loop's body, as the front end would have built it
 * had the user written the loop outside the annotated nest.  The program
 * reads, after it, what the function reads outside the annotated nest, the
 * loop's index, and what the host statements of the loop read (in this
 * step or the next); the other nests of the loop are its siblings, which
 * private.c asks whether they read a temporary before writing it: the
 * private temporaries it keeps must say so. */
static Nest *child_nest(AnnotCtx *cx, Annot *a, Stmt *item, Vec *order, Loop *outer) {
  Nest *n = NEW(Nest);
  *n = *cx->nest;
  Loop *loops[16];
  n->depth = tr_chain(item, loops, 16);
  n->loops = xcalloc((size_t)n->depth, sizeof(Loop *));
  memcpy(n->loops, loops, (size_t)n->depth * sizeof(Loop *));
  n->bad_loop_why = NULL;
  n->begin = n->for_begin = item->begin;
  n->end = item->end;
  n->pragma_loc = a->loc;
  n->apart = (Vec){0};
  n->annots = (Vec){0};
  vec_push(&n->annots, a); /* the bare `work`: its errors point at the pragma */
  n->used_outside = (Vec){0};
  for (int i = 0; i < cx->nest->used_outside.len; i++)
    vec_push(&n->used_outside, cx->nest->used_outside.items[i]);
  vec_push(&n->used_outside, outer->var);
  for (int i = 0; i < order->len; i++)
    if (order->items[i])
      add_read_vars(order->items[i], &n->used_outside);
  return n;
}

/* A context for the nest's own bare `work`, with the clauses that carry
 * over (the extents and the user's promise); `trial`: on a copy of the
 * nest, with nothing printed, to learn its chain before any is applied. */
static AnnotCtx *child_ctx(AnnotCtx *cx, Nest *n, bool trial) {
  AnnotCtx *c = NEW(AnnotCtx);
  *c = (AnnotCtx){.nest = n,
                  .engine = cx->engine,
                  .path = cx->path,
                  .explain = cx->explain && !trial,
                  .host = cx->host,
                  .steps = NEW(Vec), /* NU_VERIFY's steps, if the trial is kept */
                  .sizes = cx->sizes,
                  .independent = cx->independent,
                  .in_host_loop = true};
  if (trial) { /* the analyses of `work` edit a body they accept */
    c->annots = n->annots;
    c->trial_copy = true;
    vec_push(&c->pieces, tr_clone_stmt(tr_for(n->loops[0]), NULL));
  }
  return c;
}

/* The dependence that `work(256)` finds on the loop (its first error, with
 * the pair), tried on a copy; NULL when it finds none, or something else. */
static char *carried_in(AnnotCtx *cx, Annot *a, Loop *loop, Vec *nests) {
  AnnotCtx saved = *cx, t = *cx;
  t.explain = false;
  t.steps = NULL;
  t.kernels = (Vec){0};
  t.pieces = (Vec){0};
  /* the loop around its nests alone: a host statement's scalar is not what
   * keeps the loop from being mapped */
  Loop *copy = tr_clone_loop(loop, NULL);
  Vec body = {0};
  for (int i = 0; i < nests->len; i++)
    vec_push(&body, tr_clone_stmt(nests->items[i], NULL));
  copy->body = tr_block(&body);
  vec_push(&t.pieces, tr_for(copy));
  t.mains = (Vec){0};
  Annot *w = NEW(Annot);
  *w = *a;
  w->name = xstrdup("work");
  w->has_parens = true;
  w->nargs = 1;
  w->args = NEW(AnnotArg);
  w->args[0] = (AnnotArg){.text = xstrdup("256"), .loc = a->loc};
  int before = diag_quiet_begin();
  bool ok = work_apply(&t, w);
  ok &= diag_quiet_end(before) == 0;
  *cx = saved;
  const char *why = diag_quiet_first();
  if (ok || !why || !strstr(why, "dependence"))
    return NULL;
  return xstrdup(why);
}

/* Why no chain maps the loop: the dependence that `work(256)` finds on the
 * loop around its nests alone (a host statement's scalar is not what keeps
 * a time loop from being mapped), else on the whole loop (the pivot's
 * statements of a factorisation, a scalar recurrence); NULL when neither
 * finds a dependence. */
static char *carried(AnnotCtx *cx, Annot *a, Loop *loop, Vec *nests) {
  char *why = carried_in(cx, a, loop, nests);
  if (why)
    return why;
  Stmt **items = loop->body->kind == ST_BLOCK ? loop->body->items : &loop->body;
  Vec all = {0};
  for (int i = 0; i < (loop->body->kind == ST_BLOCK ? loop->body->nitems : 1); i++)
    vec_push(&all, items[i]);
  why = carried_in(cx, a, loop, &all);
  xfree(all.items);
  return why;
}

/* The dependence of why, short, for --explain: "dependence on 'A'". */
static char *short_why(const char *why) {
  const char *d = strstr(why, "dependence on '");
  if (d) {
    const char *q = strchr(d + 15, '\'');
    if (q)
      return xformat("it carries a %.*s", (int)(q + 1 - d), d);
  }
  return xstrdup("it carries a dependence");
}

/* Whether a nest's own bare `work` kept its loop on the host around
 * reductions alone, each over one loop bounded by that host loop's index
 * (ludcmp's row of L: for each j, a sum over k < j).  Inside this loop,
 * that is a reduction launched in every iteration of two host loops, about
 * n^2 / 2 launches of at most n terms each (PolyBench's ludcmp at n = 2,000
 * ran past 40 s so, as PPCG's build did).  Such a nest runs on the host as
 * written, as a user would have left it (the annotated file: 3.5 s). */
static bool host_reductions(AnnotCtx *t) {
  if (!t->hostloop || !t->kernels.len)
    return false;
  Var *j = t->hostloop->loop->var;
  for (int i = 0; i < t->kernels.len; i++) {
    Kernel *k = t->kernels.items[i];
    Loop *m = k->dims == 1 ? k->mapped[0] : NULL;
    if (!m || !k->reductions.len || !(ir_expr_uses_var(m->lb, j) || ir_expr_uses_var(m->ub, j)))
      return false;
  }
  return true;
}

/* The arrays that the kernels of the loop's nests write. */
static void device_written(Vec *trials, Vec *out) {
  for (int i = 0; i < trials->len; i++) {
    AnnotCtx *t = trials->items[i];
    for (int k = 0; k < t->kernels.len; k++) {
      Kernel *kn = t->kernels.items[k];
      for (int b = 0; b < kn->buffers.len; b++) {
        Buffer *bf = kn->buffers.items[b];
        if (bf->write || bf->reduced)
          vec_push(out, bf->path);
      }
    }
  }
}

/* The array an element access a[i][j] indexes: a. */
static Expr *index_base(Expr *e) {
  while (e->kind == EX_INDEX)
    e = e->a;
  return e;
}

typedef struct {
  Vec *paths;
  bool touches;
  int assigns;
} StmtUse;

static void stmt_use(Expr *e, void *d) {
  StmtUse *u = d;
  if ((e->kind == EX_BINARY || e->kind == EX_UNARY) && op_is_assign(e->op))
    u->assigns++;
  if (e->kind != EX_INDEX)
    return;
  Expr *base = index_base(e);
  for (int i = 0; i < u->paths->len; i++)
    u->touches |= ir_expr_equal(base, u->paths->items[i]);
}

/* An assignment to an array element, an `if` of such statements (a
 * pivot's guard) or a block of them: what a kernel of one work-item
 * takes.  Counts the assignments in *assigns. */
static bool one_item_shape(Stmt *s, int *assigns) {
  if (!s)
    return true;
  switch (s->kind) {
  case ST_EXPR:
    ++*assigns;
    return s->e && s->e->kind == EX_BINARY && op_is_assign(s->e->op) && s->e->a->kind == EX_INDEX;
  case ST_IF: {
    StmtUse u = {&(Vec){0}, false, 0};
    ir_walk_expr(s->e, stmt_use, &u);
    return u.assigns == 0 && s->then && one_item_shape(s->then, assigns) &&
           one_item_shape(s->els, assigns);
  }
  case ST_BLOCK:
    for (int i = 0; i < s->nitems; i++)
      if (!one_item_shape(s->items[i], assigns))
        return false;
    return s->nitems > 0;
  default:
    return false;
  }
}

/* What the statement reads of the arrays in u->paths: the right-hand
 * sides, the conditions, the targets' subscripts, and a target under a
 * compound assignment. */
static void one_item_reads(Stmt *s, StmtUse *u) {
  if (!s)
    return;
  if (s->kind == ST_EXPR) {
    ir_walk_expr(s->e->b, stmt_use, u);
    for (Expr *t = s->e->a; t->kind == EX_INDEX; t = t->a)
      ir_walk_expr(t->b, stmt_use, u);
    if (s->e->op != OP_ASSIGN)
      ir_walk_expr(s->e->a, stmt_use, u);
    return;
  }
  ir_walk_expr(s->e, stmt_use, u);
  one_item_reads(s->then, u);
  one_item_reads(s->els, u);
  for (int i = 0; i < s->nitems; i++)
    one_item_reads(s->items[i], u);
}

/* The arrays the statement's assignments write, into out. */
static void one_item_targets(Stmt *s, Vec *out) {
  if (!s)
    return;
  if (s->kind == ST_EXPR) {
    vec_push(out, index_base(s->e->a));
    return;
  }
  one_item_targets(s->then, out);
  one_item_targets(s->els, out);
  for (int i = 0; i < s->nitems; i++)
    one_item_targets(s->items[i], out);
}

/* Whether the host statement s would rather run as a kernel of one
 * work-item: assignments to array elements (one_item_shape), no scalar
 * written (the host reads its scalars), reading an array the kernels of
 * the loop write.  On the host that read waits for the kernels and copies
 * the array's rows back, and the next launch sends them up again, in
 * every iteration (Cholesky's A[k][k] = sqrt(A[k][k]): a row each way per
 * step).  A statement that only writes such an array (durbin's y[k] =
 * alpha) sends its elements up without waiting, as cheap as a launch. */
/* Whether s writes no scalar: the host's later statements read its scalars. */
static bool writes_no_scalar(Stmt *s) {
  Vec scalars = {0};
  tr_written_scalars(s, &scalars);
  bool none = scalars.len == 0;
  xfree(scalars.items);
  return none;
}

static bool one_item_stmt(Stmt *s, Vec *written) {
  int assigns = 0;
  if (!one_item_shape(s, &assigns))
    return false;
  bool none = writes_no_scalar(s);
  StmtUse all = {written, false, 0}, reads = {written, false, 0};
  ir_walk_stmt(s, stmt_use, &all);
  one_item_reads(s, &reads);
  return none && all.assigns == assigns && reads.touches;
}

/* for (int nu_once = 0; nu_once < 1; nu_once++) s: a nest of one
 * iteration, which `work(1)` maps like any other (freevars.c takes no
 * update in it for a reduction: a[k] += e is a plain write there). */
static Stmt *one_item_loop(AnnotCtx *cx, Loop *host, Stmt *s) {
  Var *v = NEW(Var);
  *v = *host->var;
  v->name = tr_fresh_name(cx->nest->names, "nu_once");
  v->loc = s->loc;
  v->global = v->is_param = v->reg = v->lazy_red = false;
  v->snapshot_of = NULL;
  Loop *l = NEW(Loop);
  l->var = v;
  l->declared = true;
  l->lb = ir_int(0, s->loc);
  l->ub = ir_int(1, s->loc);
  l->rel = REL_LT;
  l->step = ir_int(1, s->loc);
  l->loc = l->cond_loc = l->inc_loc = s->loc;
  l->body = s;
  return tr_for(l);
}

/* Whether the last work-item of kc's kernel can run statements of kernels
 * of one work-item around it (trisolv: x[i] = b[i] before x[i] -= L[i][j] *
 * x[j], x[i] = x[i] / L[i][i] after): it is its nest's only kernel, a 1-D
 * grid-stride reduction whose every reduction ends in its array on the
 * device (no value for the host to fold first) and whose body writes no
 * array (the other groups' writes would not be visible there, only their
 * partials and the counter are fenced). */
static bool can_take(AnnotCtx *kc) {
  if (kc->hostloop || kc->kernels.len != 1)
    return false;
  Kernel *k = kc->kernels.items[0];
  if (k->dims != 1 || k->caches.len || k->ttile || k->sweep || k->after || k->info->copyouts.len ||
      !k->reductions.len)
    return false;
  for (int i = 0; i < k->reductions.len; i++)
    if (!((Reduction *)k->reductions.items[i])->into)
      return false;
  for (int i = 0; i < k->buffers.len; i++) {
    Buffer *b = k->buffers.items[i];
    if (b->write || b->rows)
      return false;
  }
  return true;
}

/* ... and o's arrays have exact ranges that k's launch can cover. */
static bool can_take_args(Kernel *k, Kernel *o) {
  if (o->funcs.len || o->reductions.len || o->caches.len || o->info->copyouts.len)
    return false;
  for (int i = 0; i < o->buffers.len; i++) {
    Buffer *ob = o->buffers.items[i];
    if (ob->rows || ob->opaque || buffer_snapshot_of(ob) || !ob->first_lo || !ob->first_hi ||
        (ob->write && (!ob->write_lo || !ob->write_hi)))
      return false;
    /* the union needs k's range as bounds too, or the whole array */
    Buffer *kb = kernel_buffer(k, ob->path);
    if (kb && !(kb->first_lo && kb->first_hi) && !kb->size_text &&
        !(kb->type->kind == TY_ARRAY && kb->type->len >= 0))
      return false;
  }
  return true;
}

/* Whether kernel o (one work-item, the statements after kc's nest) can run
 * in the last work-item of kc's kernel, after the final combine: o reads no
 * index the kernel's loop leaves. */
static bool can_run_then(AnnotCtx *kc, AnnotCtx *oc) {
  if (!can_take(kc) || oc->hostloop || oc->kernels.len != 1)
    return false;
  Kernel *k = kc->kernels.items[0], *o = oc->kernels.items[0];
  if (k->then)
    return false;
  /* k's stub sets its loop's index after the launch (j < i leaves j = i):
   * o would read the value before it */
  for (int i = 0; i < o->scalars.len; i++) {
    Expr *p = ((Scalar *)o->scalars.items[i])->path;
    if (p->kind == EX_VAR && p->var == k->mapped[0]->var)
      return false;
  }
  return can_take_args(k, o);
}

/* k takes o's arrays and scalars as its own: an array both use once, over
 * the hull of both ranges (Buffer.also[slot]). */
static void take_args(Kernel *k, Kernel *o, int slot) {
  for (int i = 0; i < o->buffers.len; i++) {
    Buffer *ob = o->buffers.items[i], *kb = kernel_buffer(k, ob->path);
    if (kb)
      kb->also[slot] = ob;
    else
      vec_push(&k->buffers, ob);
  }
  for (int i = 0; i < o->scalars.len; i++) {
    Scalar *os = o->scalars.items[i];
    bool have = false;
    for (int j = 0; j < k->scalars.len; j++)
      have |= ir_expr_equal(((Scalar *)k->scalars.items[j])->path, os->path);
    if (!have)
      vec_push(&k->scalars, os);
  }
}

/* o runs in k's last work-item, after the final combine. */
static void run_then(Kernel *k, Kernel *o) {
  k->then = o;
  o->after = k;
  take_args(k, o, 1);
}

static bool quiet_apply(AnnotCtx *t);

/* body as a nest of its own under work(1), one work-item with nothing to
 * search, tried muted: its context (and the nest, *out), or NULL. */
static AnnotCtx *one_item_trial(AnnotCtx *cx, Annot *a, Loop *loop, Stmt *body, Vec *order,
                                Vec *siblings, Nest **out) {
  Nest *n = child_nest(cx, a, one_item_loop(cx, loop, body), order, loop);
  n->siblings = siblings;
  static const long long one = 1;
  n->annots = (Vec){0};
  vec_push(&n->annots, plan_synth(a, "work", &one, 1));
  AnnotCtx *t = child_ctx(cx, n, true);
  if (!quiet_apply(t) || t->hostloop || !t->kernels.len)
    return NULL;
  *out = n;
  return t;
}

/* Whether host statement st, right before the nest of kc, only sets
 * elements that kernel's reductions end in (x[i] = b[i] before x[i] -= ...):
 * then the kernel's last work-item can run it before the final combine,
 * since the body reads neither those elements nor writes what st reads.
 * Its kernel of one work-item (analysed, never launched), or NULL. */
static Kernel *pre_kernel(AnnotCtx *cx, Annot *a, Loop *loop, Stmt *st, AnnotCtx *kc, Vec *order,
                          Vec *siblings) {
  if (!can_take(kc) || st->kind != ST_EXPR || !st->e || st->e->kind != EX_BINARY ||
      !op_is_assign(st->e->op))
    return NULL;
  Kernel *k = kc->kernels.items[0];
  bool sets = false;
  for (int i = 0; i < k->reductions.len; i++)
    sets |= ir_expr_equal(((Reduction *)k->reductions.items[i])->path, st->e->a);
  if (!sets || !writes_no_scalar(st))
    return NULL;
  Nest *n;
  AnnotCtx *t = one_item_trial(cx, a, loop, st, order, siblings, &n);
  if (!t || t->kernels.len != 1)
    return NULL;
  Kernel *o = t->kernels.items[0];
  return can_take_args(k, o) ? o : NULL;
}

/* A trial context's chain applied with the diagnostics muted: whether it
 * took, without a word. */
static bool quiet_apply(AnnotCtx *t) {
  int before = diag_quiet_begin();
  bool good = t->engine->apply_all(t);
  return diag_quiet_end(before) == 0 && good;
}

bool hostloop_try(AnnotCtx *cx, Annot *a, bool *ok, char **why_not) {
  *why_not = NULL;
  if (cx->inner || cx->pieces.len != 1 || cx->reduces.len || cx->privates.len ||
      cx->firstprivates.len || cx->caches.len)
    return false;
  Stmt *piece = cx->pieces.items[0];
  /* annotations before `work` changed it */
  if (piece->loop != cx->nest->loops[0] && !(cx->trial_copy && cx->annots.len == 1))
    return false;
  Loop *loop = piece->loop;
  /* the host evaluates the bounds at the site: no kernel's array there */
  if (ir_expr_may_read_memory(loop->lb) || ir_expr_may_read_memory(loop->ub) ||
      ir_expr_may_read_memory(loop->step))
    return false;
  Vec items = {0}, order = {0};
  if (!body_nests(loop->body, &items, &order, why_not))
    return false;
  char *why = carried(cx, a, loop, &items);
  if (!why)
    return false;
  /* the loops of the body, each a nest of its own, siblings of the
   * function's nests and of each other */
  Vec kids = {0}, *siblings = NEW(Vec);
  for (int i = 0; cx->nest->siblings && i < cx->nest->siblings->len; i++)
    vec_push(siblings, cx->nest->siblings->items[i]);
  for (int i = 0; i < items.len; i++) {
    Nest *n = child_nest(cx, a, items.items[i], &order, loop);
    n->siblings = siblings;
    vec_push(&kids, n);
    vec_push(siblings, n);
  }
  /* each nest must have a chain before the loop goes to the host: one with
   * none that holds no loop is a recurrence the host runs as written (a
   * statement of the loop); else the refusal of the nest as written says
   * why */
  Vec nests = {0}, trials = {0}, said = {0}; /* said: per item of order, its part of line */
  int next = 0, nhost = 0, nloops = 0;
  for (int i = 0; i < order.len; i++) {
    vec_push(&said, NULL);
    if (order.items[i])
      continue; /* a statement: below, once the kernels are known */
    if (next >= items.len || next >= kids.len)
      break; /* one nest per item: never short */
    Stmt *item = items.items[next];
    Nest *n = kids.items[next++];
    AnnotCtx *t = child_ctx(cx, n, true);
    bool good = quiet_apply(t);
    if (!good && !holds_loop(item->loop->body)) {
      order.items[i] = item;
      said.items[i] = xformat("; loop at line %d on the host (no chain maps it)", item->loc.line);
      nhost++;
      continue;
    }
    if (!good) {
      *why_not =
          xformat("the nest at line %d has no chain of its own either", n->loops[0]->loc.line);
      return false;
    }
    if (host_reductions(t)) {
      order.items[i] = item;
      said.items[i] = xformat("; nest at line %d on the host (its own loop would stay on the host "
                              "around a reduction kernel in each of its iterations)",
                              item->loc.line);
      nhost++;
      continue;
    }
    if (t->hostloop) {
      said.items[i] = xformat("; nest at line %d: [%s]", n->loops[0]->loc.line, t->decided);
      nloops++;
    } else {
      said.items[i] = xformat("; nest at line %d: %s", n->loops[0]->loc.line, t->decided);
    }
    vec_push(&nests, n);
    vec_push(&trials, t);
  }
  while (said.len < order.len)
    vec_push(&said, NULL);
  /* the statements, in order: a kernel of one work-item where that keeps
   * the kernels' arrays on the device (one_item_stmt), consecutive ones in
   * one kernel; else on the host */
  Vec written = {0}, all_nests = {0}, all_trials = {0}, once = {0}, norder = {0};
  Vec then = {0};        /* parallel to all_nests: runs in the last work-item of the one before */
  AnnotCtx *prev = NULL; /* the nest launched right before this item, if any */
  Vec pre = {0}, prek = {0}; /* parallel to all_nests: the host statement before it, and its
                                kernel of one work-item (pre_kernel) */
  Stmt *pending = NULL;      /* that statement, until its nest comes */
  Kernel *pending_k = NULL;
  device_written(&trials, &written);
  Buf line = {0};
  buf_printf(&line, "loop '%s' stays on the host (%s)", loop->var->name, short_why(why));
  int nonce = 0, nfused = 0;
  for (int i = 0, at = 0; i < order.len; i++) {
    Stmt *st = order.items[i];
    if (!st) {
      prev = NULL;
      if (at < nests.len) {
        prev = trials.items[at];
        vec_push(&all_nests, nests.items[at]);
        vec_push(&all_trials, trials.items[at++]);
        vec_push(&once, NULL);
        vec_push(&norder, NULL);
        vec_push(&then, NULL);
        vec_push(&pre, pending);
        vec_push(&prek, pending_k);
        pending = NULL;
        pending_k = NULL;
      }
      buf_puts(&line, said.items[i] ? said.items[i] : "");
      continue;
    }
    /* the run [i, end) of statements for one kernel: each reads what the
     * kernels write or the run before it writes (`written` from `mark` on,
     * dropped again where the run stays on the host) */
    int end = i, mark = written.len;
    Vec run = {0};
    while (end < order.len && order.items[end] && !said.items[end] &&
           one_item_stmt(order.items[end], &written)) {
      vec_push(&run, order.items[end]);
      one_item_targets(order.items[end++], &written);
    }
    AnnotCtx *t = NULL;
    Nest *n = NULL;
    Stmt *body = run.len == 1 ? run.items[0] : run.len ? tr_block(&run) : NULL;
    int last = run.len ? ((Stmt *)run.items[run.len - 1])->loc.line : 0;
    if (run.len == 1)
      xfree(run.items);
    if (body)
      t = one_item_trial(cx, a, loop, body, &order, siblings, &n);
    if (t) {
      bool fused = prev && can_run_then(prev, t);
      vec_push(siblings, n);
      vec_push(&all_nests, n);
      vec_push(&all_trials, t);
      vec_push(&once, body);
      vec_push(&norder, NULL);
      vec_push(&then, fused ? t : NULL);
      vec_push(&pre, NULL);
      vec_push(&prek, NULL);
      if (last == st->loc.line)
        buf_printf(&line, "; statement at line %d as a kernel of one work-item (work(1))",
                   st->loc.line);
      else
        buf_printf(&line, "; statements at lines %d-%d as a kernel of one work-item (work(1))",
                   st->loc.line, last);
      if (fused) {
        buf_puts(&line, ", run by the last work-item of the kernel before it where that one runs");
        nfused++;
      }
      nonce++;
      i = end - 1;
      prev = NULL;
    } else {
      prev = NULL;
      written.len = mark;
      /* a statement that only sets the elements the next nest's reduction
       * ends in: in that kernel's last work-item */
      Kernel *pk = NULL;
      if (!said.items[i] && i + 1 < order.len && !order.items[i + 1] && at < nests.len)
        pk = pre_kernel(cx, a, loop, st, trials.items[at], &order, siblings);
      if (pk) {
        pending = st;
        pending_k = pk;
        buf_printf(&line,
                   "; statement at line %d run by the last work-item of the kernel after it, "
                   "before its reductions end, where that one runs",
                   st->loc.line);
        continue;
      }
      vec_push(&norder, st);
      if (said.items[i]) {
        buf_puts(&line, said.items[i]);
      } else {
        buf_printf(&line, "; statement at line %d on the host", st->loc.line);
        nhost++;
      }
    }
  }
  order = norder;
  xfree(written.items);
  nests = all_nests;
  trials = all_trials;
  if (!nests.len) {
    *why_not = xstrdup("no nest of its body has a chain of its own");
    return false;
  }
  /* the launches each iteration makes: what a distribution (auto.c) or
   * another order would save */
  int per_iter = -nfused; /* those the kernel before runs */
  for (int i = 0; i < trials.len; i++)
    if (!((AnnotCtx *)trials.items[i])->hostloop)
      per_iter += ((AnnotCtx *)trials.items[i])->kernels.len;
  buf_printf(&line, "; %d kernel%s launched per iteration of '%s'%s", per_iter,
             per_iter == 1 ? "" : "s", loop->var->name,
             nloops ? ", and those of the loops kept on the host inside it" : "");
  if (cx->explain)
    printf("-- work decides: %s\n", line.s);
  HostLoop *hl = NEW(HostLoop);
  hl->loop = loop;
  hl->order = order;
  hl->once = once;
  Buf parts = {0};
  buf_printf(&parts,
             "%d loop nest%s, each launched in every iteration with a bare 'work' of its "
             "own",
             nests.len, nests.len == 1 ? "" : "s");
  if (nloops)
    buf_printf(&parts, " (%d of them a loop kept on the host in turn)", nloops);
  if (nonce)
    buf_printf(&parts,
               " (%d of them a kernel of one work-item for statements of the body, since on the "
               "host they would copy an array the kernels write back and forth in every "
               "iteration%s)",
               nonce,
               nfused ? ", run by the last work-item of the reduction kernel before it where that "
                        "one runs"
                      : "");
  if (nhost)
    buf_printf(&parts, ", and %d statement%s the host runs between the launches", nhost,
               nhost == 1 ? "" : "s");
  buf_printf(&parts, ": %d kernel%s launched per iteration%s", per_iter, per_iter == 1 ? "" : "s",
             nloops ? ", besides those of the loops inside" : "");
  char *hint = xformat("bare 'work' keeps loop '%s' (line %d) on the host: no chain maps it, "
                       "because it carries a dependence (%s), and its body is %s",
                       loop->var->name, loop->loc.line, why, parts.s);
  xfree(parts.s);
  for (int i = 0; i < nests.len; i++) {
    Nest *n = nests.items[i];
    /* the trial's result is the nest's: applied again only to print it
     * (--explain), which doubled the time of every level of host loops */
    AnnotCtx *c = trials.items[i];
    if (cx->explain) {
      c = child_ctx(cx, n, false);
      annot_explain_nest(cx->path, n);
      bool good = c->engine->apply_all(c);
      if (good && !c->hostloop)
        annot_explain_kernels(c);
      if (!good) {
        *ok = false;
        return true;
      }
    }
    for (int k = 0; k < c->kernels.len; k++) {
      Kernel *kn = c->kernels.items[k];
      Vec hints = {0};
      vec_push(&hints, hint);
      for (int h = 0; h < kn->hints.len; h++)
        vec_push(&hints, kn->hints.items[h]);
      kn->hints = hints;
      vec_push(&cx->kernels, kn);
    }
    vec_push(&hl->nests, c);
  }
  /* the final kernels (--explain applied the chains again): the statement
   * before into k, then o into k */
  hl->pre = pre;
  for (int i = 0; i < hl->nests.len && i < prek.len; i++) {
    AnnotCtx *kc = hl->nests.items[i];
    if (prek.items[i] && can_take(kc) && can_take_args(kc->kernels.items[0], prek.items[i])) {
      Kernel *k = kc->kernels.items[0];
      k->pre = prek.items[i];
      take_args(k, k->pre, 0);
    }
  }
  xfree(prek.items);
  for (int i = 1; i < hl->nests.len && i < then.len; i++) {
    AnnotCtx *kc = hl->nests.items[i - 1], *oc = hl->nests.items[i];
    if (then.items[i] && can_run_then(kc, oc))
      run_then(kc->kernels.items[0], oc->kernels.items[0]);
  }
  xfree(then.items);
  cx->work = a;
  cx->hostloop = hl;
  cx->decided = line.s;
  *ok = true;
  return true;
}
