/* wavefront.c — `wavefront(c1,...,ck)`: a hyperplane schedule.
 * Receives the main part; its k perfectly nested loops count up by 1 over
 * a rectangle, and every dependence between their iterations runs from a
 * hyperplane c.I = w to a later one (checked on isl, deps_reorder).  Hands
 * on `for w { for i1 ... for ik-1 { ik = w - c1*i1 - ...; if (ik in its
 * range) body } }`: within one w no iteration depends on another, so the
 * loops inside w can be mapped, and the loop over w is marked a sweep,
 * which the host runs around the kernel's launches (Gauss-Seidel's
 * `for t for i for j`, where every loop carries a dependence, runs as
 * wavefront(4,2,1): t and i in parallel on each hyperplane
 * 4t + 2i + j = w). */
#include "analysis.h"
#include "annotation.h"
#include "transform.h"

static Expr *times(long long c, Expr *e) { return c == 1 ? e : tr_mul(ir_int(c, e->loc), e); }

int wavefront_misfit(Loop **loops, int k, int *other) {
  for (int i = 0; i < k; i++) {
    long long step;
    *other = -1;
    if (!tr_upward(loops[i], &step) || step != 1)
      return i;
    for (int j = 0; j < k; j++)
      if (i != j && (ir_expr_uses_var(loops[i]->lb, loops[j]->var) ||
                     ir_expr_uses_var(loops[i]->ub, loops[j]->var))) {
        *other = j;
        return i;
      }
  }
  return -1;
}

bool wavefront_apply(AnnotCtx *cx, Annot *a) {
  int k = a->nargs;
  Loop *loops[16];
  if (!annot_main_loops(cx, a, loops, k))
    return false;
  if (k < 2) {
    diag_error(a->loc, "wavefront(...) needs two loops at least: a coefficient for each");
    return false;
  }
  long long c[16];
  for (int i = 0; i < k; i++) {
    if (!pragma_arg_int(&a->args[i], &c[i]) || c[i] < 0 || c[i] > 1000) {
      diag_error(a->args[i].loc,
                 "wavefront(...): '%s' must be an integer constant from 0 to 1000 (the "
                 "coefficient of loop %d in the hyperplanes)",
                 a->args[i].text, i + 1);
      return false;
    }
  }
  if (c[k - 1] != 1) {
    diag_error(a->args[k - 1].loc,
               "wavefront(...): the last coefficient must be 1: the innermost index is "
               "computed from the hyperplane and the other indices");
    return false;
  }
  int j, i = wavefront_misfit(loops, k, &j);
  if (i >= 0 && j < 0) {
    diag_error(loops[i]->inc_loc, "wavefront: loop '%s' must count up by 1", loops[i]->var->name);
    return false;
  }
  if (i >= 0) {
    diag_error(loops[i]->cond_loc,
               "wavefront: the bounds of loop '%s' depend on '%s'; the loops must span a "
               "rectangle",
               loops[i]->var->name, loops[j]->var->name);
    return false;
  }
  if (!legality_report(legality_reorder(
          cx->nest->names, loops, k, loops[k - 1]->body, REORDER_WAVEFRONT, c, cx->independent,
          a->loc, "wavefront: a dependence does not run to a later hyperplane",
          "wavefront: cannot prove that every dependence runs to a later "
          "hyperplane")))
    return false;
  Loop *in = loops[k - 1];
  SrcLoc at = in->loc;
  /* w over [c.lb, c.last] */
  Expr *lo = NULL, *hi = NULL;
  for (int i = 0; i < k; i++) {
    if (!c[i])
      continue;
    Expr *l = times(c[i], tr_clone_expr(loops[i]->lb, NULL));
    Expr *h = times(c[i], tr_sub(tr_end(loops[i]), ir_int(1, at)));
    lo = lo ? tr_add(lo, l) : l;
    hi = hi ? tr_add(hi, h) : h;
  }
  Var *w = NEW(Var);
  *w = *in->var;
  w->name = tr_fresh_name(cx->nest->names, "w");
  w->global = w->is_param = w->reg = false;
  w->snapshot_of = NULL;
  /* ik = w - c1*i1 - ...; the body runs where ik is in its range */
  Expr *solved = ir_var(w, at);
  for (int i = 0; i < k - 1; i++)
    if (c[i])
      solved = tr_sub(solved, times(c[i], ir_var(loops[i]->var, at)));
  Stmt *set = NEW(Stmt);
  set->loc = at;
  if (in->declared) {
    set->kind = ST_DECL;
    set->var = in->var;
    set->init = solved;
  } else {
    set->kind = ST_EXPR;
    set->e = ir_binary(OP_ASSIGN, ir_var(in->var, at), solved, in->var->type);
  }
  Expr *inside = ir_binary(
      OP_LAND, ir_binary(OP_GE, ir_var(in->var, at), tr_clone_expr(in->lb, NULL), in->var->type),
      ir_binary(OP_LT, ir_var(in->var, at), tr_end(in), in->var->type), in->var->type);
  Stmt *guard = NEW(Stmt);
  guard->kind = ST_IF;
  guard->loc = at;
  guard->e = inside;
  guard->then = in->body;
  Vec items = {0};
  vec_push(&items, set);
  vec_push(&items, guard);
  Stmt *body = tr_block(&items);
  Loop *out[17];
  out[0] = tr_loop(in, lo, tr_add(hi, ir_int(1, at)), 1, NULL);
  out[0]->var = w;
  out[0]->declared = true;
  out[0]->sweep = true;
  out[0]->nwave = k - 1;
  out[0]->wave = xcalloc((size_t)k, sizeof(long long));
  out[0]->wave_vars = xcalloc((size_t)k, sizeof(Var *));
  for (int i = 0; i < k - 1; i++) {
    out[0]->wave[i] = c[i];
    out[0]->wave_vars[i] = loops[i]->var;
  }
  out[0]->wave_solved = in;
  for (int i = 0; i < k - 1; i++) {
    out[i + 1] = tr_clone_loop(loops[i], NULL);
    out[i + 1]->body = NULL;
  }
  out[k - 1]->body = body;
  tr_relink(out, k);
  Vec with = {0};
  vec_push(&with, tr_for(out[0]));
  annot_replace_main(cx, &with, 0);
  return true;
}
