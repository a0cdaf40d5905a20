/* deps.c — dependences between iterations, decided on isl.
 * Receives a kernel's accesses as sets (poly.c); answers four questions:
 * can two different work-items touch one element with at least one write
 * (deps_check, for `work`); does a reordering of a nest's outer loops keep
 * every dependence (deps_reorder, for permut, tile, tilem, dmine); does
 * distributing the outer loops over the statements of their body keep them
 * (deps_distribute, for fission); and does fusing two adjacent loops of the
 * body (deps_fuse, for fuse).
 * A conflict found between exact accesses that holds for all large values
 * of the invariants, or for every value where both iterations exist, is
 * proven, and reported with a concrete pair; any other non-empty conflict
 * is undecided, the only case `independent` overrides. */
#include "poly.h"

#include <isl/local_space.h>
#include <isl/space.h>
#include <isl/val.h>
#include <stdio.h>
#include <string.h>

typedef enum { PAIR_NONE, PAIR_PROVEN, PAIR_UNDECIDED } PairVerdict;

/* Invariants above this are "large": sizes of real problems. */
#define LARGE 1000

/* Whether s is non-empty for every assignment of large values to its
 * parameters: the dependence does not hinge on particular sizes. */
static bool for_all_large(isl_set *s) {
  isl_set *params = isl_set_params(isl_set_copy(s));
  isl_set *large = isl_set_universe(isl_set_get_space(params));
  int np = (int)isl_set_dim(large, isl_dim_param);
  for (int k = 0; k < np; k++)
    large = isl_set_lower_bound_si(large, isl_dim_param, (unsigned)k, LARGE);
  bool r = isl_set_is_subset(large, params) == isl_bool_true;
  isl_set_free(large);
  isl_set_free(params);
  return r;
}

/* Whether s is non-empty for every value of the parameters for which
 * `base` (the two iterations exist at all) is: the dependence does not
 * hinge on particular sizes or offsets. */
static bool wherever(isl_set *s, isl_set *base) {
  isl_set *need = isl_set_params(isl_set_copy(base));
  isl_set *have = isl_set_params(isl_set_copy(s));
  bool r = isl_set_is_subset(need, have) == isl_bool_true;
  isl_set_free(need);
  isl_set_free(have);
  return r;
}

/* s: the conflicting pairs; base: the pairs of iterations that exist. */
static PairVerdict classify(isl_set *s, isl_set *base, PolyAccess *x, PolyAccess *y) {
  if (isl_set_is_empty(s) != isl_bool_false)
    return PAIR_NONE;
  if (x->must && x->exact && y->must && y->exact && (for_all_large(s) || wherever(s, base)))
    return PAIR_PROVEN;
  return PAIR_UNDECIDED;
}

/* The pairs [I, I'] within `within` where x at I and y at I' touch one
 * element (*conflict, owned by the caller), and what they mean. */
static PairVerdict pair_verdict(Poly *p, PolyAccess *x, PolyAccess *y, isl_set *within,
                                isl_set **conflict) {
  isl_set *base = isl_set_intersect(poly_pair_dom(p, x, false), poly_pair_dom(p, y, true));
  if (within)
    base = isl_set_intersect(base, isl_set_copy(within));
  *conflict = isl_set_intersect(poly_pair_conflict(p, x, y), isl_set_copy(base));
  PairVerdict v = classify(*conflict, base, x, y);
  isl_set_free(base);
  return v;
}

/* { [I, I'] : I and I' differ in at least one of the loops 0..k-1 } */
static isl_set *differ(Poly *p, int k) {
  isl_space *sp = isl_space_set_alloc(p->ctx, 0, 2 * (unsigned)p->ndims);
  isl_set *s = isl_set_empty(sp);
  for (int d = 0; d < k; d++) {
    isl_pw_aff *a = poly_pair_var(p, d, false), *b = poly_pair_var(p, d, true);
    s = isl_set_union(s, isl_pw_aff_ne_set(a, b));
  }
  return s;
}

/* --- words for an example ------------------------------------------------- */

static long long mono_value(const char *mono, PolyExample *ex) {
  long long v = 1;
  char *copy = xstrdup(mono);
  for (char *f = strtok(copy, "*"); f; f = strtok(NULL, "*"))
    for (int k = 0; k < ex->pnames.len; k++)
      if (!strcmp(ex->pnames.items[k], f))
        v *= ex->pvals[k];
  return v;
}

