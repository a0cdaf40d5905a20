/* dmine.c — `dmine(d1,...,dk)`: deep unrolling, NUDA's unroll-and-jam.
 * Receives the main part; makes d1×…×dk copies of the body with the indices
 * advanced and locals renamed per copy (r → r_0, r_1, ...), interleaves
 * their statements (the first statement of every copy, then the second,
 * ...), and jams inner loops whose bounds do not depend on the unrolled
 * indices into one loop, recursively.  Under `work` this is thread
 * coarsening with register blocking.  Remainder nests take the leftover
 * iterations; the main part is the unrolled nest. */
#include "analysis.h"
#include "annotation.h"
#include "transform.h"

#include <stdio.h>
#include <string.h>

static bool same_header(Loop *x, Loop *y) {
  return x->rel == y->rel && ir_expr_equal(x->lb, y->lb) && ir_expr_equal(x->ub, y->ub) &&
         ir_expr_equal(x->step, y->step) && x->declared == y->declared;
}

static Stmt **items_of(Stmt *s, int *n) {
  if (s->kind == ST_BLOCK) {
    *n = s->nitems;
    return s->items;
  }
  *n = 1;
  Stmt **one = xcalloc(1, sizeof(Stmt *));
  one[0] = s;
  return one;
}

/* Interleaves the copies' statements; inner loops with equal headers in
 * every copy become one loop over the interleaved bodies. */
static Stmt *jam(Stmt **copies, int ncopies) {
  int len;
  Stmt **first = items_of(copies[0], &len);
  Stmt ***lists = xcalloc((size_t)ncopies, sizeof(Stmt **));
  bool equal = true;
  for (int c = 0; c < ncopies; c++) {
    int n;
    lists[c] = items_of(copies[c], &n);
    equal &= n == len;
  }
  Vec out = {0};
  if (!equal) { /* cannot happen with copies of one body; keep them apart */
    for (int c = 0; c < ncopies; c++)
      vec_push(&out, copies[c]);
    return tr_block(&out);
  }
  (void)first;
  for (int p = 0; p < len; p++) {
    Stmt *s0 = lists[0][p];
    bool jammable = s0->kind == ST_FOR && s0->loop && !s0->annots;
    for (int c = 1; jammable && c < ncopies; c++) {
      Stmt *sc = lists[c][p];
      jammable = sc->kind == ST_FOR && sc->loop && same_header(s0->loop, sc->loop);
    }
    if (!jammable) {
      for (int c = 0; c < ncopies; c++)
        vec_push(&out, lists[c][p]);
      continue;
    }
    /* one loop: every copy's index becomes copy 0's */
    Stmt **bodies = xcalloc((size_t)ncopies, sizeof(Stmt *));
    for (int c = 0; c < ncopies; c++) {
      Subst sub = {0};
      Loop *lc = lists[c][p]->loop;
      if (c)
        subst_expr(&sub, lc->var, ir_var(s0->loop->var, lc->loc));
      bodies[c] = c ? tr_clone_stmt(lc->body, &sub) : lc->body;
    }
    Loop *l = tr_clone_loop(s0->loop, NULL);
    l->body = jam(bodies, ncopies); /* a block: the copies' statements */
    vec_push(&out, tr_for(l));
  }
  return tr_block(&out);
}

/* A copy of the body with its own declarations of the temporaries declared
 * outside (w → w_1): interleaved copies must not share them.  For the last
 * copy, `last` receives `w = w_<c>;` for each one read after the nest. */
static Stmt *with_temps(Symtab *names, Vec *temps, Vec *copyouts, const char *suffix, Stmt *copy,
                        Vec *last) {
  if (!temps->len)
    return copy;
  Subst ren = {.names = names};
  Vec items = {0};
  for (int i = 0; i < temps->len; i++) {
    Var *v = temps->items[i];
    Var *n = subst_rename(&ren, v, suffix);
    n->global = n->is_param = false; /* a local of the copy */
    Stmt *d = NEW(Stmt);
    d->kind = ST_DECL;
    d->loc = v->loc;
    d->var = n;
    vec_push(&items, d);
    bool out = false;
    for (int j = 0; j < copyouts->len; j++)
      out |= copyouts->items[j] == v;
    if (last && out) {
      Stmt *as = NEW(Stmt);
      as->kind = ST_EXPR;
      as->loc = copy->loc;
      as->e = ir_binary(OP_ASSIGN, ir_var(v, copy->loc), ir_var(n, copy->loc), v->type);
      vec_push(last, as);
    }
  }
  copy = tr_clone_stmt(copy, &ren);
  int n;
  Stmt **old = items_of(copy, &n);
  for (int i = 0; i < n; i++)
    vec_push(&items, old[i]);
  return tr_block(&items);
}

