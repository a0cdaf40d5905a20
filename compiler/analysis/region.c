/* region.c — the part of each buffer a kernel touches, from isl.
 * Receives a kernel whose accesses poly.c turned into sets; hands on, per
 * buffer, the smallest and largest first subscript over every access and
 * every iteration that may run it, as IR expressions of the stub's values
 * (isl's AST builder writes them; host.c prints them).  Exact for affine
 * subscripts over affine bounds (triangular nests copy their triangle's
 * rows, not the whole array); the interval bounds of extent.c remain the
 * fallback for the rest. */
#include "poly.h"

#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/constraint.h>
#include <isl/id.h>
#include <isl/local_space.h>
#include <isl/map.h>
#include <isl/space.h>
#include <isl/val.h>
#include <string.h>

/* Shared by the expressions it types and never written: a constant, not
 * compilation state. */
static Type long_type = {TY_LONG, NULL, 0, "long long", "long long", NULL};

static Expr *mk(ExprKind k) {
  Expr *e = NEW(Expr);
  e->kind = k;
  e->type = &long_type;
  return e;
}

static Expr *mk_bin(Op op, Expr *a, Expr *b) {
  if (!a || !b)
    return NULL;
  Expr *e = mk(EX_BINARY);
  e->op = op;
  e->a = a;
  e->b = b;
  return e;
}

static Expr *mk_call(const char *name, Expr *a, Expr *b) {
  if (!a || !b)
    return NULL;
  Expr *e = mk(EX_CALL);
  e->text = xstrdup(name);
  e->nargs = 2;
  e->args = xcalloc(2, sizeof(Expr *));
  e->args[0] = a;
  e->args[1] = b;
  return e;
}

static Expr *mk_name(const char *name) {
  Var *v = NEW(Var);
  v->name = xstrdup(name);
  v->type = &long_type;
  Expr *e = mk(EX_VAR);
  e->var = v;
  Expr *c = mk(EX_CAST); /* unsigned values join signed arithmetic */
  c->a = e;
  return c;
}

/* A parameter: one value of the stub, or a product of them ("m*n"). */
static Expr *mono_expr(const char *mono) {
  Expr *r = NULL;
  char *copy = xstrdup(mono);
  for (char *f = strtok(copy, "*"); f; f = strtok(NULL, "*"))
    r = r ? mk_bin(OP_MUL, r, mk_name(f)) : mk_name(f);
  if (!r) {
    r = mk(EX_INT);
    r->ival = 1;
  }
  return r;
}

static Expr *ast_expr(isl_ast_expr *a);

static Expr *ast_arg(isl_ast_expr *a, int i) {
  isl_ast_expr *x = isl_ast_expr_op_get_arg(a, i);
  Expr *r = ast_expr(x);
  isl_ast_expr_free(x);
  return r;
}

/* floor(x / d) for d > 0, from C's truncating division. */
static Expr *floor_div(Expr *x, Expr *d) {
  if (!x || !d)
    return NULL;
  Expr *e = mk(EX_COND);
  Expr *zero = mk(EX_INT);
  e->a = mk_bin(OP_LT, x, zero);
  Expr *neg = mk(EX_UNARY);
  neg->op = OP_NEG;
  Expr *negx = mk(EX_UNARY);
  negx->op = OP_NEG;
  negx->a = x;
  Expr *one = mk(EX_INT);
  one->ival = 1;
  neg->a = mk_bin(OP_DIV, mk_bin(OP_SUB, mk_bin(OP_ADD, negx, d), one), d);
  e->b = neg;
  e->c = mk_bin(OP_DIV, x, d);
  return e;
}

