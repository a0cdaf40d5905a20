/* ttile.c — `ttile(T, w1,...,wd)`: time tiling of a stencil's time loop.
 * Receives the time loop, whose body is a sequence of space nests (the
 * sub-steps), each of d loops writing one array at its own point and
 * reading arrays at constant offsets.  Hands on the time loop strip-mined
 * by T, `for (tt ...; tt += T) for (t = tt; t < min(tt + T, end); t++)`,
 * the outer loop a sweep that the host runs, with the plan (TTile) that
 * `work` turns into one kernel per launch: overlapped tiles in __local
 * memory, T steps each, or tiles of the inner loops streamed along the
 * outermost when the widths name only those (emit/ttile.c). */
#include "analysis.h"
#include "annotation.h"
#include "emit.h"
#include "transform.h"

#include <string.h>

/* What checking the sub-steps collects. */
typedef struct Scan {
  TTile *tt;
  Loop **loops; /* the sub-step's space loops */
  int step;
  Annot *a;
  bool ok;
} Scan;

static int state_index(TTile *tt, Expr *path) {
  for (int i = 0; i < tt->state.len; i++)
    if (ir_expr_equal(tt->state.items[i], path))
      return i;
  return -1;
}

/* The root path of an EX_INDEX chain and its subscripts, outer first. */
static Expr *chain_of(Expr *e, Expr **subs, int *n) {
  int k = 0;
  Expr *x = e;
  for (; x->kind == EX_INDEX; x = x->a)
    k++;
  *n = k;
  for (Expr *y = e; y->kind == EX_INDEX; y = y->a)
    if (k <= 8)
      subs[--k] = y->b;
    else
      k--;
  return ir_path_root(x) ? x : NULL;
}

/* Every access of a state array is its point plus constants, one per
 * space loop in order: the offsets bound the dependence cone.  `lhs`: the
 * sub-step's assignment (its element at offset 0 by the caller's check). */
static void scan_expr(Scan *sc, Expr *e, Expr *lhs) {
  if (!e || !sc->ok)
    return;
  if (e->kind == EX_UNARY &&
      (e->op == OP_PREINC || e->op == OP_PREDEC || e->op == OP_POSTINC || e->op == OP_POSTDEC)) {
    diag_error(e->loc, "ttile: a sub-step may assign only its own array element");
    sc->ok = false;
    return;
  }
  if (e->kind == EX_BINARY && op_is_assign(e->op) && e != lhs) {
    diag_error(e->loc, "ttile: a sub-step may assign only its own array element");
    sc->ok = false;
    return;
  }
  if ((e->kind == EX_VAR || e->kind == EX_MEMBER) && ir_path_root(e) &&
      state_index(sc->tt, e) >= 0) {
    diag_error(e->loc,
               "ttile: the time-stepped array '%s' may only be subscripted in a sub-step (its "
               "tile is in __local memory)",
               print_expr_text(e));
    sc->ok = false;
    return;
  }
  if (e->kind == EX_INDEX) {
    Expr *subs[8];
    int n;
    Expr *root = chain_of(e, subs, &n);
    int si = root ? state_index(sc->tt, root) : -1;
    if (si >= 0) {
      TTile *tt = sc->tt;
      if (n != tt->dims) {
        char *t = print_expr_text(e);
        diag_error(e->loc,
                   "ttile: '%s' subscripts a time-stepped array %d time%s, not once per space "
                   "loop (%d)",
                   t, n, n == 1 ? "" : "s", tt->dims);
        sc->ok = false;
        return;
      }
      for (int d = 0; d < n; d++) {
        Var *v;
        long long c;
        if (!cache_var_offset(subs[d], &v, &c) || v != sc->loops[d]->var) {
          char *t = print_expr_text(subs[d]);
          diag_error(subs[d]->loc,
                     "ttile: subscript '%s' of a time-stepped array must be '%s' plus a "
                     "constant (the offsets bound the dependence cone)",
                     t, sc->loops[d]->var->name);
          sc->ok = false;
          return;
        }
        if (c < tt->lo[si][d])
          tt->lo[si][d] = c;
        if (c > tt->hi[si][d])
          tt->hi[si][d] = c;
        long long r = c < 0 ? -c : c;
        if (e != lhs->a && r > tt->radius[sc->step][d])
          tt->radius[sc->step][d] = r;
      }
      return; /* constant offsets: nothing below to read */
    }
    for (Expr *x = e; x->kind == EX_INDEX; x = x->a)
      scan_expr(sc, x->b, lhs);
    return;
  }
  scan_expr(sc, e->a, lhs);
  scan_expr(sc, e->b, lhs);
  scan_expr(sc, e->c, lhs);
  for (int i = 0; i < e->nargs; i++)
    scan_expr(sc, e->args[i], lhs);
}

