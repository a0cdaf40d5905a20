/* tile.c — `tile(t1,...,tk)` and `tilem(t1,...,tk)`: strip-mining with the
 * tile loops moved outward (ii, jj, i, j).  tile bounds partial tiles with
 * min and keeps the whole nest as the main part; tilem keeps only full
 * tiles (point loops with constant trip counts) in the main part and puts
 * the partial tiles in remainder nests.  Both need the reordering to keep
 * every dependence. */
#include "analysis.h"
#include "annotation.h"
#include "transform.h"

/* A tile size: an integer constant, or a variable in scope. */
static Expr *tile_size(AnnotCtx *cx, Annot *a, int j, long long *constant) {
  AnnotArg *arg = &a->args[j];
  *constant = 0;
  if (pragma_arg_int(arg, constant)) {
    if (*constant < 1) {
      diag_error(arg->loc, "%s(...): tile size %lld must be at least 1", a->name, *constant);
      return NULL;
    }
    return ir_int(*constant, arg->loc);
  }
  Var *v = annot_visible_var(cx, arg->text);
  if (!v || !type_is_integer(v->type)) {
    diag_error(arg->loc,
               "%s(...): '%s' must be an integer constant, or an integer variable that the "
               "nest uses or that is a parameter of the function or a global",
               a->name, arg->text);
    return NULL;
  }
  return ir_var(v, arg->loc);
}

static bool check(AnnotCtx *cx, Annot *a, Loop **loops, long long *s) {
  int k = a->nargs;
  if (!annot_main_loops(cx, a, loops, k))
    return false;
  for (int j = 0; j < k; j++) {
    if (!tr_upward(loops[j], &s[j])) {
      diag_error(a->args[j].loc, "%s: loop '%s' must count up with a constant step (i < n, i += c)",
                 a->name, loops[j]->var->name);
      return false;
    }
    for (int m = 0; m < k; m++)
      if (m != j && (ir_expr_uses_var(loops[j]->lb, loops[m]->var) ||
                     ir_expr_uses_var(loops[j]->ub, loops[m]->var))) {
        diag_error(a->args[j].loc, "%s: loop '%s' bounds depend on '%s' (non-rectangular nest)",
                   a->name, loops[j]->var->name, loops[m]->var->name);
        return false;
      }
  }
  if (k > 1) {
    char *broken =
        xformat("%s: reordering the iterations into tiles would reverse a dependence", a->name);
    char *unproven =
        xformat("%s: cannot prove that reordering the iterations into tiles keeps every dependence",
                a->name);
    if (!legality_report(legality_reorder(cx->nest->names, loops, k, loops[k - 1]->body,
                                          REORDER_BAND, NULL, cx->independent, a->loc, broken,
                                          unproven)))
      return false;
  }
  return true;
}

static bool apply(AnnotCtx *cx, Annot *a, bool full) {
  int k = a->nargs;
  Loop *loops[16];
  long long s[16];
  if (!check(cx, a, loops, s))
    return false;
  Loop *tiles[16], *points[16];
  Expr *split[16];
  for (int j = 0; j < k; j++) {
    Loop *l = loops[j];
    long long t;
    Expr *size = tile_size(cx, a, j, &t);
    if (!size)
      return false;
    if (full && !t) {
      diag_error(a->args[j].loc,
                 "tilem(...): '%s' must be an integer constant: full tiles "
                 "have constant trip counts",
                 a->args[j].text);
      return false;
    }
    Expr *span = tr_mul(size, ir_int(s[j], l->loc));
    Expr *end = tr_end(l);
    if (full) {
      split[j] = tr_add(tr_clone_expr(l->lb, NULL),
                        tr_mul(tr_div(tr_trip(l), ir_int(t, l->loc)), ir_int(t * s[j], l->loc)));
      end = split[j];
    }
    tiles[j] = tr_tile_loop(cx->nest->names, l, tr_clone_expr(l->lb, NULL),
                            tr_clone_expr(end, NULL), span);
    Expr *ii = ir_var(tiles[j]->var, l->loc);
    Expr *stop = tr_add(tr_clone_expr(ii, NULL), tr_clone_expr(span, NULL));
    if (!full)
      stop = tr_min(stop, tr_end(l));
    points[j] = tr_loop(l, ii, stop, s[j], NULL);
  }
  Loop *chain[32];
  for (int j = 0; j < k; j++) {
    chain[j] = tiles[j];
    chain[k + j] = points[j];
  }
  points[k - 1]->body = loops[k - 1]->body;
  tr_relink(chain, 2 * k);
  Vec with = {0};
  vec_push(&with, tr_for(chain[0]));
  if (full)
    tr_remainders(loops, k, split, &with);
  cx->reordered |= full && k > 1;
  annot_replace_main(cx, &with, 0);
  return true;
}

bool tile_apply(AnnotCtx *cx, Annot *a) { return apply(cx, a, false); }
bool tilem_apply(AnnotCtx *cx, Annot *a) { return apply(cx, a, true); }