bool dmine_apply(AnnotCtx *cx, Annot *a) {
  int k = a->nargs;
  Loop *loops[16];
  long long d[16], s[16];
  if (k < 1 || k > 16) /* the registry allows 1 to 16; the arrays above hold 16 */
    return false;
  if (!annot_main_loops(cx, a, loops, k) || !annot_int_args(a, d, "a dmine factor"))
    return false;
  long long copies = 1;
  for (int j = 0; j < k; j++) {
    if (!tr_upward(loops[j], &s[j])) {
      diag_error(a->args[j].loc,
                 "dmine: loop '%s' must count up with a constant step (i < n, i += c)",
                 loops[j]->var->name);
      return false;
    }
    for (int m = 0; m < j; m++)
      if (ir_expr_uses_var(loops[j]->lb, loops[m]->var) ||
          ir_expr_uses_var(loops[j]->ub, loops[m]->var)) {
        diag_error(a->args[j].loc, "dmine: loop '%s' bounds depend on '%s' (non-rectangular nest)",
                   loops[j]->var->name, loops[m]->var->name);
        return false;
      }
    copies *= d[j];
  }
  if (copies > 256) {
    diag_error(a->loc, "dmine: %lld copies of the body is too many (at most 256)", copies);
    return false;
  }
  if (copies > 1 && !legality_report(legality_reorder(
                        cx->nest->names, loops, k, loops[k - 1]->body, REORDER_NONE_CARRIED, NULL,
                        cx->independent, a->loc,
                        "dmine: the unrolled loops carry a dependence, so their iterations "
                        "cannot be interleaved",
                        "dmine: cannot prove that the unrolled loops carry no dependence, so "
                        "their iterations cannot be interleaved")))
    return false;
  Vec temps = {0}, copyouts = {0};
  /* inside a kernel's body, the code after an inner loop is not known here */
  if (copies > 1)
    legality_find_temps(cx->nest->names, loops, k, loops[k - 1]->body, cx->inner ? NULL : cx->nest,
                        &temps, &copyouts);
  /* the copies: c = (c_1, ..., c_k), the last index fastest */
  Stmt **bodies = xcalloc((size_t)copies, sizeof(Stmt *));
  Vec last = {0}; /* Stmt*: w = w_<last copy> */
  for (long long c = 0; c < copies; c++) {
    Subst sub = {.names = cx->nest->names};
    long long rest = c;
    for (int j = k - 1; j >= 0; j--) {
      long long cj = rest % d[j];
      rest /= d[j];
      if (cj)
        subst_expr(&sub, loops[j]->var,
                   tr_add(ir_var(loops[j]->var, loops[j]->loc), ir_int(cj * s[j], loops[j]->loc)));
    }
    char suffix[32];
    snprintf(suffix, sizeof suffix, "_%lld", c);
    subst_rename_locals(&sub, loops[k - 1]->body, suffix);
    bodies[c] = with_temps(cx->nest->names, &temps, &copyouts, suffix,
                           tr_clone_stmt(loops[k - 1]->body, &sub), c == copies - 1 ? &last : NULL);
  }
  Stmt *body = jam(bodies, (int)copies);
  /* the outer temporaries leave the iteration as its last copy left them */
  if (last.len) {
    int n;
    Stmt **items = items_of(body, &n);
    Vec all = {0};
    for (int i = 0; i < n; i++)
      vec_push(&all, items[i]);
    for (int i = 0; i < last.len; i++)
      vec_push(&all, last.items[i]);
    body = tr_block(&all);
  }
  int nsplit = 0; /* loops with a remainder: R_j of one of them is all that runs */
  for (int j = 0; j < k; j++)
    nsplit += d[j] > 1;
  cx->reordered |= nsplit > 1;
  /* the main nest steps by d_j and stops where fewer than d_j remain */
  Loop *main[16];
  Expr *split[16];
  for (int j = 0; j < k; j++) {
    Loop *l = loops[j];
    split[j] = tr_add(tr_clone_expr(l->lb, NULL), tr_mul(tr_div(tr_trip(l), ir_int(d[j], l->loc)),
                                                         ir_int(d[j] * s[j], l->loc)));
    main[j] = tr_loop(l, tr_clone_expr(l->lb, NULL), split[j], d[j] * s[j], NULL);
  }
  main[k - 1]->body = body;
  tr_relink(main, k);
  Vec with = {0};
  vec_push(&with, tr_for(main[0]));
  tr_remainders(loops, k, split, &with);
  annot_replace_main(cx, &with, 0);
  return true;
}