/* Empty statements, and --explain=html's marks of the iterations (tidy.c
 * prints them nowhere). */
static bool skipped(Stmt *s) { return s->kind == ST_EMPTY || (s->kind == ST_EXPR && s->visit); }

/* The assignment a sub-step's innermost body ends with, after scalar
 * temporaries it declares (`float lx = u[i - 1] + u[i + 1];`), or NULL;
 * the declarations go into `decls`. */
static Expr *the_assignment(Stmt *s, Vec *decls) {
  while (s && s->kind == ST_BLOCK) {
    Stmt *last = NULL;
    int n = 0;
    for (int i = 0; i < s->nitems; i++)
      if (!skipped(s->items[i])) {
        last = s->items[i];
        n++;
      }
    if (n <= 1) {
      s = last;
      continue;
    }
    for (int i = 0; i < s->nitems; i++) {
      Stmt *it = s->items[i];
      if (skipped(it) || it == last)
        continue;
      if (it->kind != ST_DECL || !type_is_arith(it->var->type))
        return NULL;
      vec_push(decls, it);
    }
    s = last;
    break;
  }
  if (!s || s->kind != ST_EXPR || s->e->kind != EX_BINARY || !op_is_assign(s->e->op) ||
      s->e->a->kind != EX_INDEX)
    return NULL;
  return s->e;
}

/* The sub-steps: loop nests of d loops counting up by 1 over one
 * rectangle, the same for every sub-step, each holding one assignment to
 * an array at its own point. */
static bool collect_steps(Annot *a, Loop *time, Vec *nests, Vec *assigns, Vec *decls, int *dims) {
  Stmt *body = time->body;
  Stmt **items = body->kind == ST_BLOCK ? body->items : &body;
  int n = body->kind == ST_BLOCK ? body->nitems : 1;
  Loop *first[16];
  int d0 = 0;
  for (int i = 0; i < n; i++) {
    Stmt *s = items[i];
    if (skipped(s))
      continue;
    Loop *ch[16];
    int d = s->kind == ST_FOR && s->loop ? tr_chain(s, ch, 16) : 0;
    Vec *mine = NEW(Vec);
    Expr *as = d ? the_assignment(ch[d - 1]->body, mine) : NULL;
    if (d > 3 || !as) {
      diag_error(s->loc, "ttile: each statement of the time loop's body must be a nest of 1 to 3 "
                         "loops around one assignment to an array element (a sub-step)");
      diag_note(a->loc, "time tiling asked here");
      return false;
    }
    if (!d0) {
      d0 = d;
      memcpy(first, ch, sizeof ch);
    }
    if (d != d0) {
      diag_error(s->loc, "ttile: the sub-steps must all have %d space loop%s", d0,
                 d0 == 1 ? "" : "s");
      return false;
    }
    for (int j = 0; j < d; j++) {
      long long st;
      Loop *l = ch[j];
      if (!tr_upward(l, &st) || st != 1) {
        diag_error(l->inc_loc, "ttile: loop '%s' must count up by 1", l->var->name);
        return false;
      }
      if (ir_expr_uses_var(l->lb, time->var) || ir_expr_uses_var(l->ub, time->var)) {
        diag_error(l->cond_loc, "ttile: the bounds of loop '%s' depend on the time index '%s'",
                   l->var->name, time->var->name);
        return false;
      }
      for (int m = 0; m < d; m++)
        if (m != j &&
            (ir_expr_uses_var(l->lb, ch[m]->var) || ir_expr_uses_var(l->ub, ch[m]->var))) {
          diag_error(l->cond_loc,
                     "ttile: the bounds of loop '%s' depend on '%s'; the space loops must span a "
                     "rectangle",
                     l->var->name, ch[m]->var->name);
          return false;
        }
      if (!ir_expr_equal(l->lb, first[j]->lb) || !ir_expr_equal(tr_end(l), tr_end(first[j]))) {
        diag_error(l->cond_loc,
                   "ttile: loop '%s' must have the bounds of loop '%s' of the first sub-step (one "
                   "tile shape for every sub-step)",
                   l->var->name, first[j]->var->name);
        return false;
      }
    }
    vec_push(nests, s);
    vec_push(assigns, as);
    vec_push(decls, mine);
  }
  if (!nests->len) {
    diag_error(a->loc, "ttile: the time loop's body holds no loop nest");
    return false;
  }
  *dims = d0;
  return true;
}

