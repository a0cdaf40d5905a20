/* poly.c — the IR as isl sets: iteration domains and access relations.
 * Receives a kernel's loops (KernelInfo) and its buffers' accesses; hands
 * on, per access, the iterations that may execute it (loop bounds, strides
 * and affine conditions; triangular and transformed nests included) and its
 * element as quasi-affine coordinates.  Subscripts that are polynomial in
 * parameters (a[i*n + j]) are delinearised into one coordinate per monomial
 * when isl proves each lower part stays below its radix, as Polly does. */
#include "poly.h"

#include <isl/id.h>
#include <isl/local_space.h>
#include <isl/options.h>
#include <isl/point.h>
#include <isl/space.h>
#include <isl/val.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 64 /* substitution chains of locals; deeper is "not affine" */

/* --- quasi-affine expressions --------------------------------------------- */

static isl_set *universe(Poly *p) { return isl_set_universe(isl_space_copy(p->space)); }

static isl_pw_aff *pa_const(Poly *p, long long v) {
  return isl_pw_aff_val_on_domain(universe(p), isl_val_int_from_si(p->ctx, v));
}

static isl_pw_aff *pa_dim(Poly *p, int d) {
  return isl_pw_aff_var_on_domain(isl_local_space_from_space(isl_space_copy(p->space)), isl_dim_set,
                                  (unsigned)d);
}

static isl_pw_aff *pa_param(Poly *p, const char *name) {
  return isl_pw_aff_param_on_domain_id(universe(p), isl_id_alloc(p->ctx, name, NULL));
}

static bool is_loop_written_local(KernelInfo *ki, const Var *v) {
  for (int i = 0; i < ki->written_locals.len; i++)
    if (ki->written_locals.items[i] == v)
      return true;
  return false;
}

/* The initializer a local assigned only at its declaration stands for. */
static Expr *local_value(KernelInfo *ki, const Var *v) {
  if (is_loop_written_local(ki, v))
    return NULL;
  for (int i = 0; i < ki->decls.len; i++) {
    Stmt *d = ki->decls.items[i];
    if (d->var == v)
      return d->init;
  }
  return NULL;
}

/* The loop whose index `v` is at the point being converted: the innermost
 * enclosing loop of that index (sibling copies of a loop made by unroll
 * share their index variable).  *is_index: v indexes some loop. */
static LoopInfo *scoped_loop(Poly *p, const Var *v, bool *is_index) {
  *is_index = kernelinfo_loop_of(p->ki, v) != NULL;
  if (!*is_index)
    return NULL;
  for (int i = p->scope ? p->scope->len - 1 : -1; i >= 0; i--) {
    LoopInfo *li = p->scope->items[i];
    if (li->loop->var == v)
      return li;
  }
  return NULL; /* an index read outside its loop: a value the loop left */
}

