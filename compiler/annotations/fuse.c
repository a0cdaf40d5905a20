/* fuse.c — `fuse`: loop fusion, the inverse of fission.  Receives the main
 * part, whose perfectly nested loops end in a body holding adjacent loops
 * with equal headers (`for i { for j S1; for j S2 }`); hands on the nest
 * with each run of them fused into one loop (`for i for j { S1; S2 }`) as
 * the main part.  Every pair of the run must keep its dependences
 * (deps_fuse), and no scalar may pass values between them. */
#include "analysis.h"
#include "annotation.h"
#include "transform.h"

static bool same_header(Loop *x, Loop *y) {
  return x->rel == y->rel && ir_expr_equal(x->lb, y->lb) && ir_expr_equal(x->ub, y->ub) &&
         ir_expr_equal(x->step, y->step) && (x->var == y->var || (x->declared && y->declared));
}

static bool fusable(Stmt *s) { return s->kind == ST_FOR && s->loop && !s->annots; }

/* --- scalars that carry values from one loop to the other ------------------ */

/* A scalar that one loop assigns and the other reads (a temporary declared
 * outside them, which isl does not see), or NULL.  The loops' own indices
 * and locals declared in a body are not shared. */
static Var *shared_scalar(Stmt *x, Stmt *y) {
  Stmt *st[2] = {x, y};
  for (int k = 0; k < 2; k++) {
    Vec w = {0};
    tr_written_scalars(st[k]->loop->body, &w);
    for (int i = 0; i < w.len; i++) {
      Var *v = w.items[i];
      if (v == st[0]->loop->var || v == st[1]->loop->var)
        continue;
      if (tr_reads_value(st[1 - k]->loop->body, v))
        return v;
    }
  }
  return NULL;
}

/* --- legality -------------------------------------------------------------- */

static bool check_pair(AnnotCtx *cx, Annot *a, Loop **loops, int k, Stmt *body, Stmt *x, Stmt *y) {
  Var *v = shared_scalar(x, y);
  if (v) {
    diag_error(a->loc, "fuse: the loops at lines %d and %d pass values through the scalar '%s'",
               x->loc.line, y->loc.line, v->name);
    diag_note(x->loc, "fusing them would interleave its writes and reads");
    return false;
  }
  return legality_report(legality_fuse(cx->nest->names, cx->inner ? NULL : cx->nest, loops, k, body,
                                       x, y, cx->independent, a->loc));
}

/* --- the fused loop --------------------------------------------------------- */

static bool declares_at_top(Stmt *body) {
  if (body->kind == ST_DECL)
    return true;
  for (int i = 0; body->kind == ST_BLOCK && i < body->nitems; i++)
    if (body->items[i]->kind == ST_DECL)
      return true;
  return false;
}

/* One loop over the bodies of run[0..n-1], with run[0]'s header; the
 * others' indices become run[0]'s.  Bodies that declare locals keep their
 * own blocks, so that equal names do not clash. */
static Stmt *fuse_run(Stmt **run, int n) {
  Loop *first = run[0]->loop;
  Vec items = {0};
  for (int r = 0; r < n; r++) {
    Loop *l = run[r]->loop;
    Stmt *body = l->body;
    if (l->var != first->var) {
      Subst s = {0};
      subst_expr(&s, l->var, ir_var(first->var, l->loc));
      body = tr_clone_stmt(body, &s);
    }
    if (body->kind == ST_BLOCK && !declares_at_top(body))
      for (int i = 0; i < body->nitems; i++)
        vec_push(&items, body->items[i]);
    else
      vec_push(&items, body);
  }
  Loop *l = tr_clone_loop(first, NULL);
  l->body = tr_block(&items);
  return tr_for(l);
}

bool fuse_apply(AnnotCtx *cx, Annot *a) {
  Loop *loops[16];
  int k = annot_main_loops(cx, a, loops, 1);
  if (!k)
    return false;
  Stmt *body = loops[k - 1]->body;
  Stmt **it = body->kind == ST_BLOCK ? body->items : &body;
  int n = body->kind == ST_BLOCK ? body->nitems : 1;
  Vec out = {0};
  bool fused = false;
  for (int i = 0; i < n;) {
    int j = i + 1;
    while (fusable(it[i]) && j < n && fusable(it[j]) && same_header(it[i]->loop, it[j]->loop))
      j++;
    if (j - i < 2) {
      vec_push(&out, it[i++]);
      continue;
    }
    for (int x = i; x < j; x++)
      for (int y = x + 1; y < j; y++)
        if (!check_pair(cx, a, loops, k, body, it[x], it[y]))
          return false;
    vec_push(&out, fuse_run(it + i, j - i));
    fused = true;
    i = j;
  }
  if (!fused) {
    diag_error(a->loc,
               "fuse: the body of loop '%s' holds no adjacent loops with equal headers (the "
               "same bounds, step and condition)",
               loops[k - 1]->var->name);
    return false;
  }
  Loop *copy[16];
  for (int j = 0; j < k; j++) {
    copy[j] = tr_clone_loop(loops[j], NULL);
    copy[j]->body = NULL;
  }
  copy[k - 1]->body = out.len == 1 ? out.items[0] : tr_block(&out);
  tr_relink(copy, k);
  Vec with = {0};
  vec_push(&with, tr_for(copy[0]));
  annot_replace_main(cx, &with, 0);
  return true;
}
