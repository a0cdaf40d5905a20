/* frontend_induction.c — a `for` whose header declares an auxiliary
 * induction variable beside its index (`for (int off = M * b, ii = 0;
 * ii < n; ii++, off++)`), made canonical.  Receives the header's
 * declarations and the loop as conv_for built them (not canonical: two
 * increments); hands on a canonical loop over the index whose body reads
 * each auxiliary variable as its value in that iteration (off + ii), so that
 * the dependence test decides a write through it exactly; NULL when the
 * header is not of that shape. */
#include "frontend_clang.h"
#include "transform.h"

typedef struct Step {
  Var *var;
  long long by; /* a constant amount */
  Expr *amount; /* the index's amount, which need only be invariant */
} Step;

/* v++, v--, v += c, v -= c: fills st; false for anything else. */
static bool read_step(Expr *e, Step *st) {
  if (!e || !e->a || e->a->kind != EX_VAR)
    return false;
  *st = (Step){.var = e->a->var};
  if (e->kind == EX_UNARY && (e->op == OP_PREINC || e->op == OP_POSTINC))
    st->by = 1;
  else if (e->kind == EX_UNARY && (e->op == OP_PREDEC || e->op == OP_POSTDEC))
    st->by = -1;
  else if (e->kind == EX_BINARY && (e->op == OP_ADD_ASSIGN || e->op == OP_SUB_ASSIGN)) {
    st->amount =
        e->op == OP_ADD_ASSIGN ? e->b : ir_binary(OP_SUB, ir_int(0, e->loc), e->b, e->b->type);
    if (e->b->kind != EX_INT)
      return true; /* by 0: only the index may step by a non-constant */
    st->by = e->op == OP_ADD_ASSIGN ? e->b->ival : -e->b->ival;
  } else
    return false;
  if (!st->amount)
    st->amount = ir_int(st->by, e->loc);
  return true;
}

static void flatten_commas(Expr *e, Vec *out) {
  if (e && e->kind == EX_BINARY && e->op == OP_COMMA) {
    flatten_commas(e->a, out);
    flatten_commas(e->b, out);
  } else if (e) {
    vec_push(out, e);
  }
}

typedef struct Touch {
  Vec vars; /* Var*: assigned or address taken */
} Touch;

static void touched(Expr *e, void *d) {
  Touch *t = d;
  if (((e->kind == EX_BINARY || e->kind == EX_UNARY) && op_is_assign(e->op)) ||
      (e->kind == EX_UNARY && e->op == OP_ADDR)) {
    if (e->a->kind == EX_VAR)
      vec_push(&t->vars, e->a->var);
  }
}

static Stmt *decl_of(Vec *items, const Var *v) {
  for (int i = 0; i < items->len; i++) {
    Stmt *d = items->items[i];
    if (d->kind == ST_DECL && d->var == v)
      return d;
  }
  return NULL;
}

static bool plain(Expr *e, Touch *t) {
  if (!e || ir_expr_may_read_memory(e))
    return false;
  for (int i = 0; i < t->vars.len; i++)
    if (ir_expr_uses_var(e, t->vars.items[i]))
      return false;
  return true;
}

Stmt *conv_aux_inductions(Vec *items, Stmt *s) {
  Expr *cond = s->e;
  if (!cond || cond->kind != EX_BINARY || cond->a->kind != EX_VAR || s->body == NULL)
    return NULL;
  Rel rel;
  switch (cond->op) {
  case OP_LT:
    rel = REL_LT;
    break;
  case OP_LE:
    rel = REL_LE;
    break;
  case OP_GT:
    rel = REL_GT;
    break;
  case OP_GE:
    rel = REL_GE;
    break;
  case OP_NE:
    rel = REL_NE;
    break;
  default:
    return NULL;
  }
  Var *x = cond->a->var;
  Stmt *xd = decl_of(items, x);
  if (!xd || !xd->init || !type_is_integer(x->type))
    return NULL;
  Vec incs = {0};
  flatten_commas(s->inc, &incs);
  Step *steps = xcalloc((size_t)incs.len + 1, sizeof(Step));
  Step *xs = NULL;
  Touch body = {0};
  ir_walk_stmt(s->body, touched, &body);
  Stmt *out = NULL;
  Vec gone = {0}; /* Stmt*: declarations the loop does not need */
  for (int i = 0; i < incs.len; i++) {
    if (!read_step(incs.items[i], &steps[i]) || !decl_of(items, steps[i].var) ||
        vec_contains(&body.vars, steps[i].var) || !type_is_integer(steps[i].var->type))
      goto done;
    for (int j = 0; j < i; j++)
      if (steps[j].var == steps[i].var)
        goto done;
    if (steps[i].var == x)
      xs = &steps[i];
  }
  if (!xs || incs.len < 2 || (rel == REL_NE && xs->by != 1 && xs->by != -1))
    goto done;
  /* the index's bound and step, and where it starts, stay as they were */
  Touch moving = body;
  for (int i = 0; i < incs.len; i++)
    vec_push(&moving.vars, steps[i].var);
  if (!plain(cond->b, &moving) || !plain(xs->amount, &moving) || !plain(xd->init, &moving))
    goto done;
  Subst sub = {0};
  vec_push(&gone, xd); /* the index's is the loop's now */
  for (int i = 0; i < incs.len; i++) {
    Step *st = &steps[i];
    if (st == xs)
      continue;
    /* after t iterations, v = v0 + t * by and x = x0 + t * xby: v stands
     * for v0 + (x - x0) / xby * by, exact where xby divides by */
    if (!xs->by || st->by % xs->by)
      goto done;
    Stmt *vd = decl_of(items, st->var);
    Expr *v0 = ir_var(st->var, vd->loc);
    if (vd->init && plain(vd->init, &moving)) {
      v0 = vd->init;
      vec_push(&gone, vd); /* read nowhere now */
    }
    Expr *t = tr_sub(ir_var(x, cond->loc), xd->init);
    subst_expr(&sub, st->var, tr_add(v0, tr_mul(t, ir_int(st->by / xs->by, cond->loc))));
  }
  Loop *l = NEW(Loop);
  l->var = x;
  l->declared = true;
  l->lb = xd->init;
  l->ub = cond->b;
  l->step = xs->amount;
  l->rel = rel;
  l->loc = s->loc;
  l->cond_loc = cond->loc;
  l->inc_loc = xs->amount->loc;
  l->body = tr_clone_stmt(s->body, &sub);
  s->loop = l;
  s->body = l->body;
  s->e = NULL;
  s->inc = NULL;
  out = s;
  int n = 0;
  for (int i = 0; i < items->len; i++)
    if (!vec_contains(&gone, items->items[i]))
      items->items[n++] = items->items[i];
  items->len = n;
done:
  xfree(gone.items);
  xfree(steps);
  xfree(incs.items);
  return out;
}