/* An integer value the kernel does not change: a free scalar or member. */
static bool invariant_atom(KernelInfo *ki, Expr *e) {
  if (!e->type || !type_is_integer(e->type))
    return false;
  if (e->kind == EX_VAR)
    return !kernelinfo_loop_of(ki, e->var) && !kernelinfo_is_local(ki, e->var);
  if (e->kind == EX_MEMBER) {
    Expr *root = ir_path_root(e);
    return root && !kernelinfo_loop_of(ki, root->var) && !kernelinfo_is_local(ki, root->var);
  }
  return false;
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Joins parameter names into a canonical monomial: sorted, '*'-separated. */
static char *mono_join(Vec *names) {
  if (!names->len)
    return xstrdup("");
  qsort(names->items, (size_t)names->len, sizeof(void *), cmp_str);
  Buf b = {0};
  for (int i = 0; i < names->len; i++)
    buf_printf(&b, "%s%s", i ? "*" : "", (char *)names->items[i]);
  return b.s ? b.s : xstrdup("");
}

static void mono_split(const char *m, Vec *out) {
  if (!*m)
    return;
  char *copy = xstrdup(m);
  for (char *q = strtok(copy, "*"); q; q = strtok(NULL, "*"))
    vec_push(out, xstrdup(q));
}

static char *mono_mul(const char *a, const char *b) {
  Vec v = {0};
  mono_split(a, &v);
  mono_split(b, &v);
  return mono_join(&v);
}

/* A product of invariant atoms (n * m), its factors' names in *out. */
static bool invariant_product(KernelInfo *ki, Expr *e, Vec *out, int depth) {
  if (depth > MAX_DEPTH)
    return false;
  if (e->kind == EX_CAST && type_is_integer(e->type))
    return invariant_product(ki, e->a, out, depth + 1);
  if (e->kind == EX_BINARY && e->op == OP_MUL)
    return invariant_product(ki, e->a, out, depth + 1) &&
           invariant_product(ki, e->b, out, depth + 1);
  if (e->kind == EX_VAR && kernelinfo_is_local(ki, e->var)) {
    Expr *init = local_value(ki, e->var);
    return init && invariant_product(ki, init, out, depth + 1);
  }
  if (!invariant_atom(ki, e))
    return false;
  vec_push(out, print_host_text(e));
  return true;
}

static isl_set *cond_set(Poly *p, Expr *e, int depth);

static bool is_cst(isl_pw_aff *a) { return isl_pw_aff_is_cst(a) == isl_bool_true; }

/* A positive integer constant, or 0. */
static long long pos_const(Poly *p, isl_pw_aff *a) {
  if (!is_cst(a))
    return 0;
  isl_set *dom = isl_pw_aff_domain(isl_pw_aff_copy(a));
  isl_point *pt = isl_set_sample_point(dom);
  long long v = 0;
  if (pt && !isl_point_is_void(pt)) {
    isl_val *x = isl_pw_aff_eval(isl_pw_aff_copy(a), pt);
    if (x && isl_val_is_int(x))
      v = isl_val_get_num_si(x);
    isl_val_free(x);
  } else {
    isl_point_free(pt);
  }
  (void)p;
  return v > 0 ? v : 0;
}

/* e as a quasi-affine function of the loop indices and parameters, or NULL. */
static isl_pw_aff *expr_pa(Poly *p, Expr *e, int depth) {
  if (!e || depth > MAX_DEPTH)
    return NULL;
  KernelInfo *ki = p->ki;
  switch (e->kind) {
  case EX_INT:
    return pa_const(p, e->ival);
  case EX_VAR: {
    bool index;
    LoopInfo *li = scoped_loop(p, e->var, &index);
    if (li)
      return pa_dim(p, li->id);
    if (index)
      return NULL;
    if (kernelinfo_is_local(ki, e->var)) {
      Expr *init = local_value(ki, e->var);
      return init && type_is_integer(e->type) ? expr_pa(p, init, depth + 1) : NULL;
    }
    if (!invariant_atom(ki, e))
      return NULL;
    char *name = print_host_text(e);
    isl_pw_aff *r = pa_param(p, name);
    xfree(name);
    return r;
  }
  case EX_MEMBER: {
    if (!invariant_atom(ki, e))
      return NULL;
    char *name = print_host_text(e);
    isl_pw_aff *r = pa_param(p, name);
    xfree(name);
    return r;
  }
  case EX_CAST:
    return type_is_integer(e->type) ? expr_pa(p, e->a, depth + 1) : NULL;
  case EX_UNARY:
    if (e->op == OP_PLUS)
      return expr_pa(p, e->a, depth + 1);
    if (e->op == OP_NEG) {
      isl_pw_aff *a = expr_pa(p, e->a, depth + 1);
      return a ? isl_pw_aff_neg(a) : NULL;
    }
    return NULL;
  case EX_COND: {
    isl_set *c = cond_set(p, e->a, depth + 1);
    isl_pw_aff *x = c ? expr_pa(p, e->b, depth + 1) : NULL;
    isl_pw_aff *y = x ? expr_pa(p, e->c, depth + 1) : NULL;
    if (!y) {
      isl_set_free(c);
      isl_pw_aff_free(x);
      return NULL;
    }
    isl_set *nc = isl_set_complement(isl_set_copy(c));
    return isl_pw_aff_union_add(isl_pw_aff_intersect_domain(x, c),
                                isl_pw_aff_intersect_domain(y, nc));
  }
  case EX_BINARY:
    break;
  default:
    return NULL;
  }
  if (e->op == OP_MUL) {
    Vec factors = {0};
    if (invariant_product(ki, e, &factors, depth) && factors.len > 1)
      return pa_param(p, mono_join(&factors)); /* n * m: a parameter of its own */
  }
  if (e->op != OP_ADD && e->op != OP_SUB && e->op != OP_MUL && e->op != OP_DIV && e->op != OP_MOD &&
      e->op != OP_SHL && e->op != OP_SHR)
    return NULL;
  isl_pw_aff *a = expr_pa(p, e->a, depth + 1);
  isl_pw_aff *b = a ? expr_pa(p, e->b, depth + 1) : NULL;
  if (!b) {
    isl_pw_aff_free(a);
    return NULL;
  }
  switch (e->op) {
  case OP_ADD:
    return isl_pw_aff_add(a, b);
  case OP_SUB:
    return isl_pw_aff_sub(a, b);
  case OP_MUL:
    if (is_cst(a) || is_cst(b))
      return isl_pw_aff_mul(a, b);
    break;
  case OP_DIV:
  case OP_MOD:
    if (pos_const(p, b)) /* C's division truncates toward zero */
      return e->op == OP_DIV ? isl_pw_aff_tdiv_q(a, b) : isl_pw_aff_tdiv_r(a, b);
    break;
  case OP_SHL:
  case OP_SHR: {
    long long c = pos_const(p, b);
    if (c > 0 && c < 31) {
      isl_pw_aff_free(b);
      isl_val *f = isl_val_int_from_si(p->ctx, 1LL << c);
      if (e->op == OP_SHL)
        return isl_pw_aff_scale_val(a, f);
      return isl_pw_aff_floor(isl_pw_aff_scale_down_val(a, f));
    }
    break;
  }
  default:
    break;
  }
  isl_pw_aff_free(a);
  isl_pw_aff_free(b);
  return NULL;
}

/* The iterations where a condition holds, or NULL when it is not affine. */
static isl_set *cond_set(Poly *p, Expr *e, int depth) {
  if (!e || depth > MAX_DEPTH)
    return NULL;
  if (e->kind == EX_UNARY && e->op == OP_NOT) {
    isl_set *s = cond_set(p, e->a, depth + 1);
    return s ? isl_set_complement(s) : NULL;
  }
  if (e->kind == EX_BINARY && (e->op == OP_LAND || e->op == OP_LOR)) {
    isl_set *a = cond_set(p, e->a, depth + 1);
    isl_set *b = a ? cond_set(p, e->b, depth + 1) : NULL;
    if (!b) {
      isl_set_free(a);
      return NULL;
    }
    return e->op == OP_LAND ? isl_set_intersect(a, b) : isl_set_union(a, b);
  }
  if (e->kind == EX_BINARY && e->op >= OP_LT && e->op <= OP_NE) {
    isl_pw_aff *a = expr_pa(p, e->a, depth + 1);
    isl_pw_aff *b = a ? expr_pa(p, e->b, depth + 1) : NULL;
    if (!b) {
      isl_pw_aff_free(a);
      return NULL;
    }
    switch (e->op) {
    case OP_LT:
      return isl_pw_aff_lt_set(a, b);
    case OP_GT:
      return isl_pw_aff_gt_set(a, b);
    case OP_LE:
      return isl_pw_aff_le_set(a, b);
    case OP_GE:
      return isl_pw_aff_ge_set(a, b);
    case OP_EQ:
      return isl_pw_aff_eq_set(a, b);
    default:
      return isl_pw_aff_ne_set(a, b);
    }
  }
  if (e->type && !type_is_integer(e->type))
    return NULL;
  isl_pw_aff *a = expr_pa(p, e, depth + 1);
  return a ? isl_pw_aff_ne_set(a, pa_const(p, 0)) : NULL;
}

/* --- polynomials, for delinearisation ------------------------------------ */

/* k * mono * index(dim); dim < 0: no index. */
typedef struct PTerm {
  long long k;
  char *mono;
  int dim;
} PTerm;

static void pt_add(Vec *v, long long k, const char *mono, int dim) {
  if (!k)
    return;
  for (int i = 0; i < v->len; i++) {
    PTerm *t = v->items[i];
    if (t->dim == dim && !strcmp(t->mono, mono)) {
      t->k += k;
      return;
    }
  }
  PTerm *t = NEW(PTerm);
  *t = (PTerm){k, xstrdup(mono), dim};
  vec_push(v, t);
}

static bool polyn(Poly *p, Expr *e, Vec *out, int depth) {
  if (!e || depth > MAX_DEPTH)
    return false;
  KernelInfo *ki = p->ki;
  Vec x = {0}, y = {0};
  switch (e->kind) {
  case EX_INT:
    pt_add(out, e->ival, "", -1);
    return true;
  case EX_VAR: {
    bool index;
    LoopInfo *li = scoped_loop(p, e->var, &index);
    if (li) {
      pt_add(out, 1, "", li->id);
      return true;
    }
    if (index)
      return false;
    if (kernelinfo_is_local(ki, e->var)) {
      Expr *init = local_value(ki, e->var);
      return init && type_is_integer(e->type) && polyn(p, init, out, depth + 1);
    }
    break;
  }
  case EX_CAST:
    return type_is_integer(e->type) && polyn(p, e->a, out, depth + 1);
  case EX_UNARY:
    if (e->op != OP_NEG && e->op != OP_PLUS)
      return false;
    if (!polyn(p, e->a, &x, depth + 1))
      return false;
    for (int i = 0; i < x.len; i++) {
      PTerm *t = x.items[i];
      pt_add(out, e->op == OP_NEG ? -t->k : t->k, t->mono, t->dim);
    }
    return true;
  case EX_BINARY:
    if (e->op != OP_ADD && e->op != OP_SUB && e->op != OP_MUL)
      return false;
    if (!polyn(p, e->a, &x, depth + 1) || !polyn(p, e->b, &y, depth + 1))
      return false;
    if (e->op != OP_MUL) {
      for (int i = 0; i < x.len; i++) {
        PTerm *t = x.items[i];
        pt_add(out, t->k, t->mono, t->dim);
      }
      for (int i = 0; i < y.len; i++) {
        PTerm *t = y.items[i];
        pt_add(out, e->op == OP_SUB ? -t->k : t->k, t->mono, t->dim);
      }
      return true;
    }
    for (int i = 0; i < x.len; i++)
      for (int j = 0; j < y.len; j++) {
        PTerm *s = x.items[i], *t = y.items[j];
        if (s->dim >= 0 && t->dim >= 0)
          return false; /* i * j */
        pt_add(out, s->k * t->k, mono_mul(s->mono, t->mono), s->dim >= 0 ? s->dim : t->dim);
      }
    return true;
  default:
    break;
  }
  if (!invariant_atom(ki, e))
    return false;
  char *name = print_host_text(e);
  pt_add(out, 1, name, -1);
  return true;
}

/* Whether monomial a divides b (as multisets of factors); the quotient. */
static bool mono_divides(const char *a, const char *b, char **quot) {
  Vec fa = {0}, fb = {0};
  mono_split(a, &fa);
  mono_split(b, &fb);
  for (int i = 0; i < fa.len; i++) {
    int found = -1;
    for (int j = 0; j < fb.len && found < 0; j++)
      if (fb.items[j] && !strcmp(fa.items[i], fb.items[j]))
        found = j;
    if (found < 0)
      return false;
    fb.items[found] = NULL;
  }
  Vec rest = {0};
  for (int j = 0; j < fb.len; j++)
    if (fb.items[j])
      vec_push(&rest, fb.items[j]);
  *quot = mono_join(&rest);
  return true;
}

static int mono_degree(const char *m) {
  if (!*m)
    return 0;
  int n = 1;
  for (; *m; m++)
    n += *m == '*';
  return n;
}

static int cmp_mono(const void *a, const void *b) {
  const char *x = *(char *const *)a, *y = *(char *const *)b;
  int dx = mono_degree(x), dy = mono_degree(y);
  return dx != dy ? (dx > dy) - (dx < dy) : strcmp(x, y);
}

/* The part of a polynomial that multiplies `mono`, as an affine function. */
static isl_pw_aff *poly_part(Poly *p, Vec *terms, const char *mono) {
  isl_pw_aff *r = pa_const(p, 0);
  for (int i = 0; i < terms->len; i++) {
    PTerm *t = terms->items[i];
    if (strcmp(t->mono, mono) != 0)
      continue;
    isl_pw_aff *x = t->dim >= 0 ? pa_dim(p, t->dim) : pa_const(p, 1);
    r = isl_pw_aff_add(r, isl_pw_aff_scale_val(x, isl_val_int_from_si(p->ctx, t->k)));
  }
  return r;
}

/* --- iteration domains ----------------------------------------------------- */

/* The constraints a canonical loop puts on its index; *exact false when a
 * bound or the stride could not be expressed (the set is then larger). */
static isl_set *loop_set(Poly *p, LoopInfo *li, bool *exact) {
  Loop *l = li->loop;
  isl_pw_aff *v = pa_dim(p, li->id);
  isl_pw_aff *lb = expr_pa(p, l->lb, 0), *ub = expr_pa(p, l->ub, 0);
  isl_set *s = universe(p);
  long long step = 0;
  isl_pw_aff *st = expr_pa(p, l->step, 0);
  if (st && is_cst(st)) {
    step = pos_const(p, st);
    if (!step) {
      isl_pw_aff *neg = isl_pw_aff_neg(isl_pw_aff_copy(st));
      step = -pos_const(p, neg);
      isl_pw_aff_free(neg);
    }
  }
  isl_pw_aff_free(st);
  bool down = step < 0 || l->rel == REL_GT || l->rel == REL_GE;
  *exact = lb && ub && step != 0;
  if (lb)
    s = isl_set_intersect(s, down ? isl_pw_aff_le_set(isl_pw_aff_copy(v), isl_pw_aff_copy(lb))
                                  : isl_pw_aff_ge_set(isl_pw_aff_copy(v), isl_pw_aff_copy(lb)));
  if (ub) {
    isl_set *c;
    if (down)
      c = l->rel == REL_GE ? isl_pw_aff_ge_set(isl_pw_aff_copy(v), ub)
                           : isl_pw_aff_gt_set(isl_pw_aff_copy(v), ub);
    else
      c = l->rel == REL_LE ? isl_pw_aff_le_set(isl_pw_aff_copy(v), ub)
                           : isl_pw_aff_lt_set(isl_pw_aff_copy(v), ub);
    s = isl_set_intersect(s, c);
  }
  long long as = step < 0 ? -step : step;
  if (lb && as > 1) {
    isl_pw_aff *off = isl_pw_aff_sub(isl_pw_aff_copy(v), isl_pw_aff_copy(lb));
    off = isl_pw_aff_mod_val(off, isl_val_int_from_si(p->ctx, as));
    s = isl_set_intersect(s, isl_pw_aff_eq_set(off, pa_const(p, 0)));
  }
  isl_pw_aff_free(lb);
  isl_pw_aff_free(v);
  return s;
}

/* --- walking the body -------------------------------------------------------- */

typedef struct Walk {
  Poly *p;
  Vec loops; /* LoopInfo* enclosing the current point, mapped loops first */
  Vec conds; /* isl_set* of enclosing affine conditions */
  int may;   /* > 0: under a non-affine condition, a while loop or after a jump */
  char *why; /* the first such reason */
  bool jumped;
} Walk;

static Vec *copy_scope(Vec *loops) {
  Vec *v = NEW(Vec);
  for (int i = 0; i < loops->len; i++)
    vec_push(v, loops->items[i]);
  return v;
}

static PolyAccess *find_access(Poly *p, Expr *e) {
  for (int i = 0; i < p->accs.len; i++) {
    PolyAccess *a = p->accs.items[i];
    if (a->e == e || (a->red && !a->dom && ir_expr_equal(a->e, e)))
      return a;
  }
  return NULL;
}

LoopInfo *poly_loop_info(KernelInfo *ki, Loop *l) {
  for (int i = 0; i < ki->loops.len; i++) {
    LoopInfo *li = ki->loops.items[i];
    if (li->loop == l)
      return li;
  }
  return NULL;
}

/* The iterations of the loops in `scope` (the others' indices fixed at 0),
 * each loop's bounds read in its own scope. */
static isl_set *scope_dom(Poly *p, Vec *scope, bool *exact) {
  isl_set *dom = universe(p);
  *exact = true;
  for (int d = 0; d < p->ndims; d++) {
    LoopInfo *li = p->ki->loops.items[d];
    bool encl = false;
    for (int i = 0; i < scope->len && !encl; i++)
      encl = scope->items[i] == li;
    if (!encl) {
      dom = isl_set_fix_si(dom, isl_dim_set, (unsigned)d, 0);
      continue;
    }
    Vec *saved = p->scope;
    p->scope = p->scopes.items[d];
    bool ex;
    dom = isl_set_intersect(dom, loop_set(p, li, &ex));
    p->scope = saved;
    *exact &= ex;
  }
  return dom;
}

static void place_access(Walk *w, PolyAccess *a) {
  Poly *p = w->p;
  bool exact;
  isl_set *dom = scope_dom(p, &w->loops, &exact);
  a->scope = copy_scope(&w->loops);
  for (int i = 0; i < w->loops.len; i++)
    if (!((LoopInfo *)w->loops.items[i])->mapped)
      vec_push(&a->loops, w->loops.items[i]);
  for (int i = 0; i < w->conds.len; i++)
    dom = isl_set_intersect(dom, isl_set_copy(w->conds.items[i]));
  a->dom = dom;
  a->must = exact && w->may == 0;
  if (!a->must && !a->why)
    a->why = w->why ? xstrdup(w->why)
                    : xstrdup("the bounds of a loop around it are not affine expressions of "
                              "the loop indices and invariant integers");
}

static void walk_expr(Walk *w, Expr *e);

/* The elements a helper reaches through a pointer argument, at the call:
 * inside the helper's loops around the access (loops of the kernel at the
 * call, LoopInfo.site), "must" only when the helper makes it whenever it
 * runs them. */
static void place_helper_access(Walk *w, PolyAccess *a, Expr *call) {
  Poly *p = w->p;
  int depth = w->loops.len;
  Vec chain = {0}; /* innermost first */
  for (LoopInfo *li = a->acc->hloop; li; li = li->outer)
    vec_push(&chain, li);
  for (int i = chain.len - 1; i >= 0; i--) {
    LoopInfo *li = chain.items[i];
    if (!p->scopes.items[li->id])
      p->scopes.items[li->id] = copy_scope(&w->loops); /* where its bounds are read */
    vec_push(&w->loops, li);
  }
  xfree(chain.items);
  char *saved = w->why;
  int may = !a->acc->certain;
  w->may += may;
  if (may)
    w->why = xformat("the helper '%s' may skip it", call->text);
  place_access(w, a);
  w->why = saved;
  w->may -= may;
  w->loops.len = depth;
}

static void walk_may_expr(Walk *w, Expr *e, const char *why) {
  w->may++;
  if (!w->why)
    w->why = xstrdup(why);
  walk_expr(w, e);
  w->may--;
}

static void walk_expr(Walk *w, Expr *e) {
  if (!e)
    return;
  if (e->kind == EX_INDEX) {
    PolyAccess *a = find_access(w->p, e);
    if (a && !a->dom)
      place_access(w, a);
    Expr *x = e;
    while (x->kind == EX_INDEX) {
      walk_expr(w, x->b);
      x = x->a;
    }
    walk_expr(w, x);
    return;
  }
  if (e->kind == EX_CALL) {
    for (int i = 0; i < w->p->accs.len; i++) {
      PolyAccess *a = w->p->accs.items[i];
      if (a->acc && a->acc->site == e && !a->dom)
        place_helper_access(w, a, e);
    }
  }
  if (e->kind == EX_COND) {
    walk_expr(w, e->a);
    walk_may_expr(w, e->b, "it is evaluated only when a condition holds");
    walk_may_expr(w, e->c, "it is evaluated only when a condition fails");
    return;
  }
  if (e->kind == EX_BINARY && (e->op == OP_LAND || e->op == OP_LOR)) {
    walk_expr(w, e->a);
    walk_may_expr(w, e->b, "it is evaluated only when '&&' or '||' needs it");
    return;
  }
  walk_expr(w, e->a);
  walk_expr(w, e->b);
  walk_expr(w, e->c);
  for (int i = 0; i < e->nargs; i++)
    walk_expr(w, e->args[i]);
}

static void walk_stmt(Walk *w, Stmt *s);

static void walk_under(Walk *w, Stmt *s, Expr *cond, bool negate) {
  w->p->scope = &w->loops;
  isl_set *c = cond ? cond_set(w->p, cond, 0) : NULL;
  if (c && negate)
    c = isl_set_complement(c);
  if (c) {
    vec_push(&w->conds, c);
    walk_stmt(w, s);
    w->conds.len--;
    isl_set_free(c);
    return;
  }
  walk_may_expr(w, NULL, "it runs under a condition that depends on data");
  w->may++;
  walk_stmt(w, s);
  w->may--;
}

static void walk_stmt(Walk *w, Stmt *s) {
  if (!s)
    return;
  switch (s->kind) {
  case ST_EXPR:
  case ST_RETURN:
    walk_expr(w, s->e);
    break;
  case ST_DECL:
    walk_expr(w, s->init);
    break;
  case ST_IF:
    walk_expr(w, s->e);
    walk_under(w, s->then, s->e, false);
    if (s->els)
      walk_under(w, s->els, s->e, true);
    break;
  case ST_FOR: {
    walk_stmt(w, s->init_s);
    LoopInfo *li = s->loop ? poly_loop_info(w->p->ki, s->loop) : NULL;
    if (li) {
      walk_expr(w, s->loop->lb);
      walk_expr(w, s->loop->ub);
      w->p->scopes.items[li->id] = copy_scope(&w->loops); /* where its bounds are read */
      vec_push(&w->loops, li);
      walk_stmt(w, s->body);
      w->loops.len--;
    } else {
      walk_may_expr(w, s->e, "it is inside a loop that is not in canonical form");
      w->may++;
      walk_expr(w, s->inc);
      walk_stmt(w, s->body);
      w->may--;
    }
    break;
  }
  case ST_WHILE:
  case ST_DO:
    w->may++;
    if (!w->why)
      w->why = xstrdup("it is inside a while loop");
    walk_expr(w, s->e);
    walk_stmt(w, s->body);
    w->may--;
    break;
  case ST_BLOCK:
    for (int i = 0; i < s->nitems; i++)
      walk_stmt(w, s->items[i]);
    break;
  default:
    break;
  }
  if ((s->kind == ST_BREAK || s->kind == ST_CONTINUE || s->kind == ST_RETURN) && !w->jumped) {
    /* later accesses may be skipped: they are no longer certain */
    w->jumped = true;
    w->may++;
    if (!w->why)
      w->why = xstrdup("a 'continue', 'break' or 'return' before it may skip it");
  }
}

/* --- building ------------------------------------------------------------------ */

static bool mentions_delinearisable(Vec *terms) {
  for (int i = 0; i < terms->len; i++) {
    PTerm *t = terms->items[i];
    if (t->dim >= 0 && *t->mono)
      return true;
  }
  return false;
}

static void add_coord(PolyAccess *a, isl_pw_aff *pa, int pos, char *mono) {
  PolyCoord *c = NEW(PolyCoord);
  c->pa = pa;
  c->pos = pos;
  c->mono = mono;
  vec_push(&a->coords, c);
  if (!pa)
    a->exact = false;
}

static void not_affine(PolyAccess *a, const char *why) {
  if (!a->why)
    a->why = xstrdup(why);
}

/* Subscript position `pos` of every access of one buffer. */
static void build_position(Poly *p, Vec *accs, int pos) {
  int n = accs->len;
  isl_pw_aff **pas = xcalloc((size_t)n, sizeof(isl_pw_aff *));
  Vec *terms = xcalloc((size_t)n, sizeof *terms);
  bool *poly_ok = xcalloc((size_t)n, sizeof *poly_ok);
  bool need = false;
  for (int i = 0; i < n; i++) {
    PolyAccess *a = accs->items[i];
    Expr *sub = a->acc->subs[pos];
    p->scope = a->scope;
    pas[i] = expr_pa(p, sub, 0);
    poly_ok[i] = polyn(p, sub, &terms[i], 0);
    need |= !pas[i] && poly_ok[i] && mentions_delinearisable(&terms[i]);
  }
  if (!need) {
    for (int i = 0; i < n; i++) {
      PolyAccess *a = accs->items[i];
      if (!pas[i]) {
        char *t = print_expr_text(a->acc->subs[pos]);
        char *why = xformat("its subscript '%s' is not an affine expression of the loop "
                            "indices and invariant integers",
                            t);
        not_affine(a, why);
      }
      add_coord(a, pas[i], pos, NULL);
    }
    return;
  }
  /* every access must split over one chain of monomials 1 | M1 | M2 ... */
  Vec monos = {0};
  vec_push(&monos, xstrdup(""));
  bool ok = true;
  for (int i = 0; i < n && ok; i++) {
    ok = poly_ok[i];
    for (int j = 0; ok && j < terms[i].len; j++) {
      PTerm *t = terms[i].items[j];
      bool seen = false;
      for (int m = 0; m < monos.len && !seen; m++)
        seen = !strcmp(monos.items[m], t->mono);
      if (!seen)
        vec_push(&monos, t->mono);
    }
  }
  qsort(monos.items, (size_t)monos.len, sizeof(void *), cmp_mono);
  char **radix = xcalloc((size_t)monos.len, sizeof *radix);
  for (int m = 0; ok && m + 1 < monos.len; m++)
    ok = mono_divides(monos.items[m], monos.items[m + 1], &radix[m]) && *radix[m];
  const char *why = "its flattened subscript could not be split into one subscript per "
                    "dimension";
  char *range_why = NULL;
  isl_pw_aff ***parts = xcalloc((size_t)n, sizeof *parts);
  for (int i = 0; ok && i < n; i++) {
    PolyAccess *a = accs->items[i];
    parts[i] = xcalloc((size_t)monos.len, sizeof(isl_pw_aff *));
    p->scope = a->scope;
    for (int m = 0; m < monos.len; m++)
      parts[i][m] = poly_part(p, &terms[i], monos.items[m]);
    /* each lower part stays in [0, radix): distinct tuples, distinct elements */
    for (int m = 0; ok && m + 1 < monos.len; m++) {
      isl_pw_aff *r = pa_param(p, radix[m]);
      isl_set *in =
          isl_set_intersect(isl_pw_aff_ge_set(isl_pw_aff_copy(parts[i][m]), pa_const(p, 0)),
                            isl_pw_aff_lt_set(isl_pw_aff_copy(parts[i][m]), r));
      ok = isl_set_is_subset(a->dom, in) == isl_bool_true;
      isl_set_free(in);
      if (!ok) {
        char *t = print_expr_text(a->acc->subs[pos]);
        range_why = xformat("its flattened subscript '%s' could not be split into one "
                            "subscript per dimension: the part multiplied by %s%s%s is not "
                            "known to lie in [0, %s)",
                            t, *(char *)monos.items[m] ? "'" : "",
                            *(char *)monos.items[m] ? (char *)monos.items[m] : "1",
                            *(char *)monos.items[m] ? "'" : "", radix[m]);
      }
    }
  }
  for (int i = 0; i < n; i++) {
    PolyAccess *a = accs->items[i];
    isl_pw_aff_free(pas[i]);
    if (!ok) {
      not_affine(a, range_why ? range_why : why);
      add_coord(a, NULL, pos, NULL);
    } else {
      for (int m = monos.len - 1; m >= 0; m--)
        add_coord(a, parts[i][m], pos, monos.items[m]);
    }
    if (!ok && parts[i])
      for (int m = 0; m < monos.len; m++)
        isl_pw_aff_free(parts[i][m]);
  }
}

static void build_buffer(Poly *p, Vec *accs) {
  int nsubs = -1;
  for (int i = 0; i < accs->len; i++) {
    PolyAccess *a = accs->items[i];
    if (nsubs < 0 || a->acc->nsubs < nsubs)
      nsubs = a->acc->nsubs;
  }
  for (int pos = 0; pos < nsubs; pos++)
    build_position(p, accs, pos);
}

Poly *poly_build(KernelInfo *ki) {
  Poly *p = NEW(Poly);
  p->ki = ki;
  p->ctx = isl_ctx_alloc();
  isl_options_set_on_error(p->ctx, ISL_ON_ERROR_CONTINUE);
  p->ndims = ki->loops.len;
  p->space = isl_space_set_alloc(p->ctx, 0, (unsigned)p->ndims);
  Kernel *k = ki->k;
  for (int b = 0; b < k->buffers.len; b++) {
    Buffer *buf = k->buffers.items[b];
    for (int i = 0; i < buf->accesses.len; i++) {
      PolyAccess *a = NEW(PolyAccess);
      a->acc = buf->accesses.items[i];
      a->buf = buf;
      a->e = a->acc->e;
      a->write = a->acc->write;
      a->exact = true;
      vec_push(&p->accs, a);
    }
  }
  /* an element reduced into: written by every work-item that updates it */
  for (int r = 0; r < k->reductions.len; r++) {
    Reduction *red = k->reductions.items[r];
    Buffer *buf = red->elem ? kernel_buffer(k, red->array) : NULL;
    if (!buf)
      continue; /* no other access of the array: nothing to meet */
    Access *acc = NEW(Access);
    acc->e = red->path;
    for (Expr *x = red->path; x->kind == EX_INDEX; x = x->a)
      acc->nsubs++;
    acc->subs = xcalloc((size_t)acc->nsubs, sizeof(Expr *));
    int d = acc->nsubs;
    for (Expr *x = red->path; x->kind == EX_INDEX; x = x->a)
      acc->subs[--d] = x->b;
    acc->write = acc->read = true;
    PolyAccess *a = NEW(PolyAccess);
    a->acc = acc;
    a->buf = buf;
    a->e = red->path;
    a->write = true;
    a->exact = true;
    a->red = red;
    vec_push(&p->accs, a);
  }
  Walk w = {.p = p};
  for (int d = 0; d < p->ndims; d++) {
    LoopInfo *li = ki->loops.items[d];
    vec_push(&p->scopes, li->mapped ? copy_scope(&w.loops) : NULL);
    if (li->mapped)
      vec_push(&w.loops, li);
  }
  walk_stmt(&w, k->body);
  for (int d = 0; d < p->ndims; d++)
    if (!p->scopes.items[d]) /* a loop the walk did not reach */
      p->scopes.items[d] = copy_scope(&w.loops);
  for (int i = 0; i < p->accs.len; i++) {
    PolyAccess *a = p->accs.items[i];
    if (!a->dom) { /* not reached by the walk (a loop bound): anywhere */
      a->dom = universe(p);
      a->scope = copy_scope(&w.loops);
      a->must = false;
      not_affine(a, "it is not inside the loop body");
    }
  }
  for (int b = 0; b < k->buffers.len; b++) {
    Vec accs = {0};
    for (int i = 0; i < p->accs.len; i++) {
      PolyAccess *a = p->accs.items[i];
      if (a->buf == k->buffers.items[b])
        vec_push(&accs, a);
    }
    build_buffer(p, &accs);
  }
  return p;
}

void poly_free(Poly *p) {
  if (!p)
    return;
  for (int i = 0; i < p->accs.len; i++) {
    PolyAccess *a = p->accs.items[i];
    isl_set_free(a->dom);
    for (int c = 0; c < a->coords.len; c++)
      isl_pw_aff_free(((PolyCoord *)a->coords.items[c])->pa);
  }
  isl_space_free(p->space);
  isl_ctx_free(p->ctx);
}

/* --- pairs of iterations -------------------------------------------------- */

isl_set *poly_pair_dom(Poly *p, PolyAccess *a, bool second) {
  unsigned n = (unsigned)p->ndims;
  return isl_set_insert_dims(isl_set_copy(a->dom), isl_dim_set, second ? 0 : n, n);
}

static isl_pw_aff *pair_pa(Poly *p, isl_pw_aff *c, bool second) {
  unsigned n = (unsigned)p->ndims;
  return isl_pw_aff_insert_dims(isl_pw_aff_copy(c), isl_dim_in, second ? 0 : n, n);
}

isl_pw_aff *poly_pair_var(Poly *p, int dim, bool second) {
  isl_space *sp = isl_space_set_alloc(p->ctx, 0, 2 * (unsigned)p->ndims);
  return isl_pw_aff_var_on_domain(isl_local_space_from_space(sp), isl_dim_set,
                                  (unsigned)(dim + (second ? p->ndims : 0)));
}

isl_set *poly_pair_conflict(Poly *p, PolyAccess *x, PolyAccess *y) {
  isl_set *s = isl_set_intersect(poly_pair_dom(p, x, false), poly_pair_dom(p, y, true));
  int n = x->coords.len < y->coords.len ? x->coords.len : y->coords.len;
  for (int c = 0; c < n; c++) {
    PolyCoord *a = x->coords.items[c], *b = y->coords.items[c];
    if (!a->pa || !b->pa)
      continue;
    s = isl_set_intersect(s, isl_pw_aff_eq_set(pair_pa(p, a->pa, false), pair_pa(p, b->pa, true)));
  }
  return s;
}

bool poly_coords_use_params(PolyAccess *a) {
  for (int c = 0; c < a->coords.len; c++) {
    PolyCoord *pc = a->coords.items[c];
    if (pc->pa && isl_pw_aff_dim(pc->pa, isl_dim_param) > 0 &&
        isl_pw_aff_involves_dims(pc->pa, isl_dim_param, 0,
                                 (unsigned)isl_pw_aff_dim(pc->pa, isl_dim_param)) == isl_bool_true)
      return true;
  }
  return false;
}

static long long coord_of(isl_point *pt, enum isl_dim_type t, int pos) {
  isl_val *v = isl_point_get_coordinate_val(pt, t, pos);
  long long r = v ? isl_val_get_num_si(v) : 0;
  isl_val_free(v);
  return r;
}

/* The lexicographically first point with parameters >= 0 when there is one,
 * else any point, all coordinates kept within a box so lexmin is bounded. */
static isl_point *small_point(isl_set *s, int np) {
  int nd = (int)isl_set_dim(s, isl_dim_set);
  isl_set *t = isl_set_move_dims(isl_set_copy(s), isl_dim_set, 0, isl_dim_param, 0, (unsigned)np);
  for (int d = 0; d < np + nd; d++) {
    t = isl_set_lower_bound_si(t, isl_dim_set, (unsigned)d, -1000000);
    t = isl_set_upper_bound_si(t, isl_dim_set, (unsigned)d, 1000000);
  }
  for (int pass = 0; pass < 2; pass++) {
    isl_set *u = isl_set_copy(t);
    for (int d = 0; pass == 0 && d < np; d++)
      u = isl_set_lower_bound_si(u, isl_dim_set, (unsigned)d, 0);
    if (isl_set_is_empty(u) == isl_bool_false) {
      isl_set_free(t);
      return isl_set_sample_point(isl_set_lexmin(u));
    }
    isl_set_free(u);
  }
  isl_set_free(t);
  return NULL;
}

bool poly_example(Poly *p, isl_set *s, PolyAccess *x, PolyExample *ex) {
  int np = (int)isl_set_dim(s, isl_dim_param);
  isl_point *pt = small_point(s, np);
  if (!pt || isl_point_is_void(pt)) {
    isl_point_free(pt);
    return false;
  }
  memset(ex, 0, sizeof *ex);
  ex->vals = xcalloc((size_t)(2 * p->ndims) + 1, sizeof(long long));
  ex->pvals = xcalloc((size_t)np + 1, sizeof(long long));
  isl_set *fixed = isl_set_copy(s);
  for (int k = 0; k < np; k++) {
    ex->pvals[k] = coord_of(pt, isl_dim_set, k);
    vec_push(&ex->pnames, xstrdup(isl_set_get_dim_name(s, isl_dim_param, (unsigned)k)));
    fixed = isl_set_fix_si(fixed, isl_dim_param, (unsigned)k, (int)ex->pvals[k]);
  }
  for (int d = 0; d < 2 * p->ndims; d++) {
    ex->vals[d] = coord_of(pt, isl_dim_set, np + d);
    fixed = isl_set_fix_si(fixed, isl_dim_set, (unsigned)d, (int)ex->vals[d]);
  }
  isl_point_free(pt);
  isl_point *at = isl_set_sample_point(fixed);
  ex->elem = xcalloc((size_t)x->coords.len + 1, sizeof(long long));
  for (int c = 0; c < x->coords.len; c++) {
    PolyCoord *pc = x->coords.items[c];
    if (!pc->pa || !at || isl_point_is_void(at))
      continue;
    isl_pw_aff *f = isl_pw_aff_align_params(pair_pa(p, pc->pa, false), isl_point_get_space(at));
    isl_val *v = isl_pw_aff_eval(f, isl_point_copy(at));
    ex->elem[c] = v && isl_val_is_int(v) ? isl_val_get_num_si(v) : 0;
    isl_val_free(v);
  }
  isl_point_free(at);
  return true;
}