/* "a[2][1]": the element x touches in the example (flattened subscripts
 * folded back into one number). */
static void print_element(Buf *b, PolyAccess *x, PolyExample *ex) {
  buf_puts(b, x->buf->name);
  int c = 0;
  while (c < x->coords.len) {
    PolyCoord *pc = x->coords.items[c];
    int pos = pc->pos;
    long long v = 0;
    bool known = true;
    for (; c < x->coords.len && ((PolyCoord *)x->coords.items[c])->pos == pos; c++) {
      PolyCoord *q = x->coords.items[c];
      known &= q->pa != NULL;
      v += ex->elem[c] * (q->mono ? mono_value(q->mono, ex) : 1);
    }
    if (known)
      buf_printf(b, "[%lld]", v);
    else
      buf_puts(b, "[?]");
  }
}

/* "i = 1, k = 0": the loops around x at one of the two iterations. */
static void print_iteration(Buf *b, Poly *p, PolyAccess *x, PolyExample *ex, bool second) {
  KernelInfo *ki = p->ki;
  const char *sep = "";
  for (int d = 0; d < p->ndims; d++) {
    LoopInfo *li = ki->loops.items[d];
    bool shown = li->mapped;
    for (int i = 0; i < x->loops.len && !shown; i++)
      shown = x->loops.items[i] == li;
    if (!shown || li->loop->seq) /* OpenMP's block of loops runs once: no index to name */
      continue;
    buf_printf(b, "%s%s%s%s = %lld", sep, li->func ? li->func : "", li->func ? "'s " : "",
               li->loop->var->name, ex->vals[d + (second ? p->ndims : 0)]);
    sep = ", ";
  }
}

static void print_params(Buf *b, PolyExample *ex) {
  if (!ex->pnames.len)
    return;
  buf_puts(b, "with ");
  for (int k = 0; k < ex->pnames.len; k++)
    buf_printf(b, "%s%s = %lld", k ? ", " : "", (char *)ex->pnames.items[k], ex->pvals[k]);
  buf_puts(b, ": ");
}

/* "with n = 3: iteration i = 1 writes a[1], iteration i = 2 reads it" */
static char *example_text(Poly *p, isl_set *s, PolyAccess *x, PolyAccess *y) {
  PolyExample ex;
  if (!poly_example(p, s, x, &ex))
    return NULL;
  Buf b = {0};
  print_params(&b, &ex);
  buf_puts(&b, "iteration ");
  print_iteration(&b, p, x, &ex, false);
  buf_printf(&b, " %s ", x->red ? "updates" : x->write ? "writes" : "reads");
  print_element(&b, x, &ex);
  buf_puts(&b, ", iteration ");
  print_iteration(&b, p, y, &ex, true);
  buf_printf(&b, " %s it%s", y->write ? "writes" : "reads", x->write && y->write ? " too" : "");
  return b.s;
}

/* Why a reordering is refused: the concrete pair where both accesses are
 * exact, else what made the verdict undecided. */
static char *pair_why(Poly *p, isl_set *s, PolyAccess *w, PolyAccess *a) {
  char *why = (w->exact && a->exact) ? example_text(p, s, w, a) : NULL;
  if (why)
    return why;
  PolyAccess *vague = (!w->exact || !w->must) ? w : a;
  char *t = print_expr_text(vague->e);
  why = xformat("undecided for '%s': %s", t,
                vague->why ? vague->why : "it depends on invariant values");
  xfree(t);
  return why;
}

/* --- work: conflicts between work-items ---------------------------------- */