/* A sub-step that reads values its own sweep writes at other points (an
 * in-place Gauss-Seidel) has a dependence between space iterations: a tile
 * could not run it in parallel, and the cone's offsets would not bound it. */
static bool steps_parallel(AnnotCtx *cx, Annot *a, Vec *nests) {
  for (int i = 0; i < nests->len; i++) {
    Loop *ch[16];
    int d = tr_chain(nests->items[i], ch, 16);
    if (!legality_report(legality_reorder(
            cx->nest->names, ch, d, ch[d - 1]->body, REORDER_NONE_CARRIED, NULL, cx->independent,
            ch[0]->loc,
            "ttile: this sub-step depends on its own results at other points (the dependence "
            "leaves the cone of a time step: tiles could not run it in parallel)",
            "ttile: cannot prove that this sub-step's points are independent")))
      return false;
  }
  (void)a;
  return true;
}

bool ttile_apply(AnnotCtx *cx, Annot *a) {
  Loop *loops[16];
  if (!annot_main_loops(cx, a, loops, 1))
    return false;
  Loop *time = loops[0];
  long long T, st;
  if (!pragma_arg_int(&a->args[0], &T) || T < 1 || T > 64) {
    diag_error(a->args[0].loc,
               "ttile(...): '%s' must be an integer constant from 1 to 64 (the time steps per "
               "launch)",
               a->args[0].text);
    return false;
  }
  if (!tr_upward(time, &st) || st != 1) {
    diag_error(time->inc_loc, "ttile: the time loop '%s' must count up by 1", time->var->name);
    return false;
  }
  Vec nests = {0}, assigns = {0}, decls = {0};
  TTile *tt = NEW(TTile);
  tt->T = T;
  if (!collect_steps(a, time, &nests, &assigns, &decls, &tt->dims))
    return false;
  int d = tt->dims;
  /* the widths, then `stream: L`; widths for the inner loops alone, or
   * the clause: the outermost streams (in chunks of L planes) */
  int npos = a->nargs;
  for (int i = 1; i < a->nargs; i++) {
    AnnotArg *arg = &a->args[i];
    if (!arg->key)
      continue;
    if (i + 1 != a->nargs || strcmp(arg->key, "stream") != 0 ||
        !pragma_arg_int(arg, &tt->width[0]) || tt->width[0] < 1 || d < 2) {
      diag_error(arg->key_loc,
                 "ttile(...): the clause is 'stream: L' after the widths, L a positive integer "
                 "constant: the planes of the outermost of two or three space loops that each "
                 "work-group streams through");
      return false;
    }
    npos--;
  }
  tt->stream = d >= 2 && (npos < a->nargs || npos == d);
  if (npos != 1 && npos != 1 + d - (tt->stream ? 1 : 0)) {
    diag_error(a->loc,
               "ttile(T, w1,...,w%d): give the tile's width for each of the %d space loops, for "
               "the inner %d (the outermost streams), or none",
               d, d, d - 1);
    return false;
  }
  int first_w = tt->stream ? 1 : 0;
  for (int j = first_w; j + 1 - first_w < npos; j++)
    if (!pragma_arg_int(&a->args[j + 1 - first_w], &tt->width[j]) || tt->width[j] < 1) {
      diag_error(a->args[j + 1 - first_w].loc,
                 "ttile(...): tile width '%s' must be a positive integer constant",
                 a->args[j + 1 - first_w].text);
      return false;
    }
  if (!steps_parallel(cx, a, &nests))
    return false;
  /* the state: every array a sub-step writes, at its own point */
  for (int i = 0; i < assigns.len; i++) {
    Expr *as = assigns.items[i], *subs[8];
    int n;
    Expr *root = chain_of(as->a, subs, &n);
    Loop *ch[16];
    tr_chain(nests.items[i], ch, 16);
    bool own = root && n == d;
    for (int j = 0; own && j < d; j++)
      own = subs[j]->kind == EX_VAR && subs[j]->var == ch[j]->var;
    if (!own) {
      char *t = print_expr_text(as->a);
      diag_error(as->a->loc,
                 "ttile: a sub-step must write its array at its own point (%s), not '%s'",
                 ch[0]->var->name, t);
      return false;
    }
    if (state_index(tt, root) < 0)
      vec_push(&tt->state, root);
  }
  for (int i = 0; tt->stream && i < assigns.len; i++) {
    Expr *as = assigns.items[i];
    if (as->op != OP_ASSIGN) { /* the new value goes to a ring of its own */
      diag_error(as->loc, "ttile: streaming along %s needs plain assignments, not '%s'",
                 "the outermost loop", op_spelling(as->op));
      return false;
    }
  }
  tt->nsteps = assigns.len;
  tt->writes = xcalloc((size_t)tt->nsteps, sizeof(int));
  for (int i = 0; i < assigns.len; i++) {
    Expr *subs[8];
    int n;
    tt->writes[i] = state_index(tt, chain_of(((Expr *)assigns.items[i])->a, subs, &n));
  }
  tt->radius = xcalloc((size_t)tt->nsteps, sizeof *tt->radius);
  tt->lo = xcalloc((size_t)tt->state.len, sizeof *tt->lo);
  tt->hi = xcalloc((size_t)tt->state.len, sizeof *tt->hi);
  for (int i = 0; i < assigns.len; i++) {
    Loop *ch[16];
    tr_chain(nests.items[i], ch, 16);
    Scan sc = {tt, ch, i, a, true};
    Expr *as = assigns.items[i];
    Vec *mine = decls.items[i];
    for (int j = 0; j < mine->len; j++)
      scan_expr(&sc, ((Stmt *)mine->items[j])->init, as);
    scan_expr(&sc, as, as);
    if (!sc.ok)
      return false;
    for (int j = tt->stream && !tt->width[0] ? 1 : 0; j < d; j++)
      tt->halo[j] += T * tt->radius[i][j];
  }
  /* the kernel's view: the first sub-step's space loops around the time
   * loop, every sub-step's assignment over their indices */
  Loop *first[16];
  tr_chain(nests.items[0], first, 16);
  tt->space = xcalloc((size_t)d, sizeof(Loop *));
  for (int j = 0; j < d; j++)
    tt->space[j] = tr_clone_loop(first[j], NULL);
  tt->steps = xcalloc((size_t)tt->nsteps, sizeof(Stmt *));
  Vec items = {0};
  for (int i = 0; i < assigns.len; i++) {
    Loop *ch[16];
    tr_chain(nests.items[i], ch, 16);
    Subst s = {0};
    for (int j = 0; j < d; j++)
      subst_expr(&s, ch[j]->var, ir_var(first[j]->var, ch[j]->loc));
    Stmt *st1 = NEW(Stmt);
    st1->kind = ST_EXPR;
    st1->loc = ((Expr *)assigns.items[i])->loc;
    st1->e = tr_clone_expr(assigns.items[i], &s);
    Vec *mine = decls.items[i];
    if (mine->len) { /* the temporaries in a block of their own, as written */
      Vec body = {0};
      for (int j = 0; j < mine->len; j++)
        vec_push(&body, tr_clone_stmt(mine->items[j], &s));
      vec_push(&body, st1);
      st1 = tr_block(&body);
    }
    tt->steps[i] = st1;
    vec_push(&items, st1);
  }
  SrcLoc at = time->loc;
  Var *tv = NEW(Var);
  *tv = *time->var;
  tv->name = tr_fresh_name(cx->nest->names, xformat("%s%s", time->var->name, time->var->name));
  tv->global = tv->is_param = tv->reg = false;
  tv->snapshot_of = NULL;
  Expr *end = tr_end(time);
  Expr *stop = tr_min(tr_add(ir_var(tv, at), ir_int(T, at)), tr_clone_expr(end, NULL));
  tt->time = tr_loop(time, ir_var(tv, at), stop, 1, tr_block(&items));
  tt->end = tr_clone_expr(end, NULL);
  for (int j = 0; j < d; j++)
    tt->space[j]->body = j + 1 < d ? tr_for(tt->space[j + 1]) : tr_for(tt->time);
  Loop *out[2];
  out[0] = tr_loop(time, tr_clone_expr(time->lb, NULL), end, T, NULL);
  out[0]->var = tv;
  out[0]->declared = true; /* a fresh index: the printed nest declares it */
  out[0]->sweep = true;
  out[0]->ttile = tt;
  out[1] = tr_loop(time, ir_var(tv, at), tr_clone_expr(stop, NULL), 1, time->body);
  tr_relink(out, 2);
  Vec with = {0};
  vec_push(&with, tr_for(out[0]));
  annot_replace_main(cx, &with, 0);
  return true;
}

