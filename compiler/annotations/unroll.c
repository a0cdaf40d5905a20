/* unroll.c — `unroll(u1,...,uk)`: plain unrolling.  Loop j's body is
 * repeated u_j times in sequence with the index advanced; a remainder loop
 * takes the leftover iterations.  Inner loops are not touched.  Hands on
 * the unrolled outer loop as the main part and its remainder apart. */
#include "annotation.h"
#include "transform.h"

/* The body repeated u times: copy c sees i + c*s. */
static Stmt *repeat(Loop *l, long long u, long long s) {
  Vec items = {0};
  for (long long c = 0; c < u; c++) {
    Subst sub = {0};
    subst_expr(&sub, l->var, tr_add(ir_var(l->var, l->loc), ir_int(c * s, l->loc)));
    Stmt *copy = tr_clone_stmt(l->body, &sub);
    vec_push(&items, tr_as_block(copy));
  }
  return tr_block(&items);
}

/* Splits loop l into a main loop stepping u*s and a remainder; fills
 * *main and *rest. */
static bool unroll_one(Annot *a, int level, Loop *l, long long u, Stmt **main, Stmt **rest) {
  long long s;
  if (!tr_upward(l, &s)) {
    diag_error(a->args[level].loc,
               "unroll: loop '%s' must count up with a constant step (i < n, i += c)",
               l->var->name);
    return false;
  }
  if (u == 1) { /* the loop as it is: no copies, no remainder */
    *main = tr_for(tr_clone_loop(l, NULL));
    *rest = NULL;
    return true;
  }
  Expr *split = tr_add(tr_clone_expr(l->lb, NULL),
                       tr_mul(tr_div(tr_trip(l), ir_int(u, l->loc)), ir_int(u * s, l->loc)));
  Loop *m = tr_loop(l, tr_clone_expr(l->lb, NULL), split, u * s, repeat(l, u, s));
  Loop *r = tr_loop(l, tr_clone_expr(split, NULL), tr_end(l), s, tr_clone_stmt(l->body, NULL));
  *main = tr_for(m);
  *rest = tr_for(r);
  return true;
}

bool unroll_apply(AnnotCtx *cx, Annot *a) {
  int k = a->nargs;
  Loop *loops[16];
  long long u[16];
  if (!annot_main_loops(cx, a, loops, k) || !annot_int_args(a, u, "an unroll factor"))
    return false;
  /* innermost first: each loop's body then holds the unrolled inner loop */
  Stmt *main = NULL, *rest = NULL;
  for (int j = k - 1; j >= 0; j--) {
    if (j < k - 1) {
      Vec both = {0};
      vec_push(&both, main);
      if (rest)
        vec_push(&both, rest);
      loops[j] = tr_clone_loop(loops[j], NULL);
      loops[j]->body = both.len == 1 ? main : tr_block(&both);
    }
    if (!unroll_one(a, j, loops[j], u[j], &main, &rest))
      return false;
  }
  Vec with = {0};
  vec_push(&with, main);
  if (rest)
    vec_push(&with, rest);
  annot_replace_main(cx, &with, 0);
  return true;
}