static void report_pair(Poly *p, isl_set *s, PairVerdict v, PolyAccess *w, PolyAccess *a) {
  Kernel *k = p->ki->k;
  Buffer *b = w->buf;
  char *wt = print_expr_text(w->e), *at = print_expr_text(a->e);
  const char *what = a->write ? "write" : "read";
  char *ex = (w->exact && a->exact) ? example_text(p, s, w, a) : NULL;
  /* --openacc: `independent` written by the user (or a parallel
   * construct's) contradicts a proven dependence: refused, as under `work`,
   * where OpenMP's loop would go home (driver.c) */
  bool firm = v == PAIR_PROVEN && k->independent && k->nest && k->nest->acc;
  unsigned was = firm ? diag_set_owner(DIAG_NO_LOOP) : 0;
  if (v == PAIR_PROVEN) {
    if (w == a)
      diag_error(w->e->loc,
                 "dependence on '%s': different work-items write the same element through "
                 "'%s'",
                 b->name, wt);
    else
      diag_error(w->e->loc,
                 "loop-carried dependence on '%s': the write '%s' and the %s '%s' touch the "
                 "same element in different work-items",
                 b->name, wt, what, at);
    if (ex)
      diag_note(a->e->loc, "for example, %s", ex);
    if (k->independent)
      diag_note(w->e->loc, "the clause 'independent' cannot override a proven dependence");
    else
      diag_note(w->e->loc, "the loops mapped by 'work' must not carry it: keep the carrying "
                           "loop sequential (outside the nest or inside the body)");
  } else {
    PolyAccess *vague = !w->exact || !w->must ? w : a;
    const char *why = vague->why ? vague->why : "the dependence depends on invariant values";
    char *vt = print_expr_text(vague->e);
    if (w == a)
      diag_error(w->e->loc,
                 "possible dependence on '%s' between work-items: cannot prove that different "
                 "work-items write different elements through '%s'",
                 b->name, wt);
    else
      diag_error(w->e->loc,
                 "possible dependence on '%s' between work-items: cannot prove that the write "
                 "'%s' and the %s '%s' touch different elements",
                 b->name, wt, what, at);
    if (!w->exact || !w->must || !a->exact || !a->must)
      diag_note(vague->e->loc, "undecided for '%s': %s", vt, why);
    else if (ex)
      diag_note(a->e->loc, "they do for some values of the invariants, for example %s", ex);
    diag_note(w->e->loc, "add the clause 'independent' to 'work' if they never do");
    xfree(vt);
  }
  if (firm)
    diag_set_owner(was);
  xfree(ex);
  xfree(wt);
  xfree(at);
}

/* An element reduced into (x[i] -= L[i][j] * x[j] over j) is combined on
 * the host after the launch: no access of the array in any iteration, the
 * updating one included, may touch it. */
static bool check_element(Poly *p, PolyAccess *r, PolyAccess *a) {
  Kernel *k = p->ki->k;
  isl_set *s;
  PairVerdict v = pair_verdict(p, r, a, NULL, &s);
  bool ok = v == PAIR_NONE || (v == PAIR_UNDECIDED && k->independent);
  if (!ok) {
    char *rt = print_expr_text(r->e), *at = print_expr_text(a->e);
    const char *op = red_op_name(r->red->op);
    if (v == PAIR_PROVEN) {
      diag_error(a->e->loc,
                 "'%s' touches '%s', which the loop updates as a %s reduction (line %d): the "
                 "reduction is combined after the loop, so this access would see a partial "
                 "value",
                 at, rt, op, r->red->loc.line);
      char *ex = example_text(p, s, r, a);
      if (ex)
        diag_note(a->e->loc, "for example, %s", ex);
      xfree(ex);
    } else {
      diag_error(a->e->loc,
                 "cannot prove that '%s' never touches '%s', which the loop updates as a %s "
                 "reduction (line %d); if they never meet, say so with 'independent'",
                 at, rt, op, r->red->loc.line);
      PolyAccess *vague = !a->exact || !a->must ? a : r;
      if (vague->why)
        diag_note(vague->e->loc, "undecided: %s", vague->why);
    }
    xfree(rt);
    xfree(at);
  }
  isl_set_free(s);
  return ok;
}

/* --- helpers handed one row's element --------------------------------------- */

/* A helper handed &a[i][c] of an array of rows reaches a[i][c + off], as
 * does p[off] with p = &a[i][c] declared in the body (frontend_alias.c): the
 * analyses take that for row i, which holds only while c + off stays in
 * the row (beyond it are the next rows, which neither the dependence test
 * nor the copies would see).  An access at the element handed (off 0) is
 * the call's own, as in the body. */