static Expr *ast_op(isl_ast_expr *a) {
  int n = (int)isl_ast_expr_op_get_n_arg(a);
  Expr *r;
  switch (isl_ast_expr_op_get_type(a)) {
  case isl_ast_expr_op_max:
  case isl_ast_expr_op_min: {
    const char *f = isl_ast_expr_op_get_type(a) == isl_ast_expr_op_max ? "nurt_max" : "nurt_min";
    r = ast_arg(a, 0);
    for (int i = 1; i < n; i++)
      r = mk_call(f, r, ast_arg(a, i));
    return r;
  }
  case isl_ast_expr_op_minus: {
    Expr *x = ast_arg(a, 0);
    if (!x)
      return NULL;
    r = mk(EX_UNARY);
    r->op = OP_NEG;
    r->a = x;
    return r;
  }
  case isl_ast_expr_op_add:
    return mk_bin(OP_ADD, ast_arg(a, 0), ast_arg(a, 1));
  case isl_ast_expr_op_sub:
    return mk_bin(OP_SUB, ast_arg(a, 0), ast_arg(a, 1));
  case isl_ast_expr_op_mul:
    return mk_bin(OP_MUL, ast_arg(a, 0), ast_arg(a, 1));
  case isl_ast_expr_op_div:
  case isl_ast_expr_op_pdiv_q:
    return mk_bin(OP_DIV, ast_arg(a, 0), ast_arg(a, 1));
  case isl_ast_expr_op_fdiv_q:
    return floor_div(ast_arg(a, 0), ast_arg(a, 1));
  case isl_ast_expr_op_pdiv_r:
  case isl_ast_expr_op_zdiv_r:
    return mk_bin(OP_MOD, ast_arg(a, 0), ast_arg(a, 1));
  case isl_ast_expr_op_and:
  case isl_ast_expr_op_and_then:
    return mk_bin(OP_LAND, ast_arg(a, 0), ast_arg(a, 1));
  case isl_ast_expr_op_or:
  case isl_ast_expr_op_or_else:
    return mk_bin(OP_LOR, ast_arg(a, 0), ast_arg(a, 1));
  case isl_ast_expr_op_eq:
    return mk_bin(OP_EQ, ast_arg(a, 0), ast_arg(a, 1));
  case isl_ast_expr_op_le:
    return mk_bin(OP_LE, ast_arg(a, 0), ast_arg(a, 1));
  case isl_ast_expr_op_lt:
    return mk_bin(OP_LT, ast_arg(a, 0), ast_arg(a, 1));
  case isl_ast_expr_op_ge:
    return mk_bin(OP_GE, ast_arg(a, 0), ast_arg(a, 1));
  case isl_ast_expr_op_gt:
    return mk_bin(OP_GT, ast_arg(a, 0), ast_arg(a, 1));
  case isl_ast_expr_op_cond:
  case isl_ast_expr_op_select: {
    Expr *c = ast_arg(a, 0), *x = ast_arg(a, 1), *y = ast_arg(a, 2);
    if (!c || !x || !y)
      return NULL;
    r = mk(EX_COND);
    r->a = c;
    r->b = x;
    r->c = y;
    return r;
  }
  default:
    return NULL;
  }
}

static Expr *ast_expr(isl_ast_expr *a) {
  switch (isl_ast_expr_get_type(a)) {
  case isl_ast_expr_int: {
    isl_val *v = isl_ast_expr_get_val(a);
    Expr *e = mk(EX_INT);
    e->ival = isl_val_get_num_si(v);
    isl_val_free(v);
    return e;
  }
  case isl_ast_expr_id: {
    isl_id *id = isl_ast_expr_get_id(a);
    Expr *e = mono_expr(isl_id_get_name(id));
    isl_id_free(id);
    return e;
  }
  case isl_ast_expr_op:
    return ast_op(a);
  default:
    return NULL;
  }
}

/* A piecewise bound as an expression valid for every parameter value: where
 * no iteration touches the buffer, `empty` (so that hi < lo). */
static Expr *bound_expr(isl_pw_aff *pa, isl_ctx *ctx, long long empty) {
  isl_set *dom = isl_pw_aff_domain(isl_pw_aff_copy(pa));
  isl_set *rest = isl_set_complement(dom);
  if (isl_set_is_empty(rest) == isl_bool_false)
    pa = isl_pw_aff_union_add(pa, isl_pw_aff_val_on_domain(rest, isl_val_int_from_si(ctx, empty)));
  else
    isl_set_free(rest);
  pa = isl_pw_aff_coalesce(pa);
  isl_ast_build *b = isl_ast_build_from_context(isl_set_universe(isl_pw_aff_get_domain_space(pa)));
  isl_ast_expr *a = isl_ast_build_expr_from_pw_aff(b, pa);
  Expr *e = a ? ast_expr(a) : NULL;
  isl_ast_expr_free(a);
  isl_ast_build_free(b);
  return e;
}

/* The smallest or largest value of coordinate c over all accesses. */
static isl_pw_aff *coord_bound(Poly *p, Vec *accs, int c, bool hi) {
  isl_set *img = NULL;
  for (int i = 0; i < accs->len; i++) {
    PolyAccess *a = accs->items[i];
    PolyCoord *pc = a->coords.items[c];
    isl_map *m = isl_map_from_pw_aff(isl_pw_aff_copy(pc->pa));
    m = isl_map_intersect_domain(m, isl_set_copy(a->dom));
    isl_set *r = isl_map_range(m);
    img = img ? isl_set_union(img, r) : r;
  }
  (void)p;
  bool bounded = hi ? isl_set_dim_has_upper_bound(img, isl_dim_set, 0) == isl_bool_true
                    : isl_set_dim_has_lower_bound(img, isl_dim_set, 0) == isl_bool_true;
  if (!bounded) {
    isl_set_free(img);
    return NULL;
  }
  isl_pw_aff *r = hi ? isl_set_dim_max(img, 0) : isl_set_dim_min(img, 0);
  if (r && isl_pw_aff_involves_nan(r) == isl_bool_true) {
    isl_pw_aff_free(r);
    return NULL;
  }
  return r;
}

