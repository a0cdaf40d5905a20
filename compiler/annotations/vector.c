/* vector.c — `vector(v1,...,vk)`: one factor v > 1, on loop j, makes loop j
 * run in aligned blocks of v iterations, each block one iteration of a new
 * loop that `work` maps, and the block's iterations an inner lane loop:
 *
 *   for (xx = LB aligned down to v; xx < END; xx += v)
 *     for (x = max(xx, LB); x < min(xx + v, END); x++) body
 *
 * As C this is strip-mining, and --emit=seq prints it so.  In a kernel a
 * block wholly in range, whose arrays are aligned as vectors, runs the
 * body once on OpenCL vectors of v lanes (emit/lanes.c): its accesses to
 * a[..][x + c] become vector loads and stores, which the H100 needs to
 * stream at its copy bandwidth (bench/results/stencil-vector-h100.txt);
 * the blocks at the ends, and arrays that are not aligned, run lane by
 * lane.  The lanes run statement by statement, so loop j must carry no
 * dependence, and the body must be code the lanes can share (lanes.c). */
#include "analysis.h"
#include "annotation.h"
#include "transform.h"

/* LB rounded down to a multiple of v (LB - ((LB % v) + v) % v). */
static Expr *align_down(Expr *lb, long long v) {
  long long c;
  if (tr_const(lb, &c))
    return ir_int(c - ((c % v) + v) % v, lb->loc);
  Expr *m = ir_binary(OP_MOD, tr_clone_expr(lb, NULL), ir_int(v, lb->loc), lb->type);
  Expr *r = ir_binary(OP_MOD, tr_add(m, ir_int(v, lb->loc)), ir_int(v, lb->loc), lb->type);
  return tr_sub(tr_clone_expr(lb, NULL), r);
}

bool vector_apply(AnnotCtx *cx, Annot *a) {
  int k = a->nargs;
  Loop *loops[16];
  long long f[16];
  if (k < 1 || k > 16)
    return false;
  if (!annot_main_loops(cx, a, loops, k) || !annot_int_args(a, f, "a vector width"))
    return false;
  int j = -1;
  for (int i = 0; i < k; i++) {
    if (f[i] == 1)
      continue;
    if (j >= 0) {
      diag_error(a->args[i].loc, "vector: only one loop runs as vectors (loop %d already does)",
                 j + 1);
      return false;
    }
    if (f[i] != 2 && f[i] != 4 && f[i] != 8) {
      diag_error(a->args[i].loc, "vector: the width must be 2, 4 or 8, not %lld", f[i]);
      return false;
    }
    j = i;
  }
  if (j < 0)
    return true; /* every factor 1: the nest as it is */
  Loop *l = loops[j];
  long long v = f[j], s;
  if (!tr_upward(l, &s) || s != 1) {
    diag_error(a->args[j].loc, "vector: loop '%s' must count up by 1 (i < n, i++)", l->var->name);
    return false;
  }
  for (int m = 0; m < k; m++)
    if (m != j &&
        (ir_expr_uses_var(l->lb, loops[m]->var) || ir_expr_uses_var(l->ub, loops[m]->var))) {
      diag_error(a->args[j].loc, "vector: loop '%s' bounds depend on '%s' (non-rectangular nest)",
                 l->var->name, loops[m]->var->name);
      return false;
    }
  Lanes ln = {.x = l->var};
  SrcLoc at;
  char *why;
  if (!lanes_check(&ln, l->body, &at, &why)) {
    diag_error(a->args[j].loc, "vector: the body of loop '%s' cannot run as vectors", l->var->name);
    diag_note(at, "%s", why);
    return false;
  }
  if (!legality_report(legality_reorder(
          cx->nest->names, loops, j + 1, l->body, REORDER_NONE_CARRIED, NULL, cx->independent,
          a->loc,
          "vector: the loops up to the vector loop carry a dependence, so its lanes cannot run "
          "together",
          "vector: cannot prove that the loops up to the vector loop carry no dependence, so its "
          "lanes cannot run together")))
    return false;
  /* the block loop: xx from LB aligned down, by v */
  Loop *blk = tr_tile_loop(cx->nest->names, l, align_down(l->lb, v), tr_end(l), ir_int(v, l->loc));
  Expr *base = ir_var(blk->var, l->loc);
  Loop *lane =
      tr_loop(l, tr_max(tr_clone_expr(base, NULL), tr_clone_expr(l->lb, NULL)),
              tr_min(tr_add(tr_clone_expr(base, NULL), ir_int(v, l->loc)), tr_end(l)), 1, l->body);
  lane->vec = (int)v;
  lane->vec_base = base;
  lane->vec_lb = tr_clone_expr(l->lb, NULL);
  lane->vec_end = tr_end(l);
  blk->body = tr_for(lane);
  /* the loops around it and inside up to loop j keep their places */
  Loop *chain[16];
  for (int m = 0; m < j; m++)
    chain[m] = tr_clone_loop(loops[m], NULL);
  chain[j] = blk;
  tr_relink(chain, j + 1);
  Vec with = {0};
  vec_push(&with, tr_for(chain[0]));
  annot_replace_main(cx, &with, 0);
  return true;
}