static bool check_row(PolyAccess *a) {
  int last = a->acc->nsubs - 1;
  Expr *sub = a->acc->subs[last];
  if (sub->kind == EX_BINARY && sub->op == OP_ADD && sub->b->kind == EX_INT && !sub->b->ival)
    return true;
  Type *t = a->buf->type;
  for (int d = 0; d < last && t; d++)
    t = t->base;
  long long len = t && t->kind == TY_ARRAY ? t->len : -1;
  PolyCoord *pc = NULL;
  int n = 0;
  for (int c = 0; c < a->coords.len; c++)
    if (((PolyCoord *)a->coords.items[c])->pos == last) {
      pc = a->coords.items[c];
      n++;
    }
  bool in = false;
  if (len > 0 && n == 1 && pc->pa && !pc->mono) {
    isl_set *lo = isl_pw_aff_nonneg_set(isl_pw_aff_copy(pc->pa));
    isl_pw_aff *end =
        isl_pw_aff_val_on_domain(isl_set_universe(isl_pw_aff_get_domain_space(pc->pa)),
                                 isl_val_int_from_si(isl_pw_aff_get_ctx(pc->pa), len - 1));
    isl_set *hi = isl_pw_aff_nonneg_set(isl_pw_aff_sub(end, isl_pw_aff_copy(pc->pa)));
    isl_set *row = isl_set_intersect(lo, hi);
    in = isl_set_is_subset(a->dom, row) == isl_bool_true;
    isl_set_free(row);
  }
  if (in)
    return true;
  char *at = print_expr_text(a->e);
  Var *p = a->e->alias;
  if (p && len > 0)
    diag_error(a->e->loc,
               "'%s': the pointer '%s' may reach past the end of the row of '%s' it points "
               "into (%lld elements): nucc follows it as that row's elements, so it must stay "
               "in it (subscript the array itself, or point into a flat array, to cross rows)",
               at, p->name, a->buf->name, len);
  else if (p)
    diag_error(a->e->loc,
               "'%s': the rows of '%s' have a run-time length, so nucc cannot prove that the "
               "pointer '%s' stays in the row it points into (subscript the array itself, "
               "'%s[i][j]', instead)",
               at, a->buf->name, p->name, a->buf->name);
  else if (len > 0)
    diag_error(a->e->loc,
               "'%s': the helper may reach past the end of the row of '%s' it is handed (%lld "
               "elements): nucc takes its elements for that row's, so it must stay in it (hand "
               "the helper a pointer into a flat array to let it cross rows)",
               at, a->buf->name, len);
  else
    diag_error(a->e->loc,
               "'%s': the rows of '%s' have a run-time length, so nucc cannot prove that the "
               "helper stays in the row it is handed (hand it a pointer into a flat array, "
               "'&a[i * m]', instead)",
               at, a->buf->name);
  xfree(at);
  return false;
}

/* Reports one pair per buffer, a proven one where there is one (an
 * undecided pair met first must not hide a real dependence behind advice
 * to write `independent`). */
bool deps_check(KernelInfo *ki) {
  Kernel *k = ki->k;
  if (!k->buffers.len)
    return true;
  Poly *p = poly_build(ki);
  isl_set *diff = differ(p, k->dims);
  bool ok = true;
  for (int x = 0; x < p->accs.len; x++) {
    PolyAccess *a = p->accs.items[x];
    if ((a->acc->site || a->e->alias) && a->acc->nsubs > 1 && !a->red && !a->acc->named)
      ok &= check_row(a);
  }
  for (int b = 0; b < k->buffers.len; b++) {
    Buffer *buf = k->buffers.items[b];
    PolyAccess *bw = NULL, *ba = NULL;
    isl_set *bs = NULL;
    PairVerdict bv = PAIR_NONE;
    bool elements_ok = true;
    for (int x = 0; x < p->accs.len && bv != PAIR_PROVEN; x++) {
      PolyAccess *w = p->accs.items[x];
      if (!w->write || w->buf != buf)
        continue;
      for (int y = 0; y < p->accs.len && bv != PAIR_PROVEN; y++) {
        PolyAccess *a = p->accs.items[y];
        if (a->buf != buf || (y < x && a->write) || (w->red && a->red))
          continue; /* that pair was tested the other way round */
        if (w->red || a->red) {
          if (elements_ok)
            elements_ok = check_element(p, w->red ? w : a, w->red ? a : w);
          continue;
        }
        isl_set *s;
        PairVerdict v = pair_verdict(p, w, a, diff, &s);
        if ((v == PAIR_PROVEN || (v == PAIR_UNDECIDED && !k->independent)) &&
            (bv == PAIR_NONE || v == PAIR_PROVEN)) {
          isl_set_free(bs);
          bs = s;
          bw = w;
          ba = a;
          bv = v;
        } else {
          isl_set_free(s);
        }
      }
    }
    if (bv != PAIR_NONE)
      report_pair(p, bs, bv, bw, ba);
    isl_set_free(bs);
    ok &= bv == PAIR_NONE && elements_ok;
  }
  isl_set_free(diff);
  poly_free(p);
  return ok;
}