/* Sum over the coordinates of the first subscript of bound * monomial. */
static Expr *first_bound(Poly *p, Vec *accs, bool hi) {
  PolyAccess *a0 = accs->items[0];
  Expr *sum = NULL;
  for (int c = 0; c < a0->coords.len; c++) {
    PolyCoord *pc = a0->coords.items[c];
    if (pc->pos != 0)
      break;
    for (int i = 0; i < accs->len; i++) {
      PolyAccess *a = accs->items[i];
      if (a->coords.len <= c || !((PolyCoord *)a->coords.items[c])->pa)
        return NULL;
    }
    isl_pw_aff *b = coord_bound(p, accs, c, hi);
    if (!b)
      return NULL;
    Expr *e = bound_expr(b, p->ctx, hi ? -1 : 0);
    if (!e)
      return NULL;
    if (pc->mono && *pc->mono)
      e = mk_bin(OP_MUL, e, mono_expr(pc->mono));
    sum = sum ? mk_bin(OP_ADD, sum, e) : e;
  }
  return sum;
}

/* Each access's domain narrowed to the iterations whose outermost mapped
 * index (set dimension 0) lies in [nu_plo, nu_phi]: two parameters the
 * stub sets per part of a split launch.  Returns the old domains, for
 * part_restore. */
static isl_set **part_narrow(Vec *accs) {
  isl_set **old = xcalloc((size_t)accs->len, sizeof(isl_set *));
  for (int i = 0; i < accs->len; i++) {
    PolyAccess *a = accs->items[i];
    old[i] = a->dom;
    isl_set *d = isl_set_copy(a->dom);
    isl_size np = isl_set_dim(d, isl_dim_param);
    d = isl_set_add_dims(d, isl_dim_param, 2);
    d = isl_set_set_dim_name(d, isl_dim_param, (unsigned)np, "nu_plo");
    d = isl_set_set_dim_name(d, isl_dim_param, (unsigned)np + 1, "nu_phi");
    isl_local_space *ls = isl_local_space_from_space(isl_set_get_space(d));
    isl_constraint *c = isl_constraint_alloc_inequality(isl_local_space_copy(ls));
    c = isl_constraint_set_coefficient_si(c, isl_dim_set, 0, 1);
    c = isl_constraint_set_coefficient_si(c, isl_dim_param, (int)np, -1);
    d = isl_set_add_constraint(d, c);
    c = isl_constraint_alloc_inequality(ls);
    c = isl_constraint_set_coefficient_si(c, isl_dim_set, 0, -1);
    c = isl_constraint_set_coefficient_si(c, isl_dim_param, (int)np + 1, 1);
    a->dom = isl_set_add_constraint(d, c);
  }
  return old;
}

static void part_restore(Vec *accs, isl_set **old) {
  for (int i = 0; i < accs->len; i++) {
    PolyAccess *a = accs->items[i];
    isl_set_free(a->dom);
    a->dom = old[i];
  }
  xfree(old);
}

enum { PART_OPERATIONS = 200000 };

/* A bounded stretch of isl work on the kernel's context: quota_end says
 * whether it ran past the bound (its results are then not to be used). */
static void quota_begin(isl_ctx *ctx, unsigned long ops) {
  isl_ctx_reset_operations(ctx);
  isl_ctx_set_max_operations(ctx, ops);
  isl_ctx_reset_error(ctx);
}

static bool quota_end(isl_ctx *ctx) {
  isl_ctx_set_max_operations(ctx, 0);
  bool hit = isl_ctx_last_error(ctx) == isl_error_quota;
  isl_ctx_reset_error(ctx);
  return hit;
}

/* The first-subscript bounds of one part of a split launch (Buffer.part_lo
 * and the rest): only where set dimension 0 is the outermost mapped loop. */
