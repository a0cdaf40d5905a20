/* hostloop.c — a bare `work` on a time loop: the loop stays on the host.
 * Receives a nest for which no chain maps a loop (auto.c) because its loop
 * carries a dependence, and whose body is a sequence of loop nests (a time
 * loop around stencils).  Hands on the nest as the user would have written
 * it by hand: the loop outside, each nest of its body a Nest of its own
 * with a bare `work` of its own (auto.c again), whose kernels the host
 * launches in order in every iteration (emit/host.c, emit_host_loop).
 *
 * Why a group of nests and not a transformation of the pieces: a piece is
 * code that runs as one kernel or as C, but this loop is host code around
 * several launches, each with its own chain, stubs, host-mode copy and
 * NU_VERIFY check.  Nests of their own give each of them exactly what a
 * nest written by hand gets, and the printers only need the loop around. */
#include "analysis.h"
#include "annotation.h"
#include "transform.h"

#include <stdio.h>
#include <string.h>

static void add_var(Expr *e, void *d);

/* A statement the host can run between the launches: a declaration or an
 * expression statement on scalars alone (`dt = dt * 0.5;`).  One that
 * touches memory (an array, a pointer, a call) would need arrays back that
 * the kernels wrote; nucc's host synchronisation sees only the code
 * outside annotated nests. */
static bool host_stmt(Stmt *s) {
  if (s->kind == ST_DECL)
    return s->var->type && type_is_arith(s->var->type) &&
           (!s->init || !ir_expr_may_read_memory(s->init));
  return s->kind == ST_EXPR && s->e && !ir_expr_may_read_memory(s->e);
}

/* The statements of the loop's body that are loop nests nucc can hand to a
 * bare `work` of their own, and in `order` the body with the host
 * statements on scalars between them; false, with *why_not, when another
 * statement stands among them. */
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
      *why_not = xformat("the statement at line %d is not a loop nest, nor a statement on "
                         "scalars alone that the host could run between the launches",
                         s->loc.line);
      return false;
    }
  }
  if (!out->len)
    *why_not = xstrdup("its body holds no loop nest");
  return out->len > 0;
}

/* A host statement that names a variable a kernel of the loop hands back
 * (a reduction's result, a temporary's last value): the host would read
 * it before nurt folds it in.  NULL when there is none. */
static char *hands_back(Vec *order, Vec *ctxs) {
  for (int i = 0; i < order->len; i++) {
    Stmt *s = order->items[i];
    if (!s)
      continue;
    Vec named = {0};
    if (s->kind == ST_DECL)
      vec_push(&named, s->var);
    ir_walk_stmt(s, add_var, &named);
    for (int c = 0; c < ctxs->len; c++) {
      AnnotCtx *x = ctxs->items[c];
      for (int k = 0; k < x->kernels.len; k++) {
        Kernel *kn = x->kernels.items[k];
        for (int v = 0; v < named.len; v++) {
          Var *var = named.items[v];
          bool back = vec_contains(&kn->info->copyouts, var);
          for (int r = 0; r < kn->reductions.len && !back; r++) {
            Reduction *red = kn->reductions.items[r];
            back = red->path->kind == EX_VAR && red->path->var == var;
          }
          if (back) {
            char *why = xformat("the statement at line %d uses '%s', which the kernel of the "
                                "nest at line %d hands back to the host",
                                s->loc.line, var->name, kn->mapped[0]->loc.line);
            xfree(named.items);
            return why;
          }
        }
      }
    }
    xfree(named.items);
  }
  return NULL;
}

/* The variables a statement names. */
static void add_var(Expr *e, void *d) {
  if (e->kind == EX_VAR && !vec_contains(d, e->var))
    vec_push(d, e->var);
}

/* Nest `item` of the loop's body, as the front end would have built it
 * had the user written the loop outside the annotated nest.  The program
 * reads, after it, what the function reads outside the annotated nest, the
 * loop's index, and what the other statements of the loop name (in this
 * step or the next): the private temporaries it keeps must say so. */