/* --- reordering the outer loops of a nest ---------------------------------- */

/* The position of loop d in execution order: the index, negated for loops
 * that count down, so that "later" is always "larger". */
static isl_pw_aff *order_var(Poly *p, int d, bool second) {
  LoopInfo *li = p->ki->loops.items[d];
  Loop *l = li->loop;
  isl_pw_aff *v = poly_pair_var(p, d, second);
  return ir_loop_counts_down(l) ? isl_pw_aff_neg(v) : v;
}

/* { [I, I'] : the sequence (f_0, ..., f_k-1) of I' comes lexicographically
 * after that of I }, with f_j = order of loop perm[j] (perm NULL: j). */
static isl_set *lex_after(Poly *p, int k, const long long *perm) {
  isl_space *sp = isl_space_set_alloc(p->ctx, 0, 2 * (unsigned)p->ndims);
  isl_set *s = isl_set_empty(sp);
  for (int j = 0; j < k; j++) {
    isl_set *t = isl_set_universe(isl_space_set_alloc(p->ctx, 0, 2 * (unsigned)p->ndims));
    for (int m = 0; m <= j; m++) {
      int d = perm ? (int)perm[m] - 1 : m;
      isl_pw_aff *a = order_var(p, d, false), *b = order_var(p, d, true);
      t = isl_set_intersect(t, m < j ? isl_pw_aff_eq_set(a, b) : isl_pw_aff_lt_set(a, b));
    }
    s = isl_set_union(s, t);
  }
  return s;
}

/* { [I, I'] : some loop among 0..k-1 runs backwards from I to I' } */
static isl_set *some_backward(Poly *p, int k) {
  isl_set *s = isl_set_empty(isl_space_set_alloc(p->ctx, 0, 2 * (unsigned)p->ndims));
  for (int d = 0; d < k; d++)
    s = isl_set_union(s, isl_pw_aff_gt_set(order_var(p, d, false), order_var(p, d, true)));
  return s;
}

/* { [I, I'] : c.I' <= c.I } over loops 0..k-1 (wavefront's coefficients). */
static isl_set *hyperplane_not_after(Poly *p, int k, const long long *c) {
  isl_space *sp = isl_space_set_alloc(p->ctx, 0, 2 * (unsigned)p->ndims);
  isl_local_space *ls = isl_local_space_from_space(sp);
  isl_aff *a = isl_aff_zero_on_domain(isl_local_space_copy(ls));
  for (int d = 0; d < k; d++) {
    a = isl_aff_set_coefficient_si(a, isl_dim_in, d, (int)-c[d]);
    a = isl_aff_set_coefficient_si(a, isl_dim_in, p->ndims + d, (int)c[d]);
  }
  isl_local_space_free(ls);
  /* c.I - c.I' >= 0 */
  return isl_pw_aff_nonneg_set(isl_pw_aff_neg(isl_pw_aff_from_aff(a)));
}

Verdict deps_reorder(KernelInfo *ki, Reorder how, const long long *perm, char **why) {
  Kernel *k = ki->k;
  *why = NULL;
  Poly *p = poly_build(ki);
  isl_set *before = lex_after(p, k->dims, NULL);
  isl_set *bad;
  if (how == REORDER_PERMUTE) /* the new order must not put the sink first */
    bad = isl_set_complement(lex_after(p, k->dims, perm));
  else if (how == REORDER_WAVEFRONT) /* the sink on the source's hyperplane or before */
    bad = hyperplane_not_after(p, k->dims, perm);
  else if (how == REORDER_BAND)
    bad = some_backward(p, k->dims);
  else
    bad = isl_set_universe(isl_space_set_alloc(p->ctx, 0, 2 * (unsigned)p->ndims));
  /* I before I' in the original order, and reordered wrongly */
  isl_set *wrong = isl_set_intersect(before, bad);
  Verdict v = LEGAL;
  for (int x = 0; x < p->accs.len && v != ILLEGAL; x++) {
    PolyAccess *w = p->accs.items[x];
    for (int y = 0; y < p->accs.len && v != ILLEGAL; y++) {
      PolyAccess *a = p->accs.items[y];
      if (a->buf != w->buf || (!w->write && !a->write) || (w->red && a->red))
        continue; /* reduction updates of one element commute */
      isl_set *s;
      PairVerdict pv = pair_verdict(p, w, a, wrong, &s);
      if (pv != PAIR_NONE) {
        xfree(*why);
        *why = pair_why(p, s, w, a);
        v = pv == PAIR_PROVEN ? ILLEGAL : UNDECIDED;
      }
      isl_set_free(s);
    }
  }
  isl_set_free(wrong);
  poly_free(p);
  return v;
}