static void part_bounds(Poly *p, Buffer *buf, Vec *accs, Vec *writes) {
  KernelInfo *ki = p->ki;
  LoopInfo *l0 = ki->loops.len ? ki->loops.items[0] : NULL;
  if (!l0 || !l0->mapped || l0->loop != ki->k->mapped[0] || p->ndims < 1)
    return;
  /* launches that never split (emit_split_refusal): a wavefront's or a
   * time tile's bounds of the parts cost half of seidel-2d's translation */
  if (ki->k->sweep || ki->k->ttile || ki->k->caches.len)
    return;
  /* Two more parameters can make isl's bounds costly: `a[(i + k) % m]`
   * under `inline` took 27 s.  Bounded; past the bound the buffer's rows
   * per part are not known and the launch stays on one device. */
  quota_begin(p->ctx, PART_OPERATIONS);
  isl_set **old = part_narrow(accs);
  Expr *lo = first_bound(p, accs, false), *hi = lo ? first_bound(p, accs, true) : NULL;
  Expr *wlo = NULL, *whi = NULL;
  if (writes->len) {
    wlo = first_bound(p, writes, false);
    whi = wlo ? first_bound(p, writes, true) : NULL;
  }
  part_restore(accs, old);
  if (quota_end(p->ctx) || !lo || !hi || (writes->len && (!wlo || !whi)))
    return;
  buf->part_lo = lo;
  buf->part_hi = hi;
  buf->part_wlo = wlo;
  buf->part_whi = whi;
}

enum { WORK_OPERATIONS = 100000 };

/* The box of one iteration domain: per loop, its smallest and largest
 * index, as expressions of the stub's values (empty: lo 0, hi -1). */
static bool work_box(Poly *p, isl_set *dom, WorkTerm *t) {
  isl_size ndims = isl_set_dim(dom, isl_dim_set);
  for (int d = 0; d < ndims; d++) {
    if (isl_set_dim_has_lower_bound(dom, isl_dim_set, (unsigned)d) != isl_bool_true ||
        isl_set_dim_has_upper_bound(dom, isl_dim_set, (unsigned)d) != isl_bool_true)
      return false;
    isl_pw_aff *lo = isl_set_dim_min(isl_set_copy(dom), d);
    isl_pw_aff *hi = isl_set_dim_max(isl_set_copy(dom), d);
    if (!lo || !hi || isl_pw_aff_involves_nan(lo) != isl_bool_false ||
        isl_pw_aff_involves_nan(hi) != isl_bool_false) {
      isl_pw_aff_free(lo);
      isl_pw_aff_free(hi);
      return false;
    }
    Expr *l = bound_expr(lo, p->ctx, 0), *h = bound_expr(hi, p->ctx, -1);
    if (!l || !h)
      return false;
    vec_push(&t->lo, l);
    vec_push(&t->hi, h);
  }
  return true;
}

/* Whether s runs a loop the estimate cannot count: a while or do loop, or a
 * for loop that is not one of the kernel's canonical loops (ki NULL: any
 * loop, for the functions the body calls).  Mandelbrot's escape loop,
 * counted as one pass, let the host run a nest predicted at 7 ms for 1 s. */
static bool uncounted_loop(KernelInfo *ki, Stmt *s) {
  if (!s)
    return false;
  if (s->kind == ST_WHILE || s->kind == ST_DO ||
      (s->kind == ST_FOR && (!ki || !s->loop || !poly_loop_info(ki, s->loop))))
    return true;
  if (uncounted_loop(ki, s->init_s) || uncounted_loop(ki, s->then) || uncounted_loop(ki, s->els) ||
      uncounted_loop(ki, s->body))
    return true;
  for (int i = 0; i < s->nitems; i++)
    if (uncounted_loop(ki, s->items[i]))
      return true;
  return false;
}

/* A time tile's kernel runs one tile of steps (t from tt), a wavefront's
 * one hyperplane (w): the host's loop around the launches names it, and the
 * kernel's domain has it as a parameter.  The site's work is that of every
 * value.  A time tile's steps cover the time loop: tt projected out, from
 * the loop's first step (a constant, else not counted: NULL).  A
 * hyperplane's index is a loop of its own: w becomes a dimension of the box,
 * which then counts every hyperplane's box, an upper bound. */
static isl_set *whole_site(Kernel *k, isl_set *dom) {
  dom = isl_set_copy(dom);
  if (k->ttile) {
    Loop *t = k->nest->depth ? k->nest->loops[0] : NULL;
    Expr *tt = k->ttile->time ? k->ttile->time->lb : NULL;
    int pos = tt && tt->kind == EX_VAR && tt->var
                  ? isl_set_find_dim_by_name(dom, isl_dim_param, tt->var->name)
                  : -1;
    if (!t || !t->lb || t->lb->kind != EX_INT || pos < 0) {
      isl_set_free(dom);
      return NULL;
    }
    dom = isl_set_lower_bound_val(dom, isl_dim_param, (unsigned)pos,
                                  isl_val_int_from_si(isl_set_get_ctx(dom), t->lb->ival));
    return isl_set_project_out(dom, isl_dim_param, (unsigned)pos, 1);
  }
  int pos = k->sweep && k->sweep->var
                ? isl_set_find_dim_by_name(dom, isl_dim_param, k->sweep->var->name)
                : -1;
  if (pos < 0)
    return dom;
  isl_size n = isl_set_dim(dom, isl_dim_set);
  return n < 0 ? isl_set_free(dom)
               : isl_set_move_dims(dom, isl_dim_set, (unsigned)n, isl_dim_param, (unsigned)pos, 1);
}

