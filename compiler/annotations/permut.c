/* permut.c — `permut(p1,...,pk)`: loop interchange; the new loop j is old
 * loop p_j.  Receives the main part; needs every loop whose bounds name
 * another's index to stay inside that loop, and no dependence carried by the
 * permuted loops, and hands on the permuted nest as the main part. */
#include "analysis.h"
#include "annotation.h"
#include "transform.h"

bool permut_apply(AnnotCtx *cx, Annot *a) {
  int k = a->nargs;
  Loop *loops[16];
  if (!annot_main_loops(cx, a, loops, k))
    return false;
  long long p[16];
  bool seen[17] = {false};
  for (int j = 0; j < k; j++) {
    if (!pragma_arg_int(&a->args[j], &p[j]) || p[j] < 1 || p[j] > k || seen[p[j]]) {
      diag_error(a->args[j].loc, "permut(...) takes a permutation of 1..%d", k);
      return false;
    }
    seen[p[j]] = true;
  }
  /* a loop whose bounds name another's index must stay inside it: then
   * every loop still runs the iterations it ran (syrk's `for i for k for
   * j <= i` as `for i for j <= i for k`) */
  int at[16]; /* new position of old loop x */
  for (int j = 0; j < k; j++)
    at[p[j] - 1] = j;
  for (int i = 0; i < k; i++)
    for (int j = 0; j < k; j++)
      if (i != j &&
          (ir_expr_uses_var(loops[i]->lb, loops[j]->var) ||
           ir_expr_uses_var(loops[i]->ub, loops[j]->var) ||
           ir_expr_uses_var(loops[i]->step, loops[j]->var)) &&
          at[j] > at[i]) {
        diag_error(a->loc,
                   "permut: loop '%s' bounds depend on '%s', so '%s' must stay inside '%s' "
                   "(non-rectangular nest)",
                   loops[i]->var->name, loops[j]->var->name, loops[i]->var->name,
                   loops[j]->var->name);
        return false;
      }
  bool identity = true;
  for (int j = 0; j < k; j++)
    identity &= p[j] == j + 1;
  if (!identity &&
      !legality_report(legality_reorder(
          cx->nest->names, loops, k, loops[k - 1]->body, REORDER_PERMUTE, p, cx->independent,
          a->loc, "permut: the interchange would reverse a dependence",
          "permut: cannot prove that the interchange keeps every dependence")))
    return false;
  Loop *out[16];
  for (int j = 0; j < k; j++) {
    out[j] = tr_clone_loop(loops[p[j] - 1], NULL);
    out[j]->body = NULL;
  }
  out[k - 1]->body = loops[k - 1]->body;
  tr_relink(out, k);
  Vec with = {0};
  vec_push(&with, tr_for(out[0]));
  annot_replace_main(cx, &with, 0);
  return true;
}