static Nest *child_nest(AnnotCtx *cx, Annot *a, Stmt *item, Vec *items, Loop *outer) {
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
  for (int i = 0; i < items->len; i++)
    if (items->items[i] != item)
      ir_walk_stmt(items->items[i], add_var, &n->used_outside);
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
                  .steps = trial ? NULL : NEW(Vec),
                  .sizes = cx->sizes,
                  .independent = cx->independent,
                  .in_host_loop = true};
  if (trial) { /* the analyses of `work` edit a body they accept */
    c->annots = n->annots;
    vec_push(&c->pieces, tr_clone_stmt(tr_for(n->loops[0]), NULL));
  }
  return c;
}

/* The dependence that `work(256)` finds on the loop (its first error, with
 * the pair), tried on a copy; NULL when it finds none, or something else. */
static char *carried(AnnotCtx *cx, Annot *a, Loop *loop, Vec *nests) {
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

bool hostloop_try(AnnotCtx *cx, Annot *a, bool *ok, char **why_not) {
  *why_not = NULL;
  if (cx->inner || cx->pieces.len != 1 || cx->reduces.len || cx->privates.len ||
      cx->firstprivates.len || cx->caches.len)
    return false;
  Stmt *piece = cx->pieces.items[0];
  if (piece->loop != cx->nest->loops[0]) /* annotations before `work` changed it */
    return false;
  Loop *loop = piece->loop;
  Vec items = {0}, order = {0};
  if (!body_nests(loop->body, &items, &order, why_not))
    return false;
  char *why = carried(cx, a, loop, &items);
  if (!why)
    return false;
  /* every nest must have a chain before the loop goes to the host; else
   * the refusal of the nest as written says why */
  Vec nests = {0}, trials = {0}, all = {0};
  for (int i = 0; i < order.len; i++)
    if (order.items[i])
      vec_push(&all, order.items[i]);
  for (int i = 0; i < items.len; i++)
    vec_push(&all, items.items[i]);
  Buf line = {0};
  buf_printf(&line, "loop '%s' stays on the host", loop->var->name);
  for (int i = 0; i < items.len; i++) {
    Nest *n = child_nest(cx, a, items.items[i], &all, loop);
    AnnotCtx *t = child_ctx(cx, n, true);
    vec_push(&trials, t);
    int before = diag_quiet_begin();
    bool good = t->engine->apply_all(t);
    good &= diag_quiet_end(before) == 0;
    if (!good) {
      *why_not =
          xformat("the nest at line %d has no chain of its own either", n->loops[0]->loc.line);
      return false;
    }
    buf_printf(&line, "; nest at line %d: %s", n->loops[0]->loc.line, t->decided);
    vec_push(&nests, n);
  }
  *why_not = hands_back(&order, &trials);
  if (*why_not)
    return false;
  if (cx->explain)
    printf("-- work decides: %s\n", line.s);
  HostLoop *hl = NEW(HostLoop);
  hl->loop = loop;
  hl->order = order;
  char *hint = xformat("bare 'work' keeps loop '%s' (line %d) on the host: no chain maps it, "
                       "because it carries a dependence (%s), and its body is %d loop nest%s, "
                       "each launched in every iteration with a bare 'work' of its own",
                       loop->var->name, loop->loc.line, why, items.len, items.len == 1 ? "" : "s");
  for (int i = 0; i < nests.len; i++) {
    Nest *n = nests.items[i];
    AnnotCtx *c = child_ctx(cx, n, false);
    if (cx->explain)
      annot_explain_nest(cx->path, n);
    bool good = c->engine->apply_all(c);
    if (cx->explain && good)
      annot_explain_kernels(c);
    if (!good) {
      *ok = false;
      return true;
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
  cx->work = a;
  cx->hostloop = hl;
  cx->decided = line.s;
  *ok = true;
  return true;
}