/* --- distributing a loop over the statements of its body ----------------- */

/* The item of the body that holds the access expression, or -1. */
static int item_of(Stmt **items, int nitems, Expr *e) {
  for (int i = 0; i < nitems; i++)
    if (ir_stmt_holds_expr(items[i], e))
      return i;
  return -1;
}

Verdict deps_distribute(KernelInfo *ki, Stmt **items, int nitems, const int *group, char **why,
                        SrcLoc *from, SrcLoc *to) {
  Kernel *k = ki->k;
  *why = NULL;
  Poly *p = poly_build(ki);
  int n = p->accs.len;
  int *g = xcalloc((size_t)(n ? n : 1), sizeof(int));
  for (int x = 0; x < n; x++) {
    int it = item_of(items, nitems, ((PolyAccess *)p->accs.items[x])->e);
    g[x] = it < 0 ? -1 : group[it];
  }
  /* x (a later group) at I runs before y (an earlier group) at I' when I'
   * comes after I in the distributed loops: distribution would put y first */
  isl_set *after = lex_after(p, k->dims, NULL);
  Verdict v = LEGAL;
  for (int x = 0; x < n && v != ILLEGAL; x++) {
    PolyAccess *w = p->accs.items[x];
    for (int y = 0; y < n && v != ILLEGAL; y++) {
      PolyAccess *a = p->accs.items[y];
      if (a->buf != w->buf || (!w->write && !a->write))
        continue;
      /* an access outside every item (a called function's) could be in any */
      if (g[x] >= 0 && g[y] >= 0 && g[x] <= g[y])
        continue;
      isl_set *s;
      PairVerdict pv = pair_verdict(p, w, a, after, &s);
      if (pv != PAIR_NONE) {
        xfree(*why);
        *why = pair_why(p, s, w, a);
        *from = w->e->loc;
        *to = a->e->loc;
        v = pv == PAIR_PROVEN ? ILLEGAL : UNDECIDED;
      }
      isl_set_free(s);
    }
  }
  isl_set_free(after);
  xfree(g);
  poly_free(p);
  return v;
}

/* --- fusing two adjacent loops of the body --------------------------------- */

static bool inside(PolyAccess *a, LoopInfo *li) {
  for (int i = 0; a->scope && i < a->scope->len; i++)
    if (a->scope->items[i] == li)
      return true;
  return false;
}

Verdict deps_fuse(KernelInfo *ki, Loop *first, Loop *second, char **why, SrcLoc *from, SrcLoc *to) {
  Kernel *k = ki->k;
  *why = NULL;
  LoopInfo *l1 = poly_loop_info(ki, first), *l2 = poly_loop_info(ki, second);
  if (!l1 || !l2) {
    *why = xstrdup("the loops are not both canonical loops of the body");
    return UNDECIDED;
  }
  Poly *p = poly_build(ki);
  /* { [I, I'] : the same iteration of the outer loops, and iteration J of
   * `second` (in I) before iteration J' of `first` (in I') once fused } */
  isl_set *same = isl_set_universe(isl_space_set_alloc(p->ctx, 0, 2 * (unsigned)p->ndims));
  for (int d = 0; d < k->dims; d++)
    same = isl_set_intersect(
        same, isl_pw_aff_eq_set(poly_pair_var(p, d, false), poly_pair_var(p, d, true)));
  same = isl_set_intersect(
      same, isl_pw_aff_lt_set(order_var(p, l2->id, false), order_var(p, l1->id, true)));
  Verdict v = LEGAL;
  for (int x = 0; x < p->accs.len && v != ILLEGAL; x++) {
    PolyAccess *w = p->accs.items[x];
    if (!inside(w, l2))
      continue;
    for (int y = 0; y < p->accs.len && v != ILLEGAL; y++) {
      PolyAccess *a = p->accs.items[y];
      if (!inside(a, l1) || a->buf != w->buf || (!w->write && !a->write))
        continue;
      /* a (in first) ran before w (in second); fused, w at J runs first */
      isl_set *s;
      PairVerdict pv = pair_verdict(p, w, a, same, &s);
      if (pv != PAIR_NONE) {
        xfree(*why);
        *why = pair_why(p, s, w, a);
        *from = a->e->loc;
        *to = w->e->loc;
        v = pv == PAIR_PROVEN ? ILLEGAL : UNDECIDED;
      }
      isl_set_free(s);
    }
  }
  isl_set_free(same);
  poly_free(p);
  return v;
}