/* `work` on the strip-mined time loop: one kernel whose launch runs the
 * steps tt .. min(tt + T, end) - 1 of every tile of space. */
Kernel *ttile_kernel(AnnotCtx *cx, Annot *a, Loop *sweep) {
  TTile *tt = sweep->ttile;
  Nest *n = cx->nest;
  int d = tt->dims;
  if (a->nargs != d) {
    diag_error(a->loc,
               "work(...) under ttile maps the %d space loop%s of each sub-step: give %d "
               "work-group size%s",
               d, d == 1 ? "" : "s", d, d == 1 ? "" : "s");
    return NULL;
  }
  for (int j = 0; j < d; j++) {
    long long s;
    if (!pragma_arg_int(&a->args[j], &s)) {
      diag_error(a->args[j].loc,
                 "work(...) under ttile: work-group size '%s' must be an integer constant (the "
                 "tiles' __local arrays have constant sizes)",
                 a->args[j].text);
      return NULL;
    }
    if (!tt->width[j] && !(j == 0 && tt->stream)) /* streaming: the whole loop */
      tt->width[j] = s;
  }
  if (cx->caches.len || cx->reduces.len) {
    diag_error(a->loc, "work: under ttile, no %s", cx->caches.len ? "cache(...)" : "reduce(...)");
    return NULL;
  }
  Kernel *kn = NEW(Kernel);
  kn->nest = n;
  kn->names = n->names;
  kn->name = xformat("nu_%s_%d", n->func_name, n->loops[0]->loc.line);
  kn->dims = d;
  kn->sweep = sweep;
  kn->ttile = tt;
  kn->mapped = tt->space;
  kn->wg = a->args;
  kn->body = tr_for(tt->time);
  kn->info = NEW(KernelInfo);
  bool ok = freevars_analyse(kn, kn->info, &cx->sizes, &cx->reduces);
  /* a time index declared outside its loop: the host sets its last value
   * after the sweep (callsite.c), not the kernel */
  Vec *outs = &kn->info->copyouts;
  for (int i = 0; i < outs->len; i++)
    if (outs->items[i] == tt->time->var)
      outs->items[i--] = outs->items[--outs->len];
  if (ok && (kn->reductions.len || kn->info->copyouts.len)) {
    diag_error(a->loc, "work: under ttile, the kernel cannot hand back %s",
               kn->reductions.len ? "a reduction" : "a temporary's last value");
    ok = false;
  }
  if (ok && cx->host)
    ok = emit_check_extents(kn);
  if (!ok)
    return NULL;
  long long bytes = emit_ttile_local_bytes(kn);
  if (bytes > 48LL * 1024) {
    diag_error(a->loc,
               "work: ttile's tiles need %lld bytes of __local memory per work-group (the tile "
               "and its halo of %lld steps, for each time-stepped array); at most 49152 fit every "
               "device: choose smaller widths or fewer steps",
               bytes, tt->T);
    return NULL;
  }
  long long group[3], items = tt->stream ? emit_ttile_stream_group(tt, group) : 0;
  if (items > 1024) {
    diag_error(a->loc,
               "work: a streamed ttile runs a work-item per point of the tile's plane with its "
               "halo, here %lld; at most 1024 fit a work-group on every GPU: choose smaller "
               "widths or fewer steps",
               items);
    return NULL;
  }
  region_analyse(kn->info, true);
  return kn;
}
