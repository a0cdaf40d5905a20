/* inline.c — `inline`: fully unroll loop 1, whose trip count must be a
 * compile-time constant.  The copies run in order, each in its own block
 * with the index replaced by its value; no loop is left as a main part. */
#include "annotation.h"
#include "transform.h"

bool inline_apply(AnnotCtx *cx, Annot *a) {
  Loop *loops[16];
  if (!annot_main_loops(cx, a, loops, 1))
    return false;
  Loop *l = loops[0];
  long long lb, ub, st;
  if (!tr_const(l->lb, &lb) || !tr_const(l->ub, &ub) || !tr_const(l->step, &st) || !st) {
    diag_error(a->loc, "inline: the trip count of loop '%s' is not a compile-time constant",
               l->var->name);
    return false;
  }
  Vec items = {0};
  long long count = 0;
  for (long long i = lb;; i += st) {
    bool in = l->rel == REL_LT   ? i < ub
              : l->rel == REL_LE ? i <= ub
              : l->rel == REL_GT ? i > ub
              : l->rel == REL_GE ? i >= ub
                                 : i != ub;
    if (!in)
      break;
    if (++count > 1024) {
      diag_error(a->loc, "inline: loop '%s' runs more than 1024 times", l->var->name);
      return false;
    }
    Subst sub = {0};
    subst_expr(&sub, l->var, ir_int(i, l->loc));
    Stmt *copy = tr_clone_stmt(l->body, &sub);
    vec_push(&items, tr_as_block(copy));
  }
  Vec with = {0};
  vec_push(&with, tr_block(&items));
  annot_replace_main(cx, &with, -1);
  return true;
}