/* The operations of the body as written: calls (math functions) count 8. */
static void count_ops(Expr *e, void *ctx) {
  long long *n = ctx;
  if (e->kind == EX_BINARY || e->kind == EX_UNARY || e->kind == EX_COND)
    *n += 1;
  else if (e->kind == EX_CALL)
    *n += 8;
}

/* How much the nest does, for nurt's choice of running a bare `work`'s
 * small nests on the host (NU_HOST_FIRST): every access counted over the
 * box of its iterations, times the body's operations per access (1 + ops /
 * accesses, so that an IIR filter's dense arithmetic weighs more than a
 * matrix-vector product's one multiply-add per element).  An upper bound
 * where a domain is not a box (a triangle counts as its square), which errs
 * towards the device. */
static void work_estimate(Poly *p, Kernel *k) {
  long long ops = 0;
  if (k->body)
    ir_walk_stmt(k->body, count_ops, &ops);
  k->work_density = p->accs.len ? 1.0 + (double)ops / p->accs.len : 1.0;
  k->work.len = 0; /* a time tile analyses its kernel again */
  quota_begin(p->ctx, WORK_OPERATIONS);
  Vec doms = {0}; /* isl_set*, one per term */
  bool ok = p->accs.len > 0 && !uncounted_loop(p->ki, k->body);
  for (int i = 0; ok && i < k->funcs.len; i++)
    ok = !uncounted_loop(NULL, ((Func *)k->funcs.items[i])->body);
  for (int i = 0; i < p->accs.len && ok; i++) {
    PolyAccess *a = p->accs.items[i];
    if (!a->dom) {
      ok = false;
      break;
    }
    int t = 0;
    while (t < doms.len && isl_set_plain_is_equal(doms.items[t], a->dom) != isl_bool_true)
      t++;
    if (t < doms.len) {
      ((WorkTerm *)k->work.items[t])->count++;
      continue;
    }
    WorkTerm *w = NEW(WorkTerm);
    w->count = 1;
    vec_push(&k->work, w);
    vec_push(&doms, a->dom);
    isl_set *whole = whole_site(k, a->dom);
    ok = whole && work_box(p, whole, w);
    isl_set_free(whole);
  }
  if (quota_end(p->ctx))
    ok = false;
  xfree(doms.items);
  k->work_known = ok;
  if (!ok)
    k->work.len = 0;
}

void region_analyse(KernelInfo *ki, bool launch) {
  Kernel *k = ki->k;
  if (!k->buffers.len)
    return;
  Poly *p = poly_build(ki);
  if (launch)
    work_estimate(p, k);
  for (int b = 0; b < k->buffers.len; b++) {
    Buffer *buf = k->buffers.items[b];
    Vec accs = {0};
    for (int i = 0; i < p->accs.len; i++) {
      PolyAccess *a = p->accs.items[i];
      if (a->buf == buf)
        vec_push(&accs, a);
    }
    if (!accs.len)
      continue;
    Expr *lo = first_bound(p, &accs, false), *hi = lo ? first_bound(p, &accs, true) : NULL;
    if (lo && hi) {
      buf->first_lo = lo;
      buf->first_hi = hi;
    }
    if (!launch) {
      xfree(accs.items);
      continue;
    }
    /* the rows the launch leaves device-fresh: a domain may hold
     * iterations that skip the write (a condition isl cannot express), so
     * the range only grows, never misses a written row */
    Vec writes = {0};
    for (int i = 0; i < accs.len; i++)
      if (((PolyAccess *)accs.items[i])->write)
        vec_push(&writes, accs.items[i]);
    if (writes.len) {
      Expr *wlo = first_bound(p, &writes, false), *whi = wlo ? first_bound(p, &writes, true) : NULL;
      if (wlo && whi) {
        buf->write_lo = wlo;
        buf->write_hi = whi;
      }
    }
    part_bounds(p, buf, &accs, &writes);
    xfree(writes.items);
    xfree(accs.items);
  }
  poly_free(p);
}
