/* peel.c — `peel(f, b)`: f iterations off the front and b off the back of
 * loop 1, as loops of their own around the middle one, which is the main
 * part.  Trip counts smaller than f + b leave the middle empty.  A bare
 * `work` may peel counts that are expressions (arg.value: all but one
 * iteration, named by a value from outside the nest), clamped at 0. */
#include "annotation.h"
#include "transform.h"

bool peel_apply(AnnotCtx *cx, Annot *a) {
  Loop *loops[16];
  long long fb[2], s;
  Expr *count[2];
  if (!annot_main_loops(cx, a, loops, 1))
    return false;
  for (int i = 0; i < 2; i++) {
    if (a->args[i].value) {
      fb[i] = 1; /* a loop of its own, maybe empty */
      count[i] = tr_max(tr_clone_expr(a->args[i].value, NULL), ir_int(0, a->loc));
      continue;
    }
    if (!pragma_arg_int(&a->args[i], &fb[i]) || fb[i] < 0) {
      diag_error(a->args[i].loc, "peel(f, b): '%s' must be a non-negative integer constant",
                 a->args[i].text);
      return false;
    }
    count[i] = ir_int(fb[i], a->loc);
  }
  Loop *l = loops[0];
  if (!tr_upward(l, &s)) {
    diag_error(a->loc, "peel: loop '%s' must count up with a constant step (i < n, i += c)",
               l->var->name);
    return false;
  }
  /* nf = min(f, n); nb = max(nf, n - b): front [0, nf), middle [nf, nb), back [nb, n) */
  Expr *n = tr_trip(l);
  Expr *nf = tr_min(count[0], n);
  Expr *nb = tr_max(tr_clone_expr(nf, NULL), tr_sub(tr_clone_expr(n, NULL), count[1]));
  Expr *p1 = tr_add(tr_clone_expr(l->lb, NULL), tr_mul(nf, ir_int(s, l->loc)));
  Expr *p2 = tr_add(tr_clone_expr(l->lb, NULL), tr_mul(nb, ir_int(s, l->loc)));
  Vec with = {0};
  int main = 0;
  if (fb[0]) {
    vec_push(&with, tr_for(tr_loop(l, tr_clone_expr(l->lb, NULL), tr_clone_expr(p1, NULL), s,
                                   tr_clone_stmt(l->body, NULL))));
    main = 1;
  }
  vec_push(&with, tr_for(tr_loop(l, p1, tr_clone_expr(p2, NULL), s, l->body)));
  if (fb[1])
    vec_push(&with, tr_for(tr_loop(l, p2, tr_end(l), s, tr_clone_stmt(l->body, NULL))));
  annot_replace_main(cx, &with, main);
  return true;
}