/* --- reads of values from before the loops --------------------------------- */

/* Whether the statement is `w = e;` or `w op= e;`: every read of it runs
 * before its store to w. */
static bool stores_last(Stmt *st, Expr *w) {
  return st->kind == ST_EXPR && st->e && st->e->kind == EX_BINARY && op_is_assign(st->e->op) &&
         st->e->a == w;
}

/* Whether w may run before r within one iteration of the loops around
 * both, `inner` the innermost of them: w's statement comes first in its
 * body, or they share a statement that does not store w last. */
static bool may_come_first(LoopInfo *inner, PolyAccess *w, PolyAccess *r) {
  Stmt *body = inner->loop->body;
  Stmt **items = body->kind == ST_BLOCK ? body->items : &body;
  int n = body->kind == ST_BLOCK ? body->nitems : 1;
  int iw = item_of(items, n, w->e), ir = item_of(items, n, r->e);
  if (iw < 0 || ir < 0)
    return true;
  if (iw != ir)
    return iw < ir;
  return !stores_last(items[iw], w->e);
}

/* { [I, I'] : w at I runs before r at I' in the sequential order } */
static isl_set *runs_before(Poly *p, PolyAccess *w, PolyAccess *r) {
  isl_space *sp = isl_space_set_alloc(p->ctx, 0, 2 * (unsigned)p->ndims);
  isl_set *s = isl_set_empty(isl_space_copy(sp));
  isl_set *same = isl_set_universe(sp);
  LoopInfo *inner = NULL;
  if (!w->scope || !r->scope) /* nothing known of where they run: either may come first */
    return isl_set_union(s, same);
  for (int j = 0; j < w->scope->len && j < r->scope->len; j++) {
    LoopInfo *li = w->scope->items[j];
    if (li != r->scope->items[j])
      break;
    inner = li;
    isl_set *lt = isl_pw_aff_lt_set(order_var(p, li->id, false), order_var(p, li->id, true));
    s = isl_set_union(s, isl_set_intersect(isl_set_copy(same), lt));
    same = isl_set_intersect(
        same, isl_pw_aff_eq_set(order_var(p, li->id, false), order_var(p, li->id, true)));
  }
  if (!inner || may_come_first(inner, w, r))
    s = isl_set_union(s, same);
  else
    isl_set_free(same);
  return s;
}

void deps_live_in(KernelInfo *ki, Expr *path, Vec *reads, bool *written, Expr **blocked,
                  char **example) {
  *written = false;
  *blocked = NULL;
  *example = NULL;
  Kernel *k = ki->k;
  Buffer *buf = kernel_buffer(k, path);
  if (!buf)
    return;
  Poly *p = poly_build(ki);
  for (int x = 0; x < p->accs.len; x++)
    *written |=
        ((PolyAccess *)p->accs.items[x])->buf == buf && ((PolyAccess *)p->accs.items[x])->write;
  for (int x = 0; x < p->accs.len; x++) {
    PolyAccess *r = p->accs.items[x];
    if (r->buf != buf || r->write || !r->acc->read || r->acc->site || r->red)
      continue;
    bool live = true;
    for (int y = 0; y < p->accs.len && live; y++) {
      PolyAccess *w = p->accs.items[y];
      if (w->buf != buf || !w->write)
        continue;
      isl_set *s = isl_set_intersect(poly_pair_conflict(p, w, r), runs_before(p, w, r));
      live = isl_set_is_empty(s) == isl_bool_true;
      if (!live && !*blocked) {
        *blocked = r->e;
        *example = pair_why(p, s, w, r);
      }
      isl_set_free(s);
    }
    if (live)
      vec_push(reads, r->e);
  }
  poly_free(p);
}
